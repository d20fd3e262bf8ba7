"""Players' undo and a judge's adjustment from the console (issue 7: "Undo for players",
"apply a logged adjustment")."""

from __future__ import annotations

from bot.commands import Judge
from tests.bot.test_console_games import new_console, open_table, service


def test_a_player_takes_back_a_move_that_rolled_no_die(judge: Judge) -> None:
    c = new_console(judge)
    open_table(c, ["ann", "bo"], ["saga-elven", "saga-nothrog"])
    first = service(c).game(1).waiting_users[0]
    before = service(c).game(1).version
    c.block(f"as {first} /pass")
    text = c.block(f"as {first} /undo")
    assert "took back" in text
    assert service(c).game(1).waiting_users[0] == first
    assert service(c).game(1).version > before  # the undo is logged, not erased


def test_undo_past_another_players_move_waits_for_their_consent(judge: Judge) -> None:
    c = new_console(judge)
    open_table(c, ["ann", "bo"], ["saga-elven", "saga-nothrog"])
    first, second = (service(c).game(1).waiting_users[0], None)
    c.block(f"as {first} /pass")
    second = service(c).game(1).waiting_users[0]
    c.block(f"as {second} /pass")
    asked = c.block(f"as {first} /undo 0")
    assert "must type /undo 0 game:1 to agree" in asked
    assert "agreed" in c.block(f"as {second} /undo 0")
    assert service(c).game(1).waiting_users == (first,)


def test_a_judge_adjusts_for_a_seat_and_bad_json_is_one_sentence(judge: Judge) -> None:
    c = new_console(judge)
    open_table(c, ["ann", "bo"], ["saga-elven", "saga-nothrog"])
    c.block("as ann /judge add zed")
    seat = service(c).state(1)[0].waiting_on()[0]
    bad = c.block("as zed /judge adjust 1 nonsense")
    assert "must be JSON" in bad
    refused = c.block("as bo /judge adjust 1 {}")
    assert "error" in refused
    version = service(c).game(1).version
    done = c.block(f'as zed /judge adjust 1 {{"type": "pass", "seat": {seat}}}')
    assert "error" not in done, done
    assert service(c).game(1).version == version + 1
    assert any("zed" in line for line in c.block("as zed /judge log 1").splitlines())
