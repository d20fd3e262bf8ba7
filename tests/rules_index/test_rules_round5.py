"""Fifth round: ranking weights as one value, and the bot reviewer's reference fixes.

Short unknown numbers suggest the rules they start; one-digit numbers and ranges of them are
sections; plural names are defined by their singular entry.
"""

from __future__ import annotations

import dataclasses

import pytest

from rules_index import RulesIndex, UnknownRuleError, UnknownTermError
from rules_index.search import DEFAULT_WEIGHTS, RankingWeights
from rules_index.text import singular_forms


def test_unknown_two_digit_rule_suggests_the_rules_it_starts(index: RulesIndex) -> None:
    with pytest.raises(UnknownRuleError) as caught:
        index.get("50")
    assert caught.value.nearest[:3] == ["500", "501", "502"]
    assert all(ref.startswith("50") for ref in caught.value.nearest)


def test_unknown_two_digit_section_number_offers_the_section_first(index: RulesIndex) -> None:
    with pytest.raises(UnknownRuleError) as caught:
        index.get("10")
    assert caught.value.nearest[0] == "Section 10"
    assert "100" in caught.value.nearest


def test_one_digit_number_is_a_section(index: RulesIndex) -> None:
    assert [d.entry.ref for d in index.get("5")] == ["Section 5"]
    assert [d.entry.ref for d in index.get("rule 3")] == ["Section 3"]


def test_range_of_section_numbers_gives_the_sections(index: RulesIndex) -> None:
    got = [d.entry.ref for d in index.get("1-9")]
    assert got == [f"Section {n}" for n in range(1, 10)]


def test_range_of_nothing_says_so_in_one_sentence(index: RulesIndex) -> None:
    with pytest.raises(UnknownRuleError, match=r"^No rule is numbered from 60 to 70 in cr\.$"):
        index.get("60-70")


def test_rule_ranges_still_give_rules(index: RulesIndex) -> None:
    refs = [d.entry.ref for d in index.get("104.2-104.4")]
    assert refs[0] == "104.2" and "104.3" in refs


@pytest.mark.parametrize(
    ("typed", "ref"),
    [
        ("strikes", "Glossary: Strike"),
        ("abilities", "Glossary: Ability"),
        ("dual wields", "602.12"),
        ("wounds", "104.1"),  # a term placed by DEFINED_AT keeps its rule
    ],
)
def test_define_folds_plurals_to_the_singular_entry(
    index: RulesIndex, typed: str, ref: str
) -> None:
    assert index.define(typed).entry.ref == ref


def test_get_glossary_plural_finds_the_singular(index: RulesIndex) -> None:
    assert [d.entry.ref for d in index.get("Glossary: Strikes")] == ["Glossary: Strike"]


def test_define_of_a_plural_of_nothing_still_fails(index: RulesIndex) -> None:
    with pytest.raises(UnknownTermError):
        index.define("zorbles")


@pytest.mark.parametrize(
    ("name", "forms"),
    [
        ("strikes", ["strike"]),
        ("abilities", ["ability", "abilitie"]),
        ("matches", ["match", "matche"]),
        ("dual wields", ["dual wield"]),
        ("class", []),
        ("his", []),
    ],
)
def test_singular_forms(name: str, forms: list[str]) -> None:
    assert singular_forms(name) == forms


def test_ranking_weights_are_frozen_and_change_the_ranking(index: RulesIndex) -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        DEFAULT_WEIGHTS.fts_share = 1.0  # type: ignore[misc]
    query = "can a stunned character attack"
    before = [h.score for h in index.search(query, limit=3)]
    try:
        index.ranker.ranking = dataclasses.replace(DEFAULT_WEIGHTS, intent_boost=0.0)
        after = [h.score for h in index.search(query, limit=3)]
    finally:
        index.ranker.ranking = DEFAULT_WEIGHTS
    assert after != before
    assert isinstance(index.ranker.ranking, RankingWeights)
    assert DEFAULT_WEIGHTS.bm25_sql().count(",") == 4


def test_plural_name_is_looked_up_as_its_singular(index: RulesIndex) -> None:
    found = index.lookup("abilities")
    assert found.confident
    assert [d.entry.ref for d in found.details] == ["Glossary: Ability"]
