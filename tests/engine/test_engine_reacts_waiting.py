"""Deaths settled while a frame waits on a decision (a manual resolution, a character's place
in a rank, an effect's choice): their react windows open above it (508.6) and play returns
to it (508.3), which asks its decision again. Driven by death-while-waiting.json."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine import DecisionKind, Decline, GameState, apply
from engine.actions import Action, PerformAbility, PlayCharacter, SetStandingOrder
from engine.frames import ChoosingEffect, PlacingCharacter, ResolvingManually
from engine.position import load_position
from engine.position_write import position_to_dict

POSITIONS = Path(__file__).parent / "positions"
CALLER, RAIDER, MAZRUK, BLOOD_PRICE, SHAMAN = 0, 1, 2, 3, 4


def data() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(
        (POSITIONS / "death-while-waiting.json").read_text(encoding="utf-8")
    )
    return loaded


def play(state: GameState, *actions: Action) -> tuple[GameState, list[str]]:
    kinds: list[str] = []
    for action in actions:
        transition = apply(state, action)
        kinds += [e.kind for e in transition.events]
        state = transition.state
    return state, kinds


def waiting(state: GameState) -> tuple[int, str, str]:
    """(seat, kind, rule) of the first decision the game waits on; a react decision's kind is
    its window."""
    d = state.pending[0]
    kind = d.kind.value
    if d.kind is DecisionKind.REACT:
        kind = getattr(state.stack[d.frame or 0], "trigger", kind)
    return d.seat, kind, d.rule


def test_rule_508_6_1_a_cost_that_kills_opens_the_death_window_before_the_manual_effect() -> None:
    """508.6.1: a Death React "is performed after it is determined that the character is
    dying but before the character is placed in the discard pile". Grave Caller pays Blood
    Price's wound (its last Hit Point) and its effect is resolved by hand: before the seat
    is asked to resolve it, Grave Caller's Death React window opens."""
    state, kinds = play(load_position(data()), PerformAbility(0, BLOOD_PRICE, 0, CALLER))
    assert waiting(state) == (0, "death", "508.6.1")
    assert CALLER in state.units and "character_died" not in kinds
    assert isinstance(state.stack[-2], ResolvingManually)  # the window is above the resolution


def test_rule_508_3_after_the_death_windows_play_returns_to_the_manual_resolution() -> None:
    """508.3: "After each React has been performed, the sequence of play returns to the
    original trigger event"; 508.6.2: after-death Reacts come once the character is in the
    discard pile. Grave Caller dies when its Death window closes, Mazruk's React after one
    of seat 0's characters is killed is offered, then Blood Price's manual resolution asks
    its seat again."""
    state, _ = play(load_position(data()), PerformAbility(0, BLOOD_PRICE, 0, CALLER))
    state, kinds = play(state, Decline(0))
    assert "character_died" in kinds and CALLER in state.players[0].discard
    assert waiting(state) == (0, "kill,after_death", "508.6.2")
    state, _ = play(state, Decline(0))
    assert waiting(state) == (0, "manual", "510.5")
    assert state.pending[0].frame == len(state.stack) - 1
    assert isinstance(state.stack[-1], ResolvingManually)


def _dying_while_placing() -> GameState:
    """Seat 0 plays Bone Shaman into its occupied first rank and is asked where it goes
    (401.7); the dump of that moment is edited to give Grave Caller a lethal wound."""
    state, _ = play(load_position(data()), PlayCharacter(0, SHAMAN))
    assert waiting(state) == (0, "position", "401.7")
    assert state.pending[0].options == (0, 1, 2)
    dump = position_to_dict(state)
    dump["seats"][0]["ranks"][0][0]["wounds"] = 1
    loaded = load_position(dump)  # a dump with `pending` is loaded as written
    assert loaded.units[CALLER].wounds == 1 and waiting(loaded)[1] == "position"
    return loaded


def test_rule_508_6_1_a_death_settled_while_a_character_is_placed_opens_its_window() -> None:
    """508.6.1 and 104.2: a character whose wounds reach its Hit Points dies at once, and its
    Death React window opens first, even while another character waits for its place in a
    rank: seat 1 sets a standing order (allowed at any time), the game settles Grave Caller's
    death, and the window opens above the waiting placement."""
    state, kinds = play(_dying_while_placing(), SetStandingOrder(1, "pass_all"))
    assert waiting(state) == (0, "death", "508.6.1")
    assert "character_died" not in kinds
    assert isinstance(state.stack[-2], PlacingCharacter)


def test_rule_508_3_the_placement_is_asked_again_from_the_position_after_the_death() -> None:
    """508.3: play returns to what was waiting; the placement is asked again with the rank as
    it now is (401.7): Grave Caller left rank 1, so Bone Shaman has two places, not three."""
    state, _ = play(_dying_while_placing(), SetStandingOrder(1, "pass_all"), Decline(0))
    assert waiting(state) == (0, "kill,after_death", "508.6.2")
    state, _ = play(state, Decline(0))
    assert waiting(state) == (0, "position", "401.7")
    assert state.pending[0].options == (0, 1)
    state, kinds = play(state, apply_choice(state, 1))
    assert "character_played" in kinds and state.players[0].ranks[0] == (RAIDER, SHAMAN)


def apply_choice(state: GameState, option: int) -> Action:
    from engine.actions import Choose

    return Choose(state.pending[0].seat, option)


def test_rule_508_3_an_effect_choice_is_asked_again_after_a_death_window() -> None:
    """508.3 with an effect's choice (602.4, Journey's direction): a death settled while the
    choice waits opens its windows above it, then the same choice is asked again."""
    position = data()
    position["cards"]["forced-march"] = {
        "name": "Forced March", "type": "Action", "level": 1,
        "text": "Order: Target character in your formation: Journey.",
    }  # fmt: skip
    position["seats"][0]["hand"].append("Forced March")
    position["seats"][0]["ranks"].insert(1, ["Swamp Hexer"])
    position["seats"][0]["deck"] = ["Bone Shaman"]
    state = load_position(position)
    march = next(c for c in state.players[0].hand if state.card(c).name == "Forced March")
    hexer = next(u for u in state.units if state.card(u).name == "Swamp Hexer")
    state, _ = play(state, PerformAbility(0, march, 0, RAIDER, hexer))
    assert waiting(state)[1:] == ("effect_choice", "602.4")
    choice = state.pending[0]
    dump = position_to_dict(state)
    dump["seats"][0]["ranks"][0][0]["wounds"] = 1
    state, _ = play(load_position(dump), SetStandingOrder(1, "pass_all"))
    assert waiting(state) == (0, "death", "508.6.1")
    state, _ = play(state, Decline(0), Decline(0))
    assert isinstance(state.stack[-1], ChoosingEffect)
    assert state.pending == (choice,)


def test_version_4_records_replay_with_the_earlier_death_windows_passed() -> None:
    """A version 4 record settled a death caused before a decision only after that decision
    was answered (Blood Price: resolved by hand, then Grave Caller's Death and after-death
    windows passed). Read now, its windows are passed where they open (earlier) and its old
    passes are left out: the same game, as a current record (docs/record-format.md)."""
    from engine.actions import DoneResolving
    from engine.record import GameRecord, new_record_from_position, replay

    record, _ = new_record_from_position(data())
    old = [PerformAbility(0, BLOOD_PRICE, 0, CALLER), DoneResolving(0), Decline(0), Decline(0)]
    for action in old:
        record = record.with_action(action)
    written = record.to_dict()
    written["version"] = 4
    upgraded = GameRecord.from_dict(written)
    assert [a.TYPE for a in upgraded.actions] == [
        "perform_ability", "decline", "decline", "done_resolving"
    ]  # fmt: skip
    state = replay(upgraded).state
    assert CALLER in state.players[0].discard and BLOOD_PRICE in state.players[0].discard
    assert waiting(state) == (1, "order", "505.2")
    assert upgraded.to_dict()["version"] == 10
