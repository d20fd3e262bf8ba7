"""In another formation (710) and the fixing order of illegal ranks (401.6.7)."""

from __future__ import annotations

import pytest
from engine_factories import set_ranks, to_order, two_player_game

from engine import Choose, Equip, IllegalActionError, Maneuver, apply, check, stats
from engine.foreign import move_into_formation
from engine.formation import illegal_ranks, locate
from engine.strikes import melee_targets
from engine.turn import advance
from engine.tx import Tx


def _infiltrate(rank: int = 2):  # type: ignore[no-untyped-def]
    """Seat 0's first front-rank character moved into seat 1's formation at `rank`."""
    state, _ = two_player_game()
    spy = state.players[0].ranks[0][0]
    tx = Tx(state)
    move_into_formation(tx, spy, 1, rank)
    tx.pending.clear()
    advance(tx)
    return tx, spy


def test_rule_710_5_your_characters_do_not_make_other_ranks_illegal() -> None:
    """710.5: characters in another formation do not affect the legality of its ranks."""
    tx, spy = _infiltrate(rank=3)
    assert locate(tx.players, spy).formation == 1  # type: ignore[union-attr]
    assert not illegal_ranks(tx.player(1), tx.units)
    assert tx.units[spy].formation == 1


def test_rule_710_2_beyond_the_last_occupied_rank_stands_in_it() -> None:
    """710.2: a character beyond another formation's last occupied rank is placed in it."""
    tx, spy = _infiltrate(rank=6)
    assert locate(tx.players, spy).rank == 3  # type: ignore[union-attr]


def test_rule_710_3_alone_in_another_formation_returns_home() -> None:
    """710.3: with no characters you do not control left there, return to your front rank."""
    from engine.foreign import fix_other_formations

    tx, spy = _infiltrate()
    tx.update_player(1, ranks=((), (spy,)))  # the host's own characters are gone
    fix_other_formations(tx)
    assert tx.units[spy].formation == 0 and spy in tx.player(0).ranks[0]
    assert "returned_to_formation" in [e.kind for e in tx.events]


def test_rule_710_8_no_rank_bonus_to_equip_in_another_formation() -> None:
    """710.8: characters may equip in another formation but do not add their rank."""
    from engine_factories import item

    state, _ = two_player_game([item("badge", level=2)])
    spy = state.players[0].ranks[0][0]  # level 1
    tx = Tx(state)
    move_into_formation(tx, spy, 1, 1)
    tx.pending.clear()
    advance(tx)
    state = to_order(tx.freeze(), 0)
    with pytest.raises(IllegalActionError, match=r"302\.4"):
        check(state, Equip(0, state.players[0].hand[0], spy))


def test_rule_710_6_forward_from_another_front_rank_returns_to_your_front_rank() -> None:
    """710.6: moving forward from another formation's front rank enters your front rank."""
    tx, spy = _infiltrate(rank=1)
    state = to_order(tx.freeze(), 0)
    state = apply(state, Maneuver(0, spy, "forward")).state
    while state.pending and state.pending[0].kind.value == "position":
        state = apply(state, Choose(0, state.pending[0].options[-1])).state
    assert locate(state.players, spy).formation == 0  # type: ignore[union-attr]


def test_rule_509_3_a_character_in_another_formation_strikes_its_neighbours() -> None:
    """509.3 / 401.15: inside another formation, distance is counted within it."""
    tx, spy = _infiltrate(rank=2)
    targets = set(melee_targets(tx, spy))
    host = tx.player(1)
    assert set(host.ranks[0]) | set(host.ranks[2]) <= targets | {spy}
    assert stats.level(tx, spy) == 1


def test_rule_401_6_7_illegal_ranks_are_fixed_in_initiative_order() -> None:
    """401.6.7: when several players have illegal ranks, the initiative winner fixes first."""
    state, _ = two_player_game()
    for seat in (0, 1):
        r1, r2, (lord,) = state.players[seat].ranks
        state = set_ranks(state, seat, [[r1[0]], list(r2), [lord]])
    tx = Tx(state)
    tx.pending.clear()
    advance(tx)
    first = state.initiative_order[0]
    assert tx.pending[0].seat == first and tx.pending[0].kind.value == "fall_forward"
    state = apply(tx.freeze(), Choose(first, tx.pending[0].options[0])).state
    assert state.pending[0].seat == first and state.pending[0].kind.value == "position"
    state = apply(state, Choose(first, 0)).state
    assert not illegal_ranks(state.players[first], state.units)
    assert state.pending[0].seat == 1 - first


def test_rule_710_3_and_710_4_returns_happen_together_whatever_the_instance_numbers() -> None:
    """710.3: "If at any time there are no characters that you do not control in another
    formation, then all your characters in that formation return to your front rank."
    710.4: "If at any time there are no characters you control in your own formation, then all
    your characters in other formations return to your front rank." Both hold at once here:
    seat 0's Warlord (a low instance number) returning home by 710.4 must not cancel the 710.3
    return of seat 1's character left alone in seat 0's formation."""
    from engine.foreign import fix_other_formations

    state, _ = two_player_game()
    lord0 = state.players[0].ranks[2][0]
    raider = state.players[1].ranks[0][0]
    assert lord0 < raider
    tx = Tx(state)
    tx.pending.clear()
    move_into_formation(tx, lord0, 1, 1)
    move_into_formation(tx, raider, 0, 1)
    for uid in [u for row in tx.player(0).ranks for u in row if u != raider]:
        del tx.units[uid]  # seat 0's other characters are gone
    tx.update_player(0, ranks=((raider,),))
    fix_other_formations(tx)
    assert tx.units[raider].formation == 1 and raider in tx.player(1).ranks[0]
    assert tx.units[lord0].formation == 0 and tx.player(0).ranks == ((lord0,),)
    rules = {e.card: e.rule for e in tx.events if e.kind == "returned_to_formation"}
    assert rules == {lord0: "710.4", raider: "710.3"}
