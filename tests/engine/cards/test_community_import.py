"""Community card import: the 2020 export and the v4 schema shapes (rules 205.1.1, 301.2, 602)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.cards.community import parse_community_cards
from engine.cards.errors import CardDataError
from engine.cards.formats import GameFormat
from engine.cards.model import Alignment, CardClass, CardType, CharacterType, DamageType, Feat
from engine.cards.validation import validate_deck

SHARED_FILE = (
    Path(__file__).resolve().parents[3] / ".." / "shared" / "cards" / "accordlands-cards-2020.json"
)

# Synthetic cards in the 2020 shape (invented for this test).
CARDS_2020 = [
    {
        "name": "Test Warchief",
        "text": "Order: Shout.",
        "type": "Char",
        "alignment": "Evil",
        "class": "Fighter",
        "faction": "Nothrog",
        "attack": "+5/+2",
        "armorClass": "14",
        "skill": "+3",
        "hitPoints": "3",
        "level": "5",
        "traits": "Warlord/Unique/Orc",
        "feats": "Stealth +6/Medicine +5",
        "editions": ["4E"],
        "errata": "Shout loudly.",
        "printInfos": [{"set": "4E", "rarity": "R"}],
    },
    {
        "name": "Test Twinblade",
        "text": "",
        "type": "Char",
        "alignment": "Good",
        "class": "Classless/Fighter/Wizard",
        "faction": "Elf/Mercenary",
        "attack": "+2",
        "armorClass": "12",
        "skill": "+1",
        "hitPoints": "1",
        "level": "2",
        "traits": "Astral/Dragon Lord/Overlord",
    },
    {
        "name": "Test Gauntlet",
        "text": "Evil fighter and rogue only.\nMay not start in play.",
        "type": "Item",
        "class": "Classless",
        "level": "3",
        "attack": "+1",
        "armorClass": "+*",
        "traits": "Gauntlet/Cursed",
        "feats": "3 Charges/500 gp",
    },
    {"name": "Test Echo", "text": "", "type": "Action", "class": "Wizard", "level": "1"},
    {"name": "Test Echo", "text": "", "type": "Action", "class": "Wizard", "level": "2"},
    {"name": "Test Echo", "text": "", "type": "Item", "class": "Rogue", "level": "zz"},
    {
        "name": "Broken Stats",
        "type": "Char",
        "class": "Bard",
        "faction": "Atlantis",
        "attack": "+2/oops",
        "level": "1",
        "feats": "Juggling +3",
    },
    {"name": "", "type": "Char"},
    {"name": "Mystery", "type": "Spell"},
    "not a card",
]

# Synthetic cards in the v4 shape of the community schemas.
CARDS_V4 = {
    "cards": [
        {
            "name": "Test Frost Queen",
            "type": "Character",
            "subtype": ["Warlord"],
            "alignment": "Good",
            "class": ["Wizard", "Cleric"],
            "faction": ["Dwarven Forges"],
            "attack": [4, 1],
            "damageType": "Frost",
            "armorClass": 15,
            "skill": 6,
            "hitPoints": 4,
            "level": 6,
            "traits": ["Dwarf"],
            "keywords": [{"name": "Fire Weakness"}, {"name": "Charges", "value": 2}],
            "feats": [{"name": "Scribe", "value": 4}],
        },
        {
            "name": "Test X Beast",
            "type": "Character",
            "alignment": "Evil",
            "class": ["Rogue"],
            "faction": ["The Chosen"],
            "attack": ["X"],
            "damageType": "Poison",
            "armorClass": 10,
            "skill": 0,
            "hitPoints": 1,
            "level": 1,
        },
    ]
}


def test_2020_shape_is_read_field_by_field() -> None:
    report = parse_community_cards(CARDS_2020)
    chief = report.catalog.get("test-warchief")
    assert chief.type is CardType.CHARACTER and chief.is_warlord
    assert chief.factions == ("Nothrog Legions",)  # 205.1.1
    assert chief.attack == (5, 2) and chief.armor_class == 14 and chief.skill == 3
    assert chief.level == 5 and chief.hit_points == 3 and chief.alignments == (Alignment.EVIL,)
    assert chief.traits == ("Orc",)
    assert chief.has_keyword("Unique") and not chief.is_unique  # 602.7.6: never for a Warlord
    assert chief.feats == (Feat("Stealth", 6), Feat("Medicine", 5))
    assert chief.damage_type is DamageType.PHYSICAL
    assert ("errata", "Shout loudly.") in chief.extra and chief.source == "community"


def test_2020_multiclass_multifaction_and_lord_types() -> None:
    card = parse_community_cards(CARDS_2020).catalog.get("test-twinblade")
    assert card.classes == (CardClass.FIGHTER, CardClass.WIZARD)  # 203.4.2
    assert card.factions == ("Elven Branches", "Mercenary Guilds")
    assert card.character_types == (CharacterType.DRAGON_LORD,)  # 301.2.1
    assert card.has_keyword("Planar")  # 602.5: Astral is Planar


def test_2020_item_restrictions_keywords_and_variable_stats() -> None:
    item = parse_community_cards(CARDS_2020).catalog.get("test-gauntlet")
    assert item.classes == (CardClass.FIGHTER, CardClass.ROGUE)  # 302.3.1
    assert item.required_alignment is Alignment.EVIL
    assert item.has_keyword("Cursed") and item.is_reserved
    charge = item.keyword("Charge")
    assert charge is not None and charge.value == 3
    assert item.armor_class is None and ("armorClass", "+*") in item.extra
    assert ("gp", "500") in item.extra  # 302.11


def test_shared_names_get_stable_disambiguated_ids() -> None:
    catalog = parse_community_cards(CARDS_2020).catalog
    assert {"test-echo-action", "test-echo-action-2", "test-echo-item"} <= set(catalog)
    assert len(catalog.named("test echo")) == 3


def test_problems_are_reported_per_card_and_the_import_goes_on() -> None:
    report = parse_community_cards(CARDS_2020)
    assert report.skipped == 3 and report.imported == 7
    assert "animal-token" in report.catalog  # the standard tokens (703.9) come along
    assert report.clean == 5
    assert "Card 'Broken Stats': could not read class 'Bard'." in report.problems
    assert "Card 'Broken Stats': could not read faction 'Atlantis'." in report.problems
    assert "Card 'Broken Stats': could not read attack 'oops'." in report.problems
    assert "Card 'Broken Stats': could not read feat 'Juggling +3'." in report.problems
    assert "Card 'Test Echo': could not read level 'zz'." in report.problems
    assert "Entry 8 has no card name; skipped." in report.problems
    assert "Card 'Mystery' has unknown type 'Spell'; skipped." in report.problems
    assert "Entry 10 is not a card object; skipped." in report.problems


def test_v4_shape() -> None:
    report = parse_community_cards(CARDS_V4)
    assert report.problems == [] and report.clean == 2
    queen = report.catalog.get("test-frost-queen")
    assert queen.is_warlord and queen.classes == (CardClass.WIZARD, CardClass.CLERIC)
    assert queen.attack == (4, 1) and queen.damage_type is DamageType.FROST
    weakness = queen.keyword("Weakness")
    assert weakness is not None and weakness.qualifier == "Fire"
    charge = queen.keyword("Charge")
    assert charge is not None and charge.value == 2
    beast = report.catalog.get("test-x-beast")
    assert beast.attack == () and ("attack", "X") in beast.extra


def test_not_a_card_file() -> None:
    with pytest.raises(CardDataError, match="holds no list of cards"):
        parse_community_cards({"hello": 1})


@pytest.mark.skipif(not SHARED_FILE.exists(), reason="community card file not present")
def test_real_community_file_imports() -> None:
    data = json.loads(SHARED_FILE.read_text(encoding="utf-8"))
    report = parse_community_cards(data)
    assert len(data) == 4844
    assert report.imported + report.skipped == 4844
    assert report.clean >= 4800, report.problems[:10]
    catalog = report.catalog
    assert len(catalog.warlords()) > 100
    factions = {f for card in catalog.cards for f in card.factions}
    assert factions <= {
        "Deverenian Empire", "Dwarven Forges", "Elven Branches", "Free Kingdoms",
        "Mercenary Guilds", "Nothrog Legions", "The Chosen",
    }  # fmt: skip
    from engine.cards.deckbuilder import random_deck

    for seed, fmt in enumerate(GameFormat):
        deck = random_deck(catalog, seed, fmt)
        assert validate_deck(deck, catalog, fmt) == []
