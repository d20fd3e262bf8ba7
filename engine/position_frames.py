"""Reading what a game is in the middle of, for positions: the frame stack (engine.frames)
and, for a dump taken mid-Order, the pending decisions as written.

Both are read by looking at the dataclass fields and their types, so a frame kind added to
engine.frames is readable here without a change (a field of a new kind of type is refused
with a sentence naming it).
"""

from __future__ import annotations

import types
import typing
from collections.abc import Mapping
from dataclasses import MISSING, fields
from enum import Enum
from typing import Any

from engine.actions import Action, action_from_dict
from engine.errors import InvalidActionError
from engine.frames import FRAME_KINDS, Frame
from engine.pending import Decision

_FRAME_CLASSES: dict[str, type] = {kind: cls for cls, kind in FRAME_KINDS.items()}


class ValueReadError(ValueError):
    """A value of the wrong shape; args[0] is the path, args[1] the sentence's tail."""


def frame_to_plain(frame: Frame) -> dict[str, Any]:
    """A frame as JSON-ready data: its `kind` and its dataclass fields."""
    return {"kind": FRAME_KINDS[type(frame)], **_plain_fields(frame)}


def decision_to_plain(decision: Decision) -> dict[str, Any]:
    """A pending decision as JSON-ready data: its dataclass fields, nothing derived."""
    return _plain_fields(decision)


def _plain_fields(value: Any) -> dict[str, Any]:
    return {f.name: _plain(getattr(value, f.name)) for f in fields(value)}


def _plain(value: Any) -> Any:
    if isinstance(value, Action):
        return value.to_dict()
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def frame_from_dict(data: Any, path: str) -> Frame:
    """A frame from its `frame_to_plain` form ({"kind": ..., fields...})."""
    if not isinstance(data, Mapping):
        raise ValueReadError(path, "expected a JSON object")
    kind = data.get("kind")
    cls = _FRAME_CLASSES.get(str(kind))
    if cls is None:
        known = ", ".join(sorted(_FRAME_CLASSES))
        raise ValueReadError(f"{path}.kind", f"unknown frame kind {kind!r} (known: {known})")
    frame: Frame = _build(cls, data, path, skip={"kind"})
    return frame


def decision_from_dict(data: Any, path: str) -> Decision:
    """A pending decision from its `decision_to_plain` form."""
    if not isinstance(data, Mapping):
        raise ValueReadError(path, "expected a JSON object")
    decision: Decision = _build(Decision, data, path, skip=set())
    return decision


def _build(cls: type, data: Mapping[str, Any], path: str, skip: set[str]) -> Any:
    hints = typing.get_type_hints(cls)
    names = {f.name for f in fields(cls)}
    unknown = sorted(set(data) - names - skip)
    if unknown:
        raise ValueReadError(f"{path}.{unknown[0]}", "unknown field")
    values: dict[str, Any] = {}
    for f in fields(cls):
        if f.name not in data:
            if f.default is MISSING and f.default_factory is MISSING:
                raise ValueReadError(f"{path}.{f.name}", "missing")
            continue
        values[f.name] = _read(data[f.name], hints[f.name], f"{path}.{f.name}")
    return cls(**values)


def _read(value: Any, hint: Any, path: str) -> Any:
    """Convert JSON `value` to the type `hint` (int, bool, str, enums, actions, tuples,
    optionals)."""
    origin = typing.get_origin(hint)
    if origin in (types.UnionType, typing.Union):
        options = [a for a in typing.get_args(hint) if a is not type(None)]
        if value is None:
            return None
        return _read(value, options[0], path)
    if origin is tuple:
        if not isinstance(value, list):
            raise ValueReadError(path, "expected a list")
        inner = typing.get_args(hint)[0]
        return tuple(_read(v, inner, f"{path}[{i}]") for i, v in enumerate(value))
    if hint is bool:
        if not isinstance(value, bool):
            raise ValueReadError(path, "expected true or false")
        return value
    if hint is int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise ValueReadError(path, "expected a whole number")
        return value
    if hint is str:
        if not isinstance(value, str):
            raise ValueReadError(path, "expected a string")
        return value
    if isinstance(hint, type) and issubclass(hint, Enum):
        try:
            return hint(value)
        except ValueError:
            raise ValueReadError(path, f"unknown value {value!r}") from None
    if isinstance(hint, type) and issubclass(hint, Action):
        try:
            return action_from_dict(value)
        except InvalidActionError as exc:
            raise ValueReadError(path, str(exc).rstrip(".")) from None
    raise ValueReadError(path, f"a position cannot hold a value of type {hint}")
