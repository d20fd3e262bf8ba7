"""The first answer by meaning (`rules_index/meaning.py`): the sentence model shipped in the
package, the shipped vectors of the packaged texts, and the re-ordering of the first three."""

from __future__ import annotations

import dataclasses
import tomllib
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from rules_index import RulesIndex
from rules_index.meaning import (
    GATE,
    MARGIN,
    MODEL,
    TEXT_TOKENS,
    VECTORS,
    Encoder,
    Meaning,
    Vectors,
    keep_nesting,
    load_vectors,
    meaning_texts,
)
from rules_index.search import Ranker

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def encoder() -> Encoder:
    return Encoder(max_tokens=TEXT_TOKENS)


@pytest.fixture
def without(index: RulesIndex) -> Iterator[Ranker]:
    """The ranker with the sentence model turned off, restored afterwards."""
    ranker = index.ranker
    before = ranker.ranking
    ranker.ranking = dataclasses.replace(before, meaning=0.0)
    yield ranker
    ranker.ranking = before


def test_the_shipped_vectors_cover_exactly_the_texts_the_signal_reads(index: RulesIndex) -> None:
    """Editing a document or an expansion file needs `scripts/build_sentence_model.py` rerun."""
    texts, vectors = load_vectors()
    needed = set(meaning_texts(*index.ranker.meaning_sources()))
    assert sorted(needed - set(texts))[:3] == []  # texts with no vector
    assert sorted(set(texts) - needed)[:3] == []  # vectors of texts no longer shipped
    assert vectors.shape == (len(texts), 384)
    with np.load(VECTORS) as data:
        assert data["vectors"].dtype == np.float16


def test_the_shipped_vectors_are_the_shipped_models_embedding_of_their_texts(
    encoder: Encoder,
) -> None:
    texts, vectors = load_vectors()
    for n in range(0, len(texts), max(1, len(texts) // 12)):
        assert float(encoder.embed(texts[n]) @ vectors[n]) > 0.999, texts[n]


@pytest.mark.parametrize(
    ("ask", "near", "far"),
    [
        (
            "who goes first each turn",
            "Which player takes the first turn?",
            "When does a character die?",
        ),
        ("tear a card in two", "Can I rip a card in half?", "Who rolls initiative?"),
    ],
)
def test_a_query_vector_is_unit_length_and_near_what_it_means(
    encoder: Encoder, ask: str, near: str, far: str
) -> None:
    u = encoder.embed(ask)
    assert abs(float(np.linalg.norm(u)) - 1.0) < 1e-5
    assert float(u @ encoder.embed(near)) > float(u @ encoder.embed(far)) + 0.1


class NoEncoder:
    """Fails if the model is asked: the first answer was not a close call."""

    def embed(self, text: str) -> Vectors:
        raise AssertionError(f"the model was asked about {text!r}")


class FixedEncoder:
    def __init__(self, vector: Vectors) -> None:
        self.vector = vector

    def embed(self, text: str) -> Vectors:
        return self.vector


def toy(encoder: object, closeness: dict[int, float]) -> Meaning:
    """Entries 1-3, each with one text whose cosine with the query vector e0 is given."""
    texts = [f"entry {eid}" for eid in closeness]
    vectors = np.zeros((len(texts), 4), dtype=np.float32)
    for n, value in enumerate(closeness.values()):
        vectors[n, 0], vectors[n, 1] = value, (1 - value**2) ** 0.5
    entries = dict(zip(closeness, texts, strict=True))
    answered: dict[str, dict[int, list[str]]] = {"asked": {}, "newcomer": {}, "situations": {}}
    return Meaning(encoder, texts, vectors, entries, answered)  # type: ignore[arg-type]


def never(a: int, b: int) -> bool:
    return False


QUERY = np.array([1.0, 0.0, 0.0, 0.0], dtype=np.float32)


def test_a_clear_first_answer_is_not_re_read() -> None:
    meaning = toy(NoEncoder(), {1: 0.1, 2: 0.9, 3: 0.9})
    scores = {1: 10.0, 2: 10.0 * GATE - 0.1, 3: 1.0}
    assert meaning.first("q", [1, 2, 3], scores, 5.0, never) == [1, 2, 3]
    assert meaning.first("q", [1, 2, 3], {1: 10.0, 2: 9.0, 3: 1.0}, 0.0, never) == [1, 2, 3]


def test_a_close_call_goes_to_the_closer_meaning_by_a_margin() -> None:
    scores = {1: 10.0, 2: 9.5, 3: 9.0, 4: 1.0}
    closer = toy(FixedEncoder(QUERY), {1: 0.3, 2: 0.1, 3: 0.9, 4: 1.0})
    assert closer.first("q", [1, 2, 3, 4], scores, 5.0, never) == [3, 1, 2, 4]
    barely = toy(FixedEncoder(QUERY), {1: 0.5, 2: 0.2, 3: 0.5 + MARGIN / 2, 4: 1.0})
    assert barely.first("q", [1, 2, 3, 4], {**scores, 3: 10.0}, 5.0, never)[0] == 1


def test_a_rule_and_its_sub_rule_keep_their_order() -> None:
    def sub_rule(a: int, b: int) -> bool:
        return (a, b) == (1, 2)  # entry 1 is a sub-rule of entry 2

    assert keep_nesting([2, 3, 1], [1, 2, 3], sub_rule) == [1, 2, 3]
    assert keep_nesting([3, 2, 1], [1, 2, 3], sub_rule) == [3, 1, 2]
    assert keep_nesting([1, 3, 2], [2, 1, 3], sub_rule) == [2, 1, 3]
    assert keep_nesting([3, 1, 2], [1, 2, 3], sub_rule) == [3, 1, 2]


@pytest.mark.parametrize(
    ("query", "before", "after"),
    [
        ("can I move my character backwards", "401.18", "507.5"),
        ("tie roll", "504.5", "105.1.3"),
    ],
)
def test_a_close_call_is_settled_by_meaning(
    index: RulesIndex, without: Ranker, query: str, before: str, after: str
) -> None:
    assert index.search(query, limit=3)[0].ref == before
    without.ranking = dataclasses.replace(without.ranking, meaning=5.0)
    assert index.search(query, limit=3)[0].ref == after


def test_a_name_or_a_rule_number_is_not_re_read(index: RulesIndex, without: Ranker) -> None:
    for query in ("faction icons", "story text", "what does 600.5 say about frost"):
        plain = [h.ref for h in index.search(query, limit=3)]
        without.ranking = dataclasses.replace(without.ranking, meaning=5.0)
        assert [h.ref for h in index.search(query, limit=3)][:1] == plain[:1], query
        without.ranking = dataclasses.replace(without.ranking, meaning=0.0)


def test_the_model_ships_in_the_package_and_torch_is_not_a_dependency() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    deps = " ".join(project["project"]["dependencies"]).lower()
    assert "onnxruntime" in deps and "tokenizers" in deps
    assert "torch" not in deps and "sentence-transformers" not in deps
    data = project["tool"]["setuptools"]["package-data"]["rules_index"]
    assert "data/*.onnx" in data and "data/*.json" in data
    assert MODEL.stat().st_size < 20_000_000
