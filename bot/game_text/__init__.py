"""Plain text of games for people: the board, menu lines, decision prompts, die rolls and event
sentences, used by `warlord-judge game`, the console, the notification planner and the cogs.

- `words`: the sentence tables of one language (`Words`, `ENGLISH`).
- `events`: events as log sentences (`event_line`, `event_lines`); `rolls`: die rolls.
- `prompts`: what a decision asks (`prompt_line`).
- `menus`: legal actions as menu lines (`describe`, `menu`).
- `board`: the text board, the cards in play's text and the hot-seat help.
"""

from __future__ import annotations

from bot.game_text.board import HELP, HINT, card_texts, render, unit_extras_text
from bot.game_text.events import CHOSEN_WORDS, ability_line, event_line, event_lines
from bot.game_text.menus import (
    ADJUST_LINES,
    CHOOSE_VERBS,
    DECLINE_LINES,
    card_label,
    describe,
    describe_ability,
    direction_words,
    effect_choice_line,
    menu,
)
from bot.game_text.prompts import prompt_line
from bot.game_text.rolls import roll_line
from bot.game_text.words import ENGLISH, TEMPLATES, WHY, Words

__all__ = [
    "ADJUST_LINES",
    "CHOOSE_VERBS",
    "CHOSEN_WORDS",
    "DECLINE_LINES",
    "ENGLISH",
    "HELP",
    "HINT",
    "TEMPLATES",
    "WHY",
    "Words",
    "ability_line",
    "card_label",
    "card_texts",
    "describe",
    "describe_ability",
    "direction_words",
    "effect_choice_line",
    "event_line",
    "event_lines",
    "menu",
    "prompt_line",
    "render",
    "roll_line",
    "unit_extras_text",
]
