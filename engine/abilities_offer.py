"""Which Orders printed on cards a seat may perform now, and why one is illegal (507.6, 507.7,
510.6, 510.7, 510.9, 511, 602.19).

An Order is offered as `PerformAbility(seat, card, ability, character, target, discard)`:
`card` is where it is printed (the character itself, one of its equipped items or attached
cards, or an Action card in hand), `ability` its index in `Card.abilities`, `character` the
performer. Every problem names the rule broken.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, islice

from engine import stats
from engine.actions import PerformAbility
from engine.cards.abilities import (
    Ability,
    AbilityKind,
    Affects,
    Cost,
    CostKind,
    Op,
    Performer,
    Qualifier,
    StrikeKind,
    Who,
)
from engine.cards.model import Card, CardClass, CardType
from engine.feats import (
    TARGETED_FEATS,
    abilities_of,
    feat_of,
    feat_targets,
    feat_use_problem,
    item_spent,
    use_counts,
)
from engine.formation import all_places
from engine.problems import Problem
from engine.spend_waiver import waived
from engine.state import Orientation, Unit
from engine.stats import Board
from engine.strikes import melee_targets, ranged_targets
from engine.target_filter import fits as target_fits

# Enum members bound once: on CPython 3.11 `Enum.MEMBER` goes through EnumType.__getattr__.
_ANY = Who.ANY
_YOURS = Who.YOURS
_THIS = Who.THIS
_STUNNED = Orientation.STUNNED
_READY = Orientation.READY
_CONTROLLER = Performer.CONTROLLER
_TARGET = CostKind.TARGET
_DISCARD_CARDS = CostKind.DISCARD_CARDS
_REMOVE_COUNTERS = CostKind.REMOVE_COUNTERS
_STUN_PERFORMER = CostKind.STUN_PERFORMER
_DISCARD_SOURCE = CostKind.DISCARD_SOURCE
_DESTROY_SOURCE = CostKind.DESTROY_SOURCE
_HEAL = Op.HEAL
_RESTORING = frozenset({_HEAL, Op.READY})
_AT_TARGET = Affects.TARGET
_RANGED = StrikeKind.RANGED
_MELEE = StrikeKind.MELEE

NO_TARGET = -1


def _name(board: Board, instance: int) -> str:
    return board.card(instance).name


def used_count(board: Board, card: int, index: int, turn: int | None) -> int:
    """How often ability `index` of `card` was used (this `turn`, or in the game: None)."""
    used: tuple[tuple[int, int, int], ...] = getattr(board, "used_abilities", ())
    if not used:
        return 0
    return use_counts(used).get((card, index, turn), 0)


def counters_on(board: Board, card: int, name: str = "") -> int:
    """Counters (704) on a card, of one name or (empty name) of any."""
    found: tuple[tuple[int, str, int], ...] = getattr(board, "counters", ())
    return sum(
        n for c, k, n in found if c == card and (not name or k.casefold() == name.casefold())
    )


def sources(board: Board, seat: int) -> Iterator[tuple[int, int, Ability, int | None]]:
    """(card, ability index, Order, performer) for each Order the seat's cards offer: printed
    on its characters (507.7), on their equipped items and attached cards (507.7, 507.7.2);
    an Action card in hand has no performer yet (None: any character you control, 507.6)."""
    units = board.units
    cards: object = getattr(board, "cards", None)
    instances: object = getattr(board, "instances", None)
    for uid in sorted(units):
        unit = units[uid]
        if unit.controller != seat:
            continue
        found = _UNIT_ORDERS.get(id(unit))
        if (
            found is None
            or found[0] is not unit
            or found[1] is not cards
            or found[2] is not instances
        ):
            found = (unit, cards, instances, _unit_orders(board, unit))
            if cards is not None and instances is not None:  # a board the entry can name
                if len(_UNIT_ORDERS) >= 20_000:
                    _UNIT_ORDERS.clear()
                _UNIT_ORDERS[id(unit)] = found
        for card, index, ability in found[3]:
            yield card, index, ability, uid
    hand = board.players[seat].hand
    if not hand:
        return
    held = _HAND_ORDERS.get(id(hand))
    if held is None or held[0] is not hand or held[1] is not cards or held[2] is not instances:
        held = (hand, cards, instances, _hand_orders(board, hand))
        if cards is not None and instances is not None:  # a board the entry can name
            if len(_HAND_ORDERS) >= 20_000:
                _HAND_ORDERS.clear()
            _HAND_ORDERS[id(hand)] = held
    for card, index, ability in held[3]:
        yield card, index, ability, None


def _hand_orders(board: Board, hand: tuple[int, ...]) -> tuple[tuple[int, int, Ability], ...]:
    """(card, ability index, Order) of the Action cards in a hand (507.6)."""
    out = []
    for card in hand:
        action = _action_order(board.card(card))
        if action is not None:
            out.append((card, action[0], action[1]))
    return tuple(out)


# `_hand_orders` by the hand (a tuple, by identity), with the board's catalogue and instances.
_HAND_ORDERS: dict[
    int, tuple[tuple[int, ...], object, object, tuple[tuple[int, int, Ability], ...]]
] = {}


def _unit_orders(board: Board, unit: Unit) -> tuple[tuple[int, int, Ability], ...]:
    """(card, ability index, Order) printed on a character, its items and attachments."""
    out = []
    for card in (unit.id, *unit.items, *unit.attachments):
        out += [(card, index, ability) for index, ability in _orders_of(board.card(card))]
    return tuple(out)


# `_unit_orders` by the unit (a frozen value, by identity), with the board's card catalogue
# and instances it was read from (by identity: a card's definition is `cards[instances[c]]`).
_UNIT_ORDERS: dict[int, tuple[Unit, object, object, tuple[tuple[int, int, Ability], ...]]] = {}


# The Orders of a card definition (by identity, the card kept so its id is not reused):
# those of `abilities_of` with their indexes, and for an Action card its first printed one.
_ORDERS: dict[int, tuple[Card, tuple[tuple[int, Ability], ...], tuple[int, Ability] | None]] = {}


def _card_orders(card: Card) -> tuple[tuple[tuple[int, Ability], ...], tuple[int, Ability] | None]:
    found = _ORDERS.get(id(card))
    if found is None or found[0] is not card:
        listed = tuple(
            (i, a) for i, a in enumerate(abilities_of(card)) if a.kind is AbilityKind.ORDER
        )
        action = None
        if card.type is CardType.ACTION:  # an Action card is one Order (507.6)
            action = next(
                ((i, a) for i, a in enumerate(card.abilities) if a.kind is AbilityKind.ORDER),
                None,
            )
        if len(_ORDERS) >= 10_000:
            _ORDERS.clear()
        found = (card, listed, action)
        _ORDERS[id(card)] = found
    return found[1], found[2]


def _orders_of(card: Card) -> tuple[tuple[int, Ability], ...]:
    return _card_orders(card)[0]


def _action_order(card: Card) -> tuple[int, Ability] | None:
    return _card_orders(card)[1]


def target_cost(ability: Ability) -> Cost | None:
    return next((c for c in ability.costs if c.kind is _TARGET), None)


def strike_effect(ability: Ability) -> StrikeKind | None:
    """The kind of strike the performer makes at a target it picks, when the ability has one
    and no target chosen in its cost (509.5 step 2)."""
    if ability.manual or target_cost(ability) is not None:
        return None
    for effect in ability.effects:
        if effect.op is Op.STRIKE and effect.affects is Affects.PERFORMER:
            return effect.strike
    return None


def needs_target(ability: Ability) -> bool:
    return target_cost(ability) is not None or strike_effect(ability) is not None


def _side_ok(mine: bool, performer: int, uid: int, side: Who) -> bool:
    if side in (_YOURS, _THIS):
        return mine
    if side is Who.ANOTHER_YOURS:
        return mine and uid != performer
    if side is Who.OPPOSING:
        return not mine
    if side is Who.OTHER:
        return uid != performer
    return True


def targets(board: Board, seat: int, ability: Ability, performer: int) -> list[int]:
    """The characters the ability may target now (511; Ward 602.19)."""
    feat, kind, cost, restored = _targeting(ability)
    if feat in TARGETED_FEATS:  # items and spells in hand (603)
        assert feat is not None
        return feat_targets(board, seat, feat, performer)
    if kind is _RANGED:
        return ranged_targets(board, performer)
    if kind is _MELEE:
        return melee_targets(board, performer)
    if cost is None:
        return []
    places = all_places(board.players)
    here = places.get(performer)
    units, side, within, rank = board.units, cost.side, cost.within_ranks, cost.rank
    heal = restored == (_HEAL,)  # the common restoring ability: Medicine (603.6)
    out: list[int] = []
    if within is None:
        near = sorted(places)
    elif here is None:
        return out  # "within N ranks" of a performer not in play: nobody
    else:  # the characters of the ranks within reach (`formation.distance`), in id order
        near = []
        for player in board.players:
            same = player.seat == here.formation
            for number, row in enumerate(player.ranks, 1):
                apart = abs(here.rank - number) if same else here.rank + number - 1
                if apart <= within:
                    near += row
        near.sort()
    for uid in near:  # the cheapest tests first: all must pass
        there = places[uid]
        if rank is not None and there.rank != rank:
            continue
        unit = units[uid]
        mine = unit.controller == seat
        if side is not _ANY and not _side_ok(mine, performer, uid, side):
            continue
        if restored and (unit.wounds == 0 if heal else _changes_nothing(restored, unit)):
            continue  # 510.9.2: the effect would change nothing there
        if cost.name and not target_fits(board, uid, cost.name):
            continue  # "target a stunned Siege character"
        if not mine and stats.has_keyword(board, uid, "Ward"):
            continue  # 602.19: not targeted by opposing non-strike actions
        out.append(uid)
    return out


# What `targets` reads of an ability, by the ability (by identity, kept so its id is not
# reused): its feat, the kind of strike it makes at its target, its target cost and what it
# restores (`_restored`).
_TARGETING: dict[
    int, tuple[Ability, tuple[str | None, StrikeKind | None, Cost | None, tuple[Op, ...]]]
] = {}


def _targeting(
    ability: Ability,
) -> tuple[str | None, StrikeKind | None, Cost | None, tuple[Op, ...]]:
    found = _TARGETING.get(id(ability))
    if found is None or found[0] is not ability:
        if len(_TARGETING) >= 10_000:
            _TARGETING.clear()
        info = (feat_of(ability), strike_effect(ability), target_cost(ability), _restored(ability))
        found = (ability, info)
        _TARGETING[id(ability)] = found
    return found[1]


def _restored(ability: Ability) -> tuple[Op, ...]:
    """What the ability does to its target when all it does is heal or ready it (Medicine,
    603.6: heal a wounded character), else (): at an unwounded or ready character such an
    ability changes nothing (510.9.2)."""
    effects = ability.effects
    if not effects:
        return (_HEAL,) if feat_of(ability) == "Medicine" else ()
    if all(e.op in _RESTORING and e.affects is _AT_TARGET and not e.then for e in effects):
        return tuple(e.op for e in effects)
    return ()


def _changes_nothing(ops: tuple[Op, ...], unit: Unit) -> bool:
    """Whether healing or readying (`ops`) would leave `unit` as it is (no wounds to remove,
    already ready)."""
    return all(unit.wounds == 0 if op is _HEAL else unit.orientation is _READY for op in ops)


def _no_effect_problem(board: Board, a: PerformAbility, ability: Ability) -> Problem | None:
    """510.9.2: an action that would have no actual effect on the game is illegal: removing
    wounds from an unwounded character, readying a ready one."""
    unit = board.units.get(a.target)
    restored = _restored(ability) if unit is not None else ()
    if unit is None or not restored or not _changes_nothing(restored, unit):
        return None
    return Problem(
        "510.9.2",
        f"{_name(board, a.card)}'s ability would have no effect on {_name(board, a.target)}, "
        "so it may not be performed.",
    )


def discard_count(ability: Ability) -> int:
    return sum(c.amount for c in ability.costs if c.kind is _DISCARD_CARDS)


def _performer_problem(
    board: Board, seat: int, a: PerformAbility, ability: Ability, performer: int | None
) -> Problem | None:
    uid = a.character
    unit = board.units.get(uid)
    if unit is None or unit.controller != seat:
        return Problem("507.2", f"{_name(board, uid)} is not a character you control.")
    if performer is not None and performer != uid:
        return Problem(
            "507.7", f"only the character bearing {_name(board, a.card)} may perform its Order."
        )
    if unit.orientation is _STUNNED:
        return Problem("107.4.3", f"{_name(board, uid)} is stunned and may not perform actions.")
    if ability.is_spend and unit.orientation is not _READY and not waived(board, ability, uid):
        return Problem("510.6", f"{_name(board, uid)} is not ready, so it cannot be spent.")
    if performer is None:  # an Action card from hand: class, restrictions, level (303)
        card, who = board.card(a.card), board.card(uid)
        if not stats.class_allows(card.classes, who):
            allowed = "/".join(c.value for c in card.classes)
            return Problem("303.2", f"only a {allowed} may use {card.name}.")
        restricted = stats.restriction_problem(card, who)
        if restricted:
            return Problem("303.2", f"{restricted}.")
        if stats.level(board, uid) < (card.level or 0):
            return Problem("303.3", f"{who.name} is below level {card.level} for {card.name}.")
    return None


def _use_problem(board: Board, a: PerformAbility, ability: Ability, turn: int) -> Problem | None:
    if feat_of(ability) is not None:  # 603.1, 603.12.2: counted per character and feat
        return feat_use_problem(board, a.card, ability, a.character)
    limited, twice, once, spends_source = _use_limits(ability)
    if not (limited or twice or once or spends_source):
        return None  # the common case: no limit on its use
    if limited and used_count(board, a.card, a.ability, turn) >= 1:
        return Problem(
            "510.7", f"{_name(board, a.card)}'s Limited ability was already used this turn."
        )
    if twice and used_count(board, a.card, a.ability, turn) >= 2:
        return Problem(
            "510.7", f"{_name(board, a.card)}'s ability was already used twice this turn."
        )
    if once and used_count(board, a.card, a.ability, None) >= 1:
        return Problem("510.21", f"{_name(board, a.card)}'s ability is once per game and was used.")
    if spends_source and a.card != a.character and item_spent(board, a.card):
        return Problem(
            "507.7.2",
            f"{_name(board, a.card)} is spent, so its Order cannot be paid again this turn.",
        )
    return None


_LIMITS: dict[int, tuple[Ability, tuple[bool, bool, bool, bool]]] = {}


def _use_limits(ability: Ability) -> tuple[bool, bool, bool, bool]:
    """Limited (510.7), twice per turn (510.7), once per game (510.21), spends its source
    (507.7.2): remembered by the ability (by identity)."""
    found = _LIMITS.get(id(ability))
    if found is None or found[0] is not ability:
        flags = (
            ability.is_limited,
            Qualifier.TWICE_PER_TURN in ability.qualifiers,
            Qualifier.ONCE_PER_GAME in ability.qualifiers,
            any(c.kind is CostKind.SPEND_SOURCE for c in ability.costs),
        )
        if len(_LIMITS) >= 10_000:
            _LIMITS.clear()
        found = (ability, flags)
        _LIMITS[id(ability)] = found
    return found[1]


def _cost_problem(board: Board, seat: int, a: PerformAbility, ability: Ability) -> Problem | None:
    hand = board.players[seat].hand
    need = discard_count(ability)
    if len(a.discard) != need or len(set(a.discard)) != need:
        return Problem("510.2", f"the cost discards exactly {need} card(s) from your hand.")
    for card in a.discard:
        if card not in hand or card == a.card:
            return Problem("510.2", f"{_name(board, card)} is not another card in your hand.")
    for cost in ability.costs:
        if cost.kind is _REMOVE_COUNTERS:
            have = counters_on(board, a.card, cost.name) + counters_on(
                board, a.character, cost.name
            )
            if have < cost.amount:
                return Problem(
                    "704.1", f"there are not {cost.amount} {cost.name} counter(s) to remove."
                )
        if cost.kind is _STUN_PERFORMER and ability.is_spend:
            continue
        if cost.kind in (_DISCARD_SOURCE, _DESTROY_SOURCE) and a.card == a.character:
            return Problem("510.9", f"{_name(board, a.card)} cannot discard itself as a cost.")
    return None


def ability_problem(board: Board, seat: int, a: PerformAbility, turn: int) -> Problem | None:
    """Why `a` is illegal now (510.9: costs, requirements and targets checked before it is
    declared), or None."""
    found = next(
        ((p, ab) for c, i, ab, p in sources(board, seat) if c == a.card and i == a.ability), None
    )
    if found is None:
        return Problem(
            "507.7.1",
            f"{_name(board, a.card)} has no Order number {a.ability} you may perform now.",
        )
    performer, ability = found
    return _problem(board, seat, a, ability, performer, turn) or _target_problem(
        board, seat, a, ability
    )


def _problem(
    board: Board, seat: int, a: PerformAbility, ability: Ability, performer: int | None, turn: int
) -> Problem | None:
    """Everything but the target: performer, use limits, costs."""
    if ability.performer is _CONTROLLER:
        return Problem("507.7", f"{_name(board, a.card)}'s Order is not performed by a character.")
    return (
        _performer_problem(board, seat, a, ability, performer)
        or _use_problem(board, a, ability, turn)
        or _cost_problem(board, seat, a, ability)
    )


def _target_problem(board: Board, seat: int, a: PerformAbility, ability: Ability) -> Problem | None:
    if needs_target(ability):
        problem = _no_effect_problem(board, a, ability)
        if problem is not None:
            return problem
        if a.target not in targets(board, seat, ability, a.character):
            return Problem("510.9", f"that is not a valid target for {_name(board, a.card)}.")
    elif a.target != NO_TARGET:
        return Problem("511.1", f"{_name(board, a.card)}'s Order takes no target.")
    return None


def candidate_abilities(board: Board, seat: int, turn: int, limit: int = 6) -> list[PerformAbility]:
    """Every Order on cards the seat may perform now, with its targets and discards (at most
    `limit` discard choices per Order, the lowest card ids first)."""
    return [PerformAbility(*f) for f in candidate_ability_fields(board, seat, turn, limit)]


AbilityFields = tuple[int, int, int, int, int, tuple[int, ...]]


def candidate_ability_fields(
    board: Board, seat: int, turn: int, limit: int = 6
) -> list[AbilityFields]:
    """`candidate_abilities` as the fields of each `PerformAbility`, for a caller that builds
    only the one it picks (engine.playout). The checks of `_problem` that the loop has already
    made (the performer is a character of the seat, not stunned, ready when it is spent, of
    the Action card's class) are not made again."""
    units = board.units
    own: list[int] = []  # the seat's characters, when an Action card needs them
    levels: dict[int, int] = {}  # their levels, when an Action card needs them (303.3)
    hand: list[int] | None = None
    out: list[AbilityFields] = []
    for card, index, ability, performer in sources(board, seat):
        if ability.performer is _CONTROLLER:
            continue
        need, targeted, spend, limited = _offer_info(ability)
        if need:
            if hand is None:
                hand = sorted(board.players[seat].hand)
            discards = list(islice(combinations([c for c in hand if c != card], need), limit))
            if not discards:
                continue
        else:
            discards = [()]
        if performer is not None:  # an Order printed on the character or what it bears
            orientation = units[performer].orientation
            if orientation is _STUNNED or (
                spend and orientation is not _READY and not waived(board, ability, performer)
            ):
                continue  # _performer_problem refuses it (107.4.3, 510.6): no need to ask
            if limited:  # otherwise `_problem` finds nothing to refuse
                probe = PerformAbility(seat, card, index, performer, NO_TARGET, discards[0])
                if _use_problem(board, probe, ability, turn) or _cost_problem(
                    board, seat, probe, ability
                ):
                    continue  # the target and the discards chosen do not change these (510.9)
            picks = targets(board, seat, ability, performer) if targeted else (NO_TARGET,)
            for target in picks:
                for chosen in discards:
                    out.append((seat, card, index, performer, target, chosen))
            continue
        if not own:
            own = sorted(u for u, unit in units.items() if unit.controller == seat)
        action = board.card(card)
        classes = _classes_of(action)
        for uid in own:
            orientation = units[uid].orientation
            if orientation is _STUNNED or (
                spend and orientation is not _READY and not waived(board, ability, uid)
            ):
                continue  # 107.4.3, 510.6
            who = board.card(uid)
            if classes and classes.isdisjoint(who.classes):
                continue  # nor an Action card of another class (303.2)
            if stats.restriction_problem(action, who):
                continue  # 303.2
            level = levels.get(uid)
            if level is None:
                level = levels[uid] = stats.level(board, uid)
            if level < (action.level or 0):
                continue  # 303.3
            probe = PerformAbility(seat, card, index, uid, NO_TARGET, discards[0])
            if _use_problem(board, probe, ability, turn) or _cost_problem(
                board, seat, probe, ability
            ):
                continue  # the target and the discards chosen do not change these (510.9)
            picks = targets(board, seat, ability, uid) if targeted else (NO_TARGET,)
            for target in picks:
                for chosen in discards:
                    out.append((seat, card, index, uid, target, chosen))
    return out


_CLASSES: dict[int, tuple[Card, frozenset[CardClass]]] = {}


def _classes_of(card: Card) -> frozenset[CardClass]:
    """The classes an Action card allows (303.2), empty when anyone may use it (Classless or
    none: `stats.class_allows`), by the card definition (by identity)."""
    found = _CLASSES.get(id(card))
    if found is None or found[0] is not card:
        if len(_CLASSES) >= 10_000:
            _CLASSES.clear()
        found = (card, frozenset(card.classes) - _CLASSLESS)
        _CLASSES[id(card)] = found
    return found[1]


_CLASSLESS = frozenset({CardClass.CLASSLESS})


_OFFER: dict[int, tuple[Ability, tuple[int, bool, bool, bool]]] = {}


def _offer_info(ability: Ability) -> tuple[int, bool, bool, bool]:
    """Cards it discards (510.2), whether it needs a target, whether it spends the performer,
    and whether its use or its costs are limited beyond that (a limit on uses, counters to
    remove, its source discarded or destroyed): remembered by the ability (by identity). For
    a character's own Order without such limits, `_problem` refuses nothing that
    `candidate_abilities` has not already ruled out."""
    found = _OFFER.get(id(ability))
    if found is None or found[0] is not ability:
        if len(_OFFER) >= 10_000:
            _OFFER.clear()
        limited = any(_use_limits(ability)) or any(c.kind in _LIMITING_COSTS for c in ability.costs)
        info = (discard_count(ability), needs_target(ability), ability.is_spend, limited)
        found = (ability, info)
        _OFFER[id(ability)] = found
    return found[1]


# Cost parts `_cost_problem` may refuse once the discards are cards of the hand (510.2).
_LIMITING_COSTS = frozenset({_REMOVE_COUNTERS, _DISCARD_SOURCE, _DESTROY_SOURCE})
