"""Effect primitives shared by compiled effects (engine.abilities_run) and manual adjustments
(engine.adjustments): each changes a transaction and logs an event. Deaths and illegal ranks
are settled by the flow afterwards (104.2, 401.6)."""

from __future__ import annotations

from engine.cards.abilities import Window
from engine.death import die, leave_play, move_to_discard
from engine.events import CardDrawn, StatModified
from engine.events_abilities import (
    CardAttached,
    CardToHand,
    CountersChanged,
    DeckShuffled,
    EffectSkipped,
    Healed,
)
from engine.formation import locate
from engine.frames import Placement
from engine.groups import new_effect
from engine.resolve import ask_position, spend
from engine.state import Modifier, Orientation
from engine.tx import Tx

STATS = ("atk", "ac", "skill", "hp", "level")


def set_orientation(tx: Tx, uid: int, orientation: Orientation, why: str, rule: str) -> None:
    """Spend, stun or ready a character and log why (an OrientationChanged `why` code)."""
    spend(tx, uid, why, rule, orientation)


def heal(tx: Tx, uid: int, amount: int | None) -> None:
    """Remove `amount` wounds (None: all) from a character."""
    unit = tx.units[uid]
    removed = unit.wounds if amount is None else min(amount, unit.wounds)
    unit = tx.update_unit(uid, wounds=unit.wounds - removed)
    tx.emit(
        Healed(
            seat=unit.controller, card=uid, name=tx.name(uid), amount=removed, wounds=unit.wounds
        )
    )


def kill(tx: Tx, uid: int, rule: str, windows: bool = True) -> None:
    """A character is killed by an effect: its Death React window first (508.6.1; it dies
    when the window closes, unless it left play, 508.7), then it dies (104.8) and the Kill
    and after-death windows open (508.6.2). A cost kills at once (`windows` False)."""
    if not windows:
        die(tx, uid, "killed", rule)
        return
    from engine.death import after_death_windows, killer_of
    from engine.reacts import open_window

    killer = killer_of(tx, uid)
    seat = tx.units[uid].controller
    if open_window(tx, (Window.DEATH,), seat=seat, actor=killer, subject=uid, killed=rule):
        return
    die(tx, uid, "killed", rule)
    after_death_windows(tx, uid, killer)


def move_ranks(tx: Tx, uid: int, ranks: int, source: int) -> None:
    """Move a character `ranks` ranks (positive: forward) in the formation it stands in;
    its controller chooses where in the new rank (401.7)."""
    place = locate(tx.players, uid)
    if place is None:
        return
    rank = place.rank - ranks
    if rank < 1:
        tx.emit(EffectSkipped(seat=tx.units[uid].controller, card=source,
                              name=tx.name(source), why="no_room", rule="401.5"))  # fmt: skip
        return
    ask_position(tx, tx.units[uid].controller, uid, rank, Placement.MOVE, place.formation)


def modify_stat(
    tx: Tx, seat: int, uid: int, stat: str, amount: int, until_end: bool, effect: int = 0
) -> None:
    """A stat modifier on a character until the end of the turn (506.1) or for good, made by
    effect `effect` (an effect on several cards passes one id to each, 506.1.1; 0: a new one)."""
    effect = effect or new_effect(tx)
    tx.modifiers.append(Modifier(uid, stat, amount, seat, until_end, effect=effect))
    until = "end_of_turn" if until_end else "permanent"
    name = tx.name(uid)
    tx.emit(StatModified(seat=seat, card=uid, name=name, stat=stat, amount=amount, until=until))


def draw(tx: Tx, seat: int, amount: int, source: int) -> None:
    for _ in range(amount):
        player = tx.player(seat)
        if not player.deck:
            tx.emit(EffectSkipped(seat=seat, card=source, name=tx.name(source), why="empty_deck"))
            return
        card = player.deck[0]
        tx.update_player(seat, hand=(*player.hand, card), deck=player.deck[1:])
        tx.emit(CardDrawn(seat=seat, card=card, name=tx.name(card)))


def to_hand(tx: Tx, card: int, zone: str) -> None:
    """Put a card into its owner's hand from its discard pile, deck or play."""
    owner = tx.owners[card]
    player = tx.player(owner)
    if zone == "discard":
        tx.update_player(owner, discard=tuple(c for c in player.discard if c != card))
    elif zone == "deck":
        tx.update_player(owner, deck=tuple(c for c in player.deck if c != card))
    elif zone == "play":
        leave_play_to_hand(tx, card)
    elif zone == "action":
        leave_action_zone(tx, card)
    tx.update_player(owner, hand=(*tx.player(owner).hand, card))
    tx.emit(CardToHand(seat=owner, card=card, name=tx.name(card), zone=zone))


def leave_play_to_hand(tx: Tx, card: int) -> None:
    """Take a card out of play without discarding it (its items and attachments are)."""
    if card in tx.units:
        unit = tx.units[card]
        leave_play(tx, card, "returned", "400.3")
        owner = tx.owners[card]
        player = tx.player(owner)
        tx.update_player(owner, discard=tuple(c for c in player.discard if c != card))
        del unit
        return
    detach(tx, card)


def detach(tx: Tx, card: int) -> None:
    """Remove an item or attached card from the character that holds it."""
    for uid, unit in list(tx.units.items()):
        if card in unit.items or card in unit.attachments:
            tx.update_unit(
                uid,
                items=tuple(i for i in unit.items if i != card),
                attachments=tuple(a for a in unit.attachments if a != card),
            )


def shuffle_deck(tx: Tx, seat: int) -> None:
    """Shuffle a deck; 508.2.1: a React shuffled into it is no longer remembered as used in
    the open react windows (it may answer the same trigger again once retrieved)."""
    deck, tx.rng = tx.rng.shuffled(tx.player(seat).deck)
    tx.update_player(seat, deck=deck)
    tx.emit(DeckShuffled(seat=seat))
    from engine.reacts import forget_used

    forget_used(tx, set(deck))


def attach(tx: Tx, seat: int, card: int, to: int) -> None:
    unit = tx.units[to]
    tx.update_unit(to, attachments=(*unit.attachments, card))
    tx.emit(CardAttached(seat=seat, card=card, name=tx.name(card), to=to, to_name=tx.name(to)))
    from engine.keywords import place_charges

    place_charges(tx, card)  # 602.9: an attached card enters play


def add_counters(tx: Tx, card: int, counter: str, amount: int) -> None:
    """704: put (or, negative, remove) counters named `counter` on a card."""
    total = amount
    kept = []
    for c, k, n in tx.counters:
        if c == card and k.casefold() == counter.casefold():
            total += n
        else:
            kept.append((c, k, n))
    total = max(total, 0)
    if total:
        kept.append((card, counter, total))
    tx.counters = tuple(kept)
    seat = tx.owners[card]
    name = tx.name(card)
    tx.emit(
        CountersChanged(
            seat=seat, card=card, name=name, counter=counter, amount=amount, total=total
        )
    )


def leave_action_zone(tx: Tx, card: int) -> bool:
    """Take a card out of its owner's action zone; False when it was not there."""
    owner = tx.owners[card]
    zone = tx.player(owner).action_zone
    if card not in zone:
        return False
    tx.update_player(owner, action_zone=tuple(c for c in zone if c != card))
    return True


def finish_source(tx: Tx, card: int) -> None:
    """303.5: an Action card performed goes from the action zone to the discard pile once
    resolved (unless an effect put it somewhere else: attached, returned to hand)."""
    if leave_action_zone(tx, card):
        move_to_discard(tx, card, "resolved", "303.5")
