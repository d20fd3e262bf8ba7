"""Characters in another player's formation (710): where they stand and when they return."""

from __future__ import annotations

from engine.events import Moved, PlacedInLastRank, ReturnedToFormation
from engine.formation import locate
from engine.tx import Tx


def return_home(tx: Tx, uid: int, rule: str) -> None:
    """Put a character back in its controller's front rank, same orientation; not a move."""
    unit = tx.units[uid]
    tx.relocate(uid, unit.controller, 1)
    tx.update_unit(uid, formation=unit.controller)
    tx.emit(ReturnedToFormation(seat=unit.controller, card=uid, name=tx.name(uid), rule=rule))


def fix_other_formations(tx: Tx) -> None:
    """710.2: beyond another formation's last occupied rank, stand in that rank; 710.3: with
    nobody else left there, return home; 710.4: with nobody of yours at home, return home.

    The returns are found on one snapshot and made together ("if at any time"): one return
    never cancels another, whatever the characters' instance numbers; then the check repeats."""
    if all(u.formation == u.controller for u in tx.units.values()):
        return  # nobody stands in another player's formation: the common case
    while any(u.formation != u.controller for u in tx.units.values()):
        returns = [(uid, rule) for uid, rule in _returns(tx) if rule]
        if not returns:
            break
        for uid, rule in returns:
            return_home(tx, uid, rule)
    for uid in [u.id for u in tx.units.values() if u.formation != u.controller]:
        unit = tx.units[uid]
        others = _foreign_ranks(tx, uid)
        place = locate(tx.players, uid)
        last = max(others)
        if place is not None and place.rank > last:
            tx.relocate(uid, unit.formation, last)
            name = tx.name(uid)
            tx.emit(PlacedInLastRank(seat=unit.controller, card=uid, name=name, rank=last))


def _foreign_ranks(tx: Tx, uid: int) -> list[int]:
    """Ranks of the formation `uid` stands in that hold characters its controller does not
    control."""
    unit = tx.units[uid]
    host = tx.player(unit.formation)
    return [
        r + 1
        for r, row in enumerate(host.ranks)
        for u in row
        if tx.units[u].controller != unit.controller
    ]


def _returns(tx: Tx) -> list[tuple[int, str]]:
    """Each character in another formation with the rule that sends it home now ("" if none)."""
    found = []
    for uid in sorted(u.id for u in tx.units.values() if u.formation != u.controller):
        controller = tx.units[uid].controller
        at_home = any(
            tx.units[u].controller == controller for row in tx.player(controller).ranks for u in row
        )
        if not _foreign_ranks(tx, uid):
            found.append((uid, "710.3"))
        elif not at_home:
            found.append((uid, "710.4"))
        else:
            found.append((uid, ""))
    return found


def move_into_formation(tx: Tx, uid: int, seat: int, rank: int) -> None:
    """Move a character into another player's formation (only effects do this, 710.1)."""
    tx.relocate(uid, seat, rank)
    tx.update_unit(uid, formation=seat)
    controller = tx.units[uid].controller
    tx.emit(Moved(seat=controller, card=uid, name=tx.name(uid), to_rank=rank, formation=seat))
