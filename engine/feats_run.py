"""Performing a feat (603) once its costs are paid: the DC 20 feat check (603.1), then its
effect when the check succeeds. Stealth, Magic Resistance (on a spell strike), Powerattack,
Medicine, Defend and Riposte are run by the engine; the others open a manual resolution."""

from __future__ import annotations

from dataclasses import replace

from engine.cards.abilities import Ability
from engine.checks import feat_check
from engine.events_abilities import EffectSkipped
from engine.feats import AUTOMATED_FEATS
from engine.formation import locate
from engine.frames import Striking
from engine.keywords import true_strike
from engine.primitives import heal
from engine.react_perform import change_strike, strike_under, window_under
from engine.strikes import start_strike
from engine.tx import Tx


def _skip(tx: Tx, seat: int, card: int, why: str, rule: str) -> None:
    tx.emit(EffectSkipped(seat=seat, card=card, name=tx.name(card), why=why, rule=rule))


def _strike_index(tx: Tx) -> int | None:
    """The strike the React being performed answers (its window is the top frame)."""
    return strike_under(tx, len(tx.stack))


def _true_strike(tx: Tx, index: int) -> bool:
    """602.14: the strike at `index` may not be canceled or redirected."""
    frame = tx.stack[index]
    assert isinstance(frame, Striking)
    return true_strike(tx, frame.performer)


def _adjacent_to_target(tx: Tx, uid: int) -> bool:
    """401.10: Defend answers a strike on a character "directly next to" this one in its rank."""
    index = _strike_index(tx)
    if index is None:
        return False
    frame = tx.stack[index]
    assert isinstance(frame, Striking)
    here, there = locate(tx.players, uid), locate(tx.players, frame.target)
    if here is None or there is None:
        return False
    same_rank = (here.formation, here.rank) == (there.formation, there.rank)
    return same_rank and abs(here.position - there.position) == 1


def resolve_feat(
    tx: Tx, seat: int, card: int, feat: str, ability: Ability, performer: int, target: int | None
) -> None:
    """603.1: the feat check against DC 20; on a success, the feat's effect."""
    from engine.abilities_run import open_manual

    if feat == "Defend" and not _adjacent_to_target(tx, performer):
        _skip(tx, seat, card, "no_target", "401.10")
        return
    if not feat_check(tx, performer, feat):
        _skip(tx, seat, card, "check_failed", "603.1")
        return
    if feat not in AUTOMATED_FEATS:
        open_manual(tx, seat, card, ability.effect_text or ability.text)
        return
    if feat == "Medicine":  # 603.6: heal a wounded character in this rank
        if target is not None and target in tx.units and tx.units[target].wounds:
            heal(tx, target, 1)
        else:
            _skip(tx, seat, card, "target_left_play", "603.6")
        return
    if feat == "Riposte":  # 603.9: a melee strike back at the striker
        window = window_under(tx, len(tx.stack))
        striker = window.actor if window is not None else None
        if striker is None or striker not in tx.units:
            _skip(tx, seat, card, "target_left_play", "603.9")
        else:
            base = tx.card(performer).attack[0] if tx.card(performer).attack else 0
            start_strike(tx, performer, striker, base, label="Riposte")
        return
    index = _strike_index(tx)
    if index is None:
        if feat == "Magic Resistance":  # a spell that is not a strike: canceled by hand
            open_manual(tx, seat, card, ability.effect_text)
        else:
            _skip(tx, seat, card, "no_target", "508.1")
        return
    if feat == "Powerattack":  # 603.7
        change_strike(tx, len(tx.stack), "extra_wounds", 1)
    elif feat in ("Stealth", "Magic Resistance"):  # 603.12.2, 603.4
        if _true_strike(tx, index):
            _skip(tx, seat, card, "true_strike", "602.14")
        else:
            change_strike(tx, len(tx.stack), "cancel")
    elif feat == "Defend":  # 603.3: redirect the strike to this character
        frame = tx.stack[index]
        assert isinstance(frame, Striking)
        if _true_strike(tx, index):
            _skip(tx, seat, card, "true_strike", "602.14")
        else:
            tx.set_frame(index, replace(frame, target=performer))
