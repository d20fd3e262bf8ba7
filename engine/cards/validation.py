"""Deck and starting-army legality (rules 108, 500.2-500.3, 602.3, 602.7, 602.8, 801.5).

Every function returns an itemised list of DeckProblem; an empty list means legal. Each
problem is one sentence citing the rule it breaks.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from engine.cards.formats import GameFormat
from engine.cards.model import Card, CardType, CharacterType, Deck
from engine.cards.names import name_key

MERCENARY = "Mercenary Guilds"
_TYPE_PLURALS = {
    CardType.CHARACTER: "characters",
    CardType.ITEM: "items",
    CardType.ACTION: "actions",
    CardType.DUNGEON: "dungeons",
    CardType.EPIC_CLASS: "Epic Classes",
    CardType.BATTLEFIELD: "battlefields",
    CardType.TOKEN: "tokens",
}


class CardLookup(Protocol):
    """A CardCatalog or any mapping of card id to Card."""

    def __contains__(self, card_id: object, /) -> bool: ...

    def __getitem__(self, card_id: str, /) -> Card: ...


@dataclass(frozen=True)
class DeckProblem:
    """One reason a deck is not legal: the rule it breaks and a sentence about this deck."""

    rule: str
    message: str
    card_ids: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        """The full sentence, e.g. "Rule 108.3: 4 copies of Iron Warden; at most 3."."""
        return f"Rule {self.rule}: {self.message}" if self.rule else self.message

    def __str__(self) -> str:
        return self.text


def validate_deck(
    deck: Deck, catalog: CardLookup, fmt: GameFormat = GameFormat.SAGA
) -> list[DeckProblem]:
    """Every construction problem of `deck` in format `fmt` (rules 108, 305, 703, 801)."""
    rules = fmt.rules
    problems = _unknown_ids(deck.all_cards, catalog)
    cards = [catalog[i] for i in deck.all_cards if i in catalog]

    for card in _distinct(c for c in cards if c.is_token):
        problems.append(
            DeckProblem(
                "703.5", f"{card.name} is a token, not a card, and cannot be in a deck.", (card.id,)
            )
        )
    battlefields = [c for c in cards if c.type is CardType.BATTLEFIELD]
    if len(battlefields) > 1:
        problems.append(
            DeckProblem("305.1", f"the deck has {len(battlefields)} battlefields; at most 1.")
        )
    epic_classes = [c for c in cards if c.type is CardType.EPIC_CLASS]
    if len(epic_classes) > 1:
        names = ", ".join(sorted({c.name for c in epic_classes}))
        problems.append(
            DeckProblem(
                "306.2",
                f"the deck has {len(epic_classes)} Epic Classes ({names}); at most 1.",
                tuple(sorted({c.id for c in epic_classes})),
            )
        )
    # Battlefields do not count towards deck construction (305.3); tokens are not cards.
    counted = [c for c in cards if c.type not in (CardType.BATTLEFIELD, CardType.TOKEN)]
    total = len(counted)

    if rules.exact_size and total != rules.min_size:
        problems.append(
            DeckProblem(
                rules.size_rule,
                f"the deck has {total} cards; an {fmt.value.title()} deck has exactly "
                f"{rules.min_size}, starting army included.",
            )
        )
    elif total < rules.min_size:
        problems.append(
            DeckProblem(
                rules.size_rule,
                f"the deck has {total} cards; a {fmt.value.title()} deck needs at least "
                f"{rules.min_size}, starting army included.",
            )
        )

    problems += _copy_problems(counted, rules.max_copies, rules.copies_rule)
    problems += _type_share_problems(counted)
    problems += _lord_type_problems(counted, rules.warlords)
    problems += validate_starting_army(deck, catalog, fmt)
    if fmt is GameFormat.ALLIANCE:
        problems += _alliance_faction_problems(deck, catalog, counted)
    return problems


def validate_starting_army(
    army: Deck | Sequence[str], catalog: CardLookup, fmt: GameFormat = GameFormat.SAGA
) -> list[DeckProblem]:
    """Problems of a starting army (rules 108.1, 108.7, 500.2, 500.3, 602.3, 602.7, 801.5)."""
    ids = army.starting_army if isinstance(army, Deck) else tuple(army)
    rules = fmt.rules
    if not ids:
        return [
            DeckProblem(
                "108.7",
                "the deck names no starting army (its Warlord and the characters "
                "that start in play).",
            )
        ]
    problems = [] if isinstance(army, Deck) else _unknown_ids(ids, catalog)
    cards = [catalog[i] for i in ids if i in catalog]
    characters = [c for c in cards if c.is_character]
    for card in _distinct(c for c in cards if not c.is_character):
        problems.append(
            DeckProblem(
                rules.army_rule,
                f"{card.name} is not a character; a starting army holds only characters.",
                (card.id,),
            )
        )

    warlords = [c for c in characters if c.is_warlord]
    others = [c for c in characters if not c.is_warlord]
    if not warlords:
        problems.append(
            DeckProblem("108.1", "the starting army has no Warlord; a deck is built around one.")
        )
    elif len(warlords) != rules.warlords:
        wanted = "exactly one Warlord" if rules.warlords == 1 else f"{rules.warlords} Warlords"
        problems.append(
            DeckProblem(
                rules.army_rule,
                f"the starting army has {_count(len(warlords), 'Warlord')}; it needs {wanted}.",
                tuple(c.id for c in warlords),
            )
        )

    by_level = Counter(c.level for c in others)
    for level, needed in rules.army_levels:
        if by_level[level] != needed:
            problems.append(
                DeckProblem(
                    rules.army_rule,
                    f"the starting army has {_count(by_level[level], f'level {level} character')}; "
                    f"it needs {needed}.",
                )
            )
    allowed_levels = {level for level, _ in rules.army_levels}
    for card in _distinct(c for c in others if c.level not in allowed_levels):
        printed = "has no printed level" if card.level is None else f"is level {card.level}"
        problems.append(
            DeckProblem(
                rules.army_rule,
                f"{card.name} {printed}; besides the Warlord a starting army holds only "
                "level 1 and level 2 characters.",
                (card.id,),
            )
        )

    problems += _army_faction_problems(warlords, others, fmt)

    unique_counts = Counter(name_key(c.name) for c in characters if c.is_unique)
    for card in _distinct(c for c in characters if c.is_unique):
        if unique_counts[name_key(card.name)] > 1:
            problems.append(
                DeckProblem(
                    "500.3",
                    f"{unique_counts[name_key(card.name)]} copies of {card.name} start in "
                    "play; a Unique character may start only once (602.7).",
                    (card.id,),
                )
            )
    for card in _distinct(c for c in cards if c.is_reserved):
        problems.append(
            DeckProblem("602.3", f"{card.name} is Reserved and may not start in play.", (card.id,))
        )
    return problems


# 801.6.4 / 801.7.4: basic cards a Limited deck may add to its pool, by name (a Warlord: any).
BASIC_CARD_LIMITS: dict[str, int] = {
    "Freelance Cavalier": 1,
    "Misearan Scout": 1,
    "Sarakian Sellsword": 3,
}


def validate_limited_pool(
    deck: Deck,
    catalog: CardLookup,
    pool: Iterable[str],
    *,
    sealed: bool = False,
    fixed_warlord: bool = False,
) -> list[DeckProblem]:
    """Problems of a Draft or Sealed deck against the player's card pool (card ids, one per
    copy): beyond the pool only one Warlord, one Freelance Cavalier, one Misearan Scout and
    three Sarakian Sellswords, and those basic cards start in play (801.6.4, 801.7.4); no
    basic Warlord when the sealed product has a fixed one (801.7.4.1)."""
    rule = "801.7.4" if sealed else "801.6.4"
    event = "sealed" if sealed else "draft"
    owned = Counter(name_key(catalog[i].name) for i in pool if i in catalog)
    used = Counter(name_key(catalog[i].name) for i in deck.all_cards if i in catalog)
    starting = Counter(name_key(catalog[i].name) for i in deck.starting_army if i in catalog)
    limits = {name_key(name): count for name, count in BASIC_CARD_LIMITS.items()}
    problems: list[DeckProblem] = []
    cards = {name_key(catalog[i].name): catalog[i] for i in deck.all_cards if i in catalog}
    for key, card in cards.items():
        extra = used[key] - owned[key]
        if extra <= 0:
            continue
        if card.is_warlord and fixed_warlord:
            problems.append(
                DeckProblem(
                    "801.7.4.1",
                    f"{card.name} is not in your sealed pool, and no basic Warlord may be "
                    "used when the product gives a fixed Warlord.",
                    (card.id,),
                )
            )
            continue
        allowed = 1 if card.is_warlord else limits.get(key, 0)
        copies = f"{extra} {'copy' if extra == 1 else 'copies'}"
        if extra > allowed:
            basic = (
                f"at most {allowed} may come from the basic cards"
                if allowed
                else "it is not a basic card"
            )
            problems.append(
                DeckProblem(
                    rule,
                    f"the deck uses {copies} of {card.name} beyond your {event} pool; {basic}.",
                    (card.id,),
                )
            )
        elif starting[key] < extra:
            problems.append(
                DeckProblem(
                    rule,
                    f"{card.name} comes from the basic cards, so it must start in play.",
                    (card.id,),
                )
            )
    # Only one Warlord in all may come from the basic cards.
    basic_warlords = [c for k, c in cards.items() if c.is_warlord and used[k] > owned[k]]
    if len(basic_warlords) > 1 and not fixed_warlord:
        problems.append(
            DeckProblem(
                rule,
                f"{len(basic_warlords)} Warlords come from the basic cards; at most 1.",
                tuple(c.id for c in basic_warlords),
            )
        )
    return problems


def _army_faction_problems(
    warlords: list[Card], others: list[Card], fmt: GameFormat
) -> list[DeckProblem]:
    if not warlords:
        return []
    factions = {f for w in warlords[: fmt.rules.warlords] for f in w.factions}
    shown = " or ".join(sorted(factions)) or "none"
    rule = "801.5.5" if fmt is GameFormat.ALLIANCE else "500.3"
    members = others if fmt is not GameFormat.ALLIANCE else [*warlords, *others]
    problems = []
    for card in _distinct(members):
        if not factions.intersection(card.factions):  # 301.3: one shared faction suffices
            # 507.1.4 spares Mercenaries the loyalty penalty when played, nothing more.
            note = (
                "; a Mercenary is spared only the loyalty penalty of 507.1.4, not this rule"
                if MERCENARY in card.factions
                else ""
            )
            problems.append(
                DeckProblem(
                    rule,
                    f"{card.name} ({_factions(card)}) is not of the faction of your "
                    f"starting Warlord ({shown}){note}.",
                    (card.id,),
                )
            )
    return problems


def _alliance_faction_problems(
    deck: Deck, catalog: CardLookup, counted: list[Card]
) -> list[DeckProblem]:
    warlords = [catalog[i] for i in deck.starting_army if i in catalog]
    factions = {f for w in warlords if w.is_warlord for f in w.factions}
    if not factions:
        return []
    army = set(deck.starting_army)
    return [
        DeckProblem(
            "801.5.6",
            f"{card.name} ({_factions(card)}) matches the faction of neither starting Warlord.",
            (card.id,),
        )
        for card in _distinct(counted)
        if card.is_character
        and card.id not in army
        and card.factions
        and not factions.intersection(card.factions)
    ]


def _copy_problems(cards: list[Card], max_copies: int | None, rule: str) -> list[DeckProblem]:
    counts = Counter(name_key(c.name) for c in cards)
    problems = []
    for card in _distinct(cards, key=lambda c: name_key(c.name)):
        count = counts[name_key(card.name)]
        if card.is_epic and count > 1:
            problems.append(
                DeckProblem(
                    "108.5", f"{count} copies of {card.name}, an Epic card; at most 1.", (card.id,)
                )
            )
        elif max_copies is not None and count > max_copies:
            problems.append(
                DeckProblem(
                    rule, f"{count} copies of {card.name}; at most {max_copies}.", (card.id,)
                )
            )
    return problems


def _type_share_problems(cards: list[Card]) -> list[DeckProblem]:
    total = len(cards)
    counts = Counter(c.type for c in cards)
    return [
        DeckProblem(
            "108.4",
            f"{count} of the {total} cards are {_TYPE_PLURALS[kind]}; at most "
            f"{total // 2} (half the deck).",
        )
        for kind, count in counts.items()
        if count * 2 > total
    ]


def _lord_type_problems(cards: list[Card], warlords_allowed: int) -> list[DeckProblem]:
    problems = []
    for lord in CharacterType:
        having = [c for c in cards if c.is_character and lord in c.character_types]
        limit = warlords_allowed if lord is CharacterType.WARLORD else 1
        if len(having) > limit:
            names = ", ".join(sorted({c.name for c in having}))
            problems.append(
                DeckProblem(
                    "108.6",
                    f"the deck has {len(having)} characters with the {lord.value} "
                    f"character type ({names}); at most {limit}.",
                    tuple(sorted({c.id for c in having})),
                )
            )
    return problems


def _unknown_ids(ids: Sequence[str], catalog: CardLookup) -> list[DeckProblem]:
    unknown = sorted({i for i in ids if i not in catalog})
    return [DeckProblem("", f"Card id '{i}' is not in the card catalog.", (i,)) for i in unknown]


def _distinct(cards: Iterable[Card], key: Callable[[Card], str] | None = None) -> list[Card]:
    """Cards in first-seen order, once each (by id, or by `key`)."""
    seen: set[str] = set()
    out: list[Card] = []
    for card in cards:
        mark = key(card) if key else card.id
        if mark not in seen:
            seen.add(mark)
            out.append(card)
    return out


def _factions(card: Card) -> str:
    return "/".join(card.factions) or "no faction"


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
