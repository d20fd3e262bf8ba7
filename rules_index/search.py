"""Ranking: rule numbers, names (exact and fuzzy), defined terms and BM25 full text, combined.

Everything a query needs is loaded into memory once, when the index opens: entries, the name
table, the vocabulary for typo correction, each entry's word stems and a BM25 index of them
(`bm25.Bm25Index`), so a query runs no SQL.
"""

from __future__ import annotations

import bisect
import json
import math
import re
import sqlite3
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA

from rules_index.bm25 import Bm25Index
from rules_index.expansion import (
    Expansions,
    ask_weighted,
    lift_sub_rules,
    share_with_older,
    widen_lead,
)
from rules_index.models import Entry, Hit
from rules_index.query import KNOWN_WORDS, QueryPlan, plan_query, stem
from rules_index.refs import embedded_numbers
from rules_index.semantic import TABLE, Semantic, WordVectors
from rules_index.synonyms import DEFINED_AT, INTENTS, STOPWORDS
from rules_index.text import fold, normalize_name, singular_forms, words

FTS_CANDIDATES = 30  # scored in full (every entry keeps its BM25); 20 loses two questions
EXPANSION_CANDIDATES = 10  # entries found by their questions only, beside the BM25 ones
STORY_CANDIDATES = 5  # entries found by their situations only, for a long story
STEMMED_INTENTS = tuple(
    (tuple(frozenset(stem(w) for w in group.split("|")) for group in groups), ref)
    for groups, ref in INTENTS
)
# One-word rule names too common in questions to mean that rule's topic.
COMMON_NAMES = frozenset({"trap", "strike", "action", "order", "react", "play", "pass", "ready"})
GENERIC_TAIL = re.compile(r"\s+(?:characters?|cards?)$")
# Words of a question's shape rather than its topic ("do I need to", "am I allowed to").
WEAK_WORDS = ("need", "needs", "want", "wants", "really", "actually", "just", "anyway", "ok")
WEAK_STEMS = frozenset(map(stem, WEAK_WORDS))
WEAK_WEIGHT = 0.1
DIGIT_RE = re.compile(r"\b\d+\b")
UNKNOWN_WEIGHT = 0.5  # a query word no entry uses
RARE = 12  # a one-word name found in at most this many entries names a topic
ABBREVIATION_DOMINANCE = 6  # "adv": advantage used this many times more than adventure
ABBREVIATION_MIN_USES = 3  # "perso" is not "personal", which one rule uses
LIST_RE = re.compile(r"\b(?:list|lists|listed|liste|enumerate)\b", re.IGNORECASE)
COUNTERPART_LEAD = 0.05  # how far a CR rule leads the older entry on the same thing
NAME_KINDS = ("glossary", "keyword", "feat", "trait", "section", "rule", "heading", "appendix")


@dataclass(frozen=True)
class RankingWeights:
    """The constants that combine the ranking layers; `benchmarks/fit_weights.py` fits them."""

    bm25: tuple[float, ...] = (3.0, 2.0, 1.0, 1.0, 0.4)  # names, title, context, text, examples
    fts_share: float = 0.8  # BM25, as a share of the query's best
    cover_share: float = 0.9  # the share of the question's words (rare ones weighing more)
    synonym_cover: float = 0.6  # a question word covered by a synonym only
    phrase_pair: float = 0.25  # two of the question's words found verbatim
    phrase_triple: float = 0.35  # three of them
    number_phrase: float = 0.5  # the share of a phrase bonus a phrase with a number in it gets
    parts_bonus: float = 0.6  # "army vs formation": a rule that speaks of both
    section_factor: float = 0.75  # a section the question does not name
    topic_words: float = 3.0  # a name inside a question longer than this counts less
    multi_topic_scale: float = 0.75  # two named ideas: the question is about them together
    topic_pair: float = 0.4  # an entry joining two named ideas of the question
    trait_damp: float = 0.6  # an appendix item the question does not name
    mapped_topic: float = 0.8  # a term defined in a rule, in the player's words ("upside down")
    intent_boost: float = 1.2  # synonyms.INTENTS (half when a keyword is named)
    list_boost: float = 0.8  # an appendix list, when the question asks for a list
    name_score: float = 4.0  # the query is a name
    term_score: float = 3.6  # the query is a term synonyms.DEFINED_AT places
    head_scale: float = 0.5  # a term after other words ("legal starting army")
    number_boost: float = 6.0  # a rule number inside a longer question
    expansion: float = 2.0  # the query resembles the questions an entry answers
    named_expansion: float = 0.3  # of `expansion`, when the query is a name
    specific: float = 0.7  # a sub-rule this close to its parent, and asked more, leads it
    ask_weight: float = 3.0  # a long query's words in its ask clause, matching questions
    semantic: float = 3.0  # word-vector similarity, re-ordering the answers after the first
    situations: float = 2.0  # a long story resembles the situations an entry settles
    story_words: int = 20  # a query of this many words or more is a story
    situation_lead: float = 4.0  # the entry whose situations match best gains its lead x this

    def bm25_sql(self) -> str:
        return ", ".join(f"{w:g}" for w in self.bm25)


DEFAULT_WEIGHTS = RankingWeights()


@dataclass(frozen=True)
class Row:
    """An entry as held in memory, with what ranking needs."""

    id: int
    entry: Entry
    names: tuple[str, ...]
    position: int
    stems: frozenset[str]
    folded: str  # names, titles, text and examples: folded, hyphens as spaces, for phrases


AddFn = Callable[[Row, float, str], None]  # record a name-layer score for an entry


class Ranker:
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
        self.parent_rule = {  # rule -> its parent rule, for "the most specific first"
            row.id: parent.id
            for row in self.rows.values()
            if row.entry.kind == "rule"
            and (parent := self.by_ref.get((row.entry.doc, row.entry.parent or "")))
        }
        self._semantic: Semantic | None = None
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

    def _entry_id(self, doc: str, ref: str) -> int | None:
        row = self.by_ref.get((doc, ref))
        return row.id if row else None

    # -- query understanding ---------------------------------------------------------------

    def corrections(self, query: str) -> dict[str, str]:
        """Misspelt words of the query mapped to the closest word the documents use: a close
        spelling ("resistence"), else one letter wrong, missing, extra or two letters swapped
        ("levle", "planer"), the most used such word winning."""
        fixes: dict[str, str] = {}
        for token in words(query[:500])[:30]:
            if len(token) < 3 or token in self.vocabulary_set or token in self.known_words:
                continue
            if token.isdigit() or token in fixes or not token.isalpha():
                continue
            if len(token) < 4:
                full = self.expand_abbreviation(token)
                if full:
                    fixes[token] = full
                continue
            best = None
            if len(token) >= 5:
                best = process.extractOne(
                    token, self.vocabulary, scorer=fuzz.ratio, score_cutoff=84
                )
            if best:
                fixes[token] = best[0]
                continue
            near = process.extract(
                token, self.vocabulary, scorer=OSA.distance, score_cutoff=1, limit=None
            )
            near = [m for m in near if self._plausible_typo(token, m[0])]
            if near:
                fixes[token] = max(near, key=lambda m: self.frequency.get(m[0], 0))[0]
                continue
            full = self.expand_abbreviation(token)
            if full:
                fixes[token] = full
        return fixes

    def expand_abbreviation(self, token: str) -> str | None:
        """The rules word `token` abbreviates by cutting its end ("adv" -> advantage,
        "disadv" -> disadvantage): at least three letters shorter, used in a few rules, and
        one family of words ("advantage", "advantages") much more used than any other
        starting alike ("def": defeat or defined, none)."""
        if len(token) < 3:
            return None
        longer = [w for w in self._starting(self.vocabulary, token) if len(w) >= len(token) + 3]
        if not longer:
            return None
        families: dict[str, int] = {}
        for w in longer:
            family = stem(w)
            families[family] = families.get(family, 0) + self.frequency.get(w, 0)
        ranked = sorted(families.values(), reverse=True)
        if len(ranked) > 1 and ranked[0] < ABBREVIATION_DOMINANCE * ranked[1]:
            return None
        best = max(families, key=lambda f: families[f])
        if families[best] < ABBREVIATION_MIN_USES:
            return None
        return max((w for w in longer if stem(w) == best), key=lambda w: self.frequency.get(w, 0))

    @staticmethod
    def _starting(sorted_words: list[str], prefix: str) -> list[str]:
        start = bisect.bisect_left(sorted_words, prefix)
        end = bisect.bisect_left(sorted_words, prefix + "\uffff")
        return [w for w in sorted_words[start:end] if w != prefix]

    def _plausible_typo(self, token: str, word: str) -> bool:
        """One edit apart, `token` a likely misspelling of `word`: letters swapped or one left
        out; one letter too many in a longer word; one letter changed only into a word of a
        rule name ("planer" -> planar), as it would too often turn an English word ("took")
        into another ("look")."""
        if stem(token) in self.stem_weight:  # an inflection of a word the rules use
            return False
        if len(word) == len(token) + 1:
            return len(token) >= 5 or word in self.name_words
        if len(word) == len(token) - 1:
            return len(token) >= 5
        if sorted(word) == sorted(token):
            return True
        return len(token) >= 5 and word in self.name_words

    def plan(self, query: str) -> QueryPlan:
        plan = plan_query(query, vocabulary=self.vocabulary_set)
        unknown = [t for t in plan.terms if len(t) >= 3 and t not in self.vocabulary_set]
        if unknown:
            fixes = self.corrections(" ".join(unknown))
            if fixes:
                plan = plan_query(query, fixes, self.vocabulary_set)
        return plan

    # -- layers ----------------------------------------------------------------------------

    def name_matches(self, plan: QueryPlan, docs: set[str]) -> dict[int, tuple[float, str]]:
        """Entries named by the query: exact names, defined terms, then fuzzy names."""
        found: dict[int, tuple[float, str]] = {}

        def add(row: Row, score: float, how: str) -> None:
            if row.entry.doc in docs and found.get(row.id, (0.0, ""))[0] < score:
                found[row.id] = (score, how)

        keys = [k for k in dict.fromkeys((plan.core, plan.canonical)) if k]
        for key in list(keys):  # "stunned characters" is about "stunned"
            bare = GENERIC_TAIL.sub("", key)
            if bare and bare != key and bare not in keys:
                keys.append(bare)
        # An old or informal word the rules themselves use ("decree", "subclass") is best
        # answered by the rule that uses it: its modern equivalent then only helps a little.
        own_words = all(w in self.vocabulary_set or len(w) < 4 for w in plan.core.split())
        rw = self.ranking
        bare_core = GENERIC_TAIL.sub("", plan.core)
        core_keys = {plan.core, bare_core}
        for key in list(keys):  # "abilities" names Ability when no name is plural
            if key not in self.by_name and key not in DEFINED_AT:
                form = next((f for f in singular_forms(key) if f in self.by_name), None)
                if form and form not in keys:
                    keys.append(form)
                    if key in core_keys:
                        core_keys.add(form)
        for key in keys:
            scale = 1.0 if key in core_keys or not own_words else 0.2
            for row in self.by_name.get(key, ()):
                self._add_named(row, rw.name_score * scale, "name", add)
            for ref in DEFINED_AT.get(key, ()):
                for doc in docs:
                    defined = self.by_ref.get((doc, ref))
                    if defined:
                        add(defined, rw.term_score * scale, "term")
        if not found:
            self._head_term(keys, docs, add)
        for part in plan.parts if len(plan.parts) == 2 else ():  # "equipped vs attached"
            bare = GENERIC_TAIL.sub("", part)
            for key in dict.fromkeys((part, bare)):
                for row in self.by_name.get(key, ()):
                    self._add_named(row, 0.5, "topic", add)
                for ref in DEFINED_AT.get(key, ()):
                    defined = self.by_ref.get((self.default_doc, ref))
                    if defined and defined.entry.doc in docs:
                        add(defined, 0.5, "topic")
        for wording in plan.mapped:  # "turned sideways": where "spent" is defined
            for ref in DEFINED_AT.get(wording, ()):
                defined = self.by_ref.get((self.default_doc, ref))
                if defined and defined.entry.doc in docs:
                    add(defined, rw.mapped_topic, "topic")
        if not found:
            self._embedded_names(plan, add)
        if found or not keys or len(plan.core) < 3:
            return found
        for key in keys:
            n_words = len(key.split())
            if n_words > 3:
                continue
            cutoff = 80 if n_words == 1 else 86
            scale = 1.0 if key == plan.core or not own_words else 0.2
            for name, score, _ in process.extract(
                key, self.name_keys, scorer=fuzz.ratio, limit=4, score_cutoff=cutoff
            ):
                for row in self.by_name[name]:
                    self._add_named(row, (1.5 + 2.0 * (score - 80) / 20) * scale, "fuzzy", add)
        return found

    def _head_term(self, keys: list[str], docs: set[str], add: AddFn) -> None:
        """A short query that is a rules term of two words or more with plain words before it
        ("legal starting army", "max hand size") is about that term: its longest such tail
        counts as a name, less."""
        rw = self.ranking
        for key in keys:
            tokens = key.split()
            if not 3 <= len(tokens) <= 4:
                continue
            for k in range(1, len(tokens) - 1):
                said = tokens[k - 1]  # a word dropped must not name something of its own
                if said in self.by_name or said in DEFINED_AT:
                    break
                tail = " ".join(tokens[k:])
                rows = [r for r in self.by_name.get(tail, ()) if r.entry.kind != "trait"]
                refs = DEFINED_AT.get(tail, ())
                for row in rows:
                    self._add_named(row, rw.name_score * rw.head_scale, "name", add)
                    if row.entry.kind == "rule":
                        for kid in self.children.get((row.entry.doc, row.entry.ref), []):
                            self._add_topic(kid, add, 1)
                for ref in refs:
                    for doc in docs:
                        defined = self.by_ref.get((doc, ref))
                        if defined:
                            add(defined, rw.term_score * rw.head_scale, "term")
                if rows or refs:
                    break

    def _embedded_names(self, plan: QueryPlan, add: AddFn) -> None:
        """Names inside a longer question: any name of two words or more, and the names of
        keywords, feats and one-letter glossary terms ("X") as single words."""
        for text in dict.fromkeys((plan.core, plan.canonical)):
            tokens = text.split()
            used: set[int] = set()  # words inside a longer name: "banish" in "banish zone"
            for n in range(min(4, len(tokens)), 0, -1):
                for i in range(len(tokens) - n + 1):
                    gram = " ".join(tokens[i : i + n])
                    if n > 1:
                        for ref in DEFINED_AT.get(gram, ()):
                            defined = self.by_ref.get((self.default_doc, ref))
                            if defined:
                                add(defined, 0.8, "topic")  # "... an illegal rank ..."
                    rows = self.by_name.get(gram, ())
                    if not rows or (n == 1 and i in used):
                        continue
                    used.update(range(i, i + n))
                    for row in rows:
                        kind = row.entry.kind
                        if kind in ("trait", "section") or (kind == "appendix" and n == 1):
                            continue
                        if n == 1 and kind not in ("keyword", "feat") and len(gram) > 1:
                            if gram in COMMON_NAMES or self.frequency.get(gram, 0) > RARE:
                                continue
                            if kind == "rule":
                                self._add_topic(row, add)  # "alliance deck size"
                            elif kind == "glossary":
                                add(row, 0.8, "topic")  # "does my collection count as a zone"
                            continue
                        add(row, 1.0 + 0.3 * (n - 1), "topic")
                        if kind == "rule":
                            self._add_topic(row, add)

    def _add_topic(self, row: Row, add: AddFn, depth: int = 0) -> None:
        """A named rule mentioned in a question: it and its sub-rules are on topic."""
        add(row, 0.6 if depth == 0 else 0.5, "topic")
        if depth < 3:
            for kid in self.children.get((row.entry.doc, row.entry.ref), []):
                self._add_topic(kid, add, depth + 1)

    def _add_named(self, row: Row, score: float, how: str, add: AddFn) -> None:
        """A named section leads with its first rule, which holds the definition."""
        add(row, score, how)
        first = row
        while first.entry.kind == "section":  # "Section 3" -> "300" -> 300.1
            kids = self.children.get((first.entry.doc, first.entry.ref), [])
            if not kids:
                return
            first = kids[0]
        if first is not row and first.entry.kind == "rule":
            add(first, score + 0.5, how)

    def fulltext(
        self, plan: QueryPlan, docs: set[str]
    ) -> tuple[dict[int, float], dict[int, float]]:
        """BM25 (higher is better) of the best full-text candidates, and of every entry
        matching: the query's words, the words the tables add and its phrases."""
        self.bm25.weigh(self.ranking.bm25)
        keep = None if docs >= self.all_docs else (lambda rid: self.rows[rid].entry.doc in docs)
        terms = dict.fromkeys(t for t in plan.terms + plan.expansions if t)
        every = self.bm25.scores(terms, dict.fromkeys(plan.phrases))
        return self.bm25.best(every, FTS_CANDIDATES, keep), every

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
        asked = self.expansions.score(plan, ask_weighted(plan, concept_weights, rw.ask_weight))
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
        bonuses = (0.0, rw.phrase_pair, rw.phrase_triple)
        phrase_bonus = [  # "level 3": the player's number, which a rule's example may share
            (p, bonuses[min(p.count(" "), 2)] * (rw.number_phrase if DIGIT_RE.search(p) else 1))
            for p in plan.phrases
        ]
        # the entries whose questions resemble the query most join the candidates
        extra = sorted(asked.keys() - fts.keys() - named.keys(), key=lambda r: -asked[r])
        extra = extra[:EXPANSION_CANDIDATES]
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
            share = every.get(rid, 0.0) / (best.get(row.entry.doc) or overall)
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
        if self.default_doc in docs:
            self._counterparts_first(scores, how)
        ordered = sorted(scores, key=lambda r: (-scores[r], self.rows[r].position))
        semantic = self.semantic if rw.semantic > 0 else None
        if semantic is not None:
            ordered = semantic.reorder(query, ordered, scores, FTS_CANDIDATES, rw.semantic)
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

    def suggest_names(self, term: str, kinds: tuple[str, ...], docs: set[str]) -> list[str]:
        """Printed names close to `term`, for "did you mean"."""
        key = normalize_name(term)
        out: list[str] = []
        for name, _, _ in process.extract(
            key, self.name_keys, scorer=fuzz.WRatio, limit=12, score_cutoff=60
        ):
            for row in self.by_name[name]:
                if row.entry.kind in kinds and row.entry.doc in docs:
                    label = row.entry.title if row.entry.kind != "glossary" else row.entry.ref
                    if label not in out:
                        out.append(label)
        return out[:5]
