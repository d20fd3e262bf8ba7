"""Die rolls (105): crits, advantage and disadvantage and their cancelling, Planar (602.5)."""

from __future__ import annotations

from engine.events import DieRoll, InitiativeTied, Rolled
from engine.tx import Tx


def advantage_mode(advantage: bool, disadvantage: bool) -> str:
    """105.2.4: both cancel; several instances still roll only two dice (105.2.6)."""
    if advantage and disadvantage:
        return "cancelled"
    if advantage:
        return "advantage"
    if disadvantage:
        return "disadvantage"
    return "none"


def keep(naturals: tuple[int, ...], mode: str, planar: bool) -> int:
    """The die kept (105.2.1-105.2.3): against Planar, advantage keeps the highest even roll
    and disadvantage the lowest odd roll, when there is one."""
    if mode == "advantage":
        evens = [d for d in naturals if d % 2 == 0]
        return max(evens) if planar and evens else max(naturals)
    if mode == "disadvantage":
        odds = [d for d in naturals if d % 2 == 1]
        return min(odds) if planar and odds else min(naturals)
    return naturals[0]


def roll_against(
    tx: Tx,
    purpose: str,
    roller: int,
    modifiers: tuple[tuple[str, int], ...],
    target: int,
    advantage: bool = False,
    disadvantage: bool = False,
    planar: bool = False,
) -> DieRoll:
    """Roll a d20 plus modifiers against a target number; crits decide first (105.1)."""
    mode = advantage_mode(advantage, disadvantage)
    count = 2 if mode in ("advantage", "disadvantage") else 1
    naturals = tuple(tx.die() for _ in range(count))
    kept = keep(naturals, mode, planar)
    total = kept + sum(v for _, v in modifiers)
    if kept == 20:
        outcome = "critical success"
    elif kept == 1:
        outcome = "critical failure"
    elif planar and kept % 2 == 1:
        outcome = "miss (odd roll against Planar, 602.5)"
    elif total >= target:
        outcome = "success"
    else:
        outcome = "failure"
    return DieRoll(purpose, roller, naturals, kept, mode, modifiers, total, target, outcome)


def succeeded(roll: DieRoll) -> bool:
    return roll.outcome in ("critical success", "success")


def roll_initiative(tx: Tx, rollers: dict[int, int]) -> int:
    """504: every seat's Warlord rolls and adds its initiative bonuses (504.2, modifiers of stat
    "initiative"); a lone 20 wins (504.4); a lone 1 loses whatever the bonuses (105.1.3); the
    tied highest reroll with the same bonuses, several 20s regardless of bonuses (504.5).

    `rollers` maps seat to the rolling Warlord; returns the winning seat. Bonuses "for the next
    initiative roll" (not until the end of the turn) end once the winner is known."""
    contenders = dict(rollers)
    while True:
        naturals: dict[int, int] = {}
        totals: dict[int, int] = {}
        for seat, warlord in contenders.items():
            natural = tx.die()
            bonus = sum(
                m.amount for m in tx.modifiers if m.target == warlord and m.stat == "initiative"
            )
            modifiers = (("initiative bonus", bonus),) if bonus else ()
            outcome = "critical success" if natural == 20 else "rolled"
            if natural == 1:
                outcome = "critical failure"
            roll = DieRoll(
                "initiative",
                warlord,
                (natural,),
                natural,
                "none",
                modifiers,
                natural + bonus,
                None,
                outcome,
            )
            tx.emit(Rolled(seat=seat, roll=roll, name=tx.name(warlord)))
            naturals[seat], totals[seat] = natural, natural + bonus
        crits = [s for s, v in naturals.items() if v == 20]
        if len(crits) == 1 or crits:
            top = crits
        else:
            fails = [s for s, v in naturals.items() if v == 1]
            pool = [s for s in totals if s not in fails] if len(fails) < len(totals) else []
            best = max((totals[s] for s in pool), default=None)
            top = [s for s in pool if totals[s] == best] if pool else list(totals)
        if len(top) == 1:
            used = set(rollers.values())
            tx.modifiers = [
                m
                for m in tx.modifiers
                if not (m.stat == "initiative" and not m.until_end_of_turn and m.target in used)
            ]
            return top[0]
        tx.emit(InitiativeTied(seats=tuple(top)))
        contenders = {s: contenders[s] for s in top}
