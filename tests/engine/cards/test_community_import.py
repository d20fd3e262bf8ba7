"""Community card import: the 2020 export and the v4 schema shapes (rules 205.1.1, 301.2, 602)."""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import pytest

from engine.cards.catalog import CardCatalog
from engine.cards.community import SOURCE, ImportReport, parse_community_cards
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


@functools.cache
def _real_file() -> tuple[list[Any], ImportReport]:
    """The community file beside the repo, parsed once for the tests that read it."""
    data = json.loads(SHARED_FILE.read_text(encoding="utf-8"))
    return data, parse_community_cards(data)


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
    data, report = _real_file()
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


# Synthetic cards whose facts are printed in their text (older cards, 2020 and v4 shapes).
TEXT_CARDS_2020 = [
    {"name": "Test Circlet", "type": "Item", "class": "Classless", "level": "4",
     "text": "+1 Level\r\nOrder: Glow."},
    {"name": "Test Vestments", "type": "Item", "class": "Cleric", "level": "6",
     "armorClass": "+2", "text": "This cleric has +1 level, +3 skill, and +1 Hit Point."},
    {"name": "Test Focus", "type": "Item", "class": "Wizard", "level": "3",
     "text": "This character is +1 level for casting spells."},
    {"name": "Test Cursed Band", "type": "Item", "class": "Classless", "level": "2",
     "text": "This character has -1 Hit Point."},
    {"name": "Test Destiny", "type": "Epic Class", "attack": "+10", "armorClass": "+9",
     "skill": "+8", "hitPoints": "+3", "level": "+7", "text": "Destiny of nobody."},
    {"name": "Kabyrr the Tester", "type": "Char", "alignment": "Evil", "class": "Wizard",
     "faction": "Mercenary", "attack": "+0", "armorClass": "11", "skill": "+3",
     "hitPoints": "1", "level": "2", "traits": "Warlord/Scout",
     "text": "Kabyrr may not start in play.\r\nMay not equip items.\r\nResistance: Fire\r\n"
             "Cold Weakness.\r\nReach, Unique\r\nThis character is Ethereal and sings."},
    {"name": "Twin Tester", "type": "Char", "alignment": "Good", "class": "Fighter",
     "faction": "Elf", "attack": "+3", "armorClass": "12", "skill": "+1", "hitPoints": "2",
     "level": "3", "text": "Twin Tester has +1 HP and may equip two Weapons."},
    {"name": "Test Coin Purse", "type": "Item", "class": "Classless", "level": "1",
     "text": "Mercenary only."},
    {"name": "Test Songbook", "type": "Action", "class": "Classless", "level": "1",
     "text": "Bards and wizards only.\r\nOrder: Sing."},
    {"name": "Test Banner", "type": "Item", "class": "Classless", "level": "1",
     "text": "Non-Warlord only."},
]  # fmt: skip


def _text_catalog() -> CardCatalog:
    report = parse_community_cards(TEXT_CARDS_2020)
    assert report.problems == []
    return report.catalog


def test_rule_302_4_item_level_is_a_requirement_and_203_2_bonus_goes_to_extra() -> None:
    """302.4: "All Item cards have a level: To equip an item, the character's level ... plus
    the number of the rank ... must be equal to or greater than the item's level." 203.2:
    "Items list bonuses to level at the top of the text box"."""
    catalog = _text_catalog()
    circlet = catalog.get("test-circlet")
    assert circlet.level == 4 and ("level_bonus", "1") in circlet.extra
    vestments = catalog.get("test-vestments")
    assert vestments.level == 6 and ("level_bonus", "1") in vestments.extra
    assert vestments.skill == 3 and vestments.hit_points == 1 and vestments.armor_class == 2
    focus = catalog.get("test-focus")  # a conditional bonus stays text (manual)
    assert not any(key == "level_bonus" for key, _ in focus.extra) and focus.skill is None
    assert catalog.get("test-cursed-band").hit_points == -1


def test_rule_306_epic_class_printed_level_is_a_level_bonus() -> None:
    """201.3 / 202.2: an Epic Class's symbols are bonuses "similar to an item"; it has no
    level requirement (507.10), so its printed "+7" level is a bonus."""
    destiny = _text_catalog().get("test-destiny")
    assert destiny.attack == (10,) and destiny.armor_class == 9 and destiny.skill == 8
    assert destiny.hit_points == 3 and ("level_bonus", "7") in destiny.extra


def test_v4_item_bonuses_come_from_text() -> None:
    """v4 items have no skill or HP fields (community schema): the text gives them."""
    item = {"name": "V4 Charm", "type": "Item", "class": ["Wizard"], "level": 3,
            "armorClass": 1, "text": "+1 Level, +2 Skill\nOrder: Shine."}  # fmt: skip
    charm = parse_community_cards({"cards": [item]}).catalog.get("v4-charm")
    assert charm.level == 3 and ("level_bonus", "1") in charm.extra
    assert charm.skill == 2 and charm.armor_class == 1


def test_rule_602_keywords_printed_in_text() -> None:
    """602.3.1 "May not start in play." (Reserved), 602.15.1 "may not equip items."
    (Unarmed), 602.6.1 / 602.11.1 a damage type with Resistance or Weakness, 602.5 "Instances
    of Astral or Ethereal are instead considered Planar", 602.12 two Weapons (Dual Wield)."""
    kabyrr = _text_catalog().get("kabyrr-the-tester")
    assert kabyrr.is_warlord and kabyrr.traits == ("Scout",)  # "Warlord/Scout" (301.2)
    names = {(k.name, k.qualifier) for k in kabyrr.keywords}
    assert {("Reserved", None), ("Unarmed", None), ("Resistance", "Fire"),
            ("Weakness", "Frost"), ("Reach", None), ("Unique", None),
            ("Planar", None)} <= names  # fmt: skip
    assert _text_catalog().get("twin-tester").has_keyword("Dual Wield")


def test_rule_302_3_restrictions_name_factions_and_plural_classes() -> None:
    """302.3: only characters "of that class and with the correct trait" may equip; 205.1.1:
    "Mercenary" is the Mercenary Guilds faction."""
    catalog = _text_catalog()
    assert catalog.get("test-coin-purse").restrictions == ("Mercenary", "Mercenary Guilds")
    songbook = catalog.get("test-songbook")
    assert songbook.restrictions == ("Bard",) and songbook.classes == (CardClass.WIZARD,)
    assert catalog.get("test-banner").restrictions == ()  # "Non-Warlord" stays text


def test_import_counts_what_it_read_beyond_plain_fields() -> None:
    counts = parse_community_cards(TEXT_CARDS_2020).counts
    assert counts["damage_type_defaulted"] == 2  # the 2020 file has no damage types
    assert counts["item_bonuses_from_text"] == 3 and counts["epic_class_level_bonus"] == 1
    assert counts["keywords_from_text"] == 2 and counts["restrictions_partly_read"] == 1
    text = {"name": "Fire Tester", "type": "Char", "faction": "Elf", "class": "Wizard",
            "attack": "+1", "armorClass": "10", "skill": "+0", "hitPoints": "1", "level": "1",
            "text": "Fire Tester's strikes deal Fire damage."}  # fmt: skip
    report = parse_community_cards([text])
    assert report.catalog.get("fire-tester").damage_type is DamageType.FIRE
    assert report.counts["damage_type_from_text"] == 1
    assert report.counts["damage_type_defaulted"] == 0


@pytest.mark.skipif(not SHARED_FILE.exists(), reason="community card file not present")
def test_real_community_file_counts() -> None:
    _, report = _real_file()
    characters = sum(1 for c in report.catalog.cards if c.is_character and c.source == SOURCE)
    assert report.counts["damage_type_defaulted"] == characters  # no damage types in 2020
    items_with_level_bonus = [
        c for c in report.catalog.cards
        if c.type is CardType.ITEM and any(k == "level_bonus" for k, _ in c.extra)
    ]  # fmt: skip
    assert len(items_with_level_bonus) >= 5
    assert all(c.level is not None and c.level >= 1 for c in items_with_level_bonus)
    assert report.counts["keywords_from_text"] >= 100
    assert sum(1 for c in report.catalog.cards if c.is_reserved) >= 10


def test_old_mercenary_trait_is_the_mercenary_guilds_faction() -> None:
    """205.1.1: "Mercenary" is "Mercenary Guilds"; 4th edition printed it as a trait (the
    "Mercenary trait" of its loyalty rule, now 507.1.4's Mercenary Guild faction)."""
    old = {"name": "Old Sellsword", "type": "Char", "faction": "Dwarf", "class": "Fighter",
           "attack": "+2", "armorClass": "11", "skill": "+0", "hitPoints": "1", "level": "1",
           "traits": "Mercenary/Dwarf"}  # fmt: skip
    report = parse_community_cards([old])
    card = report.catalog.get("old-sellsword")
    assert card.factions == ("Dwarven Forges", "Mercenary Guilds") and card.traits == ("Dwarf",)
    assert report.counts["factions_from_traits"] == 1
