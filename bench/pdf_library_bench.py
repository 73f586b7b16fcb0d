"""Which PDF library to read resumes with: pypdf (layout mode), pdfplumber, pypdfium2.

    python -m bench.pdf_library_bench [--out docs/BENCHMARKS.md]

Run with an interpreter that has the three installed (a library that is missing is reported as
such; the project installs only pypdf and pypdfium2). Files: the PDFs of
../shared/eval/real/resumes, ../shared/eval/dev/*/ and the "dev" list of
tests/corpus_labels/split.json (in ../shared/corpus/documents); the "heldback" list is never
opened. Per reader:

- opened: files that open and give words (each read in this process, errors counted);
- gives: what each word or letter comes with (position, size, weight);
- run-together letters: letters in 20+-letter "words" over all letters (LaTeX PDFs place words
  without space glyphs); glued words: a lower-case run meeting a capitalised word ('ofScience');
  one-word lines: lines holding one word (the failure seen on Google Docs exports);
- sidebar: a generated page with a sidebar drawn row by row beside the main column; "kept" when
  the reader's lines have the sidebar's lines next to each other;
- seconds per two pages: median over the files of the time to get every word (with position,
  size and weight where the library gives them), scaled to two pages, in this process;
- licence and installed size (the library and what it adds beyond this project's other needs).
"""

from __future__ import annotations

import argparse
import importlib.util
import io
import json
import os
import re
import statistics
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
_GLUED = re.compile(r"[a-z]{2}[A-Z][a-z]{2}")
# what each library brings beyond the project's existing dependencies (Pillow, cryptography and
# charset-normalizer are already installed for other reasons)
ADDS = {"pypdf": ("pypdf",), "pdfplumber": ("pdfplumber", "pdfminer.six", "pypdfium2")}
ADDS["pypdfium2"] = ("pypdfium2",)
LAYOUT = {
    "pypdf": "text only (words with position only through a visitor, per text run)",
    "pdfplumber": "words with position, size, font name (bold from the name)",
    "pypdfium2": "letters with position, size, weight, font flags and name",
}
SIDEBAR = ["Skills", "Python", "SQL", "Tableau", "Forecasting", "Certifications", "CPIM"]
MAIN = [
    "Experience",
    "Inventory Analyst, Harbor Foods 2015 - 2019",
    "Built the demand forecast used by 3 regions",
    "Reduced carrying cost by $1.2M in two years",
    "Education",
    "BS Industrial Engineering, State University",
    "Graduated with honours in 2015",
]


def pdf_files() -> list[Path]:
    files = sorted((SHARED / "eval" / "real" / "resumes").glob("*.pdf"))
    files += sorted((SHARED / "eval" / "dev").glob("*/*.pdf"))
    split = json.loads((ROOT / "tests" / "corpus_labels" / "split.json").read_text())
    held = set(split["heldback"])
    documents = SHARED / "corpus" / "documents"
    return files + [documents / n for n in split["dev"] if n.endswith(".pdf") and n not in held]


def sidebar_pdf() -> bytes:
    from reportlab.pdfgen import canvas

    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer)
    pdf.setFont("Helvetica", 9)
    for i, (left, right) in enumerate(zip(SIDEBAR, MAIN, strict=True)):
        pdf.drawString(40, 770 - 13 * i, left)
        pdf.drawString(200, 770 - 13 * i, right)
    pdf.showPage()
    pdf.save()
    return buffer.getvalue()


def _project_module(name: str) -> ModuleType:
    """A stdlib-only module of core/ingest, loaded by path (this interpreter may lack core's
    dependencies)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "core" / "ingest" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


Read = tuple[list[str], list[str], int]  # words, lines, pages


def _pypdf(data: bytes) -> Read:
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(data))
    text = "\n".join(page.extract_text(extraction_mode="layout") for page in reader.pages)
    return text.split(), text.splitlines(), len(reader.pages)


def _pdfplumber(data: bytes) -> Read:
    import pdfplumber

    words, lines = [], []
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for page in pdf.pages:
            found = page.extract_words(x_tolerance_ratio=0.1, extra_attrs=["fontname", "size"])
            words += [w["text"] for w in found]
            lines += page.extract_text(x_tolerance_ratio=0.1).splitlines()
        return words, lines, len(pdf.pages)


def _pypdfium2_text(data: bytes) -> Read:
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(data)
    text = "\n".join(page.get_textpage().get_text_range() for page in document)
    return text.split(), text.splitlines(), len(document)


def _pypdfium2_layout(data: bytes) -> Read:
    worker, layout = _project_module("pdf_worker"), _project_module("pdf_layout")
    pages = worker.extract(data)["pages"]
    lines = [" ".join(w.text for w in line.words) for line in layout.layout_lines(pages)]
    return [str(w[0]) for page in pages for w in page["words"]], lines, len(pages)


READERS: dict[str, Callable[[bytes], Read]] = {
    "pypdf (layout mode)": _pypdf,
    "pdfplumber (extract_words, x_tolerance_ratio 0.1)": _pdfplumber,
    "pypdfium2 (get_text_range)": _pypdfium2_text,
    "pypdfium2 + core.ingest.pdf_worker / pdf_layout": _pypdfium2_layout,
}
DISTRIBUTION = {name: name.split()[0] for name in READERS}


def run_together_share(words: list[str]) -> float:
    words = [w for w in words if any(ch.isalpha() for ch in w)]
    letters = sum(len(w) for w in words) or 1
    return sum(len(w) for w in words if len(w) >= 20 and "/" not in w and "@" not in w) / letters


def glued_share(words: list[str]) -> float:
    """Words where a lower-case run meets a capitalised word ('ofScience', 'StaffAccountant'):
    a missing space, or a name such as 'JavaScript' (the same for every library)."""
    return sum(bool(_GLUED.search(w)) for w in words) / max(1, len(words))


def one_word_line_share(lines: list[str]) -> float:
    filled = [line.split() for line in lines if line.strip()]
    return sum(len(line) == 1 for line in filled) / max(1, len(filled))


def sidebar_kept(lines: list[str]) -> bool:
    lines = [" ".join(line.split()) for line in lines if line.strip()]
    spots = [i for i, line in enumerate(lines) for word in SIDEBAR if line == word]
    return len(spots) == len(SIDEBAR) and spots == list(range(spots[0], spots[0] + len(spots)))


def installed_mb(distributions: tuple[str, ...]) -> float:
    total = 0
    for name in distributions:
        for file in metadata.distribution(name).files or []:
            path = Path(str(file.locate()))
            total += path.stat().st_size if path.is_file() else 0
    return total / 1e6


def licence(name: str) -> str:
    meta = metadata.metadata(name)
    found = meta["License-Expression"] or meta["License"]
    classifiers = [c.split(" :: ")[-1] for c in meta.get_all("Classifier") or [] if "License" in c]
    return str(found or ", ".join(classifiers) or "?").split("\n")[0][:40]


def measure(reader: str, files: list[Path]) -> dict[str, object]:
    distribution = DISTRIBUTION[reader]
    try:
        READERS[reader](sidebar_pdf())
    except ImportError:
        return {"library": reader, "missing": True}
    opened, per_two_pages, words, lines = 0, [], [], []
    for file in files:
        data = file.read_bytes()
        started = time.perf_counter()
        try:
            found, shown, pages = READERS[reader](data)
        except Exception as err:  # a file the library cannot open counts against it
            print(f"{reader}: {file.name}: {type(err).__name__}", file=sys.stderr)
            continue
        per_two_pages.append((time.perf_counter() - started) / max(1, pages) * 2)
        opened += bool(found)
        words += found
        lines += shown
    return {
        "library": reader,
        "version": metadata.version(distribution),
        "opened": f"{opened}/{len(files)}",
        "layout": LAYOUT[distribution],
        "run_together": run_together_share(words),
        "glued": glued_share(words),
        "one_word_lines": one_word_line_share(lines),
        "sidebar": "kept" if sidebar_kept(READERS[reader](sidebar_pdf())[1]) else "mixed",
        "seconds": statistics.median(per_two_pages),
        "licence": licence(distribution),
        "mb": installed_mb(ADDS[distribution]),
    }


def render(rows: list[dict[str, object]], files: int) -> str:
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    now = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    out = [
        f"Command: `python -m bench.pdf_library_bench` ({files} PDFs: shared real, dev, and the "
        f"documents dev list; never the held-back list). {now}, load average {load}, "
        f"{os.cpu_count()} cores.",
        "",
        "| library | opened | gives | run-together letters | glued words | one-word lines | "
        "sidebar | s per 2 pages (median) | licence | installed MB |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        if row.get("missing"):
            out.append(f"| {row['library']} | not installed | | | | | | | | |")
            continue
        out.append(
            f"| {row['library']} {row['version']} | {row['opened']} | {row['layout']} | "
            f"{row['run_together']:.1%} | {row['glued']:.2%} | {row['one_word_lines']:.1%} | "
            f"{row['sidebar']} | "
            f"{row['seconds']:.3f} | {row['licence']} | {row['mb']:.1f} |"
        )
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, help="write the section into this Markdown file")
    args = parser.parse_args(argv)
    files = pdf_files()
    rows = [measure(reader, files) for reader in READERS]
    body = render(rows, len(files))
    if args.out:
        from bench.markdown import write_section

        write_section(args.out, "PDF libraries compared", body)
    else:
        print(body)
    return 0


if __name__ == "__main__":
    sys.exit(main())
