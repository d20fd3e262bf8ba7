"""Position files of tests/engine/positions, loaded and played action by action."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine import Action, GameState, action_from_dict, apply
from engine.events import BaseEvent
from engine.position import load_position

POSITIONS = Path(__file__).parent / "positions"


def position_data(name: str) -> dict[str, Any]:
    """The JSON of position file `name`."""
    loaded: dict[str, Any] = json.loads((POSITIONS / name).read_text(encoding="utf-8"))
    return loaded


def load(name: str) -> GameState:
    """The state position file `name` describes."""
    return load_position(position_data(name))


def play(state: GameState, *actions: dict[str, Any] | Action) -> tuple[GameState, list[BaseEvent]]:
    """Apply `actions` (values or their dicts) in turn: the last state and every event."""
    events: list[BaseEvent] = []
    for raw in actions:
        action = raw if isinstance(raw, Action) else action_from_dict(raw)
        transition = apply(state, action)
        events += transition.events
        state = transition.state
    return state, events
