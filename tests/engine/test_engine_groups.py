"""700.8: a bonus to the characters of a location applies to those entering it and stops for
those leaving it; one to characters named directly stays with them (engine.groups), from
tests/engine/positions/rules-group-rank.json and rules-end-of-turn-group.json."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine import GameState, apply, stats
from engine.actions import Action, PerformAbility, action_from_dict
from engine.events import EffectExpired
from engine.game import default_action
from engine.pending import DecisionKind
from engine.position import load_position
from engine.position_write import position_to_dict as dump_position

POSITIONS = Path(__file__).parent / "positions"
RULE = (
    '700.8: "If a bonus or penalty is given to all characters in a particular location (e.g., '
    "'all characters in your first rank' or 'characters in your army'), that bonus or penalty "
    "will also apply to characters that enter that location during the duration of the effect. "
    "Likewise, if a character leaves that location, the bonus will no longer apply to them. "
    "Conversely, if an action specifies who receives the bonus (e.g. 'adjacent characters' or "
    "'target character') then the bonus will apply to the specified characters for the "
    'duration of the effect, even if they move locations."'
)


def load(name: str) -> GameState:
    data: dict[str, Any] = json.loads((POSITIONS / name).read_text(encoding="utf-8"))
    return load_position(data)


def play(state: GameState, *actions: dict[str, Any] | Action) -> GameState:
    for raw in actions:
        action = raw if isinstance(raw, Action) else action_from_dict(raw)
        state = apply(state, action).state
    while state.pending and state.pending[0].kind is DecisionKind.POSITION:  # 401.7
        state = apply(state, default_action(state, 0)).state
    return state


def order(card: int) -> PerformAbility:
    return PerformAbility(seat=0, card=card, ability=0, character=card, target=-1)


def maneuver(card: int, direction: str) -> dict[str, Any]:
    return {"type": "maneuver", "seat": 0, "character": card, "direction": direction}


PASS = {"type": "pass", "seat": 1}


def test_rule_700_8_a_character_leaving_the_location_loses_the_bonus() -> None:
    """700.8 (RULE): Rank Captain (#0) gives "all characters in this rank" +1 AC; Legion
    Shieldbearer (#1) maneuvers back out of the first rank and loses it."""
    state = play(load("rules-group-rank.json"), order(0), PASS)
    assert stats.armor_class(state, 1) == 13  # printed 12
    state = play(state, maneuver(1, "backward"))
    assert 1 in state.players[0].ranks[1]
    assert stats.armor_class(state, 1) == 12 and stats.armor_class(state, 0) == 11
    assert all(m.target != 1 for m in state.modifiers)


def test_rule_700_8_a_character_entering_the_location_gains_the_bonus() -> None:
    """700.8 (RULE): Tribune Halvard (#3) maneuvers into the first rank after Rank Captain's
    "all characters in this rank gain +1 AC until end of turn": it has +1 AC."""
    state = play(load("rules-group-rank.json"), order(0), PASS)
    assert stats.armor_class(state, 3) == 13  # printed
    state = play(state, maneuver(3, "forward"))
    assert 3 in state.players[0].ranks[0]
    assert stats.armor_class(state, 3) == 14


def test_rule_700_8_a_character_named_directly_keeps_the_bonus_after_moving() -> None:
    """700.8 (RULE): Shield Sergeant (#2) gives "adjacent characters" +1 AC: Tribune Halvard
    (#3) keeps it after maneuvering into the first rank, away from it."""
    state = play(load("rules-group-rank.json"), order(2), PASS)
    assert stats.armor_class(state, 3) == 14  # printed 13
    state = play(state, maneuver(3, "forward"))
    assert 3 in state.players[0].ranks[0]
    assert stats.armor_class(state, 3) == 14
    assert not state.group_effects


def test_rule_700_8_the_group_effect_ends_with_the_turn() -> None:
    """700.8 and 506.1: once the turn ends, the effect takes no one new and its bonuses expire:
    the next turn a character entering the rank gains nothing."""
    state = play(load("rules-group-rank.json"), order(0), PASS)
    assert state.group_effects
    while state.turn == 2 and not state.is_over:
        seat = state.waiting_on()[0]
        state = apply(state, default_action(state, seat)).state
    assert not state.group_effects
    assert all(m.group == 0 for m in state.modifiers)


def test_rule_700_8_a_position_holds_a_live_group_effect() -> None:
    """700.8 (RULE): a position written with a group effect in force reads back the same, and
    a character entering the location afterwards still gains it."""
    state = play(load("rules-group-rank.json"), order(0), PASS)
    again = load_position(dump_position(state))
    assert again.group_effects == state.group_effects and again.modifiers == state.modifiers
    assert dump_position(again) == dump_position(state)
    moved = play(again, maneuver(3, "forward"))
    assert stats.armor_class(moved, 3) == 14


def test_version_8_records_with_a_group_effect_are_refused_with_a_sentence() -> None:
    """Before version 9 a group bonus went only to the characters there as it resolved: a
    version 8 record whose cards have one may not replay the same, so it is refused."""
    from engine.errors import RecordError
    from engine.record import GameRecord, new_record_from_position

    data = json.loads((POSITIONS / "rules-group-rank.json").read_text(encoding="utf-8"))
    record, _ = new_record_from_position(data)
    old = record.with_action(order(0)).to_dict()
    old["version"] = 8
    with pytest.raises(RecordError, match=r"version 8 .*Rank Captain .*700\.8"):
        GameRecord.from_dict(old)
    assert GameRecord.from_dict({**old, "version": 10}).actions == (order(0),)


def test_version_8_records_without_one_replay() -> None:
    """A version 8 record whose cards have no group effect replays as before."""
    from engine.record import GameRecord, new_record_from_position, replay

    data = json.loads((POSITIONS / "rules-group-rank.json").read_text(encoding="utf-8"))
    del data["cards"]["rank-captain"]
    data["seats"][0]["ranks"][0][0] = "Legion Shieldbearer"
    record, _ = new_record_from_position(data)
    old = record.with_action(order(2)).to_dict()
    old["version"] = 8
    again = GameRecord.from_dict(old)
    assert replay(again).state.modifiers == replay(record.with_action(order(2))).state.modifiers


def test_rule_700_8_a_snapshot_holds_a_live_group_effect() -> None:
    """700.8 (RULE): restoring a record from a snapshot taken while a group effect is in force
    gives the same state as replaying it, and the effect still reaches a character entering."""
    from engine.record import new_record_from_position, replay
    from engine.snapshots import restore, take_snapshot

    data = json.loads((POSITIONS / "rules-group-rank.json").read_text(encoding="utf-8"))
    record, _ = new_record_from_position(data)
    record = record.with_action(order(0)).with_action(action_from_dict(PASS))
    state = replay(record).state
    assert state.group_effects
    restored = restore(record, [take_snapshot(record, state, len(record.actions))])
    assert restored == state
    moved = play(restored, maneuver(3, "forward"))
    assert stats.armor_class(moved, 3) == 14


def test_rule_506_1_1_each_effect_of_an_ability_is_one_effect_on_its_cards() -> None:
    """506.1.1: "if an action generated an ongoing effect giving multiple characters +1 HP
    until the end of turn, the HP would be removed from those characters one at a time ...
    Then, after all HP have been removed, the next effect would be resolved." Shield
    Sergeant's "adjacent characters" bonus is one effect (one id on each of its modifiers),
    Rank Captain's rank bonus another (its group's id): each ends on all its cards in turn."""
    data: dict[str, Any] = json.loads((POSITIONS / "rules-group-rank.json").read_text("utf-8"))
    ranks = data["seats"][0]["ranks"]  # the Sergeant (#1) between the Captain and another
    ranks[0][1:1], ranks[1] = ["Shield Sergeant"], ["Tribune Halvard"]
    state = play(load_position(data), order(1), PASS, order(0))
    sergeant = [m for m in state.modifiers if m.group == 0]
    captain = [m for m in state.modifiers if m.group]
    assert len(sergeant) > 1 and len({m.effect for m in sergeant}) == 1
    assert len(captain) > 1 and {m.effect for m in captain} == {captain[0].group}
    assert sergeant[0].effect < captain[0].effect
    transition = apply(state, action_from_dict(PASS))
    transition = apply(transition.state, action_from_dict({"type": "pass", "seat": 0}))
    expired = [e.card for e in transition.events if isinstance(e, EffectExpired)]
    assert expired == [m.target for m in sergeant] + [m.target for m in captain]
