"""Skill checks and saves (106) as an engine primitive: d20 + Skill + bonuses against a DC,
with crits (105.1), advantage from Resistance and disadvantage from Weakness to the damage
type of the action that produced it (602.6, 602.11) and feat bonuses (603.1). Every die is
logged as a `Rolled` event."""

from __future__ import annotations

from collections.abc import Iterable

from engine import stats
from engine.dice import roll_against, succeeded
from engine.events import DieRoll, Rolled
from engine.feats import feat_bonus
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
    """603.1: a feat's check, d20 + Skill + the character's bonus to that feat, DC 20."""
    return passed(skill_check(tx, uid, FEAT_DC, feat, feat=feat))


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
