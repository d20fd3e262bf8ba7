"""React windows (508): when one opens, who may answer it, in what order, and closing it.

A trigger (a step of a strike 509.5, of an action 510.5, a death, a kill or a character
entering play 508.6, a fall forward 401.6.1.1) calls `open_window`. It lists, for each seat
in initiative order (508.3), the reacts that could answer it now: Reacts printed on the
seat's characters in play, on their equipped items and attached cards, Action cards in hand
that a character the seat controls could perform (508.4), and cards in the discard pile whose
text says they are used from there. Only when some seat has one (after its standing orders,
engine.standing_orders) is a `ReactWindow` frame pushed; otherwise nothing at all changes,
so the pause itself never tells anything (the public view hides react decisions too).

The window remembers what could answer at the moment of the trigger (508.10: position at
trigger time) in `offered`, and what was performed already in `used` (508.2: once per
trigger per copy). It asks one seat at a time; a react performed returns the game to the
trigger (the react's own frames run on top of the window), the trigger is checked again
(508.3, 508.7), and the other seats are asked before the same seat again. When every seat
still to answer has passed, the window is popped and the frame under it goes on.

A react is answered with `PerformAbility` (the same action as a printed Order), or `Decline`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine import standing_orders, static_triggers, stats
from engine.actions import Action, Decline, PerformAbility
from engine.cards.abilities import (
    Ability,
    AbilityKind,
    CostKind,
    Means,
    Performer,
    Qualifier,
    Who,
    Window,
)
from engine.cards.model import Card, CardType
from engine.catalogue_memo import PerWindows
from engine.feats import abilities_of, feat_answers, feat_of, feat_use_problem, use_counts
from engine.formation import distance, locate
from engine.frames import PerformingAction, ReactWindow
from engine.pending import Decision, DecisionKind
from engine.spend_waiver import waived
from engine.state import GameState, Orientation
from engine.stats import Board
from engine.tx import Tx
from engine.values import replace

# Enum members bound once: on CPython 3.11 `Enum.MEMBER` goes through EnumType.__getattr__.
_KILL = Window.KILL
_AFTER_DEATH = Window.AFTER_DEATH
_UNKNOWN = Window.UNKNOWN
_MEANS_ANY = Means.ANY
_WHO_ANY = Who.ANY
_WHO_TARGET = Who.TARGET
_CHECK = Window.BEFORE_CHECK

# The rule that defines each window (a decision's `rule`).
WINDOW_RULES: dict[Window, str] = {
    Window.BEFORE_STRIKE: "509.5",
    Window.BEFORE_TARGETING: "509.5",
    Window.AFTER_TARGETING: "509.5",
    Window.BEFORE_ROLL: "509.5",
    Window.AFTER_ROLL: "509.5",
    Window.BEFORE_HIT: "509.5",
    Window.AFTER_HIT: "509.5",
    Window.AFTER_MISS: "509.5",
    Window.BEFORE_WOUNDS: "509.5",
    Window.AFTER_WOUNDS: "509.5",
    Window.INSTEAD_OF_WOUNDS: "509.5",
    Window.AFTER_STRIKE: "509.5",
    Window.BEFORE_ACTION: "510.5",
    Window.BEFORE_COST: "510.5",
    Window.AFTER_COST: "510.5",
    Window.ACTION_EFFECT: "508.12",
    Window.AFTER_ACTION: "510.5",
    Window.DEATH: "508.6.1",
    _AFTER_DEATH: "508.6.2",
    _KILL: "508.6.2",
    Window.ENTER_PLAY: "508.6.3",
    Window.FALL_FORWARD: "401.6.1.1",
    Window.BEFORE_CHECK: "106.1",
}

# Windows whose subject has left play by then: the trigger stays valid without it.
GONE_SUBJECT = frozenset({_AFTER_DEATH, _KILL, Window.LEAVE_PLAY, Window.AFTER_ACTION})

WINDOW_WORDS: dict[Window, str] = {
    Window.BEFORE_STRIKE: "before a strike is performed",
    Window.BEFORE_TARGETING: "before a strike targets",
    Window.AFTER_TARGETING: "after a strike targets",
    Window.BEFORE_ROLL: "before a die roll",
    Window.AFTER_ROLL: "after a strike roll",
    Window.BEFORE_HIT: "before a strike hits or misses",
    Window.AFTER_HIT: "after a strike hits",
    Window.AFTER_MISS: "after a strike misses",
    Window.BEFORE_WOUNDS: "before wounds are suffered",
    Window.AFTER_WOUNDS: "after wounds are suffered",
    Window.INSTEAD_OF_WOUNDS: "instead of wounds",
    Window.AFTER_STRIKE: "after a strike resolves",
    Window.BEFORE_ACTION: "before an action is performed",
    Window.BEFORE_COST: "before an action's cost is paid",
    Window.AFTER_COST: "after an action's cost is paid",
    Window.ACTION_EFFECT: "during an action's effect",
    Window.AFTER_ACTION: "after an action is performed",
    Window.DEATH: "before a character dies",
    _AFTER_DEATH: "after a character died",
    _KILL: "after a character kills another",
    Window.ENTER_PLAY: "after a character enters play",
    Window.FALL_FORWARD: "after a character falls forward",
    Window.BEFORE_CHECK: "before a check or save is rolled",
}

# A trigger about what happens *to* its subject ("is targeted", "suffers", "dies").
_PASSIVE = re.compile(
    r"\b(?:is|are|was|were|be|being|been|gets?)\b|\bsuffer(?:s|ing)?\b|\bdies\b|\bdie\b(?! roll)"
    r"|\bdying\b|\benters?\b|\bentering\b|\bfalls?\b"
)


@dataclass(frozen=True)
class Offer:
    """One react a seat could perform: ability `ability` of `card` by `performer`."""

    card: int
    ability: int
    performer: int


_WINDOWS_OF: dict[str, tuple[Window, ...]] = {}


def windows_of(frame: ReactWindow) -> tuple[Window, ...]:
    """The windows open at the frame's moment, most specific first (508.5)."""
    found = _WINDOWS_OF.get(frame.trigger)
    if found is None:
        found = tuple(Window(w) for w in frame.trigger.split(",") if w)
        _WINDOWS_OF[frame.trigger] = found
    return found


# --- which reacts could answer ------------------------------------------------------------


@dataclass(frozen=True)
class _CardReacts:
    """A card definition's Reacts with their index, whether each is about what happens *to*
    its subject, and the windows they answer (None: every window, an unread trigger)."""

    card: Card
    reacts: tuple[tuple[int, Ability, bool], ...]
    windows: frozenset[Window] | None


_REACTS: dict[int, _CardReacts] = {}


def _reacts_of(card: Card) -> _CardReacts:
    """The React abilities of a card (cached per card definition)."""
    cached = _REACTS.get(id(card))
    if cached is None or cached.card is not card:
        found = tuple(
            (i, a, bool(_PASSIVE.search(a.trigger.text.casefold())))
            for i, a in enumerate(abilities_of(card))  # 603: feats too
            if a.kind is AbilityKind.REACT and a.trigger is not None
        )
        windows = frozenset(a.trigger.window for _, a, _ in found if a.trigger is not None)
        cached = _CardReacts(card, found, None if _UNKNOWN in windows else windows)
        _REACTS[id(card)] = cached
    return cached


def _may_answer(card: Card, windows: tuple[Window, ...]) -> bool:
    """A quick test: whether any React of the card names one of `windows` (or any)."""
    found = _reacts_of(card)
    if not found.reacts:
        return False
    return found.windows is None or any(w in found.windows for w in windows)


@dataclass(frozen=True)
class _Names:
    """The names of a catalogue's cards with a React for some windows: all of them, those
    that may answer from a hand (Action cards) and those from a discard pile (508.2)."""

    all: frozenset[str]
    hand: frozenset[str]
    discard: frozenset[str]
    statics: bool  # whether some card has a triggered static text for them (512.3)


def _reactive(board: Board, sources: list[int], windows: tuple[Window, ...]) -> list[int]:
    """The sources whose card has a React naming one of `windows` (or any window)."""
    names = _names_for(board, windows)
    instances: Sequence[str] | None = getattr(board, "instances", None)
    if names is None or instances is None:
        return [c for c in sources if _may_answer(board.card(c), windows)]
    return [c for c in sources if instances[c] in names]


def _names_for(board: Board, windows: tuple[Window, ...]) -> frozenset[str] | None:
    """The names of the board's card definitions with a React for `windows` (None: a board
    without its catalogue)."""
    found = _split_for(board, windows)
    return None if found is None else found.all


def _split_for(board: Board, windows: tuple[Window, ...]) -> _Names | None:
    """`_Names` of the board's catalogue for `windows` (None: a board without catalogue)."""
    return _NAMES.get(board, windows)


def _split(cards: Mapping[str, Card], windows: tuple[Window, ...]) -> _Names:
    from engine.static_triggers import static_names_in

    every = frozenset(n for n, card in cards.items() if _may_answer(card, windows))
    return _Names(
        every,
        frozenset(n for n in every if cards[n].functions_as is CardType.ACTION),
        frozenset(n for n in every if _from_discard(cards[n])),
        bool(static_names_in(cards, windows)),
    )


# Per card catalogue and tuple of windows: the names of the cards with a React that answers
# one of the windows (or any window), so that listing offers skips most cards with one set
# lookup each (the index of Reacts by window).
_NAMES = PerWindows(_split)


def _seat_quiet(board: Board, seat: int, names: _Names) -> bool:
    """Whether no card of `seat` could have a React for the windows of `names`: none of its
    characters in play, their items and attachments, no Action card in hand, no card in its
    discard pile used from there (a few set tests, the common case)."""
    instances: Sequence[str] | None = getattr(board, "instances", None)
    if instances is None:
        return False
    get = instances.__getitem__
    player = board.players[seat]
    if names.hand and not names.hand.isdisjoint(map(get, player.hand)):
        return False
    if names.discard and not names.discard.isdisjoint(map(get, player.discard)):
        return False
    every = names.all
    for unit in board.units.values():  # (a superset of the characters in its formations)
        if unit.controller != seat:
            continue
        if instances[unit.id] in every:
            return False
        if unit.items and not every.isdisjoint(map(get, unit.items)):
            return False
        if unit.attachments and not every.isdisjoint(map(get, unit.attachments)):
            return False
    return True


def _means_match(wanted: Means, means: Means, spell: bool = False) -> bool:
    if wanted is _MEANS_ANY or wanted is means:
        return True
    if wanted is Means.SPELL and spell:
        return True  # a spell's strike (303.6, 603.4)
    if wanted is Means.STRIKE:
        return means in (Means.MELEE, Means.RANGED, Means.STRIKE)
    if wanted is Means.ACTION:
        return means in (Means.ACTION, Means.SPELL)
    return False


_ORDER_WORD = re.compile(r"\borders?\b", re.IGNORECASE)
_REACT_WORD = re.compile(r"\breacts?\b", re.IGNORECASE)


def _action_kind_match(text: str, kind: str) -> bool:
    """ "After ... performs an Order" answers Orders only, "... a React" Reacts only (510.1)."""
    order, react = bool(_ORDER_WORD.search(text)), bool(_REACT_WORD.search(text))
    if order == react:
        return True
    return kind == ("order" if order else "react")


def _controller(board: Board, uid: int) -> int:
    unit = board.units.get(uid)
    if unit is not None:
        return unit.controller
    owners: tuple[int, ...] | list[int] = getattr(board, "owners", ())
    return owners[uid]


def _who_match(
    board: Board, ability: Ability, passive: bool, frame: ReactWindow, seat: int, who: int
) -> bool:
    """Whether the character the trigger is about fits the React's subject (508.1)."""
    trigger = ability.trigger
    assert trigger is not None
    focus = frame.subject if passive or frame.actor is None else frame.actor
    if trigger.subject in (_WHO_ANY, _WHO_TARGET):
        return True
    if focus is None:
        return trigger.subject is Who.OTHER  # not known yet: "this character" is not it
    if trigger.subject is Who.THIS:
        return focus == who
    if trigger.subject is Who.OTHER:
        return focus != who
    mine = _controller(board, focus) == seat
    if trigger.subject is Who.YOURS:
        return mine
    if trigger.subject is Who.ANOTHER_YOURS:
        return mine and focus != who
    return not mine  # OPPOSING


def _near(board: Board, within: int | None, frame: ReactWindow, passive: bool, who: int) -> bool:
    """508.10: a trigger "within N ranks" (0: this rank) counts where the reacting character
    stands at the moment of the trigger."""
    focus = frame.subject if passive or frame.actor is None else frame.actor
    if within is None or focus is None:
        return True
    here, there = locate(board.players, who), locate(board.players, focus)
    if here is None or there is None:
        return True  # it left play: the player checks the condition (508.8)
    return distance(here, there) <= within


def _answers(
    board: Board,
    ability: Ability,
    passive: bool,
    frame: ReactWindow,
    windows: tuple[Window, ...],
    seat: int,
    who: int,
) -> bool:
    """Whether `ability`, performed by `who`, answers the frame's trigger (window, subject,
    means; an unreadable trigger answers every window)."""
    trigger = ability.trigger
    assert trigger is not None
    if trigger.window is not _UNKNOWN:
        if trigger.window not in windows:
            return False
        # 508.5: a React answering several open windows answers the most specific one.
        if not _means_match(trigger.means, _MEANS[frame.means], frame.spell):
            return False
        if frame.action and not _action_kind_match(trigger.text, frame.action):
            return False
        return (
            _who_match(board, ability, passive, frame, seat, who)
            and _near(board, trigger.within_ranks, frame, passive, who)
            and feat_answers(board, ability, who, frame.subject, frame.actor, frame.spell)
        )
    return True


def _could_perform(board: Board, card: Card, ability: Ability, who: int) -> bool:
    """Whether `who` may perform the React now: not stunned (107.4.3), ready for a Spend
    React (510.6), level and class of an Action card (303.2, 303.3), costs it can pay."""
    unit = board.units.get(who)
    if unit is None or unit.orientation is Orientation.STUNNED:
        return False
    if (
        ability.is_spend
        and unit.orientation is not Orientation.READY
        and not waived(board, ability, who)
    ):
        return False
    if (
        card.functions_as is CardType.ACTION
        and ability.performer is Performer.CHARACTER_YOU_CONTROL
    ):
        who_card = board.card(who)
        if stats.level(board, who) < (card.level or 0):
            return False
        if not stats.class_allows(card.classes, who_card):
            return False
        if stats.restriction_problem(card, who_card):
            return False
    return True


def _limited_used(board: Board, card: int, index: int, ability: Ability, who: int) -> bool:
    """510.7: a Limited React used this turn (the record kept by engine.abilities_run)."""
    if feat_of(ability) is not None:  # 603.1, 603.12.2: counted per character and feat
        return feat_use_problem(board, card, ability, who) is not None
    once = Qualifier.ONCE_PER_GAME in ability.qualifiers
    if not (ability.is_limited or once):
        return False
    used = getattr(board, "used_abilities", ())
    if not used:
        return False
    turn = None if once else getattr(board, "turn", 0)  # None: counted over the game
    return use_counts(used).get((card, index, turn), 0) > 0


def _hand_cost_ok(board: Board, seat: int, card: int, ability: Ability) -> bool:
    """Discard costs need enough other cards in hand (510.2)."""
    need = sum(c.amount for c in ability.costs if c.kind is CostKind.DISCARD_CARDS)
    if not need:
        return True
    hand = board.players[seat].hand
    return len([c for c in hand if c != card]) >= need


def _from_discard(card: Card) -> bool:
    """A card whose text says it is used from the discard pile (508.2's example)."""
    return "discard pile" in card.text.casefold() and "from your discard" in card.text.casefold()


def seat_offers(board: Board, seat: int, frame: ReactWindow) -> list[Offer]:
    """Every react `seat` could perform at the frame's moment, in a stable order: its
    characters in play (their printed Reacts, then equipped items and attachments), then
    Action cards in hand, then cards in its discard pile that say so."""
    windows = windows_of(frame)
    return _seat_offers(board, seat, frame, windows, _split_for(board, windows))


def _seat_offers(
    board: Board, seat: int, frame: ReactWindow, windows: tuple[Window, ...], names: _Names | None
) -> list[Offer]:
    """`seat_offers` given the frame's windows and their `_Names` (`_split_for`)."""
    out: list[Offer] = []
    if names is not None and not names.all:
        return out  # no card of this game has a React for these windows
    if names is not None and _seat_quiet(board, seat, names):
        return out  # no card of the seat has a React for these windows: the common case
    units = board.units
    mine = [uid for p in board.players for row in p.ranks for uid in row]
    mine = [uid for uid in mine if units[uid].controller == seat]
    player = board.players[seat]
    instances: Sequence[str] | None = getattr(board, "instances", None)
    every = names.all if names is not None and instances is not None else None

    def reactive(sources: list[int]) -> list[int]:
        if every is None or instances is None:
            return _reactive(board, sources, windows)
        return [c for c in sources if instances[c] in every]

    if every is None:
        everything = [*player.hand, *player.discard]
        for uid in mine:
            unit = units[uid]
            everything += (uid, *unit.items, *unit.attachments)
        if not _reactive(board, everything, windows):
            return out  # no card of the seat has a React for these windows
    for uid in mine:
        unit = units[uid]
        if (
            every is not None
            and instances is not None
            and not (unit.items or unit.attachments or instances[uid] in every)
        ):
            continue  # nothing here has a React for these windows (`reactive`)
        for source in reactive([uid, *unit.items, *unit.attachments]):
            card = board.card(source)
            for index, ability, passive in _reacts_of(card).reacts:
                if source == uid and ability.performer is Performer.BEARER:
                    continue
                if source != uid and ability.performer not in (
                    Performer.BEARER,
                    Performer.THIS_CHARACTER,
                ):
                    continue
                if _usable(board, seat, frame, windows, source, (index, ability, passive), uid):
                    out.append(Offer(source, index, uid))
    if names is not None and instances is not None:  # `reactive`, read from the split names
        held = [c for c in player.hand if instances[c] in names.hand] if names.hand else []
        if names.discard:
            held += [c for c in player.discard if instances[c] in names.discard]
    else:
        held = reactive([*player.hand, *player.discard])
    for source in held:
        card = board.card(source)
        if source in player.hand and card.functions_as is not CardType.ACTION:
            continue
        if source not in player.hand and not _from_discard(card):
            continue
        for index, ability, passive in _reacts_of(card).reacts:
            if ability.performer is not Performer.CHARACTER_YOU_CONTROL:
                continue
            for uid in mine:
                if _usable(board, seat, frame, windows, source, (index, ability, passive), uid):
                    out.append(Offer(source, index, uid))
    return out


def _usable(
    board: Board,
    seat: int,
    frame: ReactWindow,
    windows: tuple[Window, ...],
    source: int,
    react: tuple[int, Ability, bool],
    who: int,
) -> bool:
    index, ability, passive = react
    card = board.card(source)
    return (
        _answers(board, ability, passive, frame, windows, seat, who)
        and _could_perform(board, card, ability, who)
        and not _limited_used(board, source, index, ability, who)
        and _hand_cost_ok(board, seat, source, ability)
    )


def is_hidden(board: Board, seat: int, offer: Offer) -> bool:
    """Whether an offer comes from the seat's hand (hidden), not from a card in play or in a
    discard pile (public)."""
    return offer.card in board.players[seat].hand


# --- the window frame ---------------------------------------------------------------------


def _flat(offers: list[Offer]) -> tuple[int, ...]:
    return tuple(v for o in offers for v in (o.card, o.ability, o.performer))


def _unflat(values: tuple[int, ...]) -> list[Offer]:
    return [Offer(*values[i : i + 3]) for i in range(0, len(values), 3)]


def _used(frame: ReactWindow) -> set[tuple[int, int]]:
    return {(frame.used[i], frame.used[i + 1]) for i in range(0, len(frame.used), 2)}


def open_window(
    tx: Tx,
    windows: tuple[Window, ...],
    *,
    seat: int,
    actor: int | None = None,
    subject: int | None = None,
    means: Means = _MEANS_ANY,
    spell: bool = False,
    action: str = "",
    killed: str = "",
) -> bool:
    """Open a react window at a trigger (508.1): `windows` are the triggers of this moment,
    most specific first (508.5); `actor` did it, `subject` it happened to; `means` is what it
    was done with, `spell` whether it is a spell (303.6); `action` "order" or "react" for the
    windows of an action (510.5); `killed` the rule of a kill effect for its Death window (the
    character dies when the window closes, 508.6.1). Pushes a `ReactWindow` frame and returns
    True when some seat could answer (after its standing orders); otherwise changes nothing
    and returns False.

    A caller that is a frame sets its own next step first, then calls this; when it returns
    True the caller returns, and `engine.turn.advance` resumes it once the window is closed.
    """
    names = _split_for(tx, windows)
    if names is not None and not names.all and not names.statics:
        return False  # no card of this game answers these windows: the common case
    frame = ReactWindow(
        seat=seat,
        trigger=_trigger_of(windows),
        to_answer=(),
        subject=subject,
        actor=actor,
        means=means.value,
        spell=spell,
        action=action,
        killed=killed,
        level=_level_at_death(tx, windows, subject),
    )
    offered: list[Offer] = []
    seats: list[int] = []
    if names is None or names.all:  # otherwise no seat has an offer
        busy = _performing(tx) if _CHECK in windows else ()
        for s in tx.seat_order():
            found = _seat_offers(tx, s, frame, windows, names)
            offers = standing_orders.filter_offers(tx, s, windows, found)
            if busy:  # 508.2: a React does not answer the checks its own effect makes
                offers = [o for o in offers if (o.card, o.ability) not in busy]
            if offers:
                seats.append(s)
                offered += offers
    # 512.3: static texts after the Reacts (none when no card of the game has one for these)
    statics = (names is None or names.statics) and bool(static_triggers.triggered(tx, frame))
    if not offered and not statics:
        return False
    from engine.frame_decisions import withdraw

    withdraw(tx)  # a frame waiting on a decision asks it again once the window closed (508.3)
    tx.push_frame(replace(frame, to_answer=tuple(seats), offered=_flat(offered), statics=statics))
    return True


def _performing(tx: Tx) -> set[tuple[int, int]]:
    """The (card, ability) pairs of the actions being performed (their frames on the stack)."""
    return {(f.card, f.ability) for f in tx.stack if isinstance(f, PerformingAction)}


def _trigger_of(windows: tuple[Window, ...]) -> str:
    """`ReactWindow.trigger` for `windows` (remembered: an enum's `value` is a Python-level
    property on CPython 3.11)."""
    found = _TRIGGERS.get(windows)
    if found is None:
        found = _TRIGGERS[windows] = ",".join(w.value for w in windows)
    return found


_TRIGGERS: dict[tuple[Window, ...], str] = {}
_MEANS = {m.value: m for m in Means}  # `Means(value)` without EnumType.__call__


def _level_at_death(tx: Tx, windows: tuple[Window, ...], subject: int | None) -> int | None:
    """508.9: for the windows after a death, the level the character had when it died (its
    `character_died` event, emitted just before), not its printed level."""
    if subject is None or not any(w in (_KILL, _AFTER_DEATH) for w in windows):
        return None
    from engine.events import CharacterDied

    for event in reversed(tx.events):
        if isinstance(event, CharacterDied) and event.card == subject:
            return event.level
    return None


def died_level(frame: ReactWindow) -> int | None:
    """508.9: the level of the character whose death the window answers, at its death."""
    return frame.level


def usable_offers(board: Board, seat: int, frame: ReactWindow) -> list[Offer]:
    """The offers of the window `seat` may still perform now: offered at the trigger
    (508.10), not yet used in this window (508.2), still where they were and performable."""
    used = _used(frame)
    out = []
    for offer in _unflat(frame.offered):
        if (offer.card, offer.ability) in used or _controller(board, offer.performer) != seat:
            continue
        if offer.performer not in board.units or not _still_there(board, seat, offer):
            continue
        card = board.card(offer.card)
        ability = abilities_of(card)[offer.ability]
        if (
            _could_perform(board, card, ability, offer.performer)
            and not _limited_used(board, offer.card, offer.ability, ability, offer.performer)
            and _hand_cost_ok(board, seat, offer.card, ability)
        ):
            out.append(offer)
    return standing_orders.filter_offers(board, seat, windows_of(frame), out)


def _still_there(board: Board, seat: int, offer: Offer) -> bool:
    player = board.players[seat]
    if offer.card in player.hand or offer.card in player.discard:
        return True
    if offer.card == offer.performer:
        return True
    unit = board.units[offer.performer]
    return offer.card in unit.items or offer.card in unit.attachments


def forget_used(tx: Tx, cards: set[int]) -> None:
    """508.2.1: "the game does not 'remember' that a React has already been used if it has
    been shuffled into your deck": `cards` were shuffled into a deck, so every open window
    forgets that they were used."""
    for index, frame in enumerate(tx.stack):
        if isinstance(frame, ReactWindow) and frame.used:
            pairs = [frame.used[i : i + 2] for i in range(0, len(frame.used), 2)]
            kept = tuple(v for pair in pairs if pair[0] not in cards for v in pair)
            if kept != frame.used:
                tx.set_frame(index, replace(frame, used=kept))


def trigger_valid(tx: Tx, frame: ReactWindow) -> bool:
    """508.3 / 508.7: whether the trigger still stands (its subject still in play, a dying
    character still dying)."""
    windows = windows_of(frame)
    if frame.subject is None or any(w in GONE_SUBJECT for w in windows):
        return True
    if frame.subject not in tx.units:
        return False
    if Window.DEATH in windows and not frame.killed:
        from engine.death import is_dying

        return is_dying(tx, frame.subject) is not None  # 508.7: a React saved it
    return True


def resume_window(tx: Tx, index: int, frame: ReactWindow) -> bool:
    """Ask the next seat that may still react (True), or close the window (False)."""
    from engine.strikes import redirected_away

    if trigger_valid(tx, frame) and not redirected_away(tx, index, frame.subject, frame.trigger):
        to_answer = frame.to_answer
        while to_answer:
            seat = to_answer[0]
            offers = usable_offers(tx, seat, frame)
            if offers:
                if to_answer != frame.to_answer:
                    tx.set_frame(index, replace(frame, to_answer=to_answer))
                tx.ask(index, react_decision(tx, seat, frame, offers))
                return True
            to_answer = to_answer[1:]
    tx.pop_frame()
    close_window(tx, frame)
    return False


def react_decision(tx: Tx, seat: int, frame: ReactWindow, offers: list[Offer]) -> Decision:
    windows = windows_of(frame)
    words = WINDOW_WORDS.get(windows[0], windows[0].value.replace("_", " "))
    about = f" ({tx.name(frame.subject)})" if frame.subject is not None else ""
    cards = tuple(dict.fromkeys(o.card for o in offers))
    return Decision(
        seat,
        DecisionKind.REACT,
        f"React {words}{about}, or pass.",
        cards,
        subject=frame.subject,
        may_decline=True,
        rule=WINDOW_RULES.get(windows[0], "508.1"),
    )


def close_window(tx: Tx, frame: ReactWindow) -> None:
    """Back to the trigger once every seat has passed: static texts it set off are resolved
    (512.3), and a death goes on (508.6.1, 508.7)."""
    if frame.statics:
        from engine.static_triggers import resolve_statics

        resolve_statics(tx, frame)
    if Window.DEATH.value in frame.trigger.split(","):
        from engine.death import after_death_windows, die, finish_dying

        uid = frame.subject
        if not frame.killed:
            finish_dying(tx, frame)
        elif uid is not None and uid in tx.units:  # 508.7: still in play, it is killed
            die(tx, uid, "killed", frame.killed)
            after_death_windows(tx, uid, frame.actor)


def react_actions(state: GameState, seat: int, decision: Decision) -> list[Action]:
    """The answers to a REACT decision: each usable react, then Decline (pass)."""
    assert decision.frame is not None
    frame = state.stack[decision.frame]
    assert isinstance(frame, ReactWindow)
    out: list[Action] = []
    for offer in usable_offers(state, seat, frame):
        out += _performances(state, seat, offer)
    out.append(Decline(seat))
    return out


def _performances(board: Board, seat: int, offer: Offer) -> list[Action]:
    """`PerformAbility` answers for an offer: one per possible target when it targets
    (510.5 step 2), with the first hand cards other than itself for a discard cost."""
    from engine.abilities_offer import needs_target, targets

    ability = abilities_of(board.card(offer.card))[offer.ability]
    need = sum(c.amount for c in ability.costs if c.kind is CostKind.DISCARD_CARDS)
    hand = [c for c in board.players[seat].hand if c != offer.card]
    discard = tuple(hand[:need])
    picks = [-1]
    if needs_target(ability):
        picks = targets(board, seat, ability, offer.performer)
    return [
        PerformAbility(seat, offer.card, offer.ability, offer.performer, t, discard) for t in picks
    ]


def react_problem(state: GameState, decision: Decision, action: Action) -> str | None:
    """Why `action` does not answer the REACT decision (a sentence), or None."""
    if isinstance(action, Decline):
        return None
    if not isinstance(action, PerformAbility):
        return "answer a react window with a React or pass."
    if action in react_actions(state, action.seat, decision):
        return None
    return "that React cannot answer this window now."


def answer_react(tx: Tx, decision: Decision, action: Action) -> None:
    """A seat passes (the next seat is asked) or performs a React: it is remembered for this
    trigger (508.2), every other seat gets to answer before this one again (508.3), and the
    React is performed on top of the window, which then checks its trigger again."""
    assert decision.frame is not None
    index = decision.frame
    frame = tx.stack[index]
    assert isinstance(frame, ReactWindow)
    if isinstance(action, Decline):
        tx.set_frame(index, replace(frame, to_answer=frame.to_answer[1:]))
        return
    assert isinstance(action, PerformAbility)
    seat = action.seat
    seats = [
        s
        for s in tx.seat_order()
        if any(_controller(tx, o.performer) == s for o in _unflat(frame.offered))
    ]
    if seat in seats:
        at = seats.index(seat)
        seats = seats[at + 1 :] + seats[:at] + [seat]
    tx.set_frame(
        index,
        replace(
            frame,
            to_answer=tuple(seats),
            used=(*frame.used, action.card, action.ability),
        ),
    )
    from engine.react_perform import perform_react

    perform_react(tx, action, windows_of(frame), frame.subject, frame.level)


def exposure(state: GameState, seat: int) -> str | None:
    """Whether `seat` is being asked to react with reacts the others can see ("public":
    cards in play or in a discard pile) or may not ("hidden": a card in hand); None when it
    is not asked. For a host deciding how to pause: the public view never says."""
    decision = next(
        (d for d in state.pending if d.seat == seat and d.kind is DecisionKind.REACT), None
    )
    if decision is None or decision.frame is None:
        return None
    frame = state.stack[decision.frame]
    assert isinstance(frame, ReactWindow)
    offers = usable_offers(state, seat, frame)
    return "hidden" if any(is_hidden(state, seat, o) for o in offers) else "public"
