"""Performing a feat (603) once its costs are paid: the DC 20 feat check (603.1, a die roll
Reacts may answer, engine.checks), then its effect when the check succeeds. Every feat is run
by the engine; where the rule leaves a choice to the performer (Charisma 603.2, Marksmanship
603.5, Sleight of Hand 603.11) a `ChoosingEffect` frame asks it as an EFFECT_CHOICE decision,
answered by `answer_effect_choice`."""

from __future__ import annotations

from dataclasses import replace

from engine.abilities_redirect import defends_action, redirect_action
from engine.cards.abilities import Ability
from engine.checks import FEAT_DC, roll_under, roller_of, start_check
from engine.choices import CHOICE_RULES, ask_choice
from engine.death import move_to_discard
from engine.events import ItemEquipped, OrientationChanged
from engine.events_abilities import EffectSkipped
from engine.feats import READIED, abilities_of, feat_of, is_spell
from engine.formation import adjacent, all_places, distance
from engine.frames import Checking, ChoosingEffect, PerformingAction, ResolvingAbility, Striking
from engine.keywords import true_strike
from engine.primitives import attach, heal
from engine.react_perform import change_strike, strike_under, window_under
from engine.strikes import start_strike
from engine.tx import Tx


def _skip(tx: Tx, seat: int, card: int, why: str, rule: str) -> None:
    tx.emit(EffectSkipped(seat=seat, card=card, name=tx.name(card), why=why, rule=rule))


def _strike_index(tx: Tx) -> int | None:
    """The strike the React being performed answers (its window is the top frame)."""
    return strike_under(tx, len(tx.stack))


def _strike(tx: Tx, index: int) -> Striking:
    frame = tx.stack[index]
    assert isinstance(frame, Striking)
    return frame


def resolve_feat(
    tx: Tx, seat: int, card: int, feat: str, ability: Ability, performer: int, target: int | None
) -> None:
    """603.1: the feat check against DC 20 (a die roll Reacts may answer first, 603.2), then
    `after_feat_check` with its result; the `PerformingAction` of the feat is the top frame."""
    index = _strike_index(tx)
    action = feat == "Defend" and index is None and defends_action(tx, performer)
    if (
        feat == "Defend"
        and not action
        and (index is None or not adjacent(tx.players, performer, _strike(tx, index).target))
    ):
        _skip(tx, seat, card, "no_target", "401.10")
        return
    start_check(tx, seat, performer, FEAT_DC, feat, "feat", feat=feat)


def after_feat_check(tx: Tx, index: int, passed: bool) -> None:
    """The feat check of the `PerformingAction` at `index` (the top frame) is rolled: on a
    success, the feat's effect (603.1)."""
    action = tx.stack[index]
    assert isinstance(action, PerformingAction)
    seat, card, performer, target = action.seat, action.card, action.performer, action.target
    feat = feat_of(abilities_of(tx.card(card))[action.ability]) or ""
    if not passed:
        _skip(tx, seat, card, "check_failed", "603.1")
        if feat == "Scribe" and target is not None and target in tx.player(seat).hand:
            tx.take_from_hand(seat, target)  # 603.10: "If the Scribe check fails, discard it"
            move_to_discard(tx, target, "discarded", "603.10")
        return
    if performer not in tx.units:
        _skip(tx, seat, card, "performer_left_play", "510.12")
        return
    if feat in ("Medicine", "Riding", "Scribe", "Sleight of Hand"):
        _order_effect(tx, seat, card, feat, performer, target)
    elif feat == "Riposte":  # 603.9: a melee strike back at the striker
        window = window_under(tx, len(tx.stack))
        striker = window.actor if window is not None else None
        if striker is None or striker not in tx.units:
            _skip(tx, seat, card, "target_left_play", "603.9")
        else:
            base = tx.card(performer).attack[0] if tx.card(performer).attack else 0
            start_strike(tx, performer, striker, base, label="Riposte")
    elif feat == "Charisma":  # 603.2: the roller's advantage or disadvantage, our choice
        roll = roll_under(tx, len(tx.stack))
        if roll is None:
            _skip(tx, seat, card, "no_target", "508.1")
        else:
            rolling = tx.stack[roll]
            assert isinstance(rolling, Striking | Checking)
            options = ("advantage", "disadvantage")
            ask_choice(tx, seat, card, performer, feat, options, roller_of(rolling))
    elif (strike := _strike_index(tx)) is None and feat == "Defend":
        redirect_action(tx, card, performer)  # 603.3: "Redirect the strike or action to ..."
    elif strike is None:
        _skip(tx, seat, card, "no_target", "508.1")  # a React answers a strike's windows
    else:
        _strike_effect(tx, seat, card, feat, performer, strike)


def _strike_effect(tx: Tx, seat: int, card: int, feat: str, performer: int, index: int) -> None:
    """The feat Reacts that change the strike they answer (the frame at `index`)."""
    frame = _strike(tx, index)
    if feat == "Powerattack":  # 603.7
        change_strike(tx, len(tx.stack), "extra_wounds", 1)
    elif feat in ("Stealth", "Magic Resistance"):  # 603.12.2, 603.4
        if true_strike(tx, frame.performer):
            _skip(tx, seat, card, "true_strike", "602.14")
            return
        change_strike(tx, len(tx.stack), "cancel")
        if feat == "Magic Resistance":
            _cancel_spell(tx, index)
    elif feat == "Defend":  # 603.3: redirect the strike to this character
        if true_strike(tx, frame.performer):
            _skip(tx, seat, card, "true_strike", "602.14")
        elif frame.label == "Riposte":
            _skip(tx, seat, card, "riposte", "603.9")  # "This strike may not be redirected"
        else:
            from engine.choose_card import redirect

            redirect(tx, card, performer)  # 511.6: targeted anew (its windows open again)
    elif feat == "Marksmanship":  # 603.5: choose one of three
        here = all_places(tx.players).get(frame.performer)
        farther = [
            u
            for u, there in sorted(all_places(tx.players).items())
            if here is not None and distance(here, there) == 3
        ]
        options = ("roll_bonus", "extra_wound", *(f"target:{u}" for u in farther))
        ask_choice(tx, seat, card, performer, feat, options, frame.target)


def _cancel_spell(tx: Tx, strike: int) -> None:
    """603.4: "Cancel the spell": its strike (done above) and the rest of its effects."""
    for i in range(strike - 1, -1, -1):
        frame = tx.stack[i]
        if isinstance(frame, ResolvingAbility):
            if is_spell(tx.card(frame.card)):
                from engine.feats import abilities_of

                left = len(abilities_of(tx.card(frame.card))[frame.ability].effects)
                tx.set_frame(i, replace(frame, next_effect=left, strikes_done=0))
            return


def _order_effect(
    tx: Tx, seat: int, card: int, feat: str, performer: int, target: int | None
) -> None:
    """The effects of the feat Orders, each on its target (checked legal when declared)."""
    rule = {"Medicine": "603.6", "Riding": "603.8", "Scribe": "603.10"}.get(feat, "603.11")
    if feat == "Scribe":  # 603.10: attach the revealed spell to this character
        if target is None or target not in tx.player(seat).hand:
            _skip(tx, seat, card, "target_left_play", rule)
            return
        tx.take_from_hand(seat, target)
        attach(tx, seat, target, performer)
        return
    bearer = _bearer(tx, target)
    if feat == "Medicine":  # 603.6: heal a wounded character in this rank
        if target is not None and target in tx.units and tx.units[target].wounds:
            heal(tx, target, 1)
        else:
            _skip(tx, seat, card, "target_left_play", rule)
    elif target is None or bearer is None:
        _skip(tx, seat, card, "target_left_play", rule)
    elif feat == "Riding":  # 603.8: ready the Steed (items are spent by their costs)
        tx.used_abilities = (*tx.used_abilities, (target, READIED, tx.turn))
        name = tx.name(target)
        tx.emit(OrientationChanged(seat=seat, card=target, name=name, orientation="ready",
                                   why="ability_effect", rule=rule))  # fmt: skip
    else:  # Sleight of Hand
        from engine.orders import equip_requirement_problem
        from engine.resolve import destroy_item

        if equip_requirement_problem(tx, seat, tx.card(target), performer) is None:
            ask_choice(tx, seat, card, performer, feat, ("gain_control", "decline"), target)
        else:
            destroy_item(tx, bearer, target)


def _bearer(tx: Tx, item: int | None) -> int | None:
    """The character an item is equipped to, or None."""
    return next((u for u, unit in tx.units.items() if item in unit.items), None)


def apply_feat_choice(tx: Tx, index: int, frame: ChoosingEffect, code: str) -> None:
    """Apply the choice made for a successful feat (its frame, at `index`, is popped)."""
    if frame.what == "Sleight of Hand":  # 603.11: "you may gain control ... and equip it"
        bearer = _bearer(tx, frame.target)
        if code == "gain_control" and frame.target is not None and bearer is not None:
            _take_item(tx, frame.seat, frame.target, bearer, frame.performer)
        return
    if frame.what == "Charisma":  # 603.2: on the strike or the check it answers
        roll = roll_under(tx, index)
        if roll is None or frame.performer not in tx.units:
            _skip(tx, frame.seat, frame.card, "target_left_play", CHOICE_RULES[frame.what])
            return
        rolling = tx.stack[roll]
        assert isinstance(rolling, Striking | Checking)
        if code == "advantage":
            tx.set_frame(roll, replace(rolling, advantage=True))
        else:
            tx.set_frame(roll, replace(rolling, disadvantage=True))
        return
    strike = strike_under(tx, index)
    if strike is None or frame.performer not in tx.units:
        _skip(tx, frame.seat, frame.card, "target_left_play", CHOICE_RULES[frame.what])
        return
    striking = _strike(tx, strike)
    if code == "roll_bonus":
        striking = replace(striking, roll_bonus=striking.roll_bonus + 5)
    elif code == "extra_wound":
        striking = replace(striking, wounds=striking.wounds + 1)
    elif code.startswith("target:"):
        # Targeted again from farther away: its "after targeting" windows open anew (509.5).
        from engine.frames import StrikeStep

        new = int(code.split(":")[1])
        striking = replace(striking, target=new, step=StrikeStep.TARGETED)
    tx.set_frame(strike, striking)


def _take_item(tx: Tx, seat: int, item: int, bearer: int, uid: int) -> None:
    """603.11: the item changes bearer, and so controller, and is equipped to `uid`."""
    from engine.resolve import ask_destroy

    old = tx.units[bearer]
    tx.update_unit(bearer, items=tuple(i for i in old.items if i != item))
    tx.update_unit(uid, items=(*tx.units[uid].items, item))
    tx.emit(ItemEquipped(seat=seat, card=item, name=tx.name(item), to=uid, to_name=tx.name(uid)))
    ask_destroy(tx, seat, uid, item)  # 302.7: one item per equip location
