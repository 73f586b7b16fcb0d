"""LaTeX resume sources read through pylatexenc: the body only, a template's own macros' arguments
as fields, lists as bullets, links as their words, page settings gone; hand-written sources."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from core.contracts import CardKind
from core.errors import InputError
from core.ingest import parse_resume, read_upload

SOURCE = r"""\documentclass[11pt]{article}
\usepackage{hyperref}
\newcommand{\job}[4]{\textbf{#1} \hfill #2 \\ \textit{#3} \hfill #4}
\setlength{\parindent}{0pt}
\begin{document}
\begin{center}{\LARGE \textbf{Noor Haddad}}\\
noor.haddad@example.org \,|\, \href{https://github.com/noorh}{GitHub}\end{center}
\vspace{-0.3cm}
\section*{Experience}
\job{Harbor Foods}{Boise, ID}{Inventory Analyst}{Jan 2016 -- Present}
\begin{itemize}
  \item Built the demand forecast used by 3 regions \& cut stock-outs by 18\%
  \item Ran the weekly S\&OP meeting for 6 category teams
\end{itemize}
\textbf{Bluebird Freight} \hfill Tacoma, WA \\
\textit{Shipping Clerk} \hfill \texttt{06/2012 to 12/2015}
\begin{itemize}\item Scheduled 60 outbound loads a day\end{itemize}
\section*{Education}
\textbf{Lakeside University} \hfill 2015 \\ B.S. Industrial Engineering
\end{document}
"""


def test_a_latex_source_reads_as_the_text_its_pdf_shows() -> None:
    text = read_upload(SOURCE.encode(), "noor.tex").text
    for junk in ("\\", "usepackage", "0.3cm", "parindent", "{", "}"):
        assert junk not in text
    assert "Built the demand forecast used by 3 regions & cut stock-outs by 18%" in text
    assert "GitHub" in text and "Noor Haddad" in text


def test_a_latex_resume_reads_its_roles_dates_and_degree() -> None:
    parsed = parse_resume(SOURCE.encode(), "noor.tex")
    roles = [(r.title, r.start, r.end) for r in parsed.roles]
    assert ("Shipping Clerk", "2012-06", "2015-12") in roles
    assert any(start == "2016-01" and end == "present" for _, start, end in roles)
    assert parsed.contact.email == "noor.haddad@example.org"
    assert any("B.S. Industrial Engineering" in e.title for e in parsed.education)


def test_an_unclosed_brace_still_gives_the_words() -> None:
    broken = "\\documentclass{article}\n\\begin{document}\nLed a team of 6 \\textbf{on nights\n"
    read = read_upload(broken.encode(), "broken.tex")
    assert "Led a team of 6" in read.text


def test_a_name_set_large_in_a_table_cell_reads_as_the_name() -> None:
    """'\\multirow{5}{*}{{\\fontsize{50}{60}\\selectfont …}}' shows only its words: the
    rows, width and type size it sets are no text, and the name picker reads the name."""
    source = SOURCE.replace(
        r"\begin{center}{\LARGE \textbf{Noor Haddad}}\\",
        r"\begin{tabular}{ll}\multirow{5}{*}{{\fontsize{50}{60}\selectfont Noor Haddad}}"
        r" & \\ \end{tabular}\\",
    )
    text = read_upload(source.encode(), "noor.tex").text
    assert text.lstrip().startswith("Noor Haddad")
    assert "50" not in text.split("\n")[0] and "*" not in text.split("\n")[0]
    assert parse_resume(source.encode(), "noor.tex").contact.name == "Noor Haddad"


CLASS_SOURCES = {
    "moderncv": r"""\documentclass[11pt]{moderncv}
\moderncvstyle{classic}
\name{Ines}{Carvalho}
\title{Curriculum Vitae}
\address{Rua Nova 12}{Porto}{Portugal}
\phone[mobile]{+351~912~345~678}
\email{ines.carvalho@example.org}
\social[linkedin]{inescarvalho}
\begin{document}
\makecvtitle
\section{Experience}
\cventry{2018--2023}{Site Nurse}{Porto Health}{Porto}{}{Ran the night triage desk.}
\end{document}
""",
    "awesome-cv": r"""\documentclass[11pt, a4paper]{awesome-cv}
\name{Tomas}{Weller}
\position{Line Cook{\enskip\cdotp\enskip}Pastry}
\mobilephone{(+49) 151 2345 6789}
\email{tomas.weller@example.org}
\begin{document}
\makecvheader
\cvsection{Experience}
\begin{cventries}
\cventry{Line Cook}{Haus am See}{Berlin}{Mar. 2019 - Present}{Ran the grill station.}
\end{cventries}
\end{document}
""",
}


def test_a_cv_class_s_preamble_gives_the_name_and_contact() -> None:
    """moderncv and awesome-cv set the person in the preamble and print it with their own
    macro: the name and contact are read from there, the CV's title is not a name."""
    names = {"moderncv": "Ines Carvalho", "awesome-cv": "Tomas Weller"}
    for cls, source in CLASS_SOURCES.items():
        parsed = parse_resume(source.encode(), f"{cls}.tex")
        assert parsed.contact.name == names[cls], cls
        assert parsed.contact.email.endswith("@example.org"), cls
        assert parsed.contact.phone, cls
        assert parsed.roles, cls


def test_author_is_the_name_only_where_the_body_prints_its_title() -> None:
    base = SOURCE.replace(r"{\LARGE \textbf{Noor Haddad}}", "").replace(
        "\\begin{document}", "\\author{Noor Haddad}\n\\begin{document}"
    )
    assert "Noor Haddad" not in read_upload(base.encode(), "noor.tex").text
    shown = base.replace("\\begin{document}", "\\begin{document}\n\\maketitle")
    assert read_upload(shown.encode(), "noor.tex").text.lstrip().startswith("Noor Haddad")


def test_a_title_names_the_person_where_maketitle_prints_it_and_no_author_is_given() -> None:
    base = SOURCE.replace(r"{\LARGE \textbf{Noor Haddad}}", "")
    titled = base.replace(
        "\\begin{document}", "\\title{Noor Haddad}\n\\begin{document}\n\\maketitle"
    )
    assert parse_resume(titled.encode(), "noor.tex").contact.name == "Noor Haddad"
    above = titled.replace(
        "\\title{Noor Haddad}", "\\title{Curriculum Vitae}\n\\author{Noor Haddad}"
    )
    assert parse_resume(above.encode(), "noor.tex").contact.name == "Noor Haddad"
    unprinted = titled.replace("\\maketitle", "")
    assert "Noor Haddad" not in read_upload(unprinted.encode(), "noor.tex").text


def test_twentysecondcv_s_preamble_gives_the_name_and_contact() -> None:
    source = r"""\documentclass[]{twentysecondcv}
\cvname{Lena Okafor}
\cvjobtitle{Dental Hygienist}
\cvmail{lena.okafor@example.org}
\cvnumberphone{+44 20 7946 0321}
\begin{document}
\makeprofile
\section{Experience}
\begin{twenty}
  \twentyitem{2019 - now}{Dental Hygienist}{Brookside Dental}{Scaled 30 patients a week.}
\end{twenty}
\end{document}
"""
    parsed = parse_resume(source.encode(), "lena.tex")
    assert parsed.contact.name == "Lena Okafor"
    assert parsed.contact.email == "lena.okafor@example.org"
    assert parsed.contact.phone


def test_a_school_or_employer_set_as_a_subsection_reads_without_numbering_marks() -> None:
    source = r"""\documentclass{article}
\begin{document}
\section{Education}
\subsection{Lakeview Community College}
Associate of Applied Science in Welding Technology \hfill 2014 -- 2016
\section{Experience}
\subsection*{Northgate Fabrication}
\textbf{Welder} \hfill March 2016 -- Present
\begin{itemize}
\item Welded structural steel to AWS D1.1 for warehouse frames.
\end{itemize}
\end{document}
"""
    text = read_upload(source.encode(), "welder.tex").text
    assert "§.§" not in text
    assert "Lakeview Community College" in text.splitlines()
    parsed = parse_resume(source.encode(), "welder.tex")
    assert [e.company for e in parsed.education] == ["Lakeview Community College"]
    assert "§" not in " ".join(r.company for r in parsed.roles)


# Fictional sources in each class's documented argument order, one role each with two bullets
# and one degree: what every reader must get from them is the role's title, employer, dates and
# bullets.
ENTRY_SOURCES = {
    "moderncv": r"""\documentclass[11pt]{moderncv}
\moderncvstyle{classic}
\name{Ines}{Carvalho}
\email{ines.carvalho@example.org}
\begin{document}
\makecvtitle
\section{Experience}
\cventry{Mar 2018 -- Jun 2023}{Charge Nurse}{Porto Health}{Porto}{}{%
\begin{itemize}
\item Ran the night triage desk for 40 beds
\item Trained 12 new nurses in sepsis screening
\end{itemize}}
\section{Education}
\cventry{2014 -- 2018}{BSc in Nursing}{University of Minho}{Braga}{}{}
\end{document}
""",
    "awesome-cv": r"""\documentclass[11pt, a4paper]{awesome-cv}
\name{Ines}{Carvalho}
\email{ines.carvalho@example.org}
\begin{document}
\makecvheader
\cvsection{Experience}
\begin{cventries}
  \cventry{Charge Nurse}{Porto Health}{Porto}{Mar 2018 -- Jun 2023}{
    \begin{cvitems}
      \item {Ran the night triage desk for 40 beds}
      \item {Trained 12 new nurses in sepsis screening}
    \end{cvitems}}
\end{cventries}
\cvsection{Education}
\begin{cventries}
  \cventry{BSc in Nursing}{University of Minho}{Braga}{2014 -- 2018}{}
\end{cventries}
\end{document}
""",
    "altacv": r"""\documentclass[10pt,a4paper]{altacv}
\name{Ines Carvalho}
\personalinfo{\email{ines.carvalho@example.org}\phone{+351 912 345 678}}
\begin{document}
\makecvheader
\cvsection{Experience}
\cvevent{Charge Nurse}{Porto Health}{Mar 2018 -- Jun 2023}{Porto}
\begin{itemize}
\item Ran the night triage desk for 40 beds
\item Trained 12 new nurses in sepsis screening
\end{itemize}
\divider
\cvsection{Education}
\cvevent{BSc in Nursing}{University of Minho}{2014 -- 2018}{Braga}
\end{document}
""",
    "resume template": r"""\documentclass[letterpaper,11pt]{article}
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
\begin{document}
\begin{center}
  \textbf{\Huge \scshape Ines Carvalho} \\
  \href{mailto:ines.carvalho@example.org}{\underline{ines.carvalho@example.org}}
\end{center}
\section{Experience}
  \resumeSubHeadingListStart
    \resumeSubheading{Charge Nurse}{Mar 2018 -- Jun 2023}{Porto Health}{Porto}
      \resumeItemListStart
        \resumeItem{Ran the night triage desk for 40 beds}
        \resumeItem{Trained 12 new nurses in sepsis screening}
      \resumeItemListEnd
  \resumeSubHeadingListEnd
\section{Education}
  \resumeSubHeadingListStart
    \resumeSubheading{University of Minho}{Braga}{BSc in Nursing}{2014 -- 2018}
  \resumeSubHeadingListEnd
\end{document}
""",
}


def test_each_cv_class_entry_reads_as_a_role_with_its_dates_and_bullets() -> None:
    """A class's entry macro gives the role's title, employer, dates and bullets, and its
    section macro a heading, whichever argument order the class documents."""
    for cls, source in ENTRY_SOURCES.items():
        parsed = parse_resume(source.encode(), f"{cls}.tex")
        assert len(parsed.roles) == 1, cls
        role = parsed.roles[0]
        assert role.title == "Charge Nurse", cls
        assert "Porto Health" in role.company, cls
        assert (role.start, role.end) == ("2018-03", "2023-06"), cls
        bullets = [
            card.raw_text
            for card in parsed.cards
            if card.role_id == role.id and card.kind == CardKind.EXPERIENCE_BULLET
        ]
        assert len(bullets) == 2, cls
        assert "night triage desk for 40 beds" in bullets[0], cls
        assert "12 new nurses" in bullets[1], cls
        assert any("BSc in Nursing" in e.title for e in parsed.education), cls
        assert parsed.contact.email == "ines.carvalho@example.org", cls


def test_an_entry_macro_is_one_line_per_field_group() -> None:
    """The page's field groups are lines of their own: the header apart from its bullets, the
    dates kept; a macro a class does not define keeps its words."""
    text = read_upload(ENTRY_SOURCES["resume template"].encode(), "t.tex").text
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    assert any(line.startswith("Charge Nurse") and line.endswith("Jun 2023") for line in lines)
    assert any(line.startswith("Porto Health") for line in lines)
    assert any(line.startswith("*") and "triage desk" in line for line in lines)
    unknown = ENTRY_SOURCES["moderncv"].replace(
        r"\section{Education}", r"\mybadge{Certified in triage}\section{Education}"
    )
    assert "Certified in triage" in read_upload(unknown.encode(), "m.tex").text


def test_a_template_macro_counts_only_where_the_source_defines_it_so() -> None:
    """'\\resumeSubheading' of another shape (three arguments) is not read by the template's map."""
    source = ENTRY_SOURCES["resume template"].replace(
        r"\newcommand{\resumeSubheading}[4]", r"\newcommand{\resumeSubheading}[3]"
    )
    text = read_upload(source.encode(), "t.tex").text
    assert "Charge Nurse    Mar 2018 – Jun 2023    Porto Health    Porto" in text


def test_malformed_latex_reads_with_a_warning() -> None:
    """Unbalanced braces, unknown macros and files the source includes still give the words,
    with a warning that says what may be missing; nothing outside the upload is read."""
    broken = (
        ENTRY_SOURCES["moderncv"]
        .replace(r"{Porto}{}{%", r"{Porto}{}{% \input{/etc/hostname}\include{work}\zzunknown{x}{y}")
        .replace(
            r"\cventry{2014 -- 2018}{BSc in Nursing}", r"\cventry{2014 -- 2018}{{BSc in Nursing"
        )
    )
    read = read_upload(broken.encode(), "broken.tex")
    assert "night triage desk" in read.text and "Charge Nurse" in read.text
    assert any("braces do not pair" in w for w in read.warnings)
    assert any("includes other files" in w and "work" in w for w in read.warnings)
    hostname = Path("/etc/hostname")
    if hostname.exists() and hostname.read_text().strip():
        assert hostname.read_text().strip() not in read.text
    parse_resume(broken.encode(), "broken.tex")  # the whole parse runs


def test_deep_nesting_reads_as_text_with_a_warning() -> None:
    """Braces nested past the parser's depth fall back to the plain source, with a warning."""
    deep = "\\documentclass{moderncv}\n\\begin{document}\nLed 6 nurses " + "{" * 5000 + "\n"
    read = read_upload(deep.encode(), "deep.tex")
    assert "Led 6 nurses" in read.text
    assert read.warnings


def test_a_huge_source_stays_within_the_limits() -> None:
    """Many class entries read in bounded time; a source past the text limits is refused
    before any parsing."""
    entry = ENTRY_SOURCES["awesome-cv"].split(r"\begin{cventries}")[1].split(r"\end{cventries}")[0]
    head, tail = ENTRY_SOURCES["awesome-cv"].split(r"\begin{cventries}", 1)
    many = (
        head
        + r"\begin{cventries}"
        + entry * 600
        + r"\end{cventries}"
        + tail.split(r"\end{cventries}", 1)[1]
    )
    started = time.monotonic()
    parsed = parse_resume(many.encode(), "many.tex")
    assert time.monotonic() - started < 60
    assert len(parsed.roles) >= 100
    huge = head + "\\begin{document}\n" + ("\\cvsection{Work}\n" + "x " * 60 + "\n") * 20_000
    with pytest.raises(InputError):
        read_upload(huge.encode(), "huge.tex")
