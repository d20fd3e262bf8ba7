"""Situations: the long, chatty stories each CR entry settles, a signal of their own for long
questions (docs/rules-index.md, ninth round)."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from rules_index import RulesIndex, catalog
from rules_index.expansion import widen_lead

STORY = (  # a newcomer's long story (the 'what happens now' validation questions)
    "My opponent's card threw away my little pet guy that was stuck onto my hero. Does that"
    " count as a death for my 'when a guy dies' card?"
)


@pytest.fixture
def weighted(index: RulesIndex) -> Iterator[RulesIndex]:
    """The shared index; its ranking weights are put back after the test."""
    before = index.ranker.ranking
    yield index
    index.ranker.ranking = before


def with_situations(index: RulesIndex, weight: float) -> None:
    index.ranker.ranking = dataclasses.replace(index.ranker.ranking, situations=weight)


def test_every_situation_names_an_entry_of_the_comprehensive_rules(index: RulesIndex) -> None:
    items = catalog.situations()
    assert len(items) > 1000
    missing = {ref for doc, ref, _ in items if (doc, ref) not in index.ranker.by_ref}
    assert not missing
    stored = index.conn.execute("select count(*) from situations").fetchone()[0]
    assert stored == len(items)
    assert len(index.ranker.situations.entry) == len(items)


def test_situations_and_questions_are_read_by_their_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "expansions"
    folder.mkdir()
    lines = [
        {"ref": "104.2", "questions": ["what is a wound"]},
        {"ref": "104.2", "situations": ["my guy took a hit, then another, then he died"]},
    ]
    (folder / "cr-test.jsonl").write_text("\n".join(map(json.dumps, lines)) + "\n")
    (folder / "nodoc-test.jsonl").write_text(json.dumps(lines[1]) + "\n")  # no such document
    monkeypatch.setattr(catalog, "EXPANSIONS_DIR", folder)
    catalog.expansions.cache_clear()
    catalog.situations.cache_clear()
    try:
        assert catalog.expansions() == (("cr", "104.2", "what is a wound"),)
        assert catalog.situations() == (
            ("cr", "104.2", "my guy took a hit, then another, then he died"),
        )
    finally:
        catalog.expansions.cache_clear()
        catalog.situations.cache_clear()


def test_a_long_story_finds_the_rule_through_the_situations_it_resembles(
    weighted: RulesIndex,
) -> None:
    with_situations(weighted, 0.0)
    assert [h.ref for h in weighted.search(STORY, limit=1)] != ["104.14"]
    with_situations(weighted, 2.0)
    assert [h.ref for h in weighted.search(STORY, limit=1)] == ["104.14"]


@pytest.mark.parametrize(
    "query",
    [
        "can a stunned character attack",
        "my fighter got shuffled into my deck with a sword on, where does the sword go",
    ],
)
def test_a_short_question_is_not_a_story(weighted: RulesIndex, query: str) -> None:
    with_situations(weighted, 0.0)
    without = [h.ref for h in weighted.search(query, limit=5)]
    with_situations(weighted, 2.0)
    assert [h.ref for h in weighted.search(query, limit=5)] == without


def test_a_clear_lead_among_situations_is_widened() -> None:
    scores = {1: 0.5, 2: 0.4, 3: 0.1}
    widen_lead(scores, 4.0)
    assert scores == pytest.approx({1: 0.9, 2: 0.4, 3: 0.1})
    tied = {1: 0.5, 2: 0.5}
    widen_lead(tied, 4.0)
    assert tied == {1: 0.5, 2: 0.5}
