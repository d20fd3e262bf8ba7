"""Records written before this engine's newest react windows (docs/record-format.md, version
10): read with each window they never met passed, or refused with a sentence."""

from __future__ import annotations

from typing import Any

import pytest
from position_play import position_data

from engine import DecisionKind
from engine.actions import Action, Decline, DoneResolving, Pass, PerformAbility
from engine.errors import RecordError
from engine.record import RECORD_VERSION, GameRecord, new_record_from_position, replay
from engine.state import Orientation

HEXER, STONEWARDEN = 0, 5  # rules-stalwart-vs-stun.json


def _written(name: str, actions: list[Action], version: int) -> dict[str, Any]:
    """The record of `actions` from position file `name`, as version `version` wrote it."""
    record, _ = new_record_from_position(position_data(name))
    for action in actions:
        record = record.with_action(action)
    old = record.to_dict()
    old["version"] = version
    return old


@pytest.mark.parametrize("version", [8, 9])
def test_rule_511_6_old_records_pass_the_after_being_targeted_window(version: int) -> None:
    """511.6: an action that targets without striking opens its target's "after being
    targeted" window (Anvil Guard's Defend, 603.3, answers Swamp Hexer's Order at Stonewarden,
    next to it). A version 8 or 9 record never met that window: it is read with a `decline`
    there, so it replays to the position that engine reached (the save fails, Stalwart keeps
    Stonewarden ready, seat 1 passes)."""
    order = PerformAbility(0, HEXER, 0, HEXER, STONEWARDEN)
    old = _written("rules-stalwart-vs-stun.json", [order, Pass(1)], version)
    upgraded = GameRecord.from_dict(old)
    assert [a for a in upgraded.actions if not isinstance(a, Decline)] == [order, Pass(1)]
    assert upgraded.actions[1] == Decline(1)  # Defend's window, right after the Order
    assert upgraded.to_dict()["version"] == 10
    state = replay(upgraded).state
    assert state.units[STONEWARDEN].orientation is Orientation.READY
    assert state.pending[0].seat == 0 and state.pending[0].kind.value == "order"
    current = _written("rules-stalwart-vs-stun.json", list(upgraded.actions), 10)
    assert replay(GameRecord.from_dict(current)).state == state


def test_old_records_that_no_longer_line_up_are_refused_with_a_sentence() -> None:
    """A version 9 record whose actions do not fit the new windows is refused, saying why."""
    order = PerformAbility(0, HEXER, 0, HEXER, STONEWARDEN)
    old = _written("rules-stalwart-vs-stun.json", [order, Pass(1)], 9)
    old["actions"].append({"type": "done_resolving", "seat": 1})
    with pytest.raises(
        RecordError, match=r"Record version 9 was written by an older engine .*511\.6"
    ):
        GameRecord.from_dict(old)


def test_simulated_records_replay_and_read_the_same_as_version_9() -> None:
    """A `game simulate` record (version 10) replays to its game's end; read as a version 9
    record it answers every window already, so the upgrade leaves it as it was."""
    from engine.cards.sample import sample_catalog, sample_decks_for
    from engine.playout import random_playout
    from engine.state import Format, GameConfig

    decks = list(sample_decks_for(Format.SAGA).values())[:2]
    out = random_playout(GameConfig(seats=2), decks, 1268938162, sample_catalog(), turn_cap=8)
    written = out.record.to_dict(out.state)
    assert written["version"] == 10
    assert replay(GameRecord.from_dict(written)).state == out.state
    assert GameRecord.from_dict({**written, "version": 9}).actions == out.record.actions


def _seeker(keyword: str) -> dict[str, Any]:
    """rules-stalwart-vs-stun.json with a Wizard that searches for a Cursed item, and an item
    that is Cursed by `keyword` (a keyword, 212.1) or by trait."""
    data = position_data("rules-stalwart-vs-stun.json")
    item: dict[str, Any] = {"name": "Hexed Blade", "type": "Item", "level": 1}
    if keyword:
        item["keywords"] = [{"name": keyword}]
    else:
        item["traits"] = ["Cursed"]
    data["cards"] = {
        "grave-seeker": {
            "name": "Grave Seeker", "type": "Character", "level": 1, "attack": [1],
            "armor_class": 10, "skill": 1, "hit_points": 1, "factions": ["Nothrog Legions"],
            "classes": ["Wizard"],
            "text": "Order: Search your deck for a Cursed item, put it into your hand, and "
            "shuffle your deck.",
        },
        "hexed-blade": item,
    }  # fmt: skip
    data["seats"][0]["ranks"][0][1] = "Grave Seeker"
    data["seats"][0]["deck"] = ["Hexed Blade"]
    return data


def test_rule_212_1_old_records_whose_searches_find_other_cards_are_refused() -> None:
    """212.1: a search now finds a card by its keywords and alignments too. A version 9
    record whose search finds a card of its own only that way (Hexed Blade, Cursed by its
    keyword) is refused with a sentence naming the searching card; one that found it by its
    trait replays as before."""
    for keyword, refused in (("Cursed", True), ("", False)):
        record, _ = new_record_from_position(_seeker(keyword))
        old = record.to_dict()
        old["version"] = 9
        if refused:
            with pytest.raises(RecordError, match=r"version 9 .*Grave Seeker .*212\.1"):
                GameRecord.from_dict(old)
        else:
            assert GameRecord.from_dict(old).actions == ()


def test_old_records_keep_their_cards_manual_definitions() -> None:
    """A record holds its cards' compiled abilities: a version 9 record of Omen Reader
    ("Choose an opposing player who draws a card", 511.8, run by the engine since then)
    holds it as manual, so it replays as it was played, resolved by hand, and the opponent
    draws nothing; the same card compiled now makes them draw."""
    data = position_data("rules-stalwart-vs-stun.json")
    data["cards"] = {
        "omen-reader": {
            "name": "Omen Reader", "type": "Character", "level": 1, "attack": [1],
            "armor_class": 10, "skill": 1, "hit_points": 1, "factions": ["Nothrog Legions"],
            "classes": ["Wizard"], "text": "Order: Choose an opposing player who draws a card.",
        }
    }  # fmt: skip
    data["seats"][0]["ranks"][0][1] = "Omen Reader"
    record, _ = new_record_from_position(data)
    order = PerformAbility(0, 1, 0, 1)
    old = record.with_action(order).with_action(DoneResolving(0)).to_dict()
    old["version"] = 9
    (ability,) = old["cards"]["omen-reader"]["abilities"]
    del ability["effects"]
    ability["manual"] = True
    old["cards"]["omen-reader"]["implementation_status"] = "manual"
    upgraded = GameRecord.from_dict(old)
    assert upgraded.actions == (order, DoneResolving(0))
    assert upgraded.cards["omen-reader"].abilities[0].manual
    played = replay(upgraded)
    assert [e.kind for e in played.events][-2:] == ["manual_effect", "resolved_by_hand"]
    assert len(played.state.players[1].hand) == 0
    now = replay(record.with_action(order)).state
    assert len(now.players[1].hand) == 1


def test_rule_603_2_old_records_pass_the_check_windows() -> None:
    """603.2: a save opens a "before rolling" window (Charisma answers it). A version 9
    record never met it: the record of Hexer's Order (Grunt Raider's save, 16 against DC 15)
    replays with both seats' windows passed."""
    data = position_data("rolls-charisma-checks.json")
    data["dice"] = [16]
    record, _ = new_record_from_position(data)
    record = record.with_action(PerformAbility(0, 0, 0, 0, 4))
    old = record.to_dict()
    old["version"] = 9
    upgraded = GameRecord.from_dict(old)
    assert upgraded.actions == (PerformAbility(0, 0, 0, 0, 4), Decline(0), Decline(1))
    final = replay(upgraded)
    assert final.state.pending[0].kind is DecisionKind.ORDER
    assert [e.result for e in final.events if e.kind == "roll"] == ["success"]
    assert RECORD_VERSION == 10 and upgraded.to_dict()["version"] == 10


def test_rule_509_5_old_records_whose_cards_act_if_a_strike_hits_are_refused() -> None:
    """509.5 4b: "If the strike hits, spend the target" now runs right after the hit, where
    version 9 ran it after the wounds: a record holding such a card may not replay the same
    game, so it is refused with a sentence naming the card."""
    record, _ = new_record_from_position(position_data("strike-hits.json"))
    old = record.to_dict()
    old["version"] = 9
    with pytest.raises(RecordError, match=r"Hamstring has an effect if its strike hits"):
        GameRecord.from_dict(old)


def test_version_3_records_are_refused_for_the_same_reasons_as_later_ones() -> None:
    """A version 3 record predates the changes that refuse version 4 to 9 records too (an
    effect if a strike hits, 509.5 4b): it is refused with the same sentence, not replayed
    to another game."""
    record, _ = new_record_from_position(position_data("strike-hits.json"))
    old = record.to_dict()
    old["version"] = 3
    with pytest.raises(RecordError, match=r"version 3 .*Hamstring has an effect if its strike"):
        GameRecord.from_dict(old)
