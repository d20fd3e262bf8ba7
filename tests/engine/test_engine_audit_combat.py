"""Rules audit (issue 3, round 2): attacks, equipping, strikes, dice, keywords and death.
Each test quotes its rule from the Comprehensive Rules 2.0.7."""

from __future__ import annotations

from dataclasses import replace

import pytest
from engine_factories import (
    card,
    instance_of,
    item,
    scripted,
    set_unit,
    to_order,
    two_player_game,
)

from engine import (
    Attack,
    Choose,
    DecisionKind,
    Decline,
    DefeatDungeon,
    Equip,
    IllegalActionError,
    Maneuver,
    PlayDungeon,
    apply,
    check,
    legal_actions,
    stats,
)
from engine.cards.model import CardType, DamageType, Keyword
from engine.death import check_deaths
from engine.state import Modifier, Orientation
from engine.strikes import strike
from engine.turn import advance
from engine.tx import Tx


def _with_card(state, uid, **changes):  # type: ignore[no-untyped-def]
    cards = dict(state.cards)
    cards[state.instances[uid]] = replace(state.card(uid), **changes)
    return replace(state, cards=cards)


def _strike(state, attacker, target, rolls, base=0, **kw):  # type: ignore[no-untyped-def]
    tx = Tx(scripted(state, rolls))
    hit = strike(tx, attacker, target, base, **kw)
    roll = next(e for e in tx.events if e.kind == "roll")
    return hit, roll, tx


def _equip(state, item_id, who):  # type: ignore[no-untyped-def]
    return apply(to_order(state, 0), Equip(0, instance_of(state, item_id), who)).state


def test_rule_302_7_1_only_the_new_item_s_equip_locations_are_checked() -> None:
    """302.7.1: "Equip locations are only checked when equipping an item. ... if the character
    were to equip a third Weapon, the character would need to destroy both previously equipped
    Weapons." (here after losing Dual Wield)"""
    weapons = [item(f"blade-{k}", traits=("Weapon",)) for k in range(3)]
    state, _ = two_player_game([*weapons, item("mail", ac=2, traits=("Armor",))])
    who = state.players[0].ranks[0][0]
    state = _with_card(state, who, keywords=(Keyword("Dual Wield"),))
    state = _equip(_equip(state, "blade-0", who), "blade-1", who)
    state = _with_card(state, who, keywords=())  # Dual Wield lost: two Weapons stay (302.7.1)
    state = _equip(state, "mail", who)
    assert not any(d.kind is DecisionKind.DESTROY_ITEM for d in state.pending)
    state = _equip(state, "blade-2", who)
    d = state.pending[0]
    blades = [instance_of(state, f"blade-{k}") for k in range(3)]
    assert d.kind is DecisionKind.DESTROY_ITEM and set(d.options) == set(blades)
    state = apply(state, Choose(0, blades[2])).state  # may destroy the new one (302.7) ...
    d = state.pending[0]
    assert d.kind is DecisionKind.DESTROY_ITEM and set(d.options) == set(blades[:2])
    state = apply(state, Choose(0, blades[0])).state  # ... and goes on until one is left
    assert state.units[who].items == (blades[1], instance_of(state, "mail"))


def test_rule_602_12_dual_wield_with_a_weapon_and_a_shield_may_destroy_either() -> None:
    """602.12: "if a character with Dual Wield equips a Weapon while they have a Weapon and a
    Shield equipped, they may choose to destroy either a Weapon or the Shield." """
    state, _ = two_player_game(
        [
            item("axe", traits=("Weapon",)),
            item("mace", traits=("Weapon",)),
            item("buckler", ac=1, traits=("Shield",)),
        ]
    )
    who = state.players[0].ranks[0][0]
    state = _with_card(state, who, keywords=(Keyword("Dual Wield"),))
    state = _equip(_equip(state, "axe", who), "buckler", who)
    assert not state.pending or state.pending[0].kind is not DecisionKind.DESTROY_ITEM
    state = _equip(state, "mace", who)
    d = state.pending[0]
    ids = {instance_of(state, c) for c in ("axe", "mace", "buckler")}
    assert d.kind is DecisionKind.DESTROY_ITEM and set(d.options) == ids
    state = apply(state, Choose(0, instance_of(state, "buckler"))).state
    assert set(state.units[who].items) == {instance_of(state, "axe"), instance_of(state, "mace")}


def test_rule_302_4_the_rank_counts_towards_the_item_level() -> None:
    """302.4: "the character's level ... plus the number of the rank they currently occupy in
    your formation ... must be equal to or greater than the item's level." """
    state, _ = two_player_game([item("crown", level=3)])
    front = state.players[0].ranks[0][0]  # level 1 in rank 1: 2
    second = state.players[0].ranks[1][0]  # level 2 in rank 2: 4
    state = to_order(state, 0)
    with pytest.raises(IllegalActionError, match=r"302\.4"):
        check(state, Equip(0, instance_of(state, "crown"), front))
    check(state, Equip(0, instance_of(state, "crown"), second))


def test_rule_107_4_3_a_stunned_character_may_not_equip_or_maneuver() -> None:
    """107.4.3: "Stunned characters may not perform any actions, including those on equipped
    items, but they may still be affected by actions performed by other characters." """
    state, _ = two_player_game([item("ring")])
    front = state.players[0].ranks[0][0]
    state = to_order(set_unit(state, front, orientation=Orientation.STUNNED), 0)
    for action in (
        Equip(0, instance_of(state, "ring"), front),
        Maneuver(0, front, "backward"),
        Attack(0, front),
    ):
        with pytest.raises(IllegalActionError, match=r"107\.4\.3"):
            check(state, action)


def test_rule_510_6_a_spent_character_may_still_equip() -> None:
    """510.6: "If it does not require spending, then a character may perform the action while
    spent." Equipping (507.4) is an "Order:", not a "Spend Order:"."""
    state, _ = two_player_game([item("ring")])
    front = state.players[0].ranks[0][0]
    state = to_order(set_unit(state, front, orientation=Orientation.SPENT), 0)
    check(state, Equip(0, instance_of(state, "ring"), front))
    with pytest.raises(IllegalActionError, match=r"107\.3"):
        check(state, Attack(0, front))


def test_rule_507_3_5_the_first_strike_of_an_attack_must_be_performed() -> None:
    """507.3.5: "While a character must always perform their first strike during an attack,
    any strikes beyond the first do not have to be performed." """
    state, _ = two_player_game()
    front = state.players[0].ranks[0][0]
    state = apply(to_order(state, 0), Attack(0, front)).state
    assert Decline(0) not in legal_actions(state, 0)
    with pytest.raises(IllegalActionError):
        check(state, Decline(0))


def test_rule_510_12_an_attack_ends_when_its_attacker_leaves_play() -> None:
    """510.12: "If the character performing a strike or action leaves play for any reason
    other than the strike or action itself ... then the strike or action is canceled." """
    state, _ = two_player_game()
    front = state.players[0].ranks[0][0]
    state = _with_card(state, front, attack=(3, 2))
    state = apply(to_order(state, 0), Attack(0, front)).state
    target = state.pending[0].options[0]
    state = apply(scripted(state, [2]), Choose(0, target)).state  # a miss; strike 2 is next
    assert state.pending[0].kind is DecisionKind.STRIKE_TARGET
    tx = Tx(state)
    tx.pending.clear()
    tx.update_unit(front, wounds=5)  # killed by something else (a React, later)
    advance(tx)
    assert not tx.stack and front in tx.player(0).discard
    assert any(e.kind == "attack_ended" and e.rule == "510.12" for e in tx.events)


def test_rule_509_4_1_ranged_strikes_add_no_atk_bonus() -> None:
    """509.4.1: "Neither a character's ATK bonus nor the number of melee strikes it has affect
    its ranged strikes." (509.3.2: melee strikes add them)"""
    state, _ = two_player_game([item("spear", attack=2, traits=("Weapon",))])
    a = state.players[0].ranks[0][0]
    b = state.players[1].ranks[1][0]
    state = _equip(state, "spear", a)
    _, roll, _ = _strike(state, a, b, [10], base=4, ranged=True)
    assert roll.roll.modifiers == (("strike", 4),)
    _, roll, _ = _strike(state, a, b, [10], base=4)
    assert roll.roll.modifiers == (("strike", 4), ("Spear", 2))


def test_rule_509_4_2_a_ranged_strike_at_a_named_target_ignores_distance() -> None:
    """509.4.2: "If an action or effect instructs a character to perform a ranged strike
    targeting a specific character, that character need not be exactly two ranks away." """
    state, _ = two_player_game()
    a, b = state.players[0].ranks[0][0], state.players[1].ranks[0][0]  # one rank apart
    hit, roll, tx = _strike(state, a, b, [20], base=1, ranged=True)
    assert hit and roll.target == b and tx.units[b].wounds == 1


def test_rule_105_2_3_disadvantage_against_planar_keeps_the_lowest_odd_roll() -> None:
    """105.2.3: "If you have disadvantage on a strike roll against a Planar character ...,
    keep the lowest odd roll (if there is one)." """
    state, _ = two_player_game()
    a, b = state.players[0].ranks[0][0], state.players[1].ranks[0][0]
    state = _with_card(
        state, b, keywords=(Keyword("Planar"), Keyword("Resistance", qualifier="Physical"))
    )
    hit, roll, _ = _strike(state, a, b, [4, 7], base=10)
    assert roll.roll.kept == 7 and not hit
    state = _with_card(state, b, keywords=(Keyword("Resistance", qualifier="Physical"),))
    _, roll, _ = _strike(state, a, b, [4, 7], base=10)
    assert roll.roll.kept == 4


def test_rule_600_3_two_weapons_give_both_damage_types_and_105_2_6_two_dice_at_most() -> None:
    """600.3: "if a character has two Weapons equipped, one has the Frost Damage Type and one
    has the Necrotic Damage Type, their melee strikes will have both." 105.2.6: several
    advantages still roll "only two dice"."""
    state, _ = two_player_game(
        [
            item("frost-axe", traits=("Weapon",), damage=DamageType.FROST),
            item("grave-mace", traits=("Weapon",), damage=DamageType.NECROTIC),
        ]
    )
    a, b = state.players[0].ranks[0][0], state.players[1].ranks[0][0]
    state = _with_card(state, a, keywords=(Keyword("Dual Wield"),))
    state = _equip(_equip(state, "frost-axe", a), "grave-mace", a)
    assert stats.strike_damage_types(state, a) == {"frost", "necrotic"}
    weak = (Keyword("Weakness", qualifier="Frost"), Keyword("Weakness", qualifier="Necrotic"))
    _, roll, _ = _strike(_with_card(state, b, keywords=weak), a, b, [3, 15, 9])
    assert roll.roll.naturals == (3, 15) and roll.roll.kept == 15
    mixed = (Keyword("Weakness", qualifier="Frost"), Keyword("Resistance", qualifier="Necrotic"))
    _, roll, _ = _strike(_with_card(state, b, keywords=mixed), a, b, [3, 15])
    assert roll.roll.advantage == "cancelled"  # 600.4 / 105.2.4


def test_rule_104_6_a_character_whose_level_drops_to_0_dies() -> None:
    """104.6: "A character also dies ... if its level or hit points are reduced to 0 or
    less." """
    state, _ = two_player_game()
    front = state.players[0].ranks[0][0]  # level 1
    tx = Tx(replace(state, modifiers=(Modifier(front, "level", -1, 1),)))
    assert check_deaths(tx)
    died = next(e for e in tx.events if e.kind == "character_died")
    assert died.why == "level_zero" and front in tx.player(0).discard


def test_rule_104_8_items_then_attached_actions_then_other_attachments_then_the_character() -> None:
    """104.8: "Cards are placed in the discard pile, one at a time, ... starting with all
    equipped items, then all attached actions, then any other attached card types, then the
    character." (the engine keeps equip/attach order inside each group, see docs/engine.md)"""
    hand = [
        item("ring"),
        card("blessing", CardType.ACTION, "Order: Attach to a character."),
        card("archmage", CardType.EPIC_CLASS, level=0),
        item("cloak"),
    ]
    state, _ = two_player_game(hand)
    front = state.players[0].ranks[0][0]
    ring, blessing, archmage, cloak = (instance_of(state, c.id) for c in hand)
    state = set_unit(state, front, items=(ring, cloak), attachments=(archmage, blessing))
    tx = Tx(state)
    tx.update_unit(front, wounds=5)
    check_deaths(tx)
    assert tx.player(0).discard[-5:] == (ring, cloak, blessing, archmage, front)


def test_rule_507_9_any_set_of_ready_characters_reaching_the_rating_defeats_a_dungeon() -> None:
    """507.9: "Spend ready characters in your army with combined levels equal to or greater
    than the challenge rating." More than the minimum may be spent; stunned ones may not."""
    dungeon = card("crypt", CardType.DUNGEON, level=0, keywords=(Keyword("Challenge Rating", 2),))
    state, _ = two_player_game([dungeon])
    r1, r2, (lord,) = state.players[0].ranks
    state = apply(to_order(state, 0), PlayDungeon(0, instance_of(state, "crypt"), r1[0])).state
    state = to_order(state, 0)
    check(state, DefeatDungeon(0, lord, (r2[0], r1[0], r1[1])))  # 4 levels, not minimal
    stunned = to_order(set_unit(state, r2[0], orientation=Orientation.STUNNED), 0)
    with pytest.raises(IllegalActionError, match=r"107\.3"):
        check(stunned, DefeatDungeon(0, lord, (r2[0],)))
    t = apply(state, DefeatDungeon(0, lord, (r2[0], r1[0], r1[1])))
    assert t.state.dungeon is None
    assert all(t.state.units[u].orientation is Orientation.SPENT for u in (r2[0], r1[0], r1[1]))
    assert t.state.units[lord].orientation is Orientation.READY  # the Order does not spend it


def test_rule_600_1_1_ranged_strikes_take_the_bow_s_damage_type() -> None:
    """600.1.1: "The melee strikes of a character have the base Damage Type of the Weapon they
    have equipped. The ranged strikes of a character have the base Damage Type of the Bow they
    have equipped." """
    state, _ = two_player_game(
        [
            item("ice-bow", traits=("Bow",), damage=DamageType.FROST),
            item("fire-sword", traits=("Weapon",), damage=DamageType.FIRE),
        ]
    )
    a, b = state.players[0].ranks[0][0], state.players[1].ranks[1][0]
    state = _equip(_equip(state, "ice-bow", a), "fire-sword", a)
    assert stats.strike_damage_types(state, a, ranged=True) == {"frost"}
    assert stats.strike_damage_types(state, a) == {"fire"}
    state = _with_card(state, b, keywords=(Keyword("Weakness", qualifier="Frost"),))
    _, roll, _ = _strike(state, a, b, [5, 12], base=3, ranged=True)
    assert roll.damage_types == ("frost",) and roll.roll.advantage == "advantage"


def test_rule_703_4_item_tokens_follow_every_equip_rule() -> None:
    """703.4: "When equipping an item token, all normal rules for equipping must be followed
    (see rule 302), including level and class requirements." """
    from engine.effects import equip_token

    state, _ = two_player_game()
    front = state.players[0].ranks[0][0]  # level 1 in rank 1
    heavy = replace(item("heavy-token", level=3), type=CardType.TOKEN, represents=CardType.ITEM)
    light = replace(item("light-token", level=2), type=CardType.TOKEN, represents=CardType.ITEM)
    tx = Tx(state)
    assert equip_token(tx, 0, heavy, front) is None
    assert tx.events[-1].kind == "token_not_created" and "302.4" in tx.events[-1].reason
    uid = equip_token(tx, 0, light, front)
    assert uid is not None and tx.units[front].items == (uid,)
    tx = Tx(_with_card(state, front, keywords=(Keyword("Unarmed"),)))
    assert equip_token(tx, 0, light, front) is None
