"""Third tuning round: new voices of players (abbreviations, slang, old and French terms,
several questions in one line) and the appendix refs.

`questions_round3.jsonl` (43 questions in five voices: new player, terse player with
abbreviations, 4th-edition veteran and French player, organiser, rules lawyer) was written
after this round's changes, as a guard: the second round's ranking puts 51% of it first and
67% in the top three, this round's 93% and 100%.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules_index import RulesIndex
from rules_index.query import plan_query, stem, strip_question
from rules_index.slang import SLANG
from rules_index.synonyms import STOPWORDS
from rules_index.text import words

HERE = Path(__file__).resolve().parent
QUESTIONS = HERE / "questions_round3.jsonl"


def matches(ref: str, expected: list[str]) -> bool:
    return any(ref == e or ref.startswith(e + ".") for e in expected)


def refs(index: RulesIndex, query: str, n: int = 3) -> list[str]:
    return [h.ref for h in index.search(query, limit=n)]


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("lvl 2 char", "level 2 character"),
        ("init roll", "initiative roll"),
        ("kw reach", "keyword reach"),
        ("eot effects", "end of turn effects"),
        ("ff", "fall forward"),
        ("gy", "discard pile"),
        ("etb stunned", "enters play stunned"),
        ("opp chars", "opponent characters"),
        ("dmg type", "damage type"),
    ],
)
def test_abbreviations_become_rules_words(typed: str, meant: str) -> None:
    assert plan_query(typed).canonical == meant


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("deux armes", "two weapons"),
        ("exemplaires", "copies"),
        ("mon jeu est vide", "mon run out of cards"),
        ("plusieurs factions", "more than one factions"),
        ("attaque depuis le 2e rang", "attack depuis le 2nd rank"),
    ],
)
def test_french_words_become_rules_words(typed: str, meant: str) -> None:
    assert plan_query(typed).canonical == meant


def test_slang_maps_to_words_the_rules_use(index: RulesIndex) -> None:
    """Every word a slang entry adds is a word of the CR (after light stemming)."""
    for key, value in SLANG.items():
        unknown = [
            w
            for w in words(value)
            if w not in STOPWORDS and stem(w) not in index.ranker.stem_weight
        ]
        assert not unknown, (key, unknown)


def test_of_several_questions_the_first_names_the_subject() -> None:
    assert strip_question("what counts as a ward? is it a keyword?") == "ward"
    assert strip_question("planar? does it stop spells") == "planar"
    assert strip_question("what kinds of zones are there") == "kinds of zones"


def test_same_as_compares_two_things() -> None:
    assert plan_query("is a decree the same as an order").parts == ["decree", "order"]


def test_a_player_phrase_leads_to_the_rule_defining_its_term(index: RulesIndex) -> None:
    """ "turned sideways" is spent (107.2), "upside down" is stunned (107.4): the defining
    rule comes up although the question never says the rules word."""
    assert plan_query("my card is turned sideways").mapped == ["spent"]
    assert "107.2" in refs(index, "why is my card turned sideways")
    assert refs(index, "what does it mean when my card is upside down", 1)[0].startswith("107.4")


def test_rule_of_the_rules_beats_french_headings_for_a_french_question(
    index: RulesIndex,
) -> None:
    """The CR's BM25 is compared with its own best: French headings must not hide its rule."""
    hits = index.search("ma personnalité est épuisée, peut-elle attaquer ?", limit=3)
    assert hits[0].doc == "cr" and hits[0].ref == "107.4.3"


def test_phrases_match_across_hyphens(index: RulesIndex) -> None:
    assert "50 card deck" in index.ranker.by_ref[("cr", "108.4")].folded


def test_a_number_typed_by_the_player_counts_less_in_phrases(index: RulesIndex) -> None:
    """ "level 3" also appears in 508.9's example; where to put a character is 507.1.1."""
    assert refs(index, "where can i put a level 3 character", 1) == ["507.1.1"]


# -- appendix refs ----------------------------------------------------------------------------


def test_appendix_lists_are_cited_by_their_printed_heading(index: RulesIndex) -> None:
    detail = index.get("Appendix C - Archetype Traits")[0]
    assert detail.entry.kind == "appendix"
    assert [c.ref for c in detail.children][:2] == [
        "Appendix C: Ambassador",
        "Appendix C: Apprentice",
    ]
    item = index.get("Appendix C: Zealot")[0]
    assert item.entry.parent == "Appendix C - Archetype Traits"


def test_rules_naming_an_appendix_cite_its_list(index: RulesIndex) -> None:
    """601.3: "A full list of archetype traits can be found in Appendix C." """
    assert "Appendix C - Archetype Traits" in index.get("601.3")[0].cites
    assert "601.3" in index.get("Appendix C - Archetype Traits")[0].cited_by


@pytest.mark.parametrize("old", ["Appendix C: Archetype Traits", "appendix c", "Appendix C -"])
def test_older_and_short_appendix_refs_still_resolve(index: RulesIndex, old: str) -> None:
    assert index.get(old)[0].entry.ref == "Appendix C - Archetype Traits"


@pytest.mark.parametrize(
    ("query", "item", "appendix"),
    [
        ("is Zealot an archetype trait", "Appendix C: Zealot", "Appendix C - Archetype Traits"),
        ("is Tactics still an action trait", "Appendix A: Tactics", "Appendix A - Action Traits"),
    ],
)
def test_trait_membership_ranks_the_item_then_its_list(
    index: RulesIndex, query: str, item: str, appendix: str
) -> None:
    assert refs(index, query, 2) == [item, appendix]


def test_items_not_named_do_not_flood_the_answer(index: RulesIndex) -> None:
    got = refs(index, "list of background traits", 3)
    assert "Appendix D - Background Traits" in got
    assert not any(r.startswith("Appendix D:") for r in got)


def test_old_action_traits_find_the_appendix(index: RulesIndex) -> None:
    assert refs(index, "old action traits like Campaign", 1) == ["Appendix A - Action Traits"]


# -- the question set -------------------------------------------------------------------------


def test_round3_questions_floor(index: RulesIndex) -> None:
    questions = [json.loads(line) for line in QUESTIONS.read_text().splitlines() if line.strip()]
    top1 = top3 = 0
    misses = []
    for q in questions:
        got = refs(index, q["q"])
        top1 += bool(got) and matches(got[0], q["expect"])
        hit = any(matches(r, q["expect"]) for r in got)
        top3 += hit
        if not hit:
            misses.append((q["q"], got))
    n = len(questions)
    assert top3 / n >= 0.95, misses
    assert top1 / n >= 0.85, misses
