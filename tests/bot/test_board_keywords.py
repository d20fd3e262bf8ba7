"""Keywords, feats and damage types on the text board, the board picture's card line, and the
text of cards in play (game play's `t`, /game board), from the spectator view."""

from __future__ import annotations

import json
from pathlib import Path

from bot.discord_games.board import board_png, extras_line
from bot.discord_games.render import card_text_messages
from bot.game_text import card_texts, render
from engine.position import load_position
from engine.state import GameState
from engine.view import view

POSITION = Path(__file__).parents[1] / "engine" / "positions" / "feat-stealth-riposte.json"


def _state() -> GameState:
    return load_position(json.loads(POSITION.read_text(encoding="utf-8")))


def test_the_text_board_shows_keywords_and_feats_between_braces() -> None:
    board = render(_state(), None)
    assert (
        "Hedge Scout #0 L1 +5 AC10 2/2HP [Shadow Cloak] "
        "{Fire Resistance, Ice Weakness; Stealth +7, Riposte +4, Powerattack +2}" in board
    )
    assert "Field Medic #2 L1 +0 AC8 2/3HP {Medicine +6}" in board


def test_card_texts_list_every_card_in_play_or_one() -> None:
    state = _state()
    lines = card_texts(state)
    assert any(
        line.startswith("#5 Gharrok the Ironjaw (Character) [full]: React:") for line in lines
    )
    assert card_texts(state, 1) == ["#1 Shadow Cloak (Item, Stealth +2): no text"]
    assert card_texts(state, 99) == ["Card #99 is not in play."]


def test_the_board_picture_line_and_the_card_text_messages() -> None:
    public = view(_state(), None)
    scout = public["players"][0]["ranks"][0][0]
    assert extras_line(scout) == (
        "Fire Resistance, Ice Weakness, Stealth +7, Riposte +4, Powerattack +2"
    )
    png = board_png(public)
    assert png is None or png.startswith(b"\x89PNG")
    messages = card_text_messages(card_texts(_state()))
    assert messages and messages[0].startswith("**Cards in play**")
    assert card_text_messages([]) == []
