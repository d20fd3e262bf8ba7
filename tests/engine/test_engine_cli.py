"""`warlord-judge game simulate | replay | play` (bot/game_cli.py)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from bot import game_cli
from bot.cli import main
from engine import GameConfig, GameRecord, replay
from engine.cards.sample import sample_catalog, sample_decks
from engine.record import new_record

SHARED = Path(__file__).resolve().parents[2] / ".." / "shared"
COMMUNITY = SHARED / "cards" / "accordlands-cards-2020.json"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_simulate_prints_the_summary_and_the_same_seed_gives_the_same_digest(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = run(
        capsys, "game", "simulate", "--games", "3", "--seed", "7", "--json", "--save", str(tmp_path)
    )
    assert code == 0
    summary = json.loads(out)
    for key in ("games", "finished", "capped", "errors", "actions", "seconds", "digest"):
        assert key in summary
    assert summary["games"] == 3 and summary["errors"] == 0
    assert [set(r) >= {"seed", "winner", "turns", "actions"} for r in summary["results"]]
    _, again, _ = run(capsys, "game", "simulate", "--games", "3", "--seed", "7", "--json")
    assert json.loads(again)["digest"] == summary["digest"]
    _, other, _ = run(capsys, "game", "simulate", "--games", "3", "--seed", "8", "--json")
    assert json.loads(other)["digest"] != summary["digest"]
    saved = sorted(tmp_path.glob("*.json"))
    assert len(saved) == 3
    record = GameRecord.from_json(saved[0].read_text(encoding="utf-8"))
    assert replay(record).state.winner == summary["results"][0]["winner"]


def test_replay_prints_the_final_state_and_a_seat_view(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    run(capsys, "game", "simulate", "--games", "1", "--seed", "3", "--save", str(tmp_path))
    path = next(tmp_path.glob("*.json"))
    code, out, _ = run(capsys, "game", "replay", str(path), "--as", "1", "--json")
    shown = json.loads(out)
    assert code == 0 and "winner" in shown and "turn" in shown and shown["seat"] == 1
    code, out, _ = run(capsys, "game", "replay", str(path))
    assert code == 0 and "Turn" in out


def test_replay_of_a_missing_or_broken_file_is_a_one_line_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = run(capsys, "game", "replay", str(tmp_path / "none.json"))
    assert code == 2 and err.startswith("error: Cannot read")
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    code, _, err = run(capsys, "game", "replay", str(broken))
    assert code == 2 and "not valid JSON" in err and "Traceback" not in err


def test_play_reads_piped_input_and_stops_cleanly_at_end_of_input() -> None:
    decks = sample_decks()
    record, state = new_record(
        GameConfig(), [decks["saga-elven"], decks["saga-dwarven"]], 2, sample_catalog()
    )
    out = io.StringIO()
    record = game_cli.play_loop(state, record, io.StringIO("1\n1\nzz\n99\n1\n"), out)
    text = out.getvalue()
    assert "End of input: stopping." in text and "Please type a number" in text
    assert len(record.actions) == 3
    assert replay(record).state.actions_applied == 3


def test_play_command_with_eof_exits_zero(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n"))
    path = tmp_path / "game.json"
    code, out, _ = run(capsys, "game", "play", "--seed", "4", "--save", str(path))
    assert code == 0 and "End of input" in out
    assert len(GameRecord.from_json(path.read_text(encoding="utf-8")).actions) == 1


def test_simulate_rejects_bad_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "game", "simulate", "--games", "-1")
    assert code == 2 and err.startswith("error:")
    code, _, err = run(capsys, "game", "simulate", "--seats", "1")
    assert code == 2 and "--seats" in err


@pytest.mark.parametrize(("seats", "fmt"), [(3, "saga"), (4, "saga"), (3, "alliance")])
def test_rule_800_and_801_5_simulate_multiplayer_and_alliance_games(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, seats: int, fmt: str
) -> None:
    """800.2: "the game will not end when a single player has left the game, but rather when
    only one player remains"; 801.5: Alliance armies have two Warlords. Games finish and their
    records replay."""
    argv = ["game", "simulate", "--games", "1", "--seed", "2", "--seats", str(seats)]
    code, out, _ = run(capsys, *argv, "--format", fmt, "--json", "--save", str(tmp_path))
    summary = json.loads(out)
    assert code == 0 and summary["errors"] == 0 and summary["finished"] == 1
    assert summary["seats"] == seats and summary["format"] == fmt
    record = GameRecord.from_json(next(tmp_path.glob("*.json")).read_text(encoding="utf-8"))
    assert record.config.seats == seats and record.config.format.value == fmt
    final = replay(record).state
    assert final.winner == summary["results"][0]["winner"]
    assert sum(not p.eliminated for p in final.players) == 1


@pytest.mark.skipif(not COMMUNITY.exists(), reason="the community card file is not present")
def test_simulate_with_community_decks_has_no_errors(capsys: pytest.CaptureFixture[str]) -> None:
    """Starting armies and decks drawn from the community file play to the end (abilities
    manual)."""
    code, out, _ = run(
        capsys,
        "game",
        "simulate",
        "--games",
        "4",
        "--seed",
        "7",
        "--cards",
        str(COMMUNITY),
        "--json",
    )
    summary = json.loads(out)
    assert summary["errors"] == 0, summary["error_messages"]
    assert summary["finished"] >= 3
    assert code == 0


def test_simulate_with_an_unreadable_card_file_is_a_one_line_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = run(capsys, "game", "simulate", "--cards", str(tmp_path / "none.json"))
    assert code == 2 and err.startswith("error: Cannot read") and "Traceback" not in err
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2", encoding="utf-8")
    code, _, err = run(capsys, "game", "simulate", "--cards", str(bad))
    assert code == 2 and "not valid JSON" in err
