"""Find the evidence an uncited bullet rests on (for `resumeforge audit` and the probe eval).

BM25 over the resume's cards picks the best card; further cards join only when they add at
least two bullet words the chosen cards do not yet cover (a line that merges two facts cites
both), up to three cards. Employer names are taken out of the query first, so "At Ledgerline,
built a rate limiter" finds the rate-limiter card wherever it is, and the employer check can
then say the work was done elsewhere. When the bullet names an employer and that employer's
own best card scores almost as well, that card is preferred (the bullet is plausibly about it).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from rank_bm25 import BM25Okapi

from core.audit.names import find_employers, normalise_org
from core.contracts import CardKind, EvidenceCard, RoleEntry
from core.retrieval.text_analysis import tokenize

MAX_CARDS = 3
MIN_NEW_WORDS = 2
FOLLOWER_SHARE = 0.3  # a further card must score at least this share of the best one
SAME_EMPLOYER_SHARE = 0.8
SKIPPED_KINDS = (CardKind.SKILL,)


class PositiveIdfBM25(BM25Okapi):
    """BM25 with Lucene's idf, which stays positive: a resume of two cards still ranks."""

    def _calc_idf(self, nd: dict[str, int]) -> None:
        for word, freq in nd.items():
            self.idf[word] = math.log(1 + (self.corpus_size - freq + 0.5) / (freq + 0.5))


@dataclass
class CardMatcher:
    """A BM25 index over one resume's cards, built once and reused for every bullet."""

    cards: list[EvidenceCard]
    roles: list[RoleEntry]

    def __post_init__(self) -> None:
        self.pool = [c for c in self.cards if c.kind not in SKIPPED_KINDS and c.raw_text.strip()]
        self.tokens = [set(tokenize(c.raw_text)) for c in self.pool]
        corpus = [tokenize(c.raw_text) or ["_"] for c in self.pool]
        self.bm25 = PositiveIdfBM25(corpus) if corpus else None
        role_company = {r.id: normalise_org(r.company) for r in self.roles}
        self.company = [
            role_company.get(c.role_id or "", normalise_org(c.company)) for c in self.pool
        ]

    def match(self, text: str) -> list[EvidenceCard]:
        """The cards this bullet most likely rests on, best first (empty when nothing fits)."""
        if self.bm25 is None:
            return []
        mentions = find_employers(text, self.roles)
        query_text = text
        for mention in reversed(mentions):
            query_text = query_text[: mention.start] + " " + query_text[mention.end :]
        query = tokenize(query_text)
        if not query:
            return []
        scores = list(self.bm25.get_scores(query))
        order = sorted(range(len(self.pool)), key=lambda i: -scores[i])
        if not order or scores[order[0]] <= 0:
            return []
        best = self._prefer_named_employer(order, scores, {m.key for m in mentions})
        return [self.pool[i] for i in self._cover(best, order, scores, set(query))]

    def _prefer_named_employer(
        self, order: Sequence[int], scores: Sequence[float], named: set[str]
    ) -> int:
        top = order[0]
        if not named or self.company[top] in named:
            return top
        for i in order[1:]:
            if self.company[i] in named:
                return i if scores[i] >= SAME_EMPLOYER_SHARE * scores[top] else top
        return top

    def _cover(
        self, best: int, order: Sequence[int], scores: Sequence[float], query: set[str]
    ) -> list[int]:
        chosen = [best]
        covered = self.tokens[best] & query
        for i in order:
            if len(chosen) >= MAX_CARDS or scores[i] < FOLLOWER_SHARE * scores[best]:
                break
            if i in chosen:
                continue
            new = {t for t in (self.tokens[i] & query) - covered if not re.search(r"\d", t)}
            if len(new) >= MIN_NEW_WORDS:
                chosen.append(i)
                covered |= self.tokens[i] & query
        return chosen
