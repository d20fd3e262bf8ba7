"""Hot seat: `game play` offers Orders on cards and resolves a manual card with adjustments."""

from __future__ import annotations

import io
from dataclasses import replace

from bot import game_cli, game_text
from engine import GameState, apply, legal_actions
from engine.cards.ability_grammar import compile_abilities
from engine.cards.model import CardType
from engine.record import GameRecord
from tests.engine.engine_factories import card, instance_of, to_order, two_player_game


def _pick(state: GameState, wanted: str) -> tuple[str, GameState]:
    """The menu number `game play` shows for the first choice whose line holds `wanted`."""
    options, _ = game_text.menu(state, legal_actions(state, state.pending[0].seat))
    index = next(i for i, o in enumerate(options) if wanted in game_text.describe(state, o))
    return str(index + 1), apply(state, options[index]).state


def test_hot_seat_plays_a_manual_card_resolved_with_adjustments() -> None:
    """A manual Action card (507.6) is offered in the numbered menu with its text, resolved by
    hand with a logged adjustment shown to everyone, then declared done; the record holds it."""
    text = "Spend Order: Do something the engine cannot read."
    bolt = card("bolt", CardType.ACTION, text)
    bolt = replace(bolt, abilities=compile_abilities(text, bolt.name, bolt.type))
    state, _ = two_player_game(hand0=[bolt])
    state = to_order(state, 0)
    start = state
    enemy = instance_of(state, "p1-a", 1)
    label, name = game_text.card_label(state, enemy), state.card(enemy).name
    picks = []
    for wanted in ("performs Bolt", f"Inflict 1 wound on {label}", "Done: the card"):
        number, state = _pick(state, wanted)
        picks.append(number)
    out = io.StringIO()
    record = GameRecord(start.config, 1, (), start.cards)
    record = game_cli.play_loop(start, record, io.StringIO("\n".join(picks) + "\n"), out)
    shown = out.getvalue()
    assert "cannot read" in shown  # the card text is shown for the manual effect
    assert f"adjusts by hand for Bolt: Inflict 1 wound on {name}." in shown
    assert "declares Bolt resolved" in shown
    kinds = [a.to_dict()["type"] for a in record.actions]
    assert kinds == ["perform_ability", "adjust", "done_resolving"]
