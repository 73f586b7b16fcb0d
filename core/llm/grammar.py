"""Bounds for a local server's JSON grammar, so a small model must close its JSON.

A small local model under a JSON-schema grammar keeps writing a string (or adding list items)
until `max_tokens`, and the cut-off JSON cannot be used: SmolLM2-135M did so in every stage
(docs/eval-notes/llm.md). llama.cpp, Ollama, LM Studio and vLLM turn `maxLength` and `maxItems`
into the grammar, so with them the model has to close the string and the list. Requests in
JSON-schema mode to the operator's own server (`output_mode.is_local_server`) carry the stage's
schema with these bounds added wherever it has none; the answer is still validated against the
stage's own model, which has no such bounds (hosted providers get the schema unchanged).

Probed on dev-01's gap question with SmolLM2 (docs/LLM.md): unbounded, 384 tokens and cut off;
bounded, 83 tokens and valid.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

STRING_CHARS = 300  # a resume line, a question, a note: longer is a model that does not stop
LIST_ITEMS = 30  # entries, bullets, requirements a batch: more is a model that does not stop
# An id a stage's validation context lists (`valid_gap_ids` …) is one of those ids in the grammar
# too; a list of items keyed by one of these has at most one item per id (one question a gap,
# one judgement a requirement, one set of lines a role; the auditor may name a line twice).
ONE_EACH = frozenset({"gap_id", "requirement_id", "role_id"})
_CARD_LISTS = ("card_ids", "evidence_ids")  # evidence_card_ids, adjacent_evidence_ids
CARDS_CITED = 5  # cards one line or judgement cites (the offline mapping cites at most 3)


def bounded(schema: dict[str, Any], context: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A copy of a JSON schema with `maxLength` on every free string and `maxItems` on every
    list that has none (enums, consts and patterns are bounded already); with a validation
    context, ids are restricted to the listed ones and keyed lists to one item per id."""
    out = copy.deepcopy(schema)
    ids = _known_ids(context or {})
    keyed = {
        f"#/$defs/{name}": key
        for name, definition in (out.get("$defs") or {}).items()
        for key in ONE_EACH & set(definition.get("properties") or {})
        if key in ids
    }
    _bound(out, ids, keyed)
    return out


def _known_ids(context: Mapping[str, Any]) -> dict[str, list[str]]:
    """`valid_gap_ids` → `gap_id`: the ids each id property may take."""
    out = {}
    for key, values in context.items():
        if key.startswith("valid_") and key.endswith("_ids") and values:
            out[key[len("valid_") : -len("s")]] = sorted(str(v) for v in values)
    return out


def _bound(node: Any, ids: dict[str, list[str]], keyed: dict[str, str]) -> None:
    if isinstance(node, list):
        for item in node:
            _bound(item, ids, keyed)
        return
    if not isinstance(node, dict):
        return
    kind = node.get("type")  # a schema's type; a property named "type" is a dict here
    kinds = set(kind) if isinstance(kind, list) else {kind} if isinstance(kind, str) else set()
    free = not {"enum", "const", "pattern", "format"} & set(node)
    if "string" in kinds and free:
        node.setdefault("maxLength", STRING_CHARS)
    if "array" in kinds:
        node.setdefault("maxItems", LIST_ITEMS)
        key = keyed.get(str((node.get("items") or {}).get("$ref", "")))
        if key is not None:
            node["maxItems"] = min(node["maxItems"], len(ids[key]))
    properties = node.get("properties")
    if isinstance(properties, dict):
        _restrict_ids(properties, ids)
    for value in node.values():
        _bound(value, ids, keyed)


def _restrict_ids(properties: dict[str, Any], ids: dict[str, list[str]]) -> None:
    for name, prop in properties.items():
        if not isinstance(prop, dict):
            continue
        if name in ids and prop.get("type") == "string":
            prop["enum"] = ids[name]
        elif name.endswith(_CARD_LISTS) and "card_id" in ids and prop.get("type") == "array":
            items = prop.get("items")
            if isinstance(items, dict) and items.get("type") == "string":
                items["enum"] = ids["card_id"]
                prop["maxItems"] = min(prop.get("maxItems", CARDS_CITED), CARDS_CITED)


def bound_request(request: dict[str, Any], context: Mapping[str, Any] | None = None) -> None:
    """Bound the schema of a JSON-schema `response_format` in place (others stay as they are)."""
    response_format = request.get("response_format")
    if not isinstance(response_format, dict) or response_format.get("type") != "json_schema":
        return
    spec = response_format.get("json_schema")
    if isinstance(spec, dict) and isinstance(spec.get("schema"), dict):
        request["response_format"] = {
            **response_format,
            "json_schema": {**spec, "schema": bounded(spec["schema"], context)},
        }
