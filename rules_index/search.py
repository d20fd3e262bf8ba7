"""Ranking: rule numbers, names (exact and fuzzy), defined terms and BM25 full text, combined.

The name layer is `names.NameLayer`, typo correction `spelling.Spelling`, the constants
`weights.RankingWeights`.

Everything a query needs is loaded into memory once, when the index opens: entries, the name
table, the vocabulary for typo correction, each entry's word stems and a BM25 index of them
(`bm25.Bm25Index`), so a query runs no SQL.
"""

from __future__ import annotations

import json
import math
import re
import sqlite3
from collections.abc import Mapping

import numpy as np
import numpy.typing as npt

from rules_index.bm25 import Bm25Index, query_tokens
from rules_index.classifier import MODEL, TEXT_KINDS, EntryClassifier
from rules_index.expansion import (
    Expansions,
    ask_weighted,
    lift_sub_rules,
    plain_lift,
    plainness,
    share_with_older,
    widen_lead,
)
from rules_index.models import Entry, Hit
from rules_index.names import COMMON_NAMES, NameLayer
from rules_index.query import KNOWN_WORDS, QueryPlan, plan_query, stem
from rules_index.refs import embedded_numbers
from rules_index.rows import Row
from rules_index.semantic import TABLE, Semantic, WordVectors
from rules_index.specific import cases_of, named_cases_first
from rules_index.spelling import Spelling
from rules_index.synonyms import DEFINED_AT, INTENTS, STOPWORDS
from rules_index.text import fold, normalize_name, words
from rules_index.weights import DEFAULT_WEIGHTS, RankingWeights

__all__ = ["DEFAULT_WEIGHTS", "Ranker", "RankingWeights", "Row"]

FTS_CANDIDATES = 30  # scored in full (every entry keeps its BM25); 20 loses two questions
EXPANSION_CANDIDATES = 10  # entries found by their questions only, beside the BM25 ones
STORY_CANDIDATES = 5  # entries found by their situations only, for a long story
NEWCOMER_CANDIDATES = 60  # newcomers' questions read per query (20 cost a question)
NEWCOMER_ENTRIES = 5  # entries found by the questions newcomers ask only
STEMMED_INTENTS = tuple(
    (tuple(frozenset(stem(w) for w in group.split("|")) for group in groups), ref)
    for groups, ref in INTENTS
)
# Words of a question's shape rather than its topic ("do I need to", "am I allowed to").
WEAK_WORDS = ("need", "needs", "want", "wants", "really", "actually", "just", "anyway", "ok")
WEAK_STEMS = frozenset(map(stem, WEAK_WORDS))
WEAK_WEIGHT = 0.1
DIGIT_RE = re.compile(r"\b\d+\b")
UNKNOWN_WEIGHT = 0.5  # a query word no entry uses
LIST_RE = re.compile(r"\b(?:list|lists|listed|liste|enumerate)\b", re.IGNORECASE)
COUNTERPART_LEAD = 0.05  # how far a CR rule leads the older entry on the same thing


class Ranker(NameLayer, Spelling):
    """The in-memory tables and the ranking of one index."""

    def __init__(
        self,
        conn: sqlite3.Connection,
        weights: dict[str, float],
        ranking: RankingWeights = DEFAULT_WEIGHTS,
        counterparts: Mapping[tuple[str, str], str] | None = None,
    ) -> None:
        self.conn = conn
        self.weights = weights
        self.ranking = ranking
        # (older document, heading) -> the default document's rule on the same thing
        self.counterparts: Mapping[tuple[str, str], str] = counterparts or {}
        self.rows: dict[int, Row] = {}
        self.by_ref: dict[tuple[str, str], Row] = {}
        self.children: dict[tuple[str, str], list[Row]] = {}
        self.by_name: dict[str, list[Row]] = {}
        vocabulary: set[str] = set()
        every_word: set[str] = set()  # of every document, French included
        self.frequency: dict[str, int] = {}  # in how many entries of the default document
        stem_df: dict[str, int] = {}
        n_default = 0
        columns: list[tuple[int, tuple[str, ...]]] = []  # BM25's columns
        query = (
            "select id, doc, ref, kind, title, text, parent, examples, names, context, position,"
            " stems from entries order by doc, position"
        )
        for row_ in conn.execute(query):
            rid, doc, ref, kind, title, text, parent, examples, names, context, pos, stemmed = row_
            ex = tuple(json.loads(examples or "[]"))
            columns.append((rid, tuple((stemmed or "").split("\n"))))
            entry = Entry(ref, doc, kind, title, text, parent, ex)
            name_list = tuple(n for n in (names or "").split(" | ") if n)
            blob = " ".join((names or "", title, context or "", text, " ".join(ex)))
            distinct = set(words(blob))
            every_word.update(distinct)
            if weights.get(doc, 1.0) >= 1.0:
                vocabulary.update(t for t in distinct if len(t) >= 4)
                for t in distinct:
                    self.frequency[t] = self.frequency.get(t, 0) + 1
            stems = frozenset(map(stem, distinct))
            if weights.get(doc, 1.0) >= 1.0:
                n_default += 1
                for s in stems:
                    stem_df[s] = stem_df.get(s, 0) + 1
            flat = " ".join(fold(blob).replace("-", " ").replace("*", "").split())  # "50-card"
            row = Row(rid, entry, name_list, pos, stems, flat)
            self.rows[rid] = row
            self.by_ref[(doc, ref)] = row
            if parent:
                self.children.setdefault((doc, parent), []).append(row)
            for name in name_list:
                self.by_name.setdefault(name, []).append(row)
        self.name_keys = list(self.by_name)
        self.name_words = frozenset(  # words of the names players type: "reach", "planar"
            w
            for name, rows in self.by_name.items()
            if any(r.entry.kind in ("keyword", "feat", "glossary") for r in rows)
            for w in name.split()
        )
        self.all_docs = frozenset(row.entry.doc for row in self.rows.values())
        self.default_doc = max(weights, key=lambda d: weights[d]) if weights else "cr"
        self.vocabulary = sorted(vocabulary)
        self.lengths = {}
        top = math.log(max(n_default, 2))
        # How much a word says about an entry: rare words weigh more than "card" or "game".
        self.stem_weight = {
            s: 0.15 + 0.85 * math.log(n_default / df) / top for s, df in stem_df.items()
        }
        self.vocabulary_set = frozenset(vocabulary)
        self.known_words = frozenset(every_word) | KNOWN_WORDS
        self.bm25 = Bm25Index(columns, stemmed=True)
        self.expansions = Expansions(conn, self._entry_id)
        self.situations = Expansions(conn, self._entry_id, "situations")
        self.newcomer = Expansions(conn, self._entry_id, "newcomer", NEWCOMER_CANDIDATES)
        self.parent_rule = {  # rule -> its parent rule, for "the most specific first"
            row.id: parent.id
            for row in self.rows.values()
            if row.entry.kind == "rule"
            and (parent := self.by_ref.get((row.entry.doc, row.entry.parent or "")))
        }
        links: dict[int, set[int]] = {}
        for doc, source, target in conn.execute(
            "select doc, source, target from links where not is_broken"
        ):
            a, b = self.by_ref.get((doc, source)), self.by_ref.get((doc, target))
            if a is not None and b is not None:
                links.setdefault(a.id, set()).add(b.id)
        self.links = {rid: frozenset(ids) for rid, ids in links.items()}  # what an entry cites
        self.cases = cases_of(self.rows, self.links)  # a rule -> entries citing it for a case
        self._semantic: Semantic | None = None
        self._classifier: EntryClassifier | None = None
        self.learnt_refs = {  # appendix lists and items have one or two questions to learn from
            rid: row.entry.ref
            for rid, row in self.rows.items()
            if row.entry.doc == self.default_doc and row.entry.kind in TEXT_KINDS
        }
        self.older: dict[int, list[int]] = {}  # a CR rule -> the older entries on its thing
        for (doc, heading), ref in self.counterparts.items():
            target, older = (
                self.by_ref.get((self.default_doc, ref)),
                self.by_ref.get((doc, heading)),
            )
            if target is not None and older is not None:
                self.older.setdefault(target.id, []).append(older.id)

    @property
    def semantic(self) -> Semantic | None:
        """The word vectors of the entries and their questions, made on first use."""
        if self._semantic is None and TABLE.exists():
            texts = {
                rid: f"{row.entry.title}: {row.entry.text}"[:1000] for rid, row in self.rows.items()
            }
            self._semantic = Semantic(WordVectors(TABLE), texts, self.expansions.asked)
        return self._semantic

    @property
    def classifier(self) -> EntryClassifier | None:
        """The learned classifier, loaded on first use (None when it is not shipped)."""
        if self._classifier is None and MODEL.exists():
            self._classifier = EntryClassifier(MODEL)
        return self._classifier

    def _entry_id(self, doc: str, ref: str) -> int | None:
        row = self.by_ref.get((doc, ref))
        return row.id if row else None

    # -- query understanding ---------------------------------------------------------------

    def plan(self, query: str) -> QueryPlan:
        plan = plan_query(query, vocabulary=self.vocabulary_set)
        unknown = [t for t in plan.terms if len(t) >= 3 and t not in self.vocabulary_set]
        if unknown:
            fixes = self.corrections(" ".join(unknown))
            if fixes:
                plan = plan_query(query, fixes, self.vocabulary_set)
        return plan

    # -- layers ----------------------------------------------------------------------------

    def fulltext(
        self, plan: QueryPlan, docs: set[str]
    ) -> tuple[dict[int, float], npt.NDArray[np.float64]]:
        """BM25 (higher is better) of the best full-text candidates, and of every entry (0
        when it does not match; in `bm25.ids` order): the query's words, the words the
        tables add and its phrases."""
        self.bm25.weigh(self.ranking.bm25)
        keep = None
        if not docs >= self.all_docs:
            keep = np.fromiter((self.rows[r].entry.doc in docs for r in self.bm25.ids), np.bool_)
        terms = dict.fromkeys(t for t in plan.terms + plan.expansions if t)
        acc, first = self.bm25.totals(terms, dict.fromkeys(plan.phrases))
        return self.bm25.select(acc, first, FTS_CANDIDATES, keep), acc

    def concept_weight(self, own: frozenset[str], syn: frozenset[str]) -> float:
        """A query word's weight in coverage: its rarity in the default document."""
        if own <= WEAK_STEMS:
            return WEAK_WEIGHT
        known = [self.stem_weight[s] for s in own | syn if s in self.stem_weight]
        return max(known, default=UNKNOWN_WEIGHT)

    def topics(self, plan: QueryPlan) -> list[tuple[str, tuple[str, ...]]]:
        """The named ideas of a question ("alliance", "deck size"), each with the refs of
        the rules about it: an entry that speaks of two of them is what a question joining
        them asks for ("alliance format deck size" -> the Alliance rule on deck size)."""
        found: dict[str, tuple[str, ...]] = {}
        for text in dict.fromkeys((plan.core, plan.canonical)):
            tokens = text.split()
            for n in (3, 2, 1):
                for i in range(len(tokens) - n + 1):
                    gram = " ".join(tokens[i : i + n])
                    if gram in found or gram in STOPWORDS or gram in COMMON_NAMES:
                        continue
                    refs = DEFINED_AT.get(gram, ())
                    rows = self.by_name.get(gram, ())
                    if not refs and not rows:
                        continue
                    # rules beside a defining rule speak of its term (500.3 of 500.2's army)
                    refs += tuple(p for p in map(self._parent, refs) if p)
                    refs += tuple(r.entry.ref for r in rows if r.entry.doc == self.default_doc)
                    found[gram] = refs
        return list(found.items())

    def _parent(self, ref: str) -> str | None:
        row = self.by_ref.get((self.default_doc, ref))
        return row.entry.parent if row else None

    # -- combination -----------------------------------------------------------------------

    def rank(self, query: str, docs: set[str], limit: int) -> list[Hit]:
        query_tokens.cache_clear()  # the words' stems are shared by this query's look-ups only
        plan = self.plan(query)
        rw = self.ranking
        scores: dict[int, float] = {}
        how: dict[int, str] = {}
        named = self.name_matches(plan, docs)
        fts, every = self.fulltext(plan, docs)
        # BM25 as a share of the best: the CR's own best for the CR (a French question's
        # French headings must not make its rule look weak), the overall best for the others.
        overall = max(fts.values(), default=0.0) or 1.0
        best = {doc: overall for doc in docs}
        default_best = [v for r, v in fts.items() if self.rows[r].entry.doc == self.default_doc]
        if default_best:
            best[self.default_doc] = max(default_best)
        topics = self.topics(plan) if len(plan.terms) > 1 else []
        topic_scale = min(1.0, rw.topic_words / max(len(plan.terms), 1))
        if len(topics) > 1:
            topic_scale *= rw.multi_topic_scale
        concept_weights = [self.concept_weight(own, syn) for own, syn in plan.concepts]
        total_weight = sum(concept_weights) or 1.0
        ask_weights = ask_weighted(plan, concept_weights, rw.ask_weight)
        asked = self.expansions.score(plan, ask_weights)
        asked = {  # an older entry answers its CR counterpart's questions
            rid: v
            for rid, v in share_with_older(asked, self.older).items()
            if self.rows[rid].entry.doc in docs
        }
        told = 0.0
        if self.situations and rw.situations > 0 and len(words(plan.raw)) >= rw.story_words:
            told = rw.situations
        situated = self.situations.score(plan, concept_weights) if told else {}
        situated = {r: v for r, v in situated.items() if self.rows[r].entry.doc in docs}
        widen_lead(situated, rw.situation_lead)
        expansion = rw.expansion
        if any(how == "name" for _, how in named.values()):
            expansion *= rw.named_expansion  # the query names an entry: that says more
        # newcomers' everyday words, when the rules' words are not: the newcomers' questions
        # and the classifier count the more
        everyday = plainness(
            plan, concept_weights, [self.rows[r].stems for r in fts], rw.newcomer_cover
        )
        newcomer_weight = rw.newcomer * expansion / (rw.expansion or 1.0)
        plain = plain_lift(self.newcomer, plan, ask_weights, newcomer_weight * everyday)
        plain = {r: v for r, v in plain.items() if self.rows[r].entry.doc in docs}
        bonuses = (0.0, rw.phrase_pair, rw.phrase_triple)
        phrase_bonus = [  # "level 3": the player's number, which a rule's example may share
            (p, bonuses[min(p.count(" "), 2)] * (rw.number_phrase if DIGIT_RE.search(p) else 1))
            for p in plan.phrases
        ]
        # the entries whose questions resemble the query most join the candidates
        extra = sorted(asked.keys() - fts.keys() - named.keys(), key=lambda r: -asked[r])
        extra = extra[:EXPANSION_CANDIDATES]
        extra += sorted(plain.keys() - fts.keys() - named.keys(), key=lambda r: -plain[r])[
            :NEWCOMER_ENTRIES
        ]
        position = self.bm25.position
        told_only = sorted(situated.keys() - fts.keys() - named.keys(), key=lambda r: -situated[r])
        for rid in fts.keys() | named.keys() | set(extra) | set(told_only[:STORY_CANDIDATES]):
            row = self.rows[rid]
            stems = row.stems
            covered = 0.0
            for (own, syn), weight in zip(plan.concepts, concept_weights, strict=True):
                if not own.isdisjoint(stems):
                    covered += weight
                elif syn and not syn.isdisjoint(stems):
                    covered += rw.synonym_cover * weight
            at = position.get(rid)
            share = (0.0 if at is None else float(every[at])) / (best.get(row.entry.doc) or overall)
            score = rw.fts_share * share + rw.cover_share * covered / total_weight
            folded = row.folded
            for phrase, bonus in phrase_bonus:
                if phrase in folded:
                    score += bonus
            if len(plan.parts) == 2 and all(p in row.folded for p in plan.parts):
                score += rw.parts_bonus  # "army vs formation": a rule that speaks of both
            if row.entry.kind == "section" and rid not in named:
                score *= rw.section_factor
            lift = expansion * asked.get(rid, 0.0) + told * situated.get(rid, 0.0)
            lift += plain.get(rid, 0.0)
            score += lift * (rw.trait_damp if row.entry.kind == "trait" else 1.0)
            label = "fulltext"
            if rid in named:
                score += named[rid][0] * (topic_scale if named[rid][1] == "topic" else 1.0)
                label = named[rid][1]
            scores[rid] = score * self.weights.get(row.entry.doc, 1.0)
            how[rid] = label
        present = {w for own, syn in plan.concepts for w in own | syn}
        present.update(stem(t) for t in words(fold(plan.raw[:500])))  # "card" too
        if len(topics) > 1:
            for rid in scores:
                row = self.rows[rid]
                ref = row.entry.ref
                count = sum(
                    1
                    for phrase, refs in topics
                    if phrase in row.folded
                    or any(ref == r or ref.startswith(r + ".") for r in refs)
                )
                if count > 1:
                    scores[rid] += (
                        rw.topic_pair * (count - 1) * self.weights.get(row.entry.doc, 1.0)
                    )
        self._appendix_items(plan, scores, how, present)
        if LIST_RE.search(plan.raw[:500]):  # "list of all damage types": the printed list
            for rid in scores:
                if self.rows[rid].entry.kind == "appendix":
                    scores[rid] += rw.list_boost * self.weights.get(self.rows[rid].entry.doc, 1.0)
        # A keyword or feat named in the question says more than a plain-language intent.
        keyword_named = any(self.rows[rid].entry.kind in ("keyword", "feat") for rid in named)
        intent_boost = rw.intent_boost * (0.5 if keyword_named else 1.0)
        for groups, ref in STEMMED_INTENTS:
            if all(group & present for group in groups):
                for doc in docs:
                    target = self.by_ref.get((doc, ref))
                    if target:
                        scores[target.id] = scores.get(target.id, 0.0) + intent_boost
                        how.setdefault(target.id, "intent")
        for number in embedded_numbers(plan.raw):
            for doc in docs:
                cited = self.by_ref.get((doc, number))
                if cited:
                    scores[cited.id] = scores.get(cited.id, 0.0) + rw.number_boost
                    how[cited.id] = "number"
        if rw.specific < 1.0:
            by_name = {rid for rid, (_, how) in named.items() if how == "name"}
            lift_sub_rules(scores, asked, self.parent_rule, rw.specific, COUNTERPART_LEAD, by_name)
        said = f" {plan.core} {plan.canonical} "  # "alliance deck size": 801.5.2, not 108.2
        named_cases_first(scores, how, self.rows, self.cases, said, COUNTERPART_LEAD)
        if self.default_doc in docs:
            self._counterparts_first(scores, how)
        ordered = sorted(scores, key=lambda r: (-scores[r], self.rows[r].position))
        semantic = self.semantic if rw.semantic > 0 else None
        if semantic is not None:  # older documents' entries keep their places ("leaving play")
            ordered = self._others_in_place(
                ordered, semantic.reorder(query, ordered, scores, FTS_CANDIDATES, rw.semantic)
            )
            if self.default_doc in docs:
                ordered = self._counterparts_before(ordered)
        classifier = self.classifier if rw.classifier > 0 else None
        if classifier is not None and ordered and how[ordered[0]] not in ("number", "name"):
            weight = rw.classifier * (1.0 + rw.plain_classifier * everyday)
            ordered = classifier.rerank(plan, ordered, scores, self.learnt_refs, weight)
            if self.default_doc in docs:
                ordered = self._counterparts_before(ordered)
        return [self.hit(self.rows[r], scores[r], how[r]) for r in ordered[:limit]]

    def _counterparts_first(self, scores: dict[int, float], how: dict[int, str]) -> None:
        """An older document's entry comes below the default document's rule on the same
        thing (`documents/concordance.json`): that rule is lifted just above it, found the
        same way ("steps of an action": 510.5, then the 4th-edition heading)."""
        for rid in sorted(scores, key=lambda r: scores[r]):  # the best older entry last
            row = self.rows[rid]
            ref = self.counterparts.get((row.entry.doc, row.entry.ref))
            target = self.by_ref.get((self.default_doc, ref)) if ref else None
            if target is None:
                continue
            lifted = scores[rid] + COUNTERPART_LEAD
            if scores.get(target.id, 0.0) < lifted:
                scores[target.id] = lifted
                how[target.id] = how[rid]

    def _others_in_place(self, before: list[int], after: list[int]) -> list[int]:
        """`after`, a re-ordering of `before`, with the entries of documents other than the
        default one back in their places: the meaning layer compares the default document's
        rules by the questions they answer, which older documents do not have."""
        default = self.default_doc
        moved = iter([r for r in after if self.rows[r].entry.doc == default])
        return [r if self.rows[r].entry.doc != default else next(moved) for r in before]

    def _counterparts_before(self, ordered: list[int]) -> list[int]:
        """`_counterparts_first` on a re-ordered list: a default document's rule that an
        older entry above it treats the same thing as moves to just above that entry."""
        out = list(ordered)
        for rid in ordered:
            row = self.rows[rid]
            ref = self.counterparts.get((row.entry.doc, row.entry.ref))
            target = self.by_ref.get((self.default_doc, ref)) if ref else None
            if target is None or target.id not in out:
                continue
            here, there = out.index(rid), out.index(target.id)
            if there > here:
                out.insert(here, out.pop(there))
        return out

    def _appendix_items(
        self, plan: QueryPlan, scores: dict[int, float], how: dict[int, str], present: set[str]
    ) -> None:
        """Appendix items all read "X: listed in Appendix C - Archetype Traits": one the
        question does not name is damped, so the list and the rules come before its items.
        A named item whose list the question names too ("is Zealot an archetype trait")
        brings that list up to just below it."""
        said = f" {plan.core} {plan.canonical} "
        for rid in [r for r in scores if self.rows[r].entry.kind == "trait"]:
            row = self.rows[rid]
            if f" {normalize_name(row.entry.title)} " not in said:
                scores[rid] *= self.ranking.trait_damp
                continue
            parent = self.by_ref.get((row.entry.doc, row.entry.parent or ""))
            if parent is None:
                continue
            if {stem(w) for w in words(parent.entry.title)} <= present:
                lifted = scores[rid] - 0.01  # the same document: weighted alike
                if scores.get(parent.id, 0.0) < lifted:
                    scores[parent.id] = lifted
                    how[parent.id] = "topic"

    @staticmethod
    def hit(row: Row, score: float, matched_by: str) -> Hit:
        e = row.entry
        return Hit(e.ref, e.doc, e.title, e.text, score, e.kind, matched_by)
