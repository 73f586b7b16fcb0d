"""`render_pdf`: the same content as the DOCX, typeset by Typst into a PDF (and a PNG preview).

Why Typst (the `typst` wheel on PyPI): it ships the whole compiler in one ~34 MB wheel with no
other dependency, needs no LibreOffice or browser (neither is on Streamlit Cloud), embeds the
fonts it uses (subsetted) so text is selectable and the file looks the same everywhere, compiles
a resume in well under a second, and renders PNG pages from the same source for the preview.

The layout is `core/templates/resume.typ`; the data goes in as JSON through `sys.inputs`, so resume
text is a value and never markup. Each DOCX template has a matching look (font, sizes, margins,
heading rule, dates on the right or below); a custom DOCX template gets the classic look.
"""

from __future__ import annotations

import dataclasses
import io
import json
import threading
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from core.contracts import ContactInfo, ResumeDraft
from core.errors import TemplateError
from core.render.context import build_context
from core.resources import package_dir
from core.workspace import atomic_write_bytes

LAYOUT = package_dir("templates") / "resume.typ"
# Typst reads files only inside its root, which defaults to the current directory: the layout's
# own folder is given as the root, so a run from any directory typesets.
END_LABEL = "<resumeforge-end>"
# Metric-compatible free fonts first (Carlito = Calibri, Liberation Sans = Arial, Gelasio =
# Georgia) when the machine has them; Typst's own embedded Libertinus Serif always exists.
FALLBACK_FONTS = ("Libertinus Serif",)
FONT_CHOICES = {
    "calibri": ("Carlito", "Liberation Sans", "DejaVu Sans"),
    "arial": ("Liberation Sans", "Arimo", "DejaVu Sans"),
    "georgia": ("Gelasio", "Libertinus Serif"),
}


@dataclass(frozen=True)
class PdfLook:
    fonts: tuple[str, ...]
    body: float
    name: float
    heading: float
    caps: bool
    rule: bool
    margin: float
    dates_right: bool


@dataclass(frozen=True)
class PageLayout:
    pages: int
    last_page_fill: float  # share of the last page's height used by content (0-1)


def pdf_look(template: str) -> PdfLook:
    """The PDF look matching a bundled DOCX template (the classic look for any other)."""
    from core.render.looks import LOOKS

    spec = next((s for s in LOOKS if s.name == template), LOOKS[0])
    look = spec.look
    fonts = FONT_CHOICES.get(look.font.casefold(), ()) + FALLBACK_FONTS
    return PdfLook(
        fonts=fonts,
        body=look.body_pt,
        name=look.name_pt,
        heading=look.heading_pt,
        caps=look.heading_caps,
        rule=look.heading_rule,
        margin=look.margin_in,
        dates_right=spec.dates_right,
    )


def pdf_data(draft: ResumeDraft, contact: ContactInfo, template: str) -> dict[str, Any]:
    """The JSON the Typst layout reads: the DOCX context plus the template's look."""
    context = build_context(draft, contact)
    data: dict[str, Any] = {
        key: _plain(value) for key, value in context.items() if key not in ("contact",)
    }
    name = str(context["name"])
    data["title"] = f"Resume – {name}".strip(" –") if name else "Resume"
    data["look"] = dataclasses.asdict(pdf_look(template))
    return data


def _plain(value: object) -> object:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dataclasses.asdict(value)
    if isinstance(value, list):
        return [_plain(item) for item in value]
    return value


_COMPILER_LOCK = threading.Lock()


@lru_cache(maxsize=1)
def _compiler() -> Any:
    """One Typst compiler for the process: fonts are found once and layouts are cached, so a
    compile takes tens of milliseconds (used under a lock: app sessions run in threads)."""
    import typst

    return typst.Compiler(root=str(LAYOUT.parent))


def _compile(data: dict[str, Any], **options: Any) -> Any:
    import typst

    inputs = {"data": json.dumps(data, ensure_ascii=False)}
    try:
        with _COMPILER_LOCK:
            return _compiler().compile(
                input=str(LAYOUT), root=str(LAYOUT.parent), sys_inputs=inputs, **options
            )
    except (typst.TypstError, RuntimeError) as err:
        raise TemplateError(f"The PDF layout {LAYOUT.name} could not be typeset ({err}).") from None


def pdf_bytes(draft: ResumeDraft, contact: ContactInfo, *, template: str) -> bytes:
    return bytes(_compile(pdf_data(draft, contact, template), format="pdf"))


def render_pdf(draft: ResumeDraft, contact: ContactInfo, *, template: str, out_path: Path) -> Path:
    """Typeset `draft` as a PDF with the look of `template`; saved atomically at `out_path`."""
    return atomic_write_bytes(Path(out_path), pdf_bytes(draft, contact, template=template))


def preview_png(draft: ResumeDraft, contact: ContactInfo, *, template: str, ppi: int = 60) -> bytes:
    """A small PNG image of the first page, for showing before download."""
    pages = _compile(pdf_data(draft, contact, template), format="png", ppi=ppi)
    return bytes(pages[0] if isinstance(pages, list) else pages)


def page_layout(draft: ResumeDraft, contact: ContactInfo, *, template: str) -> PageLayout:
    """Pages of the typeset document and how full its last page is (measured, not estimated)."""
    import typst

    data = pdf_data(draft, contact, template)
    inputs = {"data": json.dumps(data, ensure_ascii=False)}
    try:
        compiler = typst.Compiler(str(LAYOUT), root=str(LAYOUT.parent), sys_inputs=inputs)
        found = json.loads(compiler.query(END_LABEL, field="value"))
    except (typst.TypstError, RuntimeError) as err:
        raise TemplateError(f"The PDF layout {LAYOUT.name} could not be typeset ({err}).") from None
    end = found[0]
    margin_pt = data["look"]["margin"] * 72
    usable = end["height"] - 2 * margin_pt
    fill = max(0.0, min(1.0, (end["y"] - margin_pt) / usable)) if usable > 0 else 1.0
    return PageLayout(pages=int(end["page"]), last_page_fill=round(fill, 3))


def page_texts(data: bytes) -> list[str]:
    """The text of each page of a PDF, as a reader (or an ATS) extracts it."""
    from pypdf import PdfReader

    return [page.extract_text() or "" for page in PdfReader(io.BytesIO(data)).pages]


def pdf_text(data: bytes) -> str:
    """The text of a PDF as a reader (or an ATS) extracts it, page after page."""
    return "\n".join(page_texts(data))
