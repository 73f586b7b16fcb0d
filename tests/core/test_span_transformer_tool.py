"""The MiniLM span-tagger experiment (tools/train_span_transformer.py): words labelled at their
first word piece only, B/I/O decoding that never opens a span with I, the frozen layers' cached
output equal to the base model's own, and the delta named as the base's tensors."""

from __future__ import annotations

import argparse

import pytest

torch = pytest.importorskip("torch")

from core.evaluation.span_scoring import Sentence  # noqa: E402
from tools.train_span_transformer import (  # noqa: E402
    LETTERS,
    bio_viterbi,
    delta_tensors,
    encode,
    first_pieces,
    fit,
    frozen_states,
    load_base,
    load_tokenizer,
    score,
    word_targets,
)


def test_decoding_never_puts_an_inside_letter_after_outside_or_first() -> None:
    o, b, i = (LETTERS.index(x) for x in "OBI")
    # argmax would read I, O, I: both I's open a span without a B
    scores = torch.tensor([[0.0, 1.0, 2.0], [3.0, 0.0, 0.0], [1.0, 1.5, 2.0]])
    path = bio_viterbi(scores)
    assert len(path) == 3
    for before, after in zip([o, *path], path, strict=False):
        assert not (after == i and before == o)
    assert path[0] == b  # B is the best letter allowed first
    assert bio_viterbi(torch.zeros(0, 3)) == []
    clear = torch.tensor([[0.0, 5.0, 0.0], [0.0, 0.0, 5.0], [5.0, 0.0, 0.0]])
    assert bio_viterbi(clear) == [b, i, o]  # a valid argmax stays as it is


def test_each_word_is_labelled_at_its_first_piece_only() -> None:
    assert first_pieces([None, 0, 1, 1, 1, 2, None], 4) == [1, 2, 5, -1]
    tokenizer = load_tokenizer()
    words = ["Kubernetes", "and", "Terraform"]
    enc = tokenizer([words], is_split_into_words=True)
    first = first_pieces(enc.word_ids(0), 3)
    assert first[0] == 1 and first[1] > 2  # "kubernetes" is more than one piece
    pieces = enc.tokens(0)
    assert pieces[first[1]] == "and" and pieces[first[2]].startswith("terra")


@pytest.mark.slow
def test_cached_frozen_layers_equal_the_base_model_and_the_delta_is_named_as_the_base() -> None:
    tokenizer, base = load_base()
    enc = tokenizer(
        [["Python", "and", "SQL", "skills"], ["Hi"]],
        is_split_into_words=True,
        padding=True,
        return_tensors="pt",
    )
    with torch.no_grad():
        whole = base(**enc).last_hidden_state
    cached = frozen_states(base, enc["input_ids"], enc["attention_mask"], 6)
    real = enc["attention_mask"].bool()
    assert torch.allclose(whole[real], cached[real], atol=1e-4)

    tokens = ("Experience", "with", "Kubernetes", "and", "Python", ".")
    sentence = Sentence(
        tokens, {"knowledge": frozenset({(2, 3), (4, 5)}), "skill": frozenset()}, ("t", 1)
    )
    items = encode([sentence] * 8, tokenizer, base, 5)
    targets = word_targets(items[:1], "knowledge", len(items[0].mask))
    labelled = targets[0][targets[0] >= 0].tolist()
    assert labelled == [0, 0, 1, 0, 1, 0]  # one letter per word: O O B O B O
    args = argparse.Namespace(layers=1, epochs=10, lr=1e-4, head_lr=1e-2, batch=4, skill_weight=1.0)
    model = fit(base, items, args)
    assert score(model, items, [sentence] * 8)["knowledge"][2] == 1.0  # learns what it saw
    delta = delta_tensors(model)
    names = {k for k in delta if k.startswith("encoder.")}
    assert names and all(k.startswith("encoder.layer.5.") for k in names)
    base_state = base.state_dict()
    for key in names:
        assert tuple(delta[key].shape) == tuple(base_state[key].shape)
        assert str(delta[key].dtype) == "float16"
    assert {"head.knowledge.weight", "head.skill.bias"} <= set(delta)
