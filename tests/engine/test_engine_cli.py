"""`warlord-judge game simulate | replay | play` (bot/game_cli.py)."""

from __future__ import annotations

import dataclasses
import io
import json
import re
import typing
from pathlib import Path
from typing import Any

import pytest

from bot import game_cli, game_text
from bot.cli import main
from engine import EVENT_TYPES, GameConfig, GameRecord, Pass, replay
from engine.cards.sample import sample_catalog, sample_decks, sample_decks_for
from engine.cards.validation import validate_deck
from engine.events import DieRoll, Rolled, WoundsInflicted
from engine.record import new_record
from engine.state import Format

SHARED = Path(__file__).resolve().parents[2] / ".." / "shared"
COMMUNITY = SHARED / "cards" / "accordlands-cards-2020.json"


@pytest.fixture(autouse=True)
def _data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`game play` saves its games in the bot database: one in a fresh data folder per test."""
    monkeypatch.setenv("WARLORD_JUDGE_HOME", str(tmp_path / "home"))


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
    assert code == 1 and err.startswith("error: Cannot read")
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    code, _, err = run(capsys, "game", "replay", str(broken))
    assert code == 1 and "not valid JSON" in err and "Traceback" not in err


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
    assert code == 1 and err.startswith("error:")
    code, _, err = run(capsys, "game", "simulate", "--seats", "1")
    assert code == 1 and "--seats" in err


@pytest.mark.parametrize(("seats", "fmt"), [(3, "saga"), (4, "saga"), (3, "alliance")])
def test_rule_800_and_801_5_simulate_multiplayer_and_alliance_games(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, seats: int, fmt: str
) -> None:
    """800.2: "the game will not end when a single player has left the game, but rather when
    only one player remains"; 801.5: Alliance armies have two Warlords. Games finish and their
    records replay."""
    argv = ["game", "simulate", "--games", "1", "--seed", "3", "--seats", str(seats)]
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
    assert code == 1 and err.startswith("error: There is no card file") and "Traceback" not in err
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2", encoding="utf-8")
    code, _, err = run(capsys, "game", "simulate", "--cards", str(bad))
    assert code == 1 and "not valid JSON" in err


@pytest.mark.parametrize("fmt", [f.value for f in Format])
def test_rule_801_simulate_every_listed_format_without_cards(
    capsys: pytest.CaptureFixture[str], fmt: str
) -> None:
    """801.8: Ancients "is a non-rotating format that follows all of the regular rules": the
    Saga sample decks are legal Ancients decks, so every `--format` choice plays without
    --cards."""
    code, out, err = run(capsys, "game", "simulate", "--games", "1", "--format", fmt, "--json")
    assert code == 0, err
    summary = json.loads(out)
    assert summary["format"] == fmt and summary["errors"] == 0 and summary["finished"] == 1


def test_rule_801_8_ancients_uses_the_sample_decks_that_validate() -> None:
    """801.8: Ancients follows all of the regular rules; the decks used validate as Ancients."""
    decks = sample_decks_for(Format.ANCIENTS)
    assert sorted(decks) == ["saga-deverenian", "saga-dwarven", "saga-elven", "saga-nothrog"]
    assert all(not validate_deck(d, sample_catalog(), Format.ANCIENTS) for d in decks.values())


def test_play_names_the_unknown_deck_with_a_close_match(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run(capsys, "game", "play", "--decks", "saga-elven", "nope")
    assert code == 1
    assert err.startswith("error: 'nope' is not a sample deck; known decks: saga-deverenian,")
    assert "at least two" not in err and "Did you mean" not in err
    code, _, err = run(capsys, "game", "play", "--decks", "saga-elvn", "nope")
    assert "'saga-elvn' and 'nope' are not sample decks" in err
    assert "Did you mean 'saga-elven' for 'saga-elvn'?" in err
    code, _, err = run(capsys, "game", "play", "--decks", "saga-elven")
    assert code == 1 and "one sample deck per seat" in err
    code, _, err = run(
        capsys, "game", "play", "--decks", "saga-elven", "saga-dwarven", "--seats", "3"
    )
    assert code == 1 and "--seats 3 needs 3 decks, but 2 are named" in err


@pytest.mark.parametrize(
    ("argv", "fmt", "decks"),
    [
        ([], Format.SAGA, ["saga-deverenian", "saga-nothrog"]),
        (["--decks", "alliance-dawn", "alliance-dusk"], Format.ALLIANCE, None),
        (["--format", "alliance"], Format.ALLIANCE, ["alliance-dawn", "alliance-dusk"]),
        (["--format", "alliance", "--seats", "3"], Format.ALLIANCE, None),
        (["--format", "ancients", "--decks", "saga-elven", "saga-dwarven"], Format.ANCIENTS, None),
        (["--format", "limited"], Format.LIMITED, ["limited-elven", "limited-elven"]),
        (["--seats", "4"], Format.SAGA, None),
    ],
)
def test_rule_801_play_takes_format_and_seats_like_simulate(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    argv: list[str],
    fmt: Format,
    decks: list[str] | None,
) -> None:
    """801.5: an Alliance army has two Warlords; `play --format alliance` plays the Alliance
    sample decks (once refused with "needs 1 Warlord(s), not 2")."""
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    path = tmp_path / "game.json"
    code, _, err = run(capsys, "game", "play", *argv, "--save", str(path))
    assert code == 0, err
    record = GameRecord.from_json(path.read_text(encoding="utf-8"))
    assert record.config.format is fmt
    seats = argv[argv.index("--seats") + 1] if "--seats" in argv else "2"
    assert record.config.seats == int(seats) == len(record.decks)
    if decks is not None:
        assert [d.name for d in record.decks] == decks


def test_play_with_decks_of_another_format_says_which_format_to_add(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run(
        capsys, "game", "play", "--decks", "saga-elven", "saga-dwarven", "--format", "alliance"
    )
    assert code == 1
    assert "is not a legal alliance deck" in err and "Add --format saga" in err


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda d: d.pop("cards"), "The record has no 'cards' field."),
        (lambda d: (d.pop("seed"), d.pop("actions")), "missing the fields 'seed' and 'actions'"),
        (lambda d: d["decks"][1].pop("name"), "Deck 2 of the record has no 'name' field."),
        (lambda d: d.__setitem__("seed", "x"), "The record's 'seed' field is bad"),
        (lambda d: d.__setitem__("decks", {}), "The record's 'decks' field is not a list."),
    ],
)
def test_replay_of_a_record_missing_a_field_names_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, damage: Any, message: str
) -> None:
    decks = sample_decks()
    record, _ = new_record(
        GameConfig(), [decks["saga-elven"], decks["saga-dwarven"]], 2, sample_catalog()
    )
    data = json.loads(record.to_json())
    damage(data)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = run(capsys, "game", "replay", str(path))
    assert code == 1 and message in err
    assert "malformed: '" not in err and "Traceback" not in err


def test_engine_doc_lists_every_simulate_field_and_has_figures(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """docs/engine.md keeps up with `simulate --json` and gives the figures it refers to."""
    doc = (Path(__file__).resolve().parents[2] / "docs" / "engine.md").read_text(encoding="utf-8")
    _, out, _ = run(capsys, "game", "simulate", "--games", "1", "--json")
    summary = json.loads(out)
    for key in [*summary, *summary["results"][0]]:
        assert f"`{key}`" in doc, key
    figures = doc.split("## Figures", 1)[1]
    assert "`game simulate --games 200 --seed 7`" in figures and "6a4f6da3ea08b14a" in figures


def _attacking_inputs(state: Any, count: int) -> str:
    """Menu numbers for `count` prompts of a player who attacks whenever it can, strikes the
    first target, keeps its hand and otherwise passes (so the transcript has strikes)."""
    from engine import apply, legal_actions

    picks = []
    for _ in range(count):
        if state.is_over:
            break
        seat = state.pending[0].seat
        options, _ = game_text.menu(state, legal_actions(state, seat))
        labels = [game_text.describe(state, o) for o in options]
        wanted = next(
            (i for i, text in enumerate(labels) if text.startswith(("Attack", "Strike"))),
            next((i for i, text in enumerate(labels) if text.startswith("Done")), 0),
        )
        picks.append(str(wanted + 1))
        state = apply(state, options[wanted]).state
    return "\n".join(picks) + "\n"


def test_play_transcript_prints_readable_strikes_and_the_board_only_when_the_moment_changes() -> (
    None
):
    """A piped game: every event starts its own line, strikes read as dice arithmetic against
    AC, and the board is shown far less often than the prompts."""
    decks = sample_decks()
    record, state = new_record(
        GameConfig(), [decks["saga-deverenian"], decks["saga-nothrog"]], 4, sample_catalog()
    )
    inputs = _attacking_inputs(state, 60)
    out = io.StringIO()
    record = game_cli.play_loop(state, record, io.StringIO(inputs), out)
    text = out.getvalue()
    lines = text.splitlines()
    prompts = [line for line in lines if ", choose 1-" in line]
    boards = [line for line in lines if line.startswith("Turn ")]
    strikes = [line for line in lines if re.search(r" (strikes|shoots at) .+: ", line)]
    assert len(prompts) == 61 and len(record.actions) == 60  # the last prompt meets EOF
    assert len(boards) < len(prompts), "same seat, same phase: no board (e.g. strike targets)"
    assert strikes, text
    pattern = (
        r"^  > .+ strikes .+: (d20 \d+|rolled \d+ and \d+ \((dis)?advantage\), keeps \d+)"
        r"( [+-] \d+( \(.+\))?)+ = \d+ vs AC \d+: .*(hit|miss)"
    )
    assert all(re.match(pattern, line) for line in strikes), strikes
    assert all(re.search(r": \d+$", line) for line in prompts[:-1]), "piped answers echoed"
    assert text.endswith("quit): \nEnd of input: stopping.\n")
    assert all(" > " not in line for line in prompts), "no event on a prompt line"
    assert "rolls [" not in text and "(none)" not in text
    assert "b board, h help, q quit" in prompts[0]
    assert re.search(r"rolls initiative: d20 \d+ \+ 0 = \d+", text)


def test_play_prints_the_board_when_the_turn_phase_or_seat_changes_not_at_every_prompt() -> None:
    """The newcomer's game (always the first choice: pass, or discard in the draw phase) once
    printed the board at each of 80 prompts, about 2,100 lines; now far fewer."""
    decks = sample_decks()
    record, state = new_record(
        GameConfig(), [decks["saga-deverenian"], decks["saga-nothrog"]], 4, sample_catalog()
    )
    out = io.StringIO()
    game_cli.play_loop(state, record, io.StringIO("1\n" * 80), out)
    lines = out.getvalue().splitlines()
    prompts = [line for line in lines if ", choose 1-" in line]
    boards = [line for line in lines if line.startswith("Turn ")]
    assert len(prompts) == 81
    assert len(boards) * 2 < len(prompts) and len(lines) < 80 * 20, (len(boards), len(lines))
    assert lines[0] == game_text.HINT


def test_play_b_shows_the_board_h_shows_help_and_q_quits() -> None:
    decks = sample_decks()
    record, state = new_record(
        GameConfig(), [decks["saga-elven"], decks["saga-dwarven"]], 2, sample_catalog()
    )
    out = io.StringIO()
    record = game_cli.play_loop(state, record, io.StringIO("1\nb\nh\n?\nq\ny\n1\n"), out)
    text = out.getvalue()
    assert len(record.actions) == 1 and "End of input" not in text
    assert text.count("How to play:") == 2
    after_first = text.split("choose", 1)[1]
    assert after_first.count("\nTurn ") == 2, "board again after the seat changes and after b"


@pytest.mark.parametrize(
    ("roll", "extra", "expected"),
    [
        (
            {"naturals": [6, 15], "kept": 15, "advantage": "advantage", "total": 20},
            {"modifiers": [["printed strike 1", 3], ["Legionary Gladius", 2]]},
            "Grunt Raider strikes Legion Shieldbearer: rolled 6 and 15 (advantage), keeps 15"
            " + 3 + 2 (Legionary Gladius) = 20 vs AC 12: hit (1 wound; 0 of 1 HP left)",
        ),
        (
            {"naturals": [20], "kept": 20, "advantage": "none", "total": 23},
            {"outcome": "critical success"},
            "Grunt Raider strikes Legion Shieldbearer: d20 20 + 3 = 23 vs AC 12:"
            " natural 20: critical success, hit (1 wound; 0 of 1 HP left)",
        ),
        (
            {"naturals": [7, 3], "kept": 3, "advantage": "disadvantage", "total": 6},
            {"outcome": "miss (odd roll against Planar, 602.5)", "result": "miss"},
            "Grunt Raider strikes Legion Shieldbearer: rolled 7 and 3 (disadvantage), keeps 3"
            " + 3 = 6 vs AC 12: odd roll against Planar (602.5), miss",
        ),
    ],
)
def test_rule_105_roll_lines_show_dice_modifiers_target_and_outcome(
    roll: dict[str, Any], extra: dict[str, Any], expected: str
) -> None:
    """105.1 crits, 105.2 advantage and disadvantage, 602.5 Planar: the line a player reads
    names both dice and the one kept, each modifier, the total, the AC and the result."""
    data: dict[str, Any] = {
        "purpose": "melee strike",
        "roller": 51,
        "modifiers": [["printed strike 1", 3]],
        "target": 12,
        "outcome": "success",
        **roll,
    }
    result = extra.pop("result", "hit")
    data.update({k: v for k, v in extra.items()})
    die = DieRoll(
        purpose=data["purpose"],
        roller=data["roller"],
        naturals=tuple(data["naturals"]),
        kept=data["kept"],
        advantage=data["advantage"],
        modifiers=tuple((str(k), int(v)) for k, v in data["modifiers"]),
        total=data["total"],
        target=data["target"],
        outcome=data["outcome"],
    )
    event = Rolled(
        seat=1,
        roll=die,
        name="Grunt Raider",
        target=1,
        target_name="Legion Shieldbearer",
        result=result,
    )
    wounds = (
        WoundsInflicted(
            seat=0, card=1, name="Legion Shieldbearer", amount=1, wounds=1, hit_points=1, source=51
        )
        if result == "hit"
        else None
    )
    assert game_text.roll_line(event, wounds) == expected


def _sample_event(cls: type) -> Any:
    """One event of a class, with placeholder values of the right types."""
    values: dict[str, Any] = {}
    hints = typing.get_type_hints(cls)
    for f in dataclasses.fields(cls):
        hint = str(hints[f.name])
        if f.name == "seat":
            values[f.name] = 0
        elif "DieRoll" in hint:
            values[f.name] = DieRoll("initiative", 3, (12,), 12, "none", (), 12, None, "rolled")
        elif "Action" in hint:
            values[f.name] = Pass(0)
        elif "tuple" in hint:
            values[f.name] = (0, 1)
        elif "bool" in hint:
            values[f.name] = True
        elif "int" in hint:
            values[f.name] = 2
        else:
            values[f.name] = "no_target" if f.name == "why" else "x"
    return cls(**values)


@pytest.mark.parametrize("cls", EVENT_TYPES, ids=lambda c: c.KIND)
def test_every_event_kind_has_a_rendering_and_a_dict(cls: type) -> None:
    """game_text matches every event class (assert_never fails on a forgotten one), and its
    to_dict names its kind."""
    event = _sample_event(cls)
    line = game_text.event_line(event)
    assert line is None or (isinstance(line, str) and "{" not in line)
    assert event.to_dict()["kind"] == cls.KIND == event.kind


SILENT_BEFORE = (
    "dungeon_defeated",
    "epic_class_attached",
    "card_banished",
    "returned_to_formation",
    "placed_in_last_rank",
    "action_canceled",
    "initiative_warlord_chosen",
    "token_ceased",
    "token_not_created",
    "stat_modified",
)


@pytest.mark.parametrize("kind", SILENT_BEFORE)
def test_kinds_that_once_vanished_from_game_play_now_read_as_a_sentence(kind: str) -> None:
    from engine.events import EVENT_KINDS

    line = game_text.event_line(_sample_event(EVENT_KINDS[kind]))
    assert line and "{" not in line


def test_engine_doc_lists_every_event_kind() -> None:
    doc = (Path(__file__).resolve().parents[2] / "docs" / "engine.md").read_text(encoding="utf-8")
    missing = [cls.KIND for cls in EVENT_TYPES if f"| `{cls.KIND}` |" not in doc]
    assert not missing


def test_rule_507_3_5_a_stopped_attack_says_the_player_stopped_it() -> None:
    """507.3.5: the player chose to stop; it is not "no target in reach"."""
    from engine.events import AttackEnded, AttackStopped

    stopped = game_text.event_line(AttackStopped(seat=0, card=4, name="Grunt Raider"))
    assert stopped == "Seat 0 stops Grunt Raider's attack (507.3.5)."
    ended = AttackEnded(seat=0, card=4, name="Grunt Raider", why="no_target", rule="507.3.4")
    assert (
        game_text.event_line(ended) == "Grunt Raider's attack ends: no target in reach (507.3.4)."
    )


def test_play_and_replay_show_the_first_initiative_roll_of_setting_up(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """504: turn 1's initiative roll happens while setting up; `game play` prints it before
    the first prompt and `game replay --log` prints it too."""
    decks = sample_decks()
    record, _ = new_record(
        GameConfig(), [decks["saga-deverenian"], decks["saga-nothrog"]], 4, sample_catalog()
    )
    start = record.begin()
    assert any(e.kind == "roll" for e in start.events)
    out = io.StringIO()
    record = game_cli.play_loop(start.state, record, io.StringIO("1\n"), out, start.events)
    before_prompt = out.getvalue().split(", choose 1-")[0]
    assert re.search(r"rolls initiative: d20 \d+", before_prompt), before_prompt
    path = tmp_path / "game.json"
    path.write_text(record.to_json(), encoding="utf-8")
    assert main(["game", "replay", str(path), "--log"]) == 0
    text = capsys.readouterr().out
    log = re.split(r"^Turn ", text, flags=re.M)[0]  # the lines before the final board
    assert re.search(r"rolls initiative: d20 \d+", log) and "  > Turn 1 begins." in log


@pytest.mark.parametrize(("seed", "seats"), [(3, 2), (11, 2), (5, 3)])
def test_prompts_built_from_the_word_table_match_the_engine_prompts(seed: int, seats: int) -> None:
    """Every decision a random game meets reads the same from game_text's table (built from its
    kind and frame, so another language needs no engine text) as the engine's English prompt."""
    from engine import apply, legal_actions
    from engine.rng import Rng

    decks = sample_decks()
    names = ["saga-deverenian", "saga-nothrog", "saga-elven"][:seats]
    _, state = new_record(
        GameConfig(seats=seats), [decks[n] for n in names], seed, sample_catalog()
    )
    rng = Rng(seed)
    kinds = set()
    for _ in range(400):
        if state.is_over:
            break
        for decision in state.pending:
            assert game_text.prompt_line(state, decision) == decision.prompt
            kinds.add(decision.kind.value)
        options = legal_actions(state, state.pending[0].seat)
        if state.pending[0].kind.value == "manual":
            options = options[:1]  # declare manual effects done: keep the game moving
        k, rng = rng.below(len(options))
        state = apply(state, options[k]).state
    assert {"order", "discard", "strike_target"} <= kinds


def test_play_t_prints_the_text_of_the_cards_in_play() -> None:
    """`t` lists the text of every card in play with how much the engine runs; `t 5` one
    card; the board shows keywords and feats between braces."""
    decks = sample_decks()
    record, state = new_record(
        GameConfig(), [decks["saga-elven"], decks["saga-nothrog"]], 4, sample_catalog()
    )
    out = io.StringIO()
    game_cli.play_loop(state, record, io.StringIO("t\nt 0\n"), out)
    text = out.getvalue()
    assert re.search(
        r"^#\d+ .+ \((Character|Item)[^)]*\)( \[(full|partial|manual)\])?: ", text, re.M
    )
    assert re.search(r"^#0 ", text, re.M)
