"""Ranking: numbers, names, synonyms, plain questions, and bad input that must never crash."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_index import QueryError, RulesIndex
from rules_index.synonyms import DEFINED_AT, INTENTS

HERE = Path(__file__).resolve().parent


def refs(index: RulesIndex, query: str, n: int = 3, doc: str | None = None) -> list[str]:
    return [h.ref for h in index.search(query, doc=doc, limit=n)]


def matches(ref: str, expected: list[str]) -> bool:
    """The rules-eval rule: equal, a sub-rule of an expected rule, or a glossary term that
    starts with the expected one ("Glossary: Your" matches "Glossary: Your (Army, ...)")."""
    for e in expected:
        if ref == e or ref.startswith(e + "."):
            return True
        if e.startswith("Glossary: ") and ref.startswith(e):
            return True
    return False


def top_rates(index: RulesIndex, path: Path) -> tuple[float, float, list[str]]:
    questions = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    top1 = top3 = 0
    misses = []
    for q in questions:
        got = refs(index, q["q"])
        top1 += any(matches(r, q["expect"]) for r in got[:1])
        hit3 = any(matches(r, q["expect"]) for r in got[:3])
        top3 += hit3
        if not hit3:
            misses.append(f"{q['q']!r}: expected {q['expect']}, got {got}")
    return top1 / len(questions), top3 / len(questions), misses


def test_every_numbered_rule_comes_first_for_its_number(index: RulesIndex) -> None:
    numbers = [
        r.entry.ref
        for r in index.ranker.rows.values()
        if r.entry.doc == "cr" and r.entry.ref[:1].isdigit()
    ]
    assert len(numbers) == 661
    wrong = [n for n in numbers if refs(index, n, 1) != [n]]
    assert not wrong


def test_every_glossary_keyword_and_feat_name_is_in_the_top_three(index: RulesIndex) -> None:
    rows = [
        r
        for r in index.ranker.rows.values()
        if r.entry.doc == "cr" and r.entry.kind in ("glossary", "keyword", "feat")
    ]
    assert len(rows) == 32 + 19 + 11
    missing = [r.entry.title for r in rows if r.entry.ref not in refs(index, r.entry.title)]
    assert not missing


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("rule 509.5", ["509.5"]),
        ("104.2-104.4", ["104.2", "104.3", "104.4"]),
        ("602.5, 603.9", ["602.5", "603.9"]),
        ("Glossary: Warlord", ["Glossary: Warlord"]),
    ],
)
def test_numbers_ranges_and_lists(index: RulesIndex, query: str, expected: list[str]) -> None:
    assert refs(index, query, 10) == expected


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("plannar", "602.5"),  # typo of a keyword
        ("stealth", "603.12"),  # feat name ranks its rule first
        ("reach", "602.16"),
        ("what is a critical failure", "105.1.2"),
        ("the action zone", "402.1"),  # a zone's name leads to its defining rule
        ("define unstun", "Glossary: Unstun"),
        ("can a stunned character attack", "107.4.3"),
        ("what's a decree", "505.7"),  # the rule that names the historical term
        ("earth action", "510.24"),
        ("subclass", "601.3.1"),
        ("untap", "107.4.5"),  # informal word -> its game term's rule
        ("Épuisé", "107.4"),  # French game term
        ("Seigneur de Guerre", "Glossary: Warlord"),
        ("prouesse Infiltration", "603.12"),
        ("can I hit a guy two rows away with my sword", "602.16"),
        ("can a stuned charactr attack", "107.4.3"),  # typos inside a question
        ("what does 509.5 say about reacts", "509.5"),  # a number inside a question
    ],
)
def test_representative_questions(index: RulesIndex, query: str, expected: str) -> None:
    assert any(matches(ref, [expected]) for ref in refs(index, query))


def test_own_held_out_questions_top3_floor(index: RulesIndex) -> None:
    top1, top3, misses = top_rates(index, HERE / "questions.jsonl")
    assert top3 >= 0.98, misses  # 0.996 / 0.943 with document expansion (sixth round)
    assert top1 >= 0.90, misses


def test_shared_dev_questions_floor(index: RulesIndex, shared: Path) -> None:
    top1, top3, misses = top_rates(index, shared / "eval" / "rules_dev.jsonl")
    assert top3 >= 0.9, misses
    assert top1 >= 0.75, misses


def test_cr_ranks_above_older_editions(index: RulesIndex) -> None:
    hits = index.search("loyalty penalty", limit=5)
    assert hits[0].doc == "cr" and hits[0].ref == "507.1.4"
    assert refs(index, "loyalty penalty", 1, doc="4e-en") == ["LOYALTY PENALTY"]


def test_french_document_search(index: RulesIndex) -> None:
    assert refs(index, "victoire", 1, doc="fr") == ["Victoire"]


def test_defined_terms_point_at_existing_rules(index: RulesIndex) -> None:
    for term, targets in DEFINED_AT.items():
        for ref in targets:
            assert ("cr", ref) in index.ranker.by_ref, (term, ref)


def test_intents_point_at_existing_rules(index: RulesIndex) -> None:
    for _, ref in INTENTS:
        assert ("cr", ref) in index.ranker.by_ref, ref


def test_hits_json_shape(index: RulesIndex) -> None:
    data = index.search("reach")[0].to_json()
    assert {"ref", "doc", "title", "text", "score"} <= set(data)
    assert data["ref"] == "602.16" and data["doc"] == "cr" and data["title"] == "Reach"


@pytest.mark.parametrize("query", ["", "   ", '"', "*", ":", "()", "-", "\x00"])
def test_queries_without_words_are_a_clear_error(index: RulesIndex, query: str) -> None:
    with pytest.raises(QueryError, match="query"):
        index.search(query)


@pytest.mark.parametrize(
    "query",
    [
        '"planar',
        "planar*",
        "rank: front",
        "NEAR(stunned spent)",
        "a AND OR NOT b",
        "x" * 10_000,
        "select * from entries; --",
        "é" * 3000,
        "rule 999",
        "104.99",
        "}{[]^~ planar",
        "1e400",
    ],
)
def test_syntax_characters_and_garbage_never_crash(index: RulesIndex, query: str) -> None:
    hits = index.search(query)
    assert isinstance(hits, list)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.text(max_size=300))
def test_any_text_gives_hits_or_a_clear_error(index: RulesIndex, text: str) -> None:
    try:
        hits = index.search(text)
    except QueryError:
        return
    assert all(h.ref for h in hits)
