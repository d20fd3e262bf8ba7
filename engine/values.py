"""Faster construction of the engine's frozen dataclasses.

`@dataclass(frozen=True)` generates an `__init__` that calls `object.__setattr__` once per
field (a frozen class refuses plain assignment). The engine builds tens of such values per
action (actions offered, decisions, events, places, frames), so that is a large share of its
time. `fast_init` gives such a class an `__init__` with the same signature and defaults that
sets the new instance's `__dict__` to a dict built in one go: the same values, several times
faster. Instances stay frozen (assigning an attribute still raises). `replace` copies such a
value with some fields changed, without `dataclasses.replace`'s walk over the fields.

Why a new dict rather than filling `self.__dict__`: on CPython 3.11, reading `self.__dict__`
of a new instance makes a dict sharing its keys with the class (a split table), and attribute
reads on such instances cannot stay specialized (`LOAD_ATTR_WITH_HINT` reads combined tables
only), so every `unit.controller` took the slow generic path. A dict built by a literal is a
combined table, and reads of its attributes stay specialized.
"""

from __future__ import annotations

import dataclasses
import importlib
from dataclasses import MISSING, fields, is_dataclass
from typing import Any, TypeVar

_T = TypeVar("_T")

# The modules whose frozen dataclasses are built on the engine's hot paths.
HOT_MODULES = (
    "engine.actions",
    "engine.events",
    "engine.events_abilities",
    "engine.events_reacts",
    "engine.formation",
    "engine.frames",
    "engine.pending",
    "engine.problems",
    "engine.reacts",
    "engine.rng",
    "engine.state",
)


def fast_init(cls: type) -> bool:
    """Replace a plain frozen dataclass's generated `__init__` (see the module docstring); True
    if done. A class with `__post_init__`, `__slots__`, default factories, fields left out of
    `__init__`, InitVar pseudo-fields or an `__init__` of its own keeps its `__init__`."""
    if not isinstance(cls, type) or not is_dataclass(cls) or cls.__dict__.get("__fast_init__"):
        return False
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or not params.init or "__slots__" in cls.__dict__:
        return False
    generated = getattr(cls.__dict__.get("__init__"), "__code__", None)
    if generated is None or generated.co_filename != "<string>":
        return False  # an __init__ written in the class body (or inherited): kept
    if hasattr(cls, "__post_init__"):
        return False
    declared = getattr(cls, "__dataclass_fields__", {})
    if any(str(getattr(f, "_field_type", "")) == "_FIELD_INITVAR" for f in declared.values()):
        return False
    own = fields(cls)
    if any(not f.init or f.default_factory is not MISSING for f in own):
        return False
    defaults: dict[str, Any] = {}
    positional: list[str] = []
    keyword: list[str] = []
    for f in own:
        param = f.name
        if f.default is not MISSING:
            defaults[f"_default_{f.name}"] = f.default
            param = f"{f.name}=_default_{f.name}"
        (keyword if f.kw_only else positional).append(param)
    signature = ", ".join(["self", *positional, *(["*", *keyword] if keyword else [])])
    values = ", ".join(f"{f.name!r}: {f.name}" for f in own)
    source = f"def __init__({signature}):\n    _set(self, '__dict__', {{{values}}})\n"
    namespace: dict[str, Any] = {}
    code = compile(source, f"<fast_init {cls.__module__}.{cls.__qualname__}>", "exec")
    exec(code, {**defaults, "_set": object.__setattr__}, namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    init.__doc__ = cls.__init__.__doc__
    init.__annotations__ = dict(cls.__init__.__annotations__)  # the same signature, typed
    setattr(cls, "__init__", init)  # noqa: B010 - mypy refuses assigning to a method
    setattr(cls, "__fast_init__", True)  # noqa: B010
    return True


def install() -> int:
    """`fast_init` every frozen dataclass defined in the `HOT_MODULES` (imported here);
    returns how many classes changed."""
    done = 0
    for name in HOT_MODULES:
        module = importlib.import_module(name)
        for value in list(vars(module).values()):
            if isinstance(value, type) and value.__module__ == name and fast_init(value):
                done += 1
    return done


# The field names of each class `replace` met: None for a class `fast_init` did not change.
_FIELDS: dict[type, frozenset[str] | None] = {}
_set = object.__setattr__


def replace(value: _T, /, **changes: Any) -> _T:
    """`dataclasses.replace` for a value of a class given `fast_init`: its `__init__` only
    stores its arguments, so the copy is its `__dict__` updated with `changes` (several
    times faster). Other values, and unknown field names, go to `dataclasses.replace`."""
    cls = type(value)
    try:
        names = _FIELDS[cls]
    except KeyError:
        fast = cls.__dict__.get("__fast_init__", False)
        names = frozenset(f.name for f in fields(cls)) if fast else None  # type: ignore[arg-type]
        _FIELDS[cls] = names
    if names is None or not names.issuperset(changes):
        return dataclasses.replace(value, **changes)  # type: ignore[type-var]
    new = object.__new__(cls)
    _set(new, "__dict__", {**value.__dict__, **changes})
    return new
