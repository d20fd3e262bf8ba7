"""Rules issue 10 names that had no test of their own: effects and durations (506.1.1, 510.3,
510.4, 510.12, 702), targeting (511) and keywords (602.10, 602.13, 602.16), driven by
tests/engine/positions/rules-*.json."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine import GameState, apply
from engine.actions import Action, PerformAbility, action_from_dict
from engine.events import (
    BaseEvent,
    Rolled,
)
from engine.events_abilities import EffectSkipped, Healed
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


def of(kind: type[Any], events: list[BaseEvent]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def order(seat: int, card: int, target: int = -1) -> PerformAbility:
    """Card `card` performs its first printed ability (an Order) at `target`."""
    return PerformAbility(seat=seat, card=card, ability=0, character=card, target=target)


# --- 602.10 Heal -----------------------------------------------------------------------------


def test_rule_602_10_heal_removes_one_wound_from_the_target() -> None:
    """602.10: "If an action or effect says to 'Heal,' that means to remove one wound from the
    target." Field Medic's "Heal the target" takes High Smith Borin from two wounds to one."""
    state = load("rules-heal.json")
    assert state.units[3].wounds == 2
    state, events = play(state, order(0, 2, 3))
    (healed,) = of(Healed, events)
    assert (healed.card, healed.amount, healed.wounds) == (3, 1, 1)
    assert state.units[3].wounds == 1
    assert not of(EffectSkipped, events)  # run by the engine, not resolved by hand


def test_rule_602_10_1_the_reminder_text_heals_the_same() -> None:
    """602.10.1: "The reminder text for Heal is, 'Remove a wound from'": Hearth Chaplain's
    "Remove a wound from the target" takes Field Medic from two wounds to one."""
    state, events = play(load("rules-heal.json"), order(0, 0, 2))
    (healed,) = of(Healed, events)
    assert (healed.card, healed.amount, healed.wounds) == (2, 1, 1)
    assert state.units[2].wounds == 1


def test_rule_602_10_heal_this_character_is_compiled() -> None:
    """602.10: "Heal this character" is the Heal keyword on the performer: one wound."""
    from engine.cards.abilities import Affects, Op
    from engine.cards.ability_grammar import compile_abilities
    from engine.cards.model import CardType

    (react,) = compile_abilities(
        "Spend React: After this character suffers a wound: Heal this character.",
        "Grit",
        CardType.ACTION,
    )
    assert not react.manual
    assert [(e.op, e.affects, e.amount) for e in react.effects] == [(Op.HEAL, Affects.PERFORMER, 1)]


# --- 510.4 -----------------------------------------------------------------------------------


def test_rule_510_4_a_variable_is_set_when_the_effect_is_generated() -> None:
    """510.4: "Any variables that are part of an action's effect are set when the effect is
    generated and do not change even if their source does (... even if the character leaves
    play)." Martyr Adept (level 3) kills itself, then sets a save of DC 10 + its level: 13,
    which Grunt Raider's 11 fails."""
    state, events = play(load("rules-variables-set.json"), order(0, 0, 5))
    kinds = [e.kind for e in events]
    assert kinds.index("character_died") < kinds.index("roll")  # gone before the save
    (save,) = of(Rolled, events)
    assert save.roll.target == 13 and save.roll.total == 11 and save.result == "failure"
    assert 5 in state.players[1].discard  # the failed save's wound killed it


def test_rule_510_4_the_variable_counts_the_stat_with_its_bonuses() -> None:
    """510.4: "an effect based on a character's stat such as level": Hexbinder is level 2
    with +2 level until the end of the turn, so its save is DC 10 + 4."""
    _, events = play(load("rules-variables-set.json"), order(0, 1, 5))
    (save,) = of(Rolled, events)
    assert save.roll.target == 14 and save.result == "failure"
