"""Wounds, death and leaving play (104, 302.6, 400.3), defeat and victory (101, 800)."""

from __future__ import annotations

from collections.abc import Collection
from operator import attrgetter

from engine import statics, stats
from engine.cards.abilities import Window
from engine.cards.model import Card, CardType
from engine.events import (
    CardBanished,
    CardToDiscard,
    CharacterDied,
    ControlChanged,
    GameDrawn,
    GameWon,
    PlayerDefeated,
    TokenCeased,
)
from engine.foreign import return_home
from engine.formation import without_character
from engine.frames import PerformingAction, ReactWindow, Striking
from engine.state import Modifier, Unit
from engine.tx import Tx

# Enum members bound once: on CPython 3.11 `Enum.MEMBER` goes through EnumType.__getattr__.
_DEATH = Window.DEATH
_DEATH_TRIGGER = Window.DEATH.value
_ID = attrgetter("id")


def move_to_discard(tx: Tx, instance: int, why: str, rule: str) -> None:
    """Put a card into its owner's discard pile; a token ceases to exist instead (703.5).
    `why` and `rule` say why (events.CardToDiscard)."""
    owner = tx.owners[instance]
    name = tx.name(instance)
    if instance in tx.tokens:
        tx.emit(TokenCeased(seat=owner, card=instance, name=name, why=why, rule=rule))
        return
    player = tx.player(owner)
    tx.update_player(owner, discard=(*player.discard, instance))
    tx.emit(CardToDiscard(seat=owner, card=instance, name=name, why=why, rule=rule))


def leave_play(tx: Tx, uid: int, why: str, rule: str, banish: bool = False) -> None:
    """Remove a character from play: equipped items, then attached actions, then other
    attached cards, then the character itself go to the discard pile (104.8, 400.3)."""
    unit = tx.units[uid]
    formation = tx.player(unit.formation)
    tx.update_player(unit.formation, ranks=without_character(formation.ranks, uid))
    for item in unit.items:
        move_to_discard(tx, item, "item_left_play", "104.8")
    actions = [a for a in unit.attachments if tx.card(a).functions_as is CardType.ACTION]
    others = [a for a in unit.attachments if a not in actions]
    for attached in actions + others:
        move_to_discard(tx, attached, "attachment_left_play", "104.8")
    del tx.units[uid]
    tx.modifiers = [m for m in tx.modifiers if m.target != uid]
    gone = {uid, *unit.items, *unit.attachments}
    if any(c in gone for c, _, _ in tx.counters):  # 704.3: counters leave with the card
        tx.counters = tuple(t for t in tx.counters if t[0] not in gone)
    if banish and uid not in tx.tokens:
        owner = tx.owners[uid]
        tx.update_player(owner, banish=(*tx.player(owner).banish, uid))
        tx.emit(CardBanished(seat=owner, card=uid, name=tx.name(uid), why=why, rule=rule))
    else:
        move_to_discard(tx, uid, why, rule)


def _lowers_stats(card: Card) -> bool:
    """Whether a card can lower HP or level when equipped or attached (a penalty item)."""
    return (card.hit_points or 0) < 0 or stats.extra(card, "level_bonus") < 0


_LOWERS: dict[int, tuple[Card, bool]] = {}


def _lowers_cached(card: Card) -> bool:
    found = _LOWERS.get(id(card))
    if found is None or found[0] is not card:
        found = (card, _lowers_stats(card))
        _LOWERS[id(card)] = found
    return found[1]


def _is_lowered(tx: Tx, unit: Unit, modified: set[int] | None = None) -> bool:
    """Whether a modifier, item or attachment may have lowered the unit's HP or level
    (`modified`: the targets of the modifiers, when the caller has them)."""
    if not (tx.modifiers or unit.items or unit.attachments):
        return False  # the common case, on the hot path
    if modified is None:
        modified = {m.target for m in tx.modifiers}
    return unit.id in modified or any(
        _lowers_cached(tx.card(i)) for i in unit.items + unit.attachments
    )


def is_dying(tx: Tx, uid: int, modified: set[int] | None = None) -> tuple[str, str] | None:
    """Why a character dies now and the rule, (`why`, rule) of events.CharacterDied, or None."""
    unit = tx.units[uid]
    lowered = _is_lowered(tx, unit, modified)
    if not unit.wounds and not lowered:
        return None  # nothing has lowered its HP or level and it has no wounds
    card = tx.card(uid)
    hp = stats.hit_points(tx, uid)
    if unit.wounds and unit.wounds >= hp:
        return "wounds", "104.2"
    if not lowered:
        return None  # HP and level stay at least as printed
    if (card.hit_points or 0) > 0 and hp <= 0:
        return "hp_zero", "104.6"
    if (card.level or 0) > 0 and stats.level(tx, uid) <= 0:
        return "level_zero", "104.6"
    return None


def check_deaths(tx: Tx, windows: bool = False, only: Collection[int] | None = None) -> bool:
    """Kill every character that must die now, one at a time in initiative order; True if
    any died. With `windows` (the game's flow, not a cost being paid) a Death React window
    opens first (508.6.1) and stops the checking: the window kills the character when it
    closes (`finish_dying`), unless a React saved it (508.7); Kill and after-death windows
    open once it is in the discard pile (508.6.2). `only`: the units that may be dying, when
    the caller knows every other one is not (engine.turn.settle)."""
    died = False
    if only is not None and not only:
        return False  # nothing changed that could kill
    while True:
        pending_deaths = _death_windows(tx) if windows else set()
        dying = _first_dying(tx, pending_deaths, only)
        if dying is None:
            return died
        uid, (why, rule) = dying
        if windows:
            from engine.reacts import open_window

            seat, killer = tx.units[uid].controller, killer_of(tx, uid)
            if open_window(tx, (_DEATH,), seat=seat, actor=killer, subject=uid):
                return died
        die(tx, uid, why, rule)
        died = True
        only = None
        if windows and after_death_windows(tx, uid):
            return died


# Why a unit dies (or None), by the unit (a frozen value, by identity) and the modifiers on
# it: nothing else changes its HP, level or wounds (engine.stats), so a unit unchanged since
# the last check is not computed again. The entry holds the unit, so its id is not reused
# while it is here; the card definition is kept and compared by identity too.
_DYING: dict[int, tuple[Unit, tuple[Modifier, ...], Card, tuple[str, str] | None]] = {}
_DYING_MAX = 50_000


def _first_dying(
    tx: Tx, pending_deaths: set[int], only: Collection[int] | None = None
) -> tuple[int, tuple[str, str]] | None:
    """The first character in initiative order that must die now (not one whose Death React
    window is open), with why and the rule; when `only` is given, the others are known not to
    be dying."""
    on: dict[int, tuple[Modifier, ...]] = {}
    for m in tx.modifiers:
        on[m.target] = (*on.get(m.target, ()), m)
    modified = set(on)
    # Most checks find nobody dying: look at every unit first, in any order (the remembered
    # answers inline, without a call per unit), and walk the formations in initiative order
    # only when some unit dies.
    cards, instances, units = tx.cards, tx.instances, tx.units
    for uid in units if only is None else only:
        unit = units[uid]
        if not (unit.wounds or unit.items or unit.attachments or uid in on):
            continue
        found = _DYING.get(id(unit))
        if (
            found is None
            or found[0] is not unit
            or found[1] != on.get(uid, ())
            or found[2] is not cards[instances[uid]]
        ):
            cause = _cause(tx, uid, on, modified)
        else:
            cause = found[3]
        if cause is not None and uid not in pending_deaths:
            break  # dying: find the first in initiative order
    else:
        return None
    for seat in tx.seat_order():
        for row in tx.players[seat].ranks:
            for uid in row:
                if uid in pending_deaths:
                    continue
                cause = _cause(tx, uid, on, modified)
                if cause is not None:
                    return uid, cause
    return None


def _cause(
    tx: Tx, uid: int, on: dict[int, tuple[Modifier, ...]], modified: set[int]
) -> tuple[str, str] | None:
    """`is_dying`, remembered by the unit's value, its modifiers and its card."""
    unit = tx.units[uid]
    if not (unit.wounds or unit.items or unit.attachments or uid in on):
        return None  # nothing lowers its HP or level and it has no wounds
    mods = on.get(uid, ())
    card = tx.cards[tx.instances[uid]]
    found = _DYING.get(id(unit))
    if found is None or found[0] is not unit or found[1] != mods or found[2] is not card:
        if len(_DYING) >= _DYING_MAX:
            _DYING.clear()
        found = (unit, mods, card, _content_cause(tx, unit, mods, card, modified))
        _DYING[id(unit)] = found
    return found[3]


def _content_cause(
    tx: Tx, unit: Unit, mods: tuple[Modifier, ...], card: Card, modified: set[int]
) -> tuple[str, str] | None:
    """`is_dying` for a unit not met as this value before. In a game none of whose cards has
    static text (engine.statics), HP and level are the card's, its items' and attachments'
    and the modifiers', so the answer is remembered by those, the wounds and the catalogue
    and instances (by identity): a unit that only turned or moved is not worked out again."""
    if statics.game_has_statics(tx):
        return is_dying(tx, unit.id, modified)
    cards, instances = tx.cards, tx.instances
    key = (unit.id, unit.wounds, unit.items, unit.attachments, mods)
    found = _BY_CONTENT.get(key)
    if found is None or found[0] is not cards or found[1] is not instances or found[2] is not card:
        if len(_BY_CONTENT) >= _DYING_MAX:
            _BY_CONTENT.clear()
        found = (cards, instances, card, is_dying(tx, unit.id, modified))
        _BY_CONTENT[key] = found
    return found[3]


# `_content_cause` by (id, wounds, items, attachments, modifiers on it), with the catalogue,
# instances and card definition read (kept, so their ids are not reused).
_BY_CONTENT: dict[
    tuple[int, int, tuple[int, ...], tuple[int, ...], tuple[Modifier, ...]],
    tuple[object, object, Card, tuple[str, str] | None],
] = {}


def _death_windows(tx: Tx) -> set[int]:
    """Characters whose Death React window is open on the stack."""
    if not tx.stack:
        return set()
    return {
        f.subject
        for f in tx.stack
        if isinstance(f, ReactWindow) and f.trigger == _DEATH_TRIGGER and f.subject is not None
    }


def killer_of(tx: Tx, uid: int) -> int | None:
    """The character whose strike or action is killing `uid` (the innermost strike at it, or
    the innermost action whose effect is running, 508.6.2), if any."""
    for frame in reversed(tx.stack):
        if isinstance(frame, Striking) and frame.target == uid:
            return frame.performer
        if isinstance(frame, PerformingAction) and frame.performer != uid:
            return frame.performer
    return None


def die(tx: Tx, uid: int, why: str, rule: str) -> None:
    """The character dies (104.2): logged, then it leaves play (104.8)."""
    unit = tx.units[uid]
    tx.emit(
        CharacterDied(
            seat=unit.controller,
            card=uid,
            name=tx.name(uid),
            why=why,
            rule=rule,
            wounds=unit.wounds,
            hit_points=stats.hit_points(tx, uid),
            level=stats.level(tx, uid),  # 508.9: its stats at the moment it died
        )
    )
    leave_play(tx, uid, "died", "104.8")


def after_death_windows(tx: Tx, uid: int, killer: int | None = None) -> bool:
    """508.6.2: Kill Reacts of the killer and Reacts after a character died, once it is in
    the discard pile; True when a window opened."""
    from engine.reacts import open_window

    killer = killer if killer is not None else killer_of(tx, uid)
    seat = (
        tx.owners[uid] if killer is None or killer not in tx.units else tx.units[killer].controller
    )
    return open_window(tx, (Window.KILL, Window.AFTER_DEATH), seat=seat, actor=killer, subject=uid)


def finish_dying(tx: Tx, frame: ReactWindow) -> None:
    """A Death React window closed: the character dies unless a React stopped it or moved
    it (508.7); then the Kill and after-death windows (508.6.2)."""
    uid = frame.subject
    if uid is None or uid not in tx.units:
        return
    cause = is_dying(tx, uid)
    if cause is None:
        return
    die(tx, uid, *cause)
    after_death_windows(tx, uid, frame.actor)


def controls_warlord(tx: Tx, seat: int) -> bool:
    return any(u.is_warlord and u.controller == seat for u in tx.units.values())


def eliminate(tx: Tx, seat: int) -> None:
    """101.1 / 101.3: a player without a Warlord loses at once; the cards they own leave play;
    714.3: a character they control but do not own returns to its owner's control (and from an
    opposing formation to its owner's front rank)."""
    tx.emit(PlayerDefeated(seat=seat))
    # In id order, not the order the characters entered play (which a position does not
    # keep): a dumped and loaded game goes on the same.
    for uid in sorted(u.id for u in tx.units.values() if u.controller == seat != tx.owners[u.id]):
        owner = tx.owners[uid]
        tx.update_unit(uid, controller=owner)
        tx.emit(ControlChanged(seat=owner, card=uid, name=tx.name(uid), rule="714.3"))
        if tx.units[uid].formation != owner:
            return_home(tx, uid, "714.3")
    for uid in sorted(u.id for u in tx.units.values() if tx.owners[u.id] == seat):
        if uid in tx.units:
            leave_play(tx, uid, "owner_defeated", "101.3")
    for unit in sorted(tx.units.values(), key=_ID):  # their items on others' characters
        for item in [i for i in unit.items + unit.attachments if tx.owners[i] == seat]:
            current = tx.units[unit.id]
            tx.update_unit(
                unit.id,
                items=tuple(i for i in current.items if i != item),
                attachments=tuple(i for i in current.attachments if i != item),
            )
            move_to_discard(tx, item, "owner_defeated", "101.3")
    tx.modifiers = [m for m in tx.modifiers if m.source_seat != seat]
    tx.update_player(seat, eliminated=True)
    tx.drop_frames_of(seat)
    tx.pending = [d for d in tx.pending if d.seat != seat]
    if tx.dungeon is not None and tx.owners[tx.dungeon] == seat:
        move_to_discard(tx, tx.dungeon, "owner_defeated", "101.3")
        tx.dungeon = None


def check_victory(tx: Tx) -> bool:
    """Eliminate seats without a Warlord; end the game when one seat (or none) is left."""
    with_warlord = {u.controller for u in tx.units.values() if u.is_warlord}
    live = tx.live_seats()
    if len(live) > 1 and all(s in with_warlord for s in live):
        return False  # the common case: no seat loses and two or more are left
    losers = [s for s in tx.seat_order() if s not in with_warlord]
    for seat in losers:
        eliminate(tx, seat)
    live = tx.live_seats()
    if len(live) == 1:
        tx.emit(GameWon(seat=live[0]))
        tx.game_over(live[0])
        return True
    if not live:
        tx.emit(GameDrawn())
        tx.game_over(None)
        return True
    return False
