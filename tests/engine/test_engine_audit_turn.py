"""Rules audit (issue 3, round 2): the turn, formation and players. Each test quotes its rule
from the Comprehensive Rules 2.0.7 and plays a small scenario through the public API."""

from __future__ import annotations

from dataclasses import replace

import pytest
from engine_factories import (
    GREEN,
    RED,
    army,
    card,
    character,
    instance_of,
    scripted,
    set_ranks,
    set_unit,
    to_order,
    two_player_game,
)

from engine import (
    Choose,
    DecisionKind,
    GameConfig,
    IllegalActionError,
    Maneuver,
    Pass,
    PlayCharacter,
    PlayOrderCard,
    apply,
    check,
    new_game,
)
from engine.cards.model import Card, CardType, Deck
from engine.formation import illegal_ranks
from engine.state import Format, Modifier, Orientation, Phase
from engine.turn import advance
from engine.tx import Tx


def _pass_until_initiative(state):  # type: ignore[no-untyped-def]
    """Every seat passes, the turn ends and the next initiative is rolled."""
    turn = state.turn
    while state.turn == turn or state.phase is not Phase.ORDER:
        state = apply(state, Pass(state.pending[0].seat)).state
    return state


def _rolls(events):  # type: ignore[no-untyped-def]
    return [(e.seat, e.roll.kept) for e in events if e.kind == "roll"]


def test_rule_401_7_a_character_falling_forward_goes_where_its_owner_chooses() -> None:
    """401.6.4: "Falling forward does not count as maneuvering but does count as moving."
    401.7: "When you move a character, you may put the character on the far left, far right,
    or between any two characters in its new rank." """
    state, _ = two_player_game()
    r1, r2, (lord,) = state.players[0].ranks
    state = set_ranks(state, 0, [[r1[0]], list(r2), [lord]])
    tx = Tx(state)
    tx.pending.clear()
    advance(tx)
    state = apply(tx.freeze(), Choose(0, r2[0])).state
    d = state.pending[0]
    assert d.kind is DecisionKind.POSITION and d.seat == 0 and d.options == (0, 1)
    assert d.subject == r2[0] and "401.7" in d.rule
    assert state.units[r2[0]].orientation is Orientation.SPENT  # the penalty comes first
    t = apply(state, Choose(0, 0))
    assert t.state.players[0].ranks[0] == (r2[0], r1[0])
    fell = next(e for e in t.events if e.kind == "fell_forward")
    assert fell.position == 0 and fell.to_rank == 1
    assert not illegal_ranks(t.state.players[0], t.state.units)


def test_rule_504_5_only_the_tied_warlords_reroll_in_a_multiplayer_game() -> None:
    """504.5: "If there is a tie for highest, only the tied Warlords reroll." 504.3: "play
    proceeds clockwise from that player." """
    state, _ = two_player_game(seats=3)
    state = scripted(state, [12, 12, 5, 3, 9])
    state = _pass_until_initiative(state)
    assert state.initiative_order == (1, 2, 0) and state.active == 1
    assert state.pending[0].seat == 1


def test_rule_504_4_and_105_1_3_several_critical_successes_reroll_among_themselves() -> None:
    """504.5: "In the event of multiple critical successes, those Warlords reroll, regardless of
    any other initiative bonuses." 105.1.3: identical results are re-rolled."""
    state, _ = two_player_game(seats=3)
    state = scripted(state, [20, 7, 20, 4, 11])
    turn = state.turn
    events = []
    while state.turn == turn or state.phase is not Phase.ORDER:
        t = apply(state, Pass(state.pending[0].seat))
        state, events = t.state, [*events, *t.events]
    assert _rolls(events) == [(0, 20), (1, 7), (2, 20), (0, 4), (2, 11)]
    assert state.initiative_order == (2, 0, 1)


def test_rule_504_1_1_the_chosen_alliance_warlord_is_the_one_that_rolls() -> None:
    """504.1.1: "In a game where a single player has more than one Warlord, that player chooses
    which Warlord is the one rolling for initiative before the roll is made." """
    state = _alliance_game()
    d0 = next(d for d in state.pending if d.seat == 0)
    d1 = next(d for d in state.pending if d.seat == 1)
    state = apply(state, Choose(0, d0.options[1])).state
    t = apply(state, Choose(1, d1.options[0]))
    rollers = {e.seat: e.roll.roller for e in t.events if e.kind == "roll"}
    assert rollers[0] == d0.options[1] and rollers[1] == d1.options[0]


def _alliance_game():  # type: ignore[no-untyped-def]
    cards: dict[str, Card] = {}
    decks = []
    for seat, faction in enumerate((RED, GREEN)):
        extra = [
            character(f"s{seat}-lord2", 4, warlord=True, faction=faction),
            character(f"s{seat}-f", 1, faction=faction),
            character(f"s{seat}-g", 2, faction=faction),
        ]
        hand = [character(f"s{seat}-stranger", 1, faction="Dwarven Alliance")]
        for c in army(f"s{seat}", faction) + extra + hand:
            cards[c.id] = c
        ids = tuple(c.id for c in army(f"s{seat}", faction) + extra)
        decks.append(Deck(f"d{seat}", ids, (hand[0].id,)))
    config = GameConfig(format=Format.ALLIANCE, validate_decks=False)
    return new_game(config, decks, 4, cards)


def test_rule_801_5_8_alliance_characters_never_suffer_the_loyalty_penalty() -> None:
    """801.5.8: "Character cards you own in all zones are considered to be the faction(s) of
    your two starting Warlords." So 507.1.4's loyalty penalty never applies."""
    state = _alliance_game()
    while state.phase is not Phase.ORDER:
        d = state.pending[0]
        state = apply(state, Choose(d.seat, d.options[0])).state
    stranger = instance_of(state, "s0-stranger")
    state = apply(to_order(state, 0), PlayCharacter(0, stranger)).state
    while state.pending and state.pending[0].kind is DecisionKind.POSITION:
        state = apply(state, Choose(0, state.pending[0].options[-1])).state
    assert state.units[stranger].orientation is Orientation.READY


def test_rule_505_1_the_order_phase_ends_only_when_all_players_pass_consecutively() -> None:
    """505.1: "each player giving one Order in turn, until all players pass consecutively."
    505.4: "passing does not forfeit your right to do anything." (three players)"""
    state, _ = two_player_game(seats=3)
    state = replace(state, initiative_order=(0, 1, 2))
    state = to_order(state, 0)
    state = apply(state, Pass(0)).state
    state = apply(state, Pass(1)).state
    mover = state.players[2].ranks[0][0]
    state = apply(state, Maneuver(2, mover, "sideways")).state
    state = apply(state, Choose(2, state.pending[0].options[-1])).state
    assert state.phase is Phase.ORDER and state.waiting_on() == (0,)
    state = apply(state, Pass(0)).state
    state = apply(state, Pass(1)).state
    assert state.phase is Phase.ORDER and state.waiting_on() == (2,)
    t = apply(state, Pass(2))
    assert "order_phase_ended" in [e.kind for e in t.events]


def test_rule_506_1_effects_expire_one_at_a_time_taking_turns_from_the_initiative_winner() -> None:
    """506.1: "players will resolve any effects that last until the end of the turn ... one at
    a time ... starting with the player who won initiative, and then each player resolves one
    effect in turn." A lost HP bonus is checked at once (104.6)."""
    state, _ = two_player_game()
    victim = state.players[0].ranks[0][0]  # 1 HP
    mods = (
        Modifier(victim, "hp", 1, 0),
        Modifier(victim, "hp", -1, 0),
        Modifier(victim, "hp", 1, 1),
    )
    state = replace(state, modifiers=mods, initiative_order=(0, 1))
    state = to_order(state, 0)
    state = apply(state, Pass(0)).state
    t = apply(state, Pass(1))
    kinds = [(e.kind, e.seat) for e in t.events if e.kind in ("effect_expired", "character_died")]
    # seat 0's +1, then seat 1's +1: HP 1 + (-1) = 0, so it dies before seat 0's -1 expires
    assert kinds == [("effect_expired", 0), ("effect_expired", 1), ("character_died", 0)]
    assert victim not in t.state.units and not t.state.modifiers


def test_rule_507_1_2_and_507_1_3_the_rank_in_front_must_be_occupied() -> None:
    """507.1.2: "You may not put a character into play if it would result in an illegal rank."
    A level 5 character cannot enter an empty rank 5 behind an empty rank 4 (507.1.3)."""
    state, _ = two_player_game([character("giant", 5), character("ogre", 4)])
    state = to_order(state, 0)
    with pytest.raises(IllegalActionError, match=r"507\.1\.2"):
        check(state, PlayCharacter(0, instance_of(state, "giant")))
    check(state, PlayCharacter(0, instance_of(state, "ogre")))  # behind the lone Warlord


def test_rule_507_1_4_a_character_sharing_one_faction_enters_ready() -> None:
    """301.3: characters are "of the same faction as another character ... as long as they
    share at least one faction." 507.1.4: only a different faction enters stunned."""
    twin = replace(character("twin", 1, faction=GREEN), factions=(GREEN, RED))
    state, _ = two_player_game([twin])
    uid = instance_of(state, "twin")
    state = apply(to_order(state, 0), PlayCharacter(0, uid)).state
    state = apply(state, Choose(0, 0)).state
    assert state.units[uid].orientation is Orientation.READY


def test_rule_602_7_2_reindeer_count_as_unique() -> None:
    """602.7.2: "All cards with the Reindeer trait are considered to have the Unique keyword." """
    deer = replace(character("dasher", 1), traits=("Reindeer",))
    state, _ = two_player_game([deer, deer])
    first, second = (i for i, c in enumerate(state.instances) if c == "dasher")
    state = apply(to_order(state, 0), PlayCharacter(0, first)).state
    state = apply(state, Choose(0, 0)).state
    with pytest.raises(IllegalActionError, match=r"602\.7"):
        check(to_order(state, 0), PlayCharacter(0, second))


def test_rule_507_6_1_only_action_cards_that_say_order_are_orders() -> None:
    """507.6.1: "A character may only use Action cards that say "Order:" as an Order." """
    react = card("parry", CardType.ACTION, "React: After an Order targets this character: Cancel.")
    state, _ = two_player_game([react])
    state = to_order(state, 0)
    who = state.players[0].ranks[0][0]
    with pytest.raises(IllegalActionError, match=r"507\.6\.1"):
        check(state, PlayOrderCard(0, instance_of(state, "parry"), who))


def test_rule_101_3_a_defeated_player_and_all_their_cards_leave_play() -> None:
    """101.3: "If you are defeated, you and all the cards you own are immediately removed from
    play, and all your ongoing and static effects end." (three players)"""
    state, _ = two_player_game(seats=3)
    lord2 = state.players[2].ranks[2][0]
    target = state.players[0].ranks[0][0]
    state = replace(state, modifiers=(Modifier(target, "atk", 2, 2),))
    tx = Tx(state)
    tx.update_unit(lord2, wounds=99)
    advance(tx)
    assert tx.players[2].eliminated and not tx.modifiers
    assert not any(2 in (u.controller, tx.owners[u.id]) for u in tx.units.values())
    assert set(state.players[2].ranks[0]) <= set(tx.players[2].discard)


def test_rule_800_3_play_passes_to_the_left_skipping_defeated_players() -> None:
    """800.3: "play proceeds clockwise (meaning it will pass to the player to your left),
    starting with the player who won initiative." A defeated player is skipped (101.3)."""
    state, _ = two_player_game(seats=4)
    lord1 = state.players[1].ranks[2][0]
    state = set_unit(state, lord1, wounds=99)
    tx = Tx(to_order(state, 0))
    advance(tx)
    state = tx.freeze()
    assert state.players[1].eliminated and state.waiting_on() == (0,)
    state = apply(state, Pass(0)).state
    assert state.waiting_on() == (2,)
    state = apply(state, Pass(2)).state
    assert state.waiting_on() == (3,)
    t = apply(state, Pass(3))
    assert "order_phase_ended" in [e.kind for e in t.events]


def test_rule_401_6_3_a_lone_faller_pays_the_penalty_once_while_choosing_its_place() -> None:
    """401.6.3: "Ready characters that fall forward become spent then move forward one rank."
    710.5: another player's character in your front rank does not count for your illegal
    ranks, but it is there: the faller chooses its side of it (401.7), penalised once."""
    from engine.foreign import move_into_formation

    state, _ = two_player_game()
    _, r2, (lord,) = state.players[0].ranks
    spy = state.players[1].ranks[0][0]
    state = set_ranks(state, 0, [[], [r2[0]], [lord]])
    tx = Tx(state)
    tx.pending.clear()
    move_into_formation(tx, spy, 0, 1)
    advance(tx)
    assert [(d.kind, d.options) for d in tx.pending] == [(DecisionKind.POSITION, (0, 1))]
    assert tx.units[r2[0]].orientation is Orientation.SPENT
    state = apply(tx.freeze(), Choose(0, 0)).state
    assert state.players[0].ranks[0] == (r2[0], spy)
    assert state.units[r2[0]].orientation is Orientation.SPENT
    assert not illegal_ranks(state.players[0], state.units)


def test_rule_507_1_6_a_warlord_played_later_does_not_keep_its_player_in_the_game() -> None:
    """507.1.6: "If a character with the Warlord character type ... enters play through any
    means during the game, they lose that designation and are not considered a Warlord."
    101.1: "As soon as any player does not control a Warlord character, that player loses." """
    spare = character("spare-lord", 3, warlord=True, faction=RED)
    state, _ = two_player_game([spare])
    uid = instance_of(state, "spare-lord")
    state = apply(to_order(state, 0), PlayCharacter(0, uid)).state
    while state.pending and state.pending[0].kind is DecisionKind.POSITION:
        state = apply(state, Choose(0, 0)).state
    assert uid in state.units and not state.units[uid].is_warlord
    lord = next(u.id for u in state.units.values() if u.controller == 0 and u.is_warlord)
    tx = Tx(state)
    tx.update_unit(lord, wounds=99)
    advance(tx)
    assert tx.winner == 1 and tx.players[0].eliminated


def test_rule_401_6_1_an_illegal_rank_at_the_end_of_turn_is_fixed_before_the_next_turn() -> None:
    """401.6.1: "Fixing an illegal rank ... happens as soon as you have one, and interrupts the
    normal sequence of play." 401.6.7: several illegal ranks are fixed "first by the player who
    won initiative": so an expiring bonus (506.1) that kills and leaves an illegal rank is
    fixed in this turn's end phase, with this turn's initiative order, not the next turn's."""
    state, _ = two_player_game()
    a, b, _c = state.players[1].ranks[0]  # 1 HP each; rank 2 holds two characters
    for uid in (a, b):
        state = set_unit(state, uid, wounds=1)
    state = replace(
        state, modifiers=(Modifier(a, "hp", 1, 0), Modifier(b, "hp", 1, 0)), initiative_order=(1, 0)
    )
    turn = state.turn
    state = apply(to_order(state, 0), Pass(0)).state
    t = apply(state, Pass(1))
    decision = t.state.pending[0]
    assert decision.kind is DecisionKind.FALL_FORWARD and decision.seat == 1
    assert t.state.turn == turn and t.state.phase is Phase.END_OF_TURN
    assert t.state.initiative_order == (1, 0)
    assert "turn_started" not in [e.kind for e in t.events]
    state = apply(t.state, Choose(1, decision.options[0])).state
    while state.pending and state.pending[0].kind is DecisionKind.POSITION:
        state = apply(state, Choose(1, state.pending[0].options[0])).state
    assert state.turn == turn + 1 and not illegal_ranks(state.players[1], state.units)


def test_rule_714_3_a_defeated_player_s_borrowed_character_returns_to_its_owner() -> None:
    """101.3: "If you are defeated, you and all the cards you own are immediately removed from
    play." 714.3: "If the player who controls but does not own a character leaves the game,
    that character is returned to its owner's control. If that character was in an opposing
    formation, they immediately return to their front rank (see rule 710.3)." """
    from engine.death import check_victory, leave_play

    state, _ = two_player_game(seats=3)
    borrowed = state.players[0].ranks[0][0]
    lord1 = state.players[1].ranks[2][0]
    state = set_unit(state, borrowed, controller=1, formation=1)
    state = set_ranks(state, 0, [list(state.players[0].ranks[0][1:]), *state.players[0].ranks[1:]])
    state = set_ranks(
        state, 1, [[*state.players[1].ranks[0], borrowed], *state.players[1].ranks[1:]]
    )
    tx = Tx(state)
    tx.pending.clear()
    leave_play(tx, lord1, "died", "104.8")
    check_victory(tx)
    assert tx.players[1].eliminated and not tx.player(1).ranks
    unit = tx.units[borrowed]
    assert unit.controller == 0 and unit.formation == 0 and borrowed in tx.player(0).ranks[0]
    assert borrowed not in tx.player(0).discard
    assert [e.rule for e in tx.events if e.kind == "control_changed"] == ["714.3"]


def test_rule_504_2_initiative_bonuses_are_added_to_the_roll() -> None:
    """504.2: "each player's chosen Warlord rolls one die and adds any appropriate bonuses
    (these may be generic die-roll bonuses or specific initiative bonuses)." 504.5: a bonus
    for "your next initiative roll" is carried over to the reroll of a tie, then ends."""
    from engine.effects import modify_next_initiative

    state, _ = two_player_game()
    lord0, lord1 = state.players[0].ranks[2][0], state.players[1].ranks[2][0]
    tx = Tx(state)
    modify_next_initiative(tx, 0, lord0, 3)
    state = scripted(tx.freeze(), [9, 12, 10, 13, 4, 2])
    turn = state.turn
    events = []
    while state.turn == turn or state.phase is not Phase.ORDER:
        t = apply(state, Pass(state.pending[0].seat))
        state, events = t.state, [*events, *t.events]
    rolls = [e.roll for e in events if e.kind == "roll"]
    # 9 + 3 = 12 ties 12; the reroll keeps the bonus: 10 + 3 = 13 ties 13; then 4 + 3 beats 2
    assert [(r.roller, r.kept, r.total) for r in rolls] == [
        (lord0, 9, 12),
        (lord1, 12, 12),
        (lord0, 10, 13),
        (lord1, 13, 13),
        (lord0, 4, 7),
        (lord1, 2, 2),
    ]
    assert rolls[0].modifiers == (("initiative bonus", 3),)
    assert state.initiative_order == (0, 1) and not state.modifiers  # the bonus is used up


def test_rule_105_1_3_a_lone_critical_failure_loses_initiative_whatever_its_bonus() -> None:
    """105.1.3: "If two characters are rolling against one another and only one of them
    critically succeeds or fails, then that character wins or loses the roll, regardless of
    any modifiers." """
    state, _ = two_player_game()
    lord0 = state.players[0].ranks[2][0]
    state = replace(state, modifiers=(Modifier(lord0, "initiative", 10, 0, False),))
    state = scripted(state, [1, 3])
    state = _pass_until_initiative(state)
    assert state.initiative_order == (1, 0)


def test_rule_101_3_a_defeated_players_cards_leave_in_an_order_the_position_fixes() -> None:
    """101.3: "If you are defeated, you and all the cards you own are immediately removed from
    play". The order they reach the discard pile depends on the position only, not on the
    order the characters entered play (which a position file does not keep: a dumped and
    loaded game must go on the same)."""
    from engine.death import eliminate

    state, _ = two_player_game(seats=3)
    shuffled = replace(state, units=dict(reversed(state.units.items())))
    assert shuffled == state
    piles = []
    for start in (state, shuffled):
        tx = Tx(start)
        eliminate(tx, 2)
        piles.append(tx.players[2].discard)
    assert piles[0] == piles[1]
