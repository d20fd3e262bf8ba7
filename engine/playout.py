"""Seeded random playouts: a player choosing uniformly among legal actions, with a turn cap
(an Order is drawn among the candidates and checked, not chosen from the full legal list).

Pure and deterministic: the same decks and seeds give the same record. Used by
`warlord-judge game simulate`, the property tests and the benchmarks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.abilities_offer import candidate_ability_fields
from engine.actions import Action, Adjust, Choose, Decline, DoneResolving, Pass, PerformAbility
from engine.adjustments import adjustment_menu_fields, adjustment_problem
from engine.cards.model import Deck
from engine.feats import abilities_of, feat_of
from engine.game import apply, legal_actions, order_problem
from engine.orders import plausible_order_fields
from engine.pending import DecisionKind
from engine.record import GameRecord, new_record
from engine.rng import Rng
from engine.state import GameConfig, GameState, Phase

# Enum members bound once: on CPython 3.11 `Enum.MEMBER` goes through EnumType.__getattr__.
_MANUAL = DecisionKind.MANUAL
_REACT = DecisionKind.REACT
_ORDER = DecisionKind.ORDER
_GAME_OVER = Phase.GAME_OVER

DEFAULT_TURN_CAP = 100


@dataclass(frozen=True)
class Playout:
    """A finished (or capped) random game."""

    record: GameRecord
    state: GameState
    capped: bool
    reacts: tuple[tuple[str, int], ...] = ()  # Reacts performed, by window (engine.reacts)
    # Orders on cards and manual resolution, by kind (`ability_kind`)
    abilities: tuple[tuple[str, int], ...] = ()

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
    reacts: dict[str, int] = {}
    abilities: dict[str, int] = {}
    while state.phase is not _GAME_OVER and state.turn <= turn_cap and len(actions) < max_actions:
        seat = state.pending[0].seat
        action: Action
        if state.pending[0].kind is _MANUAL:
            # a few random adjustments, then done: done half of the time
            done, chooser = chooser.below(2)
            action = DoneResolving(seat)
            if done:
                action, chooser = random_adjustment(state, seat, chooser)
        elif state.pending[0].kind is _ORDER:
            action, chooser = random_order(state, seat, chooser)
        elif state.pending[0].kind is _REACT:
            options = legal_actions(state, seat)
            index, chooser = chooser.below(len(options))
            action = options[index]
        else:  # `legal_actions` would list a Choose per option, then Decline: build one
            decision = state.pending[0]
            count = len(decision.options)
            index, chooser = chooser.below(count + 1 if decision.may_decline else count)
            action = Choose(seat, decision.options[index]) if index < count else Decline(seat)
        kind = ability_kind(state, action)
        if kind:
            abilities[kind] = abilities.get(kind, 0) + 1
        if state.pending[0].kind is _REACT and not isinstance(action, Decline):
            frame = state.stack[state.pending[0].frame or 0]
            window = getattr(frame, "trigger", "").split(",")[0]
            reacts[window] = reacts.get(window, 0) + 1
        state = apply(state, action).state
        actions.append(action)
    record = GameRecord(record.config, record.seed, record.decks, record.cards, tuple(actions))
    return Playout(
        record,
        state,
        not state.is_over,
        tuple(sorted(reacts.items())),
        tuple(sorted(abilities.items())),
    )


def random_order(state: GameState, seat: int, chooser: Rng) -> tuple[Action, Rng]:
    """An Order chosen uniformly among the legal ones (those `legal_actions` lists), without
    checking every candidate: a candidate Order drawn at random is built and checked, and one
    refused is set aside before drawing again (Orders on cards are listed legal already)."""
    candidates: list[Any] = [Pass(seat), *plausible_order_fields(state, seat, state.dungeon)]
    unchecked = len(candidates)  # indexes 1..unchecked-1 still need building and checking
    candidates += candidate_ability_fields(state, seat, state.turn)  # legal: built if drawn
    while True:
        index, chooser = chooser.below(len(candidates))
        if index == 0:
            return candidates[0], chooser
        if index >= unchecked:
            return PerformAbility(*candidates[index]), chooser
        kind, args = candidates[index]
        action = kind(*args)
        if order_problem(state, action) is None:
            return action, chooser
        candidates.pop(index)
        unchecked -= 1


def random_adjustment(state: GameState, seat: int, chooser: Rng) -> tuple[Action, Rng]:
    """An adjustment chosen uniformly among the legal ones of `adjustment_choices` (or done
    when there is none), drawing from its menu and setting aside those refused (only the
    adjustments drawn are built)."""
    menu, strikes = adjustment_menu_fields(state, seat)
    candidates = [*menu, *strikes]
    unchecked = len(menu)  # indexes below it still need checking
    while candidates:
        index, chooser = chooser.below(len(candidates))
        action = Adjust(*candidates[index])
        if index >= unchecked or not adjustment_problem(state, seat, action):
            return action, chooser
        candidates.pop(index)
        unchecked -= 1
    return DoneResolving(seat), chooser


def ability_kind(state: GameState, action: Action) -> str:
    """How an action counts in `game simulate`: printed_orders (507.7), item_orders (on an
    equipped item or attached card, 507.7.2), action_cards (507.6), feats (603, Orders and
    Reacts), manual_adjustments and
    manual_effects (declared resolved); "" for the others (Reacts are counted by window)."""
    if not isinstance(action, PerformAbility):
        if isinstance(action, Adjust):
            return "manual_adjustments"
        if isinstance(action, DoneResolving):
            return "manual_effects"
        return ""
    if action.card < len(state.instances):
        listed = abilities_of(state.card(action.card))
        if action.ability < len(listed) and feat_of(listed[action.ability]):
            return "feats"  # 603: feat Orders and Reacts
    if state.pending[0].kind is not _ORDER:
        return ""
    if action.card == action.character:
        return "printed_orders"
    if action.card in state.players[action.seat].hand:
        return "action_cards"
    return "item_orders"
