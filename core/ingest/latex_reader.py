"""A LaTeX resume's source → the text its PDF would show, through pylatexenc (a maintained LaTeX
parser; a regex over macros would not know where an argument ends).

Only the document body is read (the preamble is set-up). Known macros and environments render as
pylatexenc renders them (\\textbf, \\section, itemize items as '*' bullets, '--' as a dash);
\\hfill and the arguments of a template's own macros ('\\resumeSubheading{Acme}{NYC}{Engineer}
{2019 -- 2021}') are set apart by a wide gap, as the page lays them out in fields; links show
their words; pictures, table column specs and the rows and type size a cell sets ('\\multirow{5}{*}
{…}', '\\fontsize{50}{60}\\selectfont') show nothing. A source pylatexenc cannot read is
read as plain text, with a warning.

CV classes (moderncv, awesome-cv, altacv, res, twentysecondcv) take the person's name and contact
in the preamble ('\\name{Jane}{Quill}', '\\email{…}', '\\phone[mobile]{…}', '\\cvname{…}') and
print them with a macro of their own ('\\makecvtitle'); those fields are read from the preamble
and set at the top of the text, as the page shows them. Standard LaTeX's '\\author{…}' (or, with
no author, the '\\title{…}' a CV written as an article gives its name) counts only where the body
has '\\maketitle'.
Their entry macros ('\\cventry{…}…') are set in the rows `latex_classes` gives them. Files the
source includes are not read, and they and braces that do not pair are named in a warning.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from core.ingest.latex_classes import Entry, entries_of, laid_out

_GAP = "    "  # a field gap: how the text reader sees fields a page sets apart
_BODY = re.compile(r"\\begin\s*\{document\}(.*?)(?:\\end\s*\{document\}|\Z)", re.S)
# an argument that sets the page, not words: a length, a number, a colour name
_SETTING = re.compile(r"-?\d*\.?\d+\s*(?:cm|mm|pt|in|em|ex|pc|bp|sp)?|[a-z]+!\d+|\\\w+")
_LATEX = re.compile(r"\\documentclass|\\begin\s*\{document\}")
# the CV classes' preamble macros for the person (their documented interface, not wording)
_OPTION = re.compile(r"\s*(?:\[[^\]]*\]\s*)?")  # blank, or an optional argument '[mobile]'
_NAME_MACROS = ("name", "firstname", "familyname", "cvname")
_CONTACT_MACROS = (
    "email", "phone", "mobile", "mobilephone", "address", "location",
    "homepage", "social", "linkedin", "github",
    "cvmail", "cvnumberphone", "cvaddress", "cvsite",  # twentysecondcv
)  # fmt: skip
_INCLUDE = re.compile(r"\\(?:input|include|subfile|import)\s*\{([^{}]{1,200})\}")
_COMMENT = re.compile(r"(?<!\\)%[^\n]*")
_BRACES = re.compile(r"(?<!\\)[{}]")
_HOLDERS = ("personalinfo",)  # a class macro whose argument holds the contact macros
_LOWER_HEADINGS = ("subsection", "subsubsection", "paragraph", "subparagraph")


def looks_like_latex(text: str) -> bool:
    return bool(_LATEX.search(text[:20000]))


def _entry_text(entry: Entry) -> Any:
    """The text of a class's entry macro: its arguments' words set in the entry's rows."""

    def text(node: Any, l2tobj: Any) -> str:
        args = getattr(node.nodeargd, "argnlist", None) or []
        words = ["" if arg is None else l2tobj.nodelist_to_text([arg]) for arg in args]
        return laid_out(entry, words + [""] * (len(entry.args) - len(words)), _GAP)

    return text


@lru_cache(maxsize=8)  # built once per class: the parser's macro tables, with a resume's own
def _contexts(entries: tuple[tuple[str, Entry], ...] = ()) -> tuple[Any, Any]:
    from pylatexenc import latexwalker, macrospec
    from pylatexenc.latex2text import MacroTextSpec, get_default_latex_context_db

    walk = latexwalker.get_default_latex_context_db()
    walk.add_context_category(
        "resume",
        prepend=True,
        macros=[
            macrospec.MacroSpec("href", "{{"),
            macrospec.MacroSpec("url", "{"),
            macrospec.MacroSpec("multicolumn", "{{{"),
            macrospec.MacroSpec("includegraphics", "[{"),
            macrospec.MacroSpec("multirow", "[{[{[{"),
            macrospec.MacroSpec("fontsize", "{{"),
            macrospec.MacroSpec("selectfont", ""),
            *(macrospec.MacroSpec(name, entry.args) for name, entry in entries),
        ],
    )
    text = get_default_latex_context_db()
    text.add_context_category(
        "resume",
        prepend=True,
        macros=[
            MacroTextSpec("href", simplify_repl="%(2)s"),
            MacroTextSpec("url", simplify_repl="%(1)s"),
            MacroTextSpec("multicolumn", simplify_repl="%(3)s"),
            MacroTextSpec("includegraphics", simplify_repl=""),
            MacroTextSpec("multirow", simplify_repl="%(6)s"),  # \\multirow{5}{*}{text}
            MacroTextSpec("fontsize", simplify_repl=""),
            MacroTextSpec("selectfont", simplify_repl=""),
            MacroTextSpec("hfill", simplify_repl=_GAP),
            # a lower heading as its words (an employer or school in a CV's section), not
            # pylatexenc's numbering marks ('§.§ Riverbend University')
            *(MacroTextSpec(name, simplify_repl=_heading_words) for name in _LOWER_HEADINGS),
            *(MacroTextSpec(name, simplify_repl=_entry_text(entry)) for name, entry in entries),
        ],
    )
    return walk, text


def _heading_words(node: Any, l2tobj: Any) -> str:
    """A heading macro's title (its last argument) on a line of its own."""
    args = [arg for arg in getattr(node.nodeargd, "argnlist", None) or [] if arg is not None]
    return f"\n\n{l2tobj.nodelist_to_text(args[-1:]).strip()}\n" if args else ""


def _renderer(context: Any) -> Any:
    from pylatexenc import latexwalker
    from pylatexenc.latex2text import LatexNodes2Text

    class Fields(LatexNodes2Text):
        """Brace groups side by side (a macro's arguments) are fields, set apart by a gap."""

        def nodelist_to_text(self, nodelist: Any, textcol: int = 0) -> str:
            out, last = "", None
            for node in nodelist:
                text = self.node_to_text(node, textcol=textcol)
                group = node is not None and node.isNodeType(latexwalker.LatexGroupNode)
                if group and last is not None and out.strip() and text.strip():
                    out += _GAP
                out += text
                blank = node is None or (
                    node.isNodeType(latexwalker.LatexCharsNode) and not node.chars.strip()
                )
                last = node if group else (last if blank else None)
            return str(out)

        def macro_node_to_text(self, node: Any) -> str:
            """A macro the text rules do not know ('\\texttt{…}') shows its arguments."""
            text = super().macro_node_to_text(node)
            args = getattr(node.nodeargd, "argnlist", None) or []
            if text.strip() or not args:
                return str(text)
            shown = (self.nodelist_to_text([arg]).strip() for arg in args if arg is not None)
            return _GAP.join(part for part in shown if part and not _SETTING.fullmatch(part))

    return Fields(latex_context=context, math_mode="text", strict_latex_spaces=False)


def _macro_fields(nodes: list[Any], renderer: Any) -> list[tuple[str, list[str]]]:
    """Each top-level macro with the words of its arguments: its parsed ones, else the brace
    groups after it ('\\name{Jane}{Quill}' → ('name', ['Jane', 'Quill'])); '[mobile]' skipped."""
    from pylatexenc import latexwalker

    found: list[tuple[str, list[str]]] = []
    for node in nodes:
        if node is None:
            continue
        if node.isNodeType(latexwalker.LatexMacroNode):
            args = getattr(node.nodeargd, "argnlist", None) or []
            words = [renderer.nodelist_to_text([arg]).strip() for arg in args if arg is not None]
            found.append((node.macroname, [w for w in words if w]))
        elif found and found[-1][0] in _HOLDERS and node.isNodeType(latexwalker.LatexGroupNode):
            found += _macro_fields(node.nodelist, renderer)  # altacv: \personalinfo{\email{…}…}
        elif found and node.isNodeType(latexwalker.LatexGroupNode):
            words = renderer.nodelist_to_text(node.nodelist).strip()
            if words:
                found[-1][1].append(words)
        elif node.isNodeType(latexwalker.LatexCharsNode) and not _OPTION.fullmatch(node.chars):
            found.append(("", []))  # words between: the next group is not an argument
    return found


def _person_lines(preamble: str, body: str, walk: Any, renderer: Any) -> list[str]:
    """The name and contact lines a CV class prints from its preamble fields."""
    from pylatexenc import latexwalker

    nodes, _, _ = latexwalker.LatexWalker(
        preamble, latex_context=walk, tolerant_parsing=True
    ).get_latex_nodes()
    fields = _macro_fields(nodes, renderer)
    names = _NAME_MACROS + (_title_names(fields) if "\\maketitle" in body else ())
    name = " ".join(" ".join(words) for macro, words in fields if macro in names and words)
    contact = [", ".join(words) for macro, words in fields if macro in _CONTACT_MACROS and words]
    return [line for line in (name, *contact) if line.strip()]


def _title_names(fields: list[tuple[str, list[str]]]) -> tuple[str, ...]:
    """What '\\maketitle' prints that names the person: the author ('\\title{Curriculum Vitae}'
    above '\\author{Jane Quill}'), else the title a CV written as an article gives its name."""
    return (
        ("author",) if any(macro == "author" and words for macro, words in fields) else ("title",)
    )


def latex_text(source: str, name: str) -> tuple[str, list[str]]:
    """The body of a LaTeX source as text, and warnings (its plain text when it cannot be read)."""
    from pylatexenc import latexwalker

    match = _BODY.search(source)
    body = match.group(1) if match else source
    preamble = source[: match.start()] if match else ""
    try:
        walk, text = _contexts(entries_of(preamble))
        renderer = _renderer(text)
        nodes, _, _ = latexwalker.LatexWalker(
            body, latex_context=walk, tolerant_parsing=True
        ).get_latex_nodes()
        read = "\n".join(
            [*_person_lines(preamble, body, walk, renderer), renderer.nodelist_to_text(nodes)]
        )
    except Exception as err:  # any parser failure: read the source as text
        return source, [
            f"{name}: its LaTeX could not be read ({type(err).__name__}); the source "
            "was read as plain text. Upload the PDF it makes for a cleaner reading."
        ]
    lines = [line.strip() for line in read.expandtabs().split("\n")]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip() + "\n", source_warnings(body, name)


def source_warnings(body: str, name: str) -> list[str]:
    """What the reading may have missed: files the source includes, braces that do not pair."""
    warnings = []
    included = sorted(set(_INCLUDE.findall(body)))
    if included:
        warnings.append(
            f"{name} includes other files ({', '.join(included[:5])}) that were not uploaded; "
            "their text is not read. Upload the PDF it makes to read all of it."
        )
    braces = _BRACES.findall(
        _COMMENT.sub("", body.replace("\\\\", "  "))
    )  # a line break, not an escape
    if braces.count("{") != braces.count("}"):
        warnings.append(
            f"{name}: its braces do not pair ({braces.count('{')} opened, {braces.count('}')} "
            "closed); the text was read as far as it could be, some of it may be out of place."
        )
    return warnings
