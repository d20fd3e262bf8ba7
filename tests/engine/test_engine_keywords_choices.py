"""Journey (602.4) and Survey (602.17), the keywords whose effect is the performer's choice,
driven by tests/engine/positions/kw-journey-survey.json: Double-Time March (#6, "Order:
Target character in your formation: Journey.") and Survey the Field (#7, "Order: Survey.")
are in seat 0's hand; Tunnel Scout (#0) stands in the front rank, Veiled Agent (#3) in rank
2; seat 0's deck is Censer Priest (#8), Ledger Mage (#9) and Siege Engineer (#10), from the
top."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bot.game_text import event_line
from engine import DecisionKind, GameState, apply
from engine.actions import Action, Choose, PerformAbility
from engine.choices import survey_code
from engine.formation import locate
from engine.frames import ChoosingEffect
from engine.position import load_position
from engine.view import view

POSITION = Path(__file__).parent / "positions" / "kw-journey-survey.json"
SCOUT, AGENT, MARCH, SURVEY, PRIEST, MAGE, ENGINEER = 0, 3, 6, 7, 8, 9, 10


def _state() -> GameState:
    data: dict[str, Any] = json.loads(POSITION.read_text(encoding="utf-8"))
    return load_position(data)


def _play(state: GameState, *actions: Action) -> tuple[GameState, list[Any]]:
    events: list[Any] = []
    for action in actions:
        transition = apply(state, action)
        events += list(transition.events)
        state = transition.state
    return state, events


def _choice(state: GameState) -> ChoosingEffect:
    decision = state.pending[0]
    assert decision.kind is DecisionKind.EFFECT_CHOICE and decision.frame is not None
    frame = state.stack[decision.frame]
    assert isinstance(frame, ChoosingEffect)
    return frame


def test_rule_602_4_journey_moves_forward_or_backward_one_rank_by_choice() -> None:
    """602.4: "If an action or effect says "Journey," that means you move the character
    forward or backward one rank." Veiled Agent, in rank 2, is moved forward."""
    state, _ = _play(_state(), PerformAbility(0, MARCH, 0, SCOUT, AGENT, ()))
    frame = _choice(state)
    assert frame.options == ("forward", "backward") and state.pending[0].rule == "602.4"
    state, _ = _play(state, Choose(0, frame.options.index("forward")))
    state, _ = _play(state, Choose(0, 3))  # where in the front rank (401.7): far right
    place = locate(state.players, AGENT)
    assert place is not None and place.rank == 1
    assert MARCH in state.players[0].discard  # 303.5: the Action card is discarded


def test_rule_602_4_journey_from_the_front_rank_can_only_go_backward() -> None:
    """602.4 with 401.5: "Characters in the front rank of their own formations may not move
    forward": Tunnel Scout's Journey takes it backward with no choice to make."""
    state, _ = _play(_state(), PerformAbility(0, MARCH, 0, SCOUT, SCOUT, ()))
    assert [d.kind for d in state.pending] == [DecisionKind.POSITION]  # where in rank 2
    state, events = _play(state, Choose(0, 0))
    moved = [e for e in events if e.kind == "moved" and e.card == SCOUT]
    assert moved and moved[0].to_rank == 2


def test_rule_602_17_survey_puts_the_top_two_cards_on_top_or_bottom_in_any_order() -> None:
    """602.17: "you look at the top two cards of your deck, then you put any number of them
    on the top of your deck in any order, then the rest on the bottom of your deck in any
    order." Every arrangement of Censer Priest and Ledger Mage is offered; Ledger Mage is
    kept on top and Censer Priest goes to the bottom."""
    state, _ = _play(_state(), PerformAbility(0, SURVEY, 0, SCOUT, -1, ()))
    frame = _choice(state)
    assert state.pending[0].rule == "602.17" and len(frame.options) == 6
    assert set(frame.options) == {
        survey_code((PRIEST, MAGE), ()),
        survey_code((MAGE, PRIEST), ()),
        survey_code((PRIEST,), (MAGE,)),
        survey_code((MAGE,), (PRIEST,)),
        survey_code((), (PRIEST, MAGE)),
        survey_code((), (MAGE, PRIEST)),
    }
    chosen = frame.options.index(survey_code((MAGE,), (PRIEST,)))
    state, events = _play(state, Choose(0, chosen))
    assert state.players[0].deck == (MAGE, ENGINEER, PRIEST)
    (told,) = [e for e in events if e.kind == "effect_chosen"]
    assert (told.choice, told.kept, told.bottom) == ("survey", 1, 1)
    line = event_line(told) or ""
    assert "1 card(s) back on top" in line and "Ledger Mage" not in line


def test_rule_602_17_the_surveyed_cards_stay_hidden_from_the_other_seat() -> None:
    """602.17: the player looks at the cards; the other seat's view of the decision names
    none of them (DESIGN 4: public messages never reveal a hidden card)."""
    state, _ = _play(_state(), PerformAbility(0, SURVEY, 0, SCOUT, -1, ()))
    seen = json.dumps(view(state, 1))
    assert "Censer Priest" not in seen and "Ledger Mage" not in seen


def test_rule_602_17_the_surveying_player_sees_the_cards_in_its_menu() -> None:
    """602.17: "you look at the top two cards of your deck": the deciding seat's menu names
    them (game play shows menus to the seat asked only); the decision's prompt does not."""
    from bot.game_text import menu
    from engine import legal_actions

    state, _ = _play(_state(), PerformAbility(0, SURVEY, 0, SCOUT, -1, ()))
    _, lines = menu(state, legal_actions(state, 0))
    assert any("Survey: on top Censer Priest, Ledger Mage" in line for line in lines)
    assert "Censer Priest" not in state.pending[0].prompt
