"""The rules of Warlord: pure, deterministic, standard library only.

state = new_game(config, decks, seed, cards)   start_game(...) -> Transition (with set-up events)
legal_actions(state, seat) -> [Action]      check(state, action) raises if not legal
default_action(state, seat) -> Action       what a timeout may answer (always legal)
apply(state, action) -> Transition(state, events)
view(state, seat) -> dict                    replay(record) -> Replay(state, events)
"""

from engine.actions import (
    Action,
    AttachEpicClass,
    Attack,
    Choose,
    Decline,
    DefeatDungeon,
    Equip,
    Maneuver,
    Pass,
    PlayCharacter,
    PlayDungeon,
    PlayOrderCard,
    action_from_dict,
)
from engine.errors import (
    EngineError,
    IllegalActionError,
    InvalidActionError,
    NotYourTurnError,
    RecordError,
    SetupError,
)
from engine.events import EVENT_TYPES, DieRoll, Event
from engine.game import Transition, apply, check, default_action, legal_actions
from engine.pending import Decision, DecisionKind
from engine.problems import Problem
from engine.record import GameRecord, Replay, new_record, replay
from engine.setup import new_game, start_game
from engine.state import Format, GameConfig, GameState, Orientation, Phase
from engine.values import install as _install_fast_inits
from engine.view import events_for, view

_install_fast_inits()  # faster construction of frozen values (engine.values)

__all__ = [
    "EVENT_TYPES",
    "Action",
    "AttachEpicClass",
    "Attack",
    "Choose",
    "Decision",
    "DecisionKind",
    "Decline",
    "DefeatDungeon",
    "DieRoll",
    "EngineError",
    "Equip",
    "Event",
    "Format",
    "GameConfig",
    "GameRecord",
    "GameState",
    "IllegalActionError",
    "InvalidActionError",
    "Maneuver",
    "NotYourTurnError",
    "Orientation",
    "Pass",
    "Phase",
    "PlayCharacter",
    "PlayDungeon",
    "PlayOrderCard",
    "Problem",
    "RecordError",
    "Replay",
    "SetupError",
    "Transition",
    "action_from_dict",
    "apply",
    "check",
    "default_action",
    "events_for",
    "legal_actions",
    "new_game",
    "new_record",
    "replay",
    "start_game",
    "view",
]
