"""`synonyms_of` finds the classes named inside a term through an index of members by their
first piece; it must give exactly what trying every member gives (same set, same order)."""

from __future__ import annotations

from core.mapping.terms import SynonymClasses, mentions, synonym_classes, synonyms_of
from core.retrieval.synonyms import load_synonyms


def _every_member(term: str, classes: list[set[str]], inside: bool) -> set[str]:
    """The definition: a class counts when the term is a member or names a long member."""
    low = term.lower()
    found: set[str] = set()
    for members in classes:
        if low in members or (inside and any(len(m) > 4 and mentions(low, m) for m in members)):
            found |= members
    found.discard(low)
    return found


def test_index_gives_what_trying_every_member_gives_on_the_bundled_map():
    classes = synonym_classes(load_synonyms())
    assert isinstance(classes, SynonymClasses)
    members = sorted(m for c in classes for m in c)
    terms = [*members, *(f"senior {m.upper()} skills" for m in members)]
    terms += ["Open-Source contributions", "résumé CI/CD", "Go", "", "  "]
    for term in terms:
        for inside in (True, False):
            want = _every_member(term, classes, inside)
            got = synonyms_of(term, classes, inside=inside)
            assert got == want and list(got) == list(want), term
    # terms that name a class only inside them were among those tried
    assert any(synonyms_of(t, classes) != synonyms_of(t, classes, inside=False) for t in terms)


def test_plain_lists_and_members_without_ascii_pieces_are_still_tried():
    classes = [{"kubernetes", "k8s"}, {"café ops", "coffee operations"}, {"-----", "dashes"}]
    assert synonyms_of("Café ops lead", classes) == {"café ops", "coffee operations"}
    assert synonyms_of("running kubernetes clusters", classes) == {"kubernetes", "k8s"}
    assert synonyms_of("running kubernetes clusters", classes, inside=False) == set()
    for term in ("Café ops lead", "coffee operations lead", "k8s", "dashes"):
        assert synonyms_of(term, classes) == _every_member(term, classes, True)
