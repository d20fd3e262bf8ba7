"""`warlord-judge game play` as a front end of the game service (issue 7): saved after every
move, resumed with --resume, `q` asks, Ctrl-C loses nothing, an unwritable --save is refused
before play, deck files, hidden hands, and no typed line ends in a traceback."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot import game_cli
from bot.cli import main
from bot.commands.hotseat import HotSeat
from bot.db import open_database
from bot.games import GameService
from engine import GameRecord
from engine.cards.decklist import format_decklist
from engine.cards.model import Deck
from engine.cards.sample import sample_catalog, sample_decks
from engine.state import Format


def play(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, stdin: str, *argv: str
) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(["game", "play", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def log_length(game_id: int = 1) -> int:
    return len(GameService.open().store.log(game_id))


def test_every_move_is_saved_and_the_game_resumes(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    code, out, _ = play(capsys, monkeypatch, "1\n1\nq\ny\n")
    assert code == 0 and "Leave the game? (y/n): y" in out
    assert "go on with `game play --resume 1`" in out
    assert log_length() == 2
    path = tmp_path / "game.json"
    code, out, _ = play(capsys, monkeypatch, "1\n", "--resume", "1", "--save", str(path))
    assert code == 0 and "End of input" in out
    assert log_length() == 3
    assert len(GameRecord.from_json(path.read_text(encoding="utf-8")).actions) == 3


def test_q_asks_before_leaving(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = play(capsys, monkeypatch, "q\nn\n1\nq\nyes\n")
    assert code == 0 and out.count("Leave the game?") == 2
    assert log_length() == 1


def test_resume_of_an_unknown_game_names_the_ones_there_are(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    play(capsys, monkeypatch, "q\ny\n")
    code, _, err = play(capsys, monkeypatch, "", "--resume", "7")
    assert code == 1 and err == "error: There is no running hot-seat game 7; games to resume: 1.\n"


class Interrupting(io.StringIO):
    """Input whose reading is interrupted (Ctrl-C) after `lines` lines."""

    def __init__(self, lines: int) -> None:
        super().__init__("1\n" * lines)
        self.left = lines

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        if self.left == 0:
            raise KeyboardInterrupt
        self.left -= 1
        return super().readline()


def test_ctrl_c_loses_no_move(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", Interrupting(3))
    assert main(["game", "play"]) == 0
    out = capsys.readouterr().out
    assert "Interrupted." in out and "--resume 1" in out
    assert log_length() == 3


def test_an_unwritable_save_path_is_refused_before_play(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    for bad in (tmp_path, tmp_path / "missing" / "game.json"):
        code, out, err = play(capsys, monkeypatch, "1\n", "--save", str(bad))
        assert code == 1 and err.startswith("error: ") and out == ""
    assert not GameService.open().store.game_ids()


def test_players_bring_their_own_deck_files(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    decks, catalog = sample_decks(), sample_catalog()
    path = tmp_path / "mine.txt"
    path.write_text(format_decklist(decks["saga-elven"], catalog), encoding="utf-8")
    code, _, err = play(capsys, monkeypatch, "", "--decks", str(path), "saga-nothrog")
    assert code == 0, err
    seats = GameService.open().game(1).seats
    assert seats[1].deck_name == "saga-nothrog" and seats[0].has_deck
    broken = tmp_path / "broken.txt"
    broken.write_text("3 No Such Card\n", encoding="utf-8")
    code, _, err = play(capsys, monkeypatch, "", "--decks", str(broken), "saga-nothrog")
    assert code == 1 and err.startswith("error: ") and "Traceback" not in err
    assert "  - " in err and "No Such Card" in err.split("  - ")[1]  # the problem, listed


def test_hidden_hands_wait_for_enter(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = play(capsys, monkeypatch, "\n1\n\nq\ny\n", "--hide")
    assert code == 0
    first = out.index("press Enter to see your hand")
    assert "  hand: " not in out[:first]  # no hand is shown before Enter
    assert "  hand: " in out[first:]
    assert out.count("pass the keyboard") >= 2


@pytest.fixture(scope="module")
def hosted(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[HotSeat, int]]:
    service = GameService(open_database(tmp_path_factory.mktemp("db") / "bot.db"))
    table = HotSeat(service)
    yield table, table.create(Format.SAGA, ["saga-deverenian", "saga-nothrog"])


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(line=st.one_of(st.text(max_size=50), st.text(alphabet="0123456789²³٣", max_size=6000)))
def test_no_typed_line_ends_in_a_traceback(hosted: tuple[HotSeat, int], line: str) -> None:
    """Whatever is typed at the prompt (then the end of input), the screen answers and the
    game's log only grows by a move the menu offered."""
    table, game_id = hosted
    before = len(table.service.store.log(game_id))
    out = io.StringIO()
    text = line.replace("\n", " ").replace("\r", " ")
    assert game_cli.play_hosted(table, game_id, io.StringIO(text + "\n"), out) == 0
    after = len(table.service.store.log(game_id))
    assert after - before == (1 if game_cli.menu_number(text, 10**6) else 0) or after == before
    assert "Traceback" not in out.getvalue()


def test_a_fixed_seed_plays_the_same_dice_and_the_record_says_it_is_no_secret(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """`--seed N` fixes the dice of a local game: two games with one seed roll alike, and
    the record marks the seed as chosen at the table (its hash proves nothing)."""
    records = []
    for name in ("a.json", "b.json", "c.json"):
        seed = "4" if name != "c.json" else "5"
        path = tmp_path / name
        code, _, err = play(capsys, monkeypatch, "1\n", "--seed", seed, "--save", str(path))
        assert code == 0, err
        records.append(GameRecord.from_json(path.read_text(encoding="utf-8")))
    assert records[0].seed == records[1].seed == 4 and records[2].seed == 5
    assert records[0].meta["seed_fixed"] is True
    code, _, err = play(capsys, monkeypatch, "", "--seed", "-1")
    assert code == 1 and "seed" in err and "Traceback" not in err


def test_without_a_seed_the_dice_are_secret() -> None:
    from bot.games import TableOptions

    table = HotSeat(GameService(open_database(":memory:")))
    ids = [table.create(Format.SAGA, ["saga-elven", "saga-nothrog"]) for _ in range(2)]
    records = [GameRecord.from_json(table.record(i)) for i in ids]
    assert records[0].seed != records[1].seed and "seed_fixed" not in records[0].meta
    assert TableOptions.from_json(TableOptions(seed=7).to_json()).seed == 7


def test_a_limited_hot_seat_game_checks_each_deck_against_its_pool(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """801.6.4: with --pools each deck may hold only its pool's cards and basic cards."""
    catalog = sample_catalog()
    deck = sample_decks()["limited-elven"]
    lance = next(c.id for c in catalog.cards if c.name == "Ember Lance")
    cards = list(deck.all_cards)
    cards.remove(lance)
    small = tmp_path / "pool.txt"
    small.write_text(format_decklist(Deck("pool", (), tuple(cards)), catalog), encoding="utf-8")
    args = ("--format", "limited", "--pools")
    code, _, err = play(capsys, monkeypatch, "", *args, "limited-elven", "limited-elven")
    assert code == 0, err
    code, _, err = play(capsys, monkeypatch, "", *args, str(small), "limited-elven")
    assert code == 1 and "  - Rule 801.6.4: the deck uses 1 copy of Ember Lance" in err, err
    code, _, err = play(capsys, monkeypatch, "", "--pools", "limited-elven", "limited-elven")
    assert code == 1 and "Card pools are for Limited games" in err
