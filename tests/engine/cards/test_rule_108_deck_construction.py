"""Rule 108 (building your deck), with 305 (battlefields) and 703.5 (tokens)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from card_helpers import swap

from engine.cards.catalog import CardCatalog
from engine.cards.formats import GameFormat
from engine.cards.model import Card, CardType, Deck
from engine.cards.validation import DeckProblem, validate_deck


def rules_of(problems: list[DeckProblem]) -> list[str]:
    return [p.rule for p in problems]


@pytest.fixture
def deck(decks: dict[str, Deck]) -> Deck:
    return decks["saga-deverenian"]


def test_legal_deck_has_no_problems(deck: Deck, catalog: CardCatalog) -> None:
    assert validate_deck(deck, catalog) == []


def test_rule_108_2_constructed_deck_has_at_least_50_cards(
    deck: Deck, catalog: CardCatalog
) -> None:
    """108.2: The minimum deck size for Constructed play is 50 cards."""
    short = replace(deck, cards=deck.cards[:-1])
    problems = validate_deck(short, catalog)
    assert [p.text for p in problems] == [
        "Rule 108.2: the deck has 49 cards; a Saga deck needs at least 50, starting army included."
    ]
    assert rules_of(validate_deck(short, catalog, GameFormat.ANCIENTS)) == ["108.2"]


def test_rule_108_3_no_more_than_three_copies(deck: Deck, catalog: CardCatalog) -> None:
    """108.3: You may have no more than three copies of any given card in your deck."""
    four = swap(deck, "battle-cry", "legionary-gladius")
    problems = validate_deck(four, catalog)
    assert [p.text for p in problems] == ["Rule 108.3: 4 copies of Legionary Gladius; at most 3."]
    assert problems[0].card_ids == ("legionary-gladius",)


def test_rule_108_3_counts_starting_army_copies_too(deck: Deck, catalog: CardCatalog) -> None:
    """108.3 counts the whole deck, starting characters included (108.4 says count all)."""
    more = swap(deck, "acolyte-of-the-pale-flame", "legion-shieldbearer", 2)
    assert "Rule 108.3: 4 copies of Legion Shieldbearer; at most 3." in map(
        str, validate_deck(more, catalog)
    )


def test_rule_108_4_no_card_type_above_half(deck: Deck, catalog: CardCatalog) -> None:
    """108.4: A single card type cannot make up more than half (50%) of your deck."""
    heavy = swap(deck, "battle-cry", "siege-engineer")
    heavy = swap(heavy, "interlocked-shields", "cinder-adept")
    heavy = swap(heavy, "double-time-march", "censer-priest")
    heavy = swap(heavy, "ember-lance", "veiled-agent")
    problems = validate_deck(heavy, catalog)
    assert [p.text for p in problems] == [
        "Rule 108.4: 26 of the 50 cards are characters; at most 25 (half the deck)."
    ]


def test_rule_108_5_epic_cards_one_copy(deck: Deck, catalog: CardCatalog) -> None:
    """108.5: If a card has the Epic keyword, you may not have more than one copy."""
    two = swap(deck, "battle-cry", "chain-of-lightning")
    problems = validate_deck(two, catalog)
    assert [p.text for p in problems] == [
        "Rule 108.5: 2 copies of Chain of Lightning, an Epic card; at most 1."
    ]


def test_rule_108_6_one_warlord_but_one_of_each_lord_type(deck: Deck, catalog: CardCatalog) -> None:
    """108.6: no more than one character with Warlord (or Overlord, ...) in its typeline,
    though you may have one of each."""
    two_warlords = swap(deck, "battle-cry", "gharrok-the-ironjaw")
    assert rules_of(validate_deck(two_warlords, catalog)) == ["108.6"]
    assert (
        "2 characters with the Warlord character type"
        in validate_deck(two_warlords, catalog)[0].message
    )
    with_overlord = swap(deck, "battle-cry", "mazruk-the-undying")
    assert validate_deck(with_overlord, catalog) == []
    two_overlords = swap(with_overlord, "interlocked-shields", "mazruk-the-undying")
    assert rules_of(validate_deck(two_overlords, catalog)) == ["108.6"]


def test_rule_108_1_deck_must_include_a_warlord(deck: Deck, catalog: CardCatalog) -> None:
    """108.1: Each deck is built around and must include a Warlord."""
    leaderless = replace(deck, starting_army=("praetorian-blademaster", *deck.starting_army[1:]))
    assert "108.1" in rules_of(validate_deck(leaderless, catalog))


def test_rule_108_7_deck_needs_a_starting_army(deck: Deck, catalog: CardCatalog) -> None:
    """108.7: You must include sufficient characters to make a legal starting army."""
    armyless = replace(deck, starting_army=(), cards=deck.starting_army + deck.cards)
    assert rules_of(validate_deck(armyless, catalog)) == ["108.7"]


def test_rule_703_5_tokens_are_not_cards_of_a_deck(deck: Deck, catalog: CardCatalog) -> None:
    """703.5: a token is not considered a card; it cannot be built into a deck."""
    with_token = replace(deck, cards=(*deck.cards, "trap-token"))
    assert [p.text for p in validate_deck(with_token, catalog)] == [
        "Rule 703.5: Trap is a token, not a card, and cannot be in a deck."
    ]


def test_rule_305_battlefields_do_not_count_and_only_one(deck: Deck, catalog: CardCatalog) -> None:
    """305.1: only one battlefield in a deck; 305.3: it does not count towards construction."""
    field = Card(id="windy-ridge", name="Windy Ridge", type=CardType.BATTLEFIELD)
    bigger = catalog.merged([field])
    short = replace(deck, cards=(*deck.cards[:-1], "windy-ridge"))
    assert rules_of(validate_deck(short, bigger)) == ["108.2"]
    two = replace(deck, cards=(*deck.cards, "windy-ridge", "windy-ridge"))
    assert rules_of(validate_deck(two, bigger)) == ["305.1"]


def test_unknown_card_ids_are_reported(deck: Deck, catalog: CardCatalog) -> None:
    odd = replace(deck, cards=(*deck.cards, "no-such-card"))
    assert [p.text for p in validate_deck(odd, catalog)] == [
        "Card id 'no-such-card' is not in the card catalog."
    ]


def test_problems_are_itemised_one_per_fault(deck: Deck, catalog: CardCatalog) -> None:
    bad = swap(deck, "battle-cry", "chain-of-lightning")
    bad = swap(bad, "interlocked-shields", "legionary-gladius")
    bad = replace(bad, cards=bad.cards[1:])
    assert sorted(rules_of(validate_deck(bad, catalog))) == ["108.2", "108.3", "108.5"]
