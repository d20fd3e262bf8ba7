"""Reading records written before react windows (record version 2): the same game, with every
react window it meets passed. Declining makes no event, so the upgraded record shows the same
public events as it did (engine.reacts)."""

from __future__ import annotations

from dataclasses import replace

from engine.actions import Action, Decline
from engine.game import apply
from engine.pending import DecisionKind
from engine.record import GameRecord
from engine.state import GameState


def pass_new_windows(record: GameRecord) -> GameRecord:
    """`record` with a `Decline` inserted wherever the game now waits on a react window that
    the record's next action does not answer (an older record never answers one)."""
    state = record.begin().state
    actions: list[Action] = []

    def decline_all(state: GameState) -> GameState:
        while state.pending and state.pending[0].kind is DecisionKind.REACT:
            action = Decline(state.pending[0].seat)
            state = apply(state, action).state
            actions.append(action)
        return state

    for action in record.actions:
        if not (
            state.pending
            and state.pending[0].kind is DecisionKind.REACT
            and action.seat == state.pending[0].seat
            and _answers_react(action)
        ):
            state = decline_all(state)
        state = apply(state, action).state
        actions.append(action)
    decline_all(state)
    return replace(record, actions=tuple(actions))


def _answers_react(action: Action) -> bool:
    from engine.actions import PerformAbility

    return isinstance(action, Decline | PerformAbility)
