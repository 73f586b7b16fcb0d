"""Random-weight BERT cross-encoders built locally (no download): plumbing tests and timing.

`build_cross_encoder(folder, shape=TINY)` trains a small WordPiece tokenizer on the given texts
with `tokenizers`, creates a BertForSequenceClassification with random weights from a
BertConfig, and saves both, so `CrossEncoder(str(folder))` loads it. Scores are meaningless;
with `shape=MINILM_L6` the network has the layer count and widths of
cross-encoder/ms-marco-MiniLM-L-6-v2, so its latency stands in for the real model's.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class BertShape:
    layers: int
    hidden: int
    heads: int
    intermediate: int
    vocab: int
    max_positions: int = 512


TINY = BertShape(layers=2, hidden=32, heads=2, intermediate=64, vocab=600)
MINILM_L6 = BertShape(layers=6, hidden=384, heads=12, intermediate=1536, vocab=30522)

_SPECIAL_TOKENS = {
    "pad_token": "[PAD]",
    "unk_token": "[UNK]",
    "cls_token": "[CLS]",
    "sep_token": "[SEP]",
    "mask_token": "[MASK]",
}


def build_cross_encoder(
    folder: Path, *, texts: Iterable[str], shape: BertShape = TINY, seed: int = 0
) -> Path:
    """Save a random-weight cross-encoder (model + tokenizer) into `folder` and return it."""
    import torch
    from transformers import BertConfig, BertForSequenceClassification
    from transformers.utils import logging as hf_logging

    hf_logging.disable_progress_bar()
    folder.mkdir(parents=True, exist_ok=True)
    vocab_size = _save_tokenizer(folder, texts, shape)
    torch.manual_seed(seed)
    config = BertConfig(
        vocab_size=max(shape.vocab, vocab_size),
        hidden_size=shape.hidden,
        num_hidden_layers=shape.layers,
        num_attention_heads=shape.heads,
        intermediate_size=shape.intermediate,
        max_position_embeddings=shape.max_positions,
    )
    config.num_labels = 1  # one relevance score per pair
    BertForSequenceClassification(config).eval().save_pretrained(str(folder))
    return folder


def _save_tokenizer(folder: Path, texts: Iterable[str], shape: BertShape) -> int:
    """Train a BERT-style WordPiece tokenizer on `texts`, save it; return its vocabulary size."""
    from tokenizers import Tokenizer, decoders, models, normalizers, pre_tokenizers, trainers
    from tokenizers.processors import TemplateProcessing
    from transformers import PreTrainedTokenizerFast

    tokenizer = Tokenizer(models.WordPiece(unk_token=_SPECIAL_TOKENS["unk_token"]))
    tokenizer.normalizer = normalizers.BertNormalizer(lowercase=True)
    tokenizer.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    tokenizer.decoder = decoders.WordPiece()
    special = list(_SPECIAL_TOKENS.values())
    trainer = trainers.WordPieceTrainer(vocab_size=shape.vocab, special_tokens=special)
    tokenizer.train_from_iterator(list(texts) or ["empty"], trainer=trainer)
    cls_id, sep_id = tokenizer.token_to_id("[CLS]"), tokenizer.token_to_id("[SEP]")
    tokenizer.post_processor = TemplateProcessing(
        single="[CLS] $A [SEP]",
        pair="[CLS] $A [SEP] $B:1 [SEP]:1",
        special_tokens=[("[CLS]", cls_id), ("[SEP]", sep_id)],
    )
    fast = PreTrainedTokenizerFast(
        tokenizer_object=tokenizer, model_max_length=shape.max_positions, **_SPECIAL_TOKENS
    )
    fast.save_pretrained(str(folder))
    return tokenizer.get_vocab_size()
