"""506.1: at the end of the turn, effects lasting until then expire one at a time, the players
taking turns from the initiative winner, each resolving one effect in turn. 506.1.1: an
effect on several cards (the modifiers sharing one `Modifier.effect` id) expires for each card
individually, one card at a time, before any other effect; a seat's effects go in the order
they were made (their ids; a modifier without one, 0, is an effect of its own, first).

One card's share expires per call: `engine.turn.advance` settles deaths (a lost HP bonus can
kill, 104.2, 104.6), defeat and illegal ranks (401.6.1, in initiative order 401.6.7) between
two cards, as between two effects. `tx.step` says where the phase stands:
1 + seat + seats * effect, `seat` whose turn it is and `effect` the one it is in the middle
of (0: none; `tx.step` 0: the initiative winner's turn, nothing begun).

"The player who originally generated the effect determines the order" (506.1.1): that seat
is asked which card's share expires next (an `expiry_order` decision, default: the first
option, the order the effect reached the cards) only when the order can matter: a lost HP
bonus would kill one of the cards (its wounds reach its HP, or its HP falls to zero), or a
level change ends (rank legality, 401.6). Otherwise the shares expire in that order without
asking.
"""

from __future__ import annotations

from engine import stats
from engine.events import EffectExpired
from engine.pending import Decision, DecisionKind
from engine.state import Modifier
from engine.tx import Tx


def _where(tx: Tx) -> tuple[int | None, int]:
    """The seat whose turn it is to expire an effect (None: the initiative winner) and the
    effect it is in the middle of (0: none)."""
    if tx.step <= 0:
        return None, 0
    effect, seat = divmod(tx.step - 1, tx.config.seats)
    return seat, effect


def _set(tx: Tx, seat: int, effect: int = 0) -> None:
    tx.step = 1 + seat + tx.config.seats * effect


def _shares(tx: Tx, seat: int, effect: int) -> list[Modifier]:
    """The modifiers of `effect` (seat `seat`'s) still to expire, in the order they were made."""
    return [
        m
        for m in tx.modifiers
        if m.until_end_of_turn and m.effect == effect and m.source_seat == seat
    ]


def _next_effect(tx: Tx, seat: int) -> list[Modifier]:
    """The shares of seat `seat`'s next effect to expire (none: it has no effect left)."""
    mods = [m for m in tx.modifiers if m.until_end_of_turn and m.source_seat == seat]
    if not mods:
        return []
    first = min(mods, key=lambda m: m.effect)  # the first in the list among equal ids
    return [first] if first.effect == 0 else _shares(tx, seat, first.effect)


def expire_next(tx: Tx) -> bool:
    """Expire the next card's share of an effect (506.1, 506.1.1); False when no effect
    lasting until the end of the turn is left (the turn ends)."""
    order = tx.seat_order()
    seat, effect = _where(tx)
    if effect and seat is not None:
        shares = _shares(tx, seat, effect)
        if shares:
            _expire_one(tx, order, seat, shares)
            return True
        seat = order[(order.index(seat) + 1) % len(order)] if seat in order else None
    start = order.index(seat) if seat in order else 0
    for k in range(len(order)):
        turn = order[(start + k) % len(order)]
        shares = _next_effect(tx, turn)
        if shares:
            _expire_one(tx, order, turn, shares)
            return True
    return False


def _expire_one(tx: Tx, order: list[int], seat: int, shares: list[Modifier]) -> None:
    """The first share expires, or the seat is asked which one does (506.1.1)."""
    cards = list(dict.fromkeys(m.target for m in shares))
    if len(cards) > 1 and any(_matters(tx, m) for m in shares):
        _set(tx, seat, shares[0].effect)
        name = tx.name(shares[0].target)
        tx.push(
            Decision(
                seat,
                DecisionKind.EXPIRY_ORDER,
                f"Your effect ({shares[0].stat.upper()} {shares[0].amount:+d}) ends card by card: "
                f"choose the card it ends for next ({name} first by default).",
                tuple(cards),
                rule="506.1.1",
            )
        )
        return
    _expire(tx, order, seat, shares[0], len(shares) - 1)


def _matters(tx: Tx, mod: Modifier) -> bool:
    """Whether the share's end can change more than its card's stats: a lost HP bonus kills
    it (104.2: wounds at least its HP; 104.6: HP zero or less), a level change may make a
    rank illegal (401.6)."""
    if mod.target not in tx.units:
        return False
    if mod.stat == "level":
        return mod.amount != 0
    if mod.stat != "hp" or mod.amount <= 0:
        return False
    wounds = tx.units[mod.target].wounds
    left = stats.hit_points(tx, mod.target) - mod.amount
    return (wounds > 0 and wounds >= left) or (left <= 0 < (tx.card(mod.target).hit_points or 0))


def answer_order(tx: Tx, card: int) -> None:
    """The seat chose `card`: its share of the effect in progress expires now (506.1.1)."""
    seat, effect = _where(tx)
    assert seat is not None and effect
    shares = _shares(tx, seat, effect)
    mod = next(m for m in shares if m.target == card)
    _expire(tx, tx.seat_order(), seat, mod, len(shares) - 1)


def _expire(tx: Tx, order: list[int], seat: int, mod: Modifier, left: int) -> None:
    """One card's share of an effect expires; with `left` shares of it still to go the seat
    goes on with that effect, else the next seat's turn comes (506.1)."""
    tx.modifiers.remove(mod)
    name = tx.name(mod.target)
    tx.emit(EffectExpired(seat=seat, card=mod.target, name=name, stat=mod.stat, amount=mod.amount))
    if left and mod.effect:
        _set(tx, seat, mod.effect)
    else:
        _set(tx, order[(order.index(seat) + 1) % len(order)] if seat in order else order[0])
