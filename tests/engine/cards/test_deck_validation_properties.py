"""Deck validation never crashes and always cites a rule, whatever the deck holds."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards.formats import GameFormat
from engine.cards.model import Deck
from engine.cards.sample import sample_catalog
from engine.cards.validation import validate_deck, validate_starting_army

IDS = [*sorted(sample_catalog()), "unknown-card"]
_ids = st.lists(st.sampled_from(IDS), max_size=80).map(tuple)


@settings(max_examples=60, deadline=None)
@given(army=_ids, cards=_ids, fmt=st.sampled_from(GameFormat))
def test_any_deck_gets_an_itemised_answer(
    army: tuple[str, ...], cards: tuple[str, ...], fmt: GameFormat
) -> None:
    catalog = sample_catalog()
    deck = Deck("fuzz", army, cards)
    problems = validate_deck(deck, catalog, fmt)
    for problem in problems:
        assert problem.text.startswith("Rule ") or "not in the card catalog" in problem.text
        assert problem.text.endswith(".") and "\n" not in problem.text
    assert validate_deck(deck, catalog, fmt) == problems  # deterministic
    assert len(army + cards) >= fmt.rules.min_size or problems
    validate_starting_army(army, catalog, fmt)
