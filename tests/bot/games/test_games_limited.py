"""Limited tables (Draft 801.6, Sealed 801.7): a deck is checked against its seat's card pool,
every problem itemised with its rule; who may give a pool."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from games_fakes import USERS, service, started_game

from bot.games import DeckRejectedError, GameService, NotSeatedError, TableError, TableOptions
from engine.cards.decklist import format_decklist
from engine.cards.model import Deck
from engine.cards.sample import sample_catalog, sample_decks
from engine.cards.validation import validate_limited_pool
from engine.record import GameRecord
from engine.state import Format

ANN, BO, JUDGE = USERS[0], USERS[1], USERS[4]


def deck() -> Deck:
    return sample_decks()["limited-elven"]


def card_id(name: str) -> str:
    return next(c.id for c in sample_catalog().cards if c.name == name)


def pool_text(without: dict[str, int]) -> str:
    """The limited-elven deck's cards as a pool, less `without` copies of some names."""
    cards = list(deck().all_cards)
    for name, copies in without.items():
        for _ in range(copies):
            cards.remove(card_id(name))
    return format_decklist(Deck("pool", (), tuple(cards)), sample_catalog())


def table(svc: GameService, **options: object) -> int:
    game = svc.create_game("g1", ANN, TableOptions(format=Format.LIMITED, **options))  # type: ignore[arg-type]
    svc.join(game.id, BO)
    return game.id


def test_a_deck_from_its_pool_is_taken_and_the_game_starts(tmp_path: Path) -> None:
    """801.6.4: a Draft deck may hold the cards of the player's pool."""
    svc = service(tmp_path / "bot.db")
    game = table(svc)
    svc.submit_pool(game, ANN, pool_text({}), seat=0)
    svc.submit_pool(game, ANN, "limited-elven", seat=1)  # the host gives every seat its pool
    assert [s.pool_size for s in svc.game(game).seats] == [30, 30]
    svc.submit_deck(game, ANN, "limited-elven")
    started = svc.submit_deck(game, BO, format_decklist(deck(), sample_catalog())).started
    assert started is not None and started.game.options.format is Format.LIMITED


def test_a_deck_beyond_its_pool_is_refused_with_every_problem_and_rule(tmp_path: Path) -> None:
    """801.7.4: "may only contain cards from your sealed pool and basic cards"; a Warlord
    from the basic cards is allowed (one, starting in play), an Ember Lance is not."""
    svc = service(tmp_path / "bot.db")
    game = table(svc, sealed=True)
    svc.submit_pool(
        game, ANN, pool_text({"Ember Lance": 2, "Lady Sylwen of the Silver Bough": 1}), seat=0
    )
    with pytest.raises(DeckRejectedError) as refused:
        svc.submit_deck(game, ANN, "limited-elven")
    problems = refused.value.problems
    assert problems == (
        "Rule 801.7.4: the deck uses 2 copies of Ember Lance beyond your sealed pool; it is "
        "not a basic card.",
    )
    assert "not a legal limited deck (1 problem)" in str(refused.value)
    assert not svc.game(game).seats[0].has_deck


def test_a_fixed_warlord_product_allows_no_basic_warlord(tmp_path: Path) -> None:
    """801.7.4.1: with a fixed-Warlord product no Warlord may come from the basic cards."""
    svc = service(tmp_path / "bot.db")
    game = table(svc, sealed=True, fixed_warlord=True)
    svc.submit_pool(game, ANN, pool_text({"Lady Sylwen of the Silver Bough": 1}), seat=0)
    with pytest.raises(DeckRejectedError) as refused:
        svc.submit_deck(game, ANN, "limited-elven")
    assert [p.split(":")[0] for p in refused.value.problems] == ["Rule 801.7.4.1"]


def test_no_deck_before_its_pool_unless_deck_rules_are_off(tmp_path: Path) -> None:
    svc = service(tmp_path / "bot.db")
    game = table(svc)
    with pytest.raises(DeckRejectedError, match=r"no draft pool yet.*rule 801\.6\.4"):
        svc.submit_deck(game, ANN, "limited-elven")
    loose = table(svc, deck_rules=False)
    assert svc.submit_deck(loose, ANN, "limited-elven").cards == 30


def test_who_may_give_a_pool(tmp_path: Path) -> None:
    """A player gives their own seat's pool unless the host gave it; the host gives any;
    a new pool takes the seat's deck back; pools belong to Limited tables only."""
    svc = service(tmp_path / "bot.db")
    game = table(svc)
    svc.submit_pool(game, BO, "limited-elven")
    svc.submit_deck(game, BO, "limited-elven")
    assert svc.game(game).seats[1].has_deck
    with pytest.raises(NotSeatedError, match="not yours"):
        svc.submit_pool(game, BO, "limited-elven", seat=0)
    svc.submit_pool(game, ANN, pool_text({"Ember Lance": 1}), seat=1)
    seat = svc.game(game).seats[1]
    assert seat.pool_size == 29 and not seat.has_deck
    with pytest.raises(NotSeatedError, match="only the host or a judge"):
        svc.submit_pool(game, BO, "limited-elven")
    with pytest.raises(DeckRejectedError, match="cannot be read") as unread:
        svc.submit_pool(game, ANN, "2 Nosuch Card\n", seat=0)
    assert unread.value.problems
    saga = svc.create_game("g1", ANN, TableOptions())
    with pytest.raises(TableError, match="Limited games"):
        svc.submit_pool(saga.id, ANN, "limited-elven")


def test_the_exported_record_holds_each_seats_pool_for_a_judge_to_check(tmp_path: Path) -> None:
    """801.7.4: a judge holding only the record file can check each deck against its seat's
    sealed pool: the record's `meta.limited` gives the event, the fixed-Warlord rule and the
    pools, in the card ids of the record's `decks` and `cards`."""
    svc = service(tmp_path / "bot.db")
    game = table(svc, sealed=True)
    svc.submit_pool(game, ANN, pool_text({}), seat=0)
    svc.submit_pool(game, BO, "limited-elven")  # a player gives their own seat's pool
    svc.submit_deck(game, ANN, "limited-elven")
    svc.submit_deck(game, BO, "limited-elven")
    svc.set_judges("g1", [JUDGE.id])
    data = json.loads(svc.export_record(game, JUDGE))
    limited = data["meta"]["limited"]
    assert (limited["sealed"], limited["fixed_warlord"]) == (True, False)
    assert [p["given_by"] for p in limited["pools"]] == [ANN.id, BO.id]
    assert [sorted(p["cards"]) for p in limited["pools"]] == [sorted(deck().all_cards)] * 2
    record = GameRecord.from_dict(data)
    for seat, pool in enumerate(limited["pools"]):
        assert not validate_limited_pool(
            record.decks[seat], record.cards, pool["cards"], sealed=True
        )
    # Had seat 0's pool lacked its two Ember Lances, the same check finds them.
    short = list(limited["pools"][0]["cards"])
    for _ in range(2):
        short.remove(card_id("Ember Lance"))
    problems = validate_limited_pool(record.decks[0], record.cards, short, sealed=True)
    assert [p.rule for p in problems] == ["801.7.4"]


def test_a_record_of_a_constructed_game_has_no_pools(tmp_path: Path) -> None:
    svc = service(tmp_path / "bot.db")
    started = started_game(svc)
    svc.set_judges("g1", [JUDGE.id])
    assert "limited" not in json.loads(svc.export_record(started.game.id, JUDGE))["meta"]
