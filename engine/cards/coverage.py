"""How much of a card pool the engine runs: statuses by card type, ability patterns, unread
React triggers. The counting behind `warlord-judge cards coverage`."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from engine.cards.abilities import Ability, AbilityKind, Status, Window
from engine.cards.model import Card


@dataclass(frozen=True)
class Coverage:
    """Counts over a set of cards. `by_type` maps a card type to counts by status;
    `unread_conditions` counts Reacts whose trigger has conditions a player checks
    (Trigger.unread); `patterns` lists (pattern, abilities) most common first (see
    Ability.pattern). `automated` counts the abilities compiled with no reading;
    `runnable` those of them the engine also pays and runs today (some compiled primitives,
    e.g. "move forward or backward two ranks", wait for a choice the engine cannot ask yet),
    `run_fully` the cards whose every ability it runs."""

    cards: int
    by_status: dict[str, int]
    by_type: dict[str, dict[str, int]]
    abilities: int
    automated: int
    reacts: int
    unknown_triggers: int
    unknown_trigger_cards: int
    unread_conditions: int
    patterns: tuple[tuple[str, int], ...]
    runnable: int = 0
    run_fully: int = 0

    @property
    def full_share(self) -> float:
        """The share of cards the engine runs completely (0..1)."""
        return self.by_status[Status.FULL.value] / self.cards if self.cards else 0.0

    def to_dict(self, top: int | None = None) -> dict[str, Any]:
        patterns = self.patterns if top is None else self.patterns[:top]
        return {
            "cards": self.cards,
            "by_status": self.by_status,
            "full_share": round(self.full_share, 4),
            "by_type": self.by_type,
            "abilities": self.abilities,
            "automated_abilities": self.automated,
            "engine_runnable_abilities": self.runnable,
            "cards_run_fully_by_engine": self.run_fully,
            "reacts": self.reacts,
            "unknown_react_triggers": self.unknown_triggers,
            "cards_with_unknown_react_triggers": self.unknown_trigger_cards,
            "reacts_with_unread_conditions": self.unread_conditions,
            "patterns": [{"pattern": p, "abilities": n} for p, n in patterns],
        }


def coverage(cards: Iterable[Card]) -> Coverage:
    """Count statuses, ability patterns and unread React triggers over `cards`."""
    statuses = [s.value for s in Status]
    by_status: Counter[str] = Counter()
    by_type: dict[str, Counter[str]] = {}
    patterns: Counter[str] = Counter()
    total = abilities = automated = reacts = unknown = unknown_cards = unread = 0
    runnable = run_fully = 0
    for card in cards:
        total += 1
        status = card.implementation_status.value
        by_status[status] += 1
        by_type.setdefault(card.type.value, Counter())[status] += 1
        card_unknown = 0
        card_runs = True
        for ability in card.abilities:
            abilities += 1
            automated += ability.automated
            runs = runs_in_engine(ability)
            runnable += runs
            card_runs = card_runs and runs
            patterns[ability.pattern] += 1
            if ability.kind is AbilityKind.REACT:
                reacts += 1
                if ability.window is Window.UNKNOWN:
                    card_unknown += 1
                elif ability.trigger is not None and ability.trigger.unread:
                    unread += 1
        unknown += card_unknown
        unknown_cards += card_unknown > 0
        run_fully += card_runs
    return Coverage(
        cards=total,
        by_status={s: by_status[s] for s in statuses},
        by_type={t: {s: c[s] for s in statuses} for t, c in sorted(by_type.items())},
        abilities=abilities,
        automated=automated,
        reacts=reacts,
        unknown_triggers=unknown,
        unknown_trigger_cards=unknown_cards,
        unread_conditions=unread,
        patterns=tuple(sorted(patterns.items(), key=lambda item: (-item[1], item[0]))),
        runnable=runnable,
        run_fully=run_fully,
    )


def runs_in_engine(ability: Ability) -> bool:
    """The engine runs this automated ability today: static bonuses (engine.statics) and
    abilities `engine.abilities_run.is_runnable` accepts."""
    if not ability.automated:
        return False
    if ability.kind is AbilityKind.STATIC:
        return True
    from engine.abilities_run import is_runnable  # the engine above the card model

    return is_runnable(ability)
