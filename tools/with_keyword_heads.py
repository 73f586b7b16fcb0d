"""Run any `resumeforge` command with the head-word keyword experiment in the reader's place.

    python -m tools.with_keyword_heads --model DIR [--keep-min T] [--no-back-off] -- eval skills ...
    python -m tools.with_keyword_heads --model DIR -- run --resume R --jd J --out OUT

`core.jd.analyze.read_ad` is wrapped for this process only, so that every ATS keyword list
(`analyze_jd`, and so `eval skills`, `eval keywords` and `run`) is the one `tools.keyword_heads`
builds from the reader's candidates. Measures the experiment in the product's place without
wiring it in (docs/EVALUATION.md, tenth session).
"""

from __future__ import annotations

import argparse
import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import Any

import core.jd.analyze as analyze
from core.cli import main as cli_main
from tools.keyword_heads import HeadModel, headed_keywords
from tools.train_keyword_heads import skillspan_lexicon


def with_heads(
    read_ad: Callable[..., analyze.AdReading], model: HeadModel, back_off: bool
) -> Callable[..., analyze.AdReading]:
    def reading(text: str, **kwargs: Any) -> analyze.AdReading:
        ad = read_ad(text, **kwargs)
        kept = headed_keywords(ad.keywords, ad.clean, model, back_off=back_off)
        return dataclasses.replace(ad, keywords=kept)

    return reading


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", required=True, help="a folder of tools.train_keyword_heads")
    parser.add_argument("--keep-min", type=float, default=None, help="instead of the model's")
    parser.add_argument("--no-back-off", action="store_true", help="keep whole or drop")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="-- then resumeforge's args")
    args = parser.parse_args(argv)
    model = HeadModel.load(Path(args.model), skillspan_lexicon())
    if args.keep_min is not None:
        model.keep_min = args.keep_min
    analyze.read_ad = with_heads(analyze.read_ad, model, not args.no_back_off)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    return int(cli_main(command) or 0)


if __name__ == "__main__":
    raise SystemExit(main())
