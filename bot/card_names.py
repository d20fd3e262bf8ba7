"""Card-name matching, the one place rapidfuzz is used for names in the bot: case, accents and
spacing ignored (`engine.cards.names.name_key`), typos forgiven.

`match_cards` serves `cards show`, `/card`, `[[card]]` and autocomplete; `best_names` serves
`CardStore.find`; `similarity` tells a typo from another word (`bot.commands.text`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from rapidfuzz import fuzz, process

from engine.cards.catalog import CardCatalog
from engine.cards.model import Card
from engine.cards.names import name_key

CLOSE = 80.0  # a whole name this like the query (fuzz.ratio) is a close match
CONFIDENT = 88.0  # ... and this like it is answered at once (a typo)
WORD_TYPO = 85.0  # a typed word this like a word of the name is that word
SUGGEST = 55.0  # names this like it (name_likeness) are offered when none is close

__all__ = [
    "CLOSE",
    "CONFIDENT",
    "SUGGEST",
    "CardMatch",
    "best_names",
    "match_cards",
    "name_likeness",
    "similarity",
]


def similarity(a: str, b: str) -> float:
    """How alike two strings are as a whole, 0-100 (rapidfuzz's ratio)."""
    return fuzz.ratio(a, b)


def name_likeness(query: str, choice: str, **kwargs: Any) -> float:
    """WRatio finds names inside longer ones ("kabyrr"); plain ratio keeps a short name such
    as "Ward" from winning over "Warden" for "iron warden". Their mean serves both."""
    return 0.5 * fuzz.WRatio(query, choice, **kwargs) + 0.5 * fuzz.ratio(query, choice, **kwargs)


def best_names(query: str, names: list[str], limit: int, cutoff: float) -> list[str]:
    """The `limit` names most like `query` (name_likeness), at least `cutoff` alike."""
    hits = process.extract(query, names, scorer=name_likeness, limit=limit, score_cutoff=cutoff)
    return [name for name, _score, _index in hits]


@dataclass(frozen=True)
class CardMatch:
    """A card found for a name: how alike the names are (0-100), whether they are equal, how
    alike the whole names are, and whether every typed word is a word of the name ("kabyrr"
    in "Kabyrr the Insane": `words` 2 when each is there as typed, 1 with typos, else 0)."""

    card: Card
    score: float
    exact: bool
    ratio: float = 0.0
    words: int = 0

    @property
    def close(self) -> bool:
        """Near enough to offer, or for `cards show` to show with a note."""
        return self.exact or self.ratio >= CLOSE or self.words > 0

    @property
    def confident(self) -> bool:
        """Near enough to answer with, saying it was a typo."""
        return self.exact or self.ratio >= CONFIDENT or self.words == 2


_NAMES: list[tuple[CardCatalog, dict[str, Card], dict[str, list[str]]]] = []


def _names(catalog: CardCatalog) -> tuple[dict[str, Card], dict[str, list[str]]]:
    """The catalog's cards by name key (first of each name) and the name keys by word; kept
    for the last few catalogs (a catalog does not change)."""
    for known, known_names, known_words in _NAMES:
        if known is catalog:
            return known_names, known_words
    names: dict[str, Card] = {}
    for card in catalog.cards:
        names.setdefault(name_key(card.name), card)
    by_word: dict[str, list[str]] = {}
    for key in names:
        for word in set(key.split()):
            by_word.setdefault(word, []).append(key)
    _NAMES.insert(0, (catalog, names, by_word))
    del _NAMES[4:]
    return names, by_word


def match_cards(catalog: CardCatalog, name: str, limit: int = 5) -> list[CardMatch]:
    """Cards for `name`, best first: every card of exactly that name, then distinct names
    that are close (see CardMatch), then others by likeness down to SUGGEST."""
    exact = [CardMatch(c, 100.0, True, 100.0, 2) for c in catalog.named(name)]
    key = name_key(name)
    names, by_word = _names(catalog)
    keys = list(names)
    # Candidates from rapidfuzz's native scorers (a Python scorer over every name is slow):
    # the names most alike as a whole, those holding a name inside, those holding every word.
    pool = max(limit, 10) * 3
    candidates = {k for k, _, _ in process.extract(key, keys, scorer=fuzz.ratio, limit=pool)}
    candidates |= {k for k, _, _ in process.extract(key, keys, scorer=fuzz.WRatio, limit=pool)}
    typed = key.split()
    holding = set(by_word.get(typed[0], [])) if typed else set()
    for word in typed[1:]:
        holding &= set(by_word.get(word, []))
    likeness = {k: name_likeness(key, k) for k in candidates | holding}
    wanted = sorted((k for k in likeness if likeness[k] >= SUGGEST), key=lambda k: -likeness[k])
    chosen = dict.fromkeys([*holding, *wanted[: max(limit, 10)]])
    chosen.pop(key, None)
    found = [
        CardMatch(names[k], likeness[k], False, fuzz.ratio(key, k), _words_in(key, k))
        for k in chosen
    ]
    if sum(m.words == 2 for m in found) > 1:
        # "dragon": several names hold the word as typed, so ask which, and do not answer
        # with a typo of another name either ("adinia" is not "Adina").
        found = [
            replace(m, words=1) if m.words == 2 else replace(m, ratio=min(m.ratio, CLOSE))
            for m in found
        ]
    # A word typed as printed ("kabyrr" in "Kabyrr the Insane") beats a typo of another name.
    found.sort(key=lambda m: (not m.confident, not m.close, m.words == 0, -m.score))
    return [*exact, *found][:limit]


def _words_in(query: str, name: str) -> int:
    """2 when every word typed is a word of the name, 1 when each is one with a typo, else 0."""
    typed, words = query.split(), name.split()
    if not typed or len(typed) >= len(words):
        return 0
    if all(w in words for w in typed):
        return 2
    if all(any(fuzz.ratio(w, n) >= WORD_TYPO for n in words) for w in typed):
        return 1
    return 0
