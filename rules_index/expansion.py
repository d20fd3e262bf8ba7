"""Document expansion: the questions each rule answers, in players' words, searched beside
the rules. A query that resembles the questions an entry answers lifts that entry.

The questions are shipped in `documents/expansions/`, stored in the `questions` table and
searched in memory (`bm25.Bm25Index`). They are matched with the same query the rules are
(stems, synonyms, slang, French pairs and typo corrections included), and each matched
question is also scored by how much of the query's meaning it covers, rare words weighing more.
"""

from __future__ import annotations

import sqlite3
from collections import defaultdict
from collections.abc import Callable, Collection, Mapping, Sequence

from rules_index.bm25 import Bm25Index
from rules_index.query import QueryPlan, ask_clause, stem
from rules_index.text import fold, words

CANDIDATES = 60  # questions read per query
PHRASES = 4  # of the query's phrases, searched for among the questions
NEXT_SHARE = 0.3  # the entry's second and third best questions count this much
NEXT_COUNT = 2
# A question's score: the share of the query's meaning it covers (rare words weighing more),
# times its BM25 as a share of the best question's, this much.
BM25_SHARE = 0.3

Concept = tuple[frozenset[str], frozenset[str]]
_NONE: frozenset[int] = frozenset()
COLUMNS = {"questions": "question", "situations": "situation", "newcomer": "question"}


class Expansions:
    """The questions of the index, with their stems and a BM25 index of them, in memory."""

    def __init__(
        self,
        conn: sqlite3.Connection,
        entry_id: Callable[[str, str], int | None],
        table: str = "questions",
        candidates: int = CANDIDATES,
    ) -> None:
        self.candidates = candidates  # texts read per query
        self.entry: dict[int, int] = {}  # question id -> entry id
        self.users: dict[str, set[int]] = defaultdict(set)  # stem -> the questions using it
        self.asked: dict[int, list[str]] = {}  # entry id -> its questions, as written
        try:
            column = COLUMNS[table]
            rows = conn.execute(f"select id, doc, ref, {column}, stems from {table}").fetchall()
        except sqlite3.OperationalError:  # an index built before expansions existed
            rows = []
        texts: list[tuple[int, tuple[str]]] = []
        for qid, doc, ref, question, stemmed in rows:
            eid = entry_id(doc, ref)
            if eid is not None:
                self.entry[qid] = eid
                for s in set(map(stem, words(question))):
                    self.users[s].add(qid)
                self.asked.setdefault(eid, []).append(question)
                texts.append((qid, (stemmed,)))
        self.bm25 = Bm25Index(texts, stemmed=True)
        self.bm25.weigh((1.0,))

    def _using(self, stems: frozenset[str], among: Mapping[int, float]) -> set[int]:
        """The questions of `among` that use any of the stems."""
        found: set[int] = set()
        for s in stems:
            found |= self.users.get(s, _NONE).intersection(among)
        return found

    def __bool__(self) -> bool:
        return bool(self.entry)

    def matches(self, plan: QueryPlan) -> dict[int, float]:
        """BM25 (higher is better) of the best questions for the query's words and its
        first few phrases (the rest add little to short questions)."""
        if not self.entry:
            return {}
        terms = dict.fromkeys(t for t in plan.terms + plan.expansions if t)
        return self.bm25.top(terms, dict.fromkeys(plan.phrases[:PHRASES]), self.candidates)

    def score(self, plan: QueryPlan, concept_weights: Sequence[float]) -> dict[int, float]:
        """Entry id -> how much the query resembles the questions it answers: its best
        question's score plus `NEXT_SHARE` of the next ones' (about 0 to 1.6)."""
        found = self.matches(plan)
        if not found:
            return {}
        best = max(found.values()) or 1.0
        total = sum(concept_weights) or 1.0
        covered = dict.fromkeys(found, 0.0)
        for (own, syn), weight in zip(plan.concepts, concept_weights, strict=False):
            have = self._using(own, found)
            for qid in have:
                covered[qid] += weight
            if syn:
                for qid in self._using(syn, found) - have:
                    covered[qid] += 0.6 * weight
        per_entry: dict[int, list[float]] = {}
        for qid, bm25 in found.items():
            value = covered[qid] / total * (1 - BM25_SHARE + BM25_SHARE * bm25 / best)
            per_entry.setdefault(self.entry[qid], []).append(value)
        out: dict[int, float] = {}
        for eid, values in per_entry.items():
            values.sort(reverse=True)
            out[eid] = values[0] + NEXT_SHARE * sum(values[1 : 1 + NEXT_COUNT])
        return out


def ask_weighted(plan: QueryPlan, weights: Sequence[float], factor: float) -> list[float]:
    """The query words' weights, those of a long story's ask clause (`query.ask_clause`)
    times `factor`: the story supplies context, the ask says what is wanted."""
    focus = ask_clause(plan.raw[:500])
    if not focus:
        return list(weights)
    said = {stem(t) for t in words(fold(focus))}
    return [
        w * (factor if not own.isdisjoint(said) else 1.0)
        for (own, _), w in zip(plan.concepts, weights, strict=True)
    ]


def plainness(
    plan: QueryPlan,
    concept_weights: Sequence[float],
    candidates: Sequence[frozenset[str]],
    threshold: float,
) -> float:
    """How far below `threshold` the best share of the query's words (rare ones weighing more)
    that any rules candidate (`candidates`, their stems) uses falls, as a share of `threshold`
    (0 to 1): a newcomer's everyday words ("turn it sideways") are not the rules' words."""
    if threshold <= 0:
        return 0.0
    total = sum(concept_weights) or 1.0
    best = 0.0
    for stems in candidates:
        covered = sum(
            w
            for (own, _), w in zip(plan.concepts, concept_weights, strict=True)
            if not own.isdisjoint(stems)
        )
        best = max(best, covered / total)
    return max(0.0, min(1.0, (threshold - best) / threshold))


def newcomer_lift(
    newcomer: Expansions,
    plan: QueryPlan,
    concept_weights: Sequence[float],
    ask_weights: Sequence[float],
    candidates: Sequence[frozenset[str]],
    weight: float,
    threshold: float,
) -> dict[int, float]:
    """Entry id -> how much the query resembles the questions newcomers ask about it, times
    `weight` x how far below `threshold` the best share of the query's words (rare ones
    weighing more) that any rules candidate (`candidates`, their stems) uses falls: newcomers'
    everyday words ("turn it sideways") are not the rules' words, and a question the rules'
    words cover is the rules' to answer. The questions are matched with `ask_weights` (a long
    story's ask weighing more, `ask_weighted`)."""
    if not newcomer or weight <= 0 or threshold <= 0:
        return {}
    factor = weight * plainness(plan, concept_weights, candidates, threshold)
    return plain_lift(newcomer, plan, ask_weights, factor)


def plain_lift(
    newcomer: Expansions, plan: QueryPlan, ask_weights: Sequence[float], factor: float
) -> dict[int, float]:
    """Entry id -> how much the query resembles the questions newcomers ask about it, times
    `factor` (the newcomers' weight x the query's `plainness`, worked out once a query)."""
    if not newcomer or factor <= 0:
        return {}
    return {eid: factor * v for eid, v in newcomer.score(plan, ask_weights).items()}


def share_with_older(asked: dict[int, float], older: Mapping[int, list[int]]) -> dict[int, float]:
    """An older document's entry answers the questions of its CR counterpart
    (`documents/concordance.json`), so the older wording still follows the CR answer."""
    out = dict(asked)
    for rid, value in asked.items():
        for other in older.get(rid, ()):
            out[other] = max(out.get(other, 0.0), value)
    return out


def lift_sub_rules(
    scores: dict[int, float],
    asked: Mapping[int, float],
    parent_rule: Mapping[int, int],
    ratio: float,
    lead: float,
    named: Collection[int] = (),
) -> None:
    """The most specific rule first: a sub-rule scored within `ratio` of its parent whose
    questions resemble the query more than the parent's do is lifted `lead` above it
    ("what happened to ethereal": 602.5.4 over 602.5, Planar). Deepest first; a parent the
    query is the name of (`named`: "reach" is 602.16) keeps its place."""

    def depth(rid: int) -> int:
        n = 0
        while rid in parent_rule:
            rid, n = parent_rule[rid], n + 1
        return n

    for rid in sorted(scores, key=lambda r: -depth(r)):
        parent = parent_rule.get(rid)
        if parent is None or parent not in scores or parent in named:
            continue
        more_asked = asked.get(rid, 0.0) > asked.get(parent, 0.0)
        if more_asked and scores[parent] * ratio <= scores[rid] < scores[parent]:
            scores[rid] = scores[parent] + lead


def widen_lead(scores: dict[int, float], factor: float) -> None:
    """The entry scored best gains `factor` x its lead over the next: a story that resembles
    one rule's situations clearly more than any other's is about that rule."""
    if len(scores) < 2 or factor <= 0:
        return
    first, second = sorted(scores.values(), reverse=True)[:2]
    for eid, value in scores.items():
        if value == first:
            scores[eid] = value + factor * (first - second)
