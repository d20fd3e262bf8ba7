"""Random games at scale for `warlord-judge game simulate`: seeded random legal players over
sample decks or random decks from a card file, summarised (results, react and ability counts,
the digest of every record). No printing here: `bot/game_cli.py` parses and prints.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from bot.card_store import read_card_json
from engine import EngineError, GameConfig
from engine.cards.catalog import CardCatalog
from engine.cards.model import Deck
from engine.playout import DEFAULT_TURN_CAP, random_playout
from engine.record import digest
from engine.rng import Rng
from engine.state import Format

DECK_POOL = 12


def _deck_source(path: Path | None, fmt: Format) -> tuple[Any, list[Deck] | None]:
    """The card catalog and fixed decks (sample) or None (random decks from a file)."""
    if path is None:
        from engine.cards.sample import sample_catalog, sample_decks_for

        return sample_catalog(), list(sample_decks_for(fmt).values())
    from engine.cards.community import parse_community_cards

    return parse_community_cards(read_card_json(path)).catalog, None


def _pick_decks(fixed: list[Deck], seats: int, seed: int) -> list[Deck]:
    """`seats` different decks from the pool, chosen by the game's seed."""
    order, _ = Rng(seed).shuffled(tuple(range(len(fixed))))
    return [fixed[order[i % len(order)]] for i in range(seats)]


def random_deck_pool(catalog: Any, seed: int, size: int, fmt: Format) -> list[Deck]:
    """Seeded random legal decks from a catalog, a pool the games of one run draw from."""
    from engine.cards.deckbuilder import random_deck

    return [random_deck(catalog, seed * 1009 + k, fmt) for k in range(size)]


def simulate(
    games: int,
    seed: int,
    cards: Path | None = None,
    save: Path | None = None,
    turn_cap: int = DEFAULT_TURN_CAP,
    seats: int = 2,
    fmt: Format = Format.SAGA,
) -> dict[str, Any]:
    """Run the games and return the summary printed by `game simulate --json`."""
    catalog, fixed = _deck_source(cards, fmt)
    if fixed is not None and not fixed:
        raise EngineError(f"There is no sample deck for the {fmt.value} format.")
    if isinstance(catalog, CardCatalog) and len(catalog) == 0:
        raise EngineError("The card file holds no readable cards.")
    if save is not None:
        save.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    if fixed is None:
        fixed = random_deck_pool(catalog, seed, max(seats, min(2 * games, DECK_POOL)), fmt)
    results: list[dict[str, Any]] = []
    texts: list[str] = []
    errors: list[str] = []
    seeds = Rng(seed)
    total_actions = 0
    react_counts: dict[str, int] = {}
    ability_counts: dict[str, int] = {}
    for number in range(games):
        value, seeds = seeds.draw()
        game_seed = value & 0x7FFFFFFF
        try:
            decks = _pick_decks(fixed, seats, game_seed)
            config = GameConfig(seats=seats, format=fmt)
            out = random_playout(config, decks, game_seed, catalog, turn_cap=turn_cap)
        except Exception as exc:  # a crash is a finding: count it and keep going
            errors.append(f"game {number} (seed {game_seed}): {type(exc).__name__}: {exc}")
            results.append({"seed": game_seed, "winner": None, "turns": 0, "actions": 0})
            continue
        text = out.record.to_json(out.state)
        texts.append(text)
        total_actions += out.actions
        for window, count in out.reacts:
            react_counts[window] = react_counts.get(window, 0) + count
        for kind, count in out.abilities:
            ability_counts[kind] = ability_counts.get(kind, 0) + count
        results.append(
            {
                "seed": game_seed,
                "winner": out.state.winner,
                "turns": out.state.turn,
                "actions": out.actions,
                "capped": out.capped,
                "decks": [d.name for d in decks],
            }
        )
        if save is not None:
            (save / f"game-{number:04d}-{game_seed}.json").write_text(text, encoding="utf-8")
    seconds = time.perf_counter() - started
    finished = sum(1 for r in results if r["winner"] is not None)
    capped = sum(1 for r in results if r.get("capped"))
    return {
        "games": games,
        "seed": seed,
        "seats": seats,
        "format": fmt.value,
        "finished": finished,
        "capped": capped,
        "errors": len(errors),
        "reacts": sum(react_counts.values()),
        "reacts_by_window": dict(sorted(react_counts.items())),
        "abilities": dict(sorted(ability_counts.items())),
        "error_messages": errors[:20],
        "actions": total_actions,
        "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 2) if seconds else None,
        "actions_per_second": round(total_actions / seconds, 1) if seconds else None,
        "digest": digest(texts),
        "results": results,
    }
