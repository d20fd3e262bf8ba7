"""Strikes (509), dice (105), keywords on strikes (602), death (104), falling forward
(401.6), victory (101, 800) and tokens (703)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from engine_factories import (
    GREEN,
    army,
    character,
    item,
    scripted,
    set_ranks,
    set_unit,
    to_order,
    two_player_game,
)

from engine import (
    Attack,
    Choose,
    DecisionKind,
    Decline,
    Equip,
    GameConfig,
    IllegalActionError,
    Pass,
    apply,
    check,
    new_game,
    stats,
)
from engine.cards.model import Card, CardType, DamageType, Deck, Keyword
from engine.death import check_deaths
from engine.setup import create_token
from engine.state import Format, Modifier, Orientation
from engine.strikes import melee_targets, ranged_targets, strike
from engine.turn import advance
from engine.tx import Tx


def _front_lord(state):  # type: ignore[no-untyped-def]
    """Seat 0's Warlord moved into the front rank, waiting on seat 0."""
    p = state.players[0]
    lord = p.ranks[2][0]
    state = set_ranks(state, 0, [[lord, *p.ranks[0]], list(p.ranks[1])])
    return to_order(state, 0), lord


def _with_card(state, uid, **changes):  # type: ignore[no-untyped-def]
    cards = dict(state.cards)
    cards[state.instances[uid]] = replace(state.card(uid), **changes)
    return replace(state, cards=cards)


def test_rule_507_3_attack_spends_then_strikes_in_printed_order() -> None:
    """507.3.1 / 507.3.3: spend the character, then its printed strikes in order."""
    state, _ = two_player_game()
    state, lord = _front_lord(state)
    state = apply(state, Attack(0, lord)).state
    assert state.units[lord].orientation is Orientation.SPENT
    d = state.pending[0]
    assert d.kind is DecisionKind.STRIKE_TARGET and not d.may_decline
    assert set(d.options) == set(state.players[1].ranks[0])
    target = d.options[0]
    t = apply(scripted(state, [15]), Choose(0, target))
    roll = next(e for e in t.events if e.kind == "roll").roll
    assert roll.modifiers == (("printed strike 1", 6),) and roll.total == 21
    assert "character_died" in [e.kind for e in t.events]
    d2 = t.state.pending[0]
    assert d2.kind is DecisionKind.STRIKE_TARGET and d2.may_decline and "+3" in d2.prompt


def test_rule_507_3_5_an_attack_may_stop_after_the_first_strike() -> None:
    """507.3.5: strikes beyond the first need not be performed."""
    state, _ = two_player_game()
    state, lord = _front_lord(state)
    state = apply(state, Attack(0, lord)).state
    state = apply(scripted(state, [2]), Choose(0, state.pending[0].options[0])).state
    state = apply(state, Decline(0)).state
    assert not state.stack and state.waiting_on() == (1,)


def test_rule_507_3_4_attack_strikes_only_opposing_characters() -> None:
    """507.3.4: melee strikes of an attack must target opposing characters."""
    state, _ = two_player_game()
    state, lord = _front_lord(state)
    state = apply(state, Attack(0, lord)).state
    own = state.players[0].ranks[0][1]
    with pytest.raises(IllegalActionError):
        apply(state, Choose(0, own))


def test_rule_509_3_melee_reaches_one_rank_and_reach_two() -> None:
    """509.3: melee targets are within one rank; 602.16: Reach targets up to two ranks."""
    state, _ = two_player_game()
    state = to_order(state, 0)
    second = state.players[0].ranks[1][0]
    with pytest.raises(IllegalActionError, match=r"510\.9"):
        check(state, Attack(0, second))
    state = _with_card(state, second, keywords=(Keyword("Reach"),))
    check(state, Attack(0, second))
    assert set(melee_targets(state, second)) == set(state.players[1].ranks[0])


def test_rule_509_4_ranged_strikes_target_exactly_two_ranks_away() -> None:
    """509.4: a ranged strike from the 1st rank can target the opposing 2nd rank."""
    state, _ = two_player_game()
    front = state.players[0].ranks[0][0]
    targets = set(ranged_targets(state, front))
    assert set(state.players[1].ranks[1]) <= targets
    assert not targets & set(state.players[1].ranks[0])


def _strike(state, attacker, target, rolls, base=0, **kw):  # type: ignore[no-untyped-def]
    tx = Tx(scripted(state, rolls))
    hit = strike(tx, attacker, target, base, **kw)
    roll = next(e for e in tx.events if e.kind == "roll").roll
    return hit, roll, tx


def test_rule_105_1_1_a_natural_20_hits_whatever_the_armor_class() -> None:
    """105.1.1: a critical success automatically succeeds."""
    state, _ = two_player_game()
    a, b = state.players[0].ranks[0][0], state.players[1].ranks[0][0]
    state = _with_card(state, b, armor_class=99)
    hit, roll, _ = _strike(state, a, b, [20])
    assert hit and roll.outcome == "critical success"


def test_rule_105_1_2_a_natural_1_misses_whatever_the_bonus() -> None:
    """105.1.2: a critical failure automatically fails."""
    state, _ = two_player_game()
    a, b = state.players[0].ranks[0][0], state.players[1].ranks[0][0]
    hit, roll, _ = _strike(state, a, b, [1], base=50)
    assert not hit and roll.outcome == "critical failure"


def test_rule_509_3_a_strike_hits_when_the_total_reaches_armor_class() -> None:
    """509.3: d20 + ATK modifier equal to or greater than AC hits and inflicts a wound."""
    state, _ = two_player_game()
    a, b = state.players[0].ranks[0][0], state.players[1].ranks[0][0]
    ac = stats.armor_class(state, b)
    hit, roll, tx = _strike(state, a, b, [ac - 3], base=3)
    assert hit and roll.total == ac and tx.units[b].wounds == 1
    hit, roll, _ = _strike(state, a, b, [ac - 4], base=3)
    assert not hit


def test_rule_602_6_resistance_gives_the_striker_disadvantage() -> None:
    """602.6: strikes of a damage type the target resists suffer disadvantage (105.2.2)."""
    state, _ = two_player_game()
    a, b = state.players[0].ranks[0][0], state.players[1].ranks[0][0]
    state = _with_card(state, b, keywords=(Keyword("Resistance", qualifier="Physical"),))
    _, roll, _ = _strike(state, a, b, [18, 4])
    assert roll.advantage == "disadvantage" and roll.naturals == (18, 4) and roll.kept == 4


def test_rule_602_11_weakness_gives_the_striker_advantage() -> None:
    """602.11: strikes of a damage type the target is weak to gain advantage (105.2.1)."""
    state, _ = two_player_game()
    a, b = state.players[0].ranks[0][0], state.players[1].ranks[0][0]
    state = _with_card(state, b, keywords=(Keyword("Weakness", qualifier="Physical"),))
    _, roll, _ = _strike(state, a, b, [3, 17])
    assert roll.advantage == "advantage" and roll.kept == 17


def test_rule_105_2_4_advantage_and_disadvantage_cancel() -> None:
    """105.2.4 / 600.4: with both, the roll has neither: one die."""
    state, _ = two_player_game()
    a, b = state.players[0].ranks[0][0], state.players[1].ranks[0][0]
    state = _with_card(
        state,
        b,
        keywords=(
            Keyword("Weakness", qualifier="Physical"),
            Keyword("Resistance", qualifier="Physical"),
        ),
    )
    _, roll, _ = _strike(state, a, b, [9, 20])
    assert roll.advantage == "cancelled" and roll.naturals == (9,)


def test_rule_600_1_1_weapon_damage_type_replaces_the_character_type() -> None:
    """600.1.1: melee strikes have the damage type of the equipped Weapon."""
    state, _ = two_player_game([item("flame-sword", traits=("Weapon",), damage=DamageType.FIRE)])
    lord = state.players[0].ranks[2][0]
    state = apply(to_order(state, 0), Equip(0, state.players[0].hand[0], lord)).state
    assert stats.strike_damage_types(state, lord) == {"fire"}


def test_rule_602_5_odd_natural_rolls_miss_planar_characters() -> None:
    """602.5: an odd natural roll against a Planar character misses, whatever the total."""
    state, _ = two_player_game()
    a, b = state.players[0].ranks[0][0], state.players[1].ranks[0][0]
    state = _with_card(state, b, keywords=(Keyword("Planar"),))
    hit, roll, _ = _strike(state, a, b, [19], base=10)
    assert not hit and "Planar" in roll.outcome
    hit, _, _ = _strike(state, a, b, [19], base=10, spell=True)
    assert hit  # 602.5.1: spell strikes ignore Planar


def test_rule_105_2_3_advantage_against_planar_keeps_the_highest_even_roll() -> None:
    """105.2.3: with advantage against Planar keep the highest even roll, if any."""
    state, _ = two_player_game()
    a, b = state.players[0].ranks[0][0], state.players[1].ranks[0][0]
    state = _with_card(
        state, b, keywords=(Keyword("Planar"), Keyword("Weakness", qualifier="Physical"))
    )
    _, roll, _ = _strike(state, a, b, [19, 8], base=5)
    assert roll.kept == 8


def test_rule_104_8_equipped_items_go_to_the_discard_pile_before_the_character() -> None:
    """104.8: place equipped items, then attached cards, then the character in the
    owner's discard pile."""
    state, _ = two_player_game([item("ring", hp=1)])
    front = state.players[0].ranks[0][0]
    ring = state.players[0].hand[0]
    state = apply(to_order(state, 0), Equip(0, ring, front)).state
    tx = Tx(state)
    tx.update_unit(front, wounds=2)
    check_deaths(tx)
    assert tx.player(0).discard[-2:] == (ring, front)
    assert front not in tx.units


def test_rule_104_6_a_character_whose_hit_points_drop_to_0_dies() -> None:
    """104.6: a character dies if its hit points are reduced to 0 or less."""
    state, _ = two_player_game()
    front = state.players[0].ranks[0][0]
    state = replace(state, modifiers=(Modifier(front, "hp", -1, 1),))
    tx = Tx(state)
    assert check_deaths(tx) and front in tx.player(0).discard


def test_rule_401_6_3_falling_forward_penalties() -> None:
    """401.6.3: ready characters fall forward spent, spent ones stunned, stunned ones stay."""
    state, _ = two_player_game()
    _, r2, (lord,) = state.players[0].ranks
    state = set_ranks(state, 0, [[], [r2[0]], [lord]])
    state = set_unit(state, r2[0], orientation=Orientation.SPENT)
    state = set_unit(state, lord, orientation=Orientation.STUNNED)
    tx = Tx(state)
    tx.pending.clear()
    advance(tx)
    assert tx.player(0).ranks == ((r2[0],), (lord,))
    assert tx.units[r2[0]].orientation is Orientation.STUNNED
    assert tx.units[lord].orientation is Orientation.STUNNED


def test_rule_401_6_2_the_player_chooses_who_falls_forward() -> None:
    """401.6.2: characters fall forward one at a time, in any order the player prefers."""
    state, _ = two_player_game()
    r1, r2, (lord,) = state.players[0].ranks
    state = set_ranks(state, 0, [[r1[0]], list(r2), [lord]])
    tx = Tx(state)
    tx.pending.clear()
    advance(tx)
    d = tx.pending[0]
    assert d.kind is DecisionKind.FALL_FORWARD and set(d.options) == set(r2)
    state = apply(tx.freeze(), Choose(0, r2[1])).state
    state = apply(state, Choose(0, 1)).state  # 401.7: far right of rank 1
    assert state.players[0].ranks[0] == (r1[0], r2[1])
    assert state.units[r2[1]].orientation is Orientation.SPENT


def test_rule_101_1_a_player_without_a_warlord_loses_at_once() -> None:
    """101.1: as soon as a player controls no Warlord, that player loses the game."""
    state, _ = two_player_game()
    lord1 = state.players[1].ranks[2][0]
    tx = Tx(state)
    tx.update_unit(lord1, wounds=99)
    advance(tx)
    assert tx.winner == 0 and tx.phase.value == "game_over" and not tx.pending
    assert "player_defeated" in [e.kind for e in tx.events]


def test_rule_800_2_multiplayer_continues_until_one_warlord_remains() -> None:
    """800.2 / 101.3: in a multiplayer game the defeated player's cards leave play and the
    game goes on while two or more players remain."""
    state, _ = two_player_game(seats=3)
    lord2 = state.players[2].ranks[2][0]
    tx = Tx(state)
    tx.update_unit(lord2, wounds=99)
    advance(tx)
    assert tx.winner is None and tx.players[2].eliminated
    assert not any(u.controller == 2 for u in tx.units.values())
    assert tx.live_seats() == [0, 1]


def test_rule_800_4_free_for_all_attacks_reach_every_opponent() -> None:
    """800.4: in a default multiplayer game players may attack anyone."""
    state, _ = two_player_game(seats=3)
    front = state.players[0].ranks[0][0]
    targets = set(melee_targets(state, front))
    assert set(state.players[1].ranks[0]) | set(state.players[2].ranks[0]) == targets


def test_rule_703_5_a_token_that_leaves_play_ceases_to_exist() -> None:
    """703.5: a token leaving play is not a card any more: it goes to no zone."""
    state, _ = two_player_game()
    animal = Card(
        "animal-token",
        "Animal",
        CardType.TOKEN,
        level=2,
        attack=(2,),
        armor_class=8,
        skill=0,
        hit_points=1,
        represents=CardType.CHARACTER,
    )
    tx = Tx(state)
    uid = create_token(tx, 0, animal)
    from engine.formation import with_character
    from engine.state import Unit

    tx.units[uid] = Unit(uid, 0, 0)
    tx.update_player(0, ranks=with_character(tx.player(0).ranks, uid, 2))
    tx.update_unit(uid, wounds=1)
    check_deaths(tx)
    assert uid not in tx.player(0).discard and uid not in tx.units
    assert "token_ceased" in [e.kind for e in tx.events]


def test_rule_107_4_3_stunned_characters_perform_no_actions() -> None:
    """107.4.3: stunned characters may not perform any actions (not even equipping)."""
    state, _ = two_player_game([item("ring")])
    lord = state.players[0].ranks[2][0]
    state = set_unit(to_order(state, 0), lord, orientation=Orientation.STUNNED)
    with pytest.raises(IllegalActionError, match=r"107\.4\.3"):
        check(state, Equip(0, state.players[0].hand[0], lord))


def test_rule_801_5_alliance_two_warlords_and_the_initiative_choice() -> None:
    """801.5.4: nine-character army with two Warlords; 504.1.1: choose the rolling Warlord;
    801.5.7: a player is only out when both Warlords are gone."""
    cards: dict[str, Card] = {}
    decks = []
    for seat, faction in enumerate(("Deverenian Empire", GREEN)):
        base = army(f"s{seat}", faction)
        extra = [
            character(f"s{seat}-lord2", 4, warlord=True, faction=faction),
            character(f"s{seat}-f", 1, faction=faction),
            character(f"s{seat}-g", 2, faction=faction),
        ]
        for c in base + extra:
            cards[c.id] = c
        ids = tuple(c.id for c in base + extra)
        decks.append(Deck(f"d{seat}", ids, ()))
    config = GameConfig(format=Format.ALLIANCE, validate_decks=False)
    state = new_game(config, decks, 4, cards)
    assert [len(r) for r in state.players[0].ranks] == [4, 3, 2]
    assert {d.kind for d in state.pending} == {DecisionKind.INITIATIVE_WARLORD}
    assert set(state.waiting_on()) == {0, 1}
    for seat in (0, 1):
        state = apply(state, Choose(seat, state.pending[0].options[-1])).state
    rolls = [e for e in state.initiative_order]
    assert len(rolls) == 2
    tx = Tx(state)
    tx.update_unit(state.players[0].ranks[2][0], wounds=99)
    advance(tx)
    assert tx.winner is None and not tx.players[0].eliminated


def test_pass_still_works_after_an_attack() -> None:
    state, _ = two_player_game()
    state, lord = _front_lord(state)
    state = apply(state, Attack(0, lord)).state
    state = apply(scripted(state, [2]), Choose(0, state.pending[0].options[0])).state
    state = apply(state, Decline(0)).state
    state = apply(state, Pass(1)).state
    assert state.waiting_on() == (0,)


def test_rule_703_9_3_animal_token_enters_like_a_played_character() -> None:
    """703.3 / 703.9.3: an Animal token is a level 2 Mercenary character entering rank 2 with
    +2 ATK, 8 AC, 1 HP; as a Mercenary it suffers no loyalty penalty."""
    from engine.cards.sample import standard_tokens
    from engine.effects import put_character_token_into_play

    animal = next(t for t in standard_tokens() if t.name == "Animal")
    state, _ = two_player_game()
    tx = Tx(state)
    tx.pending.clear()  # as inside an Order's effect
    uid = put_character_token_into_play(tx, 0, animal)
    assert uid is not None and uid in tx.tokens
    d = tx.pending[-1]
    assert d.kind is DecisionKind.POSITION and d.options == (0, 1, 2)  # 507.1.1
    tx = Tx(apply(tx.freeze(), Choose(0, 1)).state)
    assert tx.player(0).ranks[1][1] == uid
    assert tx.units[uid].orientation is Orientation.READY
    assert stats.strikes(tx, uid) == (2,) and stats.armor_class(tx, uid) == 8


def test_rule_703_9_2_simple_shield_token_takes_the_shield_location() -> None:
    """703.4 / 703.9.2: a Simple Shield token is a Shield item: equipping it where a Shield
    is already equipped asks which one to destroy (302.7); a second one breaks 302.5."""
    from engine.cards.sample import standard_tokens
    from engine.effects import equip_token

    shield = next(t for t in standard_tokens() if t.name == "Simple Shield")
    state, _ = two_player_game([item("buckler", ac=1, traits=("Shield",))])
    lord = state.players[0].ranks[2][0]
    buckler = state.players[0].hand[0]
    state = apply(to_order(state, 0), Equip(0, buckler, lord)).state
    tx = Tx(state)
    token = equip_token(tx, 0, shield, lord)
    assert tx.pending[-1].kind is DecisionKind.DESTROY_ITEM
    assert set(tx.pending[-1].options) == {buckler, token}
    assert equip_token(tx, 0, shield, lord) is None  # 302.5: one Simple Shield at a time


def test_rule_302_3_trait_restricted_items_need_the_trait() -> None:
    """302.3: only characters with the correct trait may equip a restricted item."""
    dwarf_axe = replace(item("dwarf-axe", traits=("Weapon",)), restrictions=("Dwarf",))
    state, _ = two_player_game([dwarf_axe])
    lord = state.players[0].ranks[2][0]
    state = to_order(state, 0)
    with pytest.raises(IllegalActionError, match="only a Dwarf"):
        check(state, Equip(0, state.players[0].hand[0], lord))
    state = _with_card(state, lord, traits=("Dwarf",))
    check(state, Equip(0, state.players[0].hand[0], lord))


def test_rule_302_3_faction_restricted_items_need_the_faction() -> None:
    """302.3: an item restricted to a faction ("Mercenary only.") may be equipped by a
    character of that faction, and by no one else."""
    merc_blade = replace(
        item("merc-blade", traits=("Weapon",)), restrictions=("Mercenary", "Mercenary Guilds")
    )
    state, _ = two_player_game([merc_blade])
    lord = state.players[0].ranks[2][0]
    state = to_order(state, 0)
    with pytest.raises(IllegalActionError, match="only a Mercenary"):
        check(state, Equip(0, state.players[0].hand[0], lord))
    state = _with_card(state, lord, factions=("Mercenary Guilds",))
    check(state, Equip(0, state.players[0].hand[0], lord))


def test_rule_506_1_modifiers_from_effects_expire_and_may_kill() -> None:
    """506.1 / 104.6: a +1 HP until end of turn keeps a wounded character alive only until
    the effect expires."""
    from engine.effects import modify_until_end_of_turn

    state, _ = two_player_game()
    d = state.players[0].ranks[1][0]  # a level 2, 2 HP character
    tx = Tx(state)
    modify_until_end_of_turn(tx, 0, d, "hp", 1)
    tx.update_unit(d, wounds=2)
    state = to_order(tx.freeze(), 0)
    assert d in state.units
    state = apply(state, Pass(0)).state
    state = apply(state, Pass(1)).state
    assert d not in state.units and d in state.players[0].discard
