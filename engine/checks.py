"""Skill checks and saves (106): d20 + Skill + bonuses against a DC, with crits (105.1),
advantage from Resistance and disadvantage from Weakness to the damage type of the action
that produced it (602.6, 602.11) and feat bonuses (603.1). Every die is logged as a `Rolled`
event.

A check is a die roll, so Reacts "before ... makes a die roll" (Charisma 603.2) or "before
... makes a check / save" answer it: `start_check` pushes a `Checking` frame and opens its
"before rolling" window (508.1) when some seat could answer it (else it rolls at once, with
no pause), then rolls with the advantage or disadvantage given and runs what follows for the
frame under it (an effect's success or failure, a save's failure, a feat's effect)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from engine import stats
from engine.cards.abilities import Effect, Window
from engine.dice import roll_against, succeeded
from engine.events import DieRoll, Rolled
from engine.events_abilities import EffectSkipped
from engine.feats import abilities_of, feat_bonus
from engine.frames import (
    Checking,
    CheckStep,
    PerformingAction,
    ReactWindow,
    ResolvingAbility,
    Striking,
)
from engine.reacts import open_window
from engine.stats import Board
from engine.tx import Tx

FEAT_DC = 20  # 603.1: every feat check is against DC 20

# Stats of ongoing modifiers (512) that add to rolls: "check" to every skill check, "save" to
# saves only (106.2: saves are skill checks, not the other way around).
CHECK_STAT = "check"
SAVE_STAT = "save"


def check_modifiers(
    board: Board, uid: int, save: bool = False, feat: str = ""
) -> tuple[tuple[str, int], ...]:
    """What is added to the d20 (106.1): Skill, bonuses to checks (and to saves for a save,
    106.2) and the character's bonus to `feat` when the check is feat-based (603.1, 603.1.1)."""
    parts: list[tuple[str, int]] = [("Skill", stats.skill(board, uid))]
    checks = stats.modifier_total(board, uid, CHECK_STAT)
    if checks:
        parts.append(("bonus to checks", checks))
    if save:
        saves = stats.modifier_total(board, uid, SAVE_STAT)
        if saves:
            parts.append(("bonus to saves", saves))
    if feat:
        bonus = feat_bonus(board, uid, feat)
        if bonus:
            parts.append((feat, bonus))
    return tuple(parts)


def skill_check(
    tx: Tx,
    uid: int,
    dc: int,
    name: str,
    save: bool = False,
    feat: str = "",
    damage_types: Iterable[str] = (),
    advantage: bool = False,
    disadvantage: bool = False,
) -> DieRoll:
    """Roll a skill check (or a save) of character `uid` against `dc` and log it (106.1):
    a natural 20 succeeds and a natural 1 fails whatever the total (105.1). `damage_types`
    are those of the action producing it: Resistance gives advantage, Weakness disadvantage
    (602.6, 602.11); both cancel (105.2.4). Use `passed` on the result."""
    types = {t.casefold() for t in damage_types}
    card = tx.card(uid)
    advantage = advantage or bool(types & stats.qualifiers(card, "Resistance"))
    disadvantage = disadvantage or bool(types & stats.qualifiers(card, "Weakness"))
    purpose = f"{name} {'save' if save else 'check'}".strip()
    roll = roll_against(
        tx,
        purpose,
        uid,
        check_modifiers(tx, uid, save, feat),
        dc,
        advantage=advantage,
        disadvantage=disadvantage,
    )
    ok = succeeded(roll)
    tx.emit(
        Rolled(
            seat=tx.units[uid].controller,
            roll=roll,
            name=tx.name(uid),
            result="success" if ok else "failure",
        )
    )
    return roll


def passed(roll: DieRoll) -> bool:
    """106.4: the check met or exceeded its DC (or was a critical success, 105.1.1)."""
    return succeeded(roll)


def feat_check(tx: Tx, uid: int, feat: str) -> bool:
    """603.1: a feat's check, d20 + Skill + the character's bonus to that feat, DC 20, rolled
    at once (a feat performed goes through `start_check`, which lets Reacts answer it)."""
    return passed(skill_check(tx, uid, FEAT_DC, feat, feat=feat))


# --- a check as a frame, with its "before rolling" window ---------------------------------

# 508.5: a React "before ... makes a check / save" is the most specific; Charisma's "before
# ... makes a die roll" (603.2) answers every roll.
BEFORE_CHECK = (Window.BEFORE_CHECK, Window.BEFORE_ROLL)
_ROLL = CheckStep.ROLL
_FOLLOW = CheckStep.FOLLOW


def start_check(
    tx: Tx,
    seat: int,
    roller: int,
    dc: int,
    name: str,
    then: str,
    *,
    save: bool = False,
    feat: str = "",
    damage_types: Iterable[str] = (),
    effect: Effect | None = None,
) -> bool:
    """`roller` makes a check (or a save) against `dc` for the frame on top of the stack
    (`then`: "effect" or "save" for the `ResolvingAbility` running `effect`, "feat" for the
    `PerformingAction` of a feat, "adjust" for a manual resolution; see `Checking`). Its
    "before rolling" window opens when a seat could answer it (508.1); otherwise it is rolled
    and what follows runs at once. True when the game now waits on a decision."""
    path: tuple[int, ...] = ()
    if effect is not None:
        top = tx.stack[-1]
        assert isinstance(top, ResolvingAbility)
        path = effect_path(abilities_of(tx.card(top.card))[top.ability].effects, effect)
    frame = Checking(seat, roller, dc, name, then, save, feat, tuple(damage_types), path)
    index = tx.push_frame(frame)
    controller = tx.units[roller].controller
    if open_window(tx, BEFORE_CHECK, seat=controller, actor=roller, subject=roller):
        return False  # `engine.turn.advance` asks the window, then resumes the check
    return continue_check(tx, index)


def continue_check(tx: Tx, index: int) -> bool:
    """Go on with the `Checking` frame at `index` (the top one): roll it with the advantage
    or disadvantage Reacts gave, then run what follows. True when the game now waits on a
    decision; False when a frame was pushed above or the check is done (popped)."""
    frame = tx.stack[index]
    assert isinstance(frame, Checking)
    if frame.step is _ROLL:
        if frame.roller not in tx.units:  # a React took it out of play (510.12, 511)
            tx.pop_frame()
            _skipped(tx, index - 1, "target_left_play", "106.1")
            return False
        roll = skill_check(
            tx,
            frame.roller,
            frame.dc,
            frame.name,
            frame.save,
            frame.feat,
            frame.damage_types,
            frame.advantage,
            frame.disadvantage,
        )
        frame = replace(frame, step=_FOLLOW, passed=passed(roll))
        tx.set_frame(index, frame)
    if frame.then == "feat":
        tx.pop_frame()
        from engine.feats_run import after_feat_check

        after_feat_check(tx, index - 1, bool(frame.passed))
        return bool(tx.pending)
    if frame.then not in ("effect", "save"):
        tx.pop_frame()  # an adjustment: its seat resolves what follows by hand
        return False
    return _follow(tx, index, frame)


def _follow(tx: Tx, index: int, frame: Checking) -> bool:
    """Run what the check's result does (106.4): a CHECK effect's `then` on a success and
    `on_fail` on a failure, a SAVE's `on_fail` on the saving character on a failure; one
    effect at a time, since one may push a frame (an attack, another check)."""
    from engine import abilities_effects
    from engine.abilities_run import apply_to

    ability = tx.stack[index - 1]
    assert isinstance(ability, ResolvingAbility)
    effect = effect_at(abilities_of(tx.card(ability.card))[ability.ability].effects, frame.effect)
    if frame.then == "save":
        following = () if frame.passed else effect.on_fail
    else:
        following = effect.then if frame.passed else effect.on_fail
        if frame.next == 0 and not frame.passed and effect.then and not effect.on_fail:
            _skipped(tx, index - 1, "check_failed", "106.1")
    while frame.next < len(following):
        nested = following[frame.next]
        frame = replace(frame, next=frame.next + 1)
        tx.set_frame(index, frame)
        if frame.then == "effect":
            abilities_effects.run(tx, ability, nested)
        elif frame.roller in tx.units:
            apply_to(tx, ability, nested, frame.roller)
        if tx.pending:
            return True
        if tx.top_frame() is not frame:
            return False
    tx.pop_frame()
    return False


def _skipped(tx: Tx, index: int, why: str, rule: str) -> None:
    """Log that the effect of the frame at `index` (the ability or feat making the check) is
    not carried out."""
    frame = tx.stack[index] if 0 <= index < len(tx.stack) else None
    if isinstance(frame, ResolvingAbility | PerformingAction):
        name = tx.name(frame.card)
        tx.emit(EffectSkipped(seat=frame.seat, card=frame.card, name=name, why=why, rule=rule))


def effect_path(effects: tuple[Effect, ...], wanted: Effect) -> tuple[int, ...]:
    """Where `wanted` is among `effects` and what follows their checks (`Checking.effect`):
    by identity, else by value (an effect whose condition was checked runs without it)."""
    for i, effect in enumerate(effects):
        if effect is wanted or effect == wanted or replace(effect, condition=None) == wanted:
            return (i,)
        for branch, nested in enumerate((effect.then, effect.on_fail)):
            found = effect_path(nested, wanted) if nested else ()
            if found:
                return (i, branch, *found)
    return ()


def effect_at(effects: tuple[Effect, ...], path: tuple[int, ...]) -> Effect:
    """The effect at `path` (`effect_path`)."""
    effect = effects[path[0]]
    for at in range(1, len(path), 2):
        effect = (effect.then, effect.on_fail)[path[at]][path[at + 1]]
    return effect


def roll_under(tx: Tx, index: int) -> int | None:
    """The index of the roll a React's frame at `index` answers: the strike (509.5) or the
    check (106) right under its window, if the window is one of theirs."""
    for i in range(min(index, len(tx.stack)) - 1, 0, -1):
        if isinstance(tx.stack[i], ReactWindow):
            return i - 1 if isinstance(tx.stack[i - 1], Striking | Checking) else None
    return None


def roller_of(frame: Striking | Checking) -> int:
    """Who makes the roll: the striker or the character making the check."""
    return frame.performer if isinstance(frame, Striking) else frame.roller


def save_damage_types(board: Board, card: int, ability: int) -> tuple[str, ...]:
    """The damage types of the action producing a save (602.6, 602.11): the element of the
    ability ("React (Fire):") and the card's printed damage type."""
    printed = board.card(card)
    types = []
    if ability < len(printed.abilities) and printed.abilities[ability].element:
        types.append(printed.abilities[ability].element)
    if printed.damage_type is not None:
        types.append(str(printed.damage_type.value))
    return tuple(types)
