"""Benchmark: 10 MB of any shape is read or refused within 30 s and 1 GB.

    python -m bench.size_bench [--runs 3]

Each shape is 10,000,000 bytes (just under the 10 MiB upload limit, so the byte check lets it
through and the later limits must hold). Each run is a fresh child process that reads the file
and does what the app does with it: a resume goes through `parse_resume` (read + limits +
parse), a job ad through `check_jd_size` (pasted) or `read_upload` + `check_jd_size` (a file).
Printed: the median seconds, the outcome, and the peak resident memory of the child (and of its
own children, e.g. the bounded PDF reader), which includes Python and the libraries it imports.
"""

from __future__ import annotations

import argparse
import io
import json
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

SIZE = 10_000_000
LIMIT_S, LIMIT_MB = 30.0, 1024.0
PDF_PAGES = 890  # ≈ 11 KB of uncompressed page content each: just under 10 MB
CHILD_TIMEOUT_S = 120.0  # 4x the goal: a shape still running then is reported as such


def _rng(seed: int) -> random.Random:
    return random.Random(seed)  # noqa: S311 — reproducible test data, not secrets


def _fill(unit: str, size: int = SIZE) -> bytes:
    data = (unit * (size // len(unit) + 1)).encode("utf-8")
    return data[:size]


def _vocabulary(rng: random.Random) -> list[str]:
    letters = "abcdefghijklmnopqrstuvwxyz"
    return ["".join(rng.choices(letters, k=rng.randint(3, 10))) for _ in range(5000)]


def _docx(document_body: str, media: bytes = b"") -> bytes:
    ns = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as docx:
        docx.writestr(
            "[Content_Types].xml",
            '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/'
            'content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats'
            '-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
            '<Default Extension="png" ContentType="image/png"/><Override PartName="/word/document'
            '.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.'
            'document.main+xml"/></Types>',
        )
        docx.writestr(
            "_rels/.rels",
            '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/'
            '2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/'
            'officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>'
            "</Relationships>",
        )
        docx.writestr(
            "word/document.xml", f"<w:document {ns}><w:body>{document_body}</w:body></w:document>"
        )
        if media:
            docx.writestr("word/media/image1.png", media, compress_type=zipfile.ZIP_STORED)
    return buffer.getvalue()


def _para(text: str) -> str:
    return f"<w:p><w:r><w:t>{text}</w:t></w:r></w:p>"


def docx_of_text() -> bytes:
    """Paragraphs of random words (poorly compressible) until the file is ~10 MB."""
    rng = _rng(5)
    words = _vocabulary(rng)
    paras = [_para("Experience")]
    while len(paras) * 100 < SIZE * 2.1:  # ≈ 2.1 bytes of XML per byte on disk
        paras.append(_para("- " + " ".join(rng.choices(words, k=12))))
    return _docx("".join(paras))


def docx_with_image() -> bytes:
    body = _para("Experience") + _para("- Built the payments API in Go with Kafka.")
    return _docx(body, media=_rng(3).randbytes(SIZE - 2_000))


def pdf_of_text() -> bytes:
    from reportlab.lib.pagesizes import letter
    from reportlab.pdfgen import canvas

    rng = _rng(9)
    words = _vocabulary(rng)
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, pagesize=letter, pageCompression=0)
    for _page in range(PDF_PAGES):  # reportlab writes the buffer only on save()
        pdf.setFont("Helvetica", 8)
        for line in range(70):
            pdf.drawString(30, 760 - line * 10.5, "- " + " ".join(rng.choices(words, k=16)))
        pdf.showPage()
    pdf.save()
    return buffer.getvalue()


def pdf_with_image() -> bytes:
    from PIL import Image
    from reportlab.lib.pagesizes import letter
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen import canvas

    side = int((SIZE * 0.78 / 3) ** 0.5)  # reportlab stores it Flate + ASCII85 (+25 %)
    noise = Image.frombytes("RGB", (side, side), _rng(4).randbytes(side * side * 3))
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, pagesize=letter)
    pdf.drawString(40, 740, "Experience")
    pdf.drawString(40, 720, "- Built the payments API in Go with Kafka.")
    pdf.drawImage(ImageReader(noise), 40, 100, 500, 500)
    pdf.showPage()
    pdf.save()
    return buffer.getvalue()


def json_resume_wide() -> bytes:
    bullet = "Built the payments API in Go with Kafka, cutting p99 latency by 40%."
    work = [
        {"name": f"Co {n}", "position": "Engineer", "highlights": [bullet] * 10}
        for n in range(14_000)
    ]
    return json.dumps({"basics": {"name": "A"}, "work": work}).encode()[:SIZE]


def nested_markdown() -> bytes:
    block = "".join(
        "#" * (1 + d % 6) + f" Section {d}\n" + "  " * d + "- item\n" for d in range(40)
    )
    return _fill(block)


# name -> (file name, how the app takes it, generator)
SHAPES: dict[str, tuple[str, str, Callable[[], bytes]]] = {
    "one huge line (words, no newline)": (
        "resume.md",
        "resume",
        lambda: _fill("Built data pipelines in Python. "),
    ),
    "no newlines and no spaces": ("resume.txt", "resume", lambda: _fill("a")),
    "many short lines ('- a')": ("resume.md", "resume", lambda: _fill("- a\n")),
    "many bullets": (
        "resume.md",
        "resume",
        lambda: _fill(
            "- Built the payments API in Go, cutting p99 latency by 40% across 12 services.\n"
        ),
    ),
    "deep nesting: Markdown headings + indented bullets": ("resume.md", "resume", nested_markdown),
    "deep nesting: JSON arrays": ("resume.json", "resume", lambda: _fill("[")),
    "JSON Resume, 14,000 roles": ("resume.json", "resume", json_resume_wide),
    "DOCX of text (≈ 26 MB of XML)": ("resume.docx", "resume", docx_of_text),
    "DOCX with a 10 MB image": ("resume.docx", "resume", docx_with_image),
    "PDF of text (uncompressed pages)": ("resume.pdf", "resume", pdf_of_text),
    "PDF with a 10 MB image": ("resume.pdf", "resume", pdf_with_image),
    "job ad pasted": (
        "jd.txt",
        "jd-pasted",
        lambda: _fill("- 5+ years of Python and SQL experience\n"),
    ),
    "job ad uploaded (.txt)": (
        "jd.txt",
        "jd-file",
        lambda: _fill("- 5+ years of Python and SQL experience\n"),
    ),
}


def child(path: Path, how: str) -> dict[str, object]:
    """Run in the child process: take the file as the app would; time, outcome, peak memory."""
    from core.errors import InputError
    from core.ingest import parse_resume, read_upload
    from core.jd import jd_file_settings
    from core.jd.analyze import check_jd_size

    data = path.read_bytes()
    cpu_before = _cpu_s()
    started = time.perf_counter()
    try:
        if how == "resume":
            outcome = f"read: {len(parse_resume(data, path.name).cards):,} cards"
        elif how == "jd-pasted":
            check_jd_size(data.decode("utf-8"))
            outcome = "accepted"
        else:
            check_jd_size(read_upload(data, path.name, settings=jd_file_settings()).text)
            outcome = "accepted"
    except InputError as err:
        outcome = f"refused: {err}"
    seconds = time.perf_counter() - started
    peak_kb = max(
        resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
        resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss,
    )
    cpu = _cpu_s() - cpu_before
    return {"seconds": seconds, "cpu_s": cpu, "outcome": outcome, "peak_mb": peak_kb / 1024}


def _cpu_s() -> float:
    """CPU seconds of this process and its finished children (on a loaded machine, wall time
    is mostly waiting for a core)."""
    own, kids = (
        resource.getrusage(resource.RUSAGE_SELF),
        resource.getrusage(resource.RUSAGE_CHILDREN),
    )
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def _run_child(path: Path, how: str) -> dict[str, Any]:
    command = [sys.executable, "-m", "bench.size_bench", "--child", str(path), how]
    try:
        out = subprocess.run(command, capture_output=True, text=True, timeout=CHILD_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return {"seconds": CHILD_TIMEOUT_S, "outcome": "not done in time", "peak_mb": 0.0}
    if out.returncode != 0:
        return {"seconds": 0.0, "outcome": f"crashed: {out.stderr[-200:]}", "peak_mb": 0.0}
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def measure(runs: int, only: str = "") -> list[tuple[str, int, float, float, float, str]]:
    rows = []
    with tempfile.TemporaryDirectory(prefix="rf-size-") as tmp:
        for shape, (name, how, make) in SHAPES.items():
            if only and only.lower() not in shape.lower():
                continue
            path = Path(tmp) / name
            path.write_bytes(make())
            results = []
            for _ in range(runs):
                results.append(_run_child(path, how))
            seconds = statistics.median(float(r["seconds"]) for r in results)
            cpu = statistics.median(float(r.get("cpu_s", 0.0)) for r in results)
            peak = max(float(r["peak_mb"]) for r in results)
            outcome = str(results[-1]["outcome"])
            rows.append((shape, path.stat().st_size, seconds, cpu, peak, outcome))
            print(f"{shape}: {seconds:.2f} s (cpu {cpu:.2f}), {peak:.0f} MB, {outcome[:110]}")
    return rows


def render(rows: list[tuple[str, int, float, float, float, str]]) -> str:
    lines = ["| shape | wall s (cpu s), median | peak MB | outcome |", "|---|---:|---:|---|"]
    for shape, size, seconds, cpu, peak, outcome in rows:
        ok = "" if seconds <= LIMIT_S and peak <= LIMIT_MB else " **(over the limit)**"
        lines.append(
            f"| {shape} ({size / 1e6:.1f} MB) | {seconds:.2f} ({cpu:.2f}) | {peak:.0f}{ok} "
            f"| {outcome[:90]} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--only", default="", help="only the shapes whose name contains this")
    parser.add_argument("--child", nargs=2, metavar=("PATH", "HOW"))
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(child(Path(args.child[0]), args.child[1])))
        return 0
    print(render(measure(args.runs, args.only)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
