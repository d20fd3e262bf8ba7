"""The in-memory BM25 (`rules_index.bm25`) and its Porter stemmer, against SQLite FTS5."""

from __future__ import annotations

import sqlite3

import numpy as np
import pytest

from rules_index.bm25 import Bm25Index, tokens
from rules_index.porter import porter

DOCS = [
    ("Stunned", "A stunned character cannot attack.", "Turn it sideways."),
    ("Cancel", "A cancelled strike is canceled; the action continues.", ""),
    ("Ranks", "Characters fall forward when a rank is empty.", "Falling forward."),
    ("Control", "The controlling player controls the character.", "Controlled cards."),
    ("Items", "An item's level must not exceed its character's level.", "Relational."),
]


@pytest.mark.parametrize(
    ("word", "stem"),
    [
        ("caresses", "caress"),
        ("ponies", "poni"),
        ("cancelled", "cancel"),
        ("canceled", "cancel"),
        ("controlling", "control"),
        ("hopping", "hop"),
        ("falling", "fall"),
        ("agreed", "agre"),
        ("relational", "relat"),
        ("generalization", "gener"),
        ("hopeful", "hope"),
        ("effective", "effect"),
        ("2nd", "2nd"),
    ],
)
def test_porter_stems_as_the_published_algorithm(word: str, stem: str) -> None:
    assert porter(word) == stem


def _fts(docs: list[tuple[str, str, str]] = DOCS) -> sqlite3.Connection:
    """The documents in an SQLite FTS5 table (rowids from 1), for its own bm25()."""
    conn = sqlite3.connect(":memory:")
    try:
        conn.execute("create virtual table t using fts5(a, b, c, tokenize='porter unicode61')")
    except sqlite3.OperationalError:
        pytest.skip("this SQLite has no FTS5")
    conn.executemany(
        "insert into t(rowid, a, b, c) values (?, ?, ?, ?)",
        [(i, *d) for i, d in enumerate(docs, 1)],
    )
    return conn


@pytest.mark.parametrize("weights", [(1.0, 1.0, 1.0), (3.0, 1.0, 0.4)])
@pytest.mark.parametrize(
    ("words", "phrases"),
    [
        (["cancelled", "strike"], []),
        (["character", "stunned"], ["stunned character"]),
        (["controlled", "falls", "forward"], ["fall forward", "character level"]),
    ],
)
def test_scores_equal_sqlite_fts5_bm25(
    weights: tuple[float, float, float], words: list[str], phrases: list[str]
) -> None:
    conn = _fts()
    match = " OR ".join(f'"{t}"' for t in words + phrases)
    w = ", ".join(map(str, weights))
    expected = dict(
        conn.execute(f"select rowid, -bm25(t, {w}) from t where t match ?", (match,)).fetchall()
    )
    index = Bm25Index(enumerate(DOCS, 1))
    index.weigh(weights)
    got = index.scores(words, phrases)
    assert got.keys() == expected.keys()
    for doc, score in expected.items():
        assert got[doc] == pytest.approx(score, rel=1e-9, abs=1e-9)


SPLIT = [  # a phrase's words side by side in one place, its pairs apart in another
    ("stunned character rank", "character falls forward", "falls stunned"),
    ("the stunned character falls forward", "", ""),
    ("character stunned falls", "stunned character", "a character falls"),
    *[("an unrelated rule", f"about cards {n}", "") for n in range(5)],  # a positive idf
]


@pytest.mark.parametrize(
    "phrases",
    [
        ["stunned character falls"],
        ["character falls forward", "stunned falls"],
        ["stunned character falls forward"],
        ["falls stunned character"],
    ],
)
def test_phrases_found_by_word_pairs_equal_sqlite_fts5(phrases: list[str]) -> None:
    """A phrase is found by its pairs of words, then read in place: pairs in two columns,
    or apart in one, do not make the phrase."""
    conn = _fts(SPLIT)
    match = " OR ".join(f'"{t}"' for t in phrases)
    expected = dict(
        conn.execute("select rowid, -bm25(t, 2.0, 1.0, 0.5) from t where t match ?", (match,))
    )
    index = Bm25Index(enumerate(SPLIT, 1))
    index.weigh((2.0, 1.0, 0.5))
    got = index.scores([], phrases)
    assert got.keys() == expected.keys()
    for doc, score in expected.items():
        assert got[doc] == pytest.approx(score, rel=1e-9, abs=1e-9)


def test_top_with_keep_gives_search_with_keep() -> None:
    """`top`'s allowed documents (an array in `ids` order) are `search`'s `keep`."""
    index = Bm25Index(enumerate(DOCS, 1))
    index.weigh((1.0, 1.0, 1.0))
    allowed = {2, 4, 5}
    keep = np.array([doc in allowed for doc in index.ids])
    for limit in (1, 2, 5):
        expected = index.search(
            ["character", "level"], ["character level"], limit, allowed.__contains__
        )
        assert list(
            index.top(["character", "level"], ["character level"], limit, keep).items()
        ) == list(expected.items())


def test_best_keeps_the_limit_and_the_filter() -> None:
    index = Bm25Index(enumerate(DOCS, 1))
    index.weigh((1.0, 1.0, 1.0))
    scores = index.scores(["character"], [])
    best = index.best(scores, 2, keep=lambda doc: doc != 1)
    assert len(best) == 2
    assert 1 not in best
    assert all(
        v >= max(v2 for d, v2 in scores.items() if d not in best and d != 1) for v in best.values()
    )


def test_new_column_weights_give_the_scores_of_a_fresh_index() -> None:
    """`benchmarks/fit_weights.py` varies `RankingWeights.bm25` in-process."""
    index = Bm25Index(enumerate(DOCS, 1))
    index.weigh((1.0, 1.0, 1.0))
    before = index.scores(["stunned", "character"], [])
    index.weigh((3.0, 0.5, 0.0))
    fresh = Bm25Index(enumerate(DOCS, 1))
    fresh.weigh((3.0, 0.5, 0.0))
    assert index.scores(["stunned", "character"], []) == fresh.scores(["stunned", "character"], [])
    assert index.scores(["stunned", "character"], []) != before


def test_stored_stems_give_the_scores_of_the_texts() -> None:
    """The index stores each column's stems when it is built and reads them back."""
    stored = [(i, tuple(" ".join(tokens(t)) for t in d)) for i, d in enumerate(DOCS, 1)]
    a, b = Bm25Index(enumerate(DOCS, 1)), Bm25Index(stored, stemmed=True)
    a.weigh((3.0, 1.0, 0.4))
    b.weigh((3.0, 1.0, 0.4))
    assert a.scores(["falling"], ["fall forward"]) == b.scores(["falling"], ["fall forward"])


def test_top_gives_search_s_documents_order_and_scores_ties_included() -> None:
    """`top` (summed in arrays) is `search` to the last bit: the same documents, the same
    scores, and equal scores in the order the documents were first met."""
    docs = [
        (10, ("stunned character", "")),
        (3, ("a character that is stunned", "stun")),
        (7, ("stunned character", "")),  # the same text as 10: a tie
        (1, ("the rank falls forward", "rank")),
        (4, ("turn the card sideways", "stunned sideways")),
        (2, ("nothing in common", "")),
    ]
    index = Bm25Index(docs)
    index.weigh((1.0, 0.5))
    for words, phrases in (
        (["stunned", "character"], ["stunned character"]),
        (["rank", "sideways", "stun"], ["turn the card", "falls"]),
        (["character", "stunned"], []),
        (["absent"], ["not there"]),
    ):
        for limit in (1, 2, 10):
            expected = index.search(words, phrases, limit)
            found = index.top(words, phrases, limit)
            assert list(found.items()) == list(expected.items())
