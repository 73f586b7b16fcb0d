"""The readers' figures on LaTeX resume sources in CV classes: the held-out JSON Resumes written as
.tex in five styles and scored as `tools.heldout_documents` scores its renderings.

    python -m tools.latex_renderings [--corpus ../shared/corpus] [--readers rules,learned,auto]
        [--json] [--show N]

Each held-out JSON Resume (`tools.line_data.build.held_out`: never trained on) is written in two
of `CLASSES` (by its number, as the held-out renderings draw formats): moderncv ('\\cventry{dates}
{title}{employer}{place}{grade}{description}'), awesome-cv ('\\cventry{title}{employer}{place}
{dates}{\\begin{cvitems}…}' in 'cventries'), altacv ('\\cvevent{title}{employer}{dates}{place}'
and a list), Jake's resume template ('\\resumeSubheading{employer}{place}{title}{dates}',
'\\resumeItem'; its macros defined in the preamble, as the template does) and a plain article
('\\section*' and '\\textbf{Title}, Employer \\hfill dates'). The argument orders are the
classes' documented ones. Only sources are written: the product reads the source, no TeX runs.
The labels are `tools.heldout_documents.label_of` with the dates as written. These renderings
are tuning figures: they were made while the LaTeX reader was changed on them.
"""

from __future__ import annotations

import json
import random
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from core.evaluation.resume_eval import labelled_report
from tools.heldout_documents import label_of, run, score_file
from tools.line_data.build import held_out
from tools.line_data.compose import Style, clean, date_range, draw_style
from tools.line_data.headings import HEADINGS

CLASSES = ("moderncv", "awesome-cv", "altacv", "jake", "article")
_SPECIAL = {
    "\\": r"\textbackslash{}",
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "{": r"\{",
    "}": r"\}",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
}
JAKE_PREAMBLE = r"""\usepackage[hidelinks]{hyperref}
\usepackage{titlesec}
\newcommand{\resumeItem}[1]{\item\small{{#1 \vspace{-2pt}}}}
\newcommand{\resumeSubheading}[4]{
  \vspace{-2pt}\item
    \begin{tabular*}{0.97\textwidth}[t]{l@{\extracolsep{\fill}}r}
      \textbf{#1} & #2 \\
      \textit{\small#3} & \textit{\small #4} \\
    \end{tabular*}\vspace{-7pt}
}
\newcommand{\resumeSubHeadingListStart}{\begin{itemize}[leftmargin=0.15in, label={}]}
\newcommand{\resumeSubHeadingListEnd}{\end{itemize}}
\newcommand{\resumeItemListStart}{\begin{itemize}}
\newcommand{\resumeItemListEnd}{\end{itemize}\vspace{-5pt}}
"""


def tex(value: Any) -> str:
    """Text with LaTeX's special characters escaped."""
    return "".join(_SPECIAL.get(ch, ch) for ch in clean(value))


def _entries(resume: dict[str, Any], key: str) -> list[dict[str, Any]]:
    return [e for e in resume.get(key) or [] if isinstance(e, dict)]


def _role(entry: dict[str, Any], style: Style) -> dict[str, Any]:
    """A work entry's fields as the source writes them (escaped), dates as the label prints."""
    highlights = [tex(h) for h in entry.get("highlights") or [] if clean(h)]
    return {
        "title": tex(entry.get("position")),
        "org": tex(entry.get("company") or entry.get("name")),
        "place": tex(entry.get("location")),
        "dates": tex(date_range(entry, style)),
        "summary": tex(entry.get("summary") or entry.get("description")),
        "items": highlights,
    }


def _school(entry: dict[str, Any], style: Style) -> dict[str, str]:
    degree = " in ".join(p for p in (clean(entry.get("studyType")), clean(entry.get("area"))) if p)
    return {"degree": tex(degree), "school": tex(entry.get("institution")),
            "dates": tex(date_range(entry, style))}  # fmt: skip


def _items(items: list[str], env: str = "itemize", item: str = r"\item ") -> str:
    if not items:
        return ""
    return "\n".join([f"\\begin{{{env}}}", *(f"  {item}{i}" for i in items), f"\\end{{{env}}}"])


def _skills(resume: dict[str, Any]) -> list[tuple[str, str]]:
    groups = _entries(resume, "skills")
    return [
        (tex(g.get("name")), ", ".join(tex(k) for k in g.get("keywords") or [] if clean(k)))
        for g in groups
        if clean(g.get("name")) or g.get("keywords")
    ]


def _moderncv(resume: dict[str, Any], style: Style, head: Callable[[str], str]) -> list[str]:
    out = [f"\\section{{{head('experience')}}}"]
    for r in (_role(e, style) for e in _entries(resume, "work")):
        desc = "\n".join(p for p in (r["summary"], _items(r["items"])) if p)
        out.append(
            f"\\cventry{{{r['dates']}}}{{{r['title']}}}{{{r['org']}}}{{{r['place']}}}{{}}{{{desc}}}"
        )
    out.append(f"\\section{{{head('education')}}}")
    for s in (_school(e, style) for e in _entries(resume, "education")):
        out.append(f"\\cventry{{{s['dates']}}}{{{s['degree']}}}{{{s['school']}}}{{}}{{}}{{}}")
    out.append(f"\\section{{{head('skills')}}}")
    out += [f"\\cvitem{{{name}}}{{{words}}}" for name, words in _skills(resume)]
    return out


def _awesome(resume: dict[str, Any], style: Style, head: Callable[[str], str]) -> list[str]:
    out = [f"\\cvsection{{{head('experience')}}}", "\\begin{cventries}"]
    for r in (_role(e, style) for e in _entries(resume, "work")):
        items = r["items"] or ([r["summary"]] if r["summary"] else [])
        out.append(f"\\cventry{{{r['title']}}}{{{r['org']}}}{{{r['place']}}}{{{r['dates']}}}"
                   f"{{{_items(items, 'cvitems')}}}")  # fmt: skip
    out += ["\\end{cventries}", f"\\cvsection{{{head('education')}}}", "\\begin{cventries}"]
    for s in (_school(e, style) for e in _entries(resume, "education")):
        out.append(f"\\cventry{{{s['degree']}}}{{{s['school']}}}{{}}{{{s['dates']}}}{{}}")
    out += ["\\end{cventries}", f"\\cvsection{{{head('skills')}}}", "\\begin{cvskills}"]
    out += [f"\\cvskill{{{name}}}{{{words}}}" for name, words in _skills(resume)]
    return [*out, "\\end{cvskills}"]


def _altacv(resume: dict[str, Any], style: Style, head: Callable[[str], str]) -> list[str]:
    out = [f"\\cvsection{{{head('experience')}}}"]
    for r in (_role(e, style) for e in _entries(resume, "work")):
        out.append(f"\\cvevent{{{r['title']}}}{{{r['org']}}}{{{r['dates']}}}{{{r['place']}}}")
        out += [p for p in (r["summary"], _items(r["items"])) if p]
        out.append("\\divider")
    out.append(f"\\cvsection{{{head('education')}}}")
    for s in (_school(e, style) for e in _entries(resume, "education")):
        out += [f"\\cvevent{{{s['degree']}}}{{{s['school']}}}{{{s['dates']}}}{{}}", "\\divider"]
    out.append(f"\\cvsection{{{head('skills')}}}")
    out += [f"\\cvtag{{{w.strip()}}}" for _, words in _skills(resume) for w in words.split(",")]
    return out


def _jake(resume: dict[str, Any], style: Style, head: Callable[[str], str]) -> list[str]:
    out = [f"\\section{{{head('experience')}}}", "\\resumeSubHeadingListStart"]
    for r in (_role(e, style) for e in _entries(resume, "work")):
        out.append(
            f"\\resumeSubheading{{{r['org']}}}{{{r['place']}}}{{{r['title']}}}{{{r['dates']}}}"
        )
        items = r["items"] or ([r["summary"]] if r["summary"] else [])
        if items:
            out += ["\\resumeItemListStart", *(f"  \\resumeItem{{{i}}}" for i in items)]
            out.append("\\resumeItemListEnd")
    out += ["\\resumeSubHeadingListEnd", f"\\section{{{head('education')}}}"]
    out.append("\\resumeSubHeadingListStart")
    for s in (_school(e, style) for e in _entries(resume, "education")):
        out.append(f"\\resumeSubheading{{{s['school']}}}{{}}{{{s['degree']}}}{{{s['dates']}}}")
    out += ["\\resumeSubHeadingListEnd", f"\\section{{{head('skills')}}}"]
    out += [f"\\textbf{{{name}}}: {words} \\\\" for name, words in _skills(resume)]
    return out


def _article(resume: dict[str, Any], style: Style, head: Callable[[str], str]) -> list[str]:
    out = [f"\\section*{{{head('experience')}}}"]
    for r in (_role(e, style) for e in _entries(resume, "work")):
        role = ", ".join(
            p for p in (f"\\textbf{{{r['title']}}}" if r["title"] else "", r["org"]) if p
        )
        out.append(f"{role} \\hfill {r['dates']}\\\\")
        out += [p for p in (r["summary"], _items(r["items"])) if p]
    out.append(f"\\section*{{{head('education')}}}")
    for s in (_school(e, style) for e in _entries(resume, "education")):
        out.append(f"\\textbf{{{s['degree']}}}, {s['school']} \\hfill {s['dates']}\\\\")
    out.append(f"\\section*{{{head('skills')}}}")
    out += [f"\\textbf{{{name}}}: {words}\\\\" for name, words in _skills(resume)]
    return out


BODIES = {"moderncv": _moderncv, "awesome-cv": _awesome, "altacv": _altacv, "jake": _jake,
          "article": _article}  # fmt: skip


def _person(resume: dict[str, Any], cls: str) -> tuple[list[str], list[str]]:
    """The preamble lines and the body's opening lines that give the name and contact."""
    basics = resume.get("basics") or {}
    name, email, phone = (tex(basics.get(k)) for k in ("name", "email", "phone"))
    first, _, last = name.partition(" ")
    if cls in ("moderncv", "awesome-cv"):
        pre = [f"\\name{{{first}}}{{{last}}}"] if name else []
        pre += [f"\\email{{{email}}}"] if email else []
        pre += (
            (
                [f"\\phone[mobile]{{{phone}}}"]
                if cls == "moderncv"
                else [f"\\mobilephone{{{phone}}}"]
            )
            if phone
            else []
        )
        return pre, ["\\makecvtitle" if cls == "moderncv" else "\\makecvheader"]
    if cls == "altacv":
        info = " ".join(f"\\{m}{{{v}}}" for m, v in (("email", email), ("phone", phone)) if v)
        return [f"\\name{{{name}}}", f"\\personalinfo{{{info}}}"], ["\\makecvheader"]
    contact = " $|$ ".join(
        ([f"\\href{{mailto:{email}}}{{\\underline{{{email}}}}}"] if email else [])
        + ([phone] if phone else [])
    )
    return [], ["\\begin{center}", f"{{\\Huge \\scshape {name}}} \\\\", contact, "\\end{center}"]


def write_source(resume: dict[str, Any], key: str, cls: str) -> tuple[str, Style]:
    """One resume as a .tex source in `cls`, and the style its dates were written in."""
    rng = random.Random(f"{key}:{cls}:latex")  # noqa: S311 - layout draws, seeded
    style = draw_style(rng, "text")

    def head(meaning: str) -> str:
        return tex(rng.choice(HEADINGS[meaning]))

    document = {"jake": "article", "article": "article"}.get(cls, cls)
    preamble, opening = _person(resume, cls)
    if cls == "jake":
        preamble = [JAKE_PREAMBLE, *preamble]
    summary = tex((resume.get("basics") or {}).get("summary"))
    body = [*opening, *([summary] if summary else []), *BODIES[cls](resume, style, head)]
    source = "\n".join(
        [
            f"\\documentclass[11pt]{{{document}}}",
            *preamble,
            "\\begin{document}",
            *body,
            "\\end{document}",
            "",
        ]
    )
    return source, style


def latex_files(corpus: Path) -> list[tuple[Path, str]]:
    """(JSON Resume, class) for every rendering: each held-out resume in two classes."""
    files = sorted((corpus / "jsonresume").glob("jr-*.json"))
    return [
        (file, cls)
        for number, file in enumerate(files)
        if held_out(file.name)
        for cls in (CLASSES[number % 5], CLASSES[(number + 1) % 5])
    ]


def score_latex(corpus: Path, readers: list[str]) -> dict[str, dict[str, Any]]:
    rows: dict[str, list[dict[str, Any]]] = {reader: [] for reader in readers}
    with tempfile.TemporaryDirectory() as tmp:
        for file, cls in latex_files(corpus):
            resume = json.loads(file.read_text(encoding="utf-8"))
            source, style = write_source(resume, file.stem, cls)
            path = Path(tmp) / f"{file.stem}.tex"
            path.write_text(source, encoding="utf-8")
            score_file(rows, path, label_of(resume, style), f"{file.stem}:{cls}", cls)
    return {reader: labelled_report(found) for reader, found in rows.items()}


def main(argv: list[str] | None = None) -> int:
    return run(score_latex, __doc__.splitlines()[0], argv)


if __name__ == "__main__":
    raise SystemExit(main())
