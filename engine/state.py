"""The game state: immutable values (frozen dataclasses, tuples, dicts never mutated in place)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from engine.cards.formats import GameFormat
from engine.cards.model import Card
from engine.frames import Frame
from engine.pending import Decision
from engine.rng import Rng


class Orientation(StrEnum):
    """Rule 107.1."""

    READY = "ready"
    SPENT = "spent"
    STUNNED = "stunned"


class Phase(StrEnum):
    """Rule 501.1, plus the end of the game."""

    READY = "ready"
    DRAW = "draw"
    INITIATIVE = "initiative"
    ORDER = "order"
    END_OF_TURN = "end_of_turn"
    GAME_OVER = "game_over"


_GAME_OVER = Phase.GAME_OVER  # bound once: `Phase.GAME_OVER` goes through EnumType.__getattr__

# The game formats (801): one enum for the engine and the card layer's deck rules.
Format = GameFormat


@dataclass(frozen=True)
class GameConfig:
    """How a game is set up: number of seats, format, hand size (404.5), deck validation."""

    seats: int = 2
    format: Format = Format.SAGA
    hand_size: int = 5
    validate_decks: bool = True

    def to_dict(self) -> dict[str, object]:
        return {
            "seats": self.seats,
            "format": self.format.value,
            "hand_size": self.hand_size,
            "validate_decks": self.validate_decks,
        }

    @staticmethod
    def from_dict(data: Mapping[str, object]) -> GameConfig:
        return GameConfig(
            seats=int(str(data.get("seats", 2))),
            format=Format(str(data.get("format", "saga"))),
            hand_size=int(str(data.get("hand_size", 5))),
            validate_decks=bool(data.get("validate_decks", True)),
        )


@dataclass(frozen=True)
class Unit:
    """A character in play. Ids are card instance ids; `formation` is whose formation it is in."""

    id: int
    controller: int
    formation: int
    orientation: Orientation = Orientation.READY
    wounds: int = 0
    items: tuple[int, ...] = ()
    attachments: tuple[int, ...] = ()
    is_warlord: bool = False


@dataclass(frozen=True)
class Modifier:
    """An ongoing stat modifier (512.1) on one card, e.g. +2 ATK until the end of the turn.

    Stat "initiative" is a bonus to a Warlord's initiative rolls (504.2); one that does not last
    until the end of the turn is for the next initiative roll and ends once it is decided
    (rerolls of a tie keep it, 504.5).

    `effect` is the id of the effect that made it (506.1.1: an effect on several cards expires
    card by card before any other): one per resolved effect, adjustment or group effect (whose
    `id` it is), allocated by `engine.groups.new_effect`; 0: none given, an effect of its own."""

    target: int
    stat: str  # "atk", "ac", "skill", "hp", "level", "initiative"
    amount: int
    source_seat: int
    until_end_of_turn: bool = True
    group: int = 0  # the GroupEffect it comes from (700.8), 0: given to this card itself
    effect: int = 0


@dataclass(frozen=True)
class GroupEffect:
    """700.8: a stat change to the characters in a location ("characters in your army", "in
    this rank") while it lasts: characters entering it gain it, those leaving lose it. Each
    character in it holds one Modifier with `group` = `id` (engine.groups keeps them).

    `affects`: "army" or "rank"; `seat`: whose army, or the formation of the rank `rank`
    (1 = front, 0 for an army); `exclude`: a card it leaves out ("other characters", -1:
    none); `name`: only characters with that trait, class... ("" for all). `id` is also
    the effect id (`Modifier.effect`) of the modifiers it gives."""

    id: int
    affects: str
    seat: int
    rank: int
    exclude: int
    name: str
    stat: str
    amount: int
    source_seat: int
    until_end_of_turn: bool = True


@dataclass(frozen=True)
class PlayerState:
    """One seat's zones (section 4). Ranks hold unit ids left to right; ranks[0] is rank 1."""

    seat: int
    deck: tuple[int, ...] = ()
    hand: tuple[int, ...] = ()
    discard: tuple[int, ...] = ()
    banish: tuple[int, ...] = ()
    ranks: tuple[tuple[int, ...], ...] = ()
    action_zone: tuple[int, ...] = ()
    eliminated: bool = False
    initiative_warlord: int | None = None


@dataclass(frozen=True)
class GameState:
    """A complete position. Never mutated: `apply` returns a new one.

    `pending` is what the game waits on; `stack` what it is in the middle of (engine.frames).
    """

    config: GameConfig
    cards: Mapping[str, Card]
    instances: tuple[str, ...]
    owners: tuple[int, ...]
    tokens: frozenset[int]
    players: tuple[PlayerState, ...]
    units: Mapping[int, Unit]
    rng: Rng
    turn: int = 1
    phase: Phase = Phase.READY
    step: int = 0
    active: int | None = None
    passes: int = 0
    initiative_order: tuple[int, ...] = ()
    pending: tuple[Decision, ...] = ()
    stack: tuple[Frame, ...] = ()
    dungeon: int | None = None
    modifiers: tuple[Modifier, ...] = ()
    winner: int | None = None
    actions_applied: int = 0
    # Standing orders for react windows: (seat, policy, window, actions left) entries
    # (engine.standing_orders), sorted.
    standing_orders: tuple[tuple[int, str, str, int], ...] = ()
    # Abilities used (source card, ability index, turn) for Limited / once per game (510.7,
    # 510.21) and item Orders that spend the item (507.7.2); counters on cards (704):
    # (card, counter name, count). Both kept by engine.abilities_run.
    used_abilities: tuple[tuple[int, int, int], ...] = ()
    counters: tuple[tuple[int, str, int], ...] = ()
    group_effects: tuple[GroupEffect, ...] = ()  # 700.8 (engine.groups)

    def card(self, instance: int) -> Card:
        """The definition of a card instance."""
        return self.cards[self.instances[instance]]

    @property
    def is_over(self) -> bool:
        return self.phase is _GAME_OVER

    def live_seats(self) -> tuple[int, ...]:
        return tuple(p.seat for p in self.players if not p.eliminated)

    def waiting_on(self) -> tuple[int, ...]:
        """Seats the game waits on, in order, without repeats."""
        seen: list[int] = []
        for d in self.pending:
            if d.seat not in seen:
                seen.append(d.seat)
        return tuple(seen)
