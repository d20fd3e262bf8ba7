"""Orders (507): playing characters, maneuvers, equipping (302), dungeons, Epic Classes."""

from __future__ import annotations

import pytest
from engine_factories import (
    GREEN,
    MERC,
    RED,
    card,
    character,
    instance_of,
    item,
    set_unit,
    to_order,
    two_player_game,
)

from engine import (
    AttachEpicClass,
    Choose,
    DecisionKind,
    DefeatDungeon,
    Equip,
    IllegalActionError,
    Maneuver,
    PlayCharacter,
    PlayDungeon,
    PlayOrderCard,
    Transition,
    apply,
    check,
    legal_actions,
    orders,
    stats,
)
from engine.cards.model import CardClass, CardType, CharacterType, Keyword
from engine.state import Orientation


def _play(state, seat, cid):  # type: ignore[no-untyped-def]
    t = apply(to_order(state, seat), PlayCharacter(seat, instance_of(state, cid, seat)))
    events = list(t.events)
    state = t.state
    while state.pending and state.pending[0].kind is DecisionKind.POSITION:
        d = state.pending[0]
        step = apply(state, Choose(d.seat, d.options[-1]))
        state, events = step.state, events + list(step.events)
    return Transition(state, tuple(events))


def test_rule_507_1_1_a_character_enters_the_rank_equal_to_its_level() -> None:
    """507.1.1: you must place the character in a rank exactly equal to its level."""
    state, _ = two_player_game([character("recruit", 1)])
    t = apply(to_order(state, 0), PlayCharacter(0, instance_of(state, "recruit")))
    state = t.state
    if state.pending and state.pending[0].kind is DecisionKind.POSITION:
        assert state.pending[0].options == (0, 1, 2, 3)
        state = apply(state, Choose(0, 0)).state
    uid = instance_of(state, "recruit")
    assert state.players[0].ranks[0][0] == uid
    assert state.units[uid].orientation is Orientation.READY


def test_rule_507_1_2_a_character_may_not_enter_an_illegal_rank() -> None:
    """507.1.2: you may not put a character into play if it results in an illegal rank."""
    state, _ = two_player_game([character("veteran", 2), character("hero", 4)])
    vet = instance_of(state, "veteran")
    # rank 2 already holds two characters and rank 1 three: a third level 2 is legal,
    state = to_order(state, 0)
    check(state, PlayCharacter(0, vet))
    # but a level 4 would stand in rank 4 with nobody in rank 3's... rank 3 holds one
    # (the Warlord) and rank 4 none, so it is legal; remove a front character to break rank 2
    front = state.players[0].ranks[0]
    from engine_factories import set_ranks

    state = set_ranks(state, 0, [[front[0], front[1]], list(state.players[0].ranks[1]), [0]])
    with pytest.raises(IllegalActionError, match=r"Rule 507\.1\.2: a level 2 character") as err:
        check(to_order(state, 0), PlayCharacter(0, vet))
    assert err.value.rule == "507.1.2"  # a front end can offer "show rule 507.1.2"
    assert PlayCharacter(0, vet) not in legal_actions(to_order(state, 0), 0)
    problem = orders.play_character_problem(to_order(state, 0), 0, PlayCharacter(0, vet))
    assert problem is not None and problem.rule == "507.1.2"
    assert str(problem) == f"Rule 507.1.2: {problem.message}" == str(err.value)


def test_rule_507_1_4_another_faction_enters_stunned_but_mercenaries_do_not() -> None:
    """507.1.4: loyalty penalty, characters of a different faction enter play stunned;
    Mercenary Guild characters never suffer it."""
    state, _ = two_player_game(
        [character("stranger", 1, faction=GREEN), character("sellsword", 1, faction=MERC)]
    )
    state = _play(state, 0, "stranger").state
    assert state.units[instance_of(state, "stranger")].orientation is Orientation.STUNNED
    state = _play(state, 0, "sellsword").state
    while state.pending and state.pending[0].kind is DecisionKind.POSITION:
        state = apply(state, Choose(0, state.pending[0].options[0])).state
    assert state.units[instance_of(state, "sellsword")].orientation is Orientation.READY


def test_rule_507_1_6_a_warlord_entering_play_loses_the_warlord_type() -> None:
    """507.1.6: a Warlord entering play during the game is not considered a Warlord."""
    lord = character("spare-lord", 3, warlord=True, faction=RED)
    state, _ = two_player_game([lord])
    t = _play(state, 0, "spare-lord")
    uid = instance_of(t.state, "spare-lord")
    assert not t.state.units[uid].is_warlord
    assert "warlord_type_lost" in [e.kind for e in t.events]


def test_rule_602_7_a_second_unique_character_may_not_enter_play() -> None:
    """602.7: you may not bring a card into play if you control a Unique card of that name."""
    hero = character("hero", 1, keywords=(Keyword("Unique"),))
    state, _ = two_player_game([hero, hero])
    state = _play(state, 0, "hero").state
    second = next(i for i in state.players[0].hand if state.instances[i] == "hero")
    with pytest.raises(IllegalActionError, match=r"602\.7"):
        check(to_order(state, 0), PlayCharacter(0, second))


def test_rule_507_5_maneuver_spends_and_moves_one_rank() -> None:
    """507.5.1: spend a character to move it forward or backward one rank."""
    state, _ = two_player_game()
    mover = state.players[0].ranks[1][0]
    t = apply(to_order(state, 0), Maneuver(0, mover, "forward"))
    state = t.state
    assert state.pending[0].kind is DecisionKind.POSITION
    state = apply(state, Choose(0, 3)).state
    assert state.players[0].ranks[0][3] == mover
    assert state.units[mover].orientation is Orientation.SPENT


def test_rule_401_5_front_rank_characters_may_not_move_forward() -> None:
    """401.5: characters in the front rank of their own formation may not move forward."""
    state, _ = two_player_game()
    front = state.players[0].ranks[0][0]
    with pytest.raises(IllegalActionError, match=r"401\.5"):
        check(to_order(state, 0), Maneuver(0, front, "forward"))


def test_rule_107_3_a_spent_character_cannot_maneuver_or_attack() -> None:
    """107.3: you may only spend a ready card."""
    state, _ = two_player_game()
    front = state.players[0].ranks[0][0]
    state = set_unit(to_order(state, 0), front, orientation=Orientation.SPENT)
    with pytest.raises(IllegalActionError, match=r"107\.3"):
        check(state, Maneuver(0, front, "backward"))


def test_rule_507_5_2_maneuver_backward_that_makes_an_illegal_rank_falls_forward() -> None:
    """507.5.2: an illegal rank from maneuvering is fixed at once (401.6)."""
    state, _ = two_player_game()
    lord = state.players[0].ranks[2][0]
    state = apply(to_order(state, 0), Maneuver(0, lord, "backward")).state
    # rank 4 (one) is now in front of an empty rank 3: the Warlord falls back, spent->stunned
    assert state.players[0].ranks[2] == (lord,)
    assert state.units[lord].orientation is Orientation.STUNNED


def _equip_state(*items, who_level=1):  # type: ignore[no-untyped-def]
    state, _ = two_player_game(list(items))
    return to_order(state, 0)


def test_rule_302_4_item_level_needs_level_plus_rank() -> None:
    """302.4: the character's level plus its rank number must reach the item's level."""
    state = _equip_state(item("heavy-blade", level=4, attack=2, traits=("Weapon",)))
    blade = instance_of(state, "heavy-blade")
    front = state.players[0].ranks[0][0]  # level 1 in rank 1: 2
    rear = state.players[0].ranks[2][0]  # level 5 Warlord in rank 3: 8
    with pytest.raises(IllegalActionError, match=r"302\.4"):
        check(state, Equip(0, blade, front))
    check(state, Equip(0, blade, rear))


def test_rule_302_3_class_restriction() -> None:
    """302.3: only characters of the item's class may equip it."""
    state = _equip_state(item("wand", classes=(CardClass.WIZARD,)))
    wand = instance_of(state, "wand")
    with pytest.raises(IllegalActionError, match=r"302\.3"):
        check(state, Equip(0, wand, state.players[0].ranks[0][0]))


def test_rule_302_5_no_two_items_of_the_same_name() -> None:
    """302.5: a character cannot equip an item if it has one of that name equipped."""
    ring = item("ring", hp=1)
    state = _equip_state(ring, ring)
    lord = state.players[0].ranks[2][0]
    first, second = [i for i in state.players[0].hand]
    state = to_order(apply(state, Equip(0, first, lord)).state, 0)
    with pytest.raises(IllegalActionError, match=r"302\.5"):
        check(state, Equip(0, second, lord))


def test_item_printed_bonuses_apply_while_equipped() -> None:
    """Items add their ATK, AC, HP (and level) bonuses to the character (201.1, 202.1, 209.1)."""
    state = _equip_state(item("plate", ac=3, hp=1, attack=1, traits=("Armor",)))
    lord = state.players[0].ranks[2][0]
    before = (
        stats.strikes(state, lord),
        stats.armor_class(state, lord),
        stats.hit_points(state, lord),
    )
    state = apply(state, Equip(0, instance_of(state, "plate"), lord)).state
    assert stats.strikes(state, lord) == tuple(s + 1 for s in before[0])
    assert stats.armor_class(state, lord) == before[1] + 3
    assert stats.hit_points(state, lord) == before[2] + 1


def test_rule_302_7_a_second_item_in_an_equip_location_destroys_one() -> None:
    """302.7: equipping a second item of an equip location destroys one of them (the
    controller chooses, and may choose the new one)."""
    state = _equip_state(
        item("sword-a", attack=1, traits=("Weapon",)), item("sword-b", attack=2, traits=("Weapon",))
    )
    lord = state.players[0].ranks[2][0]
    a, b = instance_of(state, "sword-a"), instance_of(state, "sword-b")
    state = to_order(apply(state, Equip(0, a, lord)).state, 0)
    state = apply(state, Equip(0, b, lord)).state
    decision = state.pending[0]
    assert decision.kind is DecisionKind.DESTROY_ITEM and set(decision.options) == {a, b}
    state = apply(state, Choose(0, a)).state
    assert state.units[lord].items == (b,)
    assert a in state.players[0].discard


def test_rule_602_12_dual_wield_allows_two_weapons() -> None:
    """602.12: a character with Dual Wield may equip two Weapons rather than one."""
    state, _ = two_player_game(
        [
            item("axe", traits=("Weapon",)),
            item("mace", traits=("Weapon",)),
            item("buckler", ac=1, traits=("Shield",)),
        ]
    )
    lord = state.players[0].ranks[2][0]
    lord_card = state.card(lord)
    from dataclasses import replace

    cards = dict(state.cards)
    cards[lord_card.id] = replace(lord_card, keywords=(Keyword("Dual Wield"),))
    state = to_order(replace(state, cards=cards), 0)
    axe, mace, buckler = (instance_of(state, c) for c in ("axe", "mace", "buckler"))
    state = to_order(apply(state, Equip(0, axe, lord)).state, 0)
    state = apply(state, Equip(0, mace, lord)).state
    assert not state.pending or state.pending[0].kind is not DecisionKind.DESTROY_ITEM
    state = to_order(state, 0)
    state = apply(state, Equip(0, buckler, lord)).state
    decision = state.pending[0]
    assert decision.kind is DecisionKind.DESTROY_ITEM and set(decision.options) == {axe, mace}


def test_rule_602_15_unarmed_characters_may_not_equip() -> None:
    """602.15: a character with the Unarmed keyword may not equip items."""
    state = _equip_state(item("ring"))
    lord = state.players[0].ranks[2][0]
    from dataclasses import replace

    cards = dict(state.cards)
    cards[state.instances[lord]] = replace(state.card(lord), keywords=(Keyword("Unarmed"),))
    state = replace(state, cards=cards)
    with pytest.raises(IllegalActionError, match=r"602\.15"):
        check(state, Equip(0, instance_of(state, "ring"), lord))


def test_rule_602_2_1_cursed_item_blocks_its_equip_location() -> None:
    """602.2.1: no item may be equipped sharing an equip location with a Cursed item."""
    state = _equip_state(
        item("cursed-helm", traits=("Helm",), keywords=(Keyword("Cursed"),)),
        item("good-helm", traits=("Helm",)),
    )
    lord = state.players[0].ranks[2][0]
    state = to_order(apply(state, Equip(0, instance_of(state, "cursed-helm"), lord)).state, 0)
    with pytest.raises(IllegalActionError, match=r"602\.2\.1"):
        check(state, Equip(0, instance_of(state, "good-helm"), lord))


def test_rule_507_6_order_action_cards_play_with_a_manual_effect() -> None:
    """507.6: a character uses an Action card; the engine shows its text as manual."""
    spell = card("fireball", CardType.ACTION, "Order: Perform a +5 ranged strike.", level=1)
    state, _ = two_player_game([spell])
    state = to_order(state, 0)
    uid = instance_of(state, "fireball")
    t = apply(state, PlayOrderCard(0, uid, state.players[0].ranks[0][0]))
    assert "manual_effect" in [e.kind for e in t.events]
    assert uid in t.state.players[0].action_zone  # resolved by hand, then discarded (303.5)
    from engine.actions import DoneResolving

    done = apply(t.state, DoneResolving(0))
    assert uid in done.state.players[0].discard


def test_rule_510_6_a_spend_order_card_spends_its_performer() -> None:
    """510.6: an action that says "Spend Order:" spends the acting character as its cost."""
    spell = card("charge", CardType.ACTION, "Spend Order: Move forward one rank.", level=1)
    state, _ = two_player_game([spell])
    state = to_order(state, 0)
    uid = instance_of(state, "charge")
    front = state.players[0].ranks[0][0]
    state = apply(state, PlayOrderCard(0, uid, front)).state
    assert state.units[front].orientation is Orientation.SPENT
    again, _ = two_player_game([spell])
    again = set_unit(to_order(again, 0), front, orientation=Orientation.SPENT)
    with pytest.raises(IllegalActionError, match=r"107\.3"):
        check(again, PlayOrderCard(0, uid, front))


def test_rule_507_8_and_507_9_dungeons_are_played_then_defeated() -> None:
    """507.8: put a dungeon into play if none is; 507.9: a Warlord spends characters with
    combined levels at least the challenge rating to defeat and banish it."""
    dungeon = card(
        "crypt",
        CardType.DUNGEON,
        "Undead have +1 AC.",
        level=0,
        keywords=(Keyword("Challenge Rating", value=3),),
    )
    state, _ = two_player_game([dungeon])
    state = to_order(state, 0)
    crypt = instance_of(state, "crypt")
    state = apply(state, PlayDungeon(0, crypt, state.players[0].ranks[0][0])).state
    assert state.dungeon == crypt
    lord = state.players[0].ranks[2][0]
    fronts = state.players[0].ranks[0]
    state = to_order(state, 0)
    with pytest.raises(IllegalActionError, match="challenge rating 3"):
        check(state, DefeatDungeon(0, lord, (fronts[1],)))
    choices = [a for a in legal_actions(state, 0) if isinstance(a, DefeatDungeon)]
    assert choices and all(sum(stats.level(state, u) for u in a.spend) >= 3 for a in choices)
    state = apply(
        state, DefeatDungeon(0, lord, (fronts[1], fronts[2], state.players[0].ranks[1][0]))
    ).state
    assert state.dungeon is None and crypt in state.players[0].banish


def test_rule_507_10_attaching_an_epic_class_stuns_and_wounds_the_warlord() -> None:
    """507.10: reveal an Epic Class, stun the Warlord and inflict 3 wounds: attach it."""
    epic = card("archmage", CardType.EPIC_CLASS, "", level=0, armor_class=2)
    state, _ = two_player_game([epic])
    state = to_order(state, 0)
    lord = state.players[0].ranks[2][0]
    from dataclasses import replace

    cards = dict(state.cards)
    cards[state.instances[lord]] = replace(state.card(lord), hit_points=6)
    state = replace(state, cards=cards)
    ac = stats.armor_class(state, lord)
    state = apply(state, AttachEpicClass(0, instance_of(state, "archmage"), lord)).state
    unit = state.units[lord]
    assert unit.orientation is Orientation.STUNNED and unit.wounds == 3
    assert stats.armor_class(state, lord) == ac + 2


def test_rule_507_10_the_epic_class_cost_can_kill_the_warlord() -> None:
    """104.2 / 101.1: 3 wounds on a 3 HP Warlord kill it, and its player loses."""
    epic = card("berserker", CardType.EPIC_CLASS, "", level=0)
    state, _ = two_player_game([epic])
    state = to_order(state, 0)
    lord = state.players[0].ranks[2][0]
    from dataclasses import replace

    cards = dict(state.cards)
    cards[state.instances[lord]] = replace(state.card(lord), hit_points=3)
    state = replace(state, cards=cards)
    state = apply(state, AttachEpicClass(0, instance_of(state, "berserker"), lord)).state
    assert state.winner == 1


def test_rule_507_9_only_warlords_defeat_dungeons() -> None:
    """507.9: all Warlords (and only Warlords) have the Order to defeat a dungeon."""
    dungeon = card(
        "lair", CardType.DUNGEON, level=0, keywords=(Keyword("Challenge Rating", value=1),)
    )
    state, _ = two_player_game([dungeon])
    state = to_order(state, 0)
    front = state.players[0].ranks[0]
    state = to_order(apply(state, PlayDungeon(0, instance_of(state, "lair"), front[0])).state, 0)
    with pytest.raises(IllegalActionError, match=r"507\.9"):
        check(state, DefeatDungeon(0, front[0], (front[1],)))


def test_unused_imports_are_exercised() -> None:
    assert CharacterType.WARLORD and RED


def test_rule_507_4_equipping_a_card_that_is_not_an_item_names_the_rule() -> None:
    """507.4: "Reveal an Item card from your hand: Equip the item to this character." """
    state, _ = two_player_game([character("squire", 1)])
    squire = instance_of(state, "squire")
    lord = state.players[0].ranks[2][0]
    with pytest.raises(IllegalActionError) as err:
        check(to_order(state, 0), Equip(0, squire, lord))
    assert err.value.rule == "507.4"
    assert str(err.value) == "Rule 507.4: Squire is not an item card."
