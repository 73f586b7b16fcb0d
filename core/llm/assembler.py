"""Schema assembler (seed 004): turn near-JSON model output into a validated response model.

Steps, each recorded in `notes`:
1. Parse: the text as JSON; else the body of a ``` fence; else the first balanced {…} / […]
   (string-aware scan), so prose before and after is ignored. Truncated JSON is not "closed"
   here: guessing the missing part would invent content; it goes to the repair call instead.
2. Validate (with the validation context). Clean JSON that validates → outcome `ok`.
3. Coerce deterministically, guided by the model's fields, then re-validate → `coerced`:
   None → "" for strings; a single object → [object] where a list is expected; numeric strings
   → numbers; numbers → strings; missing or null lists/dicts → [] / {}; enum values matched
   case-insensitively. Unknown keys are DROPPED at every level (and listed in the notes):
   `extra="forbid"` exists so that nothing unknown reaches the result, and dropping keeps it out
   just as well. Nothing else is invented: a required string that must not be empty (bullet
   text) stays invalid.
4. Still invalid → value None, outcome `fallback`, with the validation error in the notes.
"""

from __future__ import annotations

import json
import re
import types
from dataclasses import dataclass, field
from enum import Enum
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError

from core.contracts import CallOutcome

_FENCE = re.compile(r"```(?:json|JSON)?\s*(.*?)```", re.DOTALL)
_NUMBER = re.compile(r"^\s*-?\d+(?:\.\d+)?\s*$")


@dataclass
class Assembled:
    value: BaseModel | None
    outcome: CallOutcome
    notes: list[str] = field(default_factory=list)
    error: str = ""


def assemble(raw: Any, response_model: type[BaseModel], *, context: Any = None) -> Assembled:
    notes: list[str] = []
    data, clean = _parse(raw, notes)
    if data is None:
        return Assembled(None, CallOutcome.FALLBACK, [*notes, "no JSON found"], "no JSON found")
    try:
        value = response_model.model_validate(data, context=context)
        return Assembled(value, CallOutcome.OK if clean else CallOutcome.COERCED, notes)
    except ValidationError:
        pass
    data = _unwrap_envelope(data, response_model, notes)
    if isinstance(data, dict) and data and not set(data) & set(response_model.model_fields):
        text = "none of the expected fields is present"
        return Assembled(None, CallOutcome.FALLBACK, [*notes, text], text)
    coerced = coerce(data, response_model, notes)
    try:
        value = response_model.model_validate(coerced, context=context)
    except ValidationError as err:
        text = _errors(err)
        return Assembled(None, CallOutcome.FALLBACK, [*notes, f"still invalid: {text}"], text)
    return Assembled(value, CallOutcome.COERCED, notes)


# --- 1. parsing ----------------------------------------------------------------------------------


def _parse(raw: Any, notes: list[str]) -> tuple[Any, bool]:
    if isinstance(raw, BaseModel):
        return raw.model_dump(mode="json"), True
    if isinstance(raw, dict | list):
        return raw, True
    text = str(raw or "").strip()
    if not text:
        return None, False
    try:
        return json.loads(text), True
    except json.JSONDecodeError:
        pass
    for match in _FENCE.finditer(text):
        try:
            data = json.loads(match.group(1))
            notes.append("took the JSON from a ``` fence")
            return data, False
        except json.JSONDecodeError:
            continue
    snippet = first_balanced_json(text)
    if snippet is not None:
        notes.append("cut the JSON out of surrounding text")
        return json.loads(snippet), False
    return None, False


def first_balanced_json(text: str) -> str | None:
    """The first top-level {…} or […] that balances (brackets in strings ignored) and parses.

    Scanning resumes after each candidate, so a fragment nested inside a larger, broken value
    is never taken for the answer; a value that runs off the end (truncated) stops the search.
    """
    start = 0
    while True:
        starts = [i for i in (text.find("{", start), text.find("[", start)) if i >= 0]
        if not starts:
            return None
        begin = min(starts)
        end = _balanced_end(text, begin)
        if end is None:
            return None  # truncated or mismatched: no complete value starts here
        try:
            json.loads(text[begin : end + 1])
            return text[begin : end + 1]
        except json.JSONDecodeError:
            start = end + 1


def _balanced_end(text: str, start: int) -> int | None:
    """Index of the matching closing bracket; None if mismatched or the text ends first."""
    stack: list[str] = []
    in_string = escaped = False
    for index in range(start, len(text)):
        char = text[index]
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "{[":
            stack.append("}" if char == "{" else "]")
        elif char in "}]":
            if not stack or stack.pop() != char:
                return None
            if not stack:
                return index
    return None


# --- 3. coercion ---------------------------------------------------------------------------------


def _unwrap_envelope(data: Any, model: type[BaseModel], notes: list[str]) -> Any:
    """{"response": {…}} or {"WriterResponse": {…}} → the inner object."""
    if isinstance(data, dict) and len(data) == 1:
        ((key, inner),) = data.items()
        if key not in model.model_fields and isinstance(inner, dict):
            notes.append(f"$: unwrapped the {key!r} envelope")
            return inner
    return data


def coerce(data: Any, annotation: Any, notes: list[str], path: str = "$") -> Any:
    if data is None and _allows_none(annotation):
        return None
    annotation = _unwrap(annotation)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return _coerce_model(data, annotation, notes, path)
    origin = get_origin(annotation)
    if origin is list:
        return _coerce_list(data, annotation, notes, path)
    if origin is dict:
        if data is None:
            notes.append(f"{path}: null → {{}}")
            return {}
        return data
    if origin is Literal or (isinstance(annotation, type) and issubclass(annotation, Enum)):
        return _coerce_choice(data, annotation, notes, path)
    return _coerce_scalar(data, annotation, notes, path)


def _coerce_model(data: Any, model: type[BaseModel], notes: list[str], path: str) -> Any:
    if isinstance(data, list) and len(data) == 1 and isinstance(data[0], dict):
        notes.append(f"{path}: [object] → object")
        data = data[0]
    if not isinstance(data, dict):
        return data
    out: dict[str, Any] = {}
    for key, value in data.items():
        if key in model.model_fields:
            out[key] = coerce(value, model.model_fields[key].annotation, notes, f"{path}.{key}")
        else:
            notes.append(f"{path}: dropped unknown key {key!r}")
    for name, info in model.model_fields.items():
        if name in out or not info.is_required():
            continue
        origin = get_origin(_unwrap(info.annotation))
        if origin is list:
            out[name] = []
            notes.append(f"{path}.{name}: missing → []")
        elif origin is dict:
            out[name] = {}
            notes.append(f"{path}.{name}: missing → {{}}")
    return out


def _coerce_list(data: Any, annotation: Any, notes: list[str], path: str) -> Any:
    if data is None:
        notes.append(f"{path}: null → []")
        return []
    if not isinstance(data, list):
        notes.append(f"{path}: single value → [value]")
        data = [data]
    item_type = (get_args(annotation) or (Any,))[0]
    return [coerce(item, item_type, notes, f"{path}[{i}]") for i, item in enumerate(data)]


def _coerce_choice(data: Any, annotation: Any, notes: list[str], path: str) -> Any:
    if not isinstance(data, str):
        return data
    options = (
        [str(a) for a in get_args(annotation)]
        if get_origin(annotation) is Literal
        else [str(m.value) for m in annotation]
    )
    if data in options:
        return data
    for option in options:
        if option.lower() == data.strip().lower():
            notes.append(f"{path}: {data!r} → {option!r}")
            return option
    return data


def _coerce_scalar(data: Any, annotation: Any, notes: list[str], path: str) -> Any:
    if annotation is str:
        if data is None:
            notes.append(f"{path}: null → ''")
            return ""
        if isinstance(data, int | float) and not isinstance(data, bool):
            notes.append(f"{path}: number → string")
            return str(data)
    if annotation in (int, float) and isinstance(data, str) and _NUMBER.match(data):
        number = float(data)
        notes.append(f"{path}: {data!r} → number")
        return int(number) if annotation is int and number.is_integer() else number
    return data


def _allows_none(annotation: Any) -> bool:
    while get_origin(annotation) is Annotated:
        annotation = get_args(annotation)[0]
    return annotation is Any or (
        get_origin(annotation) in (Union, types.UnionType) and type(None) in get_args(annotation)
    )


def _unwrap(annotation: Any) -> Any:
    """Annotated[X, …] → X; Optional[X] / X | None → X (None is then left to validation)."""
    while True:
        origin = get_origin(annotation)
        if origin is Annotated:
            annotation = get_args(annotation)[0]
        elif origin in (Union, types.UnionType):
            args = [a for a in get_args(annotation) if a is not type(None)]
            if len(args) != 1:
                return annotation
            annotation = args[0]
        else:
            return annotation


def _errors(err: ValidationError, limit: int = 8) -> str:
    parts = []
    for item in err.errors()[:limit]:
        where = ".".join(str(p) for p in item.get("loc", ()))
        parts.append(f"{where or '$'}: {item.get('msg', '')}")
    more = len(err.errors()) - limit
    return "; ".join(parts) + (f"; and {more} more" if more > 0 else "")
