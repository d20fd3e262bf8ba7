"""Performing a React chosen in a window (508.4): log it, then pay and resolve it through
`engine.abilities_run.perform_ability`, like an Order, on top of the window's frame."""

from __future__ import annotations

from engine.actions import PerformAbility
from engine.cards.abilities import Window
from engine.events_reacts import ReactPerformed
from engine.frames import ReactWindow, Striking
from engine.tx import Tx


def perform_react(tx: Tx, action: PerformAbility, window: Window, subject: int | None) -> None:
    """508.4: the performer performs the React; its costs are paid and its effect pushed
    above the window, which asks again once the effect is done (508.3)."""
    from engine.abilities_run import is_runnable, perform_ability

    card = tx.card(action.card)
    ability = card.abilities[action.ability]
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
    for i in range(index - 1, 0, -1):
        if isinstance(tx.stack[i], ReactWindow):
            return i - 1 if isinstance(tx.stack[i - 1], Striking) else None
    return None
