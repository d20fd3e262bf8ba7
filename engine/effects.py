"""Effect primitives that card abilities will be composed of (the follow-up issue's
vocabulary). Each works on a transaction and logs events; the flow settles deaths and
illegal ranks afterwards (104.2, 401.6)."""

from __future__ import annotations

from engine.cards.model import Card, CardType
from engine.events import ItemEquipped, StatModified, TokenNotCreated
from engine.foreign import move_into_formation
from engine.formation import rank_would_be_legal
from engine.frames import Placement
from engine.groups import new_effect
from engine.orders import equip_requirement_problem
from engine.resolve import ask_destroy, ask_position
from engine.setup import create_token
from engine.state import Modifier
from engine.strikes import inflict_wounds, strike
from engine.tx import Tx

__all__ = [
    "equip_token",
    "inflict_wounds",
    "modify_next_initiative",
    "modify_until_end_of_turn",
    "move_into_formation",
    "put_character_token_into_play",
    "strike",
]


def put_character_token_into_play(tx: Tx, seat: int, card: Card) -> int | None:
    """703.3: a character token enters like a played character (rank = level, illegal rank
    check, loyalty penalty); its controller chooses its place in the rank (507.1.1), through a
    `position` decision when the rank is occupied. None when it cannot enter."""
    if card.functions_as is not CardType.CHARACTER:
        raise ValueError(f"{card.name} is not a character token")
    rank = max(card.level or 1, 1)
    if not rank_would_be_legal(tx.player(seat), tx.units, rank):
        tx.emit(TokenNotCreated(seat=seat, name=card.name, rule="507.1.2"))
        return None
    uid = create_token(tx, seat, card)
    ask_position(tx, seat, uid, rank, Placement.PLAY)
    return uid


def equip_token(tx: Tx, seat: int, card: Card, character: int) -> int | None:
    """703.4: equip an item token to a character following every equip rule (302: class,
    restrictions, level + rank, name, Unarmed, Cursed); equip locations are then checked
    (302.7). None (and a `token_not_created` event) when the character cannot equip it."""
    if card.functions_as is not CardType.ITEM:
        raise ValueError(f"{card.name} is not an item token")
    problem = equip_requirement_problem(tx, tx.units[character].controller, card, character)
    if problem:
        tx.emit(TokenNotCreated(seat=seat, name=card.name, rule=problem.rule, reason=str(problem)))
        return None
    uid = create_token(tx, seat, card)
    unit = tx.units[character]
    tx.update_unit(character, items=(*unit.items, uid))
    to_name = tx.name(character)
    tx.emit(
        ItemEquipped(seat=seat, card=uid, name=card.name, to=character, to_name=to_name, token=True)
    )
    ask_destroy(tx, seat, character, uid)
    return uid


def modify_next_initiative(tx: Tx, seat: int, warlord: int, amount: int) -> None:
    """504.2: a bonus to the Warlord's next initiative roll (kept for rerolls of a tie, 504.5)."""
    effect = new_effect(tx)
    tx.modifiers.append(Modifier(warlord, "initiative", amount, seat, False, effect=effect))
    name = tx.name(warlord)
    tx.emit(
        StatModified(
            seat=seat,
            card=warlord,
            name=name,
            stat="initiative",
            amount=amount,
            until="next_initiative",
        )
    )


def modify_until_end_of_turn(tx: Tx, seat: int, target: int, stat: str, amount: int) -> None:
    """An ongoing stat modifier that expires at the end of the turn (506.1, 700)."""
    if stat not in ("atk", "ac", "skill", "hp", "level", "initiative"):
        raise ValueError(f"unknown stat {stat!r}")
    tx.modifiers.append(Modifier(target, stat, amount, seat, effect=new_effect(tx)))
    tx.emit(StatModified(seat=seat, card=target, name=tx.name(target), stat=stat, amount=amount))
