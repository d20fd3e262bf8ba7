"""Game records (DESIGN.md 2, "a game is its record"): configuration, seed, decks, the card
definitions used, and the actions in order. Versioned, human-readable JSON; replays to the
identical position and events anywhere, without the card database. See docs/record-format.md.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any

from engine.actions import Action, action_from_dict
from engine.cards.model import Card, Deck
from engine.cards.serialize import card_from_dict, card_to_dict
from engine.errors import EngineError, InvalidActionError, RecordError
from engine.events import Event, Transition
from engine.game import apply
from engine.position import PositionError, load_position, open_position
from engine.position_write import record_start
from engine.setup import new_game, start_game
from engine.state import GameConfig, GameState

RECORD_FORMAT = "warlord-judge/game-record"
RECORD_VERSION = 10
# Version 1 records predate the choice of position for a character falling forward (401.7):
# a game with a fall into an occupied rank would not replay identically, so they are refused.
OLD_VERSIONS = {
    1: "falling forward had no position choice (401.7) in version 1",
    2: (
        "version 2 had no react windows (508) and resolved Action cards without waiting for "
        "their effect, so its actions no longer line up with the decisions the game asks"
    ),
}
RULES = "Warlord: Saga of the Storm Comprehensive Rules 2.0.7"


@dataclass(frozen=True)
class GameRecord:
    """Everything needed to replay a game."""

    config: GameConfig
    seed: int
    decks: tuple[Deck, ...]
    cards: Mapping[str, Card]
    actions: tuple[Action, ...] = ()
    meta: Mapping[str, Any] = field(default_factory=dict)
    # A game that starts from a position file (docs/position-format.md) instead of a shuffle.
    position: Mapping[str, Any] | None = None

    def with_action(self, action: Action) -> GameRecord:
        return replace(self, actions=(*self.actions, action))

    def start(self) -> GameState:
        """The position before any action."""
        if self.position is not None:
            return self.begin().state
        return new_game(self.config, self.decks, self.seed, self.cards)

    def begin(self) -> Transition:
        """The position before any action and the events of setting up (the first roll)."""
        if self.position is not None:
            opened = open_position(self.position, self.cards)
            return Transition(opened.state, opened.events)
        return start_game(self.config, self.decks, self.seed, self.cards)

    def to_dict(self, final: GameState | None = None) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "rules": RULES,
            "config": self.config.to_dict(),
            "seed": self.seed,
            "decks": [
                {"name": d.name, "starting_army": list(d.starting_army), "cards": list(d.cards)}
                for d in self.decks
            ],
            "cards": {cid: card_to_dict(self.cards[cid]) for cid in sorted(self.cards)},
            "actions": [a.to_dict() for a in self.actions],
        }
        if self.meta:
            out["meta"] = dict(self.meta)
        if self.position is not None:
            out["position"] = dict(self.position)
        if final is not None:
            out["result"] = {
                "winner": final.winner,
                "turn": final.turn,
                "phase": final.phase.value,
                "actions": len(self.actions),
            }
        return out

    def to_json(self, final: GameState | None = None) -> str:
        """Indented JSON with one action per line, so a diff or a reader can follow it."""
        data = self.to_dict(final)
        actions = data.pop("actions")
        head = json.dumps(data, indent=1, sort_keys=False, ensure_ascii=False)
        lines = ",\n".join("  " + json.dumps(a, ensure_ascii=False) for a in actions)
        body = '"actions": [\n' + lines + "\n ]" if actions else '"actions": []'
        return head[:-2] + ",\n " + body + "\n}\n"

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> GameRecord:
        if not isinstance(data, Mapping) or data.get("format") != RECORD_FORMAT:
            raise RecordError("This is not a Warlord Judge game record.")
        version = data.get("version")
        if isinstance(version, int) and version in OLD_VERSIONS:
            raise RecordError(
                f"Record version {version} was written by an older engine and cannot be "
                f"replayed: {OLD_VERSIONS[version]}."
            )
        if version in (3, 4, 5, 6, 7, 8, 9):  # the same games, new windows passed (or refused)
            from engine.react_upgrade import (
                refuse_effects_on_several_cards,
                refuse_group_effects,
                refuse_hit_effects,
                refuse_special_wounds,
                refuse_wider_filters,
                upgrade_version_3,
                upgrade_version_4,
            )

            current = GameRecord.from_dict({**data, "version": RECORD_VERSION})
            if version < 7:
                refuse_special_wounds(current, version)
            if version < 9:
                refuse_group_effects(current, version)
            refuse_effects_on_several_cards(current, version)
            refuse_wider_filters(current, version)
            refuse_hit_effects(current, version)
            if version == 3:  # also the windows of 510.5 and kills
                return upgrade_version_3(current)
            return upgrade_version_4(current, version)
        if version != RECORD_VERSION:
            raise RecordError(
                f"Record version {version!r} is not supported (expected {RECORD_VERSION})."
            )
        if "position" in data:
            return _from_position_dict(data)
        missing = [key for key in REQUIRED_FIELDS if key not in data]
        if missing:
            if len(missing) == 1:
                raise RecordError(f"The record has no '{missing[0]}' field.")
            names = ", ".join(f"'{key}'" for key in missing[:-1]) + f" and '{missing[-1]}'"
            raise RecordError(f"The record is missing the fields {names}.")
        with _reading("'config' field"):
            config = GameConfig.from_dict(_mapping(data["config"]))
        with _reading("'seed' field"):
            seed = int(data["seed"])
        decks = []
        for number, entry in enumerate(_list(data["decks"], "decks"), start=1):
            with _reading(f"deck {number}"):
                deck = _mapping(entry)
                for key in ("name", "starting_army", "cards"):
                    if key not in deck:
                        raise RecordError(f"Deck {number} of the record has no '{key}' field.")
                decks.append(
                    Deck(str(deck["name"]), tuple(deck["starting_army"]), tuple(deck["cards"]))
                )
        cards, actions, meta = _cards_actions_meta(data)
        return GameRecord(config, seed, tuple(decks), cards, actions, meta)

    @staticmethod
    def from_json(text: str) -> GameRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(
                f"The record is not valid JSON: {exc.msg} at line {exc.lineno}."
            ) from None
        return GameRecord.from_dict(data)


REQUIRED_FIELDS = ("config", "seed", "decks", "cards", "actions")
POSITION_FIELDS = ("position", "cards", "actions")


def _from_position_dict(data: Mapping[str, Any]) -> GameRecord:
    """A record that starts from a position: its config and seed are the position's."""
    missing = [key for key in POSITION_FIELDS if key not in data]
    if missing:
        raise RecordError(f"The record has no '{missing[0]}' field.")
    with _reading("'position' field"):
        position = dict(_mapping(data["position"]))
        config = GameConfig.from_dict(_mapping(position.get("config", {})))
        seed = int(position.get("seed", 0))
    cards, actions, meta = _cards_actions_meta(data)
    try:
        load_position(position, cards)
    except PositionError as exc:
        raise RecordError(f"The record's 'position' field is bad: {exc}") from exc
    return GameRecord(config, seed, (), cards, actions, meta, position)


def _cards_actions_meta(
    data: Mapping[str, Any],
) -> tuple[dict[str, Card], tuple[Action, ...], dict[str, Any]]:
    """The card definitions, actions and meta of a record, each refused with a sentence."""
    with _reading("'cards' field"):
        cards = {str(cid): card_from_dict(c) for cid, c in _mapping(data["cards"]).items()}
    try:
        actions = tuple(action_from_dict(a) for a in _list(data["actions"], "actions"))
    except InvalidActionError as exc:
        raise RecordError(f"The record holds a malformed action: {exc}") from exc
    meta = data.get("meta", {})
    if not isinstance(meta, Mapping):
        raise RecordError("The record's 'meta' field is not a JSON object.")
    return cards, actions, dict(meta)


@contextmanager
def _reading(part: str) -> Iterator[None]:
    """Turn a bad value met while reading `part` of a record into one RecordError naming it."""
    try:
        yield
    except RecordError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, EngineError) as exc:
        detail = f"has no '{exc.args[0]}' field" if isinstance(exc, KeyError) else f"is bad: {exc}"
        raise RecordError(f"The record's {part} {detail.rstrip('.')}.") from exc


def _mapping(value: Any) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise TypeError(f"expected a JSON object, not {type(value).__name__}")
    return value


def _list(value: Any, field_name: str) -> list[Any]:
    if not isinstance(value, list):
        raise RecordError(f"The record's '{field_name}' field is not a list.")
    return value


def new_record(
    config: GameConfig, decks: Sequence[Deck], seed: int, cards: Any
) -> tuple[GameRecord, GameState]:
    """Start a game and its record together; `cards` is a catalog or a mapping of Cards."""
    state = new_game(config, decks, seed, cards)
    record = GameRecord(config, seed, tuple(decks), dict(state.cards))
    return record, state


def new_record_from_position(data: Any, cards: Any = None) -> tuple[GameRecord, GameState]:
    """Start a game and its record from a position file's data instead of a shuffle; the
    record keeps the position as the engine read it, so it replays anywhere."""
    position, used = record_start(data, cards)
    state = load_position(position, used)
    record = GameRecord(state.config, int(position.get("seed", 0)), (), used, position=position)
    return record, state


@dataclass(frozen=True)
class Replay:
    """The outcome of replaying a record: the final state and every event in order."""

    state: GameState
    events: tuple[Event, ...]


def replay(record: GameRecord, upto: int | None = None) -> Replay:
    """Replay a record (its first `upto` actions): the final state and every event, those of
    setting up first. Raises RecordError naming the bad action."""
    start = record.begin()
    state = start.state
    events: list[Event] = list(start.events)
    for number, action in enumerate(record.actions[:upto], start=1):
        try:
            transition = apply(state, action)
        except EngineError as exc:
            raise RecordError(f"Action {number} ({action.TYPE}) does not replay: {exc}") from exc
        state = transition.state
        events.extend(transition.events)
    return Replay(state, tuple(events))


def digest(texts: Iterable[str]) -> str:
    """A short stable hash over record texts (same games, same digest)."""
    h = hashlib.sha256()
    for text in texts:
        h.update(text.encode("utf-8"))
        h.update(b"\0")
    return h.hexdigest()[:16]
