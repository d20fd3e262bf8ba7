"""510.12 for standard Orders: an attack or a maneuver whose character left play during its
"before performing" window is canceled, not performed by a character no longer there."""

from __future__ import annotations

import pytest
from engine_factories import two_player_game

from engine.actions import Action, Attack, Maneuver
from engine.death import leave_play
from engine.events import ActionCanceled
from engine.frames import ActionStep, Attacking, PerformingOrder
from engine.resolve import continue_order
from engine.tx import Tx


@pytest.mark.parametrize("kind", ["attack", "maneuver"])
def test_rule_510_12_an_order_whose_performer_left_play_is_canceled(kind: str) -> None:
    """510.12: an action whose performer left play is canceled. The character giving the
    Order died while its "before performing" window was open (a React killed it)."""
    state, _ = two_player_game()
    uid = state.players[0].ranks[0][0]
    tx = Tx(state)
    order: Action = Attack(0, uid) if kind == "attack" else Maneuver(0, uid, "backward")
    index = tx.push_frame(PerformingOrder(0, order, ActionStep.DECLARED))
    leave_play(tx, uid, "died", "104.2")
    frame = tx.stack[index]
    assert isinstance(frame, PerformingOrder)
    continue_order(tx, index, frame)
    canceled = [e for e in tx.events if isinstance(e, ActionCanceled)]
    assert [(e.card, e.why, e.rule) for e in canceled] == [(uid, "performer_left_play", "510.12")]
    assert not any(isinstance(f, Attacking | PerformingOrder) for f in tx.stack)
