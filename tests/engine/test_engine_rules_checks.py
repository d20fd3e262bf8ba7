"""More rules issue 10 names, checked from position files (tests/engine/positions/rules-*.json):
counters (704), Cursed (602.2), zero effect (510.9.2), ongoing effects (700.5, 700.8)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine import GameState, apply, check, legal_actions
from engine.actions import Action, Adjust, PerformAbility, action_from_dict
from engine.errors import IllegalActionError
from engine.events import BaseEvent
from engine.events_abilities import CountersChanged
from engine.position import load_position

POSITIONS = Path(__file__).parent / "positions"


def data_of(name: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((POSITIONS / name).read_text(encoding="utf-8"))
    return loaded


def load(name: str) -> GameState:
    return load_position(data_of(name))


def play(state: GameState, *actions: dict[str, Any] | Action) -> tuple[GameState, list[BaseEvent]]:
    events: list[BaseEvent] = []
    for raw in actions:
        action = raw if isinstance(raw, Action) else action_from_dict(raw)
        transition = apply(state, action)
        events += transition.events
        state = transition.state
    return state, events


def order(seat: int, card: int, target: int = -1) -> PerformAbility:
    return PerformAbility(seat=seat, card=card, ability=0, character=card, target=target)


def rule_of(state: GameState, action: Action) -> str:
    with pytest.raises(IllegalActionError) as err:
        check(state, action)
    return str(err.value.rule)


# --- 704 Counters ----------------------------------------------------------------------------


def _resolving_by_hand() -> GameState:
    """Rune Keeper (#0) performs its Order, which the engine leaves to seat 0 to resolve."""
    state, _ = play(load("rules-counters.json"), order(0, 0))
    return state


def test_rule_704_2_counters_go_only_on_cards_in_play() -> None:
    """704.2: "Counters may only be placed on cards that are in play." While resolving by
    hand, seat 0 may put a counter on Runed Warhammer (#1, equipped) or on a character, not
    on Tunnel Scout in its hand (#5) or on a card in its deck (#6)."""
    state = _resolving_by_hand()
    for card in (5, 6):
        assert rule_of(state, Adjust(0, "add_counters", card, amount=1, name="Rune")) == "704.2"
    for card in (0, 1):
        check(state, Adjust(0, "add_counters", card, amount=1, name="Rune"))
    menu = [a for a in legal_actions(state, 0) if isinstance(a, Adjust)]
    assert {a.card for a in menu if a.op == "add_counters"} <= set(state.units)


def test_rule_704_1_named_counters_are_indistinguishable() -> None:
    """704.1: "Named counters with the same name are indistinguishable from each other." One
    more Charge counter on the Warhammer joins its two: three Charge counters, one count."""
    state = _resolving_by_hand()
    assert state.counters == ((1, "Charge", 2),)
    state, events = play(state, Adjust(0, "add_counters", 1, amount=1, name="Charge"))
    assert state.counters == ((1, "Charge", 3),)
    (changed,) = [e for e in events if isinstance(e, CountersChanged)]
    assert changed.card == 1 and changed.amount == 1
    assert rule_of(state, Adjust(0, "remove_counters", 1, amount=4, name="Charge")) == "704.1"
    state, _ = play(state, Adjust(0, "remove_counters", 1, amount=3, name="Charge"))
    assert state.counters == ()
