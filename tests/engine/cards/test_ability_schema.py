"""The card schema and the card model agree, field by field and value by value; abilities
round-trip through our JSON form; the community file compiles (when ../shared is present)."""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from enum import Enum
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from engine.cards import abilities as ability_model
from engine.cards import model as card_model
from engine.cards.abilities import Status, Window
from engine.cards.ability_serialize import ABILITY_CLASSES
from engine.cards.catalog import CardCatalog
from engine.cards.coverage import coverage
from engine.cards.errors import CardDataError
from engine.cards.model import Card, CardType
from engine.cards.sample import load_data_file
from engine.cards.serialize import card_from_dict, card_to_dict

SHARED_FILE = (
    Path(__file__).resolve().parents[3] / ".." / "shared" / "cards" / "accordlands-cards-2020.json"
)
SCHEMA = load_data_file("cards.schema.json")
_DERIVED = {"implementation_status"}  # written by card_to_dict, not a dataclass field


def _enum_of(kind: Any) -> type[Enum] | None:
    """The enum a field holds (alone, optional or in a tuple), if any."""
    if isinstance(kind, type) and issubclass(kind, Enum):
        return kind
    if typing.get_origin(kind) in (tuple, types.UnionType):
        for inner in typing.get_args(kind):
            found = _enum_of(inner)
            if found is not None:
                return found
    return None


def _schema_enum(prop: dict[str, Any]) -> list[str] | None:
    if "enum" in prop:
        return list(prop["enum"])
    items = prop.get("items")
    return list(items["enum"]) if isinstance(items, dict) and "enum" in items else None


@pytest.mark.parametrize("cls", [*ABILITY_CLASSES, Card], ids=lambda c: c.__name__)
def test_schema_and_dataclass_have_the_same_fields_and_values(cls: type) -> None:
    definition = SCHEMA["$defs"][cls.__name__.lower()]
    properties = definition["properties"]
    fields = {f.name: f for f in dataclasses.fields(cls)}
    assert set(properties) - _DERIVED == set(fields)
    required = {n for n, f in fields.items() if f.default is dataclasses.MISSING}
    assert set(definition["required"]) == required
    module = ability_model if cls in ABILITY_CLASSES else card_model
    hints = typing.get_type_hints(cls, vars(module))
    for name in fields:
        enum = _enum_of(hints[name])
        listed = _schema_enum(properties[name])
        if enum is not None and name != "represents":  # a token represents any non-token type
            assert listed == [e.value for e in enum], name


def test_implementation_status_values_match_the_model() -> None:
    card = SCHEMA["$defs"]["card"]["properties"]
    assert card["implementation_status"]["enum"] == [s.value for s in Status]


def test_sample_cards_with_their_compiled_abilities_validate(catalog: CardCatalog) -> None:
    written = {"version": 1, "cards": [card_to_dict(c) for c in catalog.cards]}
    jsonschema.validate(written, SCHEMA, cls=jsonschema.Draft202012Validator)
    assert any(c.abilities for c in catalog.cards)


def test_sample_cards_exercise_the_common_patterns(catalog: CardCatalog) -> None:
    """Spend and Limited Orders, Death / Kill / Enter windows, wound reactions, saves."""
    patterns = {p for p, _ in coverage(catalog.cards).patterns}
    wanted_patterns = (
        "spend-order: strike", "limited-order", "@death:", "@kill:", "@enter_play:",
        "@before_wounds: reduce_wounds", "save", "static: manual", "order: manual",
    )  # fmt: skip
    for wanted in wanted_patterns:
        assert any(wanted in p for p in patterns), wanted


def test_abilities_round_trip_and_absent_abilities_are_compiled_from_text() -> None:
    text = "Spend React: After this character is targeted with a melee strike: Cancel the strike."
    bare = {"id": "x", "name": "X", "type": "Action", "classes": ["Rogue"], "level": 1,
            "text": text}  # fmt: skip
    card = card_from_dict(bare)
    assert card.abilities and card.abilities[0].window is Window.AFTER_TARGETING
    written = json.loads(json.dumps(card_to_dict(card)))
    assert written["implementation_status"] == "full"
    assert card_from_dict(written) == card


def test_a_wrong_ability_field_is_refused_with_one_sentence() -> None:
    bad = {"id": "x", "name": "X", "type": "Action", "text": "Order: Draw a card.",
           "abilities": [{"kind": "order", "text": "t", "performer": "nobody"}]}  # fmt: skip
    with pytest.raises(CardDataError, match=r"Card 'X': field 'abilities.performer'"):
        card_from_dict(bad)
    stale = {**bad, "abilities": [], "implementation_status": "manual"}
    with pytest.raises(CardDataError, match="does not match"):
        card_from_dict(stale)


@pytest.fixture(scope="module")
def community() -> list[Card]:
    if not SHARED_FILE.exists():
        pytest.skip("the community card file (../shared/cards) is not present")
    from engine.cards.community import SOURCE, parse_community_cards

    report = parse_community_cards(json.loads(SHARED_FILE.read_text(encoding="utf-8")))
    return [c for c in report.catalog.cards if c.source == SOURCE]


def test_every_community_card_compiles_with_a_status_and_few_unknown_triggers(
    community: list[Card],
) -> None:
    result = coverage(community)
    assert result.cards == len(community) > 4000
    assert sum(result.by_status.values()) == result.cards
    assert result.reacts > 1500 and result.unknown_triggers < 40
    assert result.by_status["full"] > 300
    for card in community:  # nothing is dropped: text gives at least one ability or a fact
        for ability in card.abilities:
            assert ability.text and (not ability.manual or ability.effect_text or ability.costs)


def test_community_cards_round_trip_and_validate(community: list[Card]) -> None:
    sample = [c for c in community if c.abilities][::40]
    written = {"version": 1, "cards": [card_to_dict(c) for c in sample]}
    jsonschema.validate(written, SCHEMA, cls=jsonschema.Draft202012Validator)
    assert [card_from_dict(d) for d in json.loads(json.dumps(written))["cards"]] == sample
    assert all(c.type in CardType for c in sample)
