"""Evidence cards are the unit of retrieval; chunks are what the retrievers score.

- A card of up to `max_words` words is one chunk (id = the card id). A longer card (a paragraph)
  becomes windows of whole sentences of up to `max_words` words, consecutive windows sharing
  `overlap` sentences (ids `card#1`, `card#2`, …); a single sentence longer than the limit is cut
  into word windows that overlap by a fifth.
- A card with more than one sentence or clause (split at . ! ? and ;) also gets one chunk per
  clause of at least `MIN_CLAUSE_WORDS` words (ids `card~1`, …). A sentence embedding of a long
  bullet blurs its parts ("Present a quarterly readout to the executive team; the findings on …
  led to …"); the clause alone matches a query about presenting to executives. On the dev cases
  this lifted vector nDCG@5 from 0.40 to 0.46 (docs/EVALUATION.md).

Every chunk keeps its parent card's id: a card scores as its best chunk and results always report
the card (and role) the text came from.

What the embedding model reads (`embedding_text`) is the chunk with its role title in front for
experience bullets ("Senior Software Engineer, Payments Infrastructure: Rewrote the …"): a bullet
is a fragment whose subject is the role above it. BM25 indexes the chunk text only.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from core.contracts import CardKind, EvidenceCard

MAX_WORDS = 60
OVERLAP_SENTENCES = 1
MIN_CLAUSE_WORDS = 4

# Sentence end: . ! ? (optionally closed by a quote or bracket) followed by space and a capital,
# digit or opening quote — unless the word before is an abbreviation or an initial ("e.g. Kafka",
# "J. Smith"). "3.5 years" never splits (no space after the dot).
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"')\]]?\s+(?=[\"'(\[]?[A-Z0-9])")
_ABBREVIATIONS = frozenset(
    {
        "e.g.",
        "i.e.",
        "etc.",
        "vs.",
        "approx.",
        "incl.",
        "dept.",
        "univ.",
        "inc.",
        "ltd.",
        "co.",
        "corp.",
        "jr.",
        "sr.",
        "dr.",
        "mr.",
        "mrs.",
        "ms.",
        "prof.",
        "st.",
        "no.",
        "fig.",
        "al.",
    }
)
_CLAUSE_END = re.compile(r"(?<=[.;!?])\s+")


@dataclass(frozen=True)
class Chunk:
    chunk_id: str
    card_id: str
    text: str


def chunk_cards(
    cards: Iterable[EvidenceCard], *, max_words: int = MAX_WORDS, overlap: int = OVERLAP_SENTENCES
) -> list[Chunk]:
    chunks: list[Chunk] = []
    for card in cards:
        chunks.extend(chunk_card(card, max_words=max_words, overlap=overlap))
    return chunks


def chunk_card(
    card: EvidenceCard, *, max_words: int = MAX_WORDS, overlap: int = OVERLAP_SENTENCES
) -> list[Chunk]:
    text = " ".join(card.raw_text.split())
    if len(text.split()) <= max_words:
        chunks = [Chunk(chunk_id=card.id, card_id=card.id, text=text)]
    else:
        windows = sentence_windows(split_sentences(text), max_words=max_words, overlap=overlap)
        chunks = [
            Chunk(chunk_id=f"{card.id}#{i}", card_id=card.id, text=window)
            for i, window in enumerate(windows, start=1)
        ]
    clauses = split_clauses(text)
    if len(clauses) > 1:
        chunks += [
            Chunk(chunk_id=f"{card.id}~{i}", card_id=card.id, text=clause)
            for i, clause in enumerate(clauses, start=1)
            if len(clause.split()) >= MIN_CLAUSE_WORDS
        ]
    return chunks


def split_sentences(text: str) -> list[str]:
    sentences: list[str] = []
    start = 0
    for boundary in _SENTENCE_END.finditer(text):
        last_word = text[start : boundary.start()].rsplit(maxsplit=1)[-1:] or [""]
        word = last_word[0].lower()
        if word in _ABBREVIATIONS or re.fullmatch(r"[a-z]\.", word):
            continue
        sentences.append(text[start : boundary.start()].strip())
        start = boundary.end()
    sentences.append(text[start:].strip())
    return [s for s in sentences if s]


def split_clauses(text: str) -> list[str]:
    """Pieces of text ending in . ! ? or ; (finer than sentences; no capital letter needed)."""
    return [c.strip() for c in _CLAUSE_END.split(text) if c.strip()]


def sentence_windows(sentences: list[str], *, max_words: int, overlap: int) -> list[str]:
    """Greedy windows of whole sentences; each new window starts `overlap` sentences back."""
    pieces: list[str] = []
    for sentence in sentences:  # over-long sentences first become word windows
        pieces.extend(word_windows(sentence, max_words=max_words))
    windows: list[str] = []
    start = 0
    while start < len(pieces):
        end, words = start, 0
        while end < len(pieces) and (end == start or words + _words(pieces[end]) <= max_words):
            words += _words(pieces[end])
            end += 1
        windows.append(" ".join(pieces[start:end]))
        if end >= len(pieces):
            break
        start = max(end - overlap, start + 1)
    return windows


def word_windows(sentence: str, *, max_words: int) -> list[str]:
    words = sentence.split()
    if len(words) <= max_words:
        return [sentence]
    step = max(1, max_words - max_words // 5)
    return [" ".join(words[i : i + max_words]) for i in range(0, len(words) - max_words // 5, step)]


def _words(text: str) -> int:
    return len(text.split())


def embedding_text(chunk: Chunk, card: EvidenceCard) -> str:
    """The chunk as the embedding model reads it: experience bullets get their role title."""
    if card.kind == CardKind.EXPERIENCE_BULLET and card.role and card.role not in chunk.text:
        return f"{card.role}: {chunk.text}"
    return chunk.text
