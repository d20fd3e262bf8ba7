"""The tenth round: the first answer (docs/rules-index.md, "The first answer")."""

from __future__ import annotations

import dataclasses

import pytest

from rules_index import RulesIndex, catalog
from rules_index.specific import cases_of, named_cases_first


def refs(index: RulesIndex, query: str) -> list[str]:
    return [h.ref for h in index.search(query, limit=3)]


@pytest.mark.parametrize(
    ("query", "case"),
    [
        ("alliance format deck size", "801.5.2"),
        ("minimum deck size for draft", "801.6.1"),
        ("how many cards in a sealed deck", "801.7.1"),
    ],
)
def test_a_named_format_answers_before_the_general_rule_it_cites(
    index: RulesIndex, query: str, case: str
) -> None:
    """801.5.2: "Decks for the Alliance format must contain exactly 70 cards, including your
    starting army (contrary to rule 108.2)." The question names the case, so the case's rule
    comes first and the general one follows."""
    assert refs(index, query)[0] == case


def test_without_a_named_case_the_general_rule_stays_first(index: RulesIndex) -> None:
    """108.2: "The minimum deck size for Constructed (801.2) play is 50 cards." """
    assert refs(index, "minimum deck size")[0] == "108.2"


def test_cases_are_entries_citing_a_rule_from_under_another_heading(index: RulesIndex) -> None:
    ranker = index.ranker
    general = ranker.by_ref[("cr", "108.2")].id
    cases = {ranker.rows[rid].entry.ref for rid in ranker.cases[general]}
    assert {"801.5.2", "801.6.1"} <= cases
    same_heading = cases_of(ranker.rows, {general: frozenset({ranker.by_ref[("cr", "108.1")].id})})
    assert same_heading == {}  # 108.2 citing 108.1 would be no case of it: one heading


def test_a_case_the_question_does_not_name_keeps_its_place(index: RulesIndex) -> None:
    ranker = index.ranker
    general, case = ranker.by_ref[("cr", "108.2")].id, ranker.by_ref[("cr", "801.5.2")].id
    scores, how = {general: 2.0, case: 1.0}, {general: "term", case: "fulltext"}
    named_cases_first(scores, how, ranker.rows, ranker.cases, " minimum deck size ", 0.05)
    assert scores == {general: 2.0, case: 1.0}
    named_cases_first(scores, how, ranker.rows, ranker.cases, " alliance deck size ", 0.05)
    assert scores[case] == pytest.approx(2.05)
    scores, how = {general: 2.0}, {general: "term"}  # a case no layer found joins the list
    named_cases_first(scores, how, ranker.rows, ranker.cases, " alliance deck size ", 0.05)
    assert how[case] == "term"


def test_a_glossary_entry_is_no_case_of_the_rule_it_cites(index: RulesIndex) -> None:
    """Glossary: Standard Order cites 507.2.1; it defines the term, it states no case."""
    ranker = index.ranker
    general = ranker.by_ref[("cr", "507.2.1")].id
    glossary = ranker.by_ref[("cr", "Glossary: Standard Order")].id
    assert general in ranker.links.get(glossary, frozenset())
    assert glossary not in ranker.cases.get(general, [])


def test_every_newcomer_question_names_an_entry_of_the_comprehensive_rules(
    index: RulesIndex,
) -> None:
    items = catalog.newcomer_questions()
    assert len(items) > 1200  # two a line: the third, a short situation, is a situation
    missing = {ref for doc, ref, _ in items if (doc, ref) not in index.ranker.by_ref}
    assert not missing
    stored = index.conn.execute("select count(*) from newcomer").fetchone()[0]
    assert stored == len(items)
    assert not set(catalog.newcomer_questions()) & set(catalog.expansions())  # kept apart


def test_newcomers_questions_count_where_they_match_better(index: RulesIndex) -> None:
    """704.3: counters are removed from a card that leaves play; asked in plain words."""
    query = "do counters stay on a card that goes back to hand"
    before = index.ranker.ranking
    try:
        index.ranker.ranking = dataclasses.replace(before, newcomer=0.0)
        without = {h.ref: h.score for h in index.search(query, limit=5)}
    finally:
        index.ranker.ranking = before
    hits = index.search(query, limit=5)
    assert hits[0].ref == "704.3"  # the players' questions of the fourteenth round find it too
    assert hits[0].score > without.get("704.3", 0.0) + 0.1
