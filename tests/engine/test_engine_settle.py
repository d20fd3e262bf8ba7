"""Settling a position (104.2, 104.6, 401.6): deaths and illegal ranks are found whatever
changed since the last settle (engine.turn checks only what changed)."""

from __future__ import annotations

from engine_factories import two_player_game

from engine import stats
from engine.death import leave_play
from engine.events import CharacterDied, FellForward
from engine.pending import DecisionKind
from engine.state import Modifier
from engine.turn import settle
from engine.tx import Tx


def _died(tx: Tx) -> list[int]:
    return [e.card for e in tx.events if isinstance(e, CharacterDied)]


def test_rule_104_6_a_modifier_on_an_unchanged_character_kills_it() -> None:
    """104.6: "A character whose hit points are reduced to zero or less dies". The character
    itself did not change since the last settle, a modifier on it did: it must be checked."""
    state, _ = two_player_game()
    b = state.players[0].ranks[0][1]
    tx = Tx(state)
    assert not settle(tx) and _died(tx) == []
    tx.modifiers.append(Modifier(b, "hp", -stats.hit_points(tx, b), 1))
    settle(tx)
    assert _died(tx) == [b]


def test_rule_401_6_a_rank_emptied_by_a_death_is_fixed_after_a_settled_position() -> None:
    """401.6: "If at any time a rank contains more characters than the rank in front of it,
    that rank is illegal" and characters fall forward (401.6.1). Settled before, the position
    changes only by a character leaving play."""
    state, _ = two_player_game()
    front, second = state.players[0].ranks[0], state.players[0].ranks[1]
    tx = Tx(state)
    assert not settle(tx)
    for uid in front[: len(front) - len(second) + 1]:
        leave_play(tx, uid, "banished", "400.3")
    settle(tx)
    ranks = tx.players[0].ranks
    fixed = all(len(ranks[r]) <= len(ranks[r - 1]) for r in range(1, len(ranks)))
    # one falls at once, or its owner chooses which falls (401.6.2) or where it goes (401.7)
    asked = [d.kind for d in tx.pending[len(state.pending) :]] in (
        [DecisionKind.FALL_FORWARD],
        [DecisionKind.POSITION],
    )
    assert fixed or asked
    assert any(isinstance(e, FellForward) for e in tx.events) or asked


def test_rule_104_2_a_settled_position_still_finds_new_wounds() -> None:
    """104.2: a character whose wounds reach its hit points dies, however often the same
    position was settled before."""
    state, _ = two_player_game()
    b = state.players[0].ranks[0][1]
    tx = Tx(state)
    assert not settle(tx) and not settle(tx)
    tx.update_unit(b, wounds=stats.hit_points(tx, b))
    settle(tx)
    assert _died(tx) == [b]
