"""Formations (401): ranks, positions, distances between characters, illegal ranks."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.state import Orientation, PlayerState, Unit


@dataclass(frozen=True)
class Place:
    """Where a character stands: whose formation, rank number (1 = front), position."""

    formation: int
    rank: int
    position: int


def locate(players: Sequence[PlayerState], uid: int) -> Place | None:
    """The place of a character in play, or None."""
    if type(players) is tuple:  # a GameState's players: read from the cached places
        return all_places(players).get(uid)
    for player in players:
        for r, rank in enumerate(player.ranks):
            if uid in rank:
                return _place(player.seat, r + 1, rank.index(uid))
    return None


def adjacent(players: Sequence[PlayerState], one: int, other: int) -> bool:
    """401.10: "adjacent" is directly next to it in the same rank."""
    here, there = locate(players, one), locate(players, other)
    if here is None or there is None:
        return False
    same_rank = (here.formation, here.rank) == (there.formation, there.rank)
    return same_rank and abs(here.position - there.position) == 1


# Places are frozen values: one instance per (formation, rank, position), shared, so listing
# a formation's places builds none once its shape was seen.
_PLACE: dict[tuple[int, int, int], Place] = {}


def _place(formation: int, rank: int, position: int) -> Place:
    key = (formation, rank, position)
    found = _PLACE.get(key)
    if found is None:
        if len(_PLACE) >= 10_000:
            _PLACE.clear()
        found = _PLACE[key] = Place(formation, rank, position)
    return found


# The places of the last formations asked about, by each player's ranks (frozen values, by
# identity: a player's ranks stay the same object while only its hand or deck changes) and
# seat: listing legal actions and settling a transaction ask many times.
_Shape = tuple[tuple[tuple[tuple[int, ...], ...], int], ...]
_LAST_PLACES: list[tuple[_Shape, dict[int, Place]]] = []


def all_places(players: Sequence[PlayerState]) -> Mapping[int, Place]:
    """The place of every character in play, in one pass (read only: it may be shared)."""
    if _LAST_PLACES:
        shapes, found = _LAST_PLACES[0]
        if len(shapes) == len(players):
            for player, (ranks, seat) in zip(players, shapes, strict=True):
                if player.ranks is not ranks or player.seat != seat:
                    break
            else:
                return found
    found = _places(players)
    _LAST_PLACES[:] = [(tuple([(p.ranks, p.seat) for p in players]), found)]
    return found


def _places(players: Sequence[PlayerState]) -> dict[int, Place]:
    out: dict[int, Place] = {}
    for player in players:
        ranks, seat = player.ranks, player.seat
        found = _RANK_PLACES.get(id(ranks))
        if found is None or found[0] is not ranks or found[1] != seat:
            if len(_RANK_PLACES) >= 4096:
                _RANK_PLACES.clear()
            places: dict[int, Place] = {}
            get = _PLACE.get
            for r, rank in enumerate(ranks, 1):
                for i, uid in enumerate(rank):
                    place = get((seat, r, i))
                    places[uid] = _place(seat, r, i) if place is None else place
            found = (ranks, seat, places)
            _RANK_PLACES[id(ranks)] = found
        out.update(found[2])
    return out


# The places in one formation, by its ranks (a frozen value, by identity: a player's ranks
# stay the same object while only its hand or deck changes) and its seat.
_RANK_PLACES: dict[int, tuple[tuple[tuple[int, ...], ...], int, dict[int, Place]]] = {}


def distance(a: Place, b: Place) -> int:
    """Ranks between two places: within a formation the rank difference; across formations
    the front ranks are adjacent (401.11), so rank a + rank b - 1 (401.15 example)."""
    if a.formation == b.formation:
        return abs(a.rank - b.rank)
    return a.rank + b.rank - 1


def trim(ranks: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """Drop empty ranks at the back (401.3: a formation has infinitely many ranks)."""
    end = len(ranks)
    while end and not ranks[end - 1]:
        end -= 1
    return ranks[:end]


def with_character(
    ranks: tuple[tuple[int, ...], ...], uid: int, rank: int, position: int | None = None
) -> tuple[tuple[int, ...], ...]:
    """Ranks with `uid` placed in `rank` (1-based) at `position` (None: far right)."""
    rows = [tuple(r) for r in ranks]
    while len(rows) < rank:
        rows.append(())
    row = list(rows[rank - 1])
    row.insert(len(row) if position is None else position, uid)
    rows[rank - 1] = tuple(row)
    return trim(tuple(rows))


def without_character(ranks: tuple[tuple[int, ...], ...], uid: int) -> tuple[tuple[int, ...], ...]:
    return trim(tuple(tuple(u for u in row if u != uid) for row in ranks))


def own_counts(player: PlayerState, units: Mapping[int, Unit]) -> list[int]:
    """Characters per rank counting only those the formation's owner controls (710.5)."""
    seat = player.seat
    return [len([u for u in row if units[u].controller == seat]) for row in player.ranks]


def illegal_ranks(player: PlayerState, units: Mapping[int, Unit]) -> list[int]:
    """Rank numbers that hold more characters than the rank in front of them (401.6)."""
    if len(player.ranks) < 2:
        return []  # one rank (or none) is always legal
    seat = player.seat
    found: list[int] = []
    ahead = 0
    for r, row in enumerate(player.ranks):  # own_counts, without building the list
        count = len(row)
        for u in row:
            if units[u].controller != seat:
                count -= 1
        if r and count > ahead:
            found.append(r + 1)
        ahead = count
    return found


def fall_candidates(player: PlayerState, units: Mapping[int, Unit]) -> list[int]:
    """Characters that may fall forward now: those in an illegal rank (401.6.2)."""
    found: list[int] = []
    for rank in illegal_ranks(player, units):
        found += [u for u in player.ranks[rank - 1] if units[u].controller == player.seat]
    return found


def fallen_orientation(orientation: Orientation) -> Orientation:
    """401.6.3: ready becomes spent, spent becomes stunned, stunned stays stunned."""
    if orientation is Orientation.READY:
        return Orientation.SPENT
    return Orientation.STUNNED


def rank_would_be_legal(player: PlayerState, units: Mapping[int, Unit], rank: int) -> bool:
    """Whether adding one character of the owner to `rank` keeps that rank legal (507.1.2)."""
    counts = own_counts(player, units)
    while len(counts) < rank:
        counts.append(0)
    if rank == 1:
        return True
    return counts[rank - 1] + 1 <= counts[rank - 2]
