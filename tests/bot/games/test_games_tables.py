"""Tables: create, invite, join, decks (itemised errors citing rules), start, many games."""

from __future__ import annotations

from pathlib import Path

import pytest
from games_fakes import USERS, service, started_game

from bot.games import (
    DeckRejectedError,
    NotSeatedError,
    Status,
    TableError,
    TableOptions,
    TimeoutPolicy,
    User,
)
from engine.record import RECORD_VERSION, RULES
from engine.state import Format

ANN, BO, CY = USERS[0], USERS[1], USERS[2]


def test_a_table_fills_takes_decks_and_starts_with_the_last_deck(tmp_path: Path) -> None:
    svc = service(tmp_path / "bot.db")
    options = TableOptions(
        seats=2, reminder_hours=12, timeout_policy=TimeoutPolicy.FORFEIT, timeout_hours=48
    )
    game = svc.create_game("g1", ANN, options, channel="c9")
    assert game.status is Status.OPEN and game.seats[0].user_id == ANN.id
    assert svc.join(game.id, BO).seats[1].user_id == BO.id
    first = svc.submit_deck(game.id, ANN, "saga-deverenian")
    assert first.started is None and first.game.seats[0].has_deck
    last = svc.submit_deck(game.id, BO, "saga-nothrog")
    assert last.started is not None and last.started.started
    info = last.started.game
    assert info.status is Status.RUNNING and info.options == options
    assert (info.rules_version, info.record_version) == (RULES, RECORD_VERSION)
    assert info.seed is None and info.seed_hash and len(info.seed_hash) == 64
    assert info.waiting_on == tuple(last.started.after.waiting_on())
    assert last.started.before is None and last.started.events


def test_seats_are_2_to_8(tmp_path: Path) -> None:
    svc = service(tmp_path / "bot.db")
    for seats in (1, 9):
        with pytest.raises(TableError, match="from 2 to 8"):
            svc.create_game("g1", ANN, TableOptions(seats=seats))
    assert len(svc.create_game("g1", ANN, TableOptions(seats=8)).seats) == 8


def test_an_invited_seat_is_kept_for_its_guest(tmp_path: Path) -> None:
    svc = service(tmp_path / "bot.db")
    game = svc.create_game("g1", ANN, TableOptions(seats=3))
    svc.invite(game.id, ANN, CY, seat=2)
    assert svc.join(game.id, BO).seats[1].user_id == BO.id
    with pytest.raises(TableError, match="no open seat"):
        svc.join(game.id, User("u9", "Zed"))
    assert svc.join(game.id, CY).seats[2].user_id == CY.id
    with pytest.raises(NotSeatedError, match="Only the host"):
        svc.invite(game.id, BO, User("u9"))


def test_leaving_frees_the_seat_before_the_start(tmp_path: Path) -> None:
    svc = service(tmp_path / "bot.db")
    game = svc.create_game("g1", ANN)
    svc.join(game.id, BO)
    assert svc.leave(game.id, BO).seats[1].user_id is None
    with pytest.raises(NotSeatedError):
        svc.submit_deck(game.id, BO, "saga-elven")


def test_unknown_cards_are_each_listed(tmp_path: Path) -> None:
    svc = service(tmp_path / "bot.db")
    game = svc.create_game("g1", ANN)
    with pytest.raises(DeckRejectedError) as caught:
        svc.submit_deck(game.id, ANN, "Starting Army:\n1 No Such Card\nCharacters\n2 Nor This\n")
    assert len(caught.value.problems) == 2
    assert "No Such Card" in str(caught.value) and "\n" not in str(caught.value)
    assert not svc.game(game.id).seats[0].has_deck


def test_an_illegal_deck_cites_the_rules_it_breaks(tmp_path: Path) -> None:
    svc = service(tmp_path / "bot.db")
    game = svc.create_game("g1", ANN)
    with pytest.raises(DeckRejectedError) as caught:
        svc.submit_deck(game.id, ANN, "Deck: Tiny\nStarting Army:\n1 Bough Archer\n")
    assert caught.value.problems and all("Rule " in p for p in caught.value.problems)
    assert str(caught.value).startswith("Tiny is not a legal saga deck")


def test_deck_rules_off_takes_a_small_deck(tmp_path: Path) -> None:
    svc = service(tmp_path / "bot.db")
    game = svc.create_game("g1", ANN, TableOptions(deck_rules=False))
    taken = svc.submit_deck(game.id, ANN, "Deck: Tiny\nStarting Army:\n1 Bough Archer\n")
    assert taken.deck_name == "Tiny" and taken.cards == 1


def test_a_player_lists_many_games_with_whom_each_waits_on(tmp_path: Path) -> None:
    svc = service(tmp_path / "bot.db")
    games = [started_game(svc).game.id for _ in range(3)]
    games.append(started_game(svc, guild="g2").game.id)
    listed = svc.games_for(BO.id)
    assert [g.id for g in listed] == games
    for info in listed:
        assert info.waiting_on and set(info.waiting_users) <= {ANN.id, BO.id}
    assert [g.id for g in svc.games_for(BO.id, guild="g2")] == games[-1:]
    assert not svc.games_for(CY.id)


def test_the_format_is_the_tables(tmp_path: Path) -> None:
    svc = service(tmp_path / "bot.db")
    game = svc.create_game("g1", ANN, TableOptions(format=Format.ALLIANCE))
    with pytest.raises(DeckRejectedError, match="not a legal alliance deck"):
        svc.submit_deck(game.id, ANN, "saga-elven")
