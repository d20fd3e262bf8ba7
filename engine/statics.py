"""Static abilities in play (512): the ongoing stat bonuses and extra wounds of the compiled
static text of characters in play and of the items and cards attached to them
(engine.cards.ability_static), and the conditions of effects (`holds`).

The performer of a static ability is the character it is printed on, or the bearer of the
item or attached card it is printed on; `Effect.affects` names whom it changes.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Protocol

from engine.cards.abilities import AbilityKind, Affects, Check, Condition, Duration, Effect, Op
from engine.cards.model import Card
from engine.formation import Place, locate
from engine.state import Orientation, PlayerState, Unit

# Enum members bound once: on CPython 3.11 `Enum.MEMBER` goes through EnumType.__getattr__.
_MODIFY_STAT = Op.MODIFY_STAT


class Board(Protocol):
    """What static abilities read: a GameState or a working transaction."""

    @property
    def units(self) -> Mapping[int, Unit]: ...

    @property
    def players(self) -> Sequence[PlayerState]: ...

    def card(self, instance: int) -> Card: ...


# The ongoing effects of each card definition, by identity (the entry holds the card, so its
# id is not reused while it is here).
_STATICS: dict[int, tuple[Card, tuple[Effect, ...]]] = {}


def static_effects(card: Card) -> tuple[Effect, ...]:
    """The effects of a card's compiled static abilities that last while it is in play."""
    found = _STATICS.get(id(card))
    if found is None or found[0] is not card:
        effects = tuple(
            e
            for a in card.abilities
            if a.kind is AbilityKind.STATIC and not a.manual
            for e in a.effects
            if e.duration is Duration.WHILE_IN_PLAY
        )
        found = (card, effects)
        _STATICS[id(card)] = found
    return found[1]


# Per card mapping (by identity, the mapping kept so its id is not reused): whether any card
# of the game has static effects.
_GAMES: dict[int, tuple[Mapping[str, Card], bool]] = {}


def _game_has_statics(board: Board) -> bool:
    """Whether some card of the board's game has static effects (True when unknown)."""
    cards: Mapping[str, Card] | None = getattr(board, "cards", None)
    if cards is None:
        return True
    found = _GAMES.get(id(cards))
    if found is None or found[0] is not cards:
        if len(_GAMES) > 64:
            _GAMES.clear()
        found = (cards, any(static_effects(c) for c in cards.values()))
        _GAMES[id(cards)] = found
    return found[1]


def game_has_statics(board: Board) -> bool:
    """Whether some card of the board's game has static effects (True when unknown): without
    any, a character's stats are its cards' and its modifiers' alone."""
    return _game_has_statics(board)


def stat_bonus(board: Board, uid: int, stat: str) -> int:
    """The sum of the static bonuses to `stat` ("atk", "ac", ...) of character `uid`."""
    total = 0
    for holder, effect in _in_play(board, _MODIFY_STAT):
        same = effect.stat is not None and effect.stat.value.lower() == stat
        if same and _affects(board, holder, effect, uid):
            total += effect.amount or 0
    return total


def wound_bonus(board: Board, uid: int, ranged: bool) -> int:
    """The extra wounds a hit of `uid`'s melee (or ranged) strike inflicts (static text)."""
    total = 0
    kind = "ranged" if ranged else "melee"
    for holder, effect in _in_play(board, Op.EXTRA_WOUNDS):
        same = effect.strike is None or effect.strike.value == kind
        if same and _affects(board, holder, effect, uid):
            total += effect.amount or 0
    return total


GROUPS = frozenset(
    {Affects.ADJACENT, Affects.RANK, Affects.OTHERS_IN_RANK, Affects.ARMY, Affects.OTHERS_IN_ARMY,
     Affects.WARLORD}
)  # fmt: skip


def group(board: Board, holder: int, effect: Effect) -> list[int]:
    """The characters in play a group effect of performer `holder` affects now, in id order."""
    return [uid for uid in sorted(board.units) if _affects(board, holder, effect, uid)]


def _in_play(board: Board, op: Op) -> Iterator[tuple[int, Effect]]:
    """(performer, effect) for every static effect of kind `op` of cards in play."""
    if not _game_has_statics(board):
        return  # no card of this game has any: the common case, on the hot path of stats
    card = board.card
    for uid, unit in board.units.items():
        for effect in static_effects(card(uid)):
            if effect.op is op:
                yield uid, effect
        for source in unit.items + unit.attachments:
            for effect in static_effects(card(source)):
                if effect.op is op:
                    yield uid, effect


def _affects(board: Board, holder: int, effect: Effect, uid: int) -> bool:
    """Whether the static `effect` of performer `holder` changes character `uid` now."""
    if effect.condition is not None and not holds(board, holder, effect.condition):
        return False
    who = effect.affects
    if who in (Affects.PERFORMER, Affects.SOURCE):
        hit = uid == holder
    elif who is Affects.WARLORD:
        hit = board.units[uid].is_warlord and _same_side(board, holder, uid)
    elif who in (Affects.ARMY, Affects.OTHERS_IN_ARMY):
        hit = _same_side(board, holder, uid) and (who is Affects.ARMY or uid != holder)
    elif who in (Affects.RANK, Affects.OTHERS_IN_RANK, Affects.ADJACENT):
        here, there = locate(board.players, holder), locate(board.players, uid)
        hit = here is not None and there is not None and _near(who, here, there, uid == holder)
    else:
        hit = False
    return hit and (not effect.name or _is(board.card(uid), effect.name))


def _near(who: Affects, here: Place, there: Place, itself: bool) -> bool:
    if (here.formation, here.rank) != (there.formation, there.rank):
        return False
    if who is Affects.ADJACENT:  # 401.10: directly next to it in its rank
        return abs(here.position - there.position) == 1
    return who is Affects.RANK or not itself


def _same_side(board: Board, a: int, b: int) -> bool:
    return board.units[a].controller == board.units[b].controller


def holds(board: Board, uid: int, condition: Condition) -> bool:
    """Whether `condition` holds for character `uid` (False when it is not in play)."""
    unit = board.units.get(uid)
    if unit is None:
        return False
    check = condition.check
    if check is Check.SPENT:
        found = unit.orientation is Orientation.SPENT
    elif check is Check.READY:
        found = unit.orientation is Orientation.READY
    elif check is Check.STUNNED:
        found = unit.orientation is Orientation.STUNNED
    elif check is Check.WOUNDED:
        found = unit.wounds >= (condition.amount or 1)
    elif check is Check.IN_RANK:
        place = locate(board.players, uid)
        found = place is not None and place.rank == condition.amount
    elif check is Check.EQUIPPED:
        found = any(_has_location(board.card(i), condition.name) for i in unit.items)
    elif check is Check.IS:
        found = _is(board.card(uid), condition.name)
    else:
        found = unit.is_warlord
    return found != condition.negate


def _has_location(item: Card, location: str) -> bool:
    """The item has the equip-location trait `location` ("Weapon") (302.7)."""
    wanted = location.casefold()
    return any(wanted in t.replace("/", " ").casefold().split() for t in item.traits)


def _is(card: Card, name: str) -> bool:
    """The card has the trait, class, faction, alignment or character type `name`."""
    wanted = name.casefold()
    words = (
        *card.traits,
        *(c.value for c in card.classes),
        *card.factions,
        *(a.value for a in card.alignments),
        *(t.value for t in card.character_types),
    )
    return any(w.casefold() == wanted for w in words)
