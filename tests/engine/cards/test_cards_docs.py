"""docs/cards.md keeps up with the code: every `cards` sub-command and module is documented."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from bot.cli import build_parser

DOC = Path(__file__).resolve().parents[3] / "docs" / "cards.md"
MODULES = ("model", "catalog", "serialize", "sample", "formats", "validation", "deckbuilder",
           "decklist", "community", "card_text", "errors", "abilities", "ability_grammar",
           "ability_triggers", "ability_effects", "ability_serialize", "coverage")  # fmt: skip


def _cards_subcommands() -> list[str]:
    parser = build_parser()
    top = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    cards = top.choices["cards"]
    sub = next(a for a in cards._actions if isinstance(a, argparse._SubParsersAction))
    return sorted(sub.choices)


@pytest.mark.parametrize("command", _cards_subcommands())
def test_every_cards_subcommand_is_documented(command: str) -> None:
    assert f"warlord-judge cards {command}" in DOC.read_text(encoding="utf-8")


@pytest.mark.parametrize("module", MODULES)
def test_every_module_is_documented(module: str) -> None:
    assert f"| `{module}` |" in DOC.read_text(encoding="utf-8")
    __import__(f"engine.cards.{module}")


def test_the_deck_list_example_is_a_valid_file() -> None:
    """The annotated example of "Deck list text" reads as it stands (its notes are comments)."""
    from engine.cards.decklist import parse_decklist
    from engine.cards.sample import sample_catalog

    text = DOC.read_text(encoding="utf-8").split("## Deck list text", 1)[1]
    example = text.split("```", 2)[1]
    deck = parse_decklist(example, sample_catalog())
    assert deck.name == "Ashgrave's Legion"
    assert deck.starting_army[0] == "consul-varro-ashgrave" and len(deck.starting_army) == 4
    assert len(deck.cards) == 5


def test_the_data_folder_is_documented_with_xdg() -> None:
    text = " ".join(DOC.read_text(encoding="utf-8").split())
    assert (
        "`$WARLORD_JUDGE_HOME`, else `$XDG_DATA_HOME/warlord-judge` "
        "(default `~/.local/share/warlord-judge`)" in text
    )
