"""What one seat may see (DESIGN.md 2): its own hand, never another's hand or deck order.

A view is plain JSON-ready data. Cards in play show their current stats, keywords (602),
feats (603) and damage types (600), and their printed text with its implementation status
(`full`, `partial`, `manual`): abilities the engine cannot run are marked, never silently
resolved. All of it is public: cards in play are face up.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine import stats
from engine.cards.abilities import Status
from engine.cards.model import Keyword
from engine.events import CardDrawn, Event
from engine.events_abilities import CardToHand
from engine.feats import feats
from engine.pending import DecisionKind
from engine.state import GameState

# Decisions whose options are cards of a hand or a deck: shown to the deciding seat only.
PRIVATE_OPTIONS = {DecisionKind.DISCARD, DecisionKind.CHOOSE_CARD}


def card_brief(state: GameState, instance: int) -> dict[str, Any]:
    """A card's printed facts: name, type, level, text with its implementation status
    (`manual` when some of it is resolved by hand), printed keywords, feats, damage type."""
    card = state.card(instance)
    out: dict[str, Any] = {"instance": instance, "id": card.id, "name": card.name}
    out["type"] = card.type.value
    if card.level is not None:
        out["level"] = card.level
    if card.text:
        out["text"] = card.text
        # A text nothing was compiled from (a card built in code) is resolved by hand.
        status = card.implementation_status if card.abilities else Status.MANUAL
        out["status"] = status.value
        out["manual"] = status is not Status.FULL
    if card.keywords:
        out["keywords"] = [keyword_label(k) for k in card.keywords]
    if card.feats:
        out["feats"] = {f.name: f.value for f in card.feats}
    if card.damage_type is not None:
        out["damage_type"] = card.damage_type.value
    return out


def keyword_label(keyword: Keyword) -> str:
    """A keyword as printed: "Fire Resistance", "Charge 3", "Planar"."""
    text = f"{keyword.qualifier} {keyword.name}" if keyword.qualifier else keyword.name
    return f"{text} {keyword.value}" if keyword.value is not None else text


def keyword_labels(state: GameState, uid: int) -> list[str]:
    """The keywords a character has now (602): printed, then those gained from its items and
    attachments (Cursed 602.2, Stalwart 602.18, Dual Wield) and Encumbered (602.20)."""
    labels = [keyword_label(k) for k in state.card(uid).keywords]
    printed = {k.name.casefold() for k in state.card(uid).keywords}
    for name in sorted(stats.keywords(state, uid) - printed):
        labels.append(name.title())
    return labels


def unit_extras(state: GameState, uid: int) -> dict[str, Any]:
    """Keywords, feats with their total bonus (603.1) and the damage types of its melee and
    ranged strikes (600.1)."""
    melee = sorted(t.title() for t in stats.strike_damage_types(state, uid))
    ranged = sorted(t.title() for t in stats.strike_damage_types(state, uid, ranged=True))
    return {
        "keywords": keyword_labels(state, uid),
        "feats": feats(state, uid),
        "damage_types": {"melee": melee, "ranged": ranged},
    }


def unit_view(state: GameState, uid: int) -> dict[str, Any]:
    unit = state.units[uid]
    card = state.card(uid)
    out = card_brief(state, uid)
    out.update(
        {
            "orientation": unit.orientation.value,
            "wounds": unit.wounds,
            "warlord": unit.is_warlord,
            "level": stats.level(state, uid),
            "strikes": list(stats.strikes(state, uid)),
            "ac": stats.armor_class(state, uid),
            "skill": stats.skill(state, uid),
            "hp": stats.hit_points(state, uid),
            **unit_extras(state, uid),
            "factions": list(card.factions),
            "classes": [c.value for c in card.classes],
            "items": [card_brief(state, i) for i in unit.items],
            "attachments": [card_brief(state, i) for i in unit.attachments],
        }
    )
    if unit.controller != unit.formation:
        out["controller"] = unit.controller
    return out


def view(state: GameState, seat: int | None) -> dict[str, Any]:
    """The game as `seat` sees it (None: a spectator, who sees no hand)."""
    players = []
    for p in state.players:
        entry: dict[str, Any] = {
            "seat": p.seat,
            "eliminated": p.eliminated,
            "deck": len(p.deck),
            "hand_count": len(p.hand),
            "discard": [card_brief(state, i) for i in p.discard],
            "banish": [card_brief(state, i) for i in p.banish],
            "ranks": [[unit_view(state, u) for u in row] for row in p.ranks],
        }
        if p.seat == seat:
            entry["hand"] = [card_brief(state, i) for i in p.hand]
        players.append(entry)
    pending = []
    for d in state.pending:
        if d.kind is DecisionKind.REACT and d.seat != seat:
            continue  # who may react, and with what, is never shown to others (508, DESIGN 4)
        item = d.to_dict()
        item["default"] = d.default_answer.value  # what a timeout may answer
        if d.kind in PRIVATE_OPTIONS and d.seat != seat:
            item["options"] = []
        pending.append(item)
    return {
        "seat": seat,
        "turn": state.turn,
        "phase": state.phase.value,
        "active": state.active,
        "initiative_order": list(state.initiative_order),
        "winner": state.winner,
        "over": state.is_over,
        "waiting_on": list(dict.fromkeys(item["seat"] for item in pending)),
        "standing_orders": [
            {"policy": p, "window": w, "actions": n}
            for s, p, w, n in state.standing_orders
            if s == seat
        ],
        "pending": pending,
        "dungeon": card_brief(state, state.dungeon) if state.dungeon is not None else None,
        "players": players,
    }


def hidden_from(state: GameState, seat: int | None) -> set[int]:
    """Card instances `seat` may not see: other hands, and every deck's cards."""
    hidden: set[int] = set()
    for p in state.players:
        hidden.update(p.deck)
        if p.seat != seat:
            hidden.update(p.hand)
    return hidden


def events_for(events: Iterable[Event], seat: int | None) -> list[dict[str, Any]]:
    """Events as `seat` may see them: the cards others draw or take from their deck (a
    search, 701.1) are not named; discarded cards are public (discard piles, 405.4)."""
    out = []
    for e in events:
        if isinstance(e, CardDrawn | CardToHand) and e.seat != seat and _hidden_move(e):
            out.append({"kind": e.kind, "seat": e.seat})
        else:
            out.append(e.to_dict())
    return out


def _hidden_move(e: Event) -> bool:
    """A card going from a deck into a hand: drawn, or taken by a search (701.1)."""
    return not isinstance(e, CardToHand) or e.zone == "deck"


def react_exposure(state: GameState, seat: int) -> str | None:
    """Whether `seat`, asked to react now, could answer with cards everyone sees ("public":
    in play or in a discard pile) or with a card in its hand ("hidden"); None when it is not
    asked. The host decides how to pause from this; the view never says (engine.reacts)."""
    from engine.reacts import exposure

    return exposure(state, seat)
