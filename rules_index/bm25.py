"""Okapi BM25 over a few weighted columns, held in memory: the scoring of SQLite FTS5's
`bm25()` (k1 1.2, b 0.75, a word's columns weighted, every word and phrase of the query a
term), without a query to the database.

Words are compared by their Porter stems, accents folded (`porter`); a phrase is found when
its words' stems follow each other in a column.
"""

from __future__ import annotations

import heapq
import math
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from functools import cached_property, lru_cache
from itertools import pairwise
from typing import cast

import numpy as np
import numpy.typing as npt

from rules_index.porter import porter
from rules_index.text import fold

K1, B = 1.2, 0.75  # term saturation and length normalisation
NEVER = np.iinfo(np.int64).max  # `top`: a document no term has met
TOKEN_RE = re.compile(r"[^\W_]+", re.UNICODE)  # as FTS5's unicode61: "don't" is two words


def tokens(text: str) -> list[str]:
    """The Porter stems of a text's words, as FTS5's `porter` tokenizer has them."""
    return [porter(t) for t in TOKEN_RE.findall(fold(text))]


@lru_cache(maxsize=1024)
def query_tokens(text: str) -> tuple[str, ...]:
    """`tokens`, remembered for one query (`Ranker.rank` clears it): its words are looked
    up in the rules and in each expansion table (players', newcomers' questions, situations)."""
    return tuple(tokens(text))


class Bm25Index:
    """Documents (an id and its columns' texts) searched by words and phrases. With
    `stemmed`, each column is given as its stems joined by spaces (`tokens`, stored by the
    index when it is built)."""

    def __init__(
        self, documents: Iterable[tuple[int, Sequence[str]]], stemmed: bool = False
    ) -> None:
        self.columns: dict[int, tuple[str, ...]] = {}  # " stem stem ... " per column
        self.joined: dict[int, str] = {}  # the columns, a line each: a phrase's quick check
        self.counts: dict[int, tuple[dict[str, int], ...]] = {}  # stem counts per column
        self.length: dict[int, int] = {}
        self.holders: dict[str, set[int]] = {}  # stem -> the documents using it
        for doc, texts in documents:
            streams = [t.split() if stemmed else tokens(t) for t in texts]
            self.columns[doc] = tuple(f" {' '.join(s)} " for s in streams)
            self.joined[doc] = "\n".join(self.columns[doc])
            counts: list[dict[str, int]] = []
            for stream in streams:
                tf = Counter(stream)
                for s in tf:
                    self.holders.setdefault(s, set()).add(doc)
                counts.append(tf)
            self.counts[doc] = tuple(counts)
            self.length[doc] = sum(map(len, streams))
        self.n = len(self.columns)
        self.average = sum(self.length.values()) / max(self.n, 1)
        self.weights: tuple[float, ...] = ()
        self.postings: dict[str, list[tuple[int, float]]] = {}
        # `top`'s arrays: the postings as (positions, shares), for `arrays_for` weights
        self.ids: list[int] = list(self.counts)
        self.position = {doc: i for i, doc in enumerate(self.ids)}
        self.arrays: dict[str, tuple[npt.NDArray[np.intp], npt.NDArray[np.float64]]] = {}
        self.arrays_for: tuple[float, ...] = ()

    def idf(self, df: int) -> float:
        return max(math.log((self.n - df + 0.5) / (df + 0.5)), 1e-6)

    @cached_property
    def norm(self) -> dict[int, float]:
        """Each document's length normalisation in a word's or phrase's share of its score."""
        return {d: K1 * (1 - B + B * n / self.average) for d, n in self.length.items()}

    def weigh(self, weights: Sequence[float]) -> None:
        """Each word's share of each document's score, for these column weights."""
        weights = tuple(weights)
        if weights == self.weights:
            return
        self.weights = weights
        postings: dict[str, list[tuple[int, float]]] = {}
        idf = {s: self.idf(len(docs)) for s, docs in self.holders.items()}
        for doc, columns in self.counts.items():
            weighted: dict[str, float] = {}
            for w, tf in zip(weights, columns, strict=True):
                if w:
                    for s, f in tf.items():
                        weighted[s] = weighted.get(s, 0.0) + w * f
            norm = self.norm[doc]
            for s, freq in weighted.items():
                share = idf[s] * freq * (K1 + 1) / (freq + norm)
                postings.setdefault(s, []).append((doc, share))
        self.postings = postings

    def search(
        self,
        words: Iterable[str],
        phrases: Iterable[str],
        limit: int,
        keep: Callable[[int], bool] | None = None,
    ) -> dict[int, float]:
        """The best `limit` documents (BM25, higher is better) for the words and phrases,
        each distinct one a term, among those `keep` accepts."""
        return self.best(self.scores(words, phrases), limit, keep)

    def top(
        self,
        words: Iterable[str],
        phrases: Iterable[str],
        limit: int,
        keep: npt.NDArray[np.bool_] | None = None,
    ) -> dict[int, float]:
        """`search`, the same documents in the same order with the same scores to the last
        bit, summed in arrays (`totals`); `keep` marks the documents allowed, in `ids` order."""
        return self.select(*self.totals(words, phrases), limit, keep)

    def totals(
        self, words: Iterable[str], phrases: Iterable[str]
    ) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.int64]]:
        """Every document's BM25 (0 when nothing matched), in `ids` order, and when each was
        first met (`NEVER`: not met), as `scores` adds them: a term's shares are added to its
        documents in the same order, and ties keep the order in which documents were met."""
        if self.arrays_for != self.weights:
            position = self.position
            self.arrays = {
                s: (
                    np.fromiter((position[d] for d, _ in post), np.intp, len(post)),
                    np.fromiter((v for _, v in post), np.float64, len(post)),
                )
                for s, post in self.postings.items()
            }
            self.arrays_for = self.weights
        found = [a for word in words for s in query_tokens(word) if (a := self.arrays.get(s))]
        at: npt.NDArray[np.intp] = np.zeros(0, np.intp)
        acc: npt.NDArray[np.float64] = np.zeros(self.n)
        if found:
            at = np.concatenate([a for a, _ in found])
            # a document's shares summed in the order of the terms, as `scores` adds them
            shares = np.concatenate([v for _, v in found])
            acc = cast("npt.NDArray[np.float64]", np.bincount(at, shares, self.n))  # weighted
        first = np.full(self.n, NEVER, np.int64)  # when each document was first met
        first[at[::-1]] = np.arange(len(at) - 1, -1, -1)  # of a repeated index the last counts
        met = len(at)
        for phrase in phrases:
            extra: dict[int, float] = {}
            self._phrase(query_tokens(phrase), extra)
            for doc, value in extra.items():  # as `scores` would add them
                i = self.position[doc]
                acc[i] = acc[i] + value
                if first[i] == NEVER:
                    first[i] = met
                met += 1
        return acc, first

    def select(
        self,
        acc: npt.NDArray[np.float64],
        first: npt.NDArray[np.int64],
        limit: int,
        keep: npt.NDArray[np.bool_] | None = None,
    ) -> dict[int, float]:
        """The best `limit` documents of `totals` that `keep` allows, ties in the order met."""
        met = first != NEVER
        touched = np.flatnonzero(met if keep is None else met & keep)
        if len(touched) > limit:  # only the best `limit` and those tied with the last are sorted
            kth = -np.partition(-acc[touched], limit - 1)[limit - 1]
            touched = touched[acc[touched] >= kth]
        order = np.lexsort((first[touched], -acc[touched]))[:limit]
        ids = self.ids
        return {ids[i]: float(acc[i]) for i in touched[order].tolist()}

    def scores(self, words: Iterable[str], phrases: Iterable[str]) -> dict[int, float]:
        """Every matching document's BM25 (higher is better)."""
        acc: dict[int, float] = {}
        get = acc.get
        postings = self.postings.get
        for word in words:
            for s in query_tokens(word):
                for doc, share in postings(s, ()):
                    acc[doc] = get(doc, 0.0) + share
        for phrase in phrases:
            self._phrase(query_tokens(phrase), acc)
        return acc

    @staticmethod
    def best(
        scores: dict[int, float], limit: int, keep: Callable[[int], bool] | None = None
    ) -> dict[int, float]:
        """The `limit` best of `scores` that `keep` accepts."""
        docs = scores if keep is None else [d for d in scores if keep(d)]
        # as sorted(..., reverse=True)[:limit], ties in the same order, without sorting all
        return {d: scores[d] for d in heapq.nlargest(limit, docs, key=scores.__getitem__)}

    @cached_property
    def pairs(self) -> dict[tuple[str, str], list[int]]:
        """Each two stems that follow each other in a column -> the documents where they do,
        in `ids` order: a phrase's documents, without reading every document with its words."""
        out: dict[tuple[str, str], list[int]] = defaultdict(list)
        for doc, columns in self.columns.items():
            streams = [column.split() for column in columns]
            for pair in dict.fromkeys(p for st in streams for p in pairwise(st)):
                out[pair].append(doc)
        return dict(out)

    def _phrase(self, stems: Sequence[str], acc: dict[int, float]) -> None:
        if len(stems) < 2:
            for doc, share in self.postings.get(stems[0] if stems else "", ()):
                acc[doc] = acc.get(doc, 0.0) + share
            return
        needle = f" {' '.join(stems)} "
        joined = self.joined
        pairs = [self.pairs.get(pair, []) for pair in pairwise(stems)]
        if not all(pairs):
            return
        docs = pairs[0]
        if len(pairs) > 1:  # its pairs are there; are they one after the other?
            docs = [d for d in min(pairs, key=len) if needle in joined[d]]
        columns, weights = self.columns, self.weights
        if len(weights) == 1:  # a table of questions: one column
            frequencies = [weights[0] * columns[d][0].count(needle) for d in docs]
        else:
            frequencies = [
                sum(w * c.count(needle) for w, c in zip(weights, columns[d], strict=True) if w)
                for d in docs
            ]
        found = [(d, f) for d, f in zip(docs, frequencies, strict=True) if f]
        idf = self.idf(len(found)) if found else 0.0
        norm, get = self.norm, acc.get
        for doc, frequency in found:  # as `weigh` works out a word's share
            acc[doc] = get(doc, 0.0) + idf * frequency * (K1 + 1) / (frequency + norm[doc])
