"""CardCatalog: lookups by id and by name."""

from __future__ import annotations

import pytest

from engine.cards.catalog import CardCatalog
from engine.cards.errors import CardDataError, CardError, UnknownCardError
from engine.cards.model import Card, CardType
from engine.errors import EngineError


def test_get_returns_the_card_by_id(catalog: CardCatalog) -> None:
    card = catalog.get("legion-shieldbearer")
    assert card.name == "Legion Shieldbearer"
    assert catalog["legion-shieldbearer"] is card


def test_unknown_id_raises_typed_error_that_is_also_a_key_error(catalog: CardCatalog) -> None:
    with pytest.raises(UnknownCardError) as caught:
        catalog.get("legion-shieldbearr")
    error = caught.value
    assert isinstance(error, KeyError) and isinstance(error, CardError)
    assert isinstance(error, EngineError)
    assert error.card_id == "legion-shieldbearr"
    assert "legion-shieldbearer" in error.suggestions
    assert str(error).startswith("There is no card with id 'legion-shieldbearr'")


def test_by_name_ignores_case_accents_spacing_and_apostrophe_style(catalog: CardCatalog) -> None:
    card = catalog.by_name("forgefather's champion")
    assert card is not None and card.id == "forgefathers-champion"
    assert catalog.by_name("  FORGEFATHER\u2019S   Chámpion ") is card
    assert catalog.by_name("No Such Card") is None


def test_mapping_protocol(catalog: CardCatalog) -> None:
    assert "gharrok-the-ironjaw" in catalog
    assert "nope" not in catalog
    assert len(catalog) == len(list(catalog)) == len(catalog.cards)
    assert next(iter(catalog)) == catalog.cards[0].id


def test_duplicate_ids_are_rejected() -> None:
    card = Card(id="a", name="A", type=CardType.ACTION)
    with pytest.raises(CardDataError, match="share the id 'a'"):
        CardCatalog([card, card])


def test_shared_names_are_all_found() -> None:
    first = Card(id="echo-action", name="Echo", type=CardType.ACTION)
    second = Card(id="echo-item", name="Echo", type=CardType.ITEM)
    catalog = CardCatalog([first, second])
    assert catalog.by_name("echo") is first
    assert catalog.named("ECHO") == (first, second)


def test_suggest_offers_close_names(catalog: CardCatalog) -> None:
    assert catalog.suggest("Gharok the Ironjaw")[0] == "Gharrok the Ironjaw"


def test_selections(catalog: CardCatalog) -> None:
    assert {w.factions[0] for w in catalog.warlords()} >= {
        "Deverenian Empire",
        "Dwarven Forges",
        "Elven Branches",
        "Nothrog Legions",
    }
    assert all("Elven Branches" in c.factions for c in catalog.by_faction("elven branches"))
    extra = Card(id="zz-new", name="Zz New", type=CardType.ACTION)
    merged = catalog.merged([extra, catalog.cards[0]])
    assert len(merged) == len(catalog) + 1 and "zz-new" in merged
