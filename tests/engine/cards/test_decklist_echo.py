"""A file that is not a deck list is not echoed back whole (its lines may be private)."""

from __future__ import annotations

import pytest

from engine.cards.catalog import CardCatalog
from engine.cards.decklist import DeckListError, parse_decklist


def test_a_long_file_of_junk_names_five_lines_and_counts_the_rest(catalog: CardCatalog) -> None:
    line = "secret-{}:x:0:0:a very long line of something private here"
    text = "\n".join(line.format(n) for n in range(30))
    with pytest.raises(DeckListError) as caught:
        parse_decklist(text, catalog)
    message = str(caught.value)
    assert "and 25 more" in message
    assert "secret-5:" not in message and "secret-29" not in message
    assert "something private here" not in message  # each line is cut short
    assert len(caught.value.unknown) + len(caught.value.malformed) == 30  # all kept for --json
