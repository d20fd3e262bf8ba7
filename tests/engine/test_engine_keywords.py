"""Keywords of 602 acting at a moment of play (engine/keywords.py), driven by
tests/engine/positions/kw-charge.json where practical."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

from engine import apply
from engine.actions import Choose, Equip, PlayCharacter
from engine.cards.model import Keyword
from engine.death import leave_play
from engine.keywords import charge, place_charges, true_strike, warded_against
from engine.position import load_position
from engine.state import GameState
from engine.tx import Tx

POSITION = Path(__file__).parent / "positions" / "kw-charge.json"
GUARD, WAND, RUNNER, RAIDER = 0, 2, 3, 4


def _state() -> GameState:
    data: dict[str, Any] = json.loads(POSITION.read_text(encoding="utf-8"))
    return load_position(data)


def _with_keyword(state: GameState, uid: int, keyword: Keyword) -> GameState:
    cards = dict(state.cards)
    card = state.card(uid)
    cards[state.instances[uid]] = replace(card, keywords=(*card.keywords, keyword))
    return replace(state, cards=cards)


def test_rule_602_9_an_item_with_charge_enters_play_with_that_many_charge_counters() -> None:
    """602.9: "When a card with the Charge keyword printed at the top of its textbox begins in
    play or enters play, place a number of Charge counters on the card equal to the number
    after the Charge keyword." """
    transition = apply(_state(), Equip(0, WAND, GUARD))
    assert (WAND, "Charge", 3) in transition.state.counters
    assert "counters_changed" in [e.kind for e in transition.events]


def test_rule_602_9_a_character_with_charge_enters_play_with_its_counters() -> None:
    """602.9: a character played from hand "enters play" with its Charge counters."""
    state = apply(_state(), PlayCharacter(0, RUNNER)).state
    while state.pending and state.pending[0].kind.value == "position":
        decision = state.pending[0]
        state = apply(state, Choose(decision.seat, decision.options[0])).state
    assert RUNNER in state.units and (RUNNER, "Charge", 2) in state.counters


def test_rule_602_9_2_charge_reads_its_number() -> None:
    """602.9.2: "1 Charge", "2 Charges" are "Charge 1", "Charge 2"; no keyword, no counters."""
    state = _state()
    assert charge(state.card(WAND)) == 3 and charge(state.card(GUARD)) == 0
    tx = Tx(state)
    place_charges(tx, GUARD)
    assert tx.counters == ()


def test_rule_704_3_counters_leave_play_with_their_card() -> None:
    """704.3: "If a card leaves play for any reason, all counters are removed from that
    card." The Wand's counters go when its bearer dies and it is discarded."""
    state = apply(_state(), Equip(0, WAND, GUARD)).state
    tx = Tx(state)
    leave_play(tx, GUARD, "died", "104.8")
    assert not [c for c in tx.counters if c[0] == WAND]


def test_rule_602_14_true_strike_strikes_may_not_be_canceled_or_redirected() -> None:
    """602.14: "A character with the True Strike keyword may not have its strikes canceled or
    redirected." """
    state = _state()
    assert not true_strike(state, RAIDER)
    assert true_strike(_with_keyword(state, RAIDER, Keyword("True Strike")), RAIDER)


def test_rule_602_19_ward_stops_opposing_non_strike_actions_only() -> None:
    """602.19: "A card with the Ward keyword may not be targeted by opposing actions that do
    not produce a strike." """
    state = _with_keyword(_state(), GUARD, Keyword("Ward"))
    assert warded_against(state, GUARD, 1, produces_strike=False)
    assert not warded_against(state, GUARD, 1, produces_strike=True)
    assert not warded_against(state, GUARD, 0, produces_strike=False)  # its own player
    assert not warded_against(state, RAIDER, 0, produces_strike=False)


def test_rule_602_18_stalwart_refuses_an_opposing_manual_spend_or_stun() -> None:
    """602.18: "A character with the Stalwart keyword may not be spent or stunned by opposing
    card effects." A card text resolved by hand is a card effect: the opposing seat's
    adjustment may not spend or stun it; its own controller's may."""
    from engine.actions import Adjust
    from engine.adjustments import adjustment_problem

    state = _with_keyword(_state(), GUARD, Keyword("Stalwart"))
    owner = state.units[GUARD].controller
    for op in ("spend", "stun"):
        problem = adjustment_problem(state, 1 - owner, Adjust(1 - owner, op, GUARD))
        assert problem is not None and problem.rule == "602.18"
        assert adjustment_problem(state, owner, Adjust(owner, op, GUARD)) is None
