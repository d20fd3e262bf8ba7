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
    """504: every seat's Warlord rolls; a lone 20 wins (504.4); tied highest reroll (504.5).

    `rollers` maps seat to the rolling Warlord; returns the winning seat.
    """
    contenders = dict(rollers)
    while True:
        results: dict[int, int] = {}
        for seat, warlord in contenders.items():
            natural = tx.die()
            roll = DieRoll(
                "initiative",
                warlord,
                (natural,),
                natural,
                "none",
                (),
                natural,
                None,
                "critical success" if natural == 20 else "rolled",
            )
            tx.emit(Rolled(seat=seat, roll=roll, name=tx.name(warlord)))
            results[seat] = natural
        crits = [s for s, v in results.items() if v == 20]
        if len(crits) == 1:
            return crits[0]
        best = max(results.values())
        top = crits or [s for s, v in results.items() if v == best]
        if len(top) == 1:
            return top[0]
        tx.emit(InitiativeTied(seats=tuple(top)))
        contenders = {s: contenders[s] for s in top}
