"""Card effects that create a standard token (703.9): "Put a Trap token into play equipped to
this character" (703.4) and a character token entering its controller's formation (703.3)."""

from __future__ import annotations

from typing import Any

from engine import apply, legal_actions
from engine.actions import PerformAbility
from engine.cards.abilities import Affects, Op
from engine.cards.ability_compose import compile_effect
from engine.position import load_position

RAIDER, SNARE_KIT = 0, 1


def snare_kit_position() -> dict[str, Any]:
    return {
        "position_version": 1,
        "comment": "Grunt Raider bears a Snare Kit (Destroy the Snare Kit: a Trap token).",
        "seed": 7,
        "turn": 2,
        "initiative_order": [0, 1],
        "seats": [
            {
                "ranks": [
                    [{"card": "Grunt Raider", "items": ["Snare Kit"]}],
                    [{"card": "Mazruk the Undying", "warlord": True}],
                ],
                "deck": ["Bone Shaman"],
            },
            {
                "ranks": [["Glade Sentinel"], [{"card": "Gharrok the Ironjaw", "warlord": True}]],
                "deck": ["Thornweaver"],
            },
        ],
    }


def test_rule_703_4_an_item_token_put_into_play_equipped_to_the_bearer() -> None:
    """703.4: an item token is put into play equipped, following the equip rules. Snare Kit's
    Order destroys it (its cost, 510.20) and equips a Trap token (703.9) to its bearer."""
    state = load_position(snare_kit_position())
    order = next(a for a in legal_actions(state, 0) if isinstance(a, PerformAbility))
    assert (order.card, order.character) == (SNARE_KIT, RAIDER)
    transition = apply(state, order)
    after = transition.state
    (token,) = after.units[RAIDER].items
    assert after.card(token).name == "Trap" and token in after.tokens
    kinds = [e.kind for e in transition.events]
    assert kinds.index("item_destroyed") < kinds.index("item_equipped")


def test_token_texts_compile_to_the_standard_tokens() -> None:
    (trap,) = compile_effect("put a trap token into play equipped to this character.", False)
    assert (trap.op, trap.affects, trap.name) == (Op.CREATE_TOKEN, Affects.PERFORMER, "Trap")
    (animal,) = compile_effect("put an animal token into play.", False)
    assert (animal.op, animal.affects, animal.name) == (Op.CREATE_TOKEN, Affects.YOU, "Animal")
    assert compile_effect("put a dragon token into play.", False) is None
