"""`render_docx`: a draft plus contact details, through a docxtpl template, into a DOCX file.

Safety rules (DEPENDENCIES.md, docxtpl trap):
- always `render(context, autoescape=True)`; on top of that the environment's `finalize` escapes
  every `{{ … }}` output itself — `&`, `<`, `>`, quotes, and braces as character references —
  so no filter (`|safe`), `{% autoescape false %}` or docxtpl's own `{_{` post-processing can
  let user or model text act as markup or tags;
- `StrictUndefined`: a template needing a variable we do not provide fails, naming it;
- a sandboxed environment, so a custom template cannot reach Python internals.
The result is rendered to memory and written atomically.
"""

from __future__ import annotations

import io
import re
import zipfile
from datetime import UTC, datetime
from pathlib import Path

import jinja2
from docx.opc.exceptions import PackageNotFoundError
from docxtpl import DocxTemplate
from jinja2.sandbox import ImmutableSandboxedEnvironment, SecurityError
from lxml import etree
from markupsafe import Markup, escape

from core.contracts import ContactInfo, ResumeDraft
from core.errors import TemplateError
from core.render.context import build_context, clean_text
from core.render.templates import REBUILD_HINT, TemplateInfo, list_templates, resolve_template
from core.workspace import atomic_write_bytes

UNDEFINED_NAME = re.compile(r"'([^']+)' is undefined|has no attribute '([^']+)'")
LOAD_ERRORS = (PackageNotFoundError, zipfile.BadZipFile, KeyError, ValueError, OSError)
LOAD_ERRORS_XML = (*LOAD_ERRORS, etree.XMLSyntaxError)


def escape_value(value: object) -> object:
    """Jinja `finalize`: every string output becomes escaped XML text, braces included."""
    if not isinstance(value, str):
        return value
    escaped = str(escape(str(value)))  # str() first: a Markup value is escaped as well
    # Safe: the text is fully escaped above; Markup only stops Jinja escaping it twice.
    return Markup(escaped.replace("{", "&#123;").replace("}", "&#125;"))  # noqa: S704


def template_environment() -> jinja2.Environment:
    return ImmutableSandboxedEnvironment(
        autoescape=True, undefined=jinja2.StrictUndefined, finalize=escape_value
    )


def render_docx(
    draft: ResumeDraft,
    contact: ContactInfo,
    *,
    template: str,
    out_path: Path,
    templates_dir: Path | None = None,
) -> Path:
    """Render `draft` and `contact` with the named template and save it atomically at `out_path`."""
    info = resolve_template(template, templates_dir)
    context = build_context(draft, contact)
    document = _load(info, templates_dir)
    _render(document, context, info, templates_dir)
    _set_properties(document, context)
    buffer = io.BytesIO()
    document.save(buffer)
    return atomic_write_bytes(Path(out_path), buffer.getvalue())


def _others(info: TemplateInfo, templates_dir: Path | None) -> str:
    names = [t.name for t in list_templates(templates_dir) if t.name != info.name]
    return f"choose another template ({', '.join(names)})" if names else REBUILD_HINT


def _load(info: TemplateInfo, templates_dir: Path | None) -> DocxTemplate:
    document = DocxTemplate(info.file)
    try:
        document.init_docx()
    except LOAD_ERRORS_XML as err:
        raise TemplateError(
            f"Template '{info.name}' ({info.file}) is not a readable Word document ({err}). "
            f"Replace the file or {_others(info, templates_dir)}."
        ) from None
    return document


def _render(
    document: DocxTemplate, context: dict[str, object], info: TemplateInfo, tdir: Path | None
) -> None:
    try:
        document.render(context, jinja_env=template_environment(), autoescape=True)
    except jinja2.UndefinedError as err:
        match = UNDEFINED_NAME.search(str(err))
        name = next((g for g in match.groups() if g), str(err)) if match else str(err)
        raise TemplateError(
            f"Template '{info.name}' needs the variable '{name}', which ResumeForge does not "
            f"provide. Variables available: {', '.join(sorted(context))}. Fix the template "
            f"({info.file}) or {_others(info, tdir)}."
        ) from None
    except SecurityError as err:
        raise TemplateError(
            f"Template '{info.name}' tries something templates may not do ({err}). "
            f"Fix the template ({info.file}) or {_others(info, tdir)}."
        ) from None
    except jinja2.TemplateError as err:
        raise TemplateError(
            f"Template '{info.name}' has a broken tag: {err.message or err}{_near(err)}. "
            f"Fix the template ({info.file}) or {_others(info, tdir)}."
        ) from None
    except LOAD_ERRORS_XML as err:
        raise TemplateError(
            f"Template '{info.name}' produced a document Word cannot read ({err}). "
            f"Fix the template ({info.file}) or {_others(info, tdir)}."
        ) from None


def _near(err: Exception) -> str:
    """docxtpl attaches the template text around a syntax error as `docx_context`."""
    lines = [" ".join(str(x).split()) for x in getattr(err, "docx_context", None) or []]
    near = " / ".join(line for line in lines if line)
    return f" (near: {near[:160]})" if near else ""


def _set_properties(document: DocxTemplate, context: dict[str, object]) -> None:
    """Core properties of the output: the person as author, nothing left from the template."""
    props = document.docx.core_properties
    name = str(context["name"])
    title = clean_text(f"{name} {context['target_title']}".strip())
    now = datetime.now(UTC).replace(microsecond=0)
    props.author = name
    props.last_modified_by = name
    props.title = f"Resume – {title}" if title else "Resume"
    props.comments = ""
    props.keywords = ""
    props.subject = ""
    props.created = now
    props.modified = now
    props.revision = 1
