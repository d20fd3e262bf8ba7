"""Rules 500.2-500.3 (starting army), 602.3 (Reserved) and 602.7 (Unique)."""

from __future__ import annotations

from engine.cards.catalog import CardCatalog
from engine.cards.formats import GameFormat
from engine.cards.validation import validate_starting_army

WARLORD = "consul-varro-ashgrave"
LEGAL = (WARLORD, "legion-shieldbearer", "imperial-crossbowman", "ledger-mage",
         "tribune-halvard", "pikeman-of-the-ninth")  # fmt: skip


def texts(army: tuple[str, ...], catalog: CardCatalog) -> list[str]:
    return [p.text for p in validate_starting_army(army, catalog)]


def test_rule_500_2_legal_army(catalog: CardCatalog) -> None:
    """500.2: a Warlord, three 1st-level characters and two 2nd-level characters."""
    assert texts(LEGAL, catalog) == []


def test_rule_500_2_wrong_level_counts(catalog: CardCatalog) -> None:
    """500.2: three level 1 and two level 2 characters, no other levels."""
    army = (*LEGAL[:3], "cinder-adept", *LEGAL[4:])
    assert texts(army, catalog) == [
        "Rule 500.2: the starting army has 2 level 1 characters; it needs 3.",
        "Rule 500.2: Cinder Adept is level 3; besides the Warlord a starting army holds only "
        "level 1 and level 2 characters.",
    ]


def test_rule_500_2_exactly_one_warlord(catalog: CardCatalog) -> None:
    army = (*LEGAL, "gharrok-the-ironjaw")
    problems = texts(army, catalog)
    assert "Rule 500.2: the starting army has 2 Warlords; it needs exactly one Warlord." in problems


def test_rule_500_2_only_characters_start(catalog: CardCatalog) -> None:
    army = (*LEGAL, "oaken-buckler")
    assert texts(army, catalog) == [
        "Rule 500.2: Oaken Buckler is not a character; a starting army holds only characters."
    ]


def test_rule_500_3_same_faction_as_the_warlord(catalog: CardCatalog) -> None:
    """500.3: The five non-Warlord characters must be from the same faction as the Warlord."""
    army = (*LEGAL[:3], "grunt-raider", *LEGAL[4:])
    assert texts(army, catalog) == [
        "Rule 500.3: Grunt Raider (Nothrog Legions) is not of the faction of your starting "
        "Warlord (Deverenian Empire)."
    ]


def test_rule_500_3_mercenaries_do_not_start_with_another_faction(catalog: CardCatalog) -> None:
    """500.3 has no Mercenary exception (only the loyalty penalty of 507.1.4 spares them)."""
    army = (*LEGAL[:3], "sellsword-recruit", *LEGAL[4:])
    assert [p.rule for p in validate_starting_army(army, catalog)] == ["500.3"]


def test_rule_500_3_and_602_7_unique_character_starts_once(catalog: CardCatalog) -> None:
    """500.3: cannot include more than one copy of each Unique character (602.7)."""
    army = (WARLORD, *LEGAL[1:4], "tribune-halvard", "tribune-halvard")
    assert texts(army, catalog) == [
        "Rule 500.3: 2 copies of Tribune Halvard start in play; a Unique character may start "
        "only once (602.7)."
    ]


def test_non_unique_character_may_start_twice(catalog: CardCatalog) -> None:
    army = (WARLORD, "legion-shieldbearer", "legion-shieldbearer", "ledger-mage", *LEGAL[4:])
    assert texts(army, catalog) == []


def test_rule_602_3_reserved_may_not_start_in_play(catalog: CardCatalog) -> None:
    """602.3: A card with the Reserved keyword may not start in play."""
    army = ("high-smith-borin-emberhand", "forge-apprentice", "anvil-guard", "tunnel-scout",
            "deepdelver", "axe-thrower")  # fmt: skip
    assert texts(army, catalog) == ["Rule 602.3: Deepdelver is Reserved and may not start in play."]


def test_unknown_ids_in_a_bare_army(catalog: CardCatalog) -> None:
    problems = validate_starting_army((*LEGAL, "ghost"), catalog, GameFormat.SAGA)
    assert [p.text for p in problems] == ["Card id 'ghost' is not in the card catalog."]
