"""Benchmark: reading and parsing a 2-page and a 6-page PDF resume (target ≤ 1 s for two
pages, models loaded), and the size guard.

    python -m bench.pdf_bench

The PDF is generated with reportlab (a dev dependency): six pages of roles and bullets with a
running footer, two columns on the first page. Prints the median of three runs of
`read_upload` (bounded PDFium subprocess included) + `parse_extracted` after one warm-up run
that loads the models, and the time and peak
memory of refusing a 4 MB file of 1,000,000 "- a" lines.
"""

from __future__ import annotations

import io
import resource
import statistics
import sys
import time

PAGES = 6
TITLES = ("Operations Analyst", "Logistics Coordinator", "Shift Lead", "Inventory Planner")
EMPLOYERS = ("Harbor Foods", "Northwind Freight", "Cedar Health", "Bluebird Retail", "Kestrel")
VERBS = ("Cut", "Raised", "Trimmed", "Lifted", "Reduced", "Improved", "Moved")


def six_page_pdf(pages: int = PAGES) -> bytes:
    from reportlab.lib.pagesizes import letter
    from reportlab.pdfgen import canvas

    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, pagesize=letter)
    role = 0
    for page in range(1, pages + 1):
        y = 740.0
        if page == 1:
            pdf.setFont("Helvetica-Bold", 14)
            pdf.drawString(40, y, "Jordan Avery")
            pdf.setFont("Helvetica", 9)
            pdf.drawString(40, y - 14, "jordan@example.org | 415 555 0100")
            pdf.drawString(420, y - 14, "Skills: SQL, Python, Excel")
            y -= 40
            pdf.setFont("Helvetica-Bold", 11)
            pdf.drawString(40, y, "Experience")
            y -= 18
        while y > 90:
            role += 1
            pdf.setFont("Helvetica-Bold", 10)
            title, employer = TITLES[role % 4], EMPLOYERS[role % 5]
            pdf.drawString(40, y, f"{title}, {employer} {role} | {1980 + role} - {1981 + role}")
            y -= 14
            pdf.setFont("Helvetica", 9)
            for n in range(5):
                pdf.drawString(
                    48,
                    y,
                    f"- {VERBS[(role + n) % 7]} order processing time by {n + 10}% across "
                    f"{role + 3} sites by redesigning the intake workflow and training staff",
                )
                y -= 12
            y -= 8
        pdf.setFont("Helvetica", 8)
        pdf.drawString(40, 40, f"Jordan Avery - Resume    Page {page} of {pages}")
        pdf.showPage()
    pdf.save()
    return buffer.getvalue()


def time_pdf(runs: int = 3, pages: int = PAGES) -> tuple[float, int]:
    from core.ingest import parse_extracted, read_upload

    data = six_page_pdf(pages)
    parse_extracted(read_upload(data, "warm_up.pdf"))  # models loaded, as in the app
    times, cards = [], 0
    for _ in range(runs):
        start = time.perf_counter()
        parsed = parse_extracted(read_upload(data, "six_pages.pdf"))
        times.append(time.perf_counter() - start)
        cards = len(parsed.cards)
    return statistics.median(times), cards


def time_huge_list() -> tuple[float, str]:
    from core.errors import InputError
    from core.ingest import parse_resume

    data = b"- a\n" * 1_000_000
    start = time.perf_counter()
    try:
        parse_resume(data, "huge.md")
        outcome = "parsed"
    except InputError as err:
        outcome = f"refused: {err}"
    return time.perf_counter() - start, outcome


def main() -> int:
    for pages in (2, PAGES):
        seconds, cards = time_pdf(pages=pages)
        print(f"{pages}-page PDF: read + parse median {seconds:.3f} s ({cards} cards)")
    refused_in, outcome = time_huge_list()
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"4 MB of 1,000,000 '- a' lines: {refused_in:.3f} s, {outcome[:100]}")
    print(f"peak memory of this process: {peak_mb:.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
