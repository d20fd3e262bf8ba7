"""Positions (docs/position-format.md): a game state written by hand, with fixed dice.

A position file is versioned JSON: formations, hands, decks (top cards known), discard piles,
the dungeon, turn, phase and initiative, ongoing modifiers, and optionally the next d20
results. `load_position` builds the state and lets the engine say what it waits on (`advance`):
an Order phase position waits on the active seat's Order, an illegal rank falls forward at
once (401.6). `position_to_dict` (engine.position_write) writes a live game back as one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from engine.cards.errors import CardError
from engine.cards.model import Card, CardType
from engine.cards.serialize import card_from_dict
from engine.errors import EngineError
from engine.events import Event
from engine.formation import trim
from engine.frames import Frame
from engine.pending import Decision
from engine.position_cards import CardRefError, CardRefs
from engine.position_frames import ValueReadError, decision_from_dict, frame_from_dict
from engine.rng import Rng
from engine.state import (
    Format,
    GameConfig,
    GameState,
    GroupEffect,
    Modifier,
    Orientation,
    Phase,
    PlayerState,
    Unit,
)
from engine.turn import advance
from engine.tx import Tx

POSITION_VERSION = 1
STATS = ("atk", "ac", "skill", "hp", "level", "initiative")  # as engine.state.Modifier
ZONES = ("action_zone", "hand", "deck", "deck_rest", "discard", "banish")

TOP_KEYS = frozenset(
    {
        "position_version", "comment", "config", "seed", "rng_counter", "dice", "cards",
        "seats", "turn", "phase", "active", "passes", "initiative_order", "dungeon",
        "modifiers", "stack", "pending", "step", "winner", "ceased", "used_abilities",
        "counters", "group_effects",
    }
)  # fmt: skip
SEAT_KEYS = frozenset({"ranks", "eliminated", "initiative_warlord", "comment", *ZONES})
UNIT_KEYS = frozenset(
    {
        "card", "id", "owner", "controller", "orientation", "wounds", "warlord", "items",
        "attachments", "modifiers", "comment",
    }
)  # fmt: skip
CARD_KEYS = frozenset({"card", "id", "owner", "comment"})
MODIFIER_KEYS = frozenset(
    {"target", "stat", "amount", "source_seat", "until_end_of_turn", "group", "effect"}
)
GROUP_KEYS = frozenset(
    {"id", "affects", "seat", "rank", "exclude", "name", "stat", "amount", "source_seat",
     "until_end_of_turn"}
)  # fmt: skip


class PositionError(EngineError):
    """A position that cannot be read or written; the message names the path in the file."""


@dataclass(frozen=True)
class Opened:
    """A loaded position: the state the engine waits in and the events of getting there
    (an illegal rank falling forward, a character dying of its wounds)."""

    state: GameState
    events: tuple[Event, ...]


def load_position(data: Any, cards: Any = None) -> GameState:
    """The game state a position describes, waiting on what the engine says it waits on.

    `cards` is a CardCatalog or a mapping of card ids to Cards (None: the packaged sample
    cards); the file's own `cards` definitions come first. Raises PositionError."""
    return open_position(data, cards).state


def open_position(data: Any, cards: Any = None) -> Opened:
    """Like `load_position`, with the events the engine emitted while settling it.

    A position that lists its `pending` decisions (a dump taken in the middle of an Order)
    is taken as written; otherwise the engine computes them."""
    state = build_position(data, cards)
    if state.pending:
        return Opened(state, ())
    tx = Tx(state)
    advance(tx)
    return Opened(tx.freeze(), tuple(tx.events))


def build_position(data: Any, cards: Any = None) -> GameState:
    """The state exactly as written, before the engine computes what it waits on."""
    if cards is None:
        from engine.cards.sample import sample_catalog

        cards = sample_catalog()
    return _Builder(_obj(data, "the position"), cards).build()


# reading values ---------------------------------------------------------------------------


def _fail(path: str, message: str) -> PositionError:
    return PositionError(f"{path}: {message}.")


def _obj(value: Any, path: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise _fail(path, f"expected a JSON object, not {_kind(value)}")
    return value


def _list(value: Any, path: str) -> list[Any]:
    if not isinstance(value, list):
        raise _fail(path, f"expected a list, not {_kind(value)}")
    return value


def _int(value: Any, path: str, low: int | None = None, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise _fail(path, f"expected a whole number, not {_kind(value)}")
    if (low is not None and value < low) or (high is not None and value > high):
        span = f"from {low} to {high}" if high is not None else f"at least {low}"
        raise _fail(path, f"{value} is out of range (expected {span})")
    return value


def _bool(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        raise _fail(path, f"expected true or false, not {_kind(value)}")
    return value


def _choice(value: Any, path: str, options: tuple[str, ...]) -> str:
    if value not in options:
        raise _fail(path, f"unknown value {value!r} (expected one of {', '.join(options)})")
    return str(value)


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    names = {bool: "true/false", int: "a number", float: "a number", str: "a string"}
    if isinstance(value, list):
        return "a list"
    if isinstance(value, Mapping):
        return "an object"
    return names.get(type(value), type(value).__name__)


def _a(noun: str) -> str:
    return ("an " if noun[0] in "AEIOU" else "a ") + noun


def _known(data: Mapping[str, Any], keys: frozenset[str], path: str) -> None:
    unknown = sorted(set(data) - keys)
    if unknown:
        raise _fail(path, f"unknown field '{unknown[0]}' (known: {', '.join(sorted(keys))})")


# building ---------------------------------------------------------------------------------


@dataclass
class _Entry:
    """One physical card of the file, before ids are given out."""

    path: str
    card: Card
    owner: int
    wanted_id: int | None


@dataclass
class _UnitSpec:
    entry: int
    formation: int
    controller: int
    orientation: Orientation
    wounds: int
    items: list[int]
    attachments: list[int]
    warlord: bool


class _Builder:
    """Reads a position dict in file order; entries get ids once every card is known."""

    def __init__(self, data: Mapping[str, Any], source: Any) -> None:
        self.data = data
        self.entries: list[_Entry] = []
        self.units: list[_UnitSpec] = []
        self.inline_mods: list[tuple[int, Mapping[str, Any], str]] = []
        self.zones: list[dict[str, list[int]]] = []
        self.ranks: list[list[list[int]]] = []
        self.source = source
        self.refs = CardRefs({}, None)
        self.seats = 0

    def build(self) -> GameState:
        data = self.data
        version = data.get("position_version")
        if version != POSITION_VERSION:
            if version is None and data.get("format") == "warlord-judge/game-record":
                raise _fail("position_version", "missing (this is a game record, not a position)")
            if version is None:
                raise _fail("position_version", "missing (this is not a position file)")
            raise _fail("position_version", f"{version!r} is not supported (expected 1)")
        _known(data, TOP_KEYS, "the position")
        self.refs = CardRefs(self._inline_cards(data.get("cards", {})), self.source)
        seats = _list(data.get("seats"), "seats")
        config = self._config(data.get("config", {}), len(seats))
        self.seats = config.seats
        if len(seats) != config.seats:
            raise _fail(
                "seats", f"{len(seats)} seats are listed but config.seats is {config.seats}"
            )
        if config.seats < 2:
            raise _fail("seats", "a game needs at least two seats")
        eliminated = [self._seat(seat, entry) for seat, entry in enumerate(seats)]
        dungeon = None
        if data.get("dungeon") is not None:
            dungeon = self._card("dungeon", data["dungeon"], 0, CardType.DUNGEON)
        for i, entry in enumerate(_list(data.get("ceased", []), "ceased")):
            self._card(f"ceased[{i}]", entry, 0, None)
        ids = self._assign_ids()
        return self._state(config, ids, eliminated, dungeon)

    # top level ----------------------------------------------------------------------------

    def _inline_cards(self, raw: Any) -> dict[str, Card]:
        out: dict[str, Card] = {}
        for cid, entry in _obj(raw, "cards").items():
            path = f"cards.{cid}"
            fields = dict(_obj(entry, path))
            if fields.setdefault("id", cid) != cid:
                raise _fail(path, f"the definition's id '{fields['id']}' differs from its key")
            try:
                out[cid] = card_from_dict(fields)
            except CardError as exc:
                raise _fail(path, str(exc).rstrip(".")) from None
        return out

    def _config(self, raw: Any, listed: int) -> GameConfig:
        config = _obj(raw, "config")
        _known(config, frozenset({"seats", "format", "hand_size", "validate_decks"}), "config")
        seats = _int(config.get("seats", listed), "config.seats", 2, 8)
        fmt = _choice(config.get("format", "saga"), "config.format", tuple(f.value for f in Format))
        hand = _int(config.get("hand_size", 5), "config.hand_size", 0)
        validate = _bool(config.get("validate_decks", True), "config.validate_decks")
        return GameConfig(seats=seats, format=Format(fmt), hand_size=hand, validate_decks=validate)

    # seats ----------------------------------------------------------------------------------

    def _seat(self, seat: int, raw: Any) -> bool:
        path = f"seats[{seat}]"
        data = _obj(raw, path)
        _known(data, SEAT_KEYS, path)
        ranks: list[list[int]] = []
        for r, row in enumerate(_list(data.get("ranks", []), f"{path}.ranks")):
            row_path = f"{path}.ranks[{r}]"
            ranks.append(
                [
                    self._unit(f"{row_path}[{i}]", seat, entry)
                    for i, entry in enumerate(_list(row, row_path))
                ]
            )
        self.ranks.append(ranks)
        zones: dict[str, list[int]] = {}
        for zone in ZONES:
            zone_path = f"{path}.{zone}"
            zones[zone] = [
                self._card(f"{zone_path}[{i}]", entry, seat, None)
                for i, entry in enumerate(_list(data.get(zone, []), zone_path))
            ]
        self.zones.append(zones)
        return _bool(data.get("eliminated", False), f"{path}.eliminated")

    def _seat_number(self, value: Any, path: str) -> int:
        return _int(value, path, 0, self.seats - 1)

    def _card(self, path: str, raw: Any, owner: int, wanted: CardType | None) -> int:
        """Record one card entry (a reference string or an object) and return its index."""
        if isinstance(raw, str):
            data: Mapping[str, Any] = {"card": raw}
        else:
            data = _obj(raw, path)
            _known(data, CARD_KEYS, path)
        return self._entry(path, data, owner, wanted)

    def _entry(
        self, path: str, data: Mapping[str, Any], owner: int, wanted: CardType | None
    ) -> int:
        ref = data.get("card")
        if not isinstance(ref, str) or not ref:
            raise _fail(path, "a card entry needs 'card': a card id or printed name")
        try:
            card = self.refs.resolve(ref)
        except CardRefError as exc:
            raise _fail(path, str(exc)) from None
        if wanted is not None and card.functions_as is not wanted:
            kind, wants = _a(card.functions_as.value), _a(wanted.value)
            raise _fail(path, f"'{card.name}' is {kind}, not {wants}")
        if "owner" in data:
            owner = self._seat_number(data["owner"], f"{path}.owner")
        wanted_id = _int(data["id"], f"{path}.id", 0) if "id" in data else None
        self.entries.append(_Entry(path, card, owner, wanted_id))
        return len(self.entries) - 1

    def _unit(self, path: str, seat: int, raw: Any) -> int:
        data: Mapping[str, Any] = {"card": raw} if isinstance(raw, str) else _obj(raw, path)
        _known(data, UNIT_KEYS, path)
        controller = seat
        if "controller" in data:
            controller = self._seat_number(data["controller"], f"{path}.controller")
        owner = controller
        index = self._entry(path, {**data, "owner": data.get("owner", owner)}, owner, None)
        card = self.entries[index].card
        if card.functions_as is not CardType.CHARACTER:
            raise _fail(path, f"'{card.name}' is {_a(card.functions_as.value)}, not a character")
        orientation = _choice(
            data.get("orientation", "ready"),
            f"{path}.orientation",
            tuple(o.value for o in Orientation),
        )
        items = [
            self._card(f"{path}.items[{i}]", e, controller, CardType.ITEM)
            for i, e in enumerate(_list(data.get("items", []), f"{path}.items"))
        ]
        attachments = []
        for i, e in enumerate(_list(data.get("attachments", []), f"{path}.attachments")):
            at_path = f"{path}.attachments[{i}]"
            attached = self._card(at_path, e, controller, None)
            kind = self.entries[attached].card.functions_as
            if kind in (CardType.CHARACTER, CardType.ITEM):
                raise _fail(at_path, f"{_a(kind.value)} cannot be attached (items go in 'items')")
            attachments.append(attached)
        for i, mod in enumerate(_list(data.get("modifiers", []), f"{path}.modifiers")):
            self.inline_mods.append(
                (index, _obj(mod, f"{path}.modifiers[{i}]"), f"{path}.modifiers[{i}]")
            )
        self.units.append(
            _UnitSpec(
                entry=index,
                formation=seat,
                controller=controller,
                orientation=Orientation(orientation),
                wounds=_int(data.get("wounds", 0), f"{path}.wounds", 0),
                items=items,
                attachments=attachments,
                warlord=_bool(data.get("warlord", card.is_warlord), f"{path}.warlord"),
            )
        )
        return index

    # ids ------------------------------------------------------------------------------------

    def _assign_ids(self) -> list[int]:
        """Ids as written; entries without one take the lowest free id, in file order."""
        total = len(self.entries)
        taken: dict[int, str] = {}
        for entry in self.entries:
            if entry.wanted_id is None:
                continue
            if entry.wanted_id >= total:
                raise _fail(
                    f"{entry.path}.id",
                    f"{entry.wanted_id} is out of range: the position holds {total} cards, "
                    f"so ids run from 0 to {total - 1}",
                )
            if entry.wanted_id in taken:
                raise _fail(
                    f"{entry.path}.id",
                    f"id {entry.wanted_id} is also given to {taken[entry.wanted_id]}",
                )
            taken[entry.wanted_id] = entry.path
        free = (i for i in range(total) if i not in taken)
        return [e.wanted_id if e.wanted_id is not None else next(free) for e in self.entries]

    # the state ------------------------------------------------------------------------------

    def _state(
        self, config: GameConfig, ids: list[int], eliminated: list[bool], dungeon: int | None
    ) -> GameState:
        data = self.data
        total = len(self.entries)
        instances = [""] * total
        owners = [0] * total
        for index, entry in enumerate(self.entries):
            instances[ids[index]] = entry.card.id
            owners[ids[index]] = entry.owner
        used = {e.card.id: e.card for e in self.entries}
        tokens = frozenset(ids[i] for i, e in enumerate(self.entries) if e.card.is_token)
        units = {
            ids[u.entry]: Unit(
                ids[u.entry],
                u.controller,
                u.formation,
                orientation=u.orientation,
                wounds=u.wounds,
                items=tuple(ids[i] for i in u.items),
                attachments=tuple(ids[i] for i in u.attachments),
                is_warlord=u.warlord,
            )
            for u in self.units
        }
        rng = Rng(
            _int(data.get("seed", 0), "seed"), _int(data.get("rng_counter", 0), "rng_counter", 0)
        )
        players = []
        for seat in range(config.seats):
            zones = {z: tuple(ids[i] for i in self.zones[seat][z]) for z in ZONES}
            rest, rng = rng.shuffled(zones["deck_rest"])
            ranks = trim(tuple(tuple(ids[i] for i in row) for row in self.ranks[seat]))
            players.append(
                PlayerState(
                    seat,
                    deck=zones["deck"] + rest,
                    hand=zones["hand"],
                    discard=zones["discard"],
                    banish=zones["banish"],
                    ranks=ranks,
                    action_zone=zones["action_zone"],
                    eliminated=eliminated[seat],
                    initiative_warlord=self._initiative_warlord(seat, units),
                )
            )
        dice = tuple(
            _int(v, f"dice[{i}]", 1, 20) for i, v in enumerate(_list(data.get("dice", []), "dice"))
        )
        modifiers = [self._modifier(mod, path, ids[i], units) for i, mod, path in self.inline_mods]
        for i, mod in enumerate(_list(data.get("modifiers", []), "modifiers")):
            path = f"modifiers[{i}]"
            target = _int(_obj(mod, path).get("target"), f"{path}.target", 0)
            modifiers.append(self._modifier(mod, path, target, units))
        phase = Phase(_choice(data.get("phase", "order"), "phase", tuple(p.value for p in Phase)))
        live = [s for s in range(config.seats) if not eliminated[s]]
        order = self._initiative(data.get("initiative_order", []), live)
        active = data.get("active")
        if active is not None:
            active = self._seat_number(active, "active")
            if eliminated[active]:
                raise _fail("active", f"seat {active} is eliminated")
        winner = data.get("winner")
        if winner is not None:
            winner = self._seat_number(winner, "winner")
        stack, pending = _in_progress(data)
        group_effects = self._groups(data.get("group_effects", []))
        return GameState(
            config=config,
            cards=used,
            instances=tuple(instances),
            owners=tuple(owners),
            tokens=tokens,
            players=tuple(players),
            units=units,
            rng=rng.with_dice(dice),
            turn=_int(data.get("turn", 1), "turn", 1),
            phase=phase,
            active=active,
            passes=_int(data.get("passes", 0), "passes", 0, config.seats),
            initiative_order=order,
            dungeon=ids[dungeon] if dungeon is not None else None,
            modifiers=_effect_ids(modifiers, group_effects),
            winner=winner,
            stack=stack,
            pending=pending,
            step=_int(data.get("step", 0), "step", 0),
            used_abilities=_triples(data.get("used_abilities", []), "used_abilities", int),
            counters=_triples(data.get("counters", []), "counters", str),
            group_effects=group_effects,
        )

    def _groups(self, raw: Any) -> tuple[GroupEffect, ...]:
        """700.8: the effects on the characters of a location (engine.groups)."""
        out = []
        for i, item in enumerate(_list(raw, "group_effects")):
            path = f"group_effects[{i}]"
            data = _obj(item, path)
            _known(data, GROUP_KEYS, path)
            name = data.get("name", "")
            if not isinstance(name, str):
                raise _fail(f"{path}.name", "expected a string")
            out.append(
                GroupEffect(
                    id=_int(data.get("id"), f"{path}.id", 1),
                    affects=_choice(data.get("affects"), f"{path}.affects", ("army", "rank")),
                    seat=self._seat_number(data.get("seat"), f"{path}.seat"),
                    rank=_int(data.get("rank", 0), f"{path}.rank", 0),
                    exclude=_int(data.get("exclude", -1), f"{path}.exclude", -1),
                    name=name,
                    stat=_choice(data.get("stat"), f"{path}.stat", STATS),
                    amount=_int(data.get("amount"), f"{path}.amount"),
                    source_seat=self._seat_number(data.get("source_seat"), f"{path}.source_seat"),
                    until_end_of_turn=_bool(
                        data.get("until_end_of_turn", True), f"{path}.until_end_of_turn"
                    ),
                )
            )
        return tuple(out)

    def _initiative_warlord(self, seat: int, units: Mapping[int, Unit]) -> int | None:
        """504.1.1: the Warlord a seat with several chose to roll (written by dumps)."""
        path = f"seats[{seat}].initiative_warlord"
        raw = _obj(self.data["seats"][seat], f"seats[{seat}]").get("initiative_warlord")
        if raw is None:
            return None
        chosen = _int(raw, path, 0)
        if chosen not in units:
            raise _fail(path, f"card #{chosen} is not a character in a formation")
        return chosen

    def _initiative(self, raw: Any, live: list[int]) -> tuple[int, ...]:
        order = [
            self._seat_number(s, f"initiative_order[{i}]")
            for i, s in enumerate(_list(raw, "initiative_order"))
        ]
        # A seat defeated after the initiative roll stays in the order (the engine skips it).
        if order and (len(set(order)) != len(order) or not set(live) <= set(order)):
            listed = ", ".join(str(s) for s in live)
            raise _fail(
                "initiative_order", f"must list each seat still in the game once ({listed})"
            )
        return tuple(order)

    def _modifier(self, raw: Any, path: str, target: int, units: Mapping[int, Unit]) -> Modifier:
        data = _obj(raw, path)
        _known(data, MODIFIER_KEYS, path)
        if target not in units:
            raise _fail(f"{path}.target", f"card #{target} is not a character in a formation")
        default_seat = units[target].controller
        return Modifier(
            target=target,
            stat=_choice(data.get("stat"), f"{path}.stat", STATS),
            amount=_int(data.get("amount"), f"{path}.amount"),
            source_seat=self._seat_number(
                data.get("source_seat", default_seat), f"{path}.source_seat"
            ),
            until_end_of_turn=_bool(
                data.get("until_end_of_turn", True), f"{path}.until_end_of_turn"
            ),
            group=_int(data.get("group", 0), f"{path}.group", 0),
            effect=_int(data.get("effect", 0), f"{path}.effect", 1) if "effect" in data else 0,
        )


def _effect_ids(
    modifiers: list[Modifier], group_effects: tuple[GroupEffect, ...]
) -> tuple[Modifier, ...]:
    """Every modifier with its effect id (506.1.1): a group's share has its group's id, any
    other without one a new id of its own, above those given, in the order written."""
    used = [g.id for g in group_effects] + [max(m.effect, m.group) for m in modifiers]
    fresh = max(used, default=0)
    out = []
    for m in modifiers:
        if not m.effect and m.group:
            m = replace(m, effect=m.group)
        elif not m.effect:
            fresh += 1
            m = replace(m, effect=fresh)
        out.append(m)
    return tuple(out)


def _in_progress(data: Mapping[str, Any]) -> tuple[tuple[Frame, ...], tuple[Decision, ...]]:
    """The frame stack (what the game is in the middle of, bottom first: an Order being
    performed, an attack between strikes) and the pending decisions as written, if any."""
    try:
        stack = tuple(
            frame_from_dict(f, f"stack[{i}]")
            for i, f in enumerate(_list(data.get("stack", []), "stack"))
        )
        pending = tuple(
            decision_from_dict(d, f"pending[{i}]")
            for i, d in enumerate(_list(data.get("pending", []), "pending"))
        )
    except ValueReadError as exc:
        raise _fail(exc.args[0], exc.args[1]) from None
    for i, decision in enumerate(pending):
        if decision.frame is not None and not 0 <= decision.frame < len(stack):
            raise _fail(f"pending[{i}].frame", f"there is no frame {decision.frame} in the stack")
    return stack, pending


def _triples(value: Any, path: str, middle: type) -> Any:
    """Abilities used ([card, ability, turn], 510.7) or counters ([card, name, count], 704)."""
    out = []
    for i, item in enumerate(_list(value, path)):
        if not isinstance(item, list) or len(item) != 3 or not isinstance(item[1], middle):
            raise _fail(f"{path}[{i}]", "expected a list of three values")
        out.append(
            (_int(item[0], f"{path}[{i}][0]", 0), item[1], _int(item[2], f"{path}[{i}][2]", 0))
        )
    return tuple(out)
