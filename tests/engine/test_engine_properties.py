"""Property-based tests over random playouts (hypothesis): the engine's invariants."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import (
    Choose,
    DecisionKind,
    EngineError,
    GameConfig,
    GameRecord,
    GameState,
    IllegalActionError,
    apply,
    check,
    default_action,
    legal_actions,
    replay,
    view,
)
from engine.abilities_offer import NO_TARGET, discard_count
from engine.actions import Decline, Pass, PerformAbility
from engine.cards.sample import sample_catalog, sample_decks
from engine.feats import abilities_of
from engine.formation import illegal_ranks
from engine.frames import Placement, PlacingCharacter
from engine.orders import candidate_orders, plausible_orders
from engine.record import new_record
from engine.rng import Rng
from engine.view import hidden_from

DECKS = sorted(n for n in sample_decks() if n.startswith("saga"))
SETTINGS = settings(
    max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)


def zone_counts(state: GameState) -> Counter[int]:
    """How many zones hold each card instance (should be exactly one for cards)."""
    seen: Counter[int] = Counter()
    for p in state.players:
        for zone in (p.deck, p.hand, p.discard, p.banish, p.action_zone):
            seen.update(zone)
        for row in p.ranks:
            seen.update(row)
    for unit in state.units.values():
        seen.update(unit.items)
        seen.update(unit.attachments)
    if state.dungeon is not None:
        seen[state.dungeon] += 1
    return seen


def instances_in(data: Any) -> set[int]:
    found: set[int] = set()
    if isinstance(data, dict):
        for k, v in data.items():
            if k == "instance" and isinstance(v, int):
                found.add(v)
            else:
                found |= instances_in(v)
    elif isinstance(data, list):
        for v in data:
            found |= instances_in(v)
    return found


def assert_invariants(state: GameState, views: bool = True) -> None:
    counts = zone_counts(state)
    for i in range(len(state.instances)):
        if i not in state.tokens:
            assert counts[i] == 1, f"card #{i} is in {counts[i]} zones"
    falling = any(d.kind is DecisionKind.FALL_FORWARD for d in state.pending)
    falling = falling or any(
        isinstance(f, PlacingCharacter) and f.why is Placement.FALL for f in state.stack
    )
    if not falling:  # not mid-fall (401.6.2, 401.7)
        for p in state.players:
            assert not illegal_ranks(p, state.units), f"seat {p.seat} left an illegal rank"
    assert set(state.units) == {u for p in state.players for row in p.ranks for u in row}
    for seat in range(len(state.players) if views else 0):
        shown = instances_in(view(state, seat))
        assert not shown & hidden_from(state, seat)
    if not state.is_over:
        assert state.pending, "a running game always waits on someone"
        for seat in state.waiting_on():  # what a timeout may answer is always legal
            assert default_action(state, seat) in legal_actions(state, seat)


def playout(seed: int, steps: int, seats: int = 2) -> tuple[GameRecord, GameState]:
    decks = sample_decks()
    chosen = [decks[DECKS[(seed + k) % len(DECKS)]] for k in range(seats)]
    record, state = new_record(GameConfig(seats=seats), chosen, seed, sample_catalog())
    rng = Rng(seed + 99)
    for step in range(steps):
        if state.is_over:
            break
        assert_invariants(state, views=step % 10 == 0)
        seat = state.pending[0].seat
        options = legal_actions(state, seat)
        assert options, "the game waits on a seat with no legal action"
        k, rng = rng.below(len(options))
        action = options[k]
        state = apply(state, action).state
        record = record.with_action(action)
    assert_invariants(state)
    return record, state


@SETTINGS
@given(seed=st.integers(0, 10_000))
def test_random_playouts_keep_every_invariant(seed: int) -> None:
    """Legal actions always apply; cards are conserved across zones; ranks are never left
    illegal between decisions; views never show another seat's hidden cards."""
    playout(seed, 200)


@SETTINGS
@given(seed=st.integers(0, 10_000))
def test_multiplayer_playouts_keep_every_invariant(seed: int) -> None:
    """The same in three-player free-for-all games (800)."""
    playout(seed, 150, seats=3)


@SETTINGS
@given(seed=st.integers(0, 10_000))
def test_replay_is_deterministic(seed: int) -> None:
    """Replaying a record gives the identical position, twice."""
    record, state = playout(seed, 120)
    text = record.to_json()
    assert replay(GameRecord.from_json(text)).state == state
    assert replay(record).state == state


@SETTINGS
@given(seed=st.integers(0, 10_000), pick=st.integers(0, 10_000))
def test_illegal_actions_raise_a_typed_error_and_change_nothing(seed: int, pick: int) -> None:
    """Every candidate Order not in legal_actions, any choice outside the options and any
    action from a seat not being waited on raises an EngineError; the state is unchanged.
    A refused Order carries the rule it breaks (`IllegalActionError.rule`)."""
    _, state = playout(seed, pick % 100)
    if state.is_over:
        return
    snapshot = repr(state)
    seat = state.pending[0].seat
    legal = set(legal_actions(state, seat))
    for candidate in candidate_orders(state, seat, state.dungeon):
        if candidate not in legal:
            with pytest.raises(EngineError) as err:
                apply(state, candidate)
            if state.pending[0].kind is DecisionKind.ORDER:
                # every refused Order names its rule, and the sentence cites it
                assert isinstance(err.value, IllegalActionError) and err.value.rule, err.value
                assert str(err.value).startswith(f"Rule {err.value.rule}: ")
    with pytest.raises(IllegalActionError):
        check(state, Choose(seat, -1))
    others = [s for s in range(len(state.players)) if s not in state.waiting_on()]
    for other in others:
        with pytest.raises(IllegalActionError):
            apply(state, Choose(other, 0))
    assert repr(state) == snapshot


@SETTINGS
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 120))
def test_the_default_answer_of_every_decision_is_legal_and_a_game_of_defaults_goes_on(
    seed: int, steps: int
) -> None:
    """Every decision has a default answer (pass, decline where declinable, else the first
    option) that a host may apply on a timeout: it is always legal, from any position a random
    game reaches, and a game answered only by defaults keeps going (turns pass, 505.1)."""
    _, state = playout(seed, steps)
    turn = state.turn
    for _ in range(60):
        if state.is_over:
            return
        seat = state.pending[0].seat
        action = default_action(state, seat)
        check(state, action)
        state = apply(state, action).state
        assert_invariants(state, views=False)
    assert state.is_over or state.turn > turn


def _passes(state: GameState, action: object) -> bool:
    try:
        check(state, action)
    except EngineError:
        return False
    return True


def _every_candidate(state: GameState, seat: int) -> list[Any]:
    """A superset of what `legal_actions` may list for the decision `seat` answers: every
    Order of `candidate_orders`; every ability of every card of the seat's characters and
    hand, by every character, at every character or none, with the discard choices the engine
    lists; every option, one that is not, Decline and Pass."""
    decision = next(d for d in state.pending if d.seat == seat)
    out: list[Any] = [Pass(seat), Decline(seat), Choose(seat, -1)]
    out += [Choose(seat, o) for o in decision.options]
    if decision.kind not in (DecisionKind.ORDER, DecisionKind.REACT):
        return out
    out += candidate_orders(state, seat, state.dungeon)
    own = sorted(u for u, unit in state.units.items() if unit.controller == seat)
    player = state.players[seat]
    cards = [c for u in own for c in (u, *state.units[u].items, *state.units[u].attachments)]
    cards += [*player.hand, *player.discard]
    for card in cards:
        for index, ability in enumerate(abilities_of(state.card(card))):
            need = discard_count(ability)
            hand = sorted(c for c in player.hand if c != card)
            discards = list(combinations(hand, need))[:6]
            if decision.kind is DecisionKind.REACT:
                discards = [tuple(c for c in player.hand if c != card)[:need]]
            for uid in own:
                for target in (NO_TARGET, *sorted(state.units)):
                    out += [PerformAbility(seat, card, index, uid, target, d) for d in discards]
    return out


@SETTINGS
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 150))
def test_legal_actions_are_exactly_the_candidates_that_pass_check(seed: int, steps: int) -> None:
    """DESIGN.md 2: `legal_actions` lists every action `check` accepts and nothing else (for
    decisions other than a manual resolution, whose list is a menu), with no repeats; the
    faster listing (engine.orders.legal_orders, cached facts) must not change it. The Orders
    random players draw from (`plausible_orders`) hold every legal one once."""
    _, state = playout(seed, steps)
    rng = Rng(seed + 7)
    for _ in range(25):
        if state.is_over:
            return
        seat = state.pending[0].seat
        legal = legal_actions(state, seat)
        assert len(set(legal)) == len(legal)
        if state.pending[0].kind is not DecisionKind.MANUAL:
            passing = {a for a in _every_candidate(state, seat) if _passes(state, a)}
            assert set(legal) == passing
        if state.pending[0].kind is DecisionKind.ORDER:  # what random players draw from
            plausible = plausible_orders(state, seat, state.dungeon)
            assert len(set(plausible)) == len(plausible)
            orders = [a for a in legal if not isinstance(a, Pass | PerformAbility)]
            assert set(orders) <= set(plausible)
        k, rng = rng.below(len(legal))
        state = apply(state, legal[k]).state
