"""The steps of an action (510.5) and the react windows between them; canceling (510.10-12).

An ability performed (an Order or a React printed on a card, an Action card; feats too) is a
`PerformingAction` frame that goes through 510.5's steps:

1. declared (`engine.abilities_run.perform_ability` logs it) - the "before performing" and
   "before paying the cost" window (1a, 2a) opens;
2. its costs are paid - the "after paying the cost" window (2b) opens, together with the
   window of Reacts to the action's effect (508.12: "during" the action);
3. its effect runs in the frames pushed above (`ResolvingAbility`, a manual resolution, a
   feat), then
4. it is resolved: an Action card goes to the discard pile (303.5) and the "after
   performing" window (4a) opens over the frame under it.

A standard Order (507: play a character, attack, maneuver, equip...) has a "before
performing" window before its effect (`PerformingOrder.step`) and an "after performing" one
once it is complete (engine.resolve). A React performed in a window is an action too, so the
other seats may react to it: reacts to reacts nest on the stack and return to their trigger.

Canceling (510.10): a React answering a window right above a strike or an action it may cancel
(`cancel_under`) stops it: a strike skips to its end; an action skips every step not taken
yet, its costs stay paid, and an Action card, a character it would put into play or an item
it would equip goes to the discard pile. 510.11: a cost that can no longer be paid (the
performer of a Spend action was spent, a card to discard left the hand) cancels the action;
510.12: an action whose performer left play is canceled.
"""

from __future__ import annotations

from engine.cards.abilities import Ability, AbilityKind, CostKind, Means, Op, Window
from engine.events import ActionCanceled
from engine.feats import abilities_of, feat_of, is_spell
from engine.frames import (
    ActionStep,
    PerformingAction,
    PerformingOrder,
    ReactWindow,
    ResolvingAbility,
    Striking,
)
from engine.reacts import open_window
from engine.spend_waiver import waived
from engine.state import GameState, Orientation
from engine.tx import Tx
from engine.values import replace

# Enum members bound once: on CPython 3.11 `Enum.MEMBER` goes through EnumType.__getattr__.
_MEANS_ACTION = Means.ACTION
_MEANS_SPELL = Means.SPELL
_REACT = AbilityKind.REACT
_DECLARED = ActionStep.DECLARED
_PAID = ActionStep.PAID

BEFORE = (Window.BEFORE_ACTION, Window.BEFORE_COST)  # 510.5 1a, 2a: one moment
AFTER_COST = (Window.AFTER_COST, Window.ACTION_EFFECT)  # 2b, then the effect step (508.12)
AFTER = (Window.AFTER_ACTION,)  # 4a
AFTER_TARGETED = (*AFTER_COST, Window.AFTER_TARGETING)  # 2b for an action with a target


def means_of(tx: Tx, card: int) -> Means:
    """303.6: Cleric and Wizard Action cards are spells; other actions are actions."""
    return _MEANS_SPELL if is_spell(tx.card(card)) else _MEANS_ACTION


def kind_of(tx: Tx, frame: PerformingAction) -> str:
    """ "react" or "order": what is performed (510.1), for triggers that name one."""
    printed = abilities_of(tx.card(frame.card))[frame.ability]
    return "react" if printed.kind is _REACT else "order"


def begin_action(tx: Tx, frame: PerformingAction) -> None:
    """Step 1 is done (declared): push the action and open its "before" window (1a, 2a)."""
    tx.push_frame(frame)
    open_window(
        tx,
        BEFORE,
        seat=frame.seat,
        actor=frame.performer,
        subject=frame.target,
        means=means_of(tx, frame.card),
        spell=means_of(tx, frame.card) is _MEANS_SPELL,
        action=kind_of(tx, frame),
    )


def continue_action(tx: Tx, index: int) -> bool:
    """Go on with the `PerformingAction` frame at `index` (the top one) from its step.
    True when the game now waits on a decision."""
    from engine.abilities_run import open_manual, pay_costs
    from engine.feats_run import resolve_feat

    frame = tx.stack[index]
    assert isinstance(frame, PerformingAction)
    printed = abilities_of(tx.card(frame.card))[frame.ability]
    means = means_of(tx, frame.card)
    kind = "react" if printed.kind is _REACT else "order"
    if frame.canceled:
        end_canceled(tx, frame.card)
        return False
    left_by_cost = False
    if frame.step is _DECLARED:
        problem = cost_problem(tx, frame, printed)
        if problem is not None:
            cancel_action(tx, index, *problem)
            end_canceled(tx, frame.card)
            return False
        pay_costs(tx, frame.seat, frame.card, printed, frame.performer, frame.discard)
        frame = replace(frame, step=_PAID)
        tx.set_frame(index, frame)
        # 510.12: a performer its own cost took out of play left by the action itself.
        left_by_cost = frame.performer not in tx.units
        # 510.5 2b; its target chosen with the cost is "targeted" then too (511.6), unless
        # the action strikes (its strike's own "after targeting" window, 509.5 2b) or is a feat
        windows = AFTER_TARGETED if _targets_now(frame, printed) else AFTER_COST
        if not left_by_cost and open_window(
            tx, windows, seat=frame.seat, actor=frame.performer, subject=frame.target,
            means=means, spell=means is _MEANS_SPELL, action=kind,
        ):  # fmt: skip
            return False
    if frame.step is _PAID:
        tx.set_frame(index, replace(frame, step=ActionStep.EFFECT))
        if frame.performer not in tx.units and not left_by_cost:
            from engine.events_abilities import EffectSkipped

            name = tx.name(frame.card)
            tx.emit(EffectSkipped(seat=frame.seat, card=frame.card, name=name,
                                  why="performer_left_play", rule="510.12"))  # fmt: skip
            return False  # resolved with no effect (resumed at EFFECT)
        feat = feat_of(printed)
        if feat is not None:  # 603.1: the feat check, then its effect
            resolve_feat(tx, frame.seat, frame.card, feat, printed, frame.performer, frame.target)
        elif _runnable(printed):
            tx.push_frame(
                ResolvingAbility(frame.seat, frame.card, frame.ability, frame.performer,
                                 frame.target)
            )  # fmt: skip
        else:
            open_manual(tx, frame.seat, frame.card, printed.text)
        return bool(tx.pending)
    # Step 3 done: step 4, resolved (303.5), then "after performing" over the parent (4a).
    from engine.primitives import finish_source

    tx.pop_frame()
    finish_source(tx, frame.card)
    spell = means is _MEANS_SPELL
    open_window(
        tx, AFTER, seat=frame.seat, actor=frame.performer, means=means, spell=spell, action=kind
    )
    return False


def _targets_now(frame: PerformingAction, printed: Ability) -> bool:
    """The action's target, chosen with its cost, is "targeted" after the cost is paid: it
    has one, performs no strike (whose step 2b is that moment) and is no feat (603)."""
    if frame.target is None or feat_of(printed) is not None:
        return False
    return not any(e.op is Op.STRIKE for e in printed.effects)


def _runnable(ability: Ability) -> bool:
    from engine.abilities_run import is_runnable

    return is_runnable(ability)


def cost_problem(tx: Tx, frame: PerformingAction, ability: Ability) -> tuple[str, str] | None:
    """Why the action is canceled before its costs are paid (`why`, rule), or None: its
    performer left play (510.12) or a cost can no longer be paid (510.11)."""
    unit = tx.units.get(frame.performer)
    if unit is None:
        return "performer_left_play", "510.12"
    if (
        ability.is_spend
        and unit.orientation is not Orientation.READY
        and not waived(tx, ability, frame.performer)
    ):
        return "cost_prevented", "510.11"
    hand = tx.player(frame.seat).hand
    if any(c not in hand for c in frame.discard):
        return "cost_prevented", "510.11"
    if any(c.kind is CostKind.DISCARD_SOURCE for c in ability.costs) and not _source_there(
        tx, frame
    ):
        return "cost_prevented", "510.11"
    return None


def _source_there(tx: Tx, frame: PerformingAction) -> bool:
    unit = tx.units.get(frame.performer)
    return frame.card == frame.performer or (
        unit is not None and (frame.card in unit.items or frame.card in unit.attachments)
    )


def cancel_action(tx: Tx, index: int, why: str, rule: str) -> None:
    """510.10: the action at `index` is canceled (logged now; it ends when resumed)."""
    frame = tx.stack[index]
    assert isinstance(frame, PerformingAction | PerformingOrder)
    card = frame.card if isinstance(frame, PerformingAction) else _order_card(frame)
    tx.set_frame(index, replace(frame, canceled=True))
    tx.emit(ActionCanceled(seat=frame.seat, card=card, name=tx.name(card), why=why, rule=rule))


def end_canceled(tx: Tx, card: int) -> None:
    """A canceled action ends: its Action card goes to the discard pile (303.5, 510.10)."""
    from engine.death import move_to_discard
    from engine.primitives import leave_action_zone

    tx.pop_frame()
    if leave_action_zone(tx, card):
        move_to_discard(tx, card, "canceled", "510.10")


def _order_card(frame: PerformingOrder) -> int:
    """The card a standard Order is about: the card played or equipped, else the performer."""
    for name in ("card", "item", "character", "warlord"):
        value = getattr(frame.order, name, None)
        if isinstance(value, int):
            return value
    return -1


def end_canceled_order(tx: Tx, frame: PerformingOrder) -> None:
    """510.10: a canceled standard Order: a character it would put into play or an item it
    would equip is discarded from the hand (nothing else of it was done yet)."""
    from engine.death import move_to_discard

    card = _order_card(frame)
    if card >= 0 and card in tx.player(frame.seat).hand:
        tx.take_from_hand(frame.seat, card)
        move_to_discard(tx, card, "canceled", "510.10")


def cancelable_under(tx: Tx | GameState, index: int) -> int | None:
    """The index of the strike or action a React's frame at `index` may cancel: the frame
    right under the window the React (the action right above it) answers, when it is a
    strike, or an action not yet resolved (before its effect: a "before" or "after paying
    the cost" window)."""
    for i in range(min(index, len(tx.stack)) - 1, 0, -1):
        if isinstance(tx.stack[i], ReactWindow):
            if i + 1 >= len(tx.stack) or not isinstance(tx.stack[i + 1], PerformingAction):
                return None  # not a React performed in this window (a static text, 512.3)
            under = tx.stack[i - 1]
            if isinstance(under, Striking):
                return i - 1
            if isinstance(under, PerformingAction) and under.step in (
                _DECLARED, _PAID
            ) and not under.canceled:  # fmt: skip
                return i - 1
            if isinstance(under, PerformingOrder) and under.step is _DECLARED and (
                not under.canceled
            ):  # fmt: skip
                return i - 1
            return None
    return None


def cancel_under(tx: Tx, index: int) -> bool:
    """510.10: cancel the strike or action the React whose frame is at `index` answers.
    False when there is none, or when it is a strike that may not be canceled (602.14)."""
    from engine.react_perform import change_strike

    at = cancelable_under(tx, index)
    if at is None:
        return False
    if isinstance(tx.stack[at], Striking):
        return change_strike(tx, index, "cancel")
    cancel_action(tx, at, "canceled", "510.10")
    return True
