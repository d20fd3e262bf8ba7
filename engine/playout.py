"""Seeded random playouts: a player choosing uniformly among legal actions, with a turn cap.

Pure and deterministic: the same decks and seeds give the same record. Used by
`warlord-judge game simulate`, the property tests and the benchmarks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.actions import Action
from engine.cards.model import Deck
from engine.game import apply, legal_actions
from engine.pending import DecisionKind
from engine.record import GameRecord, new_record
from engine.rng import Rng
from engine.state import GameConfig, GameState

DEFAULT_TURN_CAP = 100


@dataclass(frozen=True)
class Playout:
    """A finished (or capped) random game."""

    record: GameRecord
    state: GameState
    capped: bool

    @property
    def actions(self) -> int:
        return len(self.record.actions)


def random_playout(
    config: GameConfig,
    decks: Sequence[Deck],
    seed: int,
    cards: Any,
    turn_cap: int = DEFAULT_TURN_CAP,
    max_actions: int = 20_000,
) -> Playout:
    """Play a game between uniform random players (seeded by `seed`) until it ends or
    `turn_cap` turns have started."""
    record, state = new_record(config, decks, seed, cards)
    chooser = Rng(seed ^ 0x5EED)
    actions: list[Action] = []
    while not state.is_over and state.turn <= turn_cap and len(actions) < max_actions:
        seat = state.pending[0].seat
        options = legal_actions(state, seat)
        if state.pending[0].kind is DecisionKind.MANUAL:
            # a few random adjustments, then done: done (listed first) half of the time
            done, chooser = chooser.below(2)
            options = options[:1] if done == 0 or len(options) == 1 else options[1:]
        index, chooser = chooser.below(len(options))
        action = options[index]
        state = apply(state, action).state
        actions.append(action)
    record = GameRecord(record.config, record.seed, record.decks, record.cards, tuple(actions))
    return Playout(record, state, capped=not state.is_over)
