"""700.8: a stat change to the characters in a location ("Characters in your army gain +1 HP
until end of turn", "All characters in this rank ...") applies to characters entering that
location while it lasts and stops for those leaving it. The effect is kept in
`GameState.group_effects`; each character in its location holds one Modifier tagged with the
effect's id, added and removed as characters enter and leave (`sync`, at every settle), so a
character's stats still depend only on its modifiers. A bonus to characters named directly
("adjacent characters", "your Warlord", a target) stays a plain Modifier on each of them.
"""

from __future__ import annotations

from engine.cards.abilities import Affects, Effect
from engine.events import StatModified
from engine.formation import locate
from engine.state import GroupEffect, Modifier
from engine.statics import _is
from engine.tx import Tx

# The locations of 700.8: an army or a rank (with or without the performer itself).
LOCATIONS = frozenset({Affects.ARMY, Affects.OTHERS_IN_ARMY, Affects.RANK, Affects.OTHERS_IN_RANK})


def new_effect(tx: Tx) -> int:
    """A fresh effect id (`Modifier.effect`, 506.1.1), above every id in force: the same game
    allocates the same ids, and a later effect has a higher one."""
    used = [g.id for g in tx.group_effects]
    used += [max(m.effect, m.group) for m in tx.modifiers]
    return max(used, default=0) + 1


def start(tx: Tx, seat: int, performer: int, effect: Effect, until_end: bool) -> None:
    """The group effect `effect` of `performer` (controlled by `seat`) starts: the characters
    in its location gain it now, and those entering later while it lasts."""
    assert effect.stat is not None
    army = effect.affects in (Affects.ARMY, Affects.OTHERS_IN_ARMY)
    place = locate(tx.players, performer)
    if army:
        side, rank = (tx.units[performer].controller if performer in tx.units else seat), 0
    elif place is None:
        return  # "this rank" of a character no longer in play: no location
    else:
        side, rank = place.formation, place.rank
    others = effect.affects in (Affects.OTHERS_IN_ARMY, Affects.OTHERS_IN_RANK)
    group = GroupEffect(
        id=new_effect(tx),
        affects="army" if army else "rank",
        seat=side,
        rank=rank,
        exclude=performer if others else -1,
        name=effect.name or "",
        stat=effect.stat.value.lower(),
        amount=effect.amount or 0,
        source_seat=seat,
        until_end_of_turn=until_end,
    )
    tx.group_effects = (*tx.group_effects, group)
    sync(tx)


def members(tx: Tx, group: GroupEffect) -> list[int]:
    """The characters in the group's location now, in id order."""
    found = []
    for uid in sorted(tx.units):
        if uid == group.exclude:
            continue
        if group.affects == "army":
            inside = tx.units[uid].controller == group.seat
        else:
            place = locate(tx.players, uid)
            inside = place is not None and (place.formation, place.rank) == (
                group.seat,
                group.rank,
            )
        if inside and (not group.name or _is(tx.card(uid), group.name)):
            found.append(uid)
    return found


def sync(tx: Tx) -> None:
    """Characters that entered a group effect's location gain its modifier (with an event),
    those that left it lose theirs. A defeated seat's effects end with it (like its modifiers)."""
    if any(tx.players[g.source_seat].eliminated for g in tx.group_effects):
        tx.group_effects = tuple(
            g for g in tx.group_effects if not tx.players[g.source_seat].eliminated
        )
    for group in tx.group_effects:
        inside = members(tx, group)
        holding = {m.target for m in tx.modifiers if m.group == group.id}
        if holding.difference(inside):
            tx.modifiers = [m for m in tx.modifiers if m.group != group.id or m.target in inside]
        for uid in inside:
            if uid in holding:
                continue
            tx.modifiers.append(
                Modifier(
                    uid, group.stat, group.amount, group.source_seat, group.until_end_of_turn,
                    group.id, group.id,
                )
            )  # fmt: skip
            until = "end_of_turn" if group.until_end_of_turn else "permanent"
            tx.emit(
                StatModified(
                    seat=group.source_seat, card=uid, name=tx.name(uid), stat=group.stat,
                    amount=group.amount, until=until,
                )
            )  # fmt: skip


def end_turn(tx: Tx) -> None:
    """506.1: group effects lasting until the end of the turn take no more characters; the
    modifiers they gave expire one at a time like the others."""
    if any(g.until_end_of_turn for g in tx.group_effects):
        tx.group_effects = tuple(g for g in tx.group_effects if not g.until_end_of_turn)
