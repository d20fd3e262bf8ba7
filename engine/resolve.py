"""Carrying out legal actions on a transaction: Orders (507) and answers to decisions."""

from __future__ import annotations

from dataclasses import replace

from engine import stats
from engine.action_steps import AFTER, BEFORE, cancel_action, end_canceled_order
from engine.actions import (
    Action,
    AttachEpicClass,
    Attack,
    Choose,
    DefeatDungeon,
    Equip,
    Maneuver,
    Pass,
    PerformAbility,
    PlayCharacter,
    PlayDungeon,
    PlayOrderCard,
)
from engine.cards.abilities import Means, Window
from engine.death import check_deaths, move_to_discard
from engine.events import (
    ActionCanceled,
    ActionCardPlayed,
    AttackStopped,
    CardRevealed,
    CharacterPlayed,
    DoneDiscarding,
    DungeonDefeated,
    DungeonPlayed,
    EpicClassAttached,
    InitiativeWarlordChosen,
    ItemDestroyed,
    ItemEquipped,
    Moved,
    OrderGiven,
    OrderPhaseEnded,
    OrientationChanged,
    Passed,
    StrikeDeclared,
    WarlordTypeLost,
)
from engine.formation import Place, locate, with_character
from engine.frames import (
    ActionStep,
    Attacking,
    ChoosingCard,
    ChoosingEffect,
    DestroyingItem,
    PerformingOrder,
    Placement,
    PlacingCharacter,
)
from engine.orders import is_spend_order, loyalty_penalty
from engine.pending import Decision, DecisionKind
from engine.reacts import answer_react, open_window
from engine.state import Format, Orientation, Phase, Unit
from engine.strikes import inflict_wounds, start_strike
from engine.turn import close_order, discard_decision, fall_forward, place_fallen
from engine.tx import Tx


def spend(
    tx: Tx, uid: int, why: str, rule: str, orientation: Orientation = Orientation.SPENT
) -> None:
    """Spend (or stun) a character as the cost of an action, and log why (a `why` code of
    events.OrientationChanged) and the rule."""
    unit = tx.update_unit(uid, orientation=orientation)
    tx.emit(
        OrientationChanged(
            seat=unit.controller,
            card=uid,
            name=tx.name(uid),
            orientation=orientation.value,
            why=why,
            rule=rule,
        )
    )


def perform_order(tx: Tx, action: Action) -> None:
    """Start a legal Order (505.2): declared, then its "before performing" window (510.5 1a);
    its costs and effect run when `advance` resumes it (`continue_order`). An Order on a card
    goes through the steps of 510.5 itself (engine.action_steps)."""
    seat = action.seat
    tx.passes = 0
    on_card = isinstance(action, PerformAbility | PlayOrderCard)
    step = ActionStep.PERFORMING if on_card else ActionStep.DECLARED
    index = tx.push_frame(PerformingOrder(seat, action, step))
    tx.emit(OrderGiven(seat=seat, order=action))
    if on_card:
        run_order(tx, action)
        return
    actor = _performer(action)
    if not open_window(tx, BEFORE, seat=seat, actor=actor, means=Means.ACTION, action="order"):
        tx.set_frame(index, PerformingOrder(seat, action))
        run_order(tx, action)


def _performer(action: Action) -> int | None:
    """The character performing a standard Order; for a character played from hand, that
    character (510.15: a player's action is its characters')."""
    for name in ("character", "warlord", "card"):
        value = getattr(action, name, None)
        if isinstance(value, int):
            return value
    return None


def continue_order(tx: Tx, index: int, frame: PerformingOrder) -> bool:
    """Go on with an Order (the top frame): its effect after its "before performing" window,
    or, once it is complete, "after performing" (510.5 4a) and the next seat's turn (505.1).
    True when the game now waits on a decision."""
    if frame.step is ActionStep.DECLARED and not frame.canceled:
        if _performer_gone(tx, frame.order):  # 510.12: left play in its "before" window
            cancel_action(tx, index, "performer_left_play", "510.12")
            frame = replace(frame, canceled=True)
        else:
            tx.set_frame(index, PerformingOrder(frame.seat, frame.order))
            run_order(tx, frame.order)
            return bool(tx.pending)
    tx.pop_frame()
    if frame.canceled:
        end_canceled_order(tx, frame)
    elif not isinstance(frame.order, PerformAbility | PlayOrderCard):
        actor = _performer(frame.order)
        open_window(tx, AFTER, seat=frame.seat, actor=actor, means=Means.ACTION, action="order")
    close_order(tx)
    return False


def _performer_gone(tx: Tx, action: Action) -> bool:
    """Whether the character performing a standard Order left play (not a character being
    played from hand)."""
    if isinstance(action, PlayCharacter):
        return False
    actor = _performer(action)
    return actor is not None and actor not in tx.units


def run_order(tx: Tx, action: Action) -> None:
    """Pay an Order's costs and begin its effect (507)."""
    seat = action.seat
    if isinstance(action, PlayCharacter):
        rank = tx.card(action.card).level or 1
        ask_position(tx, seat, action.card, rank, Placement.PLAY)
    elif isinstance(action, Attack):
        spend(tx, action.character, "attack", "507.3")
        tx.push_frame(Attacking(seat, action.character))
    elif isinstance(action, Maneuver):
        spend(tx, action.character, "maneuver", "507.5")
        place = locate(tx.players, action.character)
        assert place is not None
        formation, rank = maneuver_destination(seat, place, action.direction)
        ask_position(tx, seat, action.character, rank, Placement.MOVE, formation)
    elif isinstance(action, Equip):
        equip(tx, seat, action.item, action.character)
    elif isinstance(action, PerformAbility):
        from engine.abilities_run import perform_ability

        target = None if action.target < 0 else action.target
        name, text = tx.name(action.card), tx.card(action.card).text
        if action.card in tx.player(seat).hand:
            performer = action.character
            tx.emit(ActionCardPlayed(seat=seat, card=action.card, name=name, performer=performer,
                                     text=text))  # fmt: skip
        perform_ability(
            tx, seat, action.card, action.ability, action.character, target, action.discard
        )
    elif isinstance(action, PlayOrderCard):
        # Records before Orders on cards: the Action card's text is resolved by hand.
        from engine.abilities_run import open_manual

        if is_spend_order(tx.card(action.card).text):
            spend(tx, action.character, "spend_order", "510.6")
        tx.take_from_hand(seat, action.card)
        tx.update_player(seat, action_zone=(*tx.player(seat).action_zone, action.card))
        name, text = tx.name(action.card), tx.card(action.card).text
        tx.emit(
            ActionCardPlayed(
                seat=seat, card=action.card, name=name, performer=action.character, text=text
            )
        )
        open_manual(tx, seat, action.card, text)
    elif isinstance(action, PlayDungeon):
        tx.take_from_hand(seat, action.card)
        tx.dungeon = action.card
        name, text = tx.name(action.card), tx.card(action.card).text
        tx.emit(DungeonPlayed(seat=seat, card=action.card, name=name, text=text))
    elif isinstance(action, DefeatDungeon):
        for uid in action.spend:
            spend(tx, uid, "defeat_dungeon", "507.9")
        dungeon = tx.dungeon
        assert dungeon is not None
        owner = tx.owners[dungeon]
        tx.dungeon = None
        tx.update_player(owner, banish=(*tx.player(owner).banish, dungeon))
        tx.emit(
            DungeonDefeated(
                seat=seat,
                card=dungeon,
                name=tx.name(dungeon),
                by=action.warlord,
                by_name=tx.name(action.warlord),
            )
        )
    elif isinstance(action, AttachEpicClass):
        attach_epic_class(tx, seat, action.card, action.warlord)


def attach_epic_class(tx: Tx, seat: int, card: int, warlord: int) -> None:
    """507.10: reveal, stun the Warlord and inflict 3 wounds (the cost), then attach."""
    tx.emit(CardRevealed(seat=seat, card=card, name=tx.name(card)))
    spend(tx, warlord, "epic_class", "507.10", Orientation.STUNNED)
    inflict_wounds(tx, warlord, 3, source=warlord)
    check_deaths(tx)
    if warlord not in tx.units:
        why = "performer_left_play"
        tx.emit(ActionCanceled(seat=seat, card=card, name=tx.name(card), why=why))
        return
    tx.take_from_hand(seat, card)
    unit = tx.units[warlord]
    tx.update_unit(warlord, attachments=(*unit.attachments, card))
    tx.emit(
        EpicClassAttached(
            seat=seat, card=card, name=tx.name(card), to=warlord, to_name=tx.name(warlord)
        )
    )


def maneuver_destination(seat: int, place: Place, direction: str) -> tuple[int, int]:
    """Formation and rank a maneuver leads to; from the front rank of another formation,
    forward leads to your own front rank (710.6)."""
    if direction.startswith("into:"):  # Stealth: an opposing first rank (603.12.1)
        return int(direction.removeprefix("into:")), 1
    if direction == "sideways":
        return place.formation, place.rank
    if direction == "backward":
        return place.formation, place.rank + 1
    if place.formation != seat and place.rank == 1:
        return seat, 1
    return place.formation, place.rank - 1


def ask_position(
    tx: Tx, seat: int, uid: int, rank: int, why: Placement, formation_seat: int | None = None
) -> None:
    """Place a character entering or moving into `rank`, asking where when it matters."""
    where = seat if formation_seat is None else formation_seat
    formation = tx.player(where)
    others = formation.ranks[rank - 1] if rank <= len(formation.ranks) else ()
    current = -1
    if why is Placement.MOVE:
        place = locate(tx.players, uid)
        if place is not None and place.rank == rank and place.formation == where:
            current = place.position
            others = tuple(u for u in others if u != uid)
    positions = tuple(p for p in range(len(others) + 1) if p != current)
    if len(positions) <= 1:
        place_character(tx, seat, uid, rank, positions[0] if positions else 0, why, where)
        return
    names = ", ".join(tx.name(u) for u in others)
    tx.push_asking(
        PlacingCharacter(seat, uid, rank, where, why),
        Decision(
            seat,
            DecisionKind.POSITION,
            f"Choose where {tx.name(uid)} goes in rank {rank} (0 = far left; now: {names}).",
            positions,
            subject=uid,
            rule="401.7",
        ),
    )


def place_character(
    tx: Tx, seat: int, uid: int, rank: int, position: int, why: Placement, where: int | None = None
) -> None:
    """Put a played character into its rank, or finish a move (in formation `where`)."""
    if why is Placement.FALL:
        place_fallen(tx, uid, position)
        return
    if why is Placement.PLAY:
        card = tx.card(uid)
        tx.take_from_hand(seat, uid)
        alliance = tx.config.format is Format.ALLIANCE
        stunned = loyalty_penalty(tx, seat, uid, alliance)
        tx.units[uid] = Unit(uid, seat, seat, Orientation.STUNNED if stunned else Orientation.READY)
        ranks = tx.player(seat).ranks
        tx.update_player(seat, ranks=with_character(ranks, uid, rank, position))
        tx.emit(
            CharacterPlayed(
                seat=seat,
                card=uid,
                name=card.name,
                rank=rank,
                position=position,
                stunned_by_loyalty=stunned,
            )
        )
        if card.is_warlord:
            tx.emit(WarlordTypeLost(seat=seat, card=uid, name=card.name))
        from engine.keywords import place_charges

        place_charges(tx, uid)  # 602.9
        # 508.6.3: Enter Reacts
        open_window(tx, (Window.ENTER_PLAY,), seat=seat, actor=uid, subject=uid)
        return
    target = seat if where is None else where
    place = tx.relocate(uid, target, rank, position)
    if tx.units[uid].formation != target:
        tx.update_unit(uid, formation=target)
    tx.emit(
        Moved(
            seat=seat,
            card=uid,
            name=tx.name(uid),
            from_rank=place.rank if place else None,
            to_rank=rank,
            position=position,
        )
    )


def equip(tx: Tx, seat: int, item: int, uid: int) -> None:
    tx.take_from_hand(seat, item)
    unit = tx.units[uid]
    tx.update_unit(uid, items=(*unit.items, item))
    tx.emit(ItemEquipped(seat=seat, card=item, name=tx.name(item), to=uid, to_name=tx.name(uid)))
    from engine.keywords import place_charges

    place_charges(tx, item)  # 602.9
    ask_destroy(tx, seat, uid, item)


def location_excess(tx: Tx, uid: int, new_item: int) -> tuple[int, ...]:
    """Items of which one must be destroyed to respect equip locations (302.7, 602.12).

    Only the equip locations of the item just equipped are checked (302.7.1), even after
    that item itself was destroyed: destroying goes on until those locations are legal.
    """
    unit = tx.units[uid]
    checked = stats.equip_locations(tx.card(new_item))
    by_location: dict[str, list[int]] = {}
    for i in unit.items:
        for loc in stats.equip_locations(tx.card(i)):
            by_location.setdefault(loc, []).append(i)
    weapons = by_location.get("Weapon", [])
    shields = by_location.get("Shield", [])
    skip: set[str] = set()
    if stats.has_keyword(tx, uid, "Dual Wield") and checked & {"Weapon", "Shield"}:
        if len(weapons) > 2:
            return tuple(weapons)
        if len(weapons) == 2 and shields:
            if new_item in weapons:
                return tuple(weapons + [s for s in shields if s not in weapons])
            return tuple(w for w in weapons if w != new_item)
        if len(shields) > 1:
            return tuple(shields)
        skip = {"Weapon", "Shield"}
    for loc in sorted(checked - skip):
        items = by_location.get(loc, [])
        if len(items) > 1:
            return tuple(items)
    return ()


def ask_destroy(tx: Tx, seat: int, uid: int, new_item: int) -> None:
    options = location_excess(tx, uid, new_item)
    if options:
        tx.push_asking(
            DestroyingItem(seat, uid, new_item),
            Decision(
                seat,
                DecisionKind.DESTROY_ITEM,
                f"{tx.name(uid)} has too many items in one equip location: choose one to destroy.",
                options,
                subject=uid,
                rule="302.7",
            ),
        )


def destroy_item(tx: Tx, uid: int, item: int) -> None:
    unit = tx.units[uid]
    tx.update_unit(uid, items=tuple(i for i in unit.items if i != item))
    tx.emit(
        ItemDestroyed(
            seat=unit.controller,
            card=item,
            name=tx.name(item),
            from_card=uid,
            from_name=tx.name(uid),
        )
    )
    move_to_discard(tx, item, "destroyed", "302.7")


# Decision kinds `answer` tells apart, bound once (on CPython 3.11 `Enum.MEMBER` goes through
# EnumType.__getattr__).
_DISCARD = DecisionKind.DISCARD
_EXPIRY_ORDER = DecisionKind.EXPIRY_ORDER
_FALL_FORWARD = DecisionKind.FALL_FORWARD
_INITIATIVE_WARLORD = DecisionKind.INITIATIVE_WARLORD
_MANUAL = DecisionKind.MANUAL
_ORDER = DecisionKind.ORDER
_REACT = DecisionKind.REACT


def answer(tx: Tx, decision: Decision, action: Action) -> None:
    """Apply a seat's answer to a pending decision (already checked legal)."""
    tx.pending.remove(decision)
    seat = action.seat
    kind = decision.kind
    if kind is _ORDER:
        if isinstance(action, Pass):
            tx.emit(Passed(seat=seat))
            tx.passes += 1
            if tx.passes >= len(tx.live_seats()):
                tx.emit(OrderPhaseEnded())
                tx.phase = Phase.END_OF_TURN
                tx.step = 0
                tx.active = None
            else:
                tx.active = tx.next_seat(seat)
        else:
            perform_order(tx, action)
        return
    if kind is _REACT:
        answer_react(tx, decision, action)
        return
    choice = action.option if isinstance(action, Choose) else None
    if kind is _DISCARD:
        if choice is None:
            tx.emit(DoneDiscarding(seat=seat))
            return
        tx.take_from_hand(seat, choice)
        move_to_discard(tx, choice, "discarded", "503.1")
        if tx.player(seat).hand:
            tx.pending.insert(0, discard_decision(tx, seat))
    elif kind is _INITIATIVE_WARLORD:
        tx.update_player(seat, initiative_warlord=choice)
        assert choice is not None
        tx.emit(InitiativeWarlordChosen(seat=seat, card=choice, name=tx.name(choice)))
    elif kind is _FALL_FORWARD:
        assert choice is not None
        fall_forward(tx, choice)
    elif kind is _EXPIRY_ORDER:
        from engine.expiry import answer_order

        assert choice is not None
        answer_order(tx, choice)
    elif kind is _MANUAL:
        from engine.adjustments import answer_manual

        answer_manual(tx, decision, action)
    else:
        assert decision.frame is not None
        answer_frame(tx, decision.frame, choice)


def finish(tx: Tx, index: int) -> None:
    """Pop the frame a decision was answered for; it is the top one (frames nest)."""
    assert index == len(tx.stack) - 1, "a frame above the one answered"
    tx.pop_frame()


def answer_frame(tx: Tx, index: int, choice: int | None) -> None:
    """Go on with the frame a decision belongs to, given the choice made (None: declined)."""
    frame = tx.stack[index]
    if isinstance(frame, Attacking):
        if choice is None:
            name = tx.name(frame.attacker)
            tx.emit(AttackStopped(seat=frame.seat, card=frame.attacker, name=name))
            finish(tx, index)
            return
        strike_index = frame.next_strike
        tx.set_frame(index, Attacking(frame.seat, frame.attacker, strike_index + 1))
        base = tx.card(frame.attacker).attack[strike_index]
        tx.emit(
            StrikeDeclared(
                seat=frame.seat,
                card=frame.attacker,
                name=tx.name(frame.attacker),
                strike=strike_index + 1,
                target=choice,
                target_name=tx.name(choice),
            )
        )
        label = f"printed strike {strike_index + 1}"
        # `advance` performs it; its "before performing" window opened before the target
        start_strike(tx, frame.attacker, choice, base, label=label, before_opened=True)
    elif isinstance(frame, PlacingCharacter):
        assert choice is not None
        finish(tx, index)
        place_character(tx, frame.seat, frame.card, frame.rank, choice, frame.why, frame.formation)
    elif isinstance(frame, DestroyingItem):
        assert choice is not None
        finish(tx, index)
        destroy_item(tx, frame.equipper, choice)
        ask_destroy(tx, frame.seat, frame.equipper, frame.new_item)  # until legal (302.7)
    elif isinstance(frame, ChoosingCard):
        from engine.choose_card import answer_card

        finish(tx, index)
        answer_card(tx, frame, choice)
    elif isinstance(frame, ChoosingEffect):
        from engine.choices import answer_effect_choice

        assert choice is not None
        finish(tx, index)
        answer_effect_choice(tx, index, frame, choice)
    else:
        raise NotImplementedError(f"no decision belongs to a {type(frame).__name__} frame yet")
