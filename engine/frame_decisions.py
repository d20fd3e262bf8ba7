"""Decisions set aside while the game settles what happens at once, then asked again.

A frame waiting on a decision (a character's place in a rank, an item to destroy, an
effect's choice, a manual resolution, a strike's target, a react window) may have to wait
longer: a character dies (104.2) or a rank becomes illegal (401.6) before its decision is
answered, and the Death, Kill and after-death react windows (508.6) open at once. The
decisions of frames are then *withdrawn* (`withdraw`): the windows go on top of the stack,
and when they are closed play returns to the waiting frame (508.3), which asks its decision
again (`reask`), built from the frame and the position as it now is.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.frames import (
    ChoosingCard,
    ChoosingEffect,
    DestroyingItem,
    Placement,
    PlacingCharacter,
)
from engine.pending import Decision, DecisionKind
from engine.tx import Tx


def withdraw(tx: Tx) -> list[Decision]:
    """Take the decisions that belong to frames out of `pending` (their frames ask them again
    when resumed); returns them."""
    taken = [d for d in tx.pending if d.frame is not None]
    if taken:
        tx.pending = [d for d in tx.pending if d.frame is None]
    return taken


def settle_before_waiting(tx: Tx, settle: Callable[[Tx], bool]) -> bool:
    """A frame has just asked its decision: settle deaths, defeat and illegal ranks first
    (104.2, 101, 401.6), which may open react windows (508.6) above it. True when settling
    did something (the decision is withdrawn: its frame asks it again once play returns to
    it); False when the position was calm and the game waits on the decision."""
    stack, events = len(tx.stack), len(tx.events)
    taken = withdraw(tx)
    pending = len(tx.pending)
    settle(tx)
    if len(tx.stack) == stack and len(tx.events) == events and len(tx.pending) == pending:
        tx.pending += taken
        return False
    return True


def reask(tx: Tx, index: int) -> bool:
    """Ask again the decision of the frame at `index` (the top one), withdrawn while react
    windows opened above it. True when the game now waits on it; False when the decision
    no longer arises (its card left, nothing to choose) and the frame is finished."""
    frame = tx.stack[index]
    if isinstance(frame, ChoosingEffect):
        from engine.choices import choice_decision

        tx.ask(index, choice_decision(tx, frame))
        return True
    if isinstance(frame, ChoosingCard):
        from engine.choose_card import card_decision

        decision = card_decision(tx, frame)
        if decision.options or decision.may_decline:
            tx.ask(index, decision)
            return True
        tx.pop_frame()  # every card it could choose has gone
        return False
    tx.pop_frame()
    if isinstance(frame, DestroyingItem):
        from engine.resolve import ask_destroy

        if frame.equipper in tx.units:
            ask_destroy(tx, frame.seat, frame.equipper, frame.new_item)
    elif isinstance(frame, PlacingCharacter):
        _replace(tx, frame)
    else:
        raise RuntimeError(f"a {type(frame).__name__} frame has no decision to ask again")
    return bool(tx.pending)


def _replace(tx: Tx, frame: PlacingCharacter) -> None:
    """Ask again where a character goes (401.7), if it is still to be placed."""
    from engine.formation import locate
    from engine.resolve import ask_position

    if frame.why is Placement.PLAY:
        if frame.card not in tx.units:
            ask_position(tx, frame.seat, frame.card, frame.rank, frame.why)
        return
    if frame.card not in tx.units:
        return  # it left play: nothing to place
    if frame.why is Placement.MOVE:
        ask_position(tx, frame.seat, frame.card, frame.rank, frame.why, frame.formation)
        return
    place = locate(tx.players, frame.card)
    if place is None or place.rank != frame.rank + 1:
        return
    others = tx.player(place.formation).ranks[frame.rank - 1]
    if not others:
        from engine.turn import place_fallen

        place_fallen(tx, frame.card, 0)
        return
    tx.push_asking(frame, fall_position_decision(tx, frame.seat, frame.card, frame.rank, others))


def fall_position_decision(
    tx: Tx, seat: int, uid: int, rank: int, others: tuple[int, ...]
) -> Decision:
    """Where a character falling forward into `rank` goes among `others` (401.6.4, 401.7)."""
    names = ", ".join(tx.name(u) for u in others)
    return Decision(
        seat,
        DecisionKind.POSITION,
        f"{tx.name(uid)} falls forward into rank {rank}: choose where it goes "
        f"(0 = far left; now: {names}).",
        tuple(range(len(others) + 1)),
        subject=uid,
        rule="401.6.4, 401.7",
    )
