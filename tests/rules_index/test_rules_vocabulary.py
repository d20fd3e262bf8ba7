"""Player words, French terms, typos and multi-topic questions (the second tuning round).

`questions_round2.jsonl` (97 questions) was written for this round: 22 questions before any
change, 45 midway, 30 near the end (on rules the other sets barely ask about), none copied from
another set. The first round's ranking puts 55% of it first and 73% in the top three; this
round's 69% and 88% (the last 30 alone, before the two table entries they prompted: 70% / 80%
against 67% / 83%).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_index import RulesIndex, query
from rules_index.french import FRENCH, french_table, packaged_pairs, printed_pairs
from rules_index.query import plan_query

HERE = Path(__file__).resolve().parent
QUESTIONS = HERE / "questions_round2.jsonl"


def matches(ref: str, expected: list[str]) -> bool:
    """As rules-eval counts: equal, a sub-rule, or a glossary term starting the same."""
    return any(
        ref == e or ref.startswith(e + ".") or (e.startswith("Glossary: ") and ref.startswith(e))
        for e in expected
    )


def refs(index: RulesIndex, query: str, n: int = 3) -> list[str]:
    return [h.ref for h in index.search(query, limit=n)]


def questions() -> list[dict[str, object]]:
    return [json.loads(line) for line in QUESTIONS.read_text().splitlines() if line.strip()]


def test_french_pairs_are_read_as_printed() -> None:
    text = (
        "Les cartes sont Prêtes (Ready) ou Inclinées. Votre\nSeigneur de Guerre (Warlord) mène."
        " Une Attaque en puissance (Powerattack) coûte. Placez l'Armée\nInitiale (Starting Army)."
    )
    pairs = printed_pairs(text)
    assert pairs["pretes"] == "ready"
    assert pairs["seigneur de guerre"] == "warlord"  # "Votre" and the line break dropped
    assert pairs["attaque en puissance"] == "powerattack"  # lower-case words up to a capital
    assert pairs["armee initiale"] == "starting army"


def test_french_pairs_skip_sentences_abbreviations_and_english_words() -> None:
    text = (
        "passez une monture (Steed) puis lisez la récente impression (MRP)."
        " La phase d'Initiative (Initiative Phase) et l'Armure (ATK et AC)."
    )
    assert printed_pairs(text) == {}


def test_packaged_rulebook_pairs_extend_the_hand_table() -> None:
    pairs = packaged_pairs()
    assert pairs["incline"] == "spent" and pairs["rang frontal"] == "front rank"
    new = set(pairs) - set(FRENCH)
    assert new, "the rulebook prints pairs the hand table does not have"
    table = french_table()
    assert all(table[k] == v for k, v in FRENCH.items())  # the hand table wins
    assert "initiative" not in table  # an English word must not be rewritten


@pytest.mark.parametrize(
    ("typo", "word"),
    [
        ("levle", "level"),  # two letters swapped
        ("raech", "reach"),
        ("sheild", "shield"),
        ("weild", "wield"),
        ("wepon", "weapon"),  # a letter left out
        ("planer", "planar"),  # one letter changed, into a keyword name
        ("resistence", "resistance"),  # close spelling
        ("cancled", "canceled"),
    ],
)
def test_typos_are_corrected_to_rules_words(index: RulesIndex, typo: str, word: str) -> None:
    assert index.ranker.corrections(typo) == {typo: word}


@pytest.mark.parametrize(
    "word", ["took", "stole", "pure", "tear", "dead", "fell", "healed", "tombe", "faire", "runs"]
)
def test_plain_words_are_not_corrected(index: RulesIndex, word: str) -> None:
    """English words the rules do not use, inflections and French words stay as typed."""
    assert index.ranker.corrections(word) == {}


def test_corrections_read_only_words_of_a_near_length_and_find_the_same(
    index: RulesIndex,
) -> None:
    """`of_length` keeps every word the closeness cut-offs could accept: corrections found
    among near lengths equal those found in the whole vocabulary, for typos of every kind."""
    ranker = index.ranker
    whole = ranker.vocabulary
    typos = set()
    for word in whole[::7]:
        typos.update(
            {word[:-1], word + "s", word[1:], word[:2] + word[3:], word[:-2] + "xx", word * 2}
        )
        typos.add(word[:3] + word[4] + word[3] + word[5:] if len(word) > 5 else word + "ie")
    typos = {t for t in typos if t.isalpha() and t not in ranker.vocabulary_set}
    fixes = {t: ranker.corrections(t) for t in sorted(typos)}
    ranker.of_length = lambda low, high: whole  # type: ignore[method-assign]
    try:
        for typo, found in fixes.items():
            assert ranker.corrections(typo) == found, typo
    finally:
        del ranker.of_length
    assert sum(map(bool, fixes.values())) > 100  # most of them corrected


TABLE_WORDS = sorted({w for k in query.TABLE for w in k.split()})


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.sampled_from(sorted(query.TABLE)) | st.sampled_from([*TABLE_WORDS, "my", "guy", "zz"]),
        max_size=10,
    )
)
def test_phrases_are_looked_up_only_from_their_first_words(said: list[str]) -> None:
    """`PHRASE_STARTS` only skips look-ups that cannot succeed: the plan is the one every
    phrase length tried from every word gives."""
    text = " ".join(said)
    quick = query.plan_query(text)
    every = frozenset(TABLE_WORDS) | {"my", "guy", "zz"}
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(query, "PHRASE_STARTS", every)
        assert query.plan_query(text) == quick


def test_rare_words_weigh_more_than_common_ones(index: RulesIndex) -> None:
    plan = plan_query("stalwart card character")
    weights = [index.ranker.concept_weight(own, syn) for own, syn in plan.concepts]
    assert weights[0] == max(weights)


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("what happens if I have no warlord", "101.1"),
        ("do I need to reveal my hand", "404.2"),
        ("my library is empty, what now", "403.4"),  # player words: empty deck
        ("Armure de ma personnalité", "202.1"),  # a pair read from the French rulebook
        ("starting army in the alliance format", "801.5.4"),  # two topics joined
        ("stalwart spend stun", "602.18"),  # a named keyword beats a plain-language intent
        ("does raech let my guy strike from the third rank", "602.16"),
    ],
)
def test_round2_questions_rank_first(index: RulesIndex, query: str, expected: str) -> None:
    assert matches(refs(index, query, 1)[0], [expected])


def test_tap_is_spend_next_to_the_stunned_rule(index: RulesIndex) -> None:
    """107.3 (a stunned card may not be spent) and 107.4.3 (stunned characters perform no
    action) both answer it; the classifier (fourteenth round) puts 107.4.3 first, and with
    "tap" read as a newcomer's word (seventeenth round) 107.4.1 second."""
    assert "107.3" in refs(index, "can I tap a stunned guy", 3)


def test_mine_is_a_pronoun_not_a_typo(index: RulesIndex) -> None:
    assert not index.ranker.corrections("mine")
    assert not any(
        r.startswith("Appendix") for r in refs(index, "a dungeon is out, can I play mine")
    )


def test_round2_questions_floor(index: RulesIndex) -> None:
    top1 = top3 = 0
    misses = []
    for q in questions():
        got = refs(index, str(q["q"]))
        expected = list(q["expect"])  # type: ignore[call-overload]
        top1 += matches(got[0], expected)
        top3 += any(matches(r, expected) for r in got)
        if not any(matches(r, expected) for r in got):
            misses.append((q["q"], got))
    n = len(questions())
    assert top3 / n >= 0.93, misses  # 0.969 / 0.835 with document expansion (sixth round)
    assert top1 / n >= 0.78, misses


@pytest.mark.parametrize(
    ("name", "share", "precision"),
    [("questions.jsonl", 0.6, 0.93), ("questions_round2.jsonl", 0.4, 0.85)],
)
def test_confident_lookups_are_mostly_right(
    index: RulesIndex, name: str, share: float, precision: float
) -> None:
    """`confident` must mean something: most answers given without "did you mean" are right
    (0.95 and 0.91 measured; the first round's ranking gave 0.95 and 0.69)."""
    confident = right = total = 0
    for line in (HERE / name).read_text().splitlines():
        if not line.strip():
            continue
        q = json.loads(line)
        total += 1
        lookup = index.lookup(q["q"])
        if lookup.confident:
            confident += 1
            right += matches(lookup.hits[0].ref, q["expect"])
    assert confident >= share * total
    assert right >= precision * confident
