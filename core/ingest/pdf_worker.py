"""PDF words with their layout, read in a separate bounded process by core.ingest.pdf_reader.

Usage: python -I pdf_worker.py MEMORY_MB  (PDF bytes on stdin, JSON on stdout).
Only the standard library and pypdfium2 (PDFium, the PDF engine of Chromium): the address-space
limit is set before PDFium is loaded, so a crafted PDF cannot take more memory than allowed
(PDFium aborts when an allocation fails; the parent reads that as "too much").

Words are built from PDFium's letters, each placed as a PDF places it: from its origin, as wide
as its font's width for it, as tall as its font size (both through the letter's text matrix). A
word ends at a space (drawn, or one PDFium adds between words), a new line, or a gap wider than
WORD_GAP of the font size: TeX and other typesetters place words by offsets without space
glyphs, and kern letters by a few hundredths of an em (pdfminer's word margin is also 0.1).
"""

from __future__ import annotations

import ctypes
import json
import math
import resource
import sys
from typing import NamedTuple

WORD_GAP = 0.08  # of the font size
_OVERHANG = 0.05  # points: a loose box ending this close to the ink ends at the ink
_SAME_LINE = 0.5  # baselines closer than this share of the font size are one line
_ASCENT, _DESCENT = 0.8, 0.2  # of the font size: the box a letter stands in
_BOLD_WEIGHT = 600
_FLAG_ITALIC = 1 << 6
_FLAG_FORCE_BOLD = 1 << 18
_BOLD_NAMES = ("bold", "black", "heavy", "semibold", "demi", "cmbx")
_ITALIC_NAMES = ("italic", "oblique", "cmti", "cmsl")
# U+2010 and the soft hyphen (LaTeX draws '-' with one) are read as '-'
_HYPHENS = {"\u2010": "-", "\u00ad": "-"}
_URI_BYTES = 2048  # a link target longer than this is not read
_RUN_TOGETHER_SHARE = 0.25  # letters in 20+-letter 'words' above this: spaces are missing


def _limit_memory(megabytes: int) -> None:
    limit = megabytes * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def runs_together(text: str) -> bool:
    """True when much of the text sits in implausibly long 'words' (no inter-word spaces)."""
    words = [w for w in text.split() if any(ch.isalpha() for ch in w)]
    letters = sum(len(w) for w in words)
    long = sum(len(w) for w in words if len(w) >= 20 and "/" not in w and "@" not in w)
    return letters > 200 and long / letters > _RUN_TOGETHER_SHARE


def _font_style(raw: object, textpage: object, index: int) -> tuple[bool, bool]:
    """(bold, italic) of the letter at `index`: its weight, font flags and font name."""
    flags = ctypes.c_int(0)
    size = raw.FPDFText_GetFontInfo(textpage, index, None, 0, ctypes.byref(flags))  # type: ignore[attr-defined]
    name = ""
    if size > 0:
        buffer = ctypes.create_string_buffer(size)
        raw.FPDFText_GetFontInfo(textpage, index, buffer, size, ctypes.byref(flags))  # type: ignore[attr-defined]
        name = buffer.value.decode("utf-8", "replace").lower().split("+", 1)[-1]
    weight = raw.FPDFText_GetFontWeight(textpage, index)  # type: ignore[attr-defined]
    bold = weight >= _BOLD_WEIGHT or bool(flags.value & _FLAG_FORCE_BOLD)
    bold = bold or any(part in name for part in _BOLD_NAMES)
    italic = bool(flags.value & _FLAG_ITALIC) or any(part in name for part in _ITALIC_NAMES)
    return bold, italic


class _Run(NamedTuple):
    """What the letters of one PDF text object share."""

    upright: bool
    scale: float  # font size times the text matrix's x scale: a width of 1/1000 em → points
    size: float  # font size through the text matrix, points
    font: object  # PDFium's font handle (None when the letter has no text object)
    font_key: int
    style: tuple[bool, bool]


class _Letters:
    """Where each letter of one PDFium text page stands: origin, width, font size, style."""

    def __init__(self, raw: object, textpage: object) -> None:
        self.raw, self.textpage = raw, textpage
        self.matrix = raw.FS_MATRIX()  # type: ignore[attr-defined]
        self.x, self.y, self.width = ctypes.c_double(), ctypes.c_double(), ctypes.c_float()
        self.widths: dict[tuple[int, int], float] = {}
        self.runs: dict[int, _Run] = {}
        self.box = raw.FS_RECTF()  # type: ignore[attr-defined]

    def run(self, index: int) -> _Run:
        """The text object the letter at `index` belongs to (read once per object)."""
        raw, page = self.raw, self.textpage
        handle = raw.FPDFText_GetTextObject(page, index)  # type: ignore[attr-defined]
        key = ctypes.cast(handle, ctypes.c_void_p).value or 0
        if key and key in self.runs:
            return self.runs[key]
        raw.FPDFText_GetMatrix(page, index, ctypes.byref(self.matrix))  # type: ignore[attr-defined]
        m, font_size = self.matrix, raw.FPDFText_GetFontSize(page, index)  # type: ignore[attr-defined]
        font = raw.FPDFTextObj_GetFont(handle) if handle else None  # type: ignore[attr-defined]
        found = _Run(
            upright=abs(m.b) <= 0.1 * abs(m.a) and m.a > 0,  # not rotated, not mirrored
            scale=font_size * m.a,
            size=font_size * math.hypot(m.c, m.d),
            font=font,
            font_key=ctypes.cast(font, ctypes.c_void_p).value or 0 if font else 0,
            style=_font_style(raw, page, index),
        )
        if key:
            self.runs[key] = found
        return found

    def place(self, index: int, code: int) -> tuple[float, float, float, _Run] | None:
        """(x0, x1, baseline, its run) in PDF points, or None for a letter not upright.

        x1 is the end of PDFium's loose box (the glyph's advance; PDFium's Unicode → code map
        may give a subset font's letter another letter's width). Where that box ends at the
        glyph's ink, the ink overhangs the advance ('f' in Times): then the font's width."""
        run = self.run(index)
        if not run.upright:
            return None
        raw, page = self.raw, self.textpage
        raw.FPDFText_GetCharOrigin(page, index, ctypes.byref(self.x), ctypes.byref(self.y))  # type: ignore[attr-defined]
        raw.FPDFText_GetLooseCharBox(page, index, ctypes.byref(self.box))  # type: ignore[attr-defined]
        x0, x1 = self.x.value, self.box.right
        by_width = x0 + self._width(run, code) * run.scale
        if by_width < x1 - _OVERHANG and abs(self.glyph_right(index) - x1) < _OVERHANG:
            x1 = by_width
        return x0, x1, self.y.value, run

    def glyph_right(self, index: int) -> float:
        """The right edge of the glyph drawn for the letter at `index` (its ink)."""
        left, right, bottom, top = (ctypes.c_double() for _ in range(4))
        boxes = (ctypes.byref(v) for v in (left, right, bottom, top))
        self.raw.FPDFText_GetCharBox(self.textpage, index, *boxes)  # type: ignore[attr-defined]
        return right.value

    def _width(self, run: _Run, code: int) -> float:
        """The letter's advance in em (its font's width for it)."""
        key = (run.font_key, code)
        if key not in self.widths:
            width = ctypes.byref(self.width)
            ok = run.font and self.raw.FPDFFont_GetGlyphWidth(run.font, code, 1.0, width)  # type: ignore[attr-defined]
            self.widths[key] = self.width.value if ok else 0.5
        return self.widths[key]


def _letter(raw: object, textpage: object, index: int) -> str | None:
    """The letter at `index`, or None where a word ends (a space, a line end)."""
    char = chr(raw.FPDFText_GetUnicode(textpage, index))  # type: ignore[attr-defined]
    char = _HYPHENS.get(char, char)
    if char.isprintable() and not char.isspace() and char != "-":
        return char
    if raw.FPDFText_IsHyphen(textpage, index) or char == "-":  # type: ignore[attr-defined]
        return "-"  # PDFium marks a hyphen that breaks a word at a line end
    return None


Letter = tuple[str, float, float, float, _Run]  # letter, x0, x1, baseline, run


def _page_letters(letters: _Letters, count: int) -> list[Letter | None]:
    """Every letter of the page placed, None where a word ends (space, line end, not upright)."""
    placed: list[Letter | None] = []
    for i in range(count):
        char = _letter(letters.raw, letters.textpage, i)
        place = None if char is None else letters.place(i, ord(char))
        if char is None or place is None:
            placed.append(None)
            continue
        before = placed[-1] if placed else None
        if before is not None and place[0] == before[1]:  # one glyph, several letters: ligature
            place = (place[0], letters.glyph_right(i), place[2], place[3])
        placed.append((char, *place))
    return placed


def page_words(raw: object, textpage: object, height: float) -> list[list[object]]:
    """[text, x0, top, x1, bottom, font size, bold, italic] for every upright word of the page,
    in PDFium's order; positions in points from the page's top left."""
    placed = _page_letters(_Letters(raw, textpage), raw.FPDFText_CountChars(textpage))  # type: ignore[attr-defined]
    words: list[list[object]] = []
    current: list[object] | None = None
    baseline = 0.0
    for letter in placed:
        if letter is None:
            current = None
            continue
        char, x0, x1, y, run = letter
        if current is not None:
            gap = x0 - float(current[3])  # type: ignore[arg-type]
            other_line = abs(y - baseline) > _SAME_LINE * run.size
            if other_line or gap > WORD_GAP * run.size or gap < -run.size:
                current = None
        if current is None:
            top, bottom = height - y - _ASCENT * run.size, height - y + _DESCENT * run.size
            current, baseline = [char, x0, top, x1, bottom, run.size, *run.style], y
            words.append(current)
        else:
            current[0] = str(current[0]) + char
            current[3] = max(float(current[3]), x1)  # type: ignore[arg-type]
    return [[w[0], *(round(float(v), 2) for v in w[1:6]), w[6], w[7]] for w in words]  # type: ignore[arg-type]


def page_links(raw: object, document: object, page: object, height: float) -> list[list[object]]:
    """[x0, top, x1, bottom, target] of every link annotation of the page with a URI target
    (a web address or 'mailto:'), positions in points from the page's top left."""
    links: list[list[object]] = []
    rect = raw.FS_RECTF()  # type: ignore[attr-defined]
    buffer = ctypes.create_string_buffer(_URI_BYTES)
    for i in range(raw.FPDFPage_GetAnnotCount(page)):  # type: ignore[attr-defined]
        annot = raw.FPDFPage_GetAnnot(page, i)  # type: ignore[attr-defined]
        try:
            if raw.FPDFAnnot_GetSubtype(annot) != raw.FPDF_ANNOT_LINK:  # type: ignore[attr-defined]
                continue
            action = raw.FPDFLink_GetAction(raw.FPDFAnnot_GetLink(annot))  # type: ignore[attr-defined]
            if not action or not raw.FPDFAnnot_GetRect(annot, ctypes.byref(rect)):  # type: ignore[attr-defined]
                continue
            size = raw.FPDFAction_GetURIPath(document, action, buffer, _URI_BYTES)  # type: ignore[attr-defined]
            target = buffer.value.decode("utf-8", "replace") if 0 < size <= _URI_BYTES else ""
            if target:
                xs, ys = sorted((rect.left, rect.right)), sorted((rect.top, rect.bottom))
                box = [xs[0], height - ys[1], xs[1], height - ys[0]]  # some rects come inverted
                links.append([*(round(float(v), 2) for v in box), target[:300]])
        finally:
            raw.FPDFPage_CloseAnnot(annot)  # type: ignore[attr-defined]
    return links


def extract(data: bytes) -> dict[str, object]:
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    try:
        document = pdfium.PdfDocument(data)
    except pdfium.PdfiumError as err:
        if "password" in str(err).lower():
            return {"error": "encrypted"}
        return {"error": "damaged", "detail": str(err)[:200]}
    pages = []
    try:
        for page in document:
            width, height = page.get_size()
            textpage = page.get_textpage()
            pages.append(
                {
                    "width": width,
                    "height": height,
                    "words": page_words(raw, textpage.raw, height),
                    "links": page_links(raw, document.raw, page.raw, height),
                }
            )
            textpage.close()
            page.close()
    finally:
        document.close()
    return {"pages": pages}


def main() -> int:
    _limit_memory(int(sys.argv[1]))
    data = sys.stdin.buffer.read()
    try:
        import pypdfium2  # noqa: F401 - loading the parser is the first thing the limit can stop
    except (MemoryError, ImportError, OSError):
        sys.stdout.write(json.dumps({"error": "memory"}))
        return 0
    try:
        result = extract(data)
    except MemoryError:
        result = {"error": "memory"}
    except Exception as err:  # any parser failure becomes a message, never a traceback
        result = {"error": "damaged", "detail": f"{type(err).__name__}: {err}"[:200]}
    sys.stdout.write(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
