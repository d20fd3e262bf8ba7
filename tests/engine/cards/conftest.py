"""Fixtures of the card tests: the sample catalog and sample decks."""

from __future__ import annotations

import pytest

from engine.cards.catalog import CardCatalog
from engine.cards.model import Deck
from engine.cards.sample import sample_catalog, sample_decks


@pytest.fixture
def catalog() -> CardCatalog:
    return sample_catalog()


@pytest.fixture
def decks() -> dict[str, Deck]:
    return sample_decks()
