"""Unit tests of the games cog and its delivery, with autospecced discord.py fakes and an
autospecced game service: only what the adapter itself decides is checked here (the
service, the planner and the engine have their own tests; tests/bot/e2e plays real games)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from typing import Any
from unittest.mock import AsyncMock, MagicMock, create_autospec

import discord
import pytest

from bot.cogs.games import MOVED_ON, NOT_YOURS, GamesCog
from bot.cogs.games_delivery import SWITCH_BACK, Coalescer, Delivery
from bot.discord_games.items import (
    LobbyButton,
    MoveButton,
    MoveSelect,
    PageButton,
    moves_view,
    select_id,
)
from bot.discord_games.render import MAX_MESSAGE, chunks, private_text
from bot.games import GameService
from bot.games.deadlines import Reminder, TimedOut
from bot.games.deadlines_scheduler import DeadlineScheduler, TickResult
from bot.games.errors import GameMovedOnError, NotWaitingError
from bot.games.model import GameInfo, Seat, Status, TableOptions, TimeoutPolicy
from bot.games.notify import Ping

NOW = datetime(2026, 1, 1, tzinfo=UTC)


def info(version: int = 3, status: Status = Status.RUNNING) -> GameInfo:
    seats = (
        Seat(0, "100", "alice", None, "saga-elven", True),
        Seat(1, "200", "bob", None, "saga-dwarven", True),
    )
    return GameInfo(
        1, "7", "55", "100", status, TableOptions(), seats, version, NOW, NOW, None, NOW,
        "hash", None, "rules", 1, waiting_on=(0,),
    )  # fmt: skip


def fake_bot() -> Any:
    bot = MagicMock()
    bot.games = create_autospec(GameService, instance=True)

    async def call(fn: Any, *args: Any, **kwargs: Any) -> Any:
        return fn(*args, **kwargs)

    bot.call = call
    return bot


def interaction(user_id: int) -> Any:
    inter = create_autospec(discord.Interaction, instance=True)
    inter.id = 42
    inter.user = MagicMock(id=user_id, display_name=f"user{user_id}", roles=[])
    inter.channel_id = 99
    inter.response = create_autospec(discord.InteractionResponse, instance=True)
    inter.followup = create_autospec(discord.Webhook, instance=True)
    inter.response.is_done.return_value = False

    async def defer(**kwargs: Any) -> None:
        inter.response.is_done.return_value = True

    inter.response.defer = AsyncMock(side_effect=defer)
    inter.response.send_message = AsyncMock()
    inter.followup.send = AsyncMock()
    return inter


def said(inter: Any) -> list[str]:
    calls = inter.response.send_message.await_args_list + inter.followup.send.await_args_list
    return [c.args[0] for c in calls]


def cog_with_delivery() -> tuple[GamesCog, Any]:
    bot = fake_bot()
    cog = GamesCog(bot)
    delivery = create_autospec(Delivery, instance=True)
    cog._delivery = delivery
    return cog, bot


def test_a_button_of_another_player_is_refused_privately() -> None:
    cog, bot = cog_with_delivery()
    bot.games.game.return_value = info()
    inter = interaction(200)  # bob presses alice's seat 0 button
    asyncio.run(cog.press_move(inter, 1, 0, 3, 1))
    assert said(inter) == [NOT_YOURS]
    # Deferred privately before anything else (Discord's 3 seconds), answered privately.
    assert inter.response.defer.await_args.kwargs["ephemeral"] is True
    assert inter.followup.send.await_args.kwargs["ephemeral"] is True
    bot.games.submit_number.assert_not_called()


def test_a_stale_button_is_refused_with_a_fresh_menu_and_nothing_is_played() -> None:
    cog, bot = cog_with_delivery()
    bot.games.game.return_value = info(version=5)
    pu = MagicMock(menu=("1. Pass",), moves=(MagicMock(text="Pass"),))
    cog.delivery._private_parts.return_value = (info(version=5), 5, pu)  # type: ignore[attr-defined]
    inter = interaction(100)
    asyncio.run(cog.press_move(inter, 1, 0, 3, 1))
    assert said(inter)[0].startswith(MOVED_ON)
    assert "1. Pass" in said(inter)[0]
    bot.games.submit_number.assert_not_called()
    cog.delivery.refresh_private.assert_awaited_with(1, 0)  # type: ignore[attr-defined]


def test_a_move_is_acknowledged_only_after_the_service_committed_it() -> None:
    cog, bot = cog_with_delivery()
    bot.games.game.return_value = info()
    transition = MagicMock()
    order: list[str] = []
    bot.games.submit_number.side_effect = lambda *a: order.append("commit") or transition
    inter = interaction(100)
    inter.followup.send.side_effect = lambda *a, **k: order.append("ack")
    asyncio.run(cog.press_move(inter, 1, 0, 3, 2))
    bot.games.submit_number.assert_called_once()
    game_id, user, number, version, seat = bot.games.submit_number.call_args.args
    assert (game_id, user.id, number, version, seat) == (1, "100", 2, 3, 0)
    assert order == ["commit", "ack"]
    cog.delivery.deliver.assert_awaited_once_with(transition)  # type: ignore[attr-defined]


def test_a_refused_move_is_not_acknowledged_and_nothing_is_delivered() -> None:
    cog, bot = cog_with_delivery()
    bot.games.game.return_value = info()
    bot.games.submit_number.side_effect = NotWaitingError("That attack is not legal (505.1).")
    inter = interaction(100)
    asyncio.run(cog.press_move(inter, 1, 0, 3, 2))
    assert said(inter) == ["That attack is not legal (505.1)."]
    cog.delivery.deliver.assert_not_called()  # type: ignore[attr-defined]


def test_losing_the_race_to_another_move_gives_a_fresh_menu() -> None:
    cog, bot = cog_with_delivery()
    bot.games.game.return_value = info()
    bot.games.submit_number.side_effect = GameMovedOnError(1, 4, None)
    pu = MagicMock(menu=(), moves=())
    cog.delivery._private_parts.return_value = (info(version=4), 4, pu)  # type: ignore[attr-defined]
    inter = interaction(100)
    asyncio.run(cog.press_move(inter, 1, 0, 3, 2))
    assert said(inter)[-1].startswith(MOVED_ON)
    cog.delivery.deliver.assert_not_called()  # type: ignore[attr-defined]


def test_deadline_notices_are_marked_delivered_only_once_sent() -> None:
    cog, bot = cog_with_delivery()
    scheduler = create_autospec(DeadlineScheduler, instance=True)
    cog._scheduler = scheduler
    bot.games.game.return_value = info()
    sent = Reminder(1, 1, 0, "100", 1, NOW)
    failed = Reminder(2, 1, 0, "100", 2, NOW)
    scheduler.tick.return_value = TickResult((sent, failed), ())

    async def send_private(game: Any, user: str, **kwargs: Any) -> None:
        if "Reminder 2" in kwargs["content"]:
            raise discord.HTTPException(MagicMock(status=500), "down")

    cog.delivery.send_private.side_effect = send_private  # type: ignore[attr-defined]
    cog.delivery.thread_link.return_value = "<#9>"  # type: ignore[attr-defined]
    asyncio.run(cog.run_deadlines())
    scheduler.delivered.assert_called_once_with((sent,))
    scheduler.undeliverable.assert_not_called()  # a 500 is tried again at the next tick


@pytest.mark.parametrize(
    "refusal",
    [
        discord.Forbidden(MagicMock(status=403, reason="Forbidden"), {"code": 50001}),
        discord.NotFound(MagicMock(status=404, reason="Not Found"), {"code": 10003}),
    ],
)
def test_a_deadline_notice_refused_for_good_is_recorded_not_retried(
    refusal: discord.HTTPException, caplog: pytest.LogCaptureFixture
) -> None:
    """A timeout notice whose thread Discord refuses for good (no permission, the channel is
    gone) is recorded as undeliverable and logged once, so no tick retries it."""
    cog, bot = cog_with_delivery()
    scheduler = create_autospec(DeadlineScheduler, instance=True)
    cog._scheduler = scheduler
    bot.games.game.return_value = info()
    notice = TimedOut(3, 1, 0, "100", TimeoutPolicy.REMIND, 72.0)
    scheduler.tick.return_value = TickResult((notice,), ())
    cog.delivery.thread.side_effect = refusal  # type: ignore[attr-defined]
    asyncio.run(cog.run_deadlines())
    scheduler.undeliverable.assert_called_once_with((notice,), str(refusal))
    scheduler.delivered.assert_not_called()
    assert len([r for r in caplog.records if "refused for good" in r.message]) == 1


# -- delivery ---------------------------------------------------------------------------------


def forbidden(code: int) -> discord.Forbidden:
    return discord.Forbidden(
        MagicMock(status=403, reason="Forbidden"), {"code": code, "message": "no"}
    )


def delivery_with_links() -> tuple[Delivery, dict[str, str]]:
    bot = fake_bot()
    store: dict[str, str] = {}
    links = MagicMock()
    links.get.side_effect = store.get
    links.get_int.side_effect = lambda k: int(store[k]) if k in store else None
    links.set.side_effect = store.__setitem__
    links.db = MagicMock()
    d = Delivery(bot, bot.games, links)
    return d, store


def test_a_refused_dm_moves_the_player_to_a_private_thread_and_is_remembered() -> None:
    d, store = delivery_with_links()
    dm = create_autospec(discord.DMChannel, instance=True)
    dm.send = AsyncMock(side_effect=forbidden(50007))
    user = MagicMock()
    user.create_dm = AsyncMock(return_value=dm)
    d.bot.get_user.return_value = user
    thread = create_autospec(discord.Thread, instance=True)
    thread.id = 77
    thread.send = AsyncMock(return_value=MagicMock())
    thread.add_user = AsyncMock()
    parent = create_autospec(discord.TextChannel, instance=True)
    parent.create_thread = AsyncMock(return_value=thread)
    d.bot.get_channel.return_value = parent
    asyncio.run(d.send_private(info(), "200", content="your hand"))
    assert store["dms:200"] == "closed"
    kwargs = parent.create_thread.await_args.kwargs
    assert kwargs["type"] is discord.ChannelType.private_thread and kwargs["invitable"] is False
    thread.add_user.assert_awaited_once()
    texts = [c.args[0] if c.args else c.kwargs.get("content") for c in thread.send.await_args_list]
    assert texts == [SWITCH_BACK, "your hand"]
    # Next time no DM is tried.
    dm.send.reset_mock()
    asyncio.run(d.send_private(info(), "200", content="again"))
    dm.send.assert_not_called()


def test_another_refusal_is_not_taken_for_closed_dms() -> None:
    d, store = delivery_with_links()
    dm = create_autospec(discord.DMChannel, instance=True)
    dm.send = AsyncMock(side_effect=forbidden(50013))
    user = MagicMock()
    user.create_dm = AsyncMock(return_value=dm)
    d.bot.get_user.return_value = user
    with pytest.raises(discord.Forbidden):
        asyncio.run(d.send_private(info(), "200", content="x"))
    assert "dms:200" not in store


def test_a_hidden_react_ping_goes_privately_never_to_the_thread() -> None:
    d, _ = delivery_with_links()
    d.send_private = AsyncMock()  # type: ignore[method-assign]
    d.thread = AsyncMock()  # type: ignore[method-assign]
    asyncio.run(d.ping(info(), Ping(1, "200", "React or pass.", private=True)))
    d.send_private.assert_awaited_once()
    d.thread.assert_not_called()


def test_edits_of_one_message_are_coalesced() -> None:
    coalescer = Coalescer()
    runs: list[int] = []
    gate = asyncio.Event()

    async def main() -> None:
        async def work() -> None:
            runs.append(len(runs))
            await gate.wait()

        first = asyncio.ensure_future(coalescer.run("status:1", work))
        while not runs:  # the first edit is in flight
            await asyncio.sleep(0)
        for _ in range(5):  # five more changes while the first edit is in flight
            await coalescer.run("status:1", work)
        gate.set()
        await first

    asyncio.run(main())
    assert len(runs) == 2  # the first edit, then one with the latest state


# -- limits -----------------------------------------------------------------------------------


def test_long_text_is_split_within_discords_limit() -> None:
    parts = chunks(["x" * 2500, "short", "y" * 1999])
    assert all(len(p) <= MAX_MESSAGE for p in parts)
    assert "".join(parts).count("x") == 2500


def test_a_private_message_fits_however_long_the_menu() -> None:
    menu = [f"{i}. Perform a very long ability of a card named at length" * 2 for i in range(300)]
    text = private_text(info(), 0, ["Card"] * 40, "Give an Order or pass.", [], menu, "<#1>")
    assert len(text) <= MAX_MESSAGE and "menu below" in text


def test_long_move_lists_are_paged_in_selects_of_at_most_25() -> None:
    moves = [f"Move number {i} " + "z" * 150 for i in range(60)]
    views = [moves_view(1, 0, 12345678, moves, page) for page in range(3)]
    for view in views:
        assert view is not None and len(view.children) <= 25
        for child in view.children:
            item = getattr(child, "item", child)
            assert len(item.custom_id) <= 100
            if isinstance(item, discord.ui.Select):
                assert len(item.options) <= 25
                assert all(len(o.label) <= 100 for o in item.options)
    labels = [
        getattr(c, "item", c).label
        for c in views[1].children
        if hasattr(getattr(c, "item", c), "label")
    ]
    assert "Previous" in labels and "Next" in labels
    few = moves_view(1, 0, 3, ["Pass", "Attack"], 0)
    assert few is not None and [type(c) for c in few.children] == [MoveButton, MoveButton]


@pytest.mark.parametrize(
    ("item", "cls"),
    [
        (MoveButton(123456789, 7, 987654321, 25), MoveButton),
        (MoveSelect(123456789, 7, 987654321, 4), MoveSelect),
        (PageButton(123456789, 7, 987654321, 4), PageButton),
        (LobbyButton("j", 123456789), LobbyButton),
    ],
)
def test_custom_ids_carry_game_seat_and_version_and_parse_back(item: Any, cls: Any) -> None:
    custom_id = item.item.custom_id
    assert len(custom_id) <= 100
    match = cls.__discord_ui_compiled_template__.fullmatch(custom_id)
    assert match is not None
    parsed = asyncio.run(cls.from_custom_id(MagicMock(), item.item, match))
    assert parsed.item.custom_id == custom_id
    assert select_id(1, 2, 3, 4) == "wg:s:1:2:3:4"


def test_while_a_hidden_react_window_is_open_only_the_asked_seat_hears_of_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from bot.games.notify import PrivateUpdate, PublicLog, WaitingOn
    from bot.games.notify_pacing import Release

    d, _ = delivery_with_links()
    d.bot.games.game.return_value = info()
    asked = PrivateUpdate(1, "200", (), (), (), "React or pass.", (), True)
    other = PrivateUpdate(0, "100", (), (), (), None, (), True)
    messages = (PublicLog(("Alice attacks.",)), WaitingOn((), ()), other, asked)
    monkeypatch.setattr("bot.cogs.games_delivery.plan_transition", lambda t: messages)
    releases = iter([Release(True, 0.0, frozenset({1})), Release(False, 0.0)])
    monkeypatch.setattr("bot.cogs.games_delivery.release", lambda *a: next(releases))
    d.refresh_private = AsyncMock()  # type: ignore[method-assign]
    d.refresh_status = AsyncMock()  # type: ignore[method-assign]
    thread = MagicMock()
    thread.send = AsyncMock()
    d.thread = AsyncMock(return_value=thread)  # type: ignore[method-assign]
    d.ping = AsyncMock()  # type: ignore[method-assign]
    d.public_log = MagicMock()
    transition = MagicMock(note="", game=info())
    transition.before.turn = transition.after.turn = 2  # no new turn: no board picture

    asyncio.run(d.deliver(transition))  # the window opens: held
    assert [c.args[1] for c in d.refresh_private.await_args_list] == [1]
    d.refresh_status.assert_not_called()
    thread.send.assert_not_called()

    monkeypatch.setattr(
        "bot.cogs.games_delivery.plan_transition", lambda t: (PublicLog(("Bob passes.",)),)
    )
    asyncio.run(d.deliver(transition))  # the window closes: everything held goes together
    sent = "\n".join(c.args[0] for c in thread.send.await_args_list)
    assert "Alice attacks." in sent and "Bob passes." in sent
    d.refresh_status.assert_awaited()
    assert 0 in [c.args[1] for c in d.refresh_private.await_args_list]


def test_public_messages_wait_for_the_react_pause(monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.games.notify import PublicLog
    from bot.games.notify_pacing import Release

    d, _ = delivery_with_links()
    monkeypatch.setattr("bot.cogs.games_delivery.plan_transition", lambda t: (PublicLog(("x",)),))
    monkeypatch.setattr("bot.cogs.games_delivery.release", lambda *a: Release(False, 5.0))
    delays: list[float] = []

    async def later(game_id: int, messages: Any, delay: float) -> None:
        delays.append(delay)

    d._deliver_later = later  # type: ignore[method-assign]
    d.deliver_messages = AsyncMock()  # type: ignore[method-assign]

    async def main() -> None:
        await d.deliver(MagicMock(note="", game=info()))
        await asyncio.gather(*d._later)

    asyncio.run(main())
    assert len(delays) == 1 and 4.9 < delays[0] <= 5.0
    d.deliver_messages.assert_not_called()


def test_the_board_picture_is_drawn_from_the_spectator_view() -> None:
    from bot.discord_games.board import board_png
    from engine.cards.sample import sample_catalog, sample_decks
    from engine.record import new_record
    from engine.state import GameConfig
    from engine.view import view

    decks = sample_decks()
    record, _ = new_record(
        GameConfig(seats=2), [decks["saga-elven"], decks["saga-dwarven"]], 5, sample_catalog()
    )
    public = view(record.begin().state, None)
    assert all("hand" not in p for p in public["players"])
    png = board_png(public)
    assert png is not None and png.startswith(b"\x89PNG")


def test_the_end_of_a_game_is_announced_and_its_thread_archived() -> None:
    from bot.games.notify import GameOver, PublicLog

    d, _ = delivery_with_links()
    d.bot.games.game.return_value = info(status=Status.FINISHED)
    thread = MagicMock()
    thread.send = AsyncMock()
    d.thread = AsyncMock(return_value=thread)  # type: ignore[method-assign]
    d.refresh_status = AsyncMock()  # type: ignore[method-assign]
    d.finish = AsyncMock()  # type: ignore[method-assign]
    d.public_log = MagicMock()
    asyncio.run(d.deliver_messages(1, (PublicLog(("Bob's warlord dies.",)), GameOver(0, "100"))))
    sent = "\n".join(c.args[0] for c in thread.send.await_args_list)
    assert "Game over: seat 0 (<@100>) won." in sent
    d.finish.assert_awaited_once_with(1)


@pytest.mark.parametrize(
    ("status", "locked", "reopened"),
    [(Status.RUNNING, False, True), (Status.RUNNING, True, False), (Status.FINISHED, False, False)],
)
def test_an_archived_thread_of_a_running_game_is_reopened(
    status: Status, locked: bool, reopened: bool
) -> None:
    """simcord (3.2.1) has no way for a member, or inactivity, to archive a thread: the fakes
    stage it. A locked thread (a moderator's decision) and a finished game's stay archived."""
    d, store = delivery_with_links()
    store["thread:1"] = "77"
    thread = create_autospec(discord.Thread, instance=True)
    thread.archived, thread.locked = True, locked
    thread.edit = AsyncMock()
    d.bot.get_channel.return_value = thread
    assert asyncio.run(d.thread(info(status=status))) is thread
    if reopened:
        thread.edit.assert_awaited_once_with(archived=False)
    else:
        thread.edit.assert_not_called()


def test_a_refused_deck_lists_ten_problems_each_cut_short_then_a_count() -> None:
    from bot.cogs.games_answers import _sentence
    from bot.games.errors import DeckRejectedError

    problems = tuple(f"Problem {i}: " + "x" * 500 for i in range(15))
    text = _sentence(DeckRejectedError("The deck is not a legal saga deck.", problems))
    lines = text.splitlines()
    assert lines[0] == "The deck is not a legal saga deck."
    assert [line.split(":")[0] for line in lines[1:11]] == [f"- Problem {i}" for i in range(10)]
    assert all(len(line) <= 210 for line in lines[1:11])
    assert lines[-1] == "(and 5 more.)"
    assert len(text) <= MAX_MESSAGE


def test_commands_defer_before_asking_the_service() -> None:
    """Discord wants an answer within 3 seconds; the service may be busy longer."""
    cog, bot = cog_with_delivery()
    order: list[str] = []
    bot.games.games_for.side_effect = lambda *a: order.append("service") or []
    bot.games.join.side_effect = lambda *a: order.append("service") or info()
    for run_it in (
        lambda inter: cog.list_.callback(cog, inter),
        lambda inter: cog.press_accept(inter, 1),
    ):
        inter = interaction(100)
        inter.response.defer.side_effect = lambda **k: order.append("defer")
        inter.edit_original_response = AsyncMock()
        order.clear()
        asyncio.run(run_it(inter))
        assert order[:2] == ["defer", "service"]
