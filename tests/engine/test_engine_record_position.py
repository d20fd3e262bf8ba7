"""Game records that start from a position file instead of a shuffle (docs/record-format.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import legal_actions
from engine.errors import RecordError
from engine.record import GameRecord, new_record_from_position, replay

POSITIONS = Path(__file__).parent / "positions"


def _position(name: str) -> dict[str, object]:
    return json.loads((POSITIONS / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", ["falling-forward.json", "planar-strike.json"])
def test_a_record_from_a_position_replays_to_the_same_state(name: str) -> None:
    record, state = new_record_from_position(_position(name))
    for _ in range(6):
        if state.is_over or not state.waiting_on():
            break
        seat = state.waiting_on()[0]
        action = legal_actions(state, seat)[-1]
        record = record.with_action(action)
        state = replay(record).state
    back = GameRecord.from_json(record.to_json())
    assert back.position == record.position
    assert back.decks == ()
    assert replay(back).state == state
    assert replay(back, upto=0).state == record.start()


def test_a_record_keeps_the_position_as_read_not_the_names_typed() -> None:
    record, _ = new_record_from_position(_position("falling-forward.json"))
    assert record.to_dict()["position"]["position_version"] == 1
    assert "cards" not in record.to_dict()["position"]  # the record's own cards hold them


def test_a_bad_position_in_a_record_is_one_sentence() -> None:
    record, _ = new_record_from_position(_position("falling-forward.json"))
    data = record.to_dict()
    data["position"]["seats"] = "nonsense"
    with pytest.raises(RecordError, match="'position' field is bad"):
        GameRecord.from_dict(data)


def test_a_position_record_needs_its_cards() -> None:
    record, _ = new_record_from_position(_position("falling-forward.json"))
    data = record.to_dict()
    del data["cards"]
    with pytest.raises(RecordError, match="no 'cards' field"):
        GameRecord.from_dict(data)
