"""Optional effects ("You may draw a card."): the performer's controller chooses whether each
happens (510.22), through an `effect_choice` decision whose default is to carry it out.
Driven by optional-effects.json."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine import DecisionKind, GameState, apply, default_action
from engine.actions import Action, Choose, PerformAbility
from engine.frames import ChoosingEffect

POSITIONS = Path(__file__).parent / "positions"
RAIDER, MAZRUK, SECOND_WIND, RANGERS_CALL, BOLD_STRIKE, SHAMAN = 0, 1, 2, 3, 4, 5
SENTINEL = 7


def state() -> GameState:
    from engine.position import load_position

    data: dict[str, Any] = json.loads(
        (POSITIONS / "optional-effects.json").read_text(encoding="utf-8")
    )
    return load_position(data)


def play(state: GameState, *actions: Action) -> tuple[GameState, list[Any]]:
    events: list[Any] = []
    for action in actions:
        transition = apply(state, action)
        events += transition.events
        state = transition.state
    return state, events


def test_rule_510_22_a_you_may_effect_asks_its_performer_first() -> None:
    """510.22: an effect cannot be left out "that can legally be performed", unless its text
    says "you may": Second Wind readies Grunt Raider (forced), then asks whether to draw."""
    after, events = play(state(), PerformAbility(0, SECOND_WIND, 0, RAIDER))
    assert after.units[RAIDER].orientation.value == "ready"
    assert "card_drawn" not in [e.kind for e in events]
    decision = after.pending[0]
    assert (decision.seat, decision.kind, decision.rule) == (
        0,
        DecisionKind.EFFECT_CHOICE,
        "510.22",
    )
    assert "you may draw a card" in decision.prompt
    frame = after.stack[decision.frame or 0]
    assert isinstance(frame, ChoosingEffect) and frame.options == ("do", "skip")
    assert default_action(after, 0) == Choose(0, 0)  # the default carries it out


def test_rule_510_22_the_optional_draw_carried_out_or_left_out() -> None:
    """Choosing to do it draws the card; choosing not to leaves the hand as it is, and the
    choice is logged either way (`effect_chosen`)."""
    asked, _ = play(state(), PerformAbility(0, SECOND_WIND, 0, RAIDER))
    done, events = play(asked, Choose(0, 0))
    assert SHAMAN in done.players[0].hand
    chosen = next(e for e in events if e.kind == "effect_chosen")
    assert (chosen.what, chosen.choice) == ("you may draw a card", "do")
    skipped, events = play(asked, Choose(0, 1))
    assert SHAMAN not in skipped.players[0].hand and "card_drawn" not in [e.kind for e in events]
    assert SECOND_WIND in skipped.players[0].discard  # the Action card still resolves (303.5)
    assert skipped.pending[0].kind is DecisionKind.ORDER and skipped.pending[0].seat == 1


def test_rule_510_22_an_optional_effect_whose_condition_fails_is_not_asked() -> None:
    """ "If this character is a Ranger, he may move backward one rank": Grunt Raider is no
    Ranger, so the effect is skipped (its condition, 510.5) without asking."""
    after, events = play(state(), PerformAbility(0, RANGERS_CALL, 0, RAIDER))
    assert [e.why for e in events if e.kind == "effect_skipped"] == ["condition_not_met"]
    assert after.pending[0].kind is DecisionKind.ORDER


def test_rule_510_22_an_optional_strike_is_performed_only_when_chosen() -> None:
    """ "This character may perform a +2 melee strike against the target": declined, no
    strike; chosen, the strike is rolled against the target (509.5)."""
    asked, _ = play(state(), PerformAbility(0, BOLD_STRIKE, 0, RAIDER, SENTINEL))
    assert asked.pending[0].kind is DecisionKind.EFFECT_CHOICE
    _, events = play(asked, Choose(0, 1))
    assert "roll" not in [e.kind for e in events]
    _, events = play(asked, Choose(0, 0))
    rolls = [e for e in events if e.kind == "roll"]
    assert rolls and rolls[0].target == SENTINEL


def test_an_optional_choice_reads_as_a_sentence() -> None:
    """The hot-seat menu and the log word the choice and name the printed words."""
    from bot import game_text

    asked, _ = play(state(), PerformAbility(0, SECOND_WIND, 0, RAIDER))
    assert game_text.effect_choice_line(asked, Choose(0, 1)) == "you may draw a card: do not"
    _, events = play(asked, Choose(0, 1))
    chosen = next(e for e in events if e.kind == "effect_chosen")
    line = game_text.event_line(chosen)
    assert line is not None
    assert "leaves out the optional effect of Second Wind (you may draw a card)" in line
