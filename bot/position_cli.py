"""`warlord-judge game position FILE`: what the engine does from a position (a judge's
"what happens if..."). Parses and prints only; positions are read by engine.position."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.game_text import describe, event_lines, render
from engine import EngineError, apply, events_for, view
from engine.actions import Action, action_from_dict
from engine.events import Event
from engine.position import open_position
from engine.position_write import position_to_dict
from engine.state import GameState


def add_position_parser(gsub: Any) -> None:
    """Register `game position` on the `game` sub-command parser."""
    pos: argparse.ArgumentParser = gsub.add_parser(
        "position",
        help="load a position file, apply actions, show what the engine does",
        description="Load a position (docs/position-format.md), apply the actions given in "
        "order and print the events and the resulting position.",
    )
    pos.add_argument("file", type=Path, help="a position file (JSON)")
    pos.add_argument(
        "--actions",
        help="actions to apply: a JSON list of action objects (or one object), or a file "
        'holding one, e.g. \'[{"type": "attack", "seat": 1, "character": 6}]\'',
    )
    pos.add_argument("--as", dest="seat", type=int, help="show the board as that seat sees it")
    pos.add_argument(
        "--cards", type=Path, help="a community card JSON file to take cards from (default: sample)"
    )
    pos.add_argument(
        "--save", type=Path, help="write the resulting position here, with its cards' definitions"
    )
    pos.add_argument("--json", action="store_true", help="print one JSON object")
    pos.set_defaults(func=run_position)


class PositionCliError(Exception):
    """A problem with the command's input; the message is one sentence."""


def _read_json(path: Path, what: str) -> Any:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise PositionCliError(f"Cannot read {what} {path}: {exc.strerror}.") from None
    except UnicodeDecodeError:
        raise PositionCliError(f"The {what} {path} is not UTF-8 text.") from None
    return _parse_json(text, f"The {what} {path}")


def _parse_json(text: str, what: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise PositionCliError(
            f"{what} is not valid JSON: {exc.msg} at line {exc.lineno}."
        ) from None


def read_actions(value: str | None) -> list[Action]:
    """The actions of `--actions`: inline JSON (a list or one object) or a file holding it."""
    if value is None:
        return []
    if value.lstrip().startswith(("[", "{")):
        data = _parse_json(value, "--actions")
    else:
        data = _read_json(Path(value), "actions file")
    items = data if isinstance(data, list) else [data]
    actions = []
    for number, item in enumerate(items):
        try:
            actions.append(action_from_dict(item))
        except EngineError as exc:
            raise PositionCliError(f"actions[{number}]: {exc}") from None
    return actions


def _card_source(path: Path | None) -> Any:
    if path is None:
        return None
    from engine.cards.community import parse_community_cards

    return parse_community_cards(_read_json(path, "card file")).catalog


@dataclass(frozen=True)
class Step:
    """One applied action: its menu line and the events it caused."""

    action: Action
    line: str
    events: tuple[Event, ...]


@dataclass(frozen=True)
class Outcome:
    """A loaded position, the events of loading it, each applied action, the final state."""

    opening: tuple[Event, ...]
    steps: tuple[Step, ...]
    state: GameState


def play_out(state: GameState, actions: list[Action]) -> tuple[tuple[Step, ...], GameState]:
    """Apply `actions` in order; a refused one is an error naming its place in the list."""
    steps = []
    for number, action in enumerate(actions):
        line = _describe(state, action)
        try:
            transition = apply(state, action)
        except EngineError as exc:
            raise PositionCliError(f"actions[{number}] ({action.TYPE}): {exc}") from None
        steps.append(Step(action, f"Seat {action.seat}: {line}", transition.events))
        state = transition.state
    return tuple(steps), state


def _describe(state: GameState, action: Action) -> str:
    try:
        return describe(state, action)
    except (IndexError, KeyError):  # an id that is not in the game: apply will say why
        return action.TYPE


def run_file(
    path: Path, actions_arg: str | None, seat: int | None = None, cards: Path | None = None
) -> Outcome:
    """Load the position file and apply the actions of `--actions`."""
    opened = open_position(_read_json(path, "position file"), _card_source(cards))
    if seat is not None and not 0 <= seat < len(opened.state.players):
        raise PositionCliError(f"There is no seat {seat} in this position.")
    steps, state = play_out(opened.state, read_actions(actions_arg))
    return Outcome(opened.events, steps, state)


def outcome_to_dict(outcome: Outcome, seat: int | None) -> dict[str, Any]:
    """What `game position --json` prints: events as `seat` may see them, the board it
    sees (`view`), and the full resulting position (a judge's tool: it hides nothing)."""
    return {
        "opening_events": events_for(outcome.opening, seat),
        "actions": [
            {"action": s.action.to_dict(), "line": s.line, "events": events_for(s.events, seat)}
            for s in outcome.steps
        ],
        "waiting_on": list(outcome.state.waiting_on()),
        "view": view(outcome.state, seat),
        "position": position_to_dict(outcome.state, embed_cards=False),
    }


def outcome_text(outcome: Outcome, seat: int | None) -> str:
    """The events as sentences, action by action, then the board."""
    lines = [f"  > {line}" for line in event_lines(list(outcome.opening))]
    for step in outcome.steps:
        lines.append(step.line)
        lines += [f"  > {line}" for line in event_lines(list(step.events))]
    lines.append(render(outcome.state, seat))
    return "\n".join(lines)


def run_position(args: argparse.Namespace) -> int:
    try:
        outcome = run_file(args.file, args.actions, args.seat, args.cards)
        text = (
            json.dumps(outcome_to_dict(outcome, args.seat), ensure_ascii=False)
            if args.json
            else outcome_text(outcome, args.seat)
        )
        if args.save is not None:
            save_position(outcome.state, args.save)
    except (PositionCliError, EngineError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(text)
    return 0


def save_position(state: GameState, path: Path) -> None:
    """Write `state` as a position file that loads without any card database."""
    text = json.dumps(position_to_dict(state), indent=1, ensure_ascii=False) + "\n"
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise PositionCliError(f"Cannot write {path}: {exc.strerror}.") from None
