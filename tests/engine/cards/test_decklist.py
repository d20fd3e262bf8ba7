"""Deck list text: counts, sections, starred starting army, unknown names with suggestions."""

from __future__ import annotations

import pytest

from engine.cards.catalog import CardCatalog
from engine.cards.decklist import DeckListError, format_decklist, parse_decklist
from engine.cards.model import Deck

TEXT = """\
# A deck list as a player writes it
Deck: Ashgrave's Legion
Starting Army (6):
Legion Shieldbearer
2x Imperial Crossbowman
1 Consul Varro Ashgrave
Characters
* 1 Tribune Halvard
*Pikeman of the Ninth
3 Siege Engineer
Items:
Oaken Buckler x2
// a comment
Actions (1)
1 double-time-march
"""


def test_parse_counts_sections_and_stars(catalog: CardCatalog) -> None:
    deck = parse_decklist(TEXT, catalog)
    assert deck.name == "Ashgrave's Legion"
    assert deck.starting_army == (
        "consul-varro-ashgrave",
        "legion-shieldbearer",
        "imperial-crossbowman",
        "imperial-crossbowman",
        "tribune-halvard",
        "pikeman-of-the-ninth",
    )
    assert deck.cards == (
        "siege-engineer",
        "siege-engineer",
        "siege-engineer",
        "oaken-buckler",
        "oaken-buckler",
        "double-time-march",
    )


def test_unknown_names_are_all_listed_with_suggestions(catalog: CardCatalog) -> None:
    text = "Starting Army:\n1 Consul Varo Ashgrave\n3 Legion Sheildbearer\n2 Xyzzy Plugh\n"
    with pytest.raises(DeckListError) as caught:
        parse_decklist(text, catalog)
    error = caught.value
    assert [u.name for u in error.unknown] == [
        "Consul Varo Ashgrave",
        "Legion Sheildbearer",
        "Xyzzy Plugh",
    ]
    assert error.unknown[0].suggestions[0] == "Consul Varro Ashgrave"
    assert error.unknown[2].suggestions == ()
    message = str(error)
    assert message.startswith("The deck list has unknown cards 'Consul Varo Ashgrave' (line 2")
    assert (
        "did you mean Legion Shieldbearer" in message
        and "'Xyzzy Plugh' (line 4: no match)" in message
    )


def test_bad_counts_are_reported(catalog: CardCatalog) -> None:
    with pytest.raises(DeckListError, match=r"unreadable line 1 \('0 Oaken Buckler'\)"):
        parse_decklist("0 Oaken Buckler\n", catalog)


def test_format_then_parse_round_trips_every_sample_deck(
    catalog: CardCatalog, decks: dict[str, Deck]
) -> None:
    for deck in decks.values():
        assert parse_decklist(format_decklist(deck, catalog), catalog) == deck


def test_trailing_comments_after_whitespace_are_ignored(catalog: CardCatalog) -> None:
    text = (
        "Deck: Legion  // the name\n"
        "Starting Army:   # six of them\n"
        "1 Consul Varro Ashgrave\t// Warlord\n"
        "2 Pikeman of the Ninth  // front line\n"
        "Siege Engineer x2 # note\n"
    )
    deck = parse_decklist(text, catalog)
    assert deck.name == "Legion"
    assert deck.starting_army == (
        "consul-varro-ashgrave",
        "pikeman-of-the-ninth",
        "pikeman-of-the-ninth",
        "siege-engineer",
        "siege-engineer",
    )


def test_a_comment_mark_inside_a_word_is_part_of_the_name(catalog: CardCatalog) -> None:
    with pytest.raises(DeckListError) as caught:
        parse_decklist("2 Pikeman of the Ninth//front\n1 Siege#Engineer\n", catalog)
    assert [u.name for u in caught.value.unknown] == [
        "Pikeman of the Ninth//front",
        "Siege#Engineer",
    ]


def test_one_unknown_card_is_singular(catalog: CardCatalog) -> None:
    with pytest.raises(DeckListError) as caught:
        parse_decklist("1 Xyzzy Plugh\n", catalog)
    assert str(caught.value) == "The deck list has unknown card 'Xyzzy Plugh' (line 1: no match)."
    assert caught.value.unknown[0].to_dict() == {
        "line": 1,
        "name": "Xyzzy Plugh",
        "suggestions": [],
    }
