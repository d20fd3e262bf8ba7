"""Effects of compiled abilities beyond the primitives of engine.abilities_run: conditional
effects ("If this character is a Ranger, ...": skipped, with an event, when the condition
does not hold as the effect starts), stat changes of a group ("All characters in this rank
gain +1 AC until the end of the turn": those in it while it lasts, 700.8, engine.groups;
"adjacent characters": those adjacent as it resolves) and skill
checks (106) whose success runs `then` and whose failure runs `on_fail` ("Succeed with a
Medicine check (DC 12) to remove a wound").

`continue_ability` runs every effect that needs no frame of its own through `run`, and
`is_runnable` asks `runnable`, with the primitives of engine.abilities_run as `base`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from engine import groups
from engine.cards.abilities import Affects, Check, Duration, Effect, Op
from engine.checks import start_check
from engine.events_abilities import EffectSkipped
from engine.frames import ResolvingAbility
from engine.primitives import modify_stat
from engine.statics import GROUPS, group, holds
from engine.tx import Tx

# Ops this module runs itself (the others go to engine.abilities_run.run_effect).
OPS = frozenset({Op.CHECK})
_LASTING = (Duration.END_OF_TURN, Duration.PERMANENT)


def runnable(effect: Effect, has_target: bool, base: Callable[[Effect, bool], bool]) -> bool:
    """The engine can run `effect` (its condition, a check and what follows), `base` telling
    for the primitives of engine.abilities_run."""
    if effect.condition is not None:
        if effect.condition.who is Affects.TARGET and not has_target:
            return False
        effect = replace(effect, condition=None)
    if effect.op is Op.CHECK:
        if effect.affects is Affects.TARGET and not has_target:
            return False
        nested = (*effect.then, *effect.on_fail)
        return all(runnable(e, has_target, base) and _runs_at_once(e) for e in nested)
    if effect.affects in GROUPS:
        return effect.op is Op.MODIFY_STAT and effect.duration in _LASTING and bool(effect.stat)
    return base(effect, has_target)


def _runs_at_once(effect: Effect) -> bool:
    """What a check's success or failure does runs at once: no choice to ask there."""
    return not effect.optional and effect.op not in (Op.DISCARD, Op.SEARCH, Op.RETRIEVE)


def run(tx: Tx, frame: ResolvingAbility, effect: Effect) -> None:
    """Run one effect that needs no frame of its own (510.5 step 3)."""
    from engine.abilities_run import run_effect

    if effect.condition is not None:
        if not condition_holds(tx, frame, effect):
            _skip(tx, frame, "condition_not_met", "510.5")
            return
        effect = replace(effect, condition=None)
    if effect.op is Op.CHECK:
        _check(tx, frame, effect)
        return
    if effect.affects in GROUPS and effect.op is Op.MODIFY_STAT and effect.stat is not None:
        until_end = effect.duration is Duration.END_OF_TURN
        if effect.affects in groups.LOCATIONS:  # 700.8: also to those entering it
            groups.start(tx, frame.seat, frame.performer, effect, until_end)
            return
        one = groups.new_effect(tx)  # one effect on several cards (506.1.1)
        for uid in group(tx, frame.performer, effect):  # who is in the group as it resolves
            stat = effect.stat.value.lower()
            modify_stat(tx, frame.seat, uid, stat, effect.amount or 0, until_end, one)
        return
    run_effect(tx, frame, effect)


def condition_holds(tx: Tx, frame: ResolvingAbility, effect: Effect) -> bool:
    """The effect's condition about the performer, the target or "your Warlord" (any of the
    performer's controller's Warlords, 801.5) holds now."""
    condition = effect.condition
    assert condition is not None
    if condition.check is Check.HIT:  # the ability's strike just before (509.5 4b)
        return (frame.hit is True) != condition.negate
    if condition.who is Affects.WARLORD:
        lords = [
            u for u, unit in tx.units.items() if unit.is_warlord and unit.controller == frame.seat
        ]
        return any(holds(tx, u, condition) for u in lords)
    who = frame.target if condition.who is Affects.TARGET else frame.performer
    return who is not None and holds(tx, who, condition)


def _check(tx: Tx, frame: ResolvingAbility, effect: Effect) -> None:
    """106: the character rolls d20 + its Skill (+ the feat's bonus, 603.1.1) against the
    DC; a success runs `then`, a failure `on_fail` (105: natural 20 / natural 1)."""
    uid = frame.target if effect.affects is Affects.TARGET else frame.performer
    if uid is None or uid not in tx.units:
        _skip(tx, frame, "target_left_play", "511")
        return
    # A die roll Reacts may answer first (603.2); what follows runs from its frame.
    start_check(tx, frame.seat, uid, effect.amount or 0, effect.name, "effect",
                feat=effect.name, effect=effect)  # fmt: skip


def _skip(tx: Tx, frame: ResolvingAbility, why: str, rule: str) -> None:
    name = tx.name(frame.card)
    tx.emit(EffectSkipped(seat=frame.seat, card=frame.card, name=name, why=why, rule=rule))
