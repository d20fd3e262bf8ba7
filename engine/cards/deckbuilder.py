"""Seeded random legal decks, for simulations, tests and players who want a quick game.

Pure: the same catalog and seed give the same deck. Randomness comes from the engine's
counter-based generator (engine.rng), never from the global `random`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
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

    def pick(self, items: Sequence[_T]) -> _T:
        return items[self.index(len(items))]


def random_deck(catalog: CardCatalog, seed: int, fmt: GameFormat = GameFormat.SAGA) -> Deck:
    """A legal deck of `fmt` drawn from `catalog`; raises DeckBuildError if none can be built."""
    chooser = _Chooser(seed)
    starters = _starters_by_faction(catalog)
    deck = None
    for leaders in _leader_candidates(catalog, fmt, chooser):
        if not _can_field_army(fmt, leaders, starters):
            continue
        try:
            deck = _Builder(catalog, fmt, leaders, chooser, starters).build(seed)
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
    catalog: CardCatalog, fmt: GameFormat, chooser: _Chooser
) -> Iterator[tuple[Card, ...]]:
    """Warlords (or Alliance pairs of Warlords) in a seeded order, each tried at most once."""
    singles = sorted(
        (w for w in catalog.warlords() if _is_playable(w) and not w.is_reserved),
        key=lambda c: c.id,
    )
    order, chooser.rng = chooser.rng.shuffled(tuple(range(len(singles))))
    firsts = [singles[i] for i in order]
    if fmt.rules.warlords == 1:
        yield from ((w,) for w in firsts)
        return
    for first in firsts:
        others = [w for w in firsts if name_key(w.name) != name_key(first.name)]
        partner_order, chooser.rng = chooser.rng.shuffled(tuple(range(len(others))))
        for index in partner_order[:8]:  # a few partners each keep the search short
            yield (first, others[index])


def _starters_by_faction(catalog: CardCatalog) -> dict[str, list[Card]]:
    """Characters that may start in play (500.2, 602.3), by faction, in id order."""
    out: dict[str, list[Card]] = {}
    for card in sorted(catalog.cards, key=lambda c: c.id):
        if (
            card.is_character
            and not card.character_types
            and not card.is_reserved
            and card.level in (1, 2)
            and _is_playable(card)
        ):
            for faction in card.factions:
                out.setdefault(faction, []).append(card)
    return out


def _starters(leaders: tuple[Card, ...], by_faction: dict[str, list[Card]]) -> list[Card]:
    found = {c.id: c for w in leaders for f in w.factions for c in by_faction.get(f, ())}
    return [found[i] for i in sorted(found)]


def _can_field_army(
    fmt: GameFormat, leaders: tuple[Card, ...], by_faction: dict[str, list[Card]]
) -> bool:
    starters = _starters(leaders, by_faction)
    single_copy = fmt.rules.max_copies == 1
    for level, needed in fmt.rules.army_levels:
        found = [c for c in starters if c.level == level]
        repeatable = any(not c.is_unique for c in found) and not single_copy
        if len({name_key(c.name) for c in found}) < needed and not (found and repeatable):
            return False
    return True


def _is_playable(card: Card) -> bool:
    """Cards with the numbers the engine needs (imported cards may lack some)."""
    if card.is_character:
        return None not in (card.level, card.armor_class, card.hit_points) and bool(card.attack)
    return card.level is not None


class _Builder:
    def __init__(
        self,
        catalog: CardCatalog,
        fmt: GameFormat,
        leaders: tuple[Card, ...],
        chooser: _Chooser,
        starters: dict[str, list[Card]],
    ) -> None:
        self.starters = _starters(leaders, starters)
        self.catalog = catalog
        self.fmt = fmt
        self.leaders = leaders
        self.chooser = chooser
        self.copies: Counter[str] = Counter()
        self.max_copies = fmt.rules.max_copies or 3
        factions = {f for w in leaders for f in w.factions}
        self.characters = [
            c
            for c in catalog.cards
            if c.is_character
            and not c.character_types
            and factions.intersection(c.factions)
            and _is_playable(c)
        ]
        members = (*leaders, *self.characters)
        self.classes = {cl for c in members for cl in c.classes} | {CardClass.CLASSLESS}
        self.traits = {t for c in members for t in (*c.traits, *c.character_types)}
        self.alignments = {a for w in leaders for a in w.alignments}

    def allowed_more(self, card: Card) -> int:
        limit = 1 if card.is_epic else self.max_copies
        return limit - self.copies[name_key(card.name)]

    def take(self, card: Card, out: list[str], count: int = 1) -> None:
        out.extend([card.id] * count)
        self.copies[name_key(card.name)] += count

    def build(self, seed: int) -> Deck:
        army: list[str] = []
        for leader in self.leaders:
            self.take(leader, army)
        for level, needed in self.fmt.rules.army_levels:
            self.fill_army_level([c for c in self.starters if c.level == level], needed, army)

        cards: list[str] = []
        total = self.fmt.rules.min_size
        counts = Counter(self.catalog.get(i).type for i in army)
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
            card = fresh.pop(self.chooser.index(len(fresh)))
            if self.copies[name_key(card.name)] == 0:
                self.take(card, army)
                chosen += 1
        repeatable = [c for c in found if not c.is_unique]
        while chosen < needed:
            if not repeatable:
                raise DeckBuildError("Too few characters can start in play beside these leaders.")
            card = self.chooser.pick(repeatable)
            if self.allowed_more(card) > 0:
                self.take(card, army)
                chosen += 1
            else:
                repeatable.remove(card)

    def fill(self, pool: list[Card], wanted: int, out: list[str]) -> int:
        added = 0
        while added < wanted and pool:
            card = pool[self.chooser.index(len(pool))]
            room = min(self.allowed_more(card), wanted - added)
            if room <= 0:
                pool.remove(card)
                continue
            count = 1 + self.chooser.index(min(room, 3))
            self.take(card, out, count)
            added += count
            pool.remove(card)
        return added

    def pool(self, kind: CardType) -> list[Card]:
        """Cards of that type the leaders' army can use, in catalog order."""
        if kind is CardType.CHARACTER:
            return list(self.characters)
        return [
            c
            for c in self.catalog.cards
            if c.type is kind
            and _is_playable(c)
            and self.classes.intersection(c.classes)
            and (not c.restrictions or self.traits.intersection(c.restrictions))
            and (c.required_alignment is None or c.required_alignment in self.alignments)
        ]
