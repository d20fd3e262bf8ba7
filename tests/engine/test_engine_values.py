"""engine.values: frozen values built by a faster __init__ are the same values."""

from __future__ import annotations

import inspect
from dataclasses import FrozenInstanceError, dataclass, field, replace

import pytest

from engine.actions import Adjust, PerformAbility
from engine.events import CardDrawn
from engine.values import fast_init


def test_fast_init_keeps_signature_defaults_equality_and_frozenness() -> None:
    @dataclass(frozen=True)
    class Plain:
        a: int
        b: str = "x"
        c: tuple[int, ...] = ()

    @dataclass(frozen=True)
    class Same:
        a: int
        b: str = "x"
        c: tuple[int, ...] = ()

    before = inspect.signature(Plain.__init__)
    assert fast_init(Plain)
    assert inspect.signature(Plain.__init__) == before
    assert vars(Plain(1)) == vars(Same(1)) and vars(Plain(1, "y", (2,))) == vars(Same(1, "y", (2,)))
    assert Plain(1) == Plain(1) and hash(Plain(1)) == hash(Plain(1)) and Plain(1) != Plain(2)
    assert replace(Plain(1), b="z") == Plain(1, "z")
    with pytest.raises(FrozenInstanceError):
        Plain(1).a = 2  # type: ignore[misc]
    with pytest.raises(TypeError):
        Plain()  # type: ignore[call-arg]
    assert not fast_init(Plain)  # once


def test_fast_init_leaves_classes_it_cannot_copy() -> None:
    @dataclass(frozen=True)
    class Checked:
        a: int

        def __post_init__(self) -> None:
            if self.a < 0:
                raise ValueError("negative")

    @dataclass(frozen=True)
    class Factory:
        a: list[int] = field(default_factory=list)

    @dataclass
    class Mutable:
        a: int

    assert not fast_init(Checked) and not fast_init(Factory) and not fast_init(Mutable)
    with pytest.raises(ValueError, match="negative"):
        Checked(-1)


def test_engine_values_are_built_by_the_fast_init() -> None:
    """Importing the engine installs it on the hot modules' frozen values (keyword-only ones
    too)."""
    assert "fast_init" in PerformAbility.__init__.__code__.co_filename
    assert PerformAbility(0, 1, 2, 3) == PerformAbility(0, 1, 2, 3, -1, ())
    assert Adjust(0, "wound", 4).amount == 1
    with pytest.raises(TypeError):
        CardDrawn(0, 1, "x")  # type: ignore[misc]
    assert CardDrawn(seat=0, card=1, name="x").name == "x"


def test_replace_copies_fast_values_like_dataclasses_replace() -> None:
    from engine.values import replace as replace_value

    @dataclass(frozen=True)
    class Fast:
        a: int
        b: tuple[int, ...] = ()

    @dataclass(frozen=True)
    class Checked:
        a: int

        def __post_init__(self) -> None:
            if self.a < 0:
                raise ValueError("negative")

    assert fast_init(Fast)
    value = Fast(1, (2,))
    copy = replace_value(value, b=(3,))
    assert copy == replace(value, b=(3,)) and type(copy) is Fast and value == Fast(1, (2,))
    assert hash(copy) == hash(Fast(1, (3,)))
    with pytest.raises(FrozenInstanceError):
        copy.a = 2  # type: ignore[misc]
    with pytest.raises(TypeError):
        replace_value(value, c=1)  # not a field: dataclasses.replace's error
    with pytest.raises(ValueError, match="negative"):
        replace_value(Checked(1), a=-1)  # not given fast_init: its __post_init__ still runs


def test_tx_freeze_sets_every_field_of_game_state() -> None:
    """Tx.freeze builds the state's __dict__ itself: it must name every GameState field."""
    from dataclasses import fields as fields_of

    from engine import GameConfig
    from engine.cards.sample import sample_catalog, sample_decks
    from engine.record import new_record
    from engine.state import GameState
    from engine.tx import Tx

    decks = sample_decks()
    pair = [decks["saga-deverenian"], decks["saga-nothrog"]]
    _, state = new_record(GameConfig(), pair, 1, sample_catalog())
    frozen = Tx(state).freeze()
    assert set(vars(frozen)) == {f.name for f in fields_of(GameState)}
    assert frozen == state
