"""Events of abilities (507.6, 507.7, 510) and of manual resolution with adjustments.

Facts only (ids, names, numbers, codes); bot/game_text/ words them. They join the `Event`
union in engine.events.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.events import BaseEvent


@dataclass(frozen=True, kw_only=True)
class AbilityPerformed(BaseEvent):
    """A character performs ability number `ability` of `card` (an Order, 507.6 / 507.7);
    `automated` says whether the engine runs its effect (else it is resolved by hand)."""

    KIND: ClassVar[str] = "ability_performed"
    card: int
    name: str
    ability: int
    performer: int
    performer_name: str
    text: str
    automated: bool
    target: int | None = None
    target_name: str | None = None


@dataclass(frozen=True, kw_only=True)
class EffectSkipped(BaseEvent):
    """Part of an effect does nothing: `why` is target_left_play, performer_left_play,
    empty_deck, no_room (the rank is illegal or there is none) or no_target."""

    KIND: ClassVar[str] = "effect_skipped"
    card: int
    name: str
    why: str
    rule: str = ""


@dataclass(frozen=True, kw_only=True)
class Healed(BaseEvent):
    """Wounds removed from a character; `wounds` is what is left."""

    KIND: ClassVar[str] = "healed"
    card: int
    name: str
    amount: int
    wounds: int


@dataclass(frozen=True, kw_only=True)
class CountersChanged(BaseEvent):
    """704: `amount` counters named `counter` put on (or, negative, removed from) a card."""

    KIND: ClassVar[str] = "counters_changed"
    card: int
    name: str
    counter: str
    amount: int
    total: int


@dataclass(frozen=True, kw_only=True)
class CardToHand(BaseEvent):
    """A card goes to its owner's hand from `zone` (discard, deck, play)."""

    KIND: ClassVar[str] = "card_to_hand"
    card: int
    name: str
    zone: str


@dataclass(frozen=True, kw_only=True)
class DeckShuffled(BaseEvent):
    KIND: ClassVar[str] = "deck_shuffled"


@dataclass(frozen=True, kw_only=True)
class CardAttached(BaseEvent):
    KIND: ClassVar[str] = "card_attached"
    card: int
    name: str
    to: int
    to_name: str


@dataclass(frozen=True, kw_only=True)
class Adjusted(BaseEvent):
    """Seat `seat` made adjustment `op` (engine.actions.ADJUST_OPS) while resolving by hand the
    text of `source` (`text`); its result follows as ordinary events."""

    KIND: ClassVar[str] = "adjusted"
    op: str
    card: int | None
    name: str | None
    amount: int
    source: int
    source_name: str
    text: str
    target: int | None = None
    target_name: str | None = None
    counter: str = ""


@dataclass(frozen=True, kw_only=True)
class ResolvedByHand(BaseEvent):
    """Seat `seat` declared the manual effect of `card` resolved."""

    KIND: ClassVar[str] = "resolved_by_hand"
    card: int
    name: str
