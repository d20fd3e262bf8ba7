"""Typo correction and abbreviations: a misspelt query word mapped to the word the rules use
("levle" -> level, "planer" -> planar, "adv" -> advantage). A mixin of `search.Ranker`."""

from __future__ import annotations

import bisect

from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA

from rules_index.query import stem
from rules_index.text import words

ABBREVIATION_DOMINANCE = 6  # "adv": advantage used this many times more than adventure
RATIO_GAP = 0.17  # fuzz.ratio >= 84: lengths differ by at most 16% of their sum (with a margin)
ABBREVIATION_MIN_USES = 3  # "perso" is not "personal", which one rule uses


class Spelling:
    """Corrections from the vocabulary of the indexed documents."""

    vocabulary: list[str]  # sorted: the default document's words of four letters or more
    vocabulary_set: frozenset[str]
    known_words: frozenset[str]  # every document's words and the tables' own
    frequency: dict[str, int]  # in how many entries of the default document
    stem_weight: dict[str, float]  # the stems the default document uses
    name_words: frozenset[str]  # words of the names players type: "reach", "planar"
    lengths: dict[tuple[int, int], list[str]]  # `of_length`

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
            n = len(token)
            if n >= 5:  # only words whose length the ratio allows
                gap = int(2 * RATIO_GAP * n / (1 - RATIO_GAP))
                best = process.extractOne(
                    token, self.of_length(n - gap, n + gap), scorer=fuzz.ratio, score_cutoff=84
                )
            if best:
                fixes[token] = best[0]
                continue
            near = process.extract(
                token, self.of_length(n - 1, n + 1), scorer=OSA.distance, score_cutoff=1, limit=None
            )
            near = [m for m in near if self._plausible_typo(token, m[0])]
            if near:
                fixes[token] = max(near, key=lambda m: self.frequency.get(m[0], 0))[0]
                continue
            full = self.expand_abbreviation(token)
            if full:
                fixes[token] = full
        return fixes

    def of_length(self, low: int, high: int) -> list[str]:
        """The vocabulary's words of `low` to `high` letters, in order: the only ones close
        enough to a word of a length between them (remembered: a few dozen lists)."""
        found = self.lengths.get((low, high))
        if found is None:
            found = [w for w in self.vocabulary if low <= len(w) <= high]
            self.lengths[low, high] = found
        return found

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
