"""The Orders of 507: legality (with the rule a player breaks) and their first steps.

Each `*_problem` function returns None when the Order is legal, else a `Problem` with the
rule broken and one sentence (`str()` gives "Rule 507.1.2: ..."). `engine.resolve.perform_order`
carries out a legal Order; follow-up choices (position, targets, items to destroy) become
pending decisions answered there too.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from engine import stats
from engine.actions import (
    Action,
    AttachEpicClass,
    Attack,
    DefeatDungeon,
    Equip,
    Maneuver,
    PlayCharacter,
    PlayDungeon,
    PlayOrderCard,
)
from engine.cards.model import Card, CardType
from engine.cards.validation import MERCENARY
from engine.feats import into_problem, maneuver_directions
from engine.formation import Place, all_places, locate, rank_would_be_legal
from engine.problems import Problem
from engine.state import Orientation
from engine.stats import Board
from engine.strikes import melee_targets

# Enum members bound once: on CPython 3.11 `Enum.MEMBER` goes through EnumType.__getattr__.
_READY = Orientation.READY
_STUNNED = Orientation.STUNNED
_CHARACTER = CardType.CHARACTER
_ITEM = CardType.ITEM
_DUNGEON = CardType.DUNGEON
_EPIC_CLASS = CardType.EPIC_CLASS


def _name(board: Board, instance: int) -> str:
    return board.card(instance).name


def _own_character(board: Board, seat: int, uid: int) -> Problem | None:
    """507.2: "one of your characters may perform one of the following Orders"."""
    unit = board.units.get(uid)
    if unit is None:
        return Problem("507.2", f"{_name(board, uid)} is not a character in play.")
    if unit.controller != seat:
        return Problem("507.2", f"{_name(board, uid)} is not a character you control.")
    return None


def _can_act(board: Board, uid: int) -> Problem | None:
    if board.units[uid].orientation is _STUNNED:
        return Problem("107.4.3", f"{_name(board, uid)} is stunned and may not perform actions.")
    return None


def _can_spend(board: Board, uid: int) -> Problem | None:
    if board.units[uid].orientation is not _READY:
        return Problem("107.3", f"{_name(board, uid)} is not ready, so it cannot be spent.")
    return None


def _ready_own_character(board: Board, seat: int, uid: int) -> Problem | None:
    """The cost of an Order that spends its performer (507.3, 507.5)."""
    return _own_character(board, seat, uid) or _can_act(board, uid) or _can_spend(board, uid)


def _in_hand(board: Board, seat: int, card: int, kind: CardType, rule: str) -> Problem | None:
    """The card an Order reveals or plays from your hand (`rule`: the Order's, 507.1-507.10)."""
    if card not in board.players[seat].hand:
        return Problem(rule, f"{_name(board, card)} is not in your hand.")
    if board.card(card).type is not kind:
        noun = kind.value.lower()
        article = "an" if noun[0] in "aeiou" else "a"
        return Problem(rule, f"{_name(board, card)} is not {article} {noun} card.")
    return None


def warlord_factions(board: Board, seat: int) -> set[str]:
    """Factions of the seat's Warlord(s), in play now."""
    found: set[str] = set()
    for unit in board.units.values():
        if unit.controller == seat and unit.is_warlord:
            found.update(board.card(unit.id).factions)
    return found


def play_character_problem(board: Board, seat: int, a: PlayCharacter) -> Problem | None:
    problem = _in_hand(board, seat, a.card, _CHARACTER, "507.1")
    if problem:
        return problem
    card = board.card(a.card)
    if not card.level or card.level < 1:
        return Problem("507.1.1", f"{card.name} has no level, so it has no rank to enter.")
    player = board.players[seat]
    if not rank_would_be_legal(player, board.units, card.level):
        return Problem(
            "507.1.2",
            f"a level {card.level} character enters play in rank {card.level}, "
            f"and {card.name} would make that rank illegal.",
        )
    for unit in board.units.values():
        other = board.card(unit.id)
        if unit.controller == seat and other.name == card.name and other.is_unique:
            return Problem("602.7", f"you already control a Unique {card.name}.")  # 602.7.2/.6
    return None


def loyalty_penalty(board: Board, seat: int, card_id: int, alliance: bool) -> bool:
    """507.1.4: a different faction from your Warlord enters stunned; Mercenaries never do.
    In Alliance your characters count as your Warlords' factions (801.5.8)."""
    card = board.card(card_id)
    if alliance or MERCENARY in card.factions or not card.factions:
        return False
    return not (set(card.factions) & warlord_factions(board, seat))


def attack_problem(board: Board, seat: int, a: Attack) -> Problem | None:
    """Costs and strikes first, then the targets (510.9), the costliest check, last."""
    problem = _ready_own_character(board, seat, a.character)
    if problem:
        return problem
    if not board.card(a.character).attack:
        return Problem("507.3.1", f"{_name(board, a.character)} has no melee strikes.")
    if not melee_targets(board, a.character):
        return Problem(
            "510.9",
            f"no opposing character is within reach of "
            f"{_name(board, a.character)}'s melee strike (509.3).",
        )
    return None


def maneuver_problem(board: Board, seat: int, a: Maneuver) -> Problem | None:
    problem = _ready_own_character(board, seat, a.character)
    if problem:
        return problem
    return _maneuver_place_problem(board, seat, a, locate(board.players, a.character))


def _maneuver_place_problem(
    board: Board, seat: int, a: Maneuver, place: Place | None
) -> Problem | None:
    """The rest of `maneuver_problem`, for a ready character of the seat standing at `place`."""
    if place is None:
        return Problem("507.5", f"{_name(board, a.character)} is not in a formation.")
    if a.direction.startswith("into:"):  # Stealth (603.12.1)
        return into_problem(board, seat, a.character, a.direction)
    if a.direction == "forward" and place.rank == 1 and place.formation == seat:
        return Problem("401.5", "characters in the front rank may not move forward.")
    if a.direction == "sideways" and len(board.players[place.formation].ranks[place.rank - 1]) < 2:
        return Problem("507.5", f"{_name(board, a.character)} is alone in its rank.")
    return None


def equip_problem(board: Board, seat: int, a: Equip) -> Problem | None:
    return (
        _in_hand(board, seat, a.item, _ITEM, "507.4")
        or _own_character(board, seat, a.character)
        or _can_act(board, a.character)
        or equip_requirement_problem(board, seat, board.card(a.item), a.character)
    )


def equip_requirement_problem(
    board: Board, seat: int, item: Card, character: int
) -> Problem | None:
    """Whether `character` meets the requirements to equip `item` (302, 602.2.1, 602.15);
    shared by the equip Order (507.4) and item tokens (703.4)."""
    who = board.card(character)
    if stats.has_keyword(board, character, "Unarmed"):
        return Problem("602.15", f"{who.name} is Unarmed and may not equip items.")
    problem = _use_limit_problem(item, who, "302.3", "equip")
    if problem:
        return problem
    place = locate(board.players, character)
    own_formation = place is not None and place.formation == seat
    rank = place.rank if place is not None and own_formation else 0
    have = stats.level(board, character) + rank
    if have < (item.level or 0):
        return Problem(
            "302.4",
            f"{who.name}'s level plus rank is {have}, below {item.name}'s level {item.level}.",
        )
    unit = board.units[character]
    if any(board.card(i).name == item.name for i in unit.items):
        return Problem("302.5", f"{who.name} already has a {item.name} equipped.")
    locations = stats.equip_locations(item)
    for other in unit.items:
        other_card = board.card(other)
        if other_card.has_keyword("Cursed") and locations & stats.equip_locations(other_card):
            return Problem(
                "602.2.1",
                f"{who.name} has the Cursed {other_card.name} equipped in that equip location.",
            )
    return None


def _use_limit_problem(card: Card, who: Card, rule: str, verb: str) -> Problem | None:
    """The class, trait, faction and alignment limits of an item (302.3) or an action (303.2)."""
    if not stats.class_allows(card.classes, who):
        allowed = "/".join(c.value for c in card.classes)
        return Problem(rule, f"only a {allowed} may {verb} {card.name}.")
    restricted = stats.restriction_problem(card, who)
    if restricted:
        return Problem(rule, f"{restricted}.")
    return None


def is_spend_order(text: str) -> bool:
    """510.6: the Order's cost spends the performer ("Spend Order:")."""
    return "spend order" in text.casefold()


def order_card_problem(board: Board, seat: int, a: PlayOrderCard) -> Problem | None:
    problem = (
        _in_hand(board, seat, a.card, CardType.ACTION, "507.6")
        or _own_character(board, seat, a.character)
        or _can_act(board, a.character)
    )
    if problem:
        return problem
    card = board.card(a.card)
    who = board.card(a.character)
    if "order:" not in card.text.casefold():  # "Order:", "Spend Order:", "Limited Order:"
        return Problem("507.6.1", f"{card.name} is not an Order.")
    if is_spend_order(card.text):
        problem = _can_spend(board, a.character)
        if problem:
            message = problem.message.rstrip(".")
            return Problem(problem.rule, f"{message} ({card.name} is a Spend Order, 510.6).")
    problem = _use_limit_problem(card, who, "303.2", "use")
    if problem:
        return problem
    if stats.level(board, a.character) < (card.level or 0):
        return Problem("303.3", f"{who.name} is below level {card.level} needed for {card.name}.")
    return None


def dungeon_problem(board: Board, seat: int, dungeon: int | None, a: PlayDungeon) -> Problem | None:
    problem = _in_hand(board, seat, a.card, _DUNGEON, "507.8") or _own_character(
        board, seat, a.character
    )
    if problem:
        return problem
    if dungeon is not None:
        return Problem("304.1", "a dungeon is already in play.")
    return _can_act(board, a.character)


def _own_warlord(board: Board, seat: int, uid: int, rule: str) -> Problem | None:
    problem = _own_character(board, seat, uid)
    if problem:
        return problem
    if not board.units[uid].is_warlord:
        name = _name(board, uid)
        return Problem(rule, f"only Warlords have this Order, and {name} is not one.")
    return _can_act(board, uid)


def challenge_rating(board: Board, dungeon: int) -> int:
    keyword = board.card(dungeon).keyword("Challenge Rating")
    return keyword.value if keyword is not None and keyword.value is not None else 0


def defeat_problem(
    board: Board, seat: int, dungeon: int | None, a: DefeatDungeon
) -> Problem | None:
    if dungeon is None:
        return Problem("507.9", "no dungeon is in play.")
    problem = _own_warlord(board, seat, a.warlord, "507.9")
    if problem:
        return problem
    if not a.spend or len(set(a.spend)) != len(a.spend):
        return Problem("507.9", "name each character to spend once.")
    for uid in a.spend:
        problem = _own_character(board, seat, uid) or _can_spend(board, uid)
        if problem:
            return problem
    total = sum(stats.level(board, u) for u in a.spend)
    rating = challenge_rating(board, dungeon)
    if total < rating:
        return Problem("507.9", f"combined levels {total} are below the challenge rating {rating}.")
    return None


def defeat_choices(board: Board, seat: int, dungeon: int, limit: int = 40) -> list[tuple[int, ...]]:
    """Minimal sets of ready characters whose levels reach the challenge rating."""
    ready = sorted(
        u.id for u in board.units.values() if u.controller == seat and u.orientation is _READY
    )
    rating = challenge_rating(board, dungeon)
    levels = {u: stats.level(board, u) for u in ready}
    found: list[tuple[int, ...]] = []
    for size in range(1, len(ready) + 1):
        for combo in combinations(ready, size):
            total = sum(levels[u] for u in combo)
            if total >= rating and all(total - levels[u] < rating for u in combo):
                found.append(combo)
                if len(found) >= limit:
                    return found
    return found


def epic_problem(board: Board, seat: int, a: AttachEpicClass) -> Problem | None:
    return _in_hand(board, seat, a.card, _EPIC_CLASS, "507.10") or _own_warlord(
        board, seat, a.warlord, "507.10"
    )


def candidate_orders(board: Board, seat: int, dungeon: int | None) -> list[Action]:
    """Every Order the seat might give, before legality filtering."""
    own = [u for u in board.units if board.units[u].controller == seat]
    warlords = [u for u in own if board.units[u].is_warlord]
    out: list[Action] = []
    for card in board.players[seat].hand:
        kind = board.card(card).type
        if kind is _CHARACTER:
            out.append(PlayCharacter(seat, card))
        elif kind is _ITEM:
            out += [Equip(seat, card, u) for u in own]
        # Action cards from hand are offered as PerformAbility (engine.abilities_offer).
        elif kind is _DUNGEON:
            out += [PlayDungeon(seat, card, u) for u in own]
        elif kind is _EPIC_CLASS:
            out += [AttachEpicClass(seat, card, w) for w in warlords]
    for u in own:
        out.append(Attack(seat, u))
        out += [Maneuver(seat, u, d) for d in maneuver_directions(board, seat, u)]
    if dungeon is not None:
        for w in warlords:
            out += [DefeatDungeon(seat, w, combo) for combo in defeat_choices(board, seat, dungeon)]
    return out


def legal_orders(board: Board, seat: int, dungeon: int | None) -> list[Action]:
    """The legal Orders of `candidate_orders`, in the same order: candidates that a cheap fact
    already rules out (a stunned or spent performer, a character rank that cannot take it) are
    never built, the rest pass the full `*_problem` checks."""
    units = board.units
    own = [u for u in units if units[u].controller == seat]
    acting = [u for u in own if units[u].orientation is not _STUNNED]
    ready = [u for u in acting if units[u].orientation is _READY]
    warlords = [u for u in acting if units[u].is_warlord]
    out: list[Action] = []
    for card in board.players[seat].hand:
        kind = board.card(card).type
        found: list[Action]
        if kind is _CHARACTER:
            found = [PlayCharacter(seat, card)]
        elif kind is _ITEM:
            item = board.card(card)
            found = [
                Equip(seat, card, u)
                for u in acting
                if equip_requirement_problem(board, seat, item, u) is None
            ]
            out += found
            continue
        elif kind is _DUNGEON:
            if dungeon is not None:
                continue
            found = [PlayDungeon(seat, card, u) for u in acting]
        elif kind is _EPIC_CLASS:
            found = [AttachEpicClass(seat, card, w) for w in warlords]
        else:
            continue
        out += [a for a in found if _problem_of(board, seat, dungeon, a) is None]
    places = all_places(board.players)
    for u in ready:
        if attack_problem(board, seat, Attack(seat, u)) is None:
            out.append(Attack(seat, u))
        place = places.get(u)
        for d in maneuver_directions(board, seat, u):  # 507.5; Stealth 603.12.1
            maneuver = Maneuver(seat, u, d)
            if _maneuver_place_problem(board, seat, maneuver, place) is None:
                out.append(maneuver)
    if dungeon is not None:
        for w in warlords:
            for combo in defeat_choices(board, seat, dungeon):
                a = DefeatDungeon(seat, w, combo)
                if defeat_problem(board, seat, dungeon, a) is None:
                    out.append(a)
    return out


def _problem_of(board: Board, seat: int, dungeon: int | None, a: Action) -> Problem | None:
    if isinstance(a, PlayCharacter):
        return play_character_problem(board, seat, a)
    if isinstance(a, PlayDungeon):
        return dungeon_problem(board, seat, dungeon, a)
    assert isinstance(a, AttachEpicClass)
    return epic_problem(board, seat, a)


def plausible_orders(board: Board, seat: int, dungeon: int | None) -> list[Action]:
    """`candidate_orders` without those a cheap fact rules out (a stunned or spent performer,
    a dungeon already in play): every legal Order is among them, once, in the same order."""
    return [kind(*args) for kind, args in plausible_order_fields(board, seat, dungeon)]


OrderFields = tuple[type[Action], tuple[Any, ...]]


def plausible_order_fields(board: Board, seat: int, dungeon: int | None) -> list[OrderFields]:
    """`plausible_orders` as (action type, arguments) pairs, for a caller that builds only the
    ones it picks (engine.playout)."""
    acting: list[int] = []
    ready: list[int] = []
    warlords: list[int] = []
    for u, unit in board.units.items():  # one pass, in the order of the units
        if unit.controller != seat or unit.orientation is _STUNNED:
            continue
        acting.append(u)
        if unit.orientation is _READY:
            ready.append(u)
        if unit.is_warlord:
            warlords.append(u)
    out: list[OrderFields] = []
    for card in board.players[seat].hand:
        kind = board.card(card).type
        if kind is _CHARACTER:
            out.append((PlayCharacter, (seat, card)))
        elif kind is _ITEM:
            out += [(Equip, (seat, card, u)) for u in acting]
        elif kind is _DUNGEON and dungeon is None:
            out += [(PlayDungeon, (seat, card, u)) for u in acting]
        elif kind is _EPIC_CLASS:
            out += [(AttachEpicClass, (seat, card, w)) for w in warlords]
    for u in ready:
        out.append((Attack, (seat, u)))
        out += [(Maneuver, (seat, u, d)) for d in maneuver_directions(board, seat, u)]
    if dungeon is not None:
        for w in warlords:
            out += [
                (DefeatDungeon, (seat, w, combo)) for combo in defeat_choices(board, seat, dungeon)
            ]
    return out
