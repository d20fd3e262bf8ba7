"""The semantic signal: static word vectors distilled from all-MiniLM-L6-v2
(`rules_index/data/word_vectors.npz`), re-ordering the answers after the first."""

from __future__ import annotations

import dataclasses
import json
import tomllib
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from rules_index import RulesIndex
from rules_index.search import Ranker
from rules_index.semantic import TABLE, Semantic, WordVectors, tokens

ROOT = Path(__file__).resolve().parents[2]
QUESTIONS = Path(__file__).with_name("questions.jsonl")


@pytest.fixture(scope="module")
def table() -> WordVectors:
    return WordVectors(TABLE)


@pytest.fixture
def lexical(index: RulesIndex) -> Iterator[Ranker]:
    """The ranker with the semantic signal turned off, restored afterwards."""
    ranker = index.ranker
    before = ranker.ranking
    ranker.ranking = dataclasses.replace(before, semantic=0.0)
    yield ranker
    ranker.ranking = before


def cosine(table: WordVectors, a: str, b: str) -> float:
    return float(table.embed(a) @ table.embed(b))


def test_the_table_is_small_half_precision_and_covers_the_rules_words(
    table: WordVectors, index: RulesIndex
) -> None:
    assert TABLE.stat().st_size < 4_000_000
    with np.load(TABLE, allow_pickle=False) as data:
        assert data["vectors"].dtype == np.float16
        assert data["vectors"].shape == (len(data["words"]), 128)
    used = {
        w
        for row in index.ranker.rows.values()
        if row.entry.doc == "cr"
        for w in tokens(f"{row.entry.title} {row.entry.text}")
        if len(w) > 1
    }
    missing = used - set(table.index)
    assert len(missing) <= len(used) // 100, sorted(missing)[:20]


def test_a_text_vector_is_unit_length_and_zero_without_known_words(table: WordVectors) -> None:
    assert np.linalg.norm(table.embed("can a stunned character attack")) == pytest.approx(1.0)
    assert not table.embed("qzxv wkjq").any()
    assert not table.embed("").any()


def test_players_words_are_closer_to_the_rules_words_they_mean(table: WordVectors) -> None:
    assert cosine(table, "bounced back to my hand", "return to hand") > cosine(
        table, "bounced back to my hand", "rank"
    )
    assert cosine(table, "my guy got killed", "character dies") > cosine(
        table, "my guy got killed", "hand size"
    )
    assert cosine(table, "graveyard", "discard pile") > cosine(table, "graveyard", "deck size")


def test_an_entrys_own_question_is_closest_to_it(index: RulesIndex) -> None:
    ranker = index.ranker
    semantic = ranker.semantic
    assert semantic is not None
    for ref in ("105.2.4", "510.12", "710.2", "602.5.1"):
        row = ranker.by_ref[("cr", ref)]
        siblings = [
            r.id
            for r in ranker.rows.values()
            if r.entry.doc == "cr" and r.entry.parent == row.entry.parent
        ]
        question = ranker.expansions.asked[row.id][0]
        close = semantic.similarity(question, siblings)
        assert max(close, key=lambda rid: close[rid]) == row.id, ref


def test_reorder_keeps_the_first_answer_and_reorders_the_next() -> None:
    table = WordVectors(TABLE)
    semantic = Semantic(
        table,
        {1: "Deck size", 2: "Hand size", 3: "Discard pile", 4: "Return to hand"},
        {4: ["my card got bounced back to my hand"]},
    )
    ordered = [1, 2, 3, 4]
    scores = {1: 5.0, 2: 1.0, 3: 1.0, 4: 0.9}
    out = semantic.reorder("a card bounced back to my hand", ordered, scores, 4, 3.0)
    assert out[0] == 1
    assert out[1] == 4
    assert sorted(out) == ordered
    assert semantic.reorder("a card bounced", ordered, scores, 4, 0.0) == ordered
    assert semantic.reorder("qzxv", ordered, scores, 4, 3.0) == ordered


def test_the_semantic_signal_never_changes_the_first_answer(
    index: RulesIndex, lexical: Ranker
) -> None:
    questions = [json.loads(line)["q"] for line in QUESTIONS.read_text().splitlines() if line]
    semantic = dataclasses.replace(lexical.ranking, semantic=3.0)
    for q in questions[:120]:
        lexical.ranking = dataclasses.replace(semantic, semantic=0.0)
        plain = [h.ref for h in index.search(q, limit=5)]
        lexical.ranking = semantic
        fused = [h.ref for h in index.search(q, limit=5)]
        assert fused[:1] == plain[:1], q


def test_numpy_is_a_dependency_and_torch_is_not() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    deps = " ".join(project["project"]["dependencies"]).lower()
    assert "numpy" in deps
    assert "torch" not in deps and "sentence-transformers" not in deps
    data = project["tool"]["setuptools"]["package-data"]["rules_index"]
    assert "data/*.npz" in data
