"""Property tests (hypothesis, bounded so the suite stays fast).

- The schema assembler, given arbitrary JSON-ish model output for any stage's response model,
  returns a value that validates (with the validation context: no unknown card id) or the
  documented fallback (value None, outcome "fallback", a reason) — it never raises.
- The parsers (read_upload / parse_resume for every extension, parse_resume_text, analyze_jd)
  never raise anything but the project's own ResumeForgeError on arbitrary bytes or text.
"""

from __future__ import annotations

import io
import json
import zipfile

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from core.contracts import CallOutcome
from core.errors import InputError, ResumeForgeError
from core.ingest import parse_resume, parse_resume_text, read_upload
from core.jd import analyze_jd
from core.llm.assembler import assemble
from core.llm.stages import STAGES
from tests.reliability.hostile_files import plain_docx, rezip

BOUNDED = settings(
    max_examples=60,
    deadline=None,
    database=None,  # no .hypothesis folder in the repo; CI runs are independent
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
CARD_IDS = ["exp-r01-b01", "exp-r01-b02", "skl-01"]
CONTEXT = {
    "valid_card_ids": set(CARD_IDS),
    "valid_requirement_ids": {"r1", "r2"},
    "valid_gap_ids": {"gap-r1"},
    "valid_bullet_ids": {"r01-b1"},
}
RESPONSE_MODELS = {s.value: m.response_model for s, m in STAGES.items() if m.response_model}
FIELD_NAMES = sorted({name for model in RESPONSE_MODELS.values() for name in model.model_fields})
KEYS = st.sampled_from(
    [*FIELD_NAMES, "text", "evidence_card_ids", "role_id", "bullet_id", "requirement_id"]
) | st.text(max_size=8)
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-10, 10**6)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.sampled_from([*CARD_IDS, "unknown-card", "r1", "must", "HIGH", "gap-r1", "r01", ""])
    | st.text(max_size=30)
)
JSON_VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=5),
    max_leaves=25,
)


@st.composite
def jsonish_text(draw) -> str:
    """JSON as a model might send it: clean, fenced, wrapped in prose, truncated or mangled."""
    text = json.dumps(draw(JSON_VALUES), ensure_ascii=draw(st.booleans()))
    how = draw(st.sampled_from(["clean", "fence", "prose", "truncate", "mangle", "noise"]))
    if how == "fence":
        return f"Here you go:\n```json\n{text}\n```\nDone."
    if how == "prose":
        return f"Sure! {text} Let me know if you need more."
    if how == "truncate":
        return text[: draw(st.integers(0, max(0, len(text) - 1)))]
    if how == "mangle":
        position = draw(st.integers(0, len(text)))
        return (
            text[:position]
            + draw(st.sampled_from(["'", ",", "}", "]", "{", '"', "\\"]))
            + text[position:]
        )
    if how == "noise":
        return draw(st.text(max_size=200))
    return text


@BOUNDED
@given(
    raw=jsonish_text() | JSON_VALUES,
    stage=st.sampled_from(sorted(RESPONSE_MODELS)),
    with_context=st.booleans(),
)
def test_assembler_returns_a_valid_model_or_the_documented_fallback(raw, stage, with_context):
    model = RESPONSE_MODELS[stage]
    context = CONTEXT if with_context else None

    result = assemble(raw, model, context=context)

    if result.value is None:
        assert result.outcome == CallOutcome.FALLBACK
        assert result.error  # says why
        return
    assert isinstance(result.value, model)
    assert result.outcome in (CallOutcome.OK, CallOutcome.COERCED)
    again = model.model_validate(result.value.model_dump(mode="json"), context=context)
    assert again == result.value  # a valid model, not a partially built one
    if with_context:
        dumped = json.dumps(result.value.model_dump(mode="json"))
        assert "unknown-card" not in dumped  # unknown evidence never survives validation


def _only_own_errors(action) -> None:
    try:
        action()
    except ResumeForgeError as err:
        assert str(err).strip(), "an error needs a message"
        assert "Traceback" not in str(err)


EXTENSIONS = [".md", ".txt", ".json", ".docx", ".doc", ".xlsx", ".rtf", "", ".PDF"]


@BOUNDED
@given(data=st.binary(max_size=3000), extension=st.sampled_from(EXTENSIONS))
def test_read_upload_and_parse_resume_only_raise_own_errors_on_arbitrary_bytes(data, extension):
    _only_own_errors(lambda: read_upload(data, f"upload{extension}"))
    _only_own_errors(lambda: parse_resume(data, f"resume{extension}"))


XML_PARTS = st.sampled_from(
    [
        b"<w:document xmlns:w='http://schemas.openxmlformats.org/wordprocessingml/2006/main'>"
        b"<w:body><w:p><w:pPr><w:numPr/></w:pPr><w:r><w:rPr><w:color w:val='zz'/>"
        b"<w:sz w:val='-4'/></w:rPr><w:t>Built pipelines</w:t></w:r></w:p>"
        b"<w:tbl><w:tr><w:tc/></w:tr></w:tbl></w:body></w:document>",
        b"<?xml version='1.0'?><a><b>text</b></a>",
        b"<w:document xmlns:w='http://schemas.openxmlformats.org/wordprocessingml/2006/main'/>",
        b"",
    ]
) | st.binary(max_size=300)


@st.composite
def docx_like_zip(draw) -> bytes:
    """A real DOCX with some parts replaced by random (often XML-ish) content or dropped."""
    with zipfile.ZipFile(io.BytesIO(plain_docx())) as source:
        parts = {name: source.read(name) for name in source.namelist()}
    names = sorted(parts)
    for name in draw(st.lists(st.sampled_from(names), max_size=4, unique=True)):
        parts[name] = draw(XML_PARTS)
    for name in draw(st.lists(st.sampled_from(names), max_size=2, unique=True)):
        if draw(st.booleans()):
            parts.pop(name, None)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    return buffer.getvalue()


WRONG_ROOT = b"<?xml version='1.0'?><a><b>text</b></a>"
NO_BODY = b"<w:document xmlns:w='http://schemas.openxmlformats.org/wordprocessingml/2006/main'/>"


# A sweep of generated packages (~40 s): the fast tier keeps the three named broken parts below.
@pytest.mark.slow
@settings(BOUNDED, derandomize=True)
@example(data=rezip(plain_docx(), replace={"word/styles.xml": NO_BODY}))
@given(data=docx_like_zip())
def test_docx_reader_only_raises_own_errors_on_broken_packages(data):
    """Fixed seeds plus a once-crashing package (styles.xml without the right root) as an
    explicit example, so the run is deterministic."""
    _only_own_errors(lambda: parse_resume(data, "resume.docx"))


@pytest.mark.parametrize(
    ("part", "content"),
    [
        ("word/styles.xml", NO_BODY),
        ("word/document.xml", WRONG_ROOT),
        ("word/document.xml", NO_BODY),
    ],
    ids=["styles_wrong_root", "document_wrong_root", "document_without_body"],
)
def test_a_docx_with_a_wrong_part_is_an_input_error(part, content):
    data = rezip(plain_docx(), replace={part: content})
    with pytest.raises(InputError) as raised:
        parse_resume(data, "resume.docx")
    assert "resume.docx is damaged" in str(raised.value)
    assert "Traceback" not in str(raised.value)


@settings(BOUNDED, max_examples=8)
@given(tail=st.binary(max_size=2000))
def test_pdf_reader_only_raises_own_errors_on_arbitrary_pdf_bytes(tail):
    """Each example runs the bounded PDF subprocess: few examples, still real PDFs headers."""
    _only_own_errors(lambda: parse_resume(b"%PDF-1.4\n" + tail, "resume.pdf"))


@BOUNDED
@given(text=st.text(max_size=3000))
def test_parse_resume_text_only_raises_own_errors(text):
    _only_own_errors(lambda: parse_resume_text(text, source_name="pasted.md"))


@BOUNDED
@given(value=JSON_VALUES)
def test_json_resume_only_raises_own_errors(value):
    _only_own_errors(lambda: parse_resume(json.dumps(value).encode(), "resume.json"))


RESUMEISH = st.lists(
    st.sampled_from(
        [
            "# Jo Doe",
            "jo@example.com · (555) 555-0100",
            "## Experience",
            "### Acme — Engineer",
            "*2019 – Present*",
            "- Built 3 services in Go",
            "## Education",
            "BSc, State University — 2015",
            "## Skills",
            "Go, SQL",
            "",
        ]
    )
    | st.text(max_size=80),
    max_size=40,
).map("\n".join)


@BOUNDED
@given(text=RESUMEISH)
def test_parse_resume_text_on_resume_like_text_only_raises_own_errors(text):
    _only_own_errors(lambda: parse_resume_text(text, source_name="pasted.md"))


@BOUNDED
@given(text=st.text(max_size=3000) | RESUMEISH)
def test_analyze_jd_only_raises_own_errors(text):
    _only_own_errors(lambda: analyze_jd(text))
