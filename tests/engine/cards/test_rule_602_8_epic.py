"""Rule 602.8 (Epic): a keyword that limits deck construction to one copy of the card."""

from __future__ import annotations

from card_helpers import swap

from engine.cards.catalog import CardCatalog
from engine.cards.community import parse_community_cards
from engine.cards.formats import GameFormat
from engine.cards.model import Deck
from engine.cards.validation import validate_deck

# An item printed in an older edition with Epic among its traits (invented for this test).
OLD_EPIC = {
    "name": "Test Relic Blade",
    "text": "",
    "type": "Item",
    "class": "Classless",
    "level": "1",
    "attack": "+1",
    "traits": "Epic/Weapon",
}


def test_rule_602_8_one_copy_of_an_epic_card(decks: dict[str, Deck], catalog: CardCatalog) -> None:
    """602.8: "You may only include one copy of each card with the Epic keyword while
    constructing your deck." Ironclad Colossus prints Epic: one copy is legal, two are not."""
    assert catalog.get("ironclad-colossus").is_epic
    deck = decks["saga-deverenian"]
    assert deck.all_cards.count("ironclad-colossus") == 1 and validate_deck(deck, catalog) == []
    # The same deck holds three copies of cards without Epic (108.3): the limit is Epic's.
    assert any(deck.all_cards.count(c) == 3 for c in deck.all_cards)
    two = swap(deck, "battle-cry", "ironclad-colossus")
    assert [p.text for p in validate_deck(two, catalog)] == [
        "Rule 108.5: 2 copies of Ironclad Colossus, an Epic card; at most 1."
    ]


def test_rule_602_8_the_epic_limit_holds_in_every_format(
    decks: dict[str, Deck], catalog: CardCatalog
) -> None:
    """602.8.1: "You may only include one copy of this card in your deck." Limited play
    lifts the three-copy limit (801.6.2), not Epic's one copy."""
    deck = swap(decks["limited-elven"], "bough-archer", "ancient-grovewalker", 2)
    problems = validate_deck(deck, catalog, GameFormat.LIMITED)
    assert [p.text for p in problems] == [
        "Rule 108.5: 2 copies of Ancient Grovewalker, an Epic card; at most 1."
    ]


def test_rule_602_8_an_epic_trait_counts_as_the_epic_keyword(
    decks: dict[str, Deck], catalog: CardCatalog
) -> None:
    """602.8: "In previous editions, Epic was considered a trait ... If anything refers to the
    'Epic trait' it should be treated as 'Epic keyword.'" A card printing Epic among its traits
    is imported with the keyword, and a deck may hold one copy of it."""
    report = parse_community_cards([OLD_EPIC])
    assert report.problems == []
    blade = report.catalog.get("test-relic-blade")
    assert blade.is_epic and "Epic" not in blade.traits and blade.traits == ("Weapon",)
    merged = catalog.merged(report.catalog.cards)
    deck = swap(decks["saga-deverenian"], "battle-cry", "test-relic-blade")
    assert validate_deck(deck, merged) == []
    two = swap(deck, "interlocked-shields", "test-relic-blade")
    assert [p.rule for p in validate_deck(two, merged)] == ["108.5"]
