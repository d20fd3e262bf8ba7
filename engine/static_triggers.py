"""Triggered static text (512.3): "When this character dies, ...", "After X enters play, ...".

512.3: "Sometimes, players have both an action and an ongoing or static effect that are
triggered by the same event. When this occurs, all actions are performed first, then the
ongoing and static effects are handled at the same time. Ongoing and static effects are
handled just like Reacts in most respects, such as resolving in initiative order and
rechecking the validity of the trigger before they occur."

A static ability of a card in play whose text opens with a trigger ("When", "Whenever",
"After", "Each time", up to the first comma) is read like a React's trigger
(`engine.cards.ability_triggers.read_trigger`). When `engine.reacts.open_window` meets a
trigger that such a text answers, the window is opened even if no seat can react
(`ReactWindow.statics`); once every React is done and the window closes, the static texts
still answering it (their card still in play: the trigger is checked again) are resolved by
hand by their controllers, in initiative order: one `ResolvingManually` frame each
(`static` set), the first seat's on top. The texts are not automated: the engine cannot tell
whether a static text is optional, so a player resolves it with adjustments.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace

from engine import reacts
from engine.cards.abilities import Ability, AbilityKind, Window
from engine.cards.ability_triggers import read_trigger
from engine.cards.model import Card
from engine.catalogue_memo import PerWindows
from engine.events import ManualEffect
from engine.feats import abilities_of
from engine.frames import ReactWindow, ResolvingManually
from engine.stats import Board
from engine.tx import Tx

_OPENING = re.compile(r"\s*(?:when|whenever|after|each time)\b[^,.:;]*", re.IGNORECASE)


@dataclass(frozen=True)
class _Statics:
    card: Card
    triggered: tuple[tuple[Ability, bool], ...]  # (the text with its trigger, passive)
    windows: frozenset[Window]


_CACHE: dict[int, _Statics] = {}


def statics_of(card: Card) -> _Statics:
    """A card's static texts that open with a trigger, read (cached per definition)."""
    found = _CACHE.get(id(card))
    if found is None or found.card is not card:
        out = []
        for ability in abilities_of(card):
            if ability.kind is not AbilityKind.STATIC or ability.trigger is not None:
                continue
            opening = _OPENING.match(ability.text)
            if opening is None:
                continue
            clause = opening[0].strip()
            trigger = read_trigger(clause.casefold(), clause)
            if trigger.window is Window.UNKNOWN:
                continue
            passive = bool(reacts._PASSIVE.search(clause.casefold()))
            out.append((replace(ability, trigger=trigger), passive))
        windows = frozenset(a.trigger.window for a, _ in out if a.trigger is not None)
        found = _Statics(card, tuple(out), windows)
        _CACHE[id(card)] = found
    return found


def static_names(board: Board, windows: tuple[Window, ...]) -> frozenset[str] | None:
    """Names of the game's cards with a triggered static text for `windows` (None: unknown)."""
    return _STATIC_NAMES.get(board, windows)


def static_names_in(cards: Mapping[str, Card], windows: tuple[Window, ...]) -> frozenset[str]:
    """`static_names` of a catalogue, worked out afresh."""
    return frozenset(n for n, c in cards.items() if statics_of(c).windows.intersection(windows))


_STATIC_NAMES = PerWindows(static_names_in)


def triggered(board: Tx, frame: ReactWindow) -> list[tuple[int, int, str]]:
    """(seat, card, text) of the static texts the frame's trigger sets off, in initiative
    order (512.3): on characters in play, their items and attachments, and the character the
    trigger is about when it just left play (a death)."""
    windows = reacts.windows_of(frame)
    names = static_names(board, windows)
    if names == frozenset():
        return []
    instances = getattr(board, "instances", None)
    out: list[tuple[int, int, str]] = []
    seats = board.seat_order()
    subject = frame.subject
    for seat in seats:
        holders: list[tuple[int, int]] = []
        for row in board.players[seat].ranks:
            for uid in row:
                unit = board.units[uid]
                if unit.controller != seat:
                    continue
                holders += [(c, uid) for c in (uid, *unit.items, *unit.attachments)]
        if subject is not None and subject not in board.units and board.owners[subject] == seat:
            holders.append((subject, subject))
        for card, who in holders:
            if names is not None and instances is not None and instances[card] not in names:
                continue
            for ability, passive in statics_of(board.card(card)).triggered:
                if reacts._answers(board, ability, passive, frame, windows, seat, who):
                    out.append((seat, card, ability.text))
    return out


def resolve_statics(tx: Tx, frame: ReactWindow) -> None:
    """512.3: after the Reacts, each static text still set off by the trigger is resolved by
    hand by its controller, in initiative order (the first one on top of the stack)."""
    found = triggered(tx, frame)
    for seat, card, text in found:
        tx.emit(ManualEffect(seat=seat, card=card, name=tx.name(card), text=text))
    for seat, card, text in reversed(found):
        tx.push_frame(ResolvingManually(seat, card, text, static=True))
