"""Test cards, decks and positions built directly as values (no card files needed)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace

from engine import Decision, DecisionKind, GameConfig, GameState, new_game
from engine.cards.model import (
    Card,
    CardClass,
    CardType,
    CharacterType,
    DamageType,
    Deck,
    Keyword,
)
from engine.formation import with_character
from engine.state import Format, Orientation, Phase, Unit
from engine.tx import Tx

RED = "Deverenian Empire"
GREEN = "Nothrog Legions"
MERC = "Mercenary Guilds"


def character(
    cid: str,
    level: int,
    attack: tuple[int, ...] = (3,),
    ac: int = 10,
    hp: int = 1,
    faction: str = RED,
    classes: tuple[CardClass, ...] = (CardClass.FIGHTER,),
    keywords: tuple[Keyword, ...] = (),
    warlord: bool = False,
    damage: DamageType = DamageType.PHYSICAL,
    text: str = "",
) -> Card:
    return Card(
        id=cid,
        name=cid.replace("-", " ").title(),
        type=CardType.CHARACTER,
        text=text,
        character_types=(CharacterType.WARLORD,) if warlord else (),
        classes=classes,
        factions=(faction,),
        level=level,
        attack=attack,
        damage_type=damage,
        armor_class=ac,
        skill=0,
        hit_points=hp,
        keywords=keywords,
    )


def item(
    cid: str,
    level: int = 1,
    attack: int = 0,
    ac: int = 0,
    hp: int = 0,
    traits: tuple[str, ...] = (),
    classes: tuple[CardClass, ...] = (CardClass.CLASSLESS,),
    keywords: tuple[Keyword, ...] = (),
    damage: DamageType | None = None,
) -> Card:
    return Card(
        id=cid,
        name=cid.replace("-", " ").title(),
        type=CardType.ITEM,
        classes=classes,
        level=level,
        attack=(attack,) if attack else (),
        armor_class=ac or None,
        hit_points=hp or None,
        traits=traits,
        keywords=keywords,
        damage_type=damage,
    )


def card(cid: str, kind: CardType, text: str = "", level: int = 1, **more: object) -> Card:
    return Card(
        id=cid, name=cid.replace("-", " ").title(), type=kind, text=text, level=level, **more
    )  # type: ignore[arg-type]


def army(prefix: str, faction: str, lord_hp: int = 4) -> list[Card]:
    """A legal starting army: a Warlord, three level 1s, two level 2s."""
    return [
        character(f"{prefix}-lord", 5, (6, 3), 15, lord_hp, faction, warlord=True),
        character(f"{prefix}-a", 1, (3,), 10, 1, faction),
        character(f"{prefix}-b", 1, (2,), 11, 1, faction),
        character(f"{prefix}-c", 1, (1,), 9, 1, faction),
        character(f"{prefix}-d", 2, (4,), 12, 2, faction),
        character(f"{prefix}-e", 2, (5,), 11, 1, faction),
    ]


class Cards(dict[str, Card]):
    """A dict of cards by id that can add more."""

    def add(self, *cards: Card) -> Cards:
        for c in cards:
            self[c.id] = c
        return self


def two_player_game(
    hand0: Iterable[Card] = (),
    hand1: Iterable[Card] = (),
    seed: int = 1,
    seats: int = 2,
    extra: Iterable[Card] = (),
    fmt: Format = Format.SAGA,
) -> tuple[GameState, Cards]:
    """A game in the order phase of turn 1 whose hands hold exactly the given cards
    (decks hold only those cards, so the first draw puts all of them in hand)."""
    cards = Cards()
    decks = []
    hands = [list(hand0), list(hand1)] + [[] for _ in range(seats - 2)]
    factions = [RED, GREEN, MERC, RED]
    for seat in range(seats):
        arm = army(f"p{seat}", factions[seat])
        cards.add(*arm, *hands[seat])
        decks.append(
            Deck(f"deck{seat}", tuple(c.id for c in arm), tuple(c.id for c in hands[seat]))
        )
    cards.add(*extra)
    config = GameConfig(seats=seats, format=fmt, validate_decks=False, hand_size=8)
    state = new_game(config, decks, seed, cards)
    while state.phase is not Phase.ORDER:  # decline any discards
        from engine import Decline, apply

        state = apply(state, Decline(state.pending[0].seat)).state
    return state, cards


def instance_of(state: GameState, card_id: str, seat: int | None = None) -> int:
    """The first instance of a card id (optionally owned by `seat`)."""
    for i, cid in enumerate(state.instances):
        if cid == card_id and (seat is None or state.owners[i] == seat):
            return i
    raise KeyError(card_id)


def to_order(state: GameState, seat: int) -> GameState:
    """The same position, but waiting on `seat` to give an Order."""
    decision = Decision(seat, DecisionKind.ORDER, "Give an Order or pass.", rule="505.2")
    return replace(state, active=seat, pending=(decision,), passes=0, stack=())


def set_unit(state: GameState, uid: int, **changes: object) -> GameState:
    units = dict(state.units)
    units[uid] = replace(units[uid], **changes)  # type: ignore[arg-type]
    return replace(state, units=units)


def set_ranks(state: GameState, seat: int, ranks: list[list[int]]) -> GameState:
    """Rearrange a seat's formation (units must already be in play or are added)."""
    units = dict(state.units)
    built: tuple[tuple[int, ...], ...] = ()
    for r, row in enumerate(ranks, start=1):
        for uid in row:
            built = with_character(built, uid, r)
            if uid not in units:
                units[uid] = Unit(uid, seat, seat)
    players = list(state.players)
    players[seat] = replace(players[seat], ranks=built)
    return replace(state, players=tuple(players), units=units)


def fixed_dice(tx: Tx, rolls: Iterable[int]) -> None:
    """Make a transaction roll the given naturals, in order."""
    it: Iterator[int] = iter(rolls)
    tx.die = lambda: next(it)  # type: ignore[method-assign]


def ready(state: GameState, *uids: int) -> GameState:
    for uid in uids:
        state = set_unit(state, uid, orientation=Orientation.READY)
    return state


def place_last(state: GameState) -> GameState:
    """Answer pending position decisions with the far-right position."""
    from engine import Choose, apply

    while state.pending and state.pending[0].kind is DecisionKind.POSITION:
        d = state.pending[0]
        state = apply(state, Choose(d.seat, d.options[-1])).state
    return state


def scripted(state: GameState, rolls: Iterable[int]) -> GameState:
    """The same position whose next d20 rolls are `rolls` (then the usual generator)."""
    return replace(state, rng=ScriptedRng(state.rng.seed, state.rng.counter, tuple(rolls)))


from dataclasses import dataclass  # noqa: E402

from engine.rng import Rng  # noqa: E402


@dataclass(frozen=True)
class ScriptedRng(Rng):
    """A generator whose next die rolls are preset, for rules tests."""

    script: tuple[int, ...] = ()

    def die(self, sides: int = 20) -> tuple[int, Rng]:
        if self.script:
            return self.script[0], ScriptedRng(self.seed, self.counter, self.script[1:])
        return Rng(self.seed, self.counter).die(sides)
