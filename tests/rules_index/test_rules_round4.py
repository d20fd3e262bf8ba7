"""Fourth tuning round: mechanisms for chat-style situational questions, not vocabulary.

Abbreviations found by prefix against the rules' own words, "X vs Y" only between short
names, counts as "more than one", signed numbers as bonuses and penalties, a rules term
after plain words ("legal starting army"), and "list of ..." asking for an appendix list.
"""

from __future__ import annotations

import pytest

from rules_index import RulesIndex
from rules_index.query import compared, is_plural, plan_query


def refs(index: RulesIndex, query: str, n: int = 3) -> list[str]:
    return [h.ref for h in index.search(query, limit=n)]


@pytest.mark.parametrize(
    ("typed", "meant"),
    [("adv", "advantage"), ("disadv", "disadvantage"), ("resist", "resistance")],
)
def test_abbreviation_is_the_one_rules_word_it_starts(
    index: RulesIndex, typed: str, meant: str
) -> None:
    assert index.ranker.expand_abbreviation(typed) == meant


@pytest.mark.parametrize("typed", ["def", "dis", "perso", "xq", "zzzz"])
def test_abbreviation_of_several_words_or_a_rare_one_is_left_alone(
    index: RulesIndex, typed: str
) -> None:
    # "def": defeat or defined; "dis": discard or disadvantage; "perso": one rule's "personal"
    assert index.ranker.expand_abbreviation(typed) is None


def test_abbreviations_in_a_question_are_read_as_rules_words(index: RulesIndex) -> None:
    assert "disadvantage" in index.ranker.plan("adv and disadv on one roll").core
    assert refs(index, "adv and disadv on the same roll", 1) == ["105.2.4"]
    assert refs(index, "what does disadv do", 1) == ["105.2.2"]


def test_versus_compares_short_names_only() -> None:
    assert compared("spent vs stunned") == ["spent", "stunned"]
    assert compared("equipped or attached") == ["equipped", "attached"]
    assert compared("i have advantage from an item and disadvantage from a spell") == []


def test_a_count_before_a_plural_means_more_than_one() -> None:
    assert "more than one" in plan_query("3 different effects give me advantage").phrases
    assert "more than one" in plan_query("can i play two reacts").phrases
    assert "more than one" not in plan_query("level 3 character").phrases
    assert is_plural("effects") and not is_plural("class") and not is_plural("bonus")


def test_several_sources_of_advantage_find_the_two_dice_rule(index: RulesIndex) -> None:
    assert "105.2.6" in refs(index, "two reacts giving advantage, how many dice", 1)


@pytest.mark.parametrize(("query", "word"), [("+2 atk", "bonus"), ("a -1 ac", "penalty")])
def test_signed_numbers_are_bonuses_and_penalties(query: str, word: str) -> None:
    assert word in plan_query(query).expansions


def test_a_range_is_not_a_penalty() -> None:
    assert "penalty" not in plan_query("level 2-3 characters").expansions


def test_durations_of_bonuses(index: RulesIndex) -> None:
    assert refs(index, "how long does a +2 atk bonus last", 1) == ["700.3"]


@pytest.mark.parametrize("query", ["what is a legal starting army", "valid starting army"])
def test_a_term_after_plain_words_is_that_term(index: RulesIndex, query: str) -> None:
    assert refs(index, query, 1) == ["500.2"]


def test_a_term_after_a_named_word_is_not_reduced(index: RulesIndex) -> None:
    # "stalwart" names a keyword: the question is about it, not about stunning
    assert refs(index, "stalwart spend stun", 1) == ["602.18"]


def test_list_of_asks_for_the_appendix_list(index: RulesIndex) -> None:
    assert refs(index, "list of all damage types", 1) == ["Appendix B - Damage Types"]
    assert "Appendix C - Archetype Traits" in refs(index, "list of archetype traits", 2)


def test_a_french_token_leaving_play(index: RulesIndex) -> None:
    assert refs(index, "quand un jeton quitte le jeu", 1) == ["703.5"]


def test_card_against_rulebook_is_the_golden_rule(index: RulesIndex) -> None:
    assert refs(index, "the card conflicts with the rulebook, which one wins", 1) == ["103.1"]


def test_french_de_compound_reads_in_english_order(index: RulesIndex) -> None:
    assert "draw phase" in index.ranker.plan("phase de pioche, combien de cartes").mapped
    assert index.ranker.plan("pile de defausse").mapped == []  # already one table wording
    assert refs(index, "phase de pioche, je pioche jusqu'à combien", 1) == ["503.1"]
