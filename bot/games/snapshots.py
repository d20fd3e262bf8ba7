"""Snapshots of a hosted game's state as JSON: the engine's position format
(docs/position-format.md) without card definitions, which the game's record header holds.

A snapshot is only a cache (the log is the game): `encode` writes one only when it reads back
to exactly the state it was made from, and the service seals it with the log's hash chain at
its version (bot/games/core.py), so a snapshot of another log, another engine build or a
damaged one is ignored and the game is replayed from its log. Nothing here runs code read
from the database (no pickle).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from engine.cards.model import Card
from engine.cards.serialize import card_from_dict, card_to_dict
from engine.position import load_position
from engine.position_write import position_to_dict
from engine.state import GameState

FORMAT = "warlord-judge-snapshot/1"

# Card id -> (its definition as read, the Card): games resumed one after another share the
# cards they have in common instead of reading each definition again.
_CARDS: dict[str, tuple[Any, Card]] = {}


def encode(state: GameState, cards: Mapping[str, Card]) -> str | None:
    """The state as snapshot text, or None when the position format cannot hold it
    exactly (the game is then simply replayed from its log). `cards` are the definitions of
    the game's record header, which `decode` is given back: the definitions of cards the game
    made since (tokens, 703.9) are written into the snapshot itself."""
    try:
        position = position_to_dict(state, embed_cards=False)
        made = sorted(cid for cid in set(state.instances) if cards.get(cid) != state.cards[cid])
        if made:
            position["cards"] = {cid: card_to_dict(state.cards[cid]) for cid in made}
        data = {"format": FORMAT, "actions_applied": state.actions_applied, "position": position}
        text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    except Exception:  # a state the position format cannot write: no cache, nothing lost
        return None
    return text if decode(text, cards) == state else None


def decode(text: str | bytes, cards: Mapping[str, Card]) -> GameState | None:
    """The state a snapshot holds (its cards from `cards`), or None for anything unreadable."""
    try:
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            return None
        state = load_position(data["position"], cards)
        return replace(state, actions_applied=int(data["actions_applied"]))
    except Exception:  # a damaged cache is only a cache
        return None


def header_cards(header: str) -> dict[str, Card]:
    """The card definitions of a game's record header (engine/record.py), each read once per
    process while it stays the same."""
    data = json.loads(header)
    out: dict[str, Card] = {}
    for card_id, definition in data["cards"].items():
        known = _CARDS.get(card_id)
        if known is None or known[0] != definition:
            known = _CARDS[card_id] = (definition, card_from_dict(definition))
        out[card_id] = known[1]
    return out
