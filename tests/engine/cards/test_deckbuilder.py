"""random_deck: seeded, pure and always legal (rules 108, 500, 801)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards.catalog import CardCatalog
from engine.cards.deckbuilder import random_deck
from engine.cards.errors import DeckBuildError
from engine.cards.formats import GameFormat
from engine.cards.model import Card, CardClass, CardType, CharacterType
from engine.cards.validation import validate_deck


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**63), fmt=st.sampled_from(GameFormat))
def test_random_decks_are_always_legal(seed: int, fmt: GameFormat) -> None:
    from engine.cards.sample import sample_catalog

    catalog = sample_catalog()
    deck = random_deck(catalog, seed, fmt)
    assert validate_deck(deck, catalog, fmt) == []
    size = len(deck.all_cards)
    assert size == fmt.rules.min_size


def test_same_seed_same_deck_other_seed_other_deck(catalog: CardCatalog) -> None:
    assert random_deck(catalog, 7) == random_deck(catalog, 7)
    decks = {random_deck(catalog, seed).all_cards for seed in range(6)}
    assert len(decks) > 1


def test_alliance_deck_has_two_warlords(catalog: CardCatalog) -> None:
    deck = random_deck(catalog, 3, GameFormat.ALLIANCE)
    leaders = [catalog.get(i) for i in deck.starting_army[:2]]
    assert all(card.is_warlord for card in leaders) and len(deck.starting_army) == 9


def test_catalog_without_a_usable_warlord_raises(catalog: CardCatalog) -> None:
    lonely = CardCatalog(
        [
            Card(
                id="solo",
                name="Solo",
                type=CardType.CHARACTER,
                character_types=(CharacterType.WARLORD,),
                classes=(CardClass.FIGHTER,),
                factions=("Free Kingdoms",),
                level=4,
                attack=(3,),
                armor_class=12,
                skill=1,
                hit_points=3,
            )
        ]
    )
    with pytest.raises(DeckBuildError, match="no Warlord with enough usable cards"):
        random_deck(lonely, 1)
