"""The parts of the text board about what cards in play are: keywords, feats and damage types
of a character (the `{..}` after it), and the printed text of the cards in play (`game play`'s
`t`, /game board). Built from the spectator view: public facts of face-up cards."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine import GameState, view


def unit_extras_text(unit: Mapping[str, Any]) -> str:
    """ " {Fire Resistance; Stealth +7; Fire}": a character's keywords (602), feats with
    their total bonus (603.1) and its strikes' damage types (600.1; "ranged ..." when its
    ranged strikes differ) from its view; "" for a plain Physical character."""
    parts = []
    if unit.get("keywords"):
        parts.append(", ".join(unit["keywords"]))
    if unit.get("feats"):
        parts.append(", ".join(f"{n} {v:+d}" for n, v in unit["feats"].items()))
    types = unit.get("damage_types", {})
    melee, ranged = types.get("melee", []), types.get("ranged", [])
    if melee and melee != ["Physical"]:
        parts.append("/".join(melee))
    if ranged and ranged != melee:
        parts.append("ranged " + "/".join(ranged))
    return f" {{{'; '.join(parts)}}}" if parts else ""


def card_texts(state: GameState, only: int | None = None) -> list[str]:
    """The printed text of every card in play (characters, their items and attachments, the
    dungeon), or of card `only`, with how much the engine runs (public: cards in play)."""
    v = view(state, None)
    cards: list[Mapping[str, Any]] = []
    for p in v["players"]:
        for row in p["ranks"]:
            for u in row:
                cards += [u, *u["items"], *u["attachments"]]
    if v["dungeon"]:
        cards.append(v["dungeon"])
    lines = []
    for c in cards:
        if only is not None and c["instance"] != only:
            continue
        printed = [*c.get("keywords", []), *(f"{n} {b:+d}" for n, b in c.get("feats", {}).items())]
        head = f"#{c['instance']} {c['name']} ({c['type']}"
        head += f", {', '.join(printed)})" if printed else ")"
        if c.get("text"):
            lines.append(f"{head} [{c['status']}]: {c['text']}")
        elif only is not None or printed:
            lines.append(f"{head}: no text")
    if only is not None and not lines:
        lines.append(f"Card #{only} is not in play.")
    return lines
