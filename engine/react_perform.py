"""Performing a React chosen in a window (508.4): log it, then pay and resolve it through
`engine.abilities_run.perform_ability`, like an Order, on top of the window's frame."""

from __future__ import annotations

from dataclasses import replace

from engine.actions import PerformAbility
from engine.cards.abilities import Window
from engine.events import ActionCanceled
from engine.events_reacts import ReactPerformed
from engine.frames import ReactWindow, StrikeStep, Striking
from engine.tx import Tx


def perform_react(
    tx: Tx,
    action: PerformAbility,
    windows: tuple[Window, ...],
    subject: int | None,
    level: int | None = None,
) -> None:
    """508.4: the performer performs the React; its costs are paid and its effect pushed
    above the window, which asks again once the effect is done (508.3). `windows` are the
    triggers of the moment, most specific first: the React answers the first it can (508.5)."""
    from engine.abilities_run import is_runnable, perform_ability
    from engine.feats import abilities_of

    card = tx.card(action.card)
    ability = abilities_of(card)[action.ability]
    mine = ability.trigger.window if ability.trigger is not None else None
    window = mine if mine in windows else windows[0]
    tx.emit(
        ReactPerformed(
            seat=action.seat,
            card=action.card,
            name=card.name,
            ability=action.ability,
            performer=action.character,
            performer_name=tx.name(action.character),
            window=window.value,
            text=ability.text,
            automated=is_runnable(ability),
            subject=subject,
            subject_name=tx.name(subject) if subject is not None else None,
            subject_level=level,
        )
    )
    target = action.target if action.target >= 0 else None
    perform_ability(
        tx, action.seat, action.card, action.ability, action.character, target, action.discard
    )


def window_under(tx: Tx, index: int) -> ReactWindow | None:
    """The react window a React's frame at `index` answers (the nearest one under it)."""
    for frame in reversed(tx.stack[:index]):
        if isinstance(frame, ReactWindow):
            return frame
    return None


def strike_under(tx: Tx, index: int) -> int | None:
    """The index of the strike a React's frame at `index` answers: the `Striking` frame right
    under its window, if the window is one of the strike's (509.5)."""
    for i in range(min(index, len(tx.stack)) - 1, 0, -1):
        if isinstance(tx.stack[i], ReactWindow):
            return i - 1 if isinstance(tx.stack[i - 1], Striking) else None
    return None


def change_strike(tx: Tx, index: int, op: str, amount: int = 1) -> bool:
    """For a React's effect on its trigger (engine.abilities_run): change the strike a React's
    frame at `index` answers. `op` is an `Op` value: reduce_wounds / prevent_wounds /
    extra_wounds change what a hit inflicts (509.5 steps 5-6), cancel ends the strike with no
    roll or no wounds (510.10). False when the React answers no strike."""
    strike = strike_under(tx, index)
    if strike is None:
        return False
    frame = tx.stack[strike]
    assert isinstance(frame, Striking)
    if op == "reduce_wounds":
        frame = replace(frame, wounds=max(0, frame.wounds - amount))
    elif op == "prevent_wounds":
        frame = replace(frame, wounds=0)
    elif op == "extra_wounds":
        frame = replace(frame, wounds=frame.wounds + amount)
    elif op == "cancel":
        from engine.keywords import true_strike

        if true_strike(tx, frame.performer):
            return False  # 602.14: its strikes may not be canceled
        frame = replace(frame, step=StrikeStep.DONE, hit=False)
        name = tx.name(frame.performer)
        tx.emit(ActionCanceled(seat=frame.seat, card=frame.performer, name=name,
                               why="strike_canceled", rule="510.10"))  # fmt: skip
    else:
        return False
    tx.set_frame(strike, frame)
    return True
