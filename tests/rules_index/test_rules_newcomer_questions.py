"""Newcomers' questions: for every CR entry, the questions a new player asks about it in
everyday words, a signal of their own that counts when the rules' words cover the question
poorly (docs/rules-index.md, eleventh round)."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator

import pytest

from rules_index import RulesIndex, catalog
from rules_index.expansion import newcomer_lift

# "say I'm done" is a newcomer's "pass" (505.4): no rule says it that way.
DONE = "if I say I'm done for now, can I jump back in later this round?"


@pytest.fixture
def weighted(index: RulesIndex) -> Iterator[RulesIndex]:
    """The shared index; its ranking weights are put back after the test."""
    before = index.ranker.ranking
    yield index
    index.ranker.ranking = before


def test_every_entry_has_three_newcomer_questions_of_an_existing_rule(index: RulesIndex) -> None:
    """Two questions under "newcomer", one short situation under "situations", per line."""
    lines = [
        json.loads(line)
        for path in sorted(catalog.EXPANSIONS_DIR.glob("cr-2.0.7-newcomer-*.jsonl"))
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]
    assert len(lines) == 618
    for item in lines:
        assert set(item) == {"ref", "newcomer", "situations"}
        assert len(item["newcomer"]) == 2 and len(item["situations"]) == 1
        assert all(t.strip() for t in item["newcomer"] + item["situations"])
        assert ("cr", item["ref"]) in index.ranker.by_ref, item["ref"]
    items = catalog.newcomer_questions()
    assert len(items) == 2 * len(lines)
    stored = index.conn.execute("select count(*) from newcomer").fetchone()[0]
    assert stored == len(items) == len(index.ranker.newcomer.entry)
    situations = set(catalog.situations())
    assert all(("cr", i["ref"], i["situations"][0]) in situations for i in lines)


def test_a_newcomer_question_finds_its_rule_through_the_newcomer_questions(
    weighted: RulesIndex,
) -> None:
    """The players' questions of the fourteenth round find 505.4 too: the newcomers' lift it."""
    weighted.ranker.ranking = dataclasses.replace(weighted.ranker.ranking, newcomer=0.0)
    without = {h.ref: h.score for h in weighted.search(DONE, limit=5)}
    weighted.ranker.ranking = dataclasses.replace(weighted.ranker.ranking, newcomer=1.5)
    hits = weighted.search(DONE, limit=5)
    assert hits[0].ref == "505.4"
    assert hits[0].score > without.get("505.4", 0.0) + 0.1


def test_the_newcomer_questions_count_only_when_the_rules_words_fall_short(
    index: RulesIndex,
) -> None:
    ranker = index.ranker
    plan = ranker.plan("can I pass and act again later in the phase")
    weights = [ranker.concept_weight(own, syn) for own, syn in plan.concepts]
    every_word = frozenset(s for own, _ in plan.concepts for s in own)
    some = frozenset(next(iter(own)) for own, _ in plan.concepts[:1])
    args = (ranker.newcomer, plan, weights, weights)
    assert newcomer_lift(*args, [every_word], 1.5, 0.8) == {}
    assert newcomer_lift(*args, [some], 1.5, 0.8)
    assert newcomer_lift(*args, [some], 1.5, 0.0) == {}
    assert newcomer_lift(*args, [some], 0.0, 0.8) == {}
