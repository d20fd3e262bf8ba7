"""Current game stats of characters in play (211): printed values plus equipped items,
attached Epic Classes (306), ongoing modifiers and static abilities in play (512).
Keywords a character has (602)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Protocol

from engine import statics
from engine.cards.model import Card, CardClass, CardType, DamageType
from engine.state import Modifier, PlayerState, Unit

EQUIP_LOCATIONS: tuple[str, ...] = (
    "Armor",
    "Arrow",
    "Bow",
    "Familiar",
    "Gauntlet",
    "Helm",
    "Shield",
    "Stance",
    "Steed",
    "Trap",
    "Weapon",
)
_LOCATIONS_FOLDED = {name.casefold(): name for name in EQUIP_LOCATIONS}


class Board(Protocol):
    """What stat functions read: a GameState or a working transaction."""

    @property
    def units(self) -> Mapping[int, Unit]: ...

    @property
    def modifiers(self) -> Sequence[Modifier]: ...

    @property
    def players(self) -> Sequence[PlayerState]: ...

    def card(self, instance: int) -> Card: ...


def extra(card: Card, key: str, default: int = 0) -> int:
    """An integer from `Card.extra` (e.g. "level_bonus" of an item), or `default`."""
    for k, v in card.extra:
        if k == key:
            try:
                return int(v)
            except ValueError:
                return default
    return default


def bonus_cards(board: Board, uid: int) -> list[Card]:
    """Cards whose printed stats add to the character: equipped items and Epic Classes."""
    unit = board.units[uid]
    cards = [board.card(i) for i in unit.items]
    cards += [
        board.card(i) for i in unit.attachments if board.card(i).functions_as is CardType.EPIC_CLASS
    ]
    return cards


def modifier_total(board: Board, uid: int, stat: str) -> int:
    """The sum of the ongoing modifiers (512.1) to one stat ("atk", "ac", ...) of a card and
    of the static bonuses of cards in play (engine.statics)."""
    total = 0
    for m in board.modifiers:  # usually none: a loop costs less than a generator
        if m.target == uid and m.stat == stat:
            total += m.amount
    return total + statics.stat_bonus(board, uid, stat) if uid in board.units else total


def wound_bonus(board: Board, uid: int, ranged: bool = False) -> int:
    """Wounds a hit of the character's strike inflicts beyond the one of 509.5 step 5, from
    static text in play ("inflicts an additional wound with melee strikes")."""
    return statics.wound_bonus(board, uid, ranged)


def level(board: Board, uid: int) -> int:
    """Printed level + level bonuses of items (203.2) + modifiers."""
    base = board.card(uid).level or 0
    bonus = sum(extra(c, "level_bonus") for c in bonus_cards(board, uid))
    return base + bonus + modifier_total(board, uid, "level")


def attack_bonus(board: Board, uid: int) -> int:
    """ATK bonus added to every melee strike: items' and Epic Classes' ATK (201.1) + modifiers."""
    items = sum(c.attack[0] for c in bonus_cards(board, uid) if c.attack)
    return items + modifier_total(board, uid, "atk")


def strikes(board: Board, uid: int) -> tuple[int, ...]:
    """The printed melee strikes of an attack (201.1, 507.3.3) with every ATK bonus added."""
    bonus = attack_bonus(board, uid)
    return tuple(base + bonus for base in board.card(uid).attack)


def _stat(board: Board, uid: int, field: str, stat: str) -> int:
    """A printed stat (`Card` field) plus the same stat of items and Epic Classes + modifiers."""
    base: int = getattr(board.card(uid), field) or 0
    items: int = sum(getattr(c, field) or 0 for c in bonus_cards(board, uid))
    return base + items + modifier_total(board, uid, stat)


def armor_class(board: Board, uid: int) -> int:
    return _stat(board, uid, "armor_class", "ac")


def skill(board: Board, uid: int) -> int:
    return _stat(board, uid, "skill", "skill")


def hit_points(board: Board, uid: int) -> int:
    return _stat(board, uid, "hit_points", "hp")


def equip_locations(card: Card) -> frozenset[str]:
    """The equip-location item traits of an item (302.7)."""
    found = set()
    for trait in card.traits:
        for part in trait.replace("/", " ").split():
            name = _LOCATIONS_FOLDED.get(part.casefold())
            if name:
                found.add(name)
    return frozenset(found)


def keywords(board: Board, uid: int) -> frozenset[str]:
    """Keyword names (casefolded) the character has: printed; Cursed, Stalwart and Dual Wield
    from items (602.2, 602.18, 302.7.3); Encumbered with three or more items (602.20)."""
    printed = _printed_keywords(board.card(uid))[0]
    unit = board.units[uid]
    if not unit.items and not unit.attachments:
        return printed  # the common case: the character's own keywords
    names = set(printed)
    for item in unit.items + unit.attachments:
        names |= _printed_keywords(board.card(item))[1]
    if len(unit.items) >= 3:
        names.add("encumbered")
    return frozenset(names)


# Per card definition (by identity, the card kept so its id is not reused): its printed
# keyword names (casefolded), and those of them an item or attachment gives its bearer.
_KEYWORDS: dict[int, tuple[Card, tuple[frozenset[str], frozenset[str]]]] = {}
_PASSED_ON = frozenset(("cursed", "stalwart", "dual wield"))


def _printed_keywords(card: Card) -> tuple[frozenset[str], frozenset[str]]:
    found = _KEYWORDS.get(id(card))
    if found is None or found[0] is not card:
        if len(_KEYWORDS) >= 10_000:
            _KEYWORDS.clear()
        names = frozenset(k.name.casefold() for k in card.keywords)
        found = (card, (names, names & _PASSED_ON))
        _KEYWORDS[id(card)] = found
    return found[1]


def has_keyword(board: Board, uid: int, name: str) -> bool:
    return name.casefold() in keywords(board, uid)


def qualifiers(card: Card, keyword: str) -> frozenset[str]:
    """Qualifiers of a printed keyword: the damage types of Resistance or Weakness (602.6)."""
    wanted = keyword.casefold()
    return frozenset(
        (k.qualifier or "").casefold()
        for k in card.keywords
        if k.name.casefold() == wanted and k.qualifier
    )


def strike_damage_types(board: Board, uid: int, ranged: bool = False) -> frozenset[str]:
    """Damage types of a character's strikes: melee strikes take their Weapons' types and
    ranged strikes their Bows' types, when any is printed (600.1.1, 600.3); otherwise the
    character's own base type (600.1), Physical when none is printed."""
    location = "Bow" if ranged else "Weapon"
    unit = board.units[uid]
    found = [
        board.card(i).damage_type
        for i in unit.items
        if location in equip_locations(board.card(i)) and board.card(i).damage_type
    ]
    if found:
        return frozenset(str(d.value).casefold() for d in found if d is not None)
    own = board.card(uid).damage_type or DamageType.PHYSICAL
    return frozenset({str(own.value).casefold()})


def restriction_problem(item: Card, who: Card) -> str | None:
    """Trait, character-type, faction and alignment limits of an item or action (302.3, 303.2)."""
    if item.restrictions:
        have = (
            {t.casefold() for t in who.traits}
            | {t.value.casefold() for t in who.character_types}
            | {f.casefold() for f in who.factions}
        )
        if not have & {r.casefold() for r in item.restrictions}:
            return f"only a {' or '.join(item.restrictions)} may use {item.name}"
    if item.required_alignment is not None and item.required_alignment not in who.alignments:
        return f"only {item.required_alignment.value} characters may use {item.name}"
    return None


_CLASSLESS = frozenset({CardClass.CLASSLESS})


def class_allows(restriction: Iterable[CardClass], performer: Card) -> bool:
    """302.3 / 303.2: Classless (or no class) allows anyone; otherwise one shared class."""
    wanted = set(restriction) - _CLASSLESS
    if not wanted:
        return True
    return bool(wanted & set(performer.classes))
