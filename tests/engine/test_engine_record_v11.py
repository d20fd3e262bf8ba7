"""Records of version 8 to 10 read by this engine (record version 11: Reacts before checks and
saves 603.2, "before targeting" of an effect's strike 509.5 2a, a redirected strike targeted
anew 511.6.1, effects "if the strike hits" at 509.5 4b). See docs/record-format.md."""

from __future__ import annotations

import pytest
from position_play import position_data

from engine import DecisionKind, Decline, replay
from engine.actions import PerformAbility
from engine.errors import RecordError
from engine.record import RECORD_VERSION, GameRecord, new_record_from_position


def test_version_10_records_replay_with_the_new_check_windows_passed() -> None:
    """Version 10 opened no window before a save: the record of Hexer's Order (Grunt Raider's
    save, 16 against DC 15) replays with both seats' Charisma windows passed."""
    data = position_data("rolls-charisma-checks.json")
    data["dice"] = [16]
    record, _ = new_record_from_position(data)
    record = record.with_action(PerformAbility(0, 0, 0, 0, 4))
    old = record.to_dict()
    old["version"] = 10
    upgraded = GameRecord.from_dict(old)
    assert upgraded.actions == (PerformAbility(0, 0, 0, 0, 4), Decline(0), Decline(1))
    final = replay(upgraded)
    assert final.state.pending[0].kind is DecisionKind.ORDER
    assert [e.result for e in final.events if e.kind == "roll"] == ["success"]
    assert RECORD_VERSION == 11 and upgraded.to_dict()["version"] == 11


def test_version_10_records_whose_cards_act_if_a_strike_hits_are_refused() -> None:
    """Version 10 ran "If the strike hits, spend the target" after the wounds (509.5 4b puts
    it right after the hit): a record holding such a card may not replay the same game."""
    record, _ = new_record_from_position(position_data("strike-hits.json"))
    old = record.to_dict()
    old["version"] = 10
    with pytest.raises(RecordError, match=r"Hamstring has an effect if its strike hits"):
        GameRecord.from_dict(old)
