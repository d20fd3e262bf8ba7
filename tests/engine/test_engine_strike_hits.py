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


def test_rule_509_5_6c_a_hit_stuns_instead_of_wounding() -> None:
    """509.5 step 6c: "If an action or effect would happen 'instead of wounds' it takes place
    during this step." "If the strike hits, the target is stunned instead of wounded": the
    hit inflicts no wound and stuns the target."""
    from engine.position import load_position

    data: dict[str, Any] = json.loads((POSITIONS / "strike-hits.json").read_text("utf-8"))
    data["cards"]["hamstring"]["text"] = (
        "Order: Perform a +2 melee strike. If the strike hits, the target is stunned instead "
        "of wounded."
    )
    state = load_position(data)
    assert not state.card(HAMSTRING).abilities[0].manual
    transition = apply(state, PerformAbility(0, HAMSTRING, 0, RAIDER, GHARROK))
    after = transition.state
    assert next(e for e in transition.events if e.kind == "roll").result == "hit"
    assert after.units[GHARROK].orientation.value == "stunned"
    assert after.units[GHARROK].wounds == 0


def test_rule_509_5_5_a_strike_that_inflicts_no_wounds_inflicts_none() -> None:
    """509.5 step 5: "If the strike hits, determine how many wounds are inflicted. Strikes
    normally inflict one wound." One that "does not inflict wounds" inflicts none."""
    from engine.position import load_position

    data: dict[str, Any] = json.loads((POSITIONS / "strike-hits.json").read_text("utf-8"))
    data["cards"]["hamstring"]["text"] = (
        "Order: Perform a +2 melee strike that does not inflict wounds. If the strike hits, "
        "spend the target."
    )
    transition = apply(load_position(data), PerformAbility(0, HAMSTRING, 0, RAIDER, GHARROK))
    assert transition.state.units[GHARROK].wounds == 0
    assert transition.state.units[GHARROK].orientation.value == "spent"
    assert "wounds_inflicted" not in [e.kind for e in transition.events]


def test_records_before_version_7_with_special_strike_wounds_are_refused() -> None:
    """Before version 7 such a strike inflicted one wound anyway: a record with that card may
    not replay the same game, so it is refused with a sentence (docs/record-format.md)."""
    import pytest

    from engine.errors import RecordError
    from engine.record import GameRecord, new_record_from_position

    data: dict[str, Any] = json.loads((POSITIONS / "strike-hits.json").read_text("utf-8"))
    data["cards"]["hamstring"]["text"] = (
        "Order: Perform a +2 melee strike that does not inflict wounds. If the strike hits, "
        "spend the target."
    )
    record, _ = new_record_from_position(data)
    old = record.to_dict()
    old["version"] = 6
    with pytest.raises(RecordError, match="Hamstring has a strike that inflicts no wounds"):
        GameRecord.from_dict(old)
