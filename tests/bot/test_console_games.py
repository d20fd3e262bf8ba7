"""Hosting end to end through the console (issue 7): every seat played from one terminal with
`as NAME`, private output per seat, reminders and timeouts under a fake clock, a judge's
rollback, resignations, and bad input answered with one sentence."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.commands import Judge
from bot.console import Console, ConsoleClock
from bot.games import GameService
from bot.games.model import Status

START = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
MOVE_CAP = 400
NUMBERED = re.compile(r"^\s*(\d+)\. (.*)$")


def new_console(judge: Judge) -> Console:
    return Console(judge, clock=ConsoleClock(START))


def service(c: Console) -> GameService:
    return c.game_commands().service


def private_sections(block: str) -> dict[str, str]:
    """The private text of each user in one printed block."""
    out: dict[str, list[str]] = {}
    who: str | None = None
    for line in block.splitlines():
        head = re.match(r"^@(\S+) \(private\):$", line)
        if head:
            who = head.group(1)
            out.setdefault(who, [])
        elif line.startswith("  ") and who is not None:
            out[who].append(line)
        else:
            who = None
    return {k: "\n".join(v) for k, v in out.items()}


def public_text(block: str) -> str:
    lines, private = [], False
    for line in block.splitlines():
        if re.match(r"^@(\S+) \(private\):$", line):
            private = True
        elif not line.startswith("  ") or not private:
            private = False
            lines.append(line)
    return "\n".join(lines)


def open_table(c: Console, users: list[str], decks: list[str], **options: str) -> str:
    opts = " ".join(f"{k}:{v}" for k, v in options.items())
    text = c.block(f"as {users[0]} /game new seats:{len(users)} {opts}")
    assert "opens game 1" in text
    for user in users[1:]:
        assert "joins game 1" in c.block(f"as {user} /game join 1")
    last = ""
    for user, deck in zip(users, decks, strict=True):
        last = c.block(f"as {user} /deck submit {deck}")
        assert "error" not in last, last
    assert "Game 1 starts" in last
    return last


def choose(menu: str) -> int:
    """The scripted player: the first Attack on the menu, else move 1 (usually pass)."""
    for line in menu.splitlines():
        m = NUMBERED.match(line)
        if m and m.group(2).startswith("Attack"):
            return int(m.group(1))
    return 1


def check_privacy(c: Console, block: str, users: list[str]) -> None:
    """No seat's private section, and no public line, shows a card in another seat's hand;
    each seat's `Hand:` line is its own hand."""
    state, _ = service(c).state(1)
    info = service(c).game(1)
    sections = private_sections(block)
    public = public_text(block)
    for seat, player in enumerate(state.players):
        owner = info.seats[seat].user_id
        ids = [f"(#{i})" for i in player.hand]
        assert not any(i in public for i in ids)
        for user, text in sections.items():
            if user != owner:
                assert not any(i in text for i in ids), (user, owner)
        mine = sections.get(owner or "", "")
        hands = [line.strip() for line in mine.splitlines() if line.strip().startswith("Hand:")]
        names = ", ".join(state.card(i).name for i in player.hand) or "empty"
        for hand in hands:
            assert hand == f"Hand: {names}"


def play(c: Console, users: list[str], moves: int) -> int:
    """Play up to `moves` moves as whichever user the game waits on; returns moves made."""
    made = 0
    while made < moves and service(c).game(1).status is Status.RUNNING:
        for user in users:
            menu = c.block(f"as {user} /game menu 1")
            if "your moves" in menu:
                break
        else:
            pytest.fail("the game waits on nobody")
        block = c.block(f"as {user} /move {choose(menu)} game:1")
        assert "error" not in block, block
        check_privacy(c, block, users)
        made += 1
    return made


def test_a_two_seat_game_is_played_to_its_end_from_one_terminal(judge: Judge) -> None:
    c = new_console(judge)
    users = ["ann", "bo"]
    start = open_table(c, users, ["saga-deverenian", "saga-nothrog"])
    check_privacy(c, start, users)
    sections = private_sections(start)
    assert set(sections) >= {"ann", "bo"}  # each seat got its hand, under its name
    made = play(c, users, MOVE_CAP)
    info = service(c).game(1)
    if info.status is Status.RUNNING:  # the cap: end it by resigning
        assert "is won by seat 0 (ann)" in c.block("as bo /game resign 1")
        info = service(c).game(1)
    assert info.status is Status.FINISHED and made > 10
    assert info.seed is not None  # the seed is published at the end
    over = c.block("as ann /move 1 game:1")
    assert over.startswith("@ann (private):\n  error: ")
    record = c.block("as bo /game export 1")
    assert '"actions"' in record


def test_a_three_seat_game_keeps_each_hand_private(judge: Judge) -> None:
    c = new_console(judge)
    users = ["ann", "bo", "cy"]
    start = open_table(c, users, ["saga-deverenian", "saga-nothrog", "saga-elven"])
    check_privacy(c, start, users)
    assert play(c, users, 40) == 40
    listing = c.block("as cy /game list")
    assert "Game 1: saga, 3 seats, running" in listing


def test_reminders_and_a_timeout_under_the_console_clock(judge: Judge) -> None:
    c = new_console(judge)
    open_table(
        c, ["ann", "bo"], ["saga-deverenian", "saga-nothrog"],
        remind="12", timeout="48", policy="default",
    )  # fmt: skip
    waiting = service(c).game(1).waiting_users[0]
    version = service(c).game(1).version
    assert "Reminder" not in c.block("/tick 11")
    block = c.block("/tick 2")
    assert f"@{waiting} (private):\n  Reminder 1: game 1 has waited on you" in block
    assert "Reminder 2" in c.block("/tick 12")
    block = c.block("/tick 24")
    assert "did not answer in 48 hours (policy: default)" in block
    assert service(c).game(1).version == version + 1  # the default answer was played
    assert "did not answer" not in c.block("/tick 0")  # once only


def test_vacation_pauses_reminders_and_tells_the_table(judge: Judge) -> None:
    c = new_console(judge)
    open_table(c, ["ann", "bo"], ["saga-deverenian", "saga-nothrog"], remind="12")
    waiting = service(c).game(1).waiting_users[0]
    block = c.block(f"as {waiting} /vacation on")
    assert f"Game 1: {waiting} is away on vacation." in block
    assert "Reminder" not in c.block("/tick 30")
    c.block(f"as {waiting} /vacation off")
    assert "Reminder 1" in c.block("/tick 13")


def test_a_judge_rolls_the_game_back_and_records_a_ruling(judge: Judge) -> None:
    c = new_console(judge)
    users = ["ann", "bo"]
    open_table(c, users, ["saga-deverenian", "saga-nothrog"])
    play(c, users, 6)
    refused = c.block("as bo /judge rollback 1 2 misread")
    assert "error: Only a judge" in refused
    c.block("/judge add judy")
    block = c.block("as judy /judge rollback 1 2 misread the strike")
    assert "Game 1: judy rolled the game back to action 2: misread the strike." in block
    state, _ = service(c).state(1)
    live = service(c).load(1)
    assert len(live.folded.actions) == 2
    assert state.pending  # the game goes on from there
    log = c.block("as judy /judge log 1")
    assert "(rolled back)" in log and "rollback by judy" in log
    ruling = c.block("as judy /judge rule 1 504.3 Initiative is rolled again each turn")
    assert "Ruling in game 1 (504.3) by judy: Initiative is rolled again each turn" in ruling
    assert "504.3" in c.block("as ann /judge rulings 1")


def test_resigning_ends_a_two_seat_game(judge: Judge) -> None:
    c = new_console(judge)
    open_table(c, ["ann", "bo"], ["saga-deverenian", "saga-nothrog"])
    block = c.block("as ann /game resign 1")
    assert "Game 1: ann resigned." in block
    assert "Game 1 is won by seat 1 (bo)." in block
    assert "its dice seed was" in block
    assert service(c).game(1).status is Status.FINISHED


def test_refusals_are_one_sentence_to_the_typist(judge: Judge) -> None:
    c = new_console(judge)
    open_table(c, ["ann", "bo"], ["saga-deverenian", "saga-nothrog"])
    idle = "bo" if service(c).game(1).waiting_users == ("ann",) else "ann"
    for line in (
        f"as {idle} /move 1 game:1",
        "/move 99999999 game:1",
        "/game join 7",
        "/pass",
        "/deck submit",
        "/game new seats:9",
        "/game new format:chess",
        "as",
        "/judge",
    ):
        block = c.block(line)
        assert "\n  error: " in block, (line, block)


GAME_LINE = st.one_of(
    st.text(max_size=60),
    st.builds(
        lambda head, rest: f"{head} {rest}",
        st.sampled_from(
            [
                "/move",
                "/pass",
                "/game",
                "/deck submit",
                "/judge",
                "/tick",
                "as",
                "/vacation",
                "/game join",
                "/game status",
                "/judge rollback 1",
            ]
        ),
        st.text(max_size=40),
    ),
    st.builds(lambda n: f"/move {n}", st.text(alphabet="0123456789²³٣-", max_size=6000)),
)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(lines=st.lists(GAME_LINE, max_size=4))
def test_no_typed_line_breaks_a_game(judge: Judge, lines: list[str]) -> None:
    """Any line typed as a player who is not seated gets text back, never a traceback, and
    leaves the game's log as it was."""
    c = Console(judge, clock=ConsoleClock(START))
    svc = c.game_commands().service
    games = svc.games_for("ann")
    if not games:
        open_table(c, ["ann", "bo"], ["saga-deverenian", "saga-nothrog"])
    before = [e.data_json() for e in svc.store.log(1)]
    for line in lines:
        text = c.block(f"as zed {line}" if not line.startswith("as") else line)
        assert text
    assert [e.data_json() for e in svc.store.log(1)] == before
    assert svc.game(1).status is Status.RUNNING


def test_pass_and_a_deck_list_typed_on_one_line(judge: Judge) -> None:
    from engine.cards.decklist import format_decklist
    from engine.cards.sample import sample_catalog, sample_decks

    c = new_console(judge)
    c.block("as ann /game new")
    c.block("as bo /game join 1")
    listed = format_decklist(sample_decks()["saga-elven"], sample_catalog())
    block = c.block("as ann /deck submit " + listed.replace("\n", "\\n"))
    assert "ann submits a deck for game 1" in block, block
    assert "Game 1 starts" in c.block("as bo /deck submit saga-nothrog")
    waiting = service(c).game(1).waiting_users[0]
    seat = service(c).game(1).seat_of(waiting)[0]
    assert f"> Seat {seat} passes." in c.block(f"as {waiting} /pass")


def test_a_rejected_deck_lists_ten_problems_then_how_many_more(judge: Judge) -> None:
    """DeckRejectedError keeps every problem; the console shows a page of them."""
    from bot.games.errors import SHOWN_PROBLEMS, DeckRejectedError

    c = new_console(judge)
    c.block("as ann /game new")
    listed = "\\n".join(f"1 Nosuch Card {chr(65 + i)}{chr(65 + i)}" for i in range(25))
    block = c.block(f"as ann /deck submit {listed}")
    items = [line for line in block.splitlines() if line.strip().startswith("- ")]
    assert len(items) == SHOWN_PROBLEMS + 1 and items[-1].strip() == "- and 15 more.", block
    assert "Nosuch Card AA" in items[0]
    long = DeckRejectedError("Bad.", tuple(f"problem {i} " + "x" * 300 for i in range(12)))
    assert all(len(item) <= 200 for item in long.listing()) and len(long.problems) == 12
    exc = DeckRejectedError("Bad.", tuple(f"problem {i}." for i in range(12)))
    assert exc.listing(5, start=5) == (*(f"problem {i}." for i in range(5, 10)), "and 2 more.")
    assert exc.listing(5, start=10) == ("problem 10.", "problem 11.")
    assert exc.listing(20) == exc.problems


def test_a_sealed_table_from_the_console(judge: Judge) -> None:
    """/game new format:sealed, /deck pool by the host for a seat, then decks checked
    against their pools (801.7.4), the refusal listing its rule."""
    c = new_console(judge)
    assert "limited" in c.block("as ann /game new format:sealed")
    c.block("as bo /game join 1")
    refused = c.block("as bo /deck submit limited-elven")
    assert "error:" in refused and "no sealed pool yet" in refused and "801.7.4" in refused
    given = c.block("as ann /deck pool limited-elven game:1 seat:1")
    assert "ann gives seat 1 of game 1 its card pool (30 cards)." in given, given
    c.block("as ann /deck pool Deck: p\\n1 Ember Lance game:1 seat:0")
    status = c.block("as ann /game status 1")
    assert "seat 0: ann, no deck yet, pool of 1 cards" in status, status
    assert "seat 1: bo, no deck yet, pool of 30 cards" in status, status
    refused = c.block("as ann /deck submit limited-elven")
    assert "  - Rule 801.7.4: the deck uses" in refused, refused
    assert "bo submits a deck" in c.block("as bo /deck submit limited-elven")
