"""Skill checks and saves (106) with crits (105.1), driven by positions/feat-checks.json:
Hedge Scout (#0) has Skill +3, Stealth +5, Fire Resistance and Ice Weakness, and wears a
Shadow Cloak (#1, Stealth +2)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

from engine.checks import feat_check, passed, skill_check
from engine.position import load_position
from engine.state import GameState, Modifier
from engine.tx import Tx

POSITION = Path(__file__).parent / "positions" / "feat-checks.json"
SCOUT = 0


def _state(dice: list[int]) -> GameState:
    data: dict[str, Any] = json.loads(POSITION.read_text(encoding="utf-8"))
    data["dice"] = dice
    return load_position(data)


def _rolled(tx: Tx) -> list[Any]:
    return [e for e in tx.events if e.kind == "roll"]


def test_rule_106_1_a_check_is_d20_plus_skill_against_the_dc() -> None:
    """106.1: "roll a d20 and add the character's skill ... If the total is equal to or greater
    than the DC, then the character succeeds with the check or save." """
    tx = Tx(_state([12, 11]))
    roll = skill_check(tx, SCOUT, 15, "Reflex", save=True)
    assert passed(roll) and roll.total == 15 and roll.modifiers == (("Skill", 3),)
    assert not passed(skill_check(tx, SCOUT, 15, "Reflex", save=True))
    events = _rolled(tx)
    assert [e.result for e in events] == ["success", "failure"]
    assert events[0].roll.purpose == "Reflex save" and events[0].roll.target == 15


def test_rule_106_2_a_bonus_to_saves_does_not_help_other_skill_checks() -> None:
    """106.2: "if a card gives you a bonus to "saves", this does not help you for skill
    checks, but if you are given a bonus to all skill checks, this will also help you for
    saves." """
    state = _state([10, 10, 10])
    state = replace(
        state, modifiers=(Modifier(SCOUT, "save", 4, 0), Modifier(SCOUT, "check", 1, 0))
    )
    tx = Tx(state)
    assert skill_check(tx, SCOUT, 20, "Perception").total == 14
    assert skill_check(tx, SCOUT, 20, "Magic", save=True).total == 18


def test_rule_105_1_1_a_natural_20_succeeds_with_any_check() -> None:
    """105.1.1: "they automatically succeed in whatever they are attempting, regardless of the
    target number or any modifiers to the roll." """
    tx = Tx(_state([20]))
    roll = skill_check(tx, SCOUT, 99, "Fortitude", save=True)
    assert passed(roll) and roll.outcome == "critical success"


def test_rule_105_1_2_a_natural_1_fails_any_check() -> None:
    """105.1.2: a critical failure "automatically fail[s] in whatever they are attempting"."""
    state = _state([1])
    state = replace(state, modifiers=(Modifier(SCOUT, "check", 50, 0),))
    roll = skill_check(Tx(state), SCOUT, 5, "Will", save=True)
    assert not passed(roll) and roll.outcome == "critical failure"


def test_rule_602_6_resistance_gives_advantage_on_saves_from_that_damage_type() -> None:
    """602.6: "Characters with Resistance to a particular Damage Type also gain advantage on
    skill checks produced by actions with the Damage Type they have Resistance to." """
    roll = skill_check(Tx(_state([4, 17])), SCOUT, 20, "Reflex", save=True, damage_types=("Fire",))
    assert roll.advantage == "advantage" and roll.naturals == (4, 17) and roll.kept == 17
    assert passed(roll)


def test_rule_602_11_weakness_gives_disadvantage_on_saves_from_that_damage_type() -> None:
    """602.11: "Characters with Weakness to a particular Damage Type also suffer disadvantage
    on skill checks produced by actions with the Damage Type they have Weakness to." """
    roll = skill_check(Tx(_state([17, 4])), SCOUT, 20, "Reflex", save=True, damage_types=("ice",))
    assert roll.advantage == "disadvantage" and roll.kept == 4 and not passed(roll)
    both = skill_check(Tx(_state([9])), SCOUT, 5, "Reflex", True, damage_types=("fire", "ice"))
    assert both.advantage == "cancelled" and both.naturals == (9,)  # 105.2.4


def test_rule_603_1_a_feat_check_adds_skill_and_every_source_of_the_feat_against_dc_20() -> None:
    """603.1: "the character makes a skill check against DC 20, adding to the roll their skill
    and any specific bonus they have ... If a character gains the same feat from more than one
    source, such as a pair of items, the bonuses are simply added together." """
    tx = Tx(_state([10, 9]))
    assert feat_check(tx, SCOUT, "Stealth")  # 10 + 3 + 5 + 2 = 20
    assert not feat_check(tx, SCOUT, "Stealth")  # 19
    first = _rolled(tx)[0].roll
    assert first.modifiers == (("Skill", 3), ("Stealth", 7)) and first.target == 20


def test_rule_603_1_1_a_feat_based_check_adds_the_bonus_without_the_feat() -> None:
    """603.1.1: a non-feat action requiring a feat-based check "does not ... require that the
    character have that feat keyword, but you do add any bonus to that feat you may have"."""
    state = _state([10])
    state = replace(state, modifiers=(Modifier(SCOUT, "feat:medicine", 2, 0),))
    roll = skill_check(Tx(state), SCOUT, 20, "Medicine", feat="Medicine")
    assert roll.modifiers == (("Skill", 3), ("Medicine", 2)) and roll.total == 15
