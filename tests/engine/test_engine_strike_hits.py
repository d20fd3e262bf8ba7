"""Effects that depend on whether the ability's strike hit ("If the strike hits, spend the
target."): the strike keeps its result for the effects after it (509.5 4b). Driven by
strike-hits.json."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine import DecisionKind, GameState, apply
from engine.actions import PerformAbility

POSITIONS = Path(__file__).parent / "positions"
RAIDER, HAMSTRING, GHARROK = 0, 2, 4


def after_hamstring(die: int) -> tuple[GameState, list[Any]]:
    from engine.position import load_position

    data: dict[str, Any] = json.loads((POSITIONS / "strike-hits.json").read_text("utf-8"))
    data["dice"] = [die]
    state = load_position(data)
    assert state.card(HAMSTRING).abilities[0].manual is False
    transition = apply(state, PerformAbility(0, HAMSTRING, 0, RAIDER, GHARROK))
    return transition.state, list(transition.events)


def test_rule_509_5_4b_an_effect_if_the_strike_hits_follows_a_hit() -> None:
    """509.5 step 4b: "Reacts or effects that happen 'after hitting', 'if a strike hits', or
    'after missing' take place directly after this step." A roll of 18 + 2 hits AC 15: the
    target is spent, and the effect for a miss is skipped."""
    state, events = after_hamstring(18)
    assert next(e for e in events if e.kind == "roll").result == "hit"
    assert state.units[GHARROK].orientation.value == "spent"
    assert state.units[RAIDER].orientation.value == "ready"
    assert [e.why for e in events if e.kind == "effect_skipped"] == ["condition_not_met"]
    assert state.pending[0].kind is DecisionKind.ORDER


def test_rule_509_5_4b_an_effect_if_the_strike_misses_follows_a_miss() -> None:
    """A roll of 2 + 2 misses: the target stays ready and the performer is stunned."""
    state, events = after_hamstring(2)
    assert next(e for e in events if e.kind == "roll").result == "miss"
    assert state.units[GHARROK].orientation.value == "ready"
    assert state.units[RAIDER].orientation.value == "stunned"
