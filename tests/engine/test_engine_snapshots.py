"""State snapshots beside a record (engine.snapshots): restoring gives the replayed position."""

from __future__ import annotations

from engine import GameConfig, GameRecord, replay
from engine.cards.sample import sample_catalog, sample_decks
from engine.playout import random_playout
from engine.snapshots import restore, snapshots_every, take_snapshot

DECKS = sorted(n for n in sample_decks() if n.startswith("saga"))


def _record(seed: int, actions: int) -> GameRecord:
    decks = sample_decks()
    played = random_playout(
        GameConfig(), [decks[DECKS[0]], decks[DECKS[1]]], seed, sample_catalog()
    ).record
    return GameRecord(
        played.config, played.seed, played.decks, played.cards, played.actions[:actions]
    )


def test_restoring_from_snapshots_gives_the_replayed_position() -> None:
    """DESIGN.md 2, "a game is its record": a snapshot only saves replaying; the position
    restored from the latest snapshot and the actions after it is the replayed one."""
    record = _record(3, 230)
    snapshots = snapshots_every(record, 50)
    assert [s.actions for s in snapshots] == [50, 100, 150, 200, 230]
    expected = replay(record).state
    assert restore(record, snapshots) == expected
    assert restore(record, snapshots[:2]) == expected  # from 100, then 130 actions
    assert restore(GameRecord.from_json(record.to_json()), snapshots) == expected


def test_a_snapshot_of_another_game_or_a_longer_one_is_not_used() -> None:
    """A snapshot is used only when the record starts the same way and has the same actions up
    to it; otherwise the record is replayed."""
    record = _record(3, 120)
    other = _record(4, 120)
    expected = replay(record).state
    foreign = snapshots_every(other, 60)
    assert restore(record, foreign) == expected
    shorter = GameRecord(
        record.config, record.seed, record.decks, record.cards, record.actions[:60]
    )
    longer = take_snapshot(record, expected, 120)
    assert restore(shorter, [longer]) == replay(shorter).state
