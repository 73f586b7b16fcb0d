"""LaTeX resume sources read through pylatexenc: the body only, a template's own macros' arguments
as fields, lists as bullets, links as their words, page settings gone; hand-written sources."""

from __future__ import annotations

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
