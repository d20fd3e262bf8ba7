"""Deck rules checked in the audit: 301.3, 306.2, 507.1.4, 602.7.2, 602.7.6, 801.5-801.7.

Synthetic cards (invented here) are added to the sample catalog where it lacks a case.
"""

from __future__ import annotations

import re
from dataclasses import replace

from card_helpers import swap

from engine.cards.catalog import CardCatalog
from engine.cards.formats import GameFormat
from engine.cards.model import Card, CardClass, CardType, Deck, Keyword
from engine.cards.validation import validate_deck, validate_limited_pool, validate_starting_army

DEVERENIAN = "Deverenian Empire"
WARLORD = "consul-varro-ashgrave"
LEGAL_ARMY = (WARLORD, "legion-shieldbearer", "imperial-crossbowman", "ledger-mage",
              "tribune-halvard", "pikeman-of-the-ninth")  # fmt: skip


def character(card_id: str, level: int | None, *factions: str, **more: object) -> Card:
    return Card(
        id=card_id,
        name=card_id.replace("-", " ").title(),
        type=CardType.CHARACTER,
        classes=(CardClass.FIGHTER,),
        factions=factions,
        level=level,
        attack=(1,),
        armor_class=10,
        skill=0,
        hit_points=1,
        **more,  # type: ignore[arg-type]
    )


def epic_class(card_id: str) -> Card:
    return Card(id=card_id, name=card_id.title(), type=CardType.EPIC_CLASS, level=7)


def with_cards(catalog: CardCatalog, *cards: Card) -> CardCatalog:
    return catalog.merged(cards)


def texts(problems: list) -> list[str]:  # type: ignore[type-arg]
    return [p.text for p in problems]


def test_rule_306_2_a_deck_holds_one_epic_class(
    decks: dict[str, Deck], catalog: CardCatalog
) -> None:
    """306.2: "Your deck may not contain more than one Epic Class." """
    catalog = with_cards(catalog, epic_class("destiny-a"), epic_class("destiny-b"))
    one = swap(decks["saga-deverenian"], "battle-cry", "destiny-a")
    assert validate_deck(one, catalog) == []
    two = swap(one, "battle-cry", "destiny-b")
    assert texts(validate_deck(two, catalog)) == [
        "Rule 306.2: the deck has 2 Epic Classes (Destiny-A, Destiny-B); at most 1."
    ]


def test_rule_301_3_multi_faction_character_starts_beside_either_faction(
    catalog: CardCatalog,
) -> None:
    """301.3: multi-faction characters "are considered to be of the same faction as another
    character ... as long as they share at least one faction"."""
    twofold = character("twofold-scout", 1, "Mercenary Guilds", DEVERENIAN)
    catalog = with_cards(catalog, twofold)
    army = (*LEGAL_ARMY[:3], "twofold-scout", *LEGAL_ARMY[4:])
    assert validate_starting_army(army, catalog) == []


def test_rule_507_1_4_mercenaries_are_spared_the_loyalty_penalty_not_500_3(
    catalog: CardCatalog,
) -> None:
    """507.1.4: "Characters with the Mercenary Guild faction never suffer a loyalty penalty"
    (when put into play); 500.3 still asks the five starting characters to be "from the same
    faction as the Warlord". Rule 602 defines no Mercenary keyword."""
    army = (*LEGAL_ARMY[:3], "sellsword-recruit", *LEGAL_ARMY[4:])
    assert texts(validate_starting_army(army, catalog)) == [
        "Rule 500.3: Sellsword Recruit (Mercenary Guilds) is not of the faction of your "
        "starting Warlord (Deverenian Empire); a Mercenary is spared only the loyalty penalty "
        "of 507.1.4, not this rule."
    ]


def test_rule_500_3_a_mercenary_warlord_starts_mercenaries(catalog: CardCatalog) -> None:
    """500.3 applied to a Mercenary Warlord: its starting characters are Mercenaries."""
    army = ("captain-ysolde-brightcoin", "sellsword-recruit", "hired-lockpick",
            "hedge-wizard-for-hire", "freeblade-veteran", "caravan-guard")  # fmt: skip
    assert validate_starting_army(army, catalog) == []
    wrong = (*army[:5], "pikeman-of-the-ninth")
    assert [p.rule for p in validate_starting_army(wrong, catalog)] == ["500.3"]


def test_rule_602_7_2_reindeer_are_unique_when_starting(catalog: CardCatalog) -> None:
    """602.7.2: "All cards with the Reindeer trait are considered to have the Unique
    keyword" - so two copies may not start (500.3)."""
    deer = character("red-nosed-courier", 1, DEVERENIAN, traits=("Reindeer",))
    catalog = with_cards(catalog, deer)
    army = (WARLORD, "legion-shieldbearer", "red-nosed-courier", "red-nosed-courier",
            *LEGAL_ARMY[4:])  # fmt: skip
    assert [p.rule for p in validate_starting_army(army, catalog)] == ["500.3"]


def test_rule_602_7_6_a_warlord_printed_unique_is_not_unique(
    decks: dict[str, Deck], catalog: CardCatalog
) -> None:
    """602.7.6: "No character with the Warlord character type is considered to have a printed
    Unique keyword any longer"."""
    old = replace(
        catalog.get(WARLORD), id="old-ashgrave", keywords=(Keyword("Unique"),), name="Old Ash"
    )
    assert not old.is_unique
    catalog = with_cards(catalog, old)
    army = ("old-ashgrave", *LEGAL_ARMY[1:])
    assert validate_starting_army(army, catalog) == []


def test_rule_500_2_a_character_without_printed_level_cannot_start(catalog: CardCatalog) -> None:
    """500.2: "three 1st-level characters, and two 2nd-level characters" - a level X card
    (printed variable, kept without a level) is neither."""
    catalog = with_cards(catalog, character("shifting-one", None, DEVERENIAN))
    army = (*LEGAL_ARMY[:3], "shifting-one", *LEGAL_ARMY[4:])
    assert (
        "Rule 500.2: Shifting One has no printed level; besides the Warlord a starting army "
        "holds only level 1 and level 2 characters." in texts(validate_starting_army(army, catalog))
    )


def test_rule_108_5_epic_still_one_copy_in_limited(
    decks: dict[str, Deck], catalog: CardCatalog
) -> None:
    """108.5: "If a card has the Epic keyword, you may not have more than one copy" - 801.6.2
    lifts only the three-copy limit of 108.3."""
    deck = swap(decks["limited-elven"], "bough-archer", "ancient-grovewalker", 2)
    assert [p.rule for p in validate_deck(deck, catalog, GameFormat.LIMITED)] == ["108.5"]


def test_rule_108_6_alliance_allows_two_warlords_not_three(
    decks: dict[str, Deck], catalog: CardCatalog
) -> None:
    """801.5.4: "two Warlords in your third rank" (contrary to 108.6's one)."""
    dawn = decks["alliance-dawn"]
    assert validate_deck(dawn, catalog, GameFormat.ALLIANCE) == []
    leaders = {catalog.get(i).name for i in dawn.starting_army[:2]}
    third = next(w for w in catalog.warlords() if w.name not in leaders)
    more = replace(dawn, cards=(*dawn.cards[:-1], third.id))
    rules = [p.rule for p in validate_deck(more, catalog, GameFormat.ALLIANCE)]
    assert "108.6" in rules


def test_rule_801_5_6_multi_faction_character_matching_one_warlord(
    decks: dict[str, Deck], catalog: CardCatalog
) -> None:
    """801.5.6: no characters "who have a printed faction that does not match one or more of
    your starting Warlords"; read with 301.3, one shared faction is a match."""
    dawn = decks["alliance-dawn"]
    factions = {f for i in dawn.starting_army[:2] for f in catalog.get(i).factions}
    other = sorted({"Nothrog Legions", "Mercenary Guilds", "The Chosen"} - factions)[0]
    shared = sorted(factions)[0]
    catalog = with_cards(
        catalog,
        character("half-blood", 3, other, shared),
        character("outsider", 3, other),
    )
    deck = replace(dawn, cards=(*dawn.cards[:-1], "half-blood"))
    assert validate_deck(deck, catalog, GameFormat.ALLIANCE) == []
    deck = replace(dawn, cards=(*dawn.cards[:-1], "outsider"))
    assert [p.rule for p in validate_deck(deck, catalog, GameFormat.ALLIANCE)] == ["801.5.6"]


def _basic_catalog(catalog: CardCatalog) -> CardCatalog:
    return with_cards(
        catalog,
        character("sarakian-sellsword", 1, "Mercenary Guilds"),
        character("freelance-cavalier", 2, "Mercenary Guilds"),
        character("misearan-scout", 1, "Mercenary Guilds"),
    )


def test_rule_801_6_4_draft_deck_uses_its_pool_and_few_basic_cards(
    decks: dict[str, Deck], catalog: CardCatalog
) -> None:
    """801.6.4: "Your deck for the Draft format may only contain cards from your draft pool
    ... and basic cards. From the basic cards, players may use no more than one Warlord, one
    "Freelance Cavalier", one "Misearan Scout", and three Sarakian Sellswords, and if used
    they must start in play." """
    catalog = _basic_catalog(catalog)
    deck = decks["limited-elven"]
    pool = deck.starting_army[1:] + deck.cards  # the Warlord comes from the basic cards
    assert validate_limited_pool(deck, catalog, pool) == []
    last = catalog.get(pool[-1])
    assert pool.count(last.id) == 2  # two copies in the deck, one in the smaller pool
    assert texts(validate_limited_pool(deck, catalog, pool[:-1])) == [
        f"Rule 801.6.4: the deck uses 1 copy of {last.name} beyond your draft pool; it is not "
        "a basic card."
    ]
    basic_start = replace(deck, cards=(*deck.cards, "sarakian-sellsword"))
    assert texts(validate_limited_pool(basic_start, catalog, pool)) == [
        "Rule 801.6.4: Sarakian Sellsword comes from the basic cards, so it must start in play."
    ]
    four = replace(deck, cards=(*deck.cards, *["sarakian-sellsword"] * 4))
    assert (
        "at most 3 may come from the basic cards"
        in texts(validate_limited_pool(four, catalog, pool))[0]
    )


def test_rule_801_7_4_1_sealed_fixed_warlord_allows_no_basic_warlord(
    decks: dict[str, Deck], catalog: CardCatalog
) -> None:
    """801.7.4.1: "In Sealed events where a product containing a fixed Warlord is provided
    ... no Warlord from the basic cards may be used." """
    deck = decks["limited-elven"]
    pool = deck.starting_army[1:] + deck.cards
    assert validate_limited_pool(deck, catalog, pool, sealed=True) == []
    problems = validate_limited_pool(deck, catalog, pool, sealed=True, fixed_warlord=True)
    assert [p.rule for p in problems] == ["801.7.4.1"]
    assert validate_limited_pool(deck, catalog, deck.all_cards, fixed_warlord=True) == []


def test_every_problem_is_one_sentence_citing_its_rule(
    decks: dict[str, Deck], catalog: CardCatalog
) -> None:
    """Each DeckProblem reads "Rule N: ..." and is a single sentence."""
    catalog = with_cards(catalog, epic_class("destiny-a"), epic_class("destiny-b"))
    messy = Deck(
        "messy",
        ("sellsword-recruit", "deepdelver", "tribune-halvard", "tribune-halvard"),
        ("destiny-a", "destiny-b", "ironclad-colossus", "ironclad-colossus", "animal-token"),
    )
    for fmt in GameFormat:
        for problem in validate_deck(messy, catalog, fmt):
            assert re.fullmatch(r"Rule \d{3}(\.\d+)*: [^\n]+\.", problem.text), problem.text
            assert not re.search(r"\.\s+[A-Z]", problem.text), problem.text
