"""`warlord-judge game position FILE [--actions ...] [--as SEAT] [--json]` (bot/position_cli.py)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import main
from engine.position import load_position

POSITIONS = Path(__file__).parent / "positions"
PLANAR = str(POSITIONS / "planar-strike.json")
FALL = str(POSITIONS / "falling-forward.json")
# Bog Troll is card #6 and Astral Wayfarer #0 in planar-strike.json (ids in file order).
STRIKES = json.dumps(
    [
        {"type": "attack", "seat": 1, "character": 6},
        {"type": "choose", "seat": 1, "option": 0},
        {"type": "choose", "seat": 1, "option": 0},
    ]
)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["game", "position", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_position_without_actions_shows_the_board_and_what_the_game_waits_on(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, PLANAR)
    assert (code, err) == (0, "")
    assert "Astral Wayfarer #0" in out and "Bog Troll #6" in out
    assert out.rstrip().endswith("Waiting on seat 1: Give an Order or pass.")


def test_rule_602_5_position_with_actions_prints_each_action_and_its_events(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """602.5: an odd natural roll against a Planar character is a miss."""
    code, out, _ = run(capsys, PLANAR, "--actions", STRIKES)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Seat 1: Attack with Bog Troll (#6)"
    assert any("d20 19" in line and "Planar (602.5), miss" in line for line in lines)
    assert any("d20 20" in line and "critical success, hit" in line for line in lines)
    assert "Astral Wayfarer #0 L3 +3 AC12 1/2HP" in out


def test_position_json_gives_events_view_and_a_position_that_loads_again(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    actions = tmp_path / "actions.json"
    actions.write_text(STRIKES, encoding="utf-8")
    code, out, _ = run(capsys, PLANAR, "--actions", str(actions), "--json", "--as", "0")
    assert code == 0
    result = json.loads(out)
    assert [a["action"]["type"] for a in result["actions"]] == ["attack", "choose", "choose"]
    naturals = [
        e["roll"]["naturals"] for a in result["actions"] for e in a["events"] if "roll" in e
    ]
    assert naturals == [[19], [20]]
    assert result["waiting_on"] == [0]
    assert result["view"]["seat"] == 0 and "hand" in result["view"]["players"][0]
    saved = tmp_path / "after.json"
    saved.write_text(json.dumps(result["position"]), encoding="utf-8")
    code, out, _ = run(capsys, str(saved), "--json")
    assert code == 0 and json.loads(out)["position"] == result["position"]


def test_save_writes_a_position_that_loads_without_the_card_database(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saved = tmp_path / "saved.json"
    code, out, _ = run(capsys, PLANAR, "--actions", STRIKES, "--save", str(saved))
    assert code == 0
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert "astral-wayfarer" in data["cards"]
    state = load_position(data, cards={})
    assert state.units[0].wounds == 1
    board = out[out.index("Turn 3, order phase") :]
    assert run(capsys, str(saved))[1] == board  # the same board, read back from the file


def test_rule_401_6_3_falling_forward_through_the_command_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """401.6.3: "Spent characters that fall forward become stunned then move forward one rank." """
    actions = [
        {"type": "attack", "seat": 1, "character": 7},
        {"type": "choose", "seat": 1, "option": 0},
        {"type": "choose", "seat": 0, "option": 2},
        {"type": "choose", "seat": 0, "option": 0},
    ]
    code, out, _ = run(capsys, FALL, "--actions", json.dumps(actions), "--as", "0")
    assert code == 0
    assert "Pikeman of the Ninth falls forward from rank 2 to rank 1 (stunned)." in out
    assert "rank 1: Pikeman of the Ninth #2 L2 +3 AC12 1/1HP STUNNED" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["missing.json"], "error: Cannot read position file missing.json"),
        ([PLANAR, "--actions", "[{"], "error: --actions is not valid JSON"),
        ([PLANAR, "--actions", '[{"type": "fly", "seat": 1}]'], "error: actions[0]: Unknown"),
        (
            [PLANAR, "--actions", '{"type": "attack", "seat": 0, "character": 0}'],
            "error: actions[0] (attack): The game is not waiting on seat 0",
        ),
        ([PLANAR, "--as", "5"], "error: There is no seat 5 in this position."),
    ],
)
def test_position_errors_exit_1_with_one_sentence(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert (code, out) == (1, "")
    assert err.startswith(message) and err.count("\n") == 1


def test_a_bad_position_file_names_the_place_in_the_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = json.loads(Path(PLANAR).read_text(encoding="utf-8"))
    data["seats"][1]["ranks"][0][1] = "Foo"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = run(capsys, str(bad))
    assert code == 1
    assert err == "error: seats[1].ranks[0][1]: unknown card 'Foo'.\n"


def test_game_position_runs_as_a_program() -> None:
    """End to end in a fresh interpreter, as a judge runs it."""
    done = subprocess.run(
        [sys.executable, "-m", "bot.cli", "game", "position", PLANAR, "--actions", STRIKES],
        capture_output=True,
        text=True,
        check=False,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert done.returncode == 0, done.stderr
    assert "odd roll against Planar (602.5), miss" in done.stdout
