"""Abilities in our JSON form: dataclass fields by name, defaults omitted, enums as values.

Generic over the ability dataclasses (Ability, Cost, Trigger, Effect), so that the form,
the model and `engine/data/cards.schema.json` cannot drift apart without a test noticing.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from enum import Enum
from functools import cache
from typing import Any

from engine.cards import abilities as model
from engine.cards.abilities import Ability
from engine.cards.errors import CardDataError

ABILITY_CLASSES: tuple[type, ...] = (
    model.Ability,
    model.Cost,
    model.Trigger,
    model.Effect,
    model.Condition,
)


def ability_to_dict(ability: Ability) -> dict[str, Any]:
    """The JSON-ready dict of an ability."""
    out = _to_json(ability)
    assert isinstance(out, dict)
    return out


def ability_from_dict(data: Any, label: str) -> Ability:
    """Read an ability back; raises CardDataError naming the card `label`."""
    value = _from_json(data, Ability, label, "abilities")
    assert isinstance(value, Ability)
    return value


def _to_json(value: Any) -> Any:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return [_to_json(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict[str, Any] = {}
        for f in dataclasses.fields(value):
            item = getattr(value, f.name)
            if f.default is not dataclasses.MISSING and item == f.default:
                continue
            out[f.name] = _to_json(item)
        return out
    return value


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls, vars(model))


def _from_json(data: Any, kind: Any, label: str, where: str) -> Any:
    origin = typing.get_origin(kind)
    if origin in (types.UnionType, typing.Union):
        options = [k for k in typing.get_args(kind) if k is not type(None)]
        return None if data is None else _from_json(data, options[0], label, where)
    if origin is tuple:
        (item_kind, _ellipsis) = typing.get_args(kind)
        if not isinstance(data, list):
            raise _fail(label, where, "a list")
        return tuple(_from_json(v, item_kind, label, where) for v in data)
    if isinstance(kind, type) and issubclass(kind, Enum):
        try:
            return kind(data)
        except ValueError:
            raise _fail(label, where, f"one of the known values, not {data!r}") from None
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        if not isinstance(data, Mapping):
            raise _fail(label, where, "an object")
        hints = _hints(kind)
        unknown = sorted(set(data) - set(hints))
        if unknown:
            raise _fail(label, where, f"without the unknown fields {', '.join(unknown)}")
        try:
            return kind(
                **{k: _from_json(v, hints[k], label, f"{where}.{k}") for k, v in data.items()}
            )
        except TypeError:
            raise _fail(label, where, "complete (a required field is missing)") from None
    if kind is bool and isinstance(data, bool):
        return data
    if kind is int and isinstance(data, int) and not isinstance(data, bool):
        return data
    if kind is str and isinstance(data, str):
        return data
    raise _fail(label, where, f"of type {getattr(kind, '__name__', kind)}")


def _fail(label: str, where: str, wanted: str) -> CardDataError:
    return CardDataError(f"Card '{label}': field '{where}' must be {wanted}.")
