"""Standing orders for react windows (engine/standing_orders.py): part of the state and of
the record, applied by the engine, so a host needs no rules to skip a window."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine import DecisionKind, GameState, IllegalActionError, InvalidActionError, apply
from engine.actions import SetStandingOrder, action_from_dict
from engine.position import load_position

POSITIONS = Path(__file__).parent / "positions"


def load(name: str) -> GameState:
    data: dict[str, Any] = json.loads((POSITIONS / name).read_text(encoding="utf-8"))
    return load_position(data)


def play(state: GameState, *actions: Any) -> GameState:
    for raw in actions:
        action = raw if not isinstance(raw, dict) else action_from_dict(raw)
        state = apply(state, action).state
    return state


ATTACK = (
    {"type": "attack", "seat": 1, "character": 6},
    {"type": "choose", "seat": 1, "option": 0},
)


def asked(state: GameState) -> list[int]:
    return [d.seat for d in state.pending if d.kind is DecisionKind.REACT]


def window(state: GameState) -> str:
    decision = next(d for d in state.pending if d.kind is DecisionKind.REACT)
    return getattr(state.stack[decision.frame or 0], "trigger", "")


def test_rule_508_3_pass_all_means_the_seat_is_never_asked() -> None:
    """508.3: each player may perform a React or not; "pass every window" answers for them,
    so the game never waits on that seat (set at any time, even when not asked)."""
    state = play(load("react-two-seats.json"), SetStandingOrder(1, "pass_all"), *ATTACK)
    assert asked(state) == [0]  # seat 1's Ironhide Brute is not asked about
    assert state.standing_orders == ((1, "pass_all", "", 0),)


def test_rule_508_4_public_only_skips_action_cards_in_hand() -> None:
    """508.4: React Action cards are played from hand; "ask me only for reacts on cards in
    play" passes windows where only a hand card could answer."""
    state = play(load("react-two-seats.json"), SetStandingOrder(0, "public_only"), *ATTACK)
    assert asked(state) == [1] and window(state) == "after_hit"
    state = play(state, {"type": "decline", "seat": 1})
    # Sudden Parry (hand) is not asked about; Greenwood Warden (in play) still is.
    assert asked(state) == [0] and window(state).startswith("before_wounds")


def test_rule_508_3_a_standing_order_set_while_asked_answers_the_window_at_once() -> None:
    """A seat asked now may set "pass this window for N actions": the engine passes this window
    and windows of the same kind until the other seats have taken N actions."""
    state = play(load("react-two-seats.json"), *ATTACK)
    assert asked(state) == [1]
    state = play(state, SetStandingOrder(1, "pass_window", actions=2))
    assert asked(state) == [0]  # seat 1 passed; seat 0 is asked next
    assert state.standing_orders == ((1, "pass_window", "after_hit", 2),)
    state = play(state, {"type": "decline", "seat": 0})
    assert state.standing_orders == ((1, "pass_window", "after_hit", 1),)


def test_standing_orders_are_checked() -> None:
    """An unknown order is refused with a sentence; a pass_window needs a count."""
    state = load("react-two-seats.json")
    with pytest.raises(IllegalActionError, match="unknown standing order"):
        apply(state, SetStandingOrder(0, "sometimes"))
    with pytest.raises(IllegalActionError, match="at least 1"):
        apply(state, SetStandingOrder(0, "pass_window", "before_wounds", 0))
    with pytest.raises(IllegalActionError, match="no react window is asking you"):
        apply(state, SetStandingOrder(0, "pass_window", actions=3))
    with pytest.raises(InvalidActionError):
        action_from_dict({"type": "standing_order", "seat": 0, "policy": 3})
    order = SetStandingOrder(0, "ask")
    assert action_from_dict(order.to_dict()) == order


def test_ask_clears_every_standing_order() -> None:
    """ "ask me" returns a seat to being asked at every window it could answer."""
    state = play(
        load("react-two-seats.json"),
        SetStandingOrder(1, "pass_all"),
        SetStandingOrder(1, "ask"),
        *ATTACK,
    )
    assert state.standing_orders == ()
    assert asked(state) == [1]
