"""Answers from the older documents come when asked for, or below the CR answer for the same
thing (issue 9): `documents/concordance.json` says which CR rule that is."""

from __future__ import annotations

import pytest

from rules_index import RulesIndex
from rules_index.catalog import concordance

PAIRS = sorted(concordance().items())


def test_every_concordance_heading_and_rule_exists(index: RulesIndex) -> None:
    for (doc, heading), ref in PAIRS:
        assert (doc, heading) in index.ranker.by_ref, f"{doc}: no heading {heading!r}"
        assert ("cr", ref) in index.ranker.by_ref, f"no CR rule {ref} (for {heading!r})"


@pytest.mark.parametrize(("key", "ref"), PAIRS, ids=[f"{d}:{h}" for (d, h), _ in PAIRS])
def test_the_cr_rule_ranks_above_the_older_entry_on_the_same_thing(
    index: RulesIndex, key: tuple[str, str], ref: str
) -> None:
    heading = key[1]
    hits = [(h.doc, h.ref) for h in index.search(heading.lower(), limit=20)]
    if key in hits:
        assert ("cr", ref) in hits[: hits.index(key)], hits[:5]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("steps of an action", "510.5"),
        ("illegal actions", "510.9"),
        ("using a react", "508.4"),
        ("leaving play", "510.12"),
    ],
)
def test_a_cr_question_is_answered_by_the_cr_first(
    index: RulesIndex, query: str, expected: str
) -> None:
    hits = index.search(query, limit=5)
    assert (hits[0].doc, hits[0].ref) == ("cr", expected)
    assert any(h.doc != "cr" for h in hits[1:])  # the older wording still follows
    found = index.lookup(query)
    assert found.confident and found.details[0].entry.ref == expected


def test_the_older_document_first_when_asked_for(index: RulesIndex) -> None:
    assert index.search("steps of an action", doc="4e-en")[0].ref == "STEPS OF AN ACTION"
    assert index.search("steps of an action", doc="4e-web")[0].ref == "Steps of an Action"


def test_a_reordering_leaves_older_entries_in_their_places(index: RulesIndex) -> None:
    """The meaning layer re-orders the CR's rules by the questions they answer; an older
    entry, which has none, keeps its place (it stays below its CR rule, above the rest)."""
    ranker = index.ranker
    c1, c2, c3 = (ranker.by_ref[("cr", ref)].id for ref in ("510.12", "700.5", "709.4"))
    older = ranker.by_ref[("4e-web", "Leaving play")].id
    assert ranker._others_in_place([c1, older, c2, c3], [c3, c2, older, c1]) == [
        c3,
        older,
        c2,
        c1,
    ]
