"""Hot seat: `game play` shows react windows readably and both players react."""

from __future__ import annotations

import io
import json
from pathlib import Path

from bot import game_cli, game_text
from engine import GameState, apply, legal_actions
from engine.position import load_position
from engine.record import GameRecord

POSITIONS = Path(__file__).parent / "positions"


def _pick(state: GameState, wanted: str) -> tuple[str, GameState]:
    """The menu number `game play` shows for the first choice whose line holds `wanted`."""
    options, _ = game_text.menu(state, legal_actions(state, state.pending[0].seat))
    index = next(i for i, o in enumerate(options) if wanted in game_text.describe(state, o))
    return str(index + 1), apply(state, options[index]).state


def test_hot_seat_both_players_react_in_one_window() -> None:
    """508.3: in `game play` the window asks the initiative winner, then the other player, then
    the first again; each sees the window named and its Reacts with their text."""
    data = json.loads((POSITIONS / "react-two-seats.json").read_text(encoding="utf-8"))
    state = start = load_position(data)
    picks = []
    for wanted in (
        "Attack with Ironhide Brute",
        "Greenwood Warden",  # the target
        "performs Ironhide Brute",  # seat 1 reacts after its strike hits (run by the engine)
        "performs Sudden Parry",  # then seat 0, from its hand
        "Pass: no React",  # seat 1 again, its React used: only passing... then seat 0's Warden
    ):
        number, state = _pick(state, wanted)
        picks.append(number)
    out = io.StringIO()
    record = GameRecord(start.config, 1, (), start.cards)
    record = game_cli.play_loop(start, record, io.StringIO("\n".join(picks) + "\n"), out)
    shown = out.getvalue()
    assert "React after a strike hits (Greenwood Warden), or pass." in shown
    assert "Ironhide Brute reacts (after a strike hits: Greenwood Warden)" in shown
    assert "reacts (after a strike hits: Greenwood Warden) with Sudden Parry" in shown
    kinds = [a.to_dict()["type"] for a in record.actions]
    assert kinds.count("perform_ability") == 2
