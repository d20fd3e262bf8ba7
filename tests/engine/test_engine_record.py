"""Records and replay, typed errors, and views."""

from __future__ import annotations

import json

import pytest
from engine_factories import instance_of, to_order, two_player_game

from engine import (
    Attack,
    Choose,
    GameConfig,
    GameRecord,
    IllegalActionError,
    InvalidActionError,
    NotYourTurnError,
    PlayCharacter,
    RecordError,
    apply,
    check,
    events_for,
    replay,
    view,
)
from engine.actions import action_from_dict
from engine.cards.sample import sample_catalog, sample_decks
from engine.playout import random_playout
from engine.record import RECORD_VERSION
from engine.view import hidden_from


@pytest.fixture(scope="module")
def sample_game():  # type: ignore[no-untyped-def]
    decks = sample_decks()
    return random_playout(
        GameConfig(), [decks["saga-elven"], decks["saga-nothrog"]], 11, sample_catalog()
    )


def test_record_round_trips_through_json_and_replays_identically(sample_game) -> None:  # type: ignore[no-untyped-def]
    """A game is its record: the JSON replays to the identical position and events."""
    text = sample_game.record.to_json(sample_game.state)
    data = json.loads(text)
    assert data["format"] == "warlord-judge/game-record" and data["version"] == RECORD_VERSION == 10
    assert data["result"]["winner"] == sample_game.state.winner
    again = GameRecord.from_json(text)
    first, second = replay(again), replay(again)
    assert first.state == sample_game.state == second.state
    assert first.events == second.events


def test_record_embeds_the_card_definitions_it_uses(sample_game) -> None:  # type: ignore[no-untyped-def]
    """Records replay without the card database: every card used is embedded."""
    data = json.loads(sample_game.record.to_json())
    used = {c for d in data["decks"] for c in d["starting_army"] + d["cards"]}
    assert used == set(data["cards"])


def test_record_lists_one_action_per_line(sample_game) -> None:  # type: ignore[no-untyped-def]
    text = sample_game.record.to_json()
    lines = [line for line in text.splitlines() if line.startswith('  {"type"')]
    assert len(lines) == len(sample_game.record.actions)


def test_unreadable_records_give_a_clear_error() -> None:
    with pytest.raises(RecordError, match="not a Warlord Judge game record"):
        GameRecord.from_json("{}")
    with pytest.raises(RecordError, match="not valid JSON"):
        GameRecord.from_json("{")
    with pytest.raises(RecordError, match="version"):
        GameRecord.from_json('{"format": "warlord-judge/game-record", "version": 99}')
    with pytest.raises(RecordError, match=r"older engine.*401\.7"):
        GameRecord.from_json('{"format": "warlord-judge/game-record", "version": 1}')


def test_replay_reports_an_illegal_recorded_action(sample_game) -> None:  # type: ignore[no-untyped-def]
    data = json.loads(sample_game.record.to_json())
    data["actions"][0] = {"type": "choose", "seat": 0, "option": 9999}
    with pytest.raises(RecordError, match="Action 1"):
        replay(GameRecord.from_dict(data))


def test_invalid_action_is_malformed_input() -> None:
    """Malformed input raises InvalidActionError, distinct from illegal moves."""
    state, _ = two_player_game()
    with pytest.raises(InvalidActionError):
        check(state, "pass")
    with pytest.raises(InvalidActionError):
        action_from_dict({"type": "fly", "seat": 0})
    with pytest.raises(InvalidActionError):
        action_from_dict({"type": "attack", "seat": 0})
    with pytest.raises(InvalidActionError):
        check(to_order(state, 0), Attack(0, 10_000))


def test_illegal_action_raises_and_changes_nothing() -> None:
    """check/apply raise IllegalActionError citing the rule; the state is untouched."""
    state, _ = two_player_game()
    state = to_order(state, 0)
    front = state.players[0].ranks[0][0]
    before = state
    with pytest.raises(IllegalActionError, match=r"^Rule \d"):
        apply(state, Attack(0, state.players[0].ranks[1][0]))
    with pytest.raises(NotYourTurnError):
        apply(state, Choose(0, front))
    assert state == before


def test_view_hides_other_hands_and_every_deck() -> None:
    """404.2: your hand is hidden from your opponents; deck order is hidden from all."""
    from engine_factories import character

    state, _ = two_player_game([character("secret", 1)], [character("other-secret", 1)])
    mine = view(state, 0)
    text = json.dumps(mine)
    assert "Secret" in text and "Other Secret" not in text
    assert mine["players"][1]["hand_count"] == 1 and "hand" not in mine["players"][1]
    assert "hand" not in view(state, None)["players"][0]


def test_view_marks_card_text_as_manual() -> None:
    """Abilities the engine cannot run are shown with their text and marked manual."""
    from engine_factories import character

    state, _ = two_player_game([character("talker", 1, text="Order: Draw a card.")])
    state = apply(to_order(state, 0), PlayCharacter(0, instance_of(state, "talker"))).state
    while state.pending and state.pending[0].kind.value == "position":
        state = apply(state, Choose(0, 0)).state
    shown = [u for row in view(state, 1)["players"][0]["ranks"] for u in row]
    talker = next(u for u in shown if u["name"] == "Talker")
    assert talker["manual"] and talker["text"] == "Order: Draw a card."


def test_events_for_hides_what_others_drew() -> None:
    from engine.events import CardDrawn

    events = [CardDrawn(seat=0, card=5, name="Secret")]
    assert events_for(events, 1) == [{"kind": "card_drawn", "seat": 0}]
    assert events_for(events, 0)[0]["name"] == "Secret"


def test_hidden_from_lists_decks_and_other_hands() -> None:
    state, _ = two_player_game()
    assert hidden_from(state, 0) >= set(state.players[1].hand)
