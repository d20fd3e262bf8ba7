"""Strikes (509): melee within one rank (Reach two), ranged exactly two ranks, the strike
roll against AC with Weakness/Resistance (602.6, 602.11) and Planar (602.5), wounds."""

from __future__ import annotations

from engine import stats
from engine.dice import roll_against, succeeded
from engine.events import Rolled, WoundsInflicted
from engine.formation import all_places, distance, locate
from engine.stats import Board
from engine.tx import Tx


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
    """Perform one strike (509.5 steps 3-7): roll, hit or miss, inflict one wound on a hit.

    Melee strikes add the performer's ATK bonuses (509.3.2); ranged strikes do not
    (509.4.1). Returns whether the strike hit. Deaths are settled by the caller's flow.
    """
    modifiers: list[tuple[str, int]] = [(label, base)]
    if not ranged:
        for card in stats.bonus_cards(tx, performer):
            if card.attack and card.attack[0]:
                modifiers.append((card.name, card.attack[0]))
        bonus = stats.modifier_total(tx, performer, "atk")
        if bonus:
            modifiers.append(("ongoing effects", bonus))
    types = stats.strike_damage_types(tx, performer, ranged)
    target_card = tx.card(target)
    weak = bool(types & stats.qualifiers(target_card, "Weakness"))
    resist = bool(types & stats.qualifiers(target_card, "Resistance"))
    planar = stats.has_keyword(tx, target, "Planar") and not spell
    ac = stats.armor_class(tx, target)
    roll = roll_against(
        tx,
        "ranged strike" if ranged else "melee strike",
        performer,
        tuple(modifiers),
        ac,
        advantage=weak,
        disadvantage=resist,
        planar=planar,
    )
    hit = succeeded(roll)
    tx.emit(
        Rolled(
            seat=tx.units[performer].controller,
            roll=roll,
            name=tx.name(performer),
            target=target,
            target_name=tx.name(target),
            damage_types=tuple(sorted(types)),
            result="hit" if hit else "miss",
        )
    )
    if hit:
        inflict_wounds(tx, target, 1, source=performer)
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
