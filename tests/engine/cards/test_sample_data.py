"""The shipped sample data: valid against our schema, legal decks, standard tokens (703.9)."""

from __future__ import annotations

from collections import Counter

import jsonschema
import pytest

from engine.cards.catalog import CardCatalog
from engine.cards.formats import GameFormat
from engine.cards.model import CardClass, CardType, DamageType, Deck
from engine.cards.sample import (
    load_data_file,
    sample_deck_formats,
    sample_decks,
    standard_tokens,
)
from engine.cards.validation import validate_deck


@pytest.mark.parametrize(
    ("data_file", "schema_file"),
    [("sample_cards.json", "cards.schema.json"), ("sample_decks.json", "decks.schema.json")],
)
def test_shipped_data_validates_against_its_schema(data_file: str, schema_file: str) -> None:
    schema = load_data_file(schema_file)
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.validate(load_data_file(data_file), schema, cls=jsonschema.Draft202012Validator)


def test_schema_rejects_a_character_without_stats() -> None:
    schema = load_data_file("cards.schema.json")
    bad = {"version": 1, "cards": [{"id": "x", "name": "X", "type": "Character"}]}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, schema, cls=jsonschema.Draft202012Validator)


def test_every_sample_deck_is_legal_in_its_format(
    catalog: CardCatalog, decks: dict[str, Deck]
) -> None:
    formats = sample_deck_formats()
    for name, deck in decks.items():
        assert validate_deck(deck, catalog, formats[name]) == [], name


def test_sample_decks_cover_four_saga_factions_an_alliance_pair_and_limited(
    catalog: CardCatalog,
) -> None:
    formats = sample_deck_formats()
    decks = sample_decks()
    saga = [n for n, f in formats.items() if f is GameFormat.SAGA]
    assert len(saga) >= 4
    assert all(len(decks[n].all_cards) == 50 for n in saga)
    assert len({catalog.get(decks[n].starting_army[0]).factions for n in saga}) >= 4
    assert Counter(formats.values())[GameFormat.ALLIANCE] >= 2
    assert GameFormat.LIMITED in formats.values()


def test_every_faction_has_a_warlord_and_a_starting_army_pool(catalog: CardCatalog) -> None:
    for warlord in catalog.warlords():
        faction = warlord.factions[0]
        members = [c for c in catalog.by_faction(faction) if c.is_character and not c.is_warlord]
        startable = Counter(c.level for c in members if not c.is_reserved)
        assert startable[1] >= 3 and startable[2] >= 2, faction
        assert any(c.level is not None and c.level >= 3 for c in members), faction


def test_samples_exercise_the_keywords_the_engine_needs(catalog: CardCatalog) -> None:
    wanted = {"Reach", "Planar", "Resistance", "Weakness", "Unique", "Reserved", "Epic",
              "Dual Wield", "Cursed", "Stalwart", "Unarmed", "True Strike"}  # fmt: skip
    printed = {k.name for c in catalog.cards for k in c.keywords}
    assert wanted <= printed
    items = [c for c in catalog.cards if c.type is CardType.ITEM]
    equip = {t for c in items for t in c.traits}
    assert {"Weapon", "Armor", "Shield"} <= equip
    assert any(c.restrictions for c in items) and any(c.required_alignment for c in items)
    assert any(c.is_character and c.factions == ("Mercenary Guilds",) for c in catalog.cards)


def test_rule_703_9_standard_tokens() -> None:
    """703.9: Trap (level 1 classless item), Simple Shield (level 1 classless Shield item),
    Animal (Mercenary level 2 good classless Beast, +2 physical ATK, 8 AC, +0 skill, 1 HP)."""
    trap, shield, animal = standard_tokens()
    assert (trap.name, trap.represents, trap.level, trap.classes) == (
        "Trap",
        CardType.ITEM,
        1,
        (CardClass.CLASSLESS,),
    )
    assert "reflex save (DC 10)" in trap.text
    assert shield.represents is CardType.ITEM and "Shield" in shield.traits and shield.level == 1
    assert "Reduce the wounds by one" in shield.text
    assert animal.functions_as is CardType.CHARACTER
    assert (animal.factions, animal.level, animal.attack, animal.damage_type) == (
        ("Mercenary Guilds",),
        2,
        (2,),
        DamageType.PHYSICAL,
    )
    assert (animal.armor_class, animal.skill, animal.hit_points) == (8, 0, 1)
    assert "Beast" in animal.traits and all(t.is_token for t in (trap, shield, animal))


def test_rule_203_2_sample_item_bonuses_match_their_text(catalog: CardCatalog) -> None:
    """203.2: "Items list bonuses to level at the top of the text box": every sample item
    whose text lists flat bonuses carries them in its data (level bonus in `extra`), and
    its `level` stays the level needed to equip it (302.4)."""
    from engine.cards.card_text import item_bonuses

    with_bonus = 0
    for card in catalog.cards:
        if card.type is not CardType.ITEM:
            continue
        bonuses = item_bonuses(card.text)
        level_bonus = dict(card.extra).get("level_bonus")
        assert level_bonus == (None if bonuses.level_bonus is None else str(bonuses.level_bonus))
        if bonuses.hit_points is not None:
            assert card.hit_points == bonuses.hit_points
        with_bonus += level_bonus is not None
        assert card.level is not None and card.level >= 1
    assert with_bonus >= 2
