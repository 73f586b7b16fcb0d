"""Name and e-mail read from layouts that hide them, on the held-out JSON Resumes.

    python -m tools.contact_layouts [--corpus ../shared/corpus] [--reader auto] [--json]

Each held-out JSON Resume (`tools.line_data.build.held_out`: never trained on) is written in
every layout of `VARIANTS`, as a PDF (Typst, `contact_layouts.typ`) or a DOCX (python-docx),
the format alternating by resume: the contact in the page header or footer, the name in a table
cell, the name in two type styles, the e-mail only as a mailto: link, the e-mail written
'jo [at] example [dot] com', the name in letter-spaced capitals (tracked type in a PDF, letters
typed apart in a DOCX), a 'Curriculum Vitae' title over the name. A third of them end with two
referees (a name and role, an e-mail and phone): their lines are labelled junk, which must reach
no card. Scored as `resumeforge eval resumes` scores (name and e-mail right, junk in cards), per
layout. Resumes without a name or with an address already spelled out are skipped.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import tempfile
from pathlib import Path
from typing import Any

from core.evaluation.resume_eval import score_real_resume
from core.evaluation.resume_match import label_hash
from core.ingest import parse_extracted, read_path
from core.settings import IngestSettings
from core.text.contact import EMAIL
from tools.line_data.build import held_out
from tools.line_data.compose import REFEREE_NAMES, REFEREE_ROLES, clean

TEMPLATE = Path(__file__).with_name("contact_layouts.typ")
VARIANTS = (
    "plain",
    "header_contact",
    "footer_contact",
    "name_table",
    "split_spans",
    "mailto_only",
    "at_form",
    "spaced_caps",
    "cv_title",
)
TITLES = ("Curriculum Vitae", "Resume", "CURRICULUM VITAE", "Résumé")


def _draw(key: str, choices: tuple[str, ...] | int) -> Any:
    """A fixed draw from `choices` (or a number below it) seeded by `key`."""
    n = hashlib.sha256(key.encode()).digest()[0]
    return n % choices if isinstance(choices, int) else choices[n % len(choices)]


def at_form(email: str) -> str:
    """'jo.li@example.org' → 'jo.li [at] example [dot] org' or 'jo.li(at)example.org'."""
    user, _, domain = email.partition("@")
    if _draw(email, 2):
        return f"{user} [at] {domain.replace('.', ' [dot] ')}"
    return f"{user}(at){domain}"


def spaced(name: str) -> str:
    """'Jo Li' → 'J O  L I'."""
    return "  ".join(" ".join(word.upper()) for word in name.split())


def sections(resume: dict[str, Any], referees: bool) -> list[dict[str, Any]]:
    """Experience, education and (with `referees`) two referees, as heading + items."""
    work = []
    for entry in resume.get("work") or []:
        if not isinstance(entry, dict):
            continue
        head = ", ".join(
            p
            for p in (
                clean(entry.get("position")),
                clean(entry.get("name") or entry.get("company")),
            )
            if p
        )
        dates = " – ".join(
            p
            for p in (clean(entry.get("startDate")), clean(entry.get("endDate")) or "Present")
            if p
        )
        if head:
            work.append({"kind": "row", "text": head, "side": dates})
        work += [
            {"kind": "li", "text": clean(h)}
            for h in (entry.get("highlights") or [])[:3]
            if clean(h)
        ]
        if clean(entry.get("summary")):
            work.append({"kind": "p", "text": clean(entry.get("summary"))[:300]})
    education = []
    for entry in resume.get("education") or []:
        if isinstance(entry, dict):
            degree = " in ".join(
                p for p in (clean(entry.get("studyType")), clean(entry.get("area"))) if p
            )
            text = ", ".join(p for p in (degree, clean(entry.get("institution"))) if p)
            if text:
                education.append(
                    {"kind": "row", "text": text, "side": clean(entry.get("endDate"))[:4]}
                )
    out = [{"heading": "Experience", "items": work}, {"heading": "Education", "items": education}]
    if referees:
        out.append({"heading": "References", "items": referee_items(resume)})
    return [s for s in out if s["items"]]


def referee_items(resume: dict[str, Any]) -> list[dict[str, Any]]:
    key = clean((resume.get("basics") or {}).get("name"))
    items = []
    for i in range(2):
        name = _draw(f"{key}:{i}", REFEREE_NAMES[i::2])
        user = name.lower().replace(" ", ".")
        items.append({"kind": "p", "text": f"{name}, {_draw(f'{key}:role{i}', REFEREE_ROLES)}"})
        phone = f"(415) 555-01{_draw(f'{key}:phone{i}', 90) + 10}"
        items.append({"kind": "p", "text": f"{user}@example.org | {phone}"})
    return items


def layout_data(resume: dict[str, Any], variant: str, referees: bool) -> dict[str, Any]:
    """What one layout prints: the name's parts, the contact items, the sections."""
    basics = resume.get("basics") or {}
    name, email = clean(basics.get("name")), clean(basics.get("email"))
    shown = {"at_form": at_form(email), "mailto_only": ""}.get(variant, email)
    found = basics.get("location")
    location: dict[str, Any] = found if isinstance(found, dict) else {}
    place = ", ".join(clean(location.get(k)) for k in ("city", "region") if clean(location.get(k)))
    contact = [c for c in (shown, clean(basics.get("phone")), place) if c]
    first, _, last = name.rpartition(" ")
    return {
        "variant": variant,
        "name": spaced(name) if variant == "spaced_caps" else name,
        "plain_name": name,
        "first": first,
        "last": last,
        "email": email,
        "email_label": _draw(name, ("Email", "E-mail me", "Contact")),
        "contact": contact,
        "title": _draw(name, TITLES) if variant == "cv_title" else "",
        "sections": sections(resume, referees),
    }


def render_pdf(data: dict[str, Any], path: Path) -> Path:
    import typst

    path.write_bytes(
        bytes(typst.compile(str(TEMPLATE), format="pdf", sys_inputs={"data": json.dumps(data)}))
    )
    return path


def render_docx(data: dict[str, Any], path: Path) -> Path:
    from docx import Document

    from tools.docx_parts import add_hyperlink, name_paragraph

    doc = Document()
    v = data["variant"]
    joined = "  |  ".join(data["contact"])
    if data["title"]:
        doc.add_paragraph(data["title"])
    if v == "name_table":
        left, right = doc.add_table(rows=1, cols=2).rows[0].cells
        name_paragraph(left.paragraphs[0], data, v)
        right.paragraphs[0].add_run("\n".join(data["contact"]))
    else:
        name_paragraph(doc.add_paragraph(), data, v)
    if v == "header_contact":
        doc.sections[0].header.paragraphs[0].add_run(joined)
    elif v == "footer_contact":
        doc.sections[0].footer.paragraphs[0].add_run(joined)
    elif v != "name_table":
        para = doc.add_paragraph(joined)
        if v == "mailto_only":
            para.add_run("  |  ")
            add_hyperlink(para, "mailto:" + data["email"], data["email_label"])
    for section in data["sections"]:
        doc.add_paragraph().add_run(section["heading"]).bold = True
        for item in section["items"]:
            if item["kind"] == "row":
                doc.add_paragraph().add_run(f"{item['text']}\t{item['side']}").bold = True
            elif item["kind"] == "li":
                doc.add_paragraph(item["text"], style="List Bullet")
            else:
                doc.add_paragraph(item["text"])
    doc.save(str(path))
    return path


def label(resume: dict[str, Any], data: dict[str, Any]) -> dict[str, Any]:
    basics = resume.get("basics") or {}
    name, email = clean(basics.get("name")), clean(basics.get("email"))
    junk = [s["items"] for s in data["sections"] if s["heading"] == "References"]
    return {
        "roles": [],
        "education": [],
        "name_present": bool(name),
        "name_sha256": label_hash(name) if name else None,
        "email_present": bool(email),
        "email_sha256": label_hash(email) if email else None,
        "junk_lines": [item["text"] for items in junk for item in items],
    }


def score(corpus: Path, reader: str, limit: int | None = None) -> list[dict[str, Any]]:
    """One row per rendering: its layout, format, and what was read right."""
    files = [f for f in sorted((corpus / "jsonresume").glob("jr-*.json")) if held_out(f.name)]
    files = files[:limit]
    settings = IngestSettings(reader=reader)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for number, file in enumerate(files):
            resume = json.loads(file.read_text(encoding="utf-8"))
            basics = resume.get("basics") or {}
            if not clean(basics.get("name")) or not EMAIL.fullmatch(clean(basics.get("email"))):
                continue  # no name, or no address as written (one spelled out already)
            for v_number, variant in enumerate(VARIANTS):
                fmt = ("pdf", "docx")[(number + v_number) % 2]
                data = layout_data(resume, variant, referees=bool((number + v_number) % 3 == 0))
                path = Path(tmp) / f"{file.stem}-{variant}.{fmt}"
                (render_pdf if fmt == "pdf" else render_docx)(data, path)
                parsed = parse_extracted(read_path(path, settings=settings), settings=settings)
                found = score_real_resume(parsed, label(resume, data))
                rows.append(
                    {
                        "file": file.stem,
                        "variant": variant,
                        "format": fmt,
                        "name": found["name_found"],
                        "email": found["email_found"],
                        "junk": found["junk_in_cards"],
                        "read_name": parsed.contact.name,
                        "read_email": parsed.contact.email,
                    }
                )
                path.unlink()
    return rows


def summary(rows: list[dict[str, Any]]) -> str:
    lines = [f"{'layout':16} {'n':>3} {'name':>5} {'e-mail':>6} {'junk':>4}"]
    for variant in (*VARIANTS, None):
        some = [r for r in rows if variant in (None, r["variant"])]
        lines.append(
            f"{variant or 'all':16} {len(some):3} {sum(r['name'] for r in some):5} "
            f"{sum(r['email'] for r in some):6} {sum(len(r['junk']) for r in some):4}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default="../shared/corpus", help="the shared corpus folder")
    parser.add_argument("--reader", default="auto", help="the reader scored")
    parser.add_argument("--json", action="store_true", help="print every row as JSON")
    parser.add_argument("--limit", type=int, help="only the first N resumes")
    args = parser.parse_args(argv)
    rows = score(Path(args.corpus), args.reader, args.limit)
    if args.json:
        print(json.dumps(rows, indent=1))
    print(summary(rows))
    for row in rows:
        if not (row["name"] and row["email"]) or row["junk"]:
            print(
                f"{row['file']} {row['variant']} {row['format']}: name {row['read_name']!r} "
                f"e-mail {row['read_email']!r} junk {row['junk']}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
