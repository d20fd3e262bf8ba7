"""Writing a game state as a position (docs/position-format.md): a dump of a live game is a
position that loads back to the same state, every card keeping its instance id.

What the game is in the middle of is written as its frame stack. The pending decisions are
written only when the engine could not ask them again from the rest (a character waiting for
its place in a rank, an item to destroy, discards half done); otherwise a reader may edit the
position freely and the engine recomputes what it waits on."""

from __future__ import annotations

from typing import Any

from engine.cards.model import Card
from engine.cards.serialize import card_to_dict
from engine.pending import DecisionKind
from engine.position import POSITION_VERSION, build_position
from engine.position_frames import decision_to_plain, frame_to_plain
from engine.state import GameState, Orientation, Phase, Unit

# Decisions the engine asks again from the written state (at step 0 of a phase).
RECOMPUTED = frozenset(
    {
        DecisionKind.ORDER,
        DecisionKind.DISCARD,
        DecisionKind.INITIATIVE_WARLORD,
        DecisionKind.STRIKE_TARGET,
        DecisionKind.FALL_FORWARD,
    }
)


def position_to_dict(state: GameState, embed_cards: bool = True) -> dict[str, Any]:
    """The position of `state`, with explicit ids and (by default) every card's definition."""
    placed: set[int] = set()

    def entry(instance: int, default_owner: int) -> dict[str, Any]:
        placed.add(instance)
        out: dict[str, Any] = {"card": state.instances[instance], "id": instance}
        if state.owners[instance] != default_owner:
            out["owner"] = state.owners[instance]
        return out

    seats = []
    for player in state.players:
        seat: dict[str, Any] = {
            "ranks": [[_unit(state, state.units[u], entry) for u in row] for row in player.ranks]
        }
        for zone, cards in (
            ("action_zone", player.action_zone),
            ("hand", player.hand),
            ("deck", player.deck),
            ("discard", player.discard),
            ("banish", player.banish),
        ):
            if cards or zone in ("hand", "deck", "discard"):
                seat[zone] = [entry(c, player.seat) for c in cards]
        if player.eliminated:
            seat["eliminated"] = True
        if player.initiative_warlord is not None:
            seat["initiative_warlord"] = player.initiative_warlord
        seats.append(seat)
    out: dict[str, Any] = {
        "position_version": POSITION_VERSION,
        "config": state.config.to_dict(),
        "seed": state.rng.seed,
    }
    if state.rng.counter:
        out["rng_counter"] = state.rng.counter
    dice = getattr(state.rng, "queued", ())
    if dice:
        out["dice"] = list(dice)
    out.update(
        {
            "turn": state.turn,
            "phase": state.phase.value,
            "active": state.active,
            "initiative_order": list(state.initiative_order),
        }
    )
    if state.passes:
        out["passes"] = state.passes
    if state.phase is Phase.GAME_OVER:
        out["winner"] = state.winner
    out["seats"] = seats
    out["dungeon"] = entry(state.dungeon, 0) if state.dungeon is not None else None
    if state.modifiers:
        out["modifiers"] = [
            {
                "target": m.target,
                "stat": m.stat,
                "amount": m.amount,
                "source_seat": m.source_seat,
                "until_end_of_turn": m.until_end_of_turn,
                **({"group": m.group} if m.group else {}),
                **({"effect": m.effect} if m.effect and m.effect != m.group else {}),
            }
            for m in state.modifiers
        ]
    if state.group_effects:
        out["group_effects"] = [
            {
                "id": g.id, "affects": g.affects, "seat": g.seat, "rank": g.rank,
                "exclude": g.exclude, "name": g.name, "stat": g.stat, "amount": g.amount,
                "source_seat": g.source_seat, "until_end_of_turn": g.until_end_of_turn,
            }
            for g in state.group_effects
        ]  # fmt: skip
    if state.used_abilities:
        out["used_abilities"] = [list(u) for u in state.used_abilities]
    if state.counters:
        out["counters"] = [list(c) for c in state.counters]
    if state.stack:
        out["stack"] = [frame_to_plain(frame) for frame in state.stack]
    if not is_recomputable(state):
        out["step"] = state.step
        out["pending"] = [decision_to_plain(decision) for decision in state.pending]
    ceased = [entry(i, 0) for i in range(len(state.instances)) if i not in placed]
    if ceased:
        out["ceased"] = ceased
    if embed_cards:
        used = sorted(set(state.instances))
        out["cards"] = {cid: card_to_dict(state.cards[cid]) for cid in used}
    return out


def is_recomputable(state: GameState) -> bool:
    """Whether the engine asks the pending decisions again from the rest of the state."""
    return state.step == 0 and all(d.kind in RECOMPUTED for d in state.pending)


def _unit(state: GameState, unit: Unit, entry: Any) -> dict[str, Any]:
    out: dict[str, Any] = entry(unit.id, unit.controller)
    if unit.controller != unit.formation:
        out["controller"] = unit.controller
    if unit.orientation is not Orientation.READY:
        out["orientation"] = unit.orientation.value
    if unit.wounds:
        out["wounds"] = unit.wounds
    if unit.is_warlord != state.card(unit.id).is_warlord:
        out["warlord"] = unit.is_warlord
    if unit.items:
        out["items"] = [entry(i, unit.controller) for i in unit.items]
    if unit.attachments:
        out["attachments"] = [entry(i, unit.controller) for i in unit.attachments]
    return out


def record_start(data: Any, cards: Any = None) -> tuple[dict[str, Any], dict[str, Card]]:
    """What a game record keeps to start from a position instead of a shuffle: the position as
    the engine read it (explicit ids, names resolved, the deck rest already shuffled, no card
    definitions) and the definitions of its cards. `load_position(position, cards)` with
    them gives the same starting state as `load_position(data, cards)`."""
    state = build_position(data, cards)
    return position_to_dict(state, embed_cards=False), dict(state.cards)
