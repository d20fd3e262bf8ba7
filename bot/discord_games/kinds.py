"""Which slash command offers which move: `/play`, `/attack`, `/equip`, `/maneuver`,
`/order`, `/react`, `/choose`, `/adjust` and `/pass` each list one kind of the service's
legal moves (`/move` lists them all).

A grouping for display only: the engine decides what is legal, and the decision the seat
answers (engine.pending.DecisionKind) tells an Order performed from a card (`/order`) from a
React performed in a window (`/react`), and a pass from declining a choice.
"""

from __future__ import annotations

from bot.games.errors import GameError
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
    "choose": "Answer a choice the game asks (a target, a position, a card, a discard)",
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


Listed = tuple[int, frozenset[str], str]  # a move: its number, the commands listing it, its line


def pick_move(
    version: int, seat: int, moves: list[Listed], move: str, command: str | None
) -> tuple[int, int, int]:
    """(version, seat, number) of the move a slash command meant among the seat's numbered
    `moves` at `version`: an autocomplete value ("version:seat:n", passed on as it is when the
    game moved on, for the service to say so), else a number or words of one move's line that
    `command` lists. GameError when none or several match."""
    kind = f"/{command}" if command else "/move"
    parts = move.split(":")
    if len(parts) == 3 and all(p.isdigit() for p in parts):
        shown, chosen, n = (int(p) for p in parts)
        if shown != version or chosen != seat:
            return shown, chosen, n  # the service says the game moved on
        if not any(number == n and (command is None or command in listing)
                   for number, listing, _ in moves):  # fmt: skip
            raise GameError(f"That is not a move {kind} offers now.")
        return version, seat, n
    wanted = move.strip().casefold()
    picks = [
        number for number, listing, line in moves
        if (command is None or command in listing)
        and (not wanted or wanted == str(number) or wanted in line.casefold())
    ]  # fmt: skip
    if len(picks) != 1:
        offered = "no move" if not picks else "more than one move"
        raise GameError(f"{kind} offers {offered} like that now: choose one from its list.")
    return version, seat, picks[0]
