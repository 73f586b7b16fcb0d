"""The user's decisions carried from one draft to the next (core/draft_carry.py) and answers
taken back (core/answer_edits.py): pure functions over hand-made drafts and boards."""

from __future__ import annotations

from core.answer_edits import KnownCardsIndex
from core.contracts import BulletStatus, DraftBullet, DraftRole, ResumeDraft
from core.draft_carry import CarrySource, PendingChanges, carry_decisions, has_decisions

S = BulletStatus


def line(id_: str, text: str, cards: list[str], status: S = S.PROPOSED) -> DraftBullet:
    return DraftBullet(id=id_, text=text, evidence_card_ids=cards, status=status)


def draft(*bullets: DraftBullet, summary: list[DraftBullet] | None = None) -> ResumeDraft:
    role = DraftRole(role_id="r1", title="Engineer", company="Acme", bullets=list(bullets))
    return ResumeDraft(summary=summary or [], roles=[role])


def texts(d: ResumeDraft) -> dict[str, tuple[str, S]]:
    return {b.id: (b.text, b.status) for b in d.all_bullets()}


def test_edits_and_decisions_go_to_the_line_citing_the_same_evidence_in_the_same_place():
    old = draft(
        line("r1-b1", "Built pipelines every week.", ["c1"], S.EDITED),
        line("r1-b2", "Ran backfills.", ["c2"], S.REJECTED),
        line("r1-b3", "Cut lag by 40%.", ["c3"], S.ACCEPTED),
    )
    # the new draft orders and words the lines differently, and numbers them anew
    new = draft(
        line("r1-b1", "Reduced lag 40%.", ["c3"]),
        line("r1-b2", "Built ETL pipelines.", ["c1"]),
        line("r1-b3", "Backfilled tables.", ["c2"]),
        line("r1-b4", "Wrote tests.", ["c4"]),
    )
    carried = carry_decisions(old, new, known_cards={"c1", "c2", "c3", "c4"})
    assert texts(carried.draft) == {
        "r1-b1": ("Cut lag by 40%.", S.ACCEPTED),
        "r1-b2": ("Built pipelines every week.", S.EDITED),
        "r1-b3": ("Ran backfills.", S.REJECTED),  # what the user rejected, as they saw it
        "r1-b4": ("Wrote tests.", S.PROPOSED),
    }
    assert sorted(carried.decided) == ["r1-b1", "r1-b2", "r1-b3"]
    assert texts(new)["r1-b2"] == ("Built ETL pipelines.", S.PROPOSED)  # the input is untouched


def test_a_decided_line_the_writer_left_out_is_added_back_to_its_role_under_a_free_id():
    old = draft(line("r1-b1", "My own words.", ["c1"], S.EDITED))
    new = draft(line("r1-b1", "Something else.", ["c2"]))
    carried = carry_decisions(old, new, known_cards={"c1", "c2"})
    assert carried.added_back == ["r1-b1-kept"]
    assert texts(carried.draft)["r1-b1-kept"] == ("My own words.", S.EDITED)
    assert carried.draft.roles[0].bullets[0].text == "Something else."


def test_a_role_the_new_draft_lacks_comes_back_with_its_header():
    old = draft(line("r1-b1", "Mine.", ["c1"], S.ACCEPTED))
    new = ResumeDraft(summary=[line("summary-1", "A summary.", ["c9"])])
    carried = carry_decisions(old, new, known_cards={"c1", "c9"})
    assert [(r.role_id, r.company, [b.text for b in r.bullets]) for r in carried.draft.roles] == [
        ("r1", "Acme", ["Mine."])
    ]


def test_a_rejected_line_not_written_again_needs_nothing_and_a_line_on_withdrawn_evidence_is_lost():
    old = draft(
        line("r1-b1", "Gone anyway.", ["c1"], S.REJECTED),
        line("r1-b2", "From my answer.", ["ans-r8-1"], S.EDITED),
    )
    new = draft(line("r1-b1", "Other.", ["c2"]))
    carried = carry_decisions(old, new, known_cards={"c1", "c2"})
    assert texts(carried.draft) == {"r1-b1": ("Other.", S.PROPOSED)}
    assert [b.text for b in carried.lost] == ["From my answer."]


def test_after_answers_only_the_lines_citing_changed_cards_get_new_words():
    old = draft(line("r1-b1", "Old words one.", ["c1"]), line("r1-b2", "Old words two.", ["a1"]))
    new = draft(line("r1-b1", "New words one.", ["c1"]), line("r1-b2", "New words two.", ["a1"]))
    changes = PendingChanges(cards={"a1"}, answers=True)
    carried = carry_decisions(
        old, new, known_cards={"c1", "a1"}, keep_words_unless=changes.keep_words_unless()
    )
    assert texts(carried.draft) == {
        "r1-b1": ("Old words one.", S.PROPOSED),
        "r1-b2": ("New words two.", S.PROPOSED),
    }
    assert carried.words_kept == ["r1-b1"]
    # a strategy change (or a decline) rewrites every undecided line
    assert PendingChanges(cards={"a1"}, answers=True, rewrite_all=True).keep_words_unless() is None
    everything = carry_decisions(old, new, known_cards={"c1", "a1"}, keep_words_unless=None)
    assert texts(everything.draft) == texts(new)


def test_the_summary_keeps_its_decisions_too():
    old = draft(summary=[line("summary-1", "My summary.", ["c1", "c2"], S.EDITED)])
    new = draft(summary=[line("summary-1", "Their summary.", ["c2", "c1"])])
    carried = carry_decisions(old, new, known_cards={"c1", "c2"})
    assert texts(carried.draft)["summary-1"] == ("My summary.", S.EDITED)
    assert has_decisions(old) and not has_decisions(new)


def test_pending_changes_read_back_from_json():
    changes = PendingChanges(cards={"a2", "a1"}, answers=True, rewrite_all=True)
    assert PendingChanges.from_json(changes.to_json()) == changes
    assert PendingChanges.from_json("junk") == PendingChanges()


class _Hit:
    def __init__(self, card_id: str) -> None:
        self.card_id = card_id


class _Ranking:
    def __init__(self, results: list[_Hit]) -> None:
        self.results = results

    def model_copy(self, *, update: dict) -> _Ranking:
        return _Ranking(update["results"])


class _Index:
    def __init__(self) -> None:
        self.cards = ["c1", "ans-1", "c2"]
        self.asked: list[int] = []

    def search(self, query: str, *, k: int = 10, **options) -> _Ranking:
        self.asked.append(k)
        return _Ranking([_Hit("ans-1"), _Hit("c1"), _Hit("c2")][:k])


def test_the_index_as_searched_leaves_out_cards_the_board_no_longer_holds():
    index = _Index()
    searched = KnownCardsIndex(index, lambda: {"c1", "c2"})
    assert [h.card_id for h in searched.search("spark", k=2).results] == ["c1", "c2"]
    assert index.asked == [3]  # one more asked for, to fill the place of the hidden card
    assert searched.cards == ["c1", "ans-1", "c2"]  # everything else is the index's own
    everything = KnownCardsIndex(index, lambda: None)  # no board yet: nothing hidden
    assert [h.card_id for h in everything.search("spark", k=2).results] == ["ans-1", "c1"]


def test_a_carried_line_may_cite_only_cards_that_still_say_the_same():
    source = CarrySource(job=("ad", ""), draft=draft(), cards={"c1": "Built X.", "a1": "Old."})
    now = {"c1": "Built X.", "a1": "New words.", "a2": "A new answer."}
    assert source.known_cards(now) == {"c1", "a2"}  # an answer whose words changed is not
