"""The name layer: entries a query names (glossary terms, keywords, feats, named rules,
sections, traits), exactly, as a term defined in a rule, inside a longer question, or by a
close spelling. A mixin of `search.Ranker`."""

from __future__ import annotations

import re

from rapidfuzz import fuzz, process

from rules_index.query import QueryPlan
from rules_index.rows import AddFn, Row
from rules_index.synonyms import DEFINED_AT
from rules_index.text import normalize_name, singular_forms
from rules_index.weights import RankingWeights

# One-word rule names too common in questions to mean that rule's topic.
COMMON_NAMES = frozenset({"trap", "strike", "action", "order", "react", "play", "pass", "ready"})
GENERIC_TAIL = re.compile(r"\s+(?:characters?|cards?)$")
RARE = 12  # a one-word name found in at most this many entries names a topic


class NameLayer:
    """Names of the entries, and what a query names."""

    ranking: RankingWeights
    by_name: dict[str, list[Row]]
    name_keys: list[str]
    by_ref: dict[tuple[str, str], Row]
    children: dict[tuple[str, str], list[Row]]
    default_doc: str
    frequency: dict[str, int]
    vocabulary_set: frozenset[str]

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
