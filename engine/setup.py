"""Preparing for battle (500): decks to card instances, starting armies, shuffled decks."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from engine.cards.catalog import CardCatalog
from engine.cards.model import Card, Deck
from engine.cards.validation import validate_deck
from engine.errors import SetupError
from engine.events import GameStarted, PhaseStarted, Transition, TurnStarted
from engine.formation import with_character
from engine.problems import Problem
from engine.rng import Rng
from engine.state import Format, GameConfig, GameState, PlayerState, Unit
from engine.turn import advance
from engine.tx import Tx


class CardSource(Protocol):
    """Anything that finds a card definition by id (a CardCatalog or a dict)."""

    def get(self, card_id: str, /) -> Card | None: ...


def army_shape(fmt: Format) -> tuple[int, int, int]:
    """(Warlords, level 1s, level 2s): 500.2, or 801.5.4 for Alliance."""
    levels = dict(fmt.rules.army_levels)
    return fmt.rules.warlords, levels[1], levels[2]


def _external_problems(deck: Deck, cards: Any, fmt: Format) -> list[Problem]:
    """Problems found by the cards package's deck validation (108, 801, 500.2, 500.3,
    602.3, 602.7), remembered per deck and catalogue when the catalogue is a CardCatalog
    (immutable, like a Deck): a simulation starts many games from the same decks."""
    if not isinstance(cards, CardCatalog):
        return [Problem(p.rule, p.message) for p in validate_deck(deck, cards, fmt)]
    key = (id(deck), id(cards), fmt)
    found = _VALIDATED.get(key)
    if found is None or found[0] is not deck or found[1] is not cards:
        if len(_VALIDATED) >= 256:
            _VALIDATED.clear()
        problems = tuple(Problem(p.rule, p.message) for p in validate_deck(deck, cards, fmt))
        found = _VALIDATED[key] = (deck, cards, problems)
    return list(found[2])


# `_external_problems` by deck, catalogue (both by identity, kept so their ids are not
# reused) and format.
_VALIDATED: dict[tuple[int, int, Format], tuple[Deck, CardCatalog, tuple[Problem, ...]]] = {}


def _army_problems(deck: Deck, cards: Mapping[str, Card], fmt: Format) -> list[Problem]:
    """The shape the engine needs to lay out a formation (500.2, 500.4, 801.5.4)."""
    warlords, ones, twos = army_shape(fmt)
    army = [cards[c] for c in deck.starting_army]
    problems = []
    lords = [c for c in army if c.is_warlord]
    if len(lords) != warlords:
        problems.append(
            Problem(
                "500.2",
                f"the starting army needs {warlords} "
                f"Warlord{'' if warlords == 1 else 's'}, not {len(lords)}.",
            )
        )
    rest = [c for c in army if not c.is_warlord]
    if sum(1 for c in rest if c.level == 1) != ones or sum(1 for c in rest if c.level == 2) != twos:
        problems.append(
            Problem(
                "500.2", f"the starting army needs {ones} level 1 and {twos} level 2 characters."
            )
        )
    if len(rest) != ones + twos:
        problems.append(Problem("500.2", f"the starting army has {len(rest)} other characters."))
    return problems


def new_game(
    config: GameConfig, decks: Sequence[Deck], seed: int, cards: CardSource | Mapping[str, Card]
) -> GameState:
    """The position at the start of a game (see `start_game`, which also gives its events)."""
    return start_game(config, decks, seed, cards).state


def start_game(
    config: GameConfig, decks: Sequence[Deck], seed: int, cards: CardSource | Mapping[str, Card]
) -> Transition:
    """Set up a game: reveal starting armies (500.1, 500.4), shuffle decks, then run the
    first turn until the first decision (ready phase, opening hands 503, the first initiative
    roll 504 when no seat has a choice to make first). Returns the state and those events."""
    if len(decks) != config.seats:
        raise SetupError(f"The game has {config.seats} seats but {len(decks)} decks were given.")
    if config.seats < 2:
        raise SetupError("A game needs at least two players.")
    used: dict[str, Card] = {}
    for deck in decks:
        for cid in deck.all_cards:
            try:
                card = cards.get(cid)
            except KeyError:
                card = None
            if card is None:
                raise SetupError(f"Deck {deck.name!r} names an unknown card id {cid!r}.")
            used[cid] = card
    for deck in decks:
        problems = _army_problems(deck, used, config.format)
        if config.validate_decks:
            problems += _external_problems(deck, cards, config.format)
        if problems:
            raise SetupError(f"Deck {deck.name!r} is not legal: {problems[0]}", tuple(problems))
    instances: list[str] = []
    owners: list[int] = []
    players: list[PlayerState] = []
    units: dict[int, Unit] = {}
    rng = Rng(seed)
    for seat, deck in enumerate(decks):
        ranks: tuple[tuple[int, ...], ...] = ()
        for cid in deck.starting_army:
            uid = len(instances)
            instances.append(cid)
            owners.append(seat)
            card = used[cid]
            rank = 3 if card.is_warlord else (card.level or 1)
            ranks = with_character(ranks, uid, rank)
            units[uid] = Unit(uid, seat, seat, is_warlord=card.is_warlord)
        library = []
        for cid in deck.cards:
            library.append(len(instances))
            instances.append(cid)
            owners.append(seat)
        shuffled, rng = rng.shuffled(tuple(library))
        players.append(PlayerState(seat, deck=shuffled, ranks=ranks))
    state = GameState(
        config=config,
        cards=used,
        instances=tuple(instances),
        owners=tuple(owners),
        tokens=frozenset(),
        players=tuple(players),
        units=units,
        rng=rng,
    )
    tx = Tx(state)
    tx.emit(GameStarted(seats=config.seats, format=config.format.value, seed=seed))
    from engine.keywords import place_charges

    for uid in sorted(units):  # 602.9: Charge counters on cards that begin in play
        place_charges(tx, uid)
    tx.emit(TurnStarted(turn=1))
    tx.emit(PhaseStarted(phase="ready", turn=1))
    advance(tx)
    return Transition(tx.freeze(), tuple(tx.events))


def create_token(tx: Tx, seat: int, card: Card) -> int:
    """A new token instance owned by `seat` (703.6); not yet in any zone."""
    if card.id not in tx.cards:
        tx.cards = {**tx.cards, card.id: card}
    uid = len(tx.instances)
    tx.instances = (*tx.instances, card.id)
    tx.owners = (*tx.owners, seat)
    tx.tokens = tx.tokens | {uid}
    return uid
