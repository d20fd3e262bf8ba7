"""Seeded random legal decks, for simulations, tests and players who want a quick game.

Pure: the same catalog and seed give the same deck. Randomness comes from the engine's
counter-based generator (engine.rng), never from the global `random`. What a build needs
from a catalog (Warlords, starters by faction, usable cards by type) is indexed once per
catalog and kept while the catalog lives, so a deck from the 4,844-card community file
takes milliseconds.
"""

from __future__ import annotations

import weakref
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TypeVar

from engine.cards.catalog import CardCatalog
from engine.cards.errors import DeckBuildError
from engine.cards.formats import GameFormat
from engine.cards.model import Card, CardClass, CardType, Deck
from engine.cards.names import name_key, slugify
from engine.cards.validation import validate_deck
from engine.rng import Rng

_T = TypeVar("_T")
# Share of the deck each card type aims for; rule 108.4 caps every type at half.
_TYPE_SHARES = ((CardType.CHARACTER, 0.44), (CardType.ITEM, 0.28), (CardType.ACTION, 0.28))


class _Chooser:
    """A thin mutable wrapper around the pure generator, local to one build."""

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def index(self, n: int) -> int:
        value, self.rng = self.rng.below(n)
        return value


@dataclass(frozen=True)
class _Index:
    """What random_deck needs from one catalog, computed once (catalog order kept)."""

    warlords: tuple[Card, ...]  # playable, not Reserved, by id
    starters: dict[str, tuple[Card, ...]]  # faction -> level 1-2 characters that may start
    characters: dict[str, tuple[int, ...]]  # faction -> positions of non-lord characters
    cards: tuple[Card, ...]  # the catalog's cards in order
    by_type: dict[CardType, tuple[Card, ...]]  # playable items and actions
    keys: dict[str, str]  # id -> name key (108.3 counts copies by name)


_INDEXES: weakref.WeakKeyDictionary[CardCatalog, _Index] = weakref.WeakKeyDictionary()


def _index(catalog: CardCatalog) -> _Index:
    found = _INDEXES.get(catalog)
    if found is None:
        found = _INDEXES[catalog] = _build_index(catalog)
    return found


def _build_index(catalog: CardCatalog) -> _Index:
    cards = catalog.cards
    playable = [_is_playable(c) for c in cards]
    warlords = sorted(
        (c for c, ok in zip(cards, playable, strict=True) if ok and c.is_warlord),
        key=lambda c: c.id,
    )
    starters: dict[str, list[Card]] = {}
    characters: dict[str, list[int]] = {}
    for position, card in enumerate(cards):
        if not (playable[position] and card.is_character and not card.character_types):
            continue
        for faction in card.factions:
            characters.setdefault(faction, []).append(position)
            if not card.is_reserved and card.level in (1, 2):  # 500.2, 602.3
                starters.setdefault(faction, []).append(card)
    by_type = {
        kind: tuple(c for c, ok in zip(cards, playable, strict=True) if ok and c.type is kind)
        for kind in (CardType.ITEM, CardType.ACTION)
    }
    return _Index(
        warlords=tuple(w for w in warlords if not w.is_reserved),
        starters={f: tuple(sorted(cs, key=lambda c: c.id)) for f, cs in starters.items()},
        characters={f: tuple(ps) for f, ps in characters.items()},
        cards=cards,
        by_type=by_type,
        keys={c.id: name_key(c.name) for c in cards},
    )


def random_deck(catalog: CardCatalog, seed: int, fmt: GameFormat = GameFormat.SAGA) -> Deck:
    """A legal deck of `fmt` drawn from `catalog`; raises DeckBuildError if none can be built."""
    chooser = _Chooser(seed)
    index = _index(catalog)
    deck = None
    for leaders in _leader_candidates(index, fmt, chooser):
        if not _can_field_army(fmt, leaders, index):
            continue
        try:
            deck = _Builder(index, fmt, leaders, chooser).build(seed)
            break
        except DeckBuildError:  # too small a card pool: try other leaders
            continue
    if deck is None:
        raise DeckBuildError(
            f"The card catalog has no Warlord with enough usable cards for a {fmt.value} deck."
        )
    problems = validate_deck(deck, catalog, fmt)
    if problems:  # a bug here, not a user error: say which rule failed
        raise DeckBuildError(f"The random deck came out illegal: {problems[0].text}")
    return deck


def _leader_candidates(
    index: _Index, fmt: GameFormat, chooser: _Chooser
) -> Iterator[tuple[Card, ...]]:
    """Warlords (or Alliance pairs of Warlords) in a seeded order, each tried at most once."""
    singles = index.warlords
    order, chooser.rng = chooser.rng.shuffled(tuple(range(len(singles))))
    firsts = [singles[i] for i in order]
    if fmt.rules.warlords == 1:
        yield from ((w,) for w in firsts)
        return
    for first in firsts:
        others = [w for w in firsts if index.keys[w.id] != index.keys[first.id]]
        partner_order, chooser.rng = chooser.rng.shuffled(tuple(range(len(others))))
        for position in partner_order[:8]:  # a few partners each keep the search short
            yield (first, others[position])


def _starters(leaders: tuple[Card, ...], index: _Index) -> list[Card]:
    found = {c.id: c for w in leaders for f in w.factions for c in index.starters.get(f, ())}
    return [found[i] for i in sorted(found)]


def _can_field_army(fmt: GameFormat, leaders: tuple[Card, ...], index: _Index) -> bool:
    starters = _starters(leaders, index)
    single_copy = fmt.rules.max_copies == 1
    for level, needed in fmt.rules.army_levels:
        found = [c for c in starters if c.level == level]
        repeatable = any(not c.is_unique for c in found) and not single_copy
        if len({index.keys[c.id] for c in found}) < needed and not (found and repeatable):
            return False
    return True


def _is_playable(card: Card) -> bool:
    """Cards with the numbers the engine needs (imported cards may lack some)."""
    if card.is_character:
        return None not in (card.level, card.armor_class, card.hit_points) and bool(card.attack)
    return card.level is not None


class _Builder:
    def __init__(
        self, index: _Index, fmt: GameFormat, leaders: tuple[Card, ...], chooser: _Chooser
    ) -> None:
        self.index = index
        self.starters = _starters(leaders, index)
        self.fmt = fmt
        self.leaders = leaders
        self.chooser = chooser
        self.copies: Counter[str] = Counter()
        self.max_copies = fmt.rules.max_copies or 3
        factions = {f for w in leaders for f in w.factions}
        positions = sorted({p for f in factions for p in index.characters.get(f, ())})
        self.characters = [index.cards[p] for p in positions]
        members = (*leaders, *self.characters)
        self.classes = {cl for c in members for cl in c.classes} | {CardClass.CLASSLESS}
        # Restrictions name traits, character types or factions (302.3).
        self.traits = {t for c in members for t in (*c.traits, *c.character_types)} | factions
        self.alignments = {a for w in leaders for a in w.alignments}

    def allowed_more(self, card: Card) -> int:
        limit = 1 if card.is_epic else self.max_copies
        return limit - self.copies[self.index.keys[card.id]]

    def take(self, card: Card, out: list[str], count: int = 1) -> None:
        out.extend([card.id] * count)
        self.copies[self.index.keys[card.id]] += count

    def build(self, seed: int) -> Deck:
        army: list[str] = []
        for leader in self.leaders:
            self.take(leader, army)
        for level, needed in self.fmt.rules.army_levels:
            self.fill_army_level([c for c in self.starters if c.level == level], needed, army)

        cards: list[str] = []
        total = self.fmt.rules.min_size
        counts = Counter(CardType.CHARACTER for _ in army)
        remaining = total - len(army)
        pools = {kind: self.pool(kind) for kind, _ in _TYPE_SHARES}
        for kind, share in _TYPE_SHARES:
            target = min(round(total * share), total // 2) - counts[kind]
            added = self.fill(pools[kind], max(0, min(target, remaining)), cards)
            counts[kind] += added
            remaining -= added
        for kind, _ in _TYPE_SHARES:  # make up any shortfall within the 108.4 cap
            room = min(total // 2 - counts[kind], remaining)
            added = self.fill(pools[kind], max(0, room), cards)
            counts[kind] += added
            remaining -= added
        if remaining > 0:
            raise DeckBuildError(
                f"The card catalog has too few usable cards for a {self.fmt.value} deck "
                f"led by {' and '.join(w.name for w in self.leaders)}."
            )
        name = "random-" + "-".join(slugify(w.name) for w in self.leaders) + f"-{seed}"
        return Deck(name=name, starting_army=tuple(army), cards=tuple(cards))

    def fill_army_level(self, found: list[Card], needed: int, army: list[str]) -> None:
        chosen = 0
        fresh = list(found)
        while chosen < needed and fresh:  # distinct characters first
            card = _take_out(fresh, self.chooser.index(len(fresh)))
            if self.copies[self.index.keys[card.id]] == 0:
                self.take(card, army)
                chosen += 1
        repeatable = [c for c in found if not c.is_unique]
        while chosen < needed:
            if not repeatable:
                raise DeckBuildError("Too few characters can start in play beside these leaders.")
            position = self.chooser.index(len(repeatable))
            card = repeatable[position]
            if self.allowed_more(card) > 0:
                self.take(card, army)
                chosen += 1
            else:
                _take_out(repeatable, position)

    def fill(self, pool: list[Card], wanted: int, out: list[str]) -> int:
        added = 0
        while added < wanted and pool:
            card = _take_out(pool, self.chooser.index(len(pool)))
            room = min(self.allowed_more(card), wanted - added)
            if room <= 0:
                continue
            count = 1 + self.chooser.index(min(room, 3))
            self.take(card, out, count)
            added += count
        return added

    def pool(self, kind: CardType) -> list[Card]:
        """Cards of that type the leaders' army can use, in catalog order."""
        if kind is CardType.CHARACTER:
            return list(self.characters)
        return [
            c
            for c in self.index.by_type[kind]
            if self.classes.intersection(c.classes)
            and (not c.restrictions or self.traits.intersection(c.restrictions))
            and (c.required_alignment is None or c.required_alignment in self.alignments)
        ]


def _take_out(items: list[_T], position: int) -> _T:
    """Remove and return items[position] in O(1) (the last item takes its place)."""
    chosen = items[position]
    items[position] = items[-1]
    items.pop()
    return chosen
