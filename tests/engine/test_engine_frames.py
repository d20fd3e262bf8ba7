"""The stack of continuation frames (engine.frames): what the game is in the middle of."""

from __future__ import annotations

from engine_factories import scripted, set_ranks, to_order, two_player_game

from engine import Attack, Choose, Decline, apply
from engine.frames import Attacking, PerformingOrder, Placement, PlacingCharacter, frame_to_dict
from engine.pending import Decision, DecisionKind
from engine.tx import Tx


def _front_lord(state):  # type: ignore[no-untyped-def]
    p = state.players[0]
    lord = p.ranks[2][0]
    state = set_ranks(state, 0, [[lord, *p.ranks[0]], list(p.ranks[1])])
    return to_order(state, 0), lord


def test_rule_507_3_an_attack_is_a_frame_on_top_of_its_order() -> None:
    """507.3: "the character performs its melee strikes": the attack nests inside the Order
    being performed, and the target decision belongs to the attack frame."""
    state, _ = two_player_game()
    state, lord = _front_lord(state)
    order = Attack(0, lord)
    state = apply(state, order).state
    assert state.stack == (PerformingOrder(0, order), Attacking(0, lord, 0, before_opened=True))
    decision = state.pending[0]
    assert decision.kind is DecisionKind.STRIKE_TARGET and decision.frame == 1
    state = apply(scripted(state, [2]), Choose(0, decision.options[0])).state
    assert state.stack[-1] == Attacking(0, lord, 1, before_opened=True)  # the next strike (507.3.3)
    state = apply(state, Decline(0)).state  # 507.3.5: stop the attack
    assert state.stack == () and state.waiting_on() == (1,)
    assert frame_to_dict(PerformingOrder(0, order))["order"] == order.to_dict()


def test_rule_101_3_a_defeated_seat_s_frames_end_and_others_keep_their_decisions() -> None:
    """101.3: a defeated player's cards leave the game and their effects end; the frames of
    other seats stay, and their decisions still point at them."""
    state, _ = two_player_game()
    tx = Tx(state)
    tx.pending.clear()
    tx.push_frame(PerformingOrder(0, Attack(0, 0)))
    tx.push_asking(
        PlacingCharacter(1, 7, 1, 1, Placement.FALL),
        Decision(1, DecisionKind.POSITION, "Where?", (0, 1)),
    )
    tx.drop_frames_of(0)
    assert tx.stack == [PlacingCharacter(1, 7, 1, 1, Placement.FALL)]
    assert [d.frame for d in tx.pending] == [0]


def test_rule_507_3_5_default_answer_strikes_first_then_stops_the_attack() -> None:
    """507.3.5: the first strike of an attack is compulsory, later ones may be stopped: the
    default a timeout applies is the first target, then stopping the attack; an Order's
    default is to pass (505.2)."""
    from engine import Pass, default_action, view

    state, _ = two_player_game()
    state, lord = _front_lord(state)
    assert default_action(state, 0) == Pass(0)
    state = apply(state, Attack(0, lord)).state
    first = state.pending[0]
    assert first.default_answer.value == "first"
    assert view(state, 0)["pending"][0]["default"] == "first"
    assert default_action(state, 0) == Choose(0, first.options[0])
    state = apply(scripted(state, [2]), default_action(state, 0)).state
    assert default_action(state, 0) == Decline(0)


def test_rule_509_5_a_strike_is_a_frame_inside_the_attack_inside_the_order() -> None:
    """509.5: a strike goes through its steps (declare, target, roll, hit or miss, wounds); it is
    a `Striking` frame on top of the attack's, so a react window (508) can later open between
    its steps and return to it (508.3)."""
    from engine.frames import StrikeStep, Striking
    from engine.resolve import answer_frame
    from engine.turn import advance

    state, _ = two_player_game()
    state, lord = _front_lord(state)
    order = Attack(0, lord)
    state = scripted(apply(state, order).state, [15])
    decision = state.pending[0]
    target = decision.options[0]
    tx = Tx(state)
    tx.pending.remove(decision)
    assert decision.frame is not None
    answer_frame(tx, decision.frame, target)
    base = state.card(lord).attack[0]
    assert tx.stack == [
        PerformingOrder(0, order),
        Attacking(0, lord, 1),
        Striking(0, lord, target, base, label="printed strike 1", step=StrikeStep.TARGETED),
    ]
    advance(tx)
    assert [e.kind for e in tx.events][:2] == ["strike_declared", "roll"]
    assert tx.stack[:2] == [PerformingOrder(0, order), Attacking(0, lord, 1, before_opened=True)]
