"""The steps of a strike (509.5) and of an action (510.5), each with its react windows, walked
with a React that may answer every window (tests/engine/positions/rules-every-window.json:
Moon Watcher's trigger cannot be read, so the engine asks it at each window, 508.1)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine import DecisionKind, Decline, GameState, apply
from engine.actions import Action, PerformAbility, action_from_dict
from engine.frames import ReactWindow
from engine.position import load_position

POSITIONS = Path(__file__).parent / "positions"


def load(**edits: Any) -> GameState:
    data: dict[str, Any] = json.loads(
        (POSITIONS / "rules-every-window.json").read_text(encoding="utf-8")
    )
    data.update(edits)
    return load_position(data)


def walk(state: GameState, *actions: dict[str, Any] | Action) -> tuple[GameState, list[str]]:
    """Apply the actions, declining every react window; the log lists each window's triggers
    ("window:after_roll,before_hit") among the kinds of the events, in the order they came."""
    log: list[str] = []
    for raw in actions:
        action = raw if isinstance(raw, Action) else action_from_dict(raw)
        transition = apply(state, action)
        state, log = transition.state, log + [e.kind for e in transition.events]
        while d := next((d for d in state.pending if d.kind is DecisionKind.REACT), None):
            window = state.stack[d.frame]
            assert isinstance(window, ReactWindow) and d.seat == 1
            log.append(f"window:{window.trigger}")
            transition = apply(state, Decline(1))
            state, log = transition.state, log + [e.kind for e in transition.events]
    return state, log


def windows(log: list[str]) -> list[str]:
    return [k.removeprefix("window:") for k in log if k.startswith("window:")]


STRIKE_WINDOWS = [
    "after_targeting",  # 2b
    "before_roll",  # 3a
    "after_roll,before_hit",  # 3b, 4a
    "after_hit",  # 4b
    "before_wounds,instead_of_wounds",  # 6a, 6c
    "after_wounds",  # 6b
    "after_strike",  # 7
]


def test_rule_509_5_a_strike_goes_through_its_steps_in_order() -> None:
    """509.5: "you will resolve the following steps in order for each strike: 1. Declare the
    strike ... 2. Choose the target ... 3. Make the strike roll ... 4. Determine if the result
    of the roll is a hit or miss ... 6. If the strike hits, inflict those wounds ... 7. Resolve
    the strike", each "before" and "after" React taking place around its step. Tribune
    Halvard attacks Moon Watcher: every window opens once, at its place among the events."""
    state, log = walk(
        load(),
        {"type": "attack", "seat": 0, "character": 0},
        {"type": "choose", "seat": 0, "option": 6},
    )
    assert windows(log) == [
        "before_action,before_cost",  # the Order's "before performing" (510.5 1a)
        "before_strike,before_targeting",  # 509.5 1a, 2a
        *STRIKE_WINDOWS,
        "after_action",  # the attack performed (510.5 4a)
    ]
    at = log.index
    assert at("window:before_strike,before_targeting") < at("strike_declared")  # target: 2
    assert at("strike_declared") < at("window:after_targeting") < at("window:before_roll")
    assert at("window:before_roll") < at("roll") < at("window:after_roll,before_hit")
    assert at("window:before_wounds,instead_of_wounds") < at("wounds_inflicted")
    assert at("wounds_inflicted") < at("window:after_wounds") < at("window:after_strike")
    assert state.units[6].wounds == 1


def test_rule_509_5_each_strike_of_an_attack_has_its_own_steps() -> None:
    """509.5: the steps are resolved "for each strike": Praetorian Blademaster's second strike
    is declared and targeted anew (1a, 2a) and goes through every step again."""
    data = json.loads((POSITIONS / "rules-every-window.json").read_text(encoding="utf-8"))
    data["seats"][0]["ranks"][0][0] = "Praetorian Blademaster"
    state, first = walk(
        load_position({**data, "dice": [15, 15, 15]}),
        {"type": "attack", "seat": 0, "character": 0},
        {"type": "choose", "seat": 0, "option": 6},
    )
    assert windows(first)[-1] == "before_strike,before_targeting"  # before the second one
    assert state.pending[0].kind is DecisionKind.STRIKE_TARGET
    state, second = walk(state, {"type": "choose", "seat": 0, "option": 6})
    assert windows(second) == [*STRIKE_WINDOWS, "after_action"]
    assert state.units[6].wounds == 2


def test_rule_510_5_an_action_goes_through_its_steps_in_order() -> None:
    """510.5: "1. Declare the action ... 2. Pay the costs of the action (this may include
    targeting) ... 3. Generate the effects of the action ... 4. Resolve the action", with the
    windows "before performing" (1a), "before paying the cost" (2a), "after paying the cost"
    (2b) and "after performing" (4a). Cleaving Blow's effect is a strike: its own steps come in
    step 3, and the card goes to the discard pile (303.5) before "after performing"."""
    cleave = PerformAbility(seat=0, card=4, ability=0, character=0, target=6)
    state, log = walk(load(), cleave)
    steps = windows(log)
    assert steps[:2] == ["before_action,before_cost", "after_cost,action_effect"]
    assert steps[-1] == "after_action" and steps[-1 - len(STRIKE_WINDOWS) : -1] == STRIKE_WINDOWS
    at = log.index
    assert at("ability_performed") < at("window:before_action,before_cost")  # declared
    assert at("window:after_cost,action_effect") < at("roll")  # the effect comes after
    assert at("card_to_discard") < at("window:after_action")  # resolved, then 4a
    assert 4 in state.players[0].discard and state.units[6].wounds == 1


def test_rule_509_5_1a_a_strike_of_an_action_has_its_before_performing_window() -> None:
    """509.5: "When performing an action or effect that includes a melee or ranged strike,
    you will resolve the following steps in order for each strike: 1. Declare the strike ...
    a. Reacts or effects that happen 'before performing' a strike take place directly after
    this step". Cleaving Blow's strike (its target chosen with the cost) opens that window."""
    cleave = PerformAbility(seat=0, card=4, ability=0, character=0, target=6)
    _, log = walk(load(), cleave)
    steps = windows(log)
    after_cost = steps.index("after_cost,action_effect")
    assert "before_strike" in steps[after_cost + 1].split(",")
