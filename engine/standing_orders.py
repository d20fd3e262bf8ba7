"""Standing orders: how each seat wants react windows handled when it is not at the table.

They are part of the state and of the record (the `SetStandingOrder` action), so a host
applies them deterministically and a replay asks exactly the same questions:

- `ask` (the default): ask me whenever I could react;
- `pass_all`: pass every window;
- `public_only`: ask me only for reacts on cards in play (or in a discard pile), never for
  Action cards in my hand;
- `pass_window`: pass windows of one kind (`window`, a `Window` value; empty: the one I am
  being asked now) until the other seats have taken `actions` more actions.

The first three set the seat's policy; `pass_window` is added on top of it, and `ask` also
clears every `pass_window`. Delays and bluff pauses are the host's business, not the engine's.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

from engine.actions import SetStandingOrder
from engine.cards.abilities import Window
from engine.frames import ReactWindow
from engine.pending import DecisionKind
from engine.state import GameState
from engine.stats import Board
from engine.tx import Tx

if TYPE_CHECKING:
    from engine.reacts import Offer


class Policy(StrEnum):
    ASK = "ask"
    PASS_ALL = "pass_all"
    PUBLIC_ONLY = "public_only"
    PASS_WINDOW = "pass_window"


# state.standing_orders holds (seat, policy, window, actions left) entries.
Entry = tuple[int, str, str, int]


def orders_of(board: Board, seat: int) -> list[Entry]:
    entries: tuple[Entry, ...] = getattr(board, "standing_orders", ())
    return [e for e in entries if e[0] == seat]


def filter_offers(
    board: Board, seat: int, windows: tuple[Window, ...], offers: list[Offer]
) -> list[Offer]:
    """The offers the engine asks `seat` about, after its standing orders."""
    if not offers:
        return offers
    for _, policy, window, left in orders_of(board, seat):
        if policy == Policy.PASS_ALL:
            return []
        if policy == Policy.PASS_WINDOW and left > 0 and Window(window) in windows:
            return []
        if policy == Policy.PUBLIC_ONLY:
            hand = board.players[seat].hand
            offers = [o for o in offers if o.card not in hand]
    return offers


def standing_order_problem(state: GameState, action: SetStandingOrder) -> str | None:
    """Why a standing order cannot be set (a sentence), or None."""
    if state.players[action.seat].eliminated:
        return f"seat {action.seat} is out of the game."
    try:
        policy = Policy(action.policy)
    except ValueError:
        known = ", ".join(p.value for p in Policy)
        return f"unknown standing order {action.policy!r} (known: {known})."
    if policy is not Policy.PASS_WINDOW:
        return None
    if action.actions < 1:
        return "say after how many actions of the other players the order ends (at least 1)."
    if action.window:
        try:
            Window(action.window)
        except ValueError:
            return f"unknown react window {action.window!r}."
        return None
    if _asked_window(state, action.seat) is None:
        return "no react window is asking you now: name the window to pass."
    return None


def _asked_window(board: GameState | Tx, seat: int) -> str | None:
    decision = next(
        (d for d in board.pending if d.seat == seat and d.kind is DecisionKind.REACT), None
    )
    if decision is None or decision.frame is None:
        return None
    frame = board.stack[decision.frame]
    assert isinstance(frame, ReactWindow)
    return frame.trigger.split(",")[0]


def set_standing_order(tx: Tx, action: SetStandingOrder) -> None:
    """Record the order; a window asking the seat now that the order passes is passed."""
    seat, policy = action.seat, Policy(action.policy)
    entries = list(tx.standing_orders)
    if policy is Policy.PASS_WINDOW:
        window = action.window or _asked_window(tx, seat) or ""
        entries.append((seat, policy.value, window, action.actions))
    else:
        keep = [] if policy is Policy.ASK else [Policy.PASS_WINDOW.value]
        entries = [e for e in entries if e[0] != seat or e[1] in keep]
        if policy is not Policy.ASK:
            entries.append((seat, policy.value, "", 0))
    tx.standing_orders = tuple(sorted(entries))
    decision = next(
        (d for d in tx.pending if d.seat == seat and d.kind is DecisionKind.REACT), None
    )
    if decision is None or decision.frame is None:
        return
    from engine.reacts import usable_offers

    frame = tx.stack[decision.frame]
    assert isinstance(frame, ReactWindow)
    if not usable_offers(tx, seat, frame):
        tx.pending.remove(decision)
        tx.set_frame(decision.frame, _passed(frame))


def _passed(frame: ReactWindow) -> ReactWindow:
    from dataclasses import replace

    return replace(frame, to_answer=frame.to_answer[1:])


def count_action(tx: Tx, seat: int) -> None:
    """An action of `seat`: the `pass_window` orders of the other seats count it down."""
    if not tx.standing_orders:
        return
    entries = []
    for s, policy, window, left in tx.standing_orders:
        if policy == Policy.PASS_WINDOW and s != seat:
            left -= 1
            if left <= 0:
                continue
        entries.append((s, policy, window, left))
    tx.standing_orders = tuple(entries)
