"""Adjustment lines and counter events count their counters and cards in words (704)."""

from __future__ import annotations

import pytest

from bot.game_text.menus import ADJUST_LINES, adjust_line, counters_phrase


@pytest.mark.parametrize(
    ("amount", "name", "said"),
    [
        (1, "counter", "1 counter"),
        (2, "", "2 counters"),
        (1, "poison", "1 poison counter"),
        (3, "poison", "3 poison counters"),
        (2, "Wisdom counter", "2 Wisdom counters"),
    ],
)
def test_counters_phrase_counts_in_words(amount: int, name: str, said: str) -> None:
    assert counters_phrase(amount, name) == said


def test_adjustment_lines_never_say_counter_counter_or_card_s() -> None:
    put = adjust_line(ADJUST_LINES["add_counters"], "Goblin", "", 1, "counter")
    assert put == "Put 1 counter on Goblin"
    assert adjust_line(ADJUST_LINES["draw"], "", "", 1, "") == "Draw 1 card"
    assert adjust_line(ADJUST_LINES["draw"], "", "", 2, "") == "Draw 2 cards"
    every = [adjust_line(t, "X", "Y", 2, "counter") for t in ADJUST_LINES.values()]
    assert not any("(s)" in line or "counter counter" in line for line in every)
