"""Strikes (509): melee within one rank (Reach two), ranged exactly two ranks, the strike
roll against AC with Weakness/Resistance (602.6, 602.11) and Planar (602.5), wounds."""

from __future__ import annotations

from engine import stats
from engine.cards.abilities import Means, Window
from engine.dice import roll_against, succeeded
from engine.events import Rolled, WoundsInflicted
from engine.formation import all_places, distance, locate
from engine.frames import StrikeStep, Striking
from engine.reacts import open_window
from engine.stats import Board
from engine.strike_results import run_hit_effects
from engine.tx import Tx
from engine.values import replace


def melee_reach(tx: Board, uid: int) -> int:
    """509.3 / 602.16: one rank, two with Reach."""
    return 2 if stats.has_keyword(tx, uid, "Reach") else 1


def melee_targets(tx: Board, attacker: int, opposing_only: bool = True) -> list[int]:
    """Characters a melee strike of `attacker` may target (509.3, 507.3.4)."""
    here = locate(tx.players, attacker)
    if here is None:
        return []
    reach = melee_reach(tx, attacker)
    me = tx.units[attacker].controller
    if opposing_only and here.rank > reach and here.formation == me:
        mine = tx.players[me].ranks
        if all(tx.units[u].controller == me for row in mine for u in row):
            return []  # every opposing character is in another formation, `rank` or more away
    places = all_places(tx.players)
    return [
        uid
        for uid, there in places.items()
        if uid != attacker
        and not (opposing_only and tx.units[uid].controller == me)
        and distance(here, there) <= reach
    ]


def ranged_targets(tx: Board, performer: int) -> list[int]:
    """509.4: characters exactly two ranks away."""
    places = all_places(tx.players)
    here = places.get(performer)
    if here is None:
        return []
    return [u for u, there in places.items() if u != performer and distance(here, there) == 2]


def strike(
    tx: Tx,
    performer: int,
    target: int,
    base: int,
    ranged: bool = False,
    spell: bool = False,
    label: str = "strike",
) -> bool:
    """Perform one strike at once (509.5 steps 3-7) with no react window: push its
    `Striking` frame and run it to its end. Returns whether it hit. Deaths are settled by the
    caller's flow.

    An attack or an ability pushes the frame instead (`start_strike`) and lets `advance` run
    it, so that react windows open between its steps (508)."""
    index = start_strike(tx, performer, target, base, ranged, spell, label, before_opened=True)
    hit = continue_strike(tx, index, at_once=True)
    if hit is None:
        raise RuntimeError("a strike performed at once had to wait")
    return hit


def start_strike(
    tx: Tx,
    performer: int,
    target: int,
    base: int,
    ranged: bool = False,
    spell: bool = False,
    label: str = "strike",
    before_opened: bool = False,
) -> int:
    """Push the frame of a declared, targeted strike (509.5 steps 1-2); returns its index.
    Its first step opens the "before performing" and "before targeting" window (1a, 2a: the
    target of an effect's strike was chosen with its action, 510.5), then "after targeting";
    an attack, which opened them before asking for the target, passes `before_opened`."""
    seat = tx.units[performer].controller
    step = StrikeStep.TARGETED if before_opened else StrikeStep.DECLARED
    frame = Striking(seat, performer, target, base, ranged, spell, label, step)
    if extra := stats.wound_bonus(tx, performer, ranged):  # static text (engine.statics)
        frame = replace(frame, wounds=frame.wounds + extra)
    return tx.push_frame(frame)


# 509.5: the step a strike moves on to from each step, and the windows opening as it does.
_NEXT: dict[StrikeStep, StrikeStep] = {
    StrikeStep.DECLARED: StrikeStep.TARGETED,
    StrikeStep.TARGETED: StrikeStep.BEFORE_ROLL,
    StrikeStep.BEFORE_ROLL: StrikeStep.ROLL,
    StrikeStep.ROLLED: StrikeStep.HIT,
    StrikeStep.HIT: StrikeStep.RESOLVE,
    StrikeStep.RESOLVE: StrikeStep.WOUNDS,
    StrikeStep.WOUNDED: StrikeStep.DONE,
}
_WINDOWS: dict[StrikeStep, tuple[Window, ...]] = {
    # 1a, 2a: "before performing" and "before targeting", one moment (as for an attack)
    StrikeStep.DECLARED: (Window.BEFORE_STRIKE, Window.BEFORE_TARGETING),
    StrikeStep.TARGETED: (Window.AFTER_TARGETING,),
    StrikeStep.BEFORE_ROLL: (Window.BEFORE_ROLL,),
    StrikeStep.ROLLED: (Window.AFTER_ROLL, Window.BEFORE_HIT),
    StrikeStep.RESOLVE: (Window.BEFORE_WOUNDS, Window.INSTEAD_OF_WOUNDS),
    StrikeStep.WOUNDED: (Window.AFTER_WOUNDS,),
    StrikeStep.DONE: (Window.AFTER_STRIKE,),
}


# Enum members read by the strike's steps, bound once (on CPython 3.11 `Enum.MEMBER` goes
# through EnumType.__getattr__).
_DECLARED = StrikeStep.DECLARED
_TARGETED = StrikeStep.TARGETED
_BEFORE_ROLL = StrikeStep.BEFORE_ROLL
_ROLL = StrikeStep.ROLL
_ROLLED = StrikeStep.ROLLED
_WOUNDS = StrikeStep.WOUNDS
_WOUNDED = StrikeStep.WOUNDED
_DONE = StrikeStep.DONE
_HIT = StrikeStep.HIT
_RESOLVE = StrikeStep.RESOLVE
_MELEE = Means.MELEE
_RANGED = Means.RANGED


def _window(tx: Tx, frame: Striking, step: StrikeStep) -> bool:
    """Open the react windows of the moment after `step` (509.5 a/b); True if one opened."""
    windows = _WINDOWS.get(step, ())
    if step is _HIT:
        windows = (Window.AFTER_HIT,) if frame.hit else (Window.AFTER_MISS,)
    if not windows:
        return False
    means = _RANGED if frame.ranged else _MELEE
    return open_window(
        tx,
        windows,
        seat=frame.seat,
        actor=frame.performer,
        subject=frame.target,
        means=means,
        spell=frame.spell,
    )


def continue_strike(tx: Tx, index: int, at_once: bool = False) -> bool | None:
    """Run the strike frame at `index` (the top one) through its steps (509.5): whether it
    hit once it is over and popped, or None when it stops: a react window pushed on top
    (508), or wounds just inflicted, so that deaths are settled while the strike is still
    known (its Kill Reacts, 508.6.2). `at_once` runs it with no window and no stop."""
    while True:
        frame = tx.stack[index]
        assert isinstance(frame, Striking)
        step = frame.step
        early = step in (_DECLARED, _TARGETED, _BEFORE_ROLL, _ROLL)
        if early and not (frame.performer in tx.units and frame.target in tx.units):
            # 510.12: its performer or its target left play before the roll (a React)
            tx.pop_frame()
            _report(tx, False)
            return False
        if frame.retargeted and not at_once:  # 511.6.1: targeted anew, "after targeting"
            tx.set_frame(index, replace(frame, retargeted=False))
            if _window(tx, frame, _TARGETED):
                return None
            continue
        if step is _HIT and not at_once and run_hit_effects(tx, index, bool(frame.hit)):
            return None  # 509.5 4b: the ability's effects "if the strike hits" run first
        if step is _ROLL:
            hit = roll_strike(tx, frame)
            tx.set_frame(index, replace(frame, step=_ROLLED, hit=hit))
            continue
        if step is _WOUNDS:
            tx.set_frame(index, replace(frame, step=_WOUNDED))
            if frame.target in tx.units:
                inflict_wounds(tx, frame.target, frame.wounds, source=frame.performer)
                if not at_once:
                    return None  # `advance` settles deaths, then resumes the strike
            continue
        if step is _DONE:
            assert index == len(tx.stack) - 1, "a frame left above a finished strike"
            tx.pop_frame()
            _report(tx, bool(frame.hit))
            if not at_once:
                _window(tx, frame, step)  # step 7 done: "after the strike", over its parent
            return bool(frame.hit)
        following = _NEXT.get(step, _DONE)
        wounding = step in (_HIT, _RESOLVE)
        if wounding and not (frame.hit and frame.target in tx.units):
            following = _DONE  # a miss inflicts no wounds (509.5 steps 5-6)
        tx.set_frame(index, replace(frame, step=following))
        if step is _RESOLVE and following is _DONE:
            continue
        if not at_once and _window(tx, frame, step):
            return None


def redirected_away(tx: Tx, index: int, subject: int | None, trigger: str) -> bool:
    """511.6.1: whether the react window at `index`, opened at a step of the strike under it
    about its target `subject`, is about a character that is no longer its target: "A
    character ... that has had a strike ... successfully redirected to a new target is no
    longer (and is considered to never have been) a target", so that window closes."""
    under = tx.stack[index - 1] if index > 0 else None
    if not isinstance(under, Striking) or subject is None or under.target == subject:
        return False
    return trigger.split(",")[0] in _STRIKE_WINDOWS


_STRIKE_WINDOWS = frozenset(w.value for ws in _WINDOWS.values() for w in ws) | {
    Window.AFTER_HIT.value,
    Window.AFTER_MISS.value,
}


def _report(tx: Tx, hit: bool) -> None:
    """Tell the ability that performed the strike (the frame under it) whether it hit, for
    its effects "if the strike hits" (509.5 4b)."""
    from engine.frames import ResolvingAbility

    index = len(tx.stack) - 1
    if index >= 0 and isinstance(parent := tx.stack[index], ResolvingAbility):
        tx.set_frame(index, replace(parent, hit=hit))


def roll_strike(tx: Tx, frame: Striking) -> bool:
    """509.5 steps 3-4: the strike roll against the target's AC, with Weakness/Resistance
    (602.6, 602.11) and Planar (602.5); logs the roll and returns whether it hit."""
    performer, target, ranged = frame.performer, frame.target, frame.ranged
    modifiers: list[tuple[str, int]] = [(frame.label, frame.base)]
    if not ranged:
        for card in stats.bonus_cards(tx, performer):
            if card.attack and card.attack[0]:
                modifiers.append((card.name, card.attack[0]))
        bonus = stats.modifier_total(tx, performer, "atk")
        if bonus:
            modifiers.append(("ongoing effects", bonus))
    if frame.roll_bonus:
        modifiers.append(("Marksmanship", frame.roll_bonus))  # 603.5
    types = stats.strike_damage_types(tx, performer, ranged)
    target_card = tx.card(target)
    weak = bool(types & stats.qualifiers(target_card, "Weakness"))
    resist = bool(types & stats.qualifiers(target_card, "Resistance"))
    planar = stats.has_keyword(tx, target, "Planar") and not frame.spell
    ac = stats.armor_class(tx, target)
    roll = roll_against(
        tx,
        "ranged strike" if ranged else "melee strike",
        performer,
        tuple(modifiers),
        ac,
        advantage=weak or frame.advantage,  # Charisma (603.2) gives either
        disadvantage=resist or frame.disadvantage,
        planar=planar,
    )
    hit = succeeded(roll)
    tx.emit(
        Rolled(
            seat=frame.seat,
            roll=roll,
            name=tx.name(performer),
            target=target,
            target_name=tx.name(target),
            damage_types=tuple(sorted(types)),
            result="hit" if hit else "miss",
        )
    )
    return hit


def inflict_wounds(tx: Tx, target: int, amount: int, source: int | None = None) -> None:
    """Place wounds on a character (104.1); death is checked when the flow settles (104.2)."""
    if target not in tx.units or amount <= 0:
        return
    unit = tx.update_unit(target, wounds=tx.units[target].wounds + amount)
    tx.emit(
        WoundsInflicted(
            seat=unit.controller,
            card=target,
            name=tx.name(target),
            amount=amount,
            wounds=unit.wounds,
            hit_points=stats.hit_points(tx, target),
            source=source,
        )
    )
