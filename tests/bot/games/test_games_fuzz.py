"""Bad input, fuzzed: decks, records and commands give one clear sentence, and the game's log
stays byte-identical."""

from __future__ import annotations

from typing import Any

import pytest
from games_fakes import USERS, play, service, started_game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.errors import BotError
from bot.games import GameService, User
from engine.errors import RecordError
from engine.record import GameRecord

SETTINGS = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
JUDGE = User("judge", "Judge")


@pytest.fixture(scope="module")
def hosted(tmp_path_factory: pytest.TempPathFactory) -> tuple[GameService, int, int]:
    svc = service(tmp_path_factory.mktemp("fuzz") / "bot.db")
    svc.set_judges("g1", users=[JUDGE.id])
    game = started_game(svc).game.id
    play(svc, game, 12)
    table = svc.create_game("g1", USERS[0]).id
    return svc, game, table


@pytest.fixture(scope="module")
def limited(tmp_path_factory: pytest.TempPathFactory) -> tuple[GameService, int]:
    from bot.games import TableOptions
    from engine.state import Format

    svc = service(tmp_path_factory.mktemp("fuzz-limited") / "bot.db")
    return svc, svc.create_game("g1", USERS[0], TableOptions(format=Format.LIMITED)).id


def one_sentence(exc: BaseException) -> None:
    text = str(exc)
    assert text and "\n" not in text and "Traceback" not in text, text
    assert text[-1] in ".?!", text


names = st.sampled_from(["Bough Archer", "Thornweaver", "Nope", "saga-elven", "Deck: x", ""])
deck_lines = st.one_of(
    st.text(max_size=40),
    st.builds(lambda n, c: f"{c} {n}", names, st.integers(-5, 10_000)),
    st.sampled_from(["Starting Army:", "Characters", "Items:", "# note", "*1 Bough Archer"]),
)


@SETTINGS
@given(st.lists(deck_lines, max_size=12))
def test_any_deck_text_is_taken_or_refused_in_one_sentence(
    hosted: tuple[GameService, int, int], lines: list[str]
) -> None:
    svc, game, table = hosted
    before = svc.store.raw_log(game)
    try:
        svc.submit_deck(table, USERS[0], "\n".join(lines))
    except BotError as exc:
        one_sentence(exc)
    assert svc.store.raw_log(game) == before


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**30), 10**30) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=3),
    max_leaves=8,
)  # fmt: skip
actions = st.fixed_dictionaries(
    {"type": st.sampled_from(["pass", "choose", "decline", "attack", "adjust", "x", ""])},
    optional={
        "seat": st.one_of(st.integers(-3, 9), st.text(max_size=3)),
        "option": json_values,
        "card": json_values,
        "character": json_values,
    },
)
commands = st.sampled_from(["submit", "undo", "rollback", "resign", "adjust", "rule", "export"])


@SETTINGS
@given(commands, actions, st.integers(-2, 40), st.sampled_from([*USERS, JUDGE]), st.text())
def test_any_command_is_done_or_refused_in_one_sentence(
    hosted: tuple[GameService, int, int],
    command: str,
    action: dict[str, Any],
    version: int,
    user: User,
    text: str,
) -> None:
    svc, game, _ = hosted
    before = svc.store.raw_log(game)
    try:
        if command == "submit":
            svc.submit(game, user, action, version)
        elif command == "undo":
            svc.undo(game, user, version, to_action=version - 5)
        elif command == "rollback":
            svc.rollback(game, user, version, text, version)
        elif command == "resign":  # by someone without a seat: always refused
            svc.resign(game, USERS[3] if user.id in ("u0", "u1") else user, seat=version)
        elif command == "adjust":
            svc.adjust(game, user, action, version)
        elif command == "rule":
            svc.rule(game, user, text, text)
        else:
            svc.export_record(game, user)
    except BotError as exc:
        one_sentence(exc)
        assert svc.store.raw_log(game) == before
    else:  # a legal move, undo or rollback the fuzzer found: logged, one entry
        assert len(svc.store.raw_log(game)) <= len(before) + 1


@SETTINGS
@given(st.data())
def test_a_damaged_record_is_refused_in_one_sentence(
    hosted: tuple[GameService, int, int], data: st.DataObject
) -> None:
    svc, game, _ = hosted
    text = svc.export_record(game, JUDGE)
    cut = data.draw(st.integers(0, len(text)))
    junk = data.draw(st.text(max_size=20))
    try:
        GameRecord.from_json(text[:cut] + junk + text[cut + len(junk) :])
    except RecordError as exc:
        one_sentence(exc)


@SETTINGS
@given(st.lists(deck_lines, max_size=12), st.lists(deck_lines, max_size=12))
def test_any_pool_and_deck_of_a_limited_table_are_taken_or_refused_in_one_sentence(
    limited: tuple[GameService, int], pool: list[str], deck: list[str]
) -> None:
    svc, table = limited
    for text, submit in (("\n".join(pool), svc.submit_pool), ("\n".join(deck), svc.submit_deck)):
        try:
            submit(table, USERS[0], text)
        except BotError as exc:
            one_sentence(exc)
