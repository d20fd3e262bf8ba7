"""Our JSON form of cards and decks round-trips exactly."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards.catalog import CardCatalog
from engine.cards.errors import CardDataError
from engine.cards.model import (
    Alignment,
    Card,
    CardClass,
    CardType,
    CharacterType,
    DamageType,
    Deck,
    Feat,
    Keyword,
)
from engine.cards.serialize import card_from_dict, card_to_dict, deck_from_dict, deck_to_dict


def test_every_sample_card_round_trips_through_json(catalog: CardCatalog) -> None:
    for card in catalog.cards:
        assert card_from_dict(json.loads(json.dumps(card_to_dict(card)))) == card


def test_defaults_are_omitted() -> None:
    card = Card(id="plain", name="Plain", type=CardType.ACTION)
    assert card_to_dict(card) == {"id": "plain", "name": "Plain", "type": "Action"}


_text = st.text(min_size=1, max_size=12)
_small = st.integers(min_value=-5, max_value=30)
_cards = st.builds(
    Card,
    id=st.from_regex(r"[a-z]{1,8}(-[a-z0-9]{1,4}){0,2}", fullmatch=True),
    name=_text,
    type=st.sampled_from(CardType),
    text=st.text(max_size=30),
    character_types=st.lists(st.sampled_from(CharacterType), max_size=2).map(tuple),
    classes=st.lists(st.sampled_from(CardClass), max_size=2).map(tuple),
    alignments=st.lists(st.sampled_from(Alignment), max_size=2).map(tuple),
    factions=st.lists(_text, max_size=2).map(tuple),
    level=st.none() | _small,
    attack=st.lists(_small, max_size=3).map(tuple),
    damage_type=st.none() | st.sampled_from(DamageType),
    armor_class=st.none() | _small,
    skill=st.none() | _small,
    hit_points=st.none() | _small,
    traits=st.lists(_text, max_size=3).map(tuple),
    keywords=st.lists(
        st.builds(Keyword, _text, st.none() | _small, st.none() | _text), max_size=3
    ).map(tuple),
    feats=st.lists(st.builds(Feat, _text, _small), max_size=2).map(tuple),
    editions=st.lists(_text, max_size=2).map(tuple),
    source=_text,
    extra=st.lists(st.tuples(_text, st.text(max_size=10)), max_size=2).map(tuple),
    restrictions=st.lists(_text, max_size=2).map(tuple),
    required_alignment=st.none() | st.sampled_from(Alignment),
    represents=st.none() | st.sampled_from(CardType),
)


@settings(max_examples=60, deadline=None)
@given(_cards)
def test_any_card_round_trips(card: Card) -> None:
    assert card_from_dict(json.loads(json.dumps(card_to_dict(card)))) == card


@pytest.mark.parametrize(
    ("patch", "message"),
    [
        ({"type": "Spell"}, "field 'type'"),
        ({"level": "3"}, "field 'level' must be an integer"),
        ({"level": True}, "field 'level' must be an integer"),
        ({"attack": [1, "2"]}, "field 'attack'"),
        ({"classes": ["Bard"]}, "field 'classes'"),
        ({"keywords": [{"value": 2}]}, "field 'keywords'"),
        ({"feats": [{"name": "Stealth"}]}, "field 'feats'"),
        ({"colour": "red"}, "unknown fields: colour"),
        ({"id": ""}, "field 'id'"),
    ],
)
def test_malformed_fields_raise_one_sentence_naming_the_card(
    patch: dict[str, object], message: str
) -> None:
    data = {"id": "x", "name": "Broken Card", "type": "Item", **patch}
    with pytest.raises(CardDataError, match=message) as caught:
        card_from_dict(data)
    assert "Broken Card" in str(caught.value)


def test_deck_round_trip_and_count_pairs() -> None:
    deck = Deck(name="d", starting_army=("w", "a"), cards=("b", "b", "c"))
    assert deck_from_dict(deck_to_dict(deck)) == deck
    assert (
        deck_from_dict({"name": "d", "starting_army": ["w", "a"], "cards": [[2, "b"], "c"]}) == deck
    )
    with pytest.raises(CardDataError, match="not an id or a pair"):
        deck_from_dict({"name": "d", "cards": [[0, "b"]]})
