"""Rule 801 (game formats): Limited (801.6, 801.7) and Alliance (801.5)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from card_helpers import swap

from engine.cards.catalog import CardCatalog
from engine.cards.errors import CardError
from engine.cards.formats import GameFormat
from engine.cards.model import Deck
from engine.cards.validation import validate_deck


def test_format_names_parse() -> None:
    assert GameFormat.parse(" Saga ") is GameFormat.SAGA
    assert GameFormat.parse("draft") is GameFormat.LIMITED
    assert GameFormat.parse("Sealed") is GameFormat.LIMITED
    with pytest.raises(CardError, match="Unknown game format 'vintage'"):
        GameFormat.parse("vintage")


def test_rule_801_6_1_limited_needs_30_cards(decks: dict[str, Deck], catalog: CardCatalog) -> None:
    """801.6.1: a Draft deck may contain a minimum of 30 cards, including the starting army."""
    deck = decks["limited-elven"]
    assert validate_deck(deck, catalog, GameFormat.LIMITED) == []
    short = replace(deck, cards=deck.cards[:-1])
    assert [p.rule for p in validate_deck(short, catalog, GameFormat.LIMITED)] == ["108.2"]
    assert "108.2" in [p.rule for p in validate_deck(deck, catalog, GameFormat.SAGA)]


def test_rule_801_6_2_limited_allows_more_than_three_copies(
    decks: dict[str, Deck], catalog: CardCatalog
) -> None:
    """801.6.2: a Draft deck may contain more than 3 copies of each card."""
    deck = decks["limited-elven"]
    assert deck.cards.count("ember-lance") == 4
    assert validate_deck(deck, catalog, GameFormat.LIMITED) == []


def test_rule_801_5_2_alliance_deck_is_exactly_70(
    decks: dict[str, Deck], catalog: CardCatalog
) -> None:
    """801.5.2: Alliance decks must contain exactly 70 cards, including the starting army."""
    deck = decks["alliance-dawn"]
    assert validate_deck(deck, catalog, GameFormat.ALLIANCE) == []
    bigger = replace(deck, cards=(*deck.cards, "survey-the-field"))
    texts = [p.text for p in validate_deck(bigger, catalog, GameFormat.ALLIANCE)]
    assert texts[0] == (
        "Rule 801.5.2: the deck has 71 cards; an Alliance deck has exactly 70, starting army "
        "included."
    )


def test_rule_801_5_3_alliance_one_copy_each(decks: dict[str, Deck], catalog: CardCatalog) -> None:
    """801.5.3: no more than 1 copy of each card."""
    deck = decks["alliance-dawn"]
    doubled = swap(deck, deck.cards[-1], deck.cards[-2])
    name = catalog.get(deck.cards[-2]).name
    assert [p.text for p in validate_deck(doubled, catalog, GameFormat.ALLIANCE)] == [
        f"Rule 801.5.3: 2 copies of {name}; at most 1."
    ]


def test_rule_801_5_4_nine_character_army_with_two_warlords(
    decks: dict[str, Deck], catalog: CardCatalog
) -> None:
    """801.5.4: four level 1's, three level 2's and two Warlords."""
    deck = decks["alliance-dawn"]
    assert len(deck.starting_army) == 9
    saga_army = replace(deck, starting_army=deck.starting_army[:1] + deck.starting_army[2:])
    rules = [p.rule for p in validate_deck(saga_army, catalog, GameFormat.ALLIANCE)]
    assert "801.5.4" in rules
    # The same nine characters are not a Saga army: 108.6 allows one Warlord there.
    assert "108.6" in [p.rule for p in validate_deck(deck, catalog, GameFormat.SAGA)]


def test_rule_801_5_5_army_from_either_warlords_faction(
    decks: dict[str, Deck], catalog: CardCatalog
) -> None:
    """801.5.5: every card in the starting army belongs to the faction of one of the Warlords."""
    deck = decks["alliance-dawn"]
    army = list(deck.starting_army)
    army[army.index("legion-shieldbearer")] = "grunt-raider"
    bad = replace(deck, starting_army=tuple(army))
    texts = [p.text for p in validate_deck(bad, catalog, GameFormat.ALLIANCE)]
    assert any(t.startswith("Rule 801.5.5: Grunt Raider (Nothrog Legions)") for t in texts)


def test_rule_801_5_6_no_character_of_a_third_faction(
    decks: dict[str, Deck], catalog: CardCatalog
) -> None:
    """801.5.6: the deck may not contain characters of a faction matching neither Warlord."""
    deck = decks["alliance-dawn"]
    bad = swap(deck, deck.cards[-1], "sellsword-recruit")
    assert [p.text for p in validate_deck(bad, catalog, GameFormat.ALLIANCE)] == [
        "Rule 801.5.6: Sellsword Recruit (Mercenary Guilds) matches the faction of neither "
        "starting Warlord."
    ]
