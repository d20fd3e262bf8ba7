"""A working copy of a GameState that `apply` mutates, then freezes into a new state.

Copy on write: containers are copied shallowly when the transaction opens; the frozen
values inside (players, units) are replaced, never mutated. The input state is untouched,
so an action that fails halfway leaves no trace.
"""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any, TypeVar

from engine.cards.model import Card
from engine.events import Event
from engine.formation import Place, locate, with_character, without_character
from engine.frames import Frame
from engine.pending import Decision
from engine.state import GameState, Modifier, Phase, PlayerState, Unit
from engine.values import replace as replace_value

_set_dict = object.__setattr__
_PLAYER_FIELDS = frozenset(f.name for f in fields(PlayerState))
_UNIT_FIELDS = frozenset(f.name for f in fields(Unit))
_T = TypeVar("_T", PlayerState, Unit)


def _replace(value: _T, names: frozenset[str], changes: dict[str, Any]) -> _T:
    """`dataclasses.replace` for the plain frozen values PlayerState and Unit (no defaults
    computed, no __post_init__), without its per-call field walk."""
    if not names.issuperset(changes):
        return replace(value, **changes)  # raises the usual TypeError
    new = object.__new__(type(value))
    object.__setattr__(new, "__dict__", {**value.__dict__, **changes})
    return new


class Tx:
    """Mutable working state that reads like a GameState (both are a `stats.Board`)."""

    def __init__(self, state: GameState) -> None:
        self.config = state.config
        self.cards = state.cards
        # Card instances change only when a token is created (`setup.create_token` replaces
        # them): kept as the state's frozen values, not copied.
        self.instances: tuple[str, ...] = state.instances
        self.owners: tuple[int, ...] = state.owners
        self.tokens: frozenset[int] = state.tokens
        self.players: list[PlayerState] = list(state.players)
        self.units: dict[int, Unit] = dict(state.units)
        self.rng = state.rng
        self.turn = state.turn
        self.phase = state.phase
        self.step = state.step
        self.active = state.active
        self.passes = state.passes
        self.initiative_order = state.initiative_order
        self.pending: list[Decision] = list(state.pending)
        self.stack: list[Frame] = list(state.stack)
        self.dungeon = state.dungeon
        self.modifiers: list[Modifier] = list(state.modifiers)
        self.winner = state.winner
        self.actions_applied = state.actions_applied
        self.standing_orders = state.standing_orders
        self.used_abilities = state.used_abilities
        self.counters = state.counters
        self.group_effects = state.group_effects
        self.events: list[Event] = []

    def freeze(self) -> GameState:
        """The new state, its fields set in one go as `values.fast_init`'s `__init__` sets them
        (without binding 23 keyword arguments; a test checks every field is here)."""
        state = object.__new__(GameState)
        _set_dict(
            state,
            "__dict__",
            {
                "config": self.config,
                "cards": self.cards,
                "instances": self.instances,
                "owners": self.owners,
                "tokens": self.tokens,
                "players": tuple(self.players),
                "units": self.units,
                "rng": self.rng,
                "turn": self.turn,
                "phase": self.phase,
                "step": self.step,
                "active": self.active,
                "passes": self.passes,
                "initiative_order": self.initiative_order,
                "pending": tuple(self.pending),
                "stack": tuple(self.stack),
                "dungeon": self.dungeon,
                "modifiers": tuple(self.modifiers),
                "winner": self.winner,
                "actions_applied": self.actions_applied,
                "standing_orders": self.standing_orders,
                "used_abilities": self.used_abilities,
                "counters": self.counters,
                "group_effects": self.group_effects,
            },
        )
        return state

    # reading
    def card(self, instance: int) -> Card:
        return self.cards[self.instances[instance]]

    def name(self, instance: int) -> str:
        return self.cards[self.instances[instance]].name

    def player(self, seat: int) -> PlayerState:
        return self.players[seat]

    def live_seats(self) -> list[int]:
        return [p.seat for p in self.players if not p.eliminated]

    def seat_order(self) -> list[int]:
        """Live seats from the initiative winner clockwise (401.6.7, 506.1), else by seat."""
        players, initiative = self.players, self.initiative_order
        if len(initiative) == len(players) and not any(p.eliminated for p in players):
            return list(initiative)  # every seat is in play and in the initiative order
        live = self.live_seats()
        order = [s for s in initiative if s in live]
        return order + [s for s in live if s not in order]

    def next_seat(self, seat: int) -> int:
        """The next live seat clockwise (to the left, 505.1)."""
        n = len(self.players)
        for k in range(1, n + 1):
            candidate = (seat + k) % n
            if not self.players[candidate].eliminated:
                return candidate
        return seat

    # writing
    def update_player(self, seat: int, **changes: Any) -> PlayerState:
        player = _replace(self.players[seat], _PLAYER_FIELDS, changes)
        self.players[seat] = player
        return player

    def update_unit(self, uid: int, **changes: Any) -> Unit:
        unit = _replace(self.units[uid], _UNIT_FIELDS, changes)
        self.units[uid] = unit
        return unit

    def take_from_hand(self, seat: int, card: int) -> None:
        """Remove a card from a seat's hand (played, equipped, attached or discarded)."""
        hand = self.players[seat].hand
        self.update_player(seat, hand=tuple(c for c in hand if c != card))

    def relocate(
        self, uid: int, formation: int, rank: int, position: int | None = None
    ) -> Place | None:
        """Take a character from where it stands, if anywhere, and put it in `rank` of seat
        `formation`'s formation at `position` (None: far right); returns where it stood."""
        place = locate(self.players, uid)
        if place is not None:
            old = self.players[place.formation].ranks
            self.update_player(place.formation, ranks=without_character(old, uid))
        ranks = self.players[formation].ranks
        self.update_player(formation, ranks=with_character(ranks, uid, rank, position))
        return place

    def emit(self, event: Event) -> None:
        self.events.append(event)

    def die(self) -> int:
        value, self.rng = self.rng.die(20)
        return value

    def push(self, decision: Decision) -> None:
        """Wait on a decision of the phase (one that belongs to no frame)."""
        self.pending.append(decision)

    # the stack of frames (engine.frames)
    def push_frame(self, frame: Frame) -> int:
        """Start something that will go on later; returns its index in the stack."""
        self.stack.append(frame)
        return len(self.stack) - 1

    def top_frame(self) -> Frame | None:
        return self.stack[-1] if self.stack else None

    def pop_frame(self) -> Frame:
        """Finish the top frame: the one under it goes on when `advance` resumes."""
        return self.stack.pop()

    def set_frame(self, index: int, frame: Frame) -> None:
        """Replace a frame by its next step (e.g. an attack's next strike)."""
        self.stack[index] = frame

    def ask(self, frame: int, decision: Decision) -> None:
        """Wait on a decision that belongs to the frame at index `frame`."""
        self.pending.append(replace_value(decision, frame=frame))

    def push_asking(self, frame: Frame, decision: Decision) -> int:
        """Push a frame and wait on its decision at once."""
        index = self.push_frame(frame)
        self.ask(index, decision)
        return index

    def drop_frames_of(self, seat: int) -> None:
        """A defeated seat's frames end (101.3), with every decision that belongs to them;
        decisions of the frames left keep pointing at them."""
        kept = [i for i, f in enumerate(self.stack) if f.seat != seat]
        if len(kept) == len(self.stack):
            return
        where = {old: new for new, old in enumerate(kept)}
        self.stack = [self.stack[i] for i in kept]
        self.pending = [
            d if d.frame is None else replace_value(d, frame=where[d.frame])
            for d in self.pending
            if d.frame is None or d.frame in where
        ]

    def game_over(self, winner: int | None) -> None:
        self.winner = winner
        self.phase = Phase.GAME_OVER
        self.pending.clear()
        self.stack.clear()
        self.active = None
