"""Actions: frozen values a seat submits. Each has a stable `type` name for records."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from engine.errors import InvalidActionError


@dataclass(frozen=True)
class Action:
    """Base of all actions: the seat that submits it."""

    TYPE: ClassVar[str] = ""
    seat: int

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.TYPE}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out


@dataclass(frozen=True)
class Pass(Action):
    """505.2: pass instead of giving an Order."""

    TYPE: ClassVar[str] = "pass"


@dataclass(frozen=True)
class PlayCharacter(Action):
    """507.1: put a character from your hand into play in the rank equal to its level."""

    TYPE: ClassVar[str] = "play_character"
    card: int


@dataclass(frozen=True)
class Attack(Action):
    """507.3: spend a character to perform its melee strikes, targets chosen one by one."""

    TYPE: ClassVar[str] = "attack"
    character: int


@dataclass(frozen=True)
class Maneuver(Action):
    """507.5: spend a character to move one rank forward, backward, or within its rank."""

    TYPE: ClassVar[str] = "maneuver"
    character: int
    direction: str  # "forward", "backward", "sideways"


@dataclass(frozen=True)
class Equip(Action):
    """507.4 / 302: a character equips an item from your hand."""

    TYPE: ClassVar[str] = "equip"
    item: int
    character: int


@dataclass(frozen=True)
class PlayOrderCard(Action):
    """507.6: a character performs an Order from an Action card (its effect is manual)."""

    TYPE: ClassVar[str] = "play_order_card"
    card: int
    character: int


@dataclass(frozen=True)
class PlayDungeon(Action):
    """507.8: put a dungeon from your hand into the dungeon zone when none is in play."""

    TYPE: ClassVar[str] = "play_dungeon"
    card: int
    character: int


@dataclass(frozen=True)
class DefeatDungeon(Action):
    """507.9: a Warlord spends ready characters with combined levels >= challenge rating."""

    TYPE: ClassVar[str] = "defeat_dungeon"
    warlord: int
    spend: tuple[int, ...]


@dataclass(frozen=True)
class AttachEpicClass(Action):
    """507.10: stun your Warlord and inflict 3 wounds on it to attach an Epic Class."""

    TYPE: ClassVar[str] = "attach_epic_class"
    card: int
    warlord: int


@dataclass(frozen=True)
class PerformAbility(Action):
    """507.6 / 507.7: `character` performs Order number `ability` of `card` (`Card.abilities`):
    printed on the character, on an equipped item or attached card, or an Action card in
    hand. `target` is the chosen target (-1: none, 510.5 step 2); `discard` the hand cards
    discarded as a cost (510.2)."""

    TYPE: ClassVar[str] = "perform_ability"
    card: int
    ability: int
    character: int
    target: int = -1
    discard: tuple[int, ...] = ()


@dataclass(frozen=True)
class Adjust(Action):
    """A manual adjustment while resolving a card text by hand (engine.adjustments): `op` is
    one of ADJUST_OPS, on `card` (a character, a card in a zone, or -1), with `target` (the
    strike's target, the card to attach to, or -1), `amount` (wounds, ranks, stat change,
    counters, a strike bonus or a DC) and `name` (a counter's name)."""

    TYPE: ClassVar[str] = "adjust"
    op: str
    card: int = -1
    target: int = -1
    amount: int = 1
    name: str = ""


@dataclass(frozen=True)
class DoneResolving(Action):
    """Declare a manual effect resolved: its frame ends and the game goes on."""

    TYPE: ClassVar[str] = "done_resolving"


# The adjustments a seat may make while resolving a card text by hand (engine.adjustments).
ADJUST_OPS: tuple[str, ...] = (
    "wound", "heal", "spend", "ready", "stun", "kill", "move_forward", "move_backward",
    "modify_atk", "modify_ac", "modify_skill", "modify_hp", "modify_level", "draw", "discard",
    "retrieve", "search", "banish", "return_to_hand", "create_token", "add_counters",
    "remove_counters", "attach", "melee_strike", "ranged_strike", "skill_check", "cancel",
    "shuffle_into_deck",
)  # fmt: skip


@dataclass(frozen=True)
class Choose(Action):
    """Answer a pending decision with one of its options."""

    TYPE: ClassVar[str] = "choose"
    option: int


@dataclass(frozen=True)
class Decline(Action):
    """Answer a pending decision that may be declined (stop an attack, done discarding)."""

    TYPE: ClassVar[str] = "decline"


@dataclass(frozen=True)
class SetStandingOrder(Action):
    """How this seat wants react windows handled (engine.standing_orders): `policy` is ask,
    pass_all, public_only or pass_window; a pass_window names its `window` (empty: the one
    asking now) and lasts `actions` actions of the other seats. Allowed at any time."""

    TYPE: ClassVar[str] = "standing_order"
    policy: str
    window: str = ""
    actions: int = 0


ACTION_TYPES: dict[str, type[Action]] = {
    cls.TYPE: cls
    for cls in (
        Pass,
        PlayCharacter,
        Attack,
        Maneuver,
        Equip,
        PlayOrderCard,
        PlayDungeon,
        DefeatDungeon,
        AttachEpicClass,
        PerformAbility,
        Choose,
        Decline,
        SetStandingOrder,
        Adjust,
        DoneResolving,
    )
}

ORDER_TYPES: tuple[type[Action], ...] = (
    PlayCharacter,
    Attack,
    Maneuver,
    Equip,
    PlayOrderCard,
    PlayDungeon,
    DefeatDungeon,
    AttachEpicClass,
    PerformAbility,
)

# Actions that answer a manual resolution (DecisionKind.MANUAL).
MANUAL_TYPES: tuple[type[Action], ...] = (Adjust, DoneResolving)


DIRECTIONS: tuple[str, ...] = ("forward", "backward", "sideways")


def action_from_dict(data: Mapping[str, Any]) -> Action:
    """Rebuild an action from its dict form; raises InvalidActionError when malformed."""
    if not isinstance(data, Mapping):
        raise InvalidActionError(f"An action must be an object, not {type(data).__name__}.")
    kind = data.get("type")
    cls = ACTION_TYPES.get(str(kind))
    if cls is None:
        raise InvalidActionError(f"Unknown action type {kind!r}.")
    values: dict[str, Any] = {}
    for f in fields(cls):
        if f.name not in data:
            raise InvalidActionError(f"Action {kind!r} is missing the field {f.name!r}.")
        value = data[f.name]
        if f.name in ("spend", "discard"):
            if not _is_ids(value, list | tuple):
                raise InvalidActionError(f"Field {f.name!r} of {kind!r} must be a list of ids.")
            value = tuple(int(v) for v in value)
        elif f.name == "direction":
            _check_direction(value)
        elif f.name in ("op", "name"):
            _check_text(f.name, value)
        elif f.name in ("policy", "window"):
            _check_word(f.name, value)
        elif not _is_int(value):
            raise InvalidActionError(f"Field {f.name!r} of {kind!r} must be an integer.")
        values[f.name] = value
    return cls(**values)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_ids(value: Any, kinds: Any) -> bool:
    return isinstance(value, kinds) and all(_is_int(v) for v in value)


def _check_text(field: str, value: Any) -> None:
    if not isinstance(value, str):
        raise InvalidActionError(f"Field {field!r} must be text, not {value!r}.")
    if field == "op" and value not in ADJUST_OPS:
        raise InvalidActionError(f"Unknown adjustment {value!r}.")


def _check_word(field: str, value: Any) -> None:
    if not isinstance(value, str):
        raise InvalidActionError(f"Field {field!r} must be text, not {value!r}.")


def _check_direction(value: Any) -> None:
    """507.5's directions, or "into:<seat>": into that seat's first rank (Stealth, 603.12.1)."""
    into = isinstance(value, str) and value.startswith("into:") and value[5:].isdigit()
    if value not in DIRECTIONS and not into:
        raise InvalidActionError(f"Unknown maneuver direction {value!r}.")


# The fields of each action type already checked to be one (validate_shape), each with how
# its value is checked: 0 an integer, 1 card ids, 2 a direction, 3 text, 4 a word.
_FIELD_NAMES: dict[type, tuple[tuple[str, int], ...]] = {}
_FIELD_CHECKS = {
    "spend": 1,
    "discard": 1,
    "direction": 2,
    "op": 3,
    "name": 3,
    "policy": 4,
    "window": 4,
}


def validate_shape(action: object) -> Action:
    """Raise InvalidActionError unless `action` is a well-formed Action value."""
    names = _FIELD_NAMES.get(type(action))
    if names is None:
        if not isinstance(action, Action) or type(action) not in ACTION_TYPES.values():
            raise InvalidActionError(f"Not an action: {action!r}.")
        names = tuple((f.name, _FIELD_CHECKS.get(f.name, 0)) for f in fields(action))
        _FIELD_NAMES[type(action)] = names
    assert isinstance(action, Action)
    for name, how in names:
        value = getattr(action, name)
        if how == 0:
            if not isinstance(value, int) or isinstance(value, bool):
                raise InvalidActionError(f"Field {name!r} must be an integer, not {value!r}.")
        elif how == 1:
            if not _is_ids(value, tuple):
                raise InvalidActionError(f"Field {name!r} must be a tuple of card ids.")
        elif how == 2:
            _check_direction(value)
        elif how == 3:
            _check_text(name, value)
        else:
            _check_word(name, value)
    return action
