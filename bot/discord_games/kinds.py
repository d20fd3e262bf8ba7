"""Which slash command offers which move: `/play`, `/attack`, `/equip`, `/maneuver`,
`/order`, `/react`, `/choose`, `/adjust` and `/pass` each list one kind of the service's
legal moves (`/move` lists them all).

A grouping for display only: the engine decides what is legal, and the decision the seat
answers (engine.pending.DecisionKind) tells an Order performed from a card (`/order`) from a
React performed in a window (`/react`), and a pass from declining a choice.
"""

from __future__ import annotations

from engine.actions import (
    Action,
    Adjust,
    AttachEpicClass,
    Attack,
    Choose,
    Decline,
    DefeatDungeon,
    DoneResolving,
    Equip,
    Maneuver,
    Pass,
    PerformAbility,
    PlayCharacter,
    PlayDungeon,
    PlayOrderCard,
    SetStandingOrder,
)
from engine.pending import DecisionKind
from engine.state import GameState

COMMANDS: dict[str, str] = {
    "play": "Play a card (character, dungeon, epic class)",
    "attack": "Attack with a character",
    "equip": "Equip an item",
    "maneuver": "Maneuver a character",
    "order": "Play an order card or perform an Order",
    "react": "React, or pass, in a react window",
    "choose": "Answer a choice the game asks (a target, a position, a discard)",
    "adjust": "Resolve a card by hand: an adjustment, or done",
}

ORDER_COMMANDS: dict[type[Action], str] = {
    PlayCharacter: "play",
    PlayDungeon: "play",
    AttachEpicClass: "play",
    DefeatDungeon: "play",
    Attack: "attack",
    Equip: "equip",
    Maneuver: "maneuver",
    PlayOrderCard: "order",
    PerformAbility: "order",
    Pass: "pass",
}


def decision_kind(state: GameState, seat: int) -> DecisionKind | None:
    """The kind of decision the game waits on `seat` for (None: it does not wait on it)."""
    return next((d.kind for d in state.pending if d.seat == seat), None)


def commands_for(decision: DecisionKind | None, action: Action) -> frozenset[str]:
    """The slash commands (besides `/move`) that list `action` when the seat answers a
    decision of kind `decision`."""
    if isinstance(action, SetStandingOrder):
        return frozenset({"react"})
    if decision is DecisionKind.MANUAL:
        return frozenset({"adjust"}) if isinstance(action, Adjust | DoneResolving) else frozenset()
    if decision is DecisionKind.REACT:
        if isinstance(action, Decline):
            return frozenset({"react", "pass"})
        return frozenset({"react"}) if isinstance(action, PerformAbility) else frozenset()
    if decision is DecisionKind.ORDER:
        command = ORDER_COMMANDS.get(type(action))
        return frozenset({command}) if command else frozenset()
    if isinstance(action, Choose):
        return frozenset({"choose"})
    if isinstance(action, Decline):
        return frozenset({"choose", "pass"})
    return frozenset()
