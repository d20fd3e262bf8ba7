"""Redirection (511.6): a React's effect makes the strike or the action its window answers
target another character ("Redirect the strike or action to an adjacent character").

A strike (`Striking`) is redirected by engine.choose_card; an action (`PerformingAction`)
whose target was chosen with its cost (510.5 step 2, its "after paying the cost" window,
which is also the "after being targeted" window of its target) gets a new target here. The
new target must be one the action could have chosen (511.6: "the controller of the strike
or action must have been able to choose the new target originally"); with several
candidates the React's performer's controller chooses (a `redirect` choose_card decision).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from engine.cards.abilities import Effect
from engine.events_abilities import EffectSkipped
from engine.events_choices import StrikeRedirected
from engine.formation import adjacent
from engine.frames import ActionStep, ChoosingCard, PerformingAction, ReactWindow, ResolvingAbility
from engine.tx import Tx

_OPEN = (ActionStep.DECLARED, ActionStep.PAID)


def redirect_trigger(tx: Tx, frame: ResolvingAbility, effect: Effect, index: int) -> None:
    """511.6: the strike or action the React (its frame at `index`) answers targets another
    character (`effect.name`: "this", "adjacent" or "rank"). Not a True Strike (602.14) nor
    a Riposte (603.9: "This strike may not be redirected")."""
    from engine.choose_card import redirect, redirect_candidates
    from engine.frames import Striking
    from engine.keywords import true_strike
    from engine.react_perform import strike_under

    at = strike_under(tx, index)
    strike = tx.stack[at] if at is not None else None
    if not isinstance(strike, Striking):
        _redirect_action(tx, frame, effect, index)
        return
    if true_strike(tx, strike.performer) or strike.label == "Riposte":
        _skip(tx, frame, "true_strike" if strike.label != "Riposte" else "riposte",
              "602.14" if strike.label != "Riposte" else "603.9")  # fmt: skip
        return
    _offer(tx, frame, redirect_candidates(tx, strike, frame.performer, effect.name), redirect)


def action_under(tx: Tx, index: int) -> int | None:
    """The index of the action a React's frame at `index` answers: the `PerformingAction`
    right under its window, with a target and its effect not begun."""
    for i in range(min(index, len(tx.stack)) - 1, 0, -1):
        if isinstance(tx.stack[i], ReactWindow):
            under = tx.stack[i - 1]
            if (
                isinstance(under, PerformingAction)
                and under.target is not None
                and under.step in _OPEN
                and not under.canceled
            ):
                return i - 1
            return None
    return None


def action_candidates(tx: Tx, action: PerformingAction, performer: int, to: str) -> list[int]:
    """Whom an action may be redirected to (511.6): "this" (the React's performer),
    "adjacent" (next to the action's target, 401.10) or "rank" (another character in the
    performer's rank), among the targets the action could have chosen; never its target."""
    from engine.abilities_offer import targets
    from engine.choose_card import redirect_places
    from engine.feats import abilities_of

    assert action.target is not None
    found = redirect_places(tx, action.target, performer, to)
    printed = abilities_of(tx.card(action.card))[action.ability]
    legal = set(targets(tx, action.seat, printed, action.performer))
    return [u for u in found if u != action.target and u in legal]


def defends_action(tx: Tx, performer: int) -> bool:
    """Defend (603.3) answers an action: one targets a character adjacent to `performer`
    (401.10), which the action could have targeted instead."""
    at = action_under(tx, len(tx.stack))
    if at is None:
        return False
    action = tx.stack[at]
    assert isinstance(action, PerformingAction) and action.target is not None
    legal = performer in action_candidates(tx, action, performer, "this")
    return legal and adjacent(tx.players, performer, action.target)


def _redirect_action(tx: Tx, frame: ResolvingAbility, effect: Effect, index: int) -> None:

    at = action_under(tx, index)
    if at is None:
        _skip(tx, frame, "no_target", "511.6")
        return
    action = tx.stack[at]
    assert isinstance(action, PerformingAction)
    _offer(tx, frame, action_candidates(tx, action, frame.performer, effect.name), redirect_action)


def redirect_action(tx: Tx, source: int, to: int) -> None:
    """511.6: the action under the React being resolved targets `to` from now on (511.6.1:
    its old target never was one)."""
    index = action_under(tx, len(tx.stack))
    if index is None:
        return
    action = tx.stack[index]
    assert isinstance(action, PerformingAction)
    tx.set_frame(index, replace(action, target=to))
    emit_redirected(tx, action.seat, action.card, to, source, "action")


def emit_redirected(tx: Tx, seat: int, card: int, to: int, source: int, what: str) -> None:
    """The event of a redirect (511.6): the strike of `card` (its performer) or the action
    printed on it now targets `to`, by the effect of `source`."""
    tx.emit(
        StrikeRedirected(
            seat=seat,
            card=card,
            name=tx.name(card),
            target=to,
            target_name=tx.name(to),
            source=source,
            source_name=tx.name(source),
            what=what,
        )
    )


def _offer(
    tx: Tx,
    frame: ResolvingAbility,
    options: Sequence[int],
    apply: Callable[[Tx, int, int], None],
) -> None:
    """511.6: with no legal place the redirect is skipped, with one it is made (`apply`), with
    several the React's player chooses."""
    from engine.choose_card import ask_card

    if not options:
        _skip(tx, frame, "no_target", "511.6")
    elif len(options) == 1:
        apply(tx, frame.card, options[0])
    else:
        ask_card(tx, ChoosingCard(frame.seat, frame.card, frame.performer, "redirect",
                                  tuple(options)))  # fmt: skip


def _skip(tx: Tx, frame: ResolvingAbility, why: str, rule: str) -> None:
    name = tx.name(frame.card)
    tx.emit(EffectSkipped(seat=frame.seat, card=frame.card, name=name, why=why, rule=rule))
