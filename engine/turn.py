"""The sequence of play (501-506) and the loop that finds the next decision.

`advance` runs the game forward until it must wait on a seat: it settles deaths, defeat
and illegal ranks first (104, 101, 401.6 interrupt everything), then resumes the top frame
of the stack (engine.frames: an attack's next strike, a finished Order closing), and with an
empty stack steps through the phases.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import compress
from operator import attrgetter, is_, is_not
from typing import assert_never

from engine import action_steps, expiry, groups, resolve, stats
from engine.cards.abilities import Means, Window
from engine.cards.model import Card
from engine.death import check_deaths, check_victory
from engine.dice import roll_initiative
from engine.events import (
    AttackEnded,
    CardDrawn,
    CardsReadied,
    FellForward,
    InitiativeWon,
    PhaseStarted,
    TurnStarted,
)
from engine.foreign import fix_other_formations
from engine.formation import (
    fall_candidates,
    fallen_orientation,
    locate,
)
from engine.frame_decisions import fall_position_decision, reask, settle_before_waiting
from engine.frames import (
    Attacking,
    Checking,
    ChoosingCard,
    ChoosingEffect,
    DestroyingItem,
    PerformingAction,
    PerformingOrder,
    Placement,
    PlacingCharacter,
    ReactWindow,
    ResolvingAbility,
    ResolvingManually,
    Striking,
)
from engine.pending import Decision, DecisionKind
from engine.reacts import open_window, resume_window
from engine.state import Modifier, Orientation, Phase, Unit
from engine.strikes import continue_strike, melee_targets
from engine.tx import Tx
from engine.values import replace

# Enum members bound once: on CPython 3.11 `Enum.MEMBER` goes through EnumType.__getattr__.
_GAME_OVER = Phase.GAME_OVER
_PHASE_READY = Phase.READY
_DRAW = Phase.DRAW
_INITIATIVE = Phase.INITIATIVE
_ORDER_PHASE = Phase.ORDER
_ORDER = DecisionKind.ORDER
_SPENT = Orientation.SPENT
_READY = Orientation.READY


def advance(tx: Tx) -> None:
    """Run until the game waits on a decision or is over."""
    for _ in range(10_000):
        if tx.phase is _GAME_OVER:
            tx.pending.clear()
            return
        if settle(tx):
            return
        if tx.pending:
            return
        if tx.stack:
            if resume(tx) and not settle_before_waiting(tx, settle):
                return  # (deaths caused before it asked open their windows first, 508.6)
            continue
        step_phase(tx)
        if tx.pending:
            return
    raise RuntimeError("the game loop did not reach a decision")


def resume(tx: Tx) -> bool:
    """Go on with the top frame of the stack (nothing is pending). True if it now waits."""
    index = len(tx.stack) - 1
    frame = tx.stack[index]
    match frame:
        case Attacking():
            return continue_attack(tx, index, frame)
        case Striking():
            continue_strike(tx, index)  # it may stop for a window, or to settle deaths
            return bool(tx.pending)
        case PerformingOrder():
            return resolve.continue_order(tx, index, frame)  # (engine.resolve imports this)
        case PerformingAction():
            return action_steps.continue_action(tx, index)
        case PlacingCharacter() | DestroyingItem() | ChoosingEffect() | ChoosingCard():
            return reask(tx, index)  # its decision was withdrawn for a react window (508.3)
        case ResolvingManually():
            from engine.abilities_run import manual_decision  # (imports engine.resolve)

            tx.ask(index, manual_decision(tx, frame.seat, frame.card))  # after an adjustment
            return True
        case ResolvingAbility():
            from engine.abilities_run import continue_ability

            return continue_ability(tx, index)
        case ReactWindow():
            return resume_window(tx, index, frame)
        case Checking():
            from engine.checks import continue_check

            return continue_check(tx, index)  # after its "before rolling" window (603.2)
        case _:
            assert_never(frame)


_PLACING = (DecisionKind.FALL_FORWARD, DecisionKind.POSITION)
_FALL_WINDOW = Window.FALL_FORWARD.value
_DEATH_WINDOW = Window.DEATH.value

# What settle reads: the cards mapping, the units, each formation's ranks, which seats are
# eliminated, the modifiers (`_calm_key`).
_CalmKey = tuple[
    Mapping[str, Card],
    tuple[Unit, ...],
    tuple[tuple[tuple[int, ...], ...], ...],
    tuple[bool, ...],
    tuple[Modifier, ...],
]
# The last position `settle` went through completely and found calm: nobody dying (not even
# one whose Death React window is open), no seat defeated, every formation legal with nobody
# to return home. A later settle checks only what changed since: units that are not the same
# values (by identity, so of the same game) are checked for death, and defeat and formations
# only when a unit left, entered, changed controller or formation, or a rank changed.
_CALM: list[_CalmKey | None] = [None]


def _calm_key(tx: Tx) -> _CalmKey:
    players = tx.players
    return (
        tx.cards,
        tuple(tx.units.values()),
        tuple(map(_RANKS, players)),
        tuple(map(_ELIMINATED, players)),
        tuple(tx.modifiers),
    )


_RANKS = attrgetter("ranks")
_ELIMINATED = attrgetter("eliminated")


def _changes(key: _CalmKey) -> tuple[list[int] | None, bool, bool]:
    """Units changed since the calm position (None: check all), whether formations need
    checking and whether defeat does (only when a unit left, entered, changed controller or
    stopped being a Warlord, or a seat was eliminated: a moving character defeats nobody)."""
    calm = _CALM[0]
    if calm is None or calm[0] is not key[0] or len(calm[1]) != len(key[1]) or calm[4] != key[4]:
        return None, True, True
    defeat = calm[3] != key[3]
    moved = defeat or calm[2] != key[2]
    if all(map(is_, key[1], calm[1])):
        return [], moved, defeat  # the same units: two settles in three
    differs = list(map(is_not, key[1], calm[1]))  # usually one or two units
    changed = []
    for unit, old in zip(compress(key[1], differs), compress(calm[1], differs), strict=True):
        if unit.id != old.id:
            return None, True, True
        changed.append(unit.id)
        if unit.controller != old.controller or unit.is_warlord != old.is_warlord:
            moved = defeat = True
        elif unit.formation != old.formation:
            moved = True
    return changed, moved, defeat


def settle(tx: Tx) -> bool:
    """Deaths, defeat, then illegal ranks (401.6.7 in initiative order). True to stop."""
    if tx.group_effects:
        groups.sync(tx)  # 700.8: who is in a group effect's location now has its modifier
    key = _CALM[0]
    changed: list[int] | None
    if key is not None and _unchanged(tx, key):  # two settles in three: no key to build
        changed, moved, defeat = [], False, False
    else:
        key = _calm_key(tx)
        changed, moved, defeat = _changes(key)
    events = len(tx.events)
    stop, calm = _settle(tx, changed, moved, defeat)
    if tx.group_effects:
        groups.sync(tx)  # and after whoever fell forward (a death it causes: next settle)
    if calm and len(tx.events) == events:  # whatever settling changes, it tells in an event
        _CALM[0] = key
    return stop


def _unchanged(tx: Tx, calm: _CalmKey) -> bool:
    """Whether the transaction still holds the calm position's units, modifiers (the same
    values), ranks and eliminated seats: `_changes` would find nothing changed."""
    units, modifiers, players = tx.units, tx.modifiers, tx.players
    if (
        calm[0] is not tx.cards
        or len(calm[1]) != len(units)
        or len(calm[4]) != len(modifiers)
        or len(calm[2]) != len(players)
        or not all(map(is_, units.values(), calm[1]))
        or (modifiers and not all(map(is_, modifiers, calm[4])))
    ):
        return False
    for player, ranks, eliminated in zip(players, calm[2], calm[3], strict=True):
        if player.eliminated != eliminated or (player.ranks is not ranks and player.ranks != ranks):
            return False
    return True


def _settle(tx: Tx, changed: list[int] | None, moved: bool, defeat: bool) -> tuple[bool, bool]:
    """`settle` given what changed since the last calm position (`_changes`); returns whether
    to stop and whether the position was found calm."""
    if check_deaths(tx, windows=True, only=changed):  # may open a Death React window (508.6.1)
        moved = defeat = True
    if defeat and check_victory(tx):
        return True, False
    if tx.active is not None and tx.players[tx.active].eliminated:
        tx.active = tx.next_seat(tx.active)  # its frames ended with it (Tx.drop_frames_of)
        tx.passes = 0
    if tx.pending and any(d.kind in _PLACING for d in tx.pending):
        return True, False  # a character is choosing where it goes: finish that first (401.6.2)
    dying = False  # a Death React window is open: its character is dying (not calm)
    for f in tx.stack:
        if isinstance(f, ReactWindow):
            if f.trigger == _FALL_WINDOW:
                return False, False  # 401.6.1.1: a React to a fall goes before other ranks
            dying = dying or f.trigger == _DEATH_WINDOW
    if not moved:
        return False, not dying
    fix_other_formations(tx)
    for seat in tx.seat_order():
        while True:
            candidates = fall_candidates(tx.player(seat), tx.units)
            if not candidates:
                break
            if len(candidates) == 1:
                fall_forward(tx, candidates[0])
                if tx.pending:
                    return True, False  # where it goes in the new rank (401.7)
                if isinstance(tx.top_frame(), ReactWindow):
                    return False, False  # its React window first (401.6.1.1)
                continue
            tx.push(
                Decision(
                    seat,
                    DecisionKind.FALL_FORWARD,
                    "You have an illegal rank: choose the character that falls forward next.",
                    tuple(candidates),
                    rule="401.6.2",
                )
            )
            return True, False
    return False, not dying


def fall_forward(tx: Tx, uid: int) -> None:
    """401.6.3: the penalty, then one rank forward; 401.6.4 / 401.7: falling forward is
    moving, so the owner chooses where in the new rank it goes (asked when it matters)."""
    unit = tx.units[uid]
    place = locate(tx.players, uid)
    assert place is not None
    new = fallen_orientation(unit.orientation)
    if new is not unit.orientation:
        tx.update_unit(uid, orientation=new)
    rank = place.rank - 1
    others = tx.player(place.formation).ranks[rank - 1]
    if not others:
        place_fallen(tx, uid, 0)
        return
    tx.push_asking(
        PlacingCharacter(unit.controller, uid, rank, place.formation, Placement.FALL),
        fall_position_decision(tx, unit.controller, uid, rank, others),
    )


def place_fallen(tx: Tx, uid: int, position: int) -> None:
    """Finish a fall: the character moves one rank forward to `position` (0 = far left)."""
    place = locate(tx.players, uid)
    assert place is not None
    tx.relocate(uid, place.formation, place.rank - 1, position)
    tx.emit(
        FellForward(
            seat=tx.units[uid].controller,
            card=uid,
            name=tx.name(uid),
            from_rank=place.rank,
            to_rank=place.rank - 1,
            position=position,
            orientation=tx.units[uid].orientation.value,
        )
    )
    seat = tx.units[uid].controller
    open_window(tx, (Window.FALL_FORWARD,), seat=seat, actor=uid, subject=uid)  # 401.6.1.1


def continue_attack(tx: Tx, index: int, attack: Attacking) -> bool:
    """Ask for the next strike's target, or end the attack (507.3.5). True if waiting."""
    ended: tuple[str, str] | None = None
    if attack.attacker not in tx.units:
        ended = "attacker_left_play", "510.12"
    elif attack.next_strike >= len(tx.card(attack.attacker).attack):
        ended = "all_strikes", "507.3.3"
    elif not (targets := melee_targets(tx, attack.attacker)):
        ended = "no_target", "507.3.4"
    if ended is not None:
        why, rule = ended
        name = tx.name(attack.attacker)
        tx.emit(AttackEnded(seat=attack.seat, card=attack.attacker, name=name, why=why, rule=rule))
        tx.pop_frame()
        return False
    if not attack.before_opened:  # 509.5 1a / 2a: before performing, before targeting
        tx.set_frame(index, replace(attack, before_opened=True))
        windows = (Window.BEFORE_STRIKE, Window.BEFORE_TARGETING)
        if open_window(tx, windows, seat=attack.seat, actor=attack.attacker, means=Means.MELEE):
            return False
    bonus = stats.strikes(tx, attack.attacker)[attack.next_strike]
    tx.ask(
        index,
        Decision(
            attack.seat,
            DecisionKind.STRIKE_TARGET,
            f"{tx.name(attack.attacker)}: choose the target of strike "
            f"{attack.next_strike + 1} ({bonus:+d})"
            + (", or stop the attack." if attack.next_strike else "."),
            tuple(targets),
            subject=attack.attacker,
            may_decline=attack.next_strike > 0,
            rule="507.3, 509.5",
        ),
    )
    return True


def close_order(tx: Tx) -> None:
    """An Order is complete: the next seat clockwise gives one (505.1)."""
    tx.passes = 0
    if tx.active is not None:
        tx.active = tx.next_seat(tx.active)


def order_decision(tx: Tx, seat: int) -> Decision:
    return Decision(seat, _ORDER, "Give an Order or pass.", rule="505.2")


def step_phase(tx: Tx) -> None:
    """One step of the current phase (501-506)."""
    if tx.phase is _PHASE_READY:
        ready_phase(tx)
    elif tx.phase is _DRAW:
        draw_phase(tx)
    elif tx.phase is _INITIATIVE:
        initiative_phase(tx)
    elif tx.phase is _ORDER_PHASE:
        if tx.active is None:
            tx.active = tx.seat_order()[0]
        tx.push(order_decision(tx, tx.active))
    elif tx.phase is Phase.END_OF_TURN:
        end_of_turn(tx)


def enter(tx: Tx, phase: Phase) -> None:
    tx.phase = phase
    tx.step = 0
    tx.emit(PhaseStarted(phase=phase.value, turn=tx.turn))


def ready_phase(tx: Tx) -> None:
    """502.1: spent cards become ready and stunned cards become spent."""
    for uid, unit in list(tx.units.items()):
        if unit.orientation is _SPENT:
            tx.update_unit(uid, orientation=_READY)
        elif unit.orientation is Orientation.STUNNED:
            tx.update_unit(uid, orientation=_SPENT)
    tx.emit(CardsReadied())
    enter(tx, _DRAW)


def discard_decision(tx: Tx, seat: int) -> Decision:
    return Decision(
        seat,
        DecisionKind.DISCARD,
        "Discard any cards you wish, one at a time, then decline to draw (503.1).",
        tx.player(seat).hand,
        may_decline=True,
        rule="503.1",
    )


def draw_phase(tx: Tx) -> None:
    """503.1: all players discard at once, then draw up to their hand size (404.5)."""
    if tx.step == 0:
        tx.step = 1
        for seat in tx.seat_order():
            if tx.player(seat).hand:
                tx.push(discard_decision(tx, seat))
        return
    for seat in tx.seat_order():
        player = tx.player(seat)
        need = tx.config.hand_size - len(player.hand)
        if need > 0 and player.deck:
            drawn = player.deck[:need]
            tx.update_player(seat, hand=player.hand + drawn, deck=player.deck[len(drawn) :])
            for card in drawn:
                tx.emit(CardDrawn(seat=seat, card=card, name=tx.name(card)))
    enter(tx, _INITIATIVE)


def warlords_of(tx: Tx, seat: int) -> list[int]:
    return sorted(u.id for u in tx.units.values() if u.controller == seat and u.is_warlord)


def initiative_phase(tx: Tx) -> None:
    """504: choose the rolling Warlord where a seat has several (504.1.1), then roll."""
    if tx.step == 0:
        tx.step = 1
        for seat in tx.seat_order():
            warlords = warlords_of(tx, seat)
            if len(warlords) > 1:
                tx.push(
                    Decision(
                        seat,
                        DecisionKind.INITIATIVE_WARLORD,
                        "Choose the Warlord that rolls for initiative (504.1.1).",
                        tuple(warlords),
                        rule="504.1.1",
                    )
                )
        return
    rollers = {}
    for seat in tx.live_seats():
        chosen = tx.player(seat).initiative_warlord
        warlords = warlords_of(tx, seat)
        rollers[seat] = chosen if chosen in warlords else warlords[0]
        tx.update_player(seat, initiative_warlord=None)
    winner = roll_initiative(tx, rollers)
    order = [winner]
    while len(order) < len(rollers):
        order.append(tx.next_seat(order[-1]))
    tx.initiative_order = tuple(order)
    tx.emit(InitiativeWon(seat=winner, order=tuple(order)))
    enter(tx, _ORDER_PHASE)
    tx.active = winner
    tx.passes = 0


def end_of_turn(tx: Tx) -> None:
    """506.1: effects lasting until the end of the turn expire one at a time, the players
    taking turns from the initiative winner; 506.1.1 an effect on several cards card by card
    before any other (engine.expiry). One card's share expires per call: `advance` then
    settles deaths (a lost HP bonus can kill, 104.2, 104.6), defeat and illegal ranks
    (401.6.1: at once, in initiative order 401.6.7) before the next one, and before the next
    turn starts."""
    groups.end_turn(tx)  # 700.8: an effect on a group takes no one new once it expires
    if expiry.expire_next(tx):
        return
    tx.turn += 1
    tx.active = None
    tx.initiative_order = ()
    tx.emit(TurnStarted(turn=tx.turn))
    enter(tx, _PHASE_READY)
