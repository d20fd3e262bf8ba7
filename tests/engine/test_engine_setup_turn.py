"""Setup (500) and the sequence of play (501-506)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from engine_factories import (
    GREEN,
    RED,
    army,
    character,
    fixed_dice,
    instance_of,
    set_unit,
    to_order,
    two_player_game,
)

from engine import (
    Decline,
    GameConfig,
    IllegalActionError,
    NotYourTurnError,
    Pass,
    Phase,
    SetupError,
    apply,
    legal_actions,
    new_game,
)
from engine.cards.model import Deck
from engine.dice import roll_initiative
from engine.state import Modifier, Orientation
from engine.tx import Tx


def test_rule_500_4_starting_army_is_placed_by_level() -> None:
    """500.4: level 1s in the 1st rank, level 2s in the 2nd, the Warlord in the 3rd."""
    state, _ = two_player_game()
    for seat in (0, 1):
        ranks = state.players[seat].ranks
        assert [len(r) for r in ranks] == [3, 2, 1]
        assert [state.card(u).level for u in ranks[0]] == [1, 1, 1]
        assert [state.card(u).level for u in ranks[1]] == [2, 2]
        assert state.units[ranks[2][0]].is_warlord


def test_rule_500_2_starting_army_needs_a_warlord_three_level_1_and_two_level_2() -> None:
    """500.2: a starting army is one Warlord, three 1st-level and two 2nd-level characters."""
    cards = {c.id: c for c in army("x", RED) + army("y", GREEN)}
    bad = Deck("bad", ("x-a", "x-b", "x-c", "x-d", "x-e"), ())
    good = Deck("good", tuple(c.id for c in army("y", GREEN)), ())
    with pytest.raises(SetupError) as err:
        new_game(GameConfig(validate_decks=False), [bad, good], 1, cards)
    assert "500.2" in str(err.value)
    assert err.value.problems


def test_rule_500_1_unknown_card_in_a_deck_is_a_clear_setup_error() -> None:
    """Setup names the unknown card id rather than failing later."""
    cards = {c.id: c for c in army("y", GREEN)}
    deck = Deck("d", tuple(c.id for c in army("y", GREEN)), ("no-such-card",))
    with pytest.raises(SetupError, match="no-such-card"):
        new_game(GameConfig(validate_decks=False), [deck, deck], 1, cards)


def test_rule_503_1_first_draw_phase_deals_opening_hands() -> None:
    """503.1: players draw until their hand holds their hand size (404.5: five)."""
    filler = [character(f"f{i}", 1, faction=RED) for i in range(10)]
    cards = {c.id: c for c in army("x", RED) + army("y", GREEN) + filler}
    decks = [
        Deck("a", tuple(c.id for c in army("x", RED)), tuple(c.id for c in filler)),
        Deck("b", tuple(c.id for c in army("y", GREEN)), tuple(c.id for c in filler)),
    ]
    state = new_game(GameConfig(validate_decks=False), decks, 3, cards)
    assert [len(p.hand) for p in state.players] == [5, 5]
    assert [len(p.deck) for p in state.players] == [5, 5]
    assert state.phase is Phase.ORDER


def test_rule_503_1_discards_are_simultaneous_then_everyone_draws() -> None:
    """503.1: all players may discard (the game waits on all of them), then all draw."""
    filler = [character(f"f{i}", 1, faction=RED) for i in range(12)]
    cards = {c.id: c for c in army("x", RED) + army("y", GREEN) + filler}
    decks = [
        Deck("a", tuple(c.id for c in army("x", RED)), tuple(c.id for c in filler)),
        Deck("b", tuple(c.id for c in army("y", GREEN)), tuple(c.id for c in filler)),
    ]
    state = new_game(GameConfig(validate_decks=False), decks, 3, cards)
    while state.phase is not Phase.DRAW or not state.pending:
        state = apply(state, legal_actions(state, state.pending[0].seat)[0]).state
        if state.phase is Phase.DRAW and state.pending:
            break
    assert set(state.waiting_on()) == {0, 1}
    discard = legal_actions(state, 1)[0]
    state = apply(state, discard).state
    assert len(state.players[1].hand) == 4
    state = apply(state, Decline(1)).state
    assert state.phase is Phase.DRAW and state.waiting_on() == (0,)
    state = apply(state, Decline(0)).state
    assert [len(p.hand) for p in state.players] == [5, 5]


def test_rule_503_2_a_hand_above_hand_size_draws_nothing() -> None:
    """503.2: a player with more cards than their hand size need not discard and draws none."""
    state, _ = two_player_game()
    tx = Tx(state)
    tx.update_player(0, hand=(1, 2, 3, 4, 5, 6), deck=(7,))
    tx.phase, tx.step = Phase.DRAW, 1
    from engine.turn import draw_phase

    tx.config = replace(tx.config, hand_size=5)
    draw_phase(tx)
    assert tx.player(0).deck == (7,)


def test_rule_502_1_ready_phase_readies_spent_and_unstuns_stunned() -> None:
    """502.1: spent cards become ready and stunned cards become spent."""
    state, _ = two_player_game()
    a, b = state.players[0].ranks[0][:2]
    state = set_unit(state, a, orientation=Orientation.SPENT)
    state = set_unit(state, b, orientation=Orientation.STUNNED)
    state = to_order(state, 0)
    state = apply(state, Pass(0)).state
    state = apply(state, Pass(1)).state  # both passed: end of turn, then turn 2
    assert state.turn == 2
    assert state.units[a].orientation is Orientation.READY
    assert state.units[b].orientation is Orientation.SPENT


def test_rule_504_5_tied_initiative_rerolls_only_the_tied() -> None:
    """504.5: if there is a tie for highest, only the tied Warlords reroll."""
    state, _ = two_player_game(seats=3)
    tx = Tx(state)
    fixed_dice(tx, [12, 12, 3, 5, 9])
    assert roll_initiative(tx, {0: 0, 1: 6, 2: 12}) == 1
    assert [e.kind for e in tx.events].count("roll") == 5


def test_rule_504_4_critical_success_always_wins_initiative() -> None:
    """504.4 / 105.1.3: a lone natural 20 wins; several 20s reroll regardless of bonuses."""
    state, _ = two_player_game(seats=3)
    tx = Tx(state)
    fixed_dice(tx, [20, 20, 19, 4, 11])
    assert roll_initiative(tx, {0: 0, 1: 6, 2: 12}) == 1


def test_rule_504_3_initiative_winner_gives_the_first_order() -> None:
    """504.3: the winner goes first in the order phase; play proceeds clockwise."""
    state, _ = two_player_game(seed=5)
    winner = state.initiative_order[0]
    assert state.active == winner and state.waiting_on() == (winner,)
    assert state.initiative_order == (winner, 1 - winner)


def test_rule_505_1_order_phase_ends_when_all_players_pass_consecutively() -> None:
    """505.1: the order phase continues until all players pass consecutively."""
    state, _ = two_player_game()
    state = to_order(state, 0)
    state = apply(state, Pass(0)).state
    assert state.phase is Phase.ORDER and state.waiting_on() == (1,)
    state = apply(state, Pass(1)).state
    assert state.turn == 2


def test_rule_505_4_passing_does_not_forfeit_the_right_to_act() -> None:
    """505.4: if you pass but your opponent does not, you may still give Orders later."""
    state, _ = two_player_game()
    state = to_order(state, 0)
    state = apply(state, Pass(0)).state
    from engine import Maneuver

    front = state.players[1].ranks[1][0]
    state = apply(state, Maneuver(1, front, "sideways")).state
    while state.pending[0].kind.value != "order":
        state = apply(state, legal_actions(state, state.pending[0].seat)[0]).state
    assert state.waiting_on() == (0,) and state.phase is Phase.ORDER
    assert len(legal_actions(state, 0)) > 1


def test_rule_505_1_only_the_active_seat_may_give_an_order() -> None:
    """505.1: players give Orders one at a time, in turn."""
    state, _ = two_player_game()
    state = to_order(state, 0)
    with pytest.raises(NotYourTurnError):
        apply(state, Pass(1))
    assert legal_actions(state, 1) == []


def test_rule_506_1_until_end_of_turn_effects_expire() -> None:
    """506.1: effects that last until the end of the turn are resolved at its end."""
    state, _ = two_player_game()
    lord = state.players[0].ranks[2][0]
    state = replace(
        state, modifiers=(Modifier(lord, "atk", 2, 0), Modifier(lord, "ac", 1, 0, False))
    )
    state = to_order(state, 0)
    from engine import stats

    assert stats.strikes(state, lord) == (8, 5)
    state = apply(state, Pass(0)).state
    transition = apply(state, Pass(1))
    assert [m.stat for m in transition.state.modifiers] == ["ac"]
    assert "effect_expired" in [e.kind for e in transition.events]


def test_rule_505_2_pass_is_always_legal_for_the_active_seat() -> None:
    """505.3: if you cannot (or do not want to) perform an Order, you must pass."""
    state, _ = two_player_game()
    state = to_order(state, 0)
    assert Pass(0) in legal_actions(state, 0)
    with pytest.raises(IllegalActionError):
        apply(state, Decline(0))


def test_instance_helper_finds_cards() -> None:
    state, _ = two_player_game()
    assert state.owners[instance_of(state, "p1-lord")] == 1


def test_rule_108_2_new_game_refuses_an_illegal_deck_with_itemised_problems() -> None:
    """108.2 / 108.3: new_game validates decks and lists every problem, one sentence each."""
    from engine.cards.sample import sample_catalog, sample_decks

    decks = sample_decks()
    good = decks["saga-elven"]
    short = Deck("short", good.starting_army, good.cards[:10])
    with pytest.raises(SetupError) as err:
        new_game(GameConfig(), [short, decks["saga-nothrog"]], 1, sample_catalog())
    assert any(p.rule == "108.2" for p in err.value.problems)
    assert all(p.rule and str(p).startswith(f"Rule {p.rule}: ") for p in err.value.problems)
    assert "short" in str(err.value)


def test_rule_801_5_alliance_sample_decks_play_a_whole_game() -> None:
    """801.5: an Alliance game (two Warlords a side) starts and plays to its end."""
    from engine.cards.sample import sample_catalog, sample_decks
    from engine.playout import random_playout
    from engine.state import Format

    decks = sample_decks()
    out = random_playout(
        GameConfig(format=Format.ALLIANCE),
        [decks["alliance-dawn"], decks["alliance-dusk"]],
        5,
        sample_catalog(),
    )
    assert out.state.is_over or out.capped
    start = out.record.start()
    assert sum(1 for u in start.units.values() if u.is_warlord) == 4
