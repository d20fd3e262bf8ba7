"""Document expansion (the questions each CR entry answers) and long, story-telling questions."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rules_index import RulesIndex, catalog
from rules_index.expansion import lift_sub_rules
from rules_index.query import ask_clause


def top(index: RulesIndex, query: str, n: int = 1) -> list[str]:
    return [h.ref for h in index.search(query, limit=n)]


def test_every_expansion_names_an_entry_of_the_comprehensive_rules(index: RulesIndex) -> None:
    items = catalog.expansions()
    assert len(items) > 3000
    refs = {ref for doc, ref, _ in items if doc == "cr"}
    missing = [ref for ref in refs if ("cr", ref) not in index.ranker.by_ref]
    assert not missing
    stored = index.conn.execute("select count(*) from questions").fetchone()[0]
    assert stored == len(items)


def test_changing_an_expansion_file_rebuilds_the_index(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = catalog.packaged_fingerprint()
    copy = tmp_path / "expansions"
    shutil.copytree(catalog.EXPANSIONS_DIR, copy)
    first = sorted(copy.glob("*.jsonl"))[0]
    first.write_text(first.read_text() + '{"ref": "104.2", "questions": ["x"]}\n')
    monkeypatch.setattr(catalog, "EXPANSIONS_DIR", copy)
    assert catalog.packaged_fingerprint() != before


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("who goes first each turn", "504.3"),
        ("does advantage cancel out disadvantage", "105.2.4"),
        ("bounced to hand, keeps the counters?", "704.3"),
    ],
)
def test_everyday_phrasings_find_the_rule(index: RulesIndex, query: str, expected: str) -> None:
    assert top(index, query) == [expected]


def test_weak_resemblance_is_not_an_answer(index: RulesIndex) -> None:
    assert not index.lookup("blue banana helicopter").confident


def test_the_ask_of_a_long_story_is_its_question_sentence() -> None:
    story = (
        "So last night we were playing at the shop and my fighter hit the other guy's cleric"
        " twice. Later in the same turn my buddy wanted to swing at my warlord with that"
        " cleric anyway. Can a stunned character still attack that turn? He said yes."
    )
    assert ask_clause(story) == "Can a stunned character still attack that turn?"


def test_a_short_ask_keeps_the_sentence_before_it() -> None:
    story = (
        "I slapped a new shield on my fighter who already had one on, and my opponent says"
        " one of the two has to go to the discard pile. I want to keep the old one. is that"
        " allowed?"
    )
    assert ask_clause(story) == "I want to keep the old one. is that allowed?"


def test_a_short_question_has_no_separate_ask() -> None:
    assert ask_clause("can a stunned character attack?") is None
    assert ask_clause("one long sentence " * 8) is None


@pytest.mark.parametrize(
    ("story", "expected"),
    [
        (
            "So last night we were playing at the shop and my fighter hit the other guy's cleric"
            " twice, and he got turned sideways. Later in the same turn my buddy wanted to"
            " swing at my warlord with that cleric anyway. Can a stunned character attack?",
            "107.4.3",
        ),
        (
            "my opponent played a card that bounced my knight back to my hand, and the knight"
            " had two counters on him from earlier in the game. when I play him again, does he"
            " keep the counters?",
            "704.3",
        ),
    ],
)
def test_a_long_story_finds_the_rule_it_asks_about(
    index: RulesIndex, story: str, expected: str
) -> None:
    assert top(index, story) == [expected]


def test_older_wording_still_follows_the_cr_answer(index: RulesIndex) -> None:
    hits = index.search("steps of an action", limit=5)
    assert (hits[0].doc, hits[0].ref) == ("cr", "510.5")
    assert any(h.doc != "cr" for h in hits[1:])


def test_the_sub_rule_asked_about_leads_its_parent(index: RulesIndex) -> None:
    ranker = index.ranker
    parent, child = ranker.by_ref[("cr", "602.5")].id, ranker.by_ref[("cr", "602.5.1")].id
    assert ranker.parent_rule[child] == parent

    def lift(scores: dict[int, float], asked: dict[int, float]) -> dict[int, float]:
        lift_sub_rules(scores, asked, ranker.parent_rule, 0.7, 0.05)
        return scores

    assert lift({parent: 3.0, child: 2.5}, {parent: 0.4, child: 0.9})[child] > 3.0
    unchanged = {parent: 3.0, child: 2.5}
    assert lift({parent: 3.0, child: 2.5}, {parent: 0.9, child: 0.4}) == unchanged  # parent asked
    far = {parent: 3.0, child: 1.0}
    assert lift({parent: 3.0, child: 1.0}, {parent: 0.4, child: 0.9}) == far  # too far below


def test_every_rule_has_players_questions_and_situations_in_several_voices(
    index: RulesIndex,
) -> None:
    """The fourteenth round's files: for each rule, glossary term, keyword and feat, short and
    newcomers' questions (with the players' questions) and four situations; no text twice."""
    import json

    lines = [
        json.loads(line)
        for path in sorted(catalog.EXPANSIONS_DIR.glob("cr-2.0.7-voices-*.jsonl"))
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]
    kinds = ("rule", "glossary", "keyword", "feat")
    covered = {row.entry.ref for row in index.ranker.rows.values() if row.entry.doc == "cr"}
    wanted = {
        row.entry.ref
        for row in index.ranker.rows.values()
        if row.entry.doc == "cr" and row.entry.kind in kinds
    }
    assert {item["ref"] for item in lines} == wanted and len(lines) == len(wanted)
    for item in lines:
        assert set(item) == {"ref", "questions", "situations"}
        assert len(item["questions"]) >= 3 and len(item["situations"]) == 4, item["ref"]
        assert item["ref"] in covered
    questions = [(i["ref"], q) for i in lines for q in i["questions"]]
    assert len(set(questions)) == len(questions)
    assert not set(catalog.newcomer_questions()) & {("cr", r, q) for r, q in questions}
