"""A LaTeX resume's source → the text its PDF would show, through pylatexenc (a maintained LaTeX
parser; a regex over macros would not know where an argument ends).

Only the document body is read (the preamble is set-up). Known macros and environments render as
pylatexenc renders them (\\textbf, \\section, itemize items as '*' bullets, '--' as a dash);
\\hfill and the arguments of a template's own macros ('\\resumeSubheading{Acme}{NYC}{Engineer}
{2019 -- 2021}') are set apart by a wide gap, as the page lays them out in fields; links show
their words; pictures, table column specs and the rows and type size a cell sets ('\\multirow{5}{*}
{…}', '\\fontsize{50}{60}\\selectfont') show nothing. A source pylatexenc cannot read is
read as plain text, with a warning.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

_GAP = "    "  # a field gap: how the text reader sees fields a page sets apart
_BODY = re.compile(r"\\begin\s*\{document\}(.*?)(?:\\end\s*\{document\}|\Z)", re.S)
# an argument that sets the page, not words: a length, a number, a colour name
_SETTING = re.compile(r"-?\d*\.?\d+\s*(?:cm|mm|pt|in|em|ex|pc|bp|sp)?|[a-z]+!\d+|\\\w+")
_LATEX = re.compile(r"\\documentclass|\\begin\s*\{document\}")


def looks_like_latex(text: str) -> bool:
    return bool(_LATEX.search(text[:20000]))


@lru_cache(maxsize=1)  # built once: the parser's macro tables, with a resume's own
def _contexts() -> tuple[Any, Any]:
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
        ],
    )
    return walk, text


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


def latex_text(source: str, name: str) -> tuple[str, list[str]]:
    """The body of a LaTeX source as text, and warnings (its plain text when it cannot be read)."""
    from pylatexenc import latexwalker

    match = _BODY.search(source)
    body = match.group(1) if match else source
    try:
        walk, text = _contexts()
        nodes, _, _ = latexwalker.LatexWalker(
            body, latex_context=walk, tolerant_parsing=True
        ).get_latex_nodes()
        read = _renderer(text).nodelist_to_text(nodes)
    except Exception as err:  # any parser failure: read the source as text
        return source, [
            f"{name}: its LaTeX could not be read ({type(err).__name__}); the source "
            "was read as plain text. Upload the PDF it makes for a cleaner reading."
        ]
    lines = [line.strip() for line in read.expandtabs().split("\n")]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip() + "\n", []
