"""Moves end to end (simcord, the real discord.py client): the per-kind slash commands and
their autocomplete, long move lists paged past Discord's 25 options, and buttons pressed by
someone who may see them but whose moves they are not."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import simcord
from conftest_helpers import (
    World,
    answer,
    components,
    hand_message_in,
    moves,
    start_game,
    waiting_member,
)

from bot.cogs.games import NOT_YOURS
from bot.games import User
from engine import actions as a
from engine.pending import DecisionKind

# What each command may list, restated from issue 8 and the engine's decision kinds.
ORDER = {DecisionKind.ORDER}
CHOICES = {k for k in DecisionKind if k not in (DecisionKind.ORDER, DecisionKind.REACT,
                                                DecisionKind.MANUAL)}  # fmt: skip
EXPECTED: dict[str, tuple[set[DecisionKind], tuple[type[a.Action], ...]]] = {
    "play": (ORDER, (a.PlayCharacter, a.PlayDungeon, a.AttachEpicClass, a.DefeatDungeon)),
    "attack": (ORDER, (a.Attack,)),
    "equip": (ORDER, (a.Equip,)),
    "maneuver": (ORDER, (a.Maneuver,)),
    "order": (ORDER, (a.PlayOrderCard, a.PerformAbility)),
    "react": ({DecisionKind.REACT}, (a.PerformAbility, a.Decline, a.SetStandingOrder)),
    "choose": (CHOICES, (a.Choose, a.Decline)),
    "adjust": ({DecisionKind.MANUAL}, (a.Adjust, a.DoneResolving)),
}
# Which command to use when several have moves: the rarer kinds first, then any not used yet.
PREFERENCE = ("adjust", "react", "choose", "equip", "attack", "order", "play", "maneuver", "pass")


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def service(world: World) -> Any:
    return world.env.bot.games


def expected_numbers(world: World, who: Any, command: str) -> list[int]:
    """The numbers of the service's own menu (`GameService.menu`) that `command` may list."""
    state, _ = service(world).state(world.game_id)
    menu = service(world).menu(world.game_id, User(str(who.id), who.name))
    kind = next(d.kind for d in state.pending if d.seat == menu.seat)
    if command == "pass":
        wanted: tuple[type[a.Action], ...] = (a.Pass,) if kind in ORDER else (a.Decline,)
        return [n for n, act in enumerate(menu.actions, 1) if isinstance(act, wanted)]
    kinds, types = EXPECTED[command]
    if kind not in kinds:
        return []
    return [n for n, act in enumerate(menu.actions, 1) if isinstance(act, types)]


def test_each_kind_of_move_has_a_slash_command_listing_only_its_legal_moves(
    make_bot: Any, fixed_seed: int
) -> None:
    async def scenario() -> None:
        async with simcord.run(make_bot()) as env:
            world = await start_game(env)
            thread = world.thread()
            used: set[str] = set()
            for _ in range(60):
                who = waiting_member(world)
                version = service(world).game(world.game_id).version
                offered: dict[str, list[str]] = {}
                for command in EXPECTED:
                    choices = await who.autocomplete(thread, command, "move", "")
                    values = [c["value"] for c in choices]
                    numbers = [int(v.split(":")[2]) for v in values]
                    assert numbers == expected_numbers(world, who, command)[:25], command
                    assert all(v.startswith(f"{version}:") for v in values)
                    assert all(len(c["name"]) <= 100 for c in choices)
                    offered[command] = values
                passing = expected_numbers(world, who, "pass")
                fresh = [c for c in PREFERENCE if c not in used]
                pick = next(
                    (c for c in fresh if (passing if c == "pass" else offered[c])),
                    next(c for c in PREFERENCE if c != "pass" and offered[c]),
                )
                if pick == "pass":
                    done = await who.slash(thread, "pass")
                else:
                    chosen = offered[pick][0]
                    if pick == "adjust":  # end the manual effect rather than adjust forever
                        chosen = next(
                            c["value"]
                            for c in await who.autocomplete(thread, "adjust", "move", "done")
                        )
                    done = await who.slash(thread, pick, move=chosen)
                assert "Done" in answer(done), (pick, answer(done))
                assert service(world).game(world.game_id).version > version
                used.add(pick)
                if len(used) == len(PREFERENCE):
                    break
            assert used == set(PREFERENCE)
            # The thread pinged each player waited on, linking the DM message to act on.
            pings = [m.content for m in thread.history() if "waits on you" in m.content]
            assert {p.split(",")[0] for p in pings} == {
                f"<@{world.alice.id}>",
                f"<@{world.bob.id}>",
            }
            assert all("https://discord.com/channels/@me/" in p for p in pings)

            # A move of another kind is refused by a command of one kind, and nothing moves.
            who = waiting_member(world)
            version, seat, listed = moves(world, who)
            other = next(c for c in EXPECTED if not any(c in cmds for _, cmds, _ in listed))
            refused = await who.slash(thread, other, move=f"{version}:{seat}:1")
            assert f"not a move /{other} offers" in answer(refused)
            assert service(world).game(world.game_id).version == version
            # Words of a move's line work too, when they name one move.
            lines = [line for _, _, line in listed]
            words = next(x for x in lines if sum(x.casefold() in y.casefold() for y in lines) == 1)
            by_words = await who.slash(thread, "move", move=words.upper())
            assert "Done" in answer(by_words), words
            assert service(world).game(world.game_id).version == version + 1

    run(scenario())


def test_a_long_move_list_is_paged_and_someone_elses_buttons_are_refused_privately(
    make_bot: Any,
) -> None:
    async def scenario() -> None:
        async with simcord.run(make_bot()) as env:
            world = await start_game(env, close_dms=True)  # bob plays in a private thread
            mods = world.guild.create_role(
                "Moderators", permissions=discord.Permissions(manage_threads=True)
            )
            mod = world.guild.add_member(env.create_user("mod"), roles=[mods])
            for _ in range(10):  # until bob waits on a decision of more than 20 moves
                who = waiting_member(world)
                if who is world.bob and len(moves(world, who)[2]) > 20:
                    break
                await who.slash(world.thread(), "pass")
            assert waiting_member(world) is world.bob
            version, _, listed = moves(world, world.bob)
            (private,) = world.private_threads()
            shown = hand_message_in(private, world.bob, world.game_id)
            (select,) = [c for c in components(shown) if isinstance(c, discord.SelectMenu)]
            assert [o.value for o in select.options] == [str(n) for n in range(1, 21)]
            assert [c.label for c in components(shown) if isinstance(c, discord.Button)] == ["Next"]
            assert len(shown.content) <= 2000

            # The moderator may read bob's private thread, not play bob's moves or pages.
            refused = await mod.click(shown, label="Next")
            assert answer(refused) == NOT_YOURS
            assert refused.ephemeral or all(f.ephemeral for f in refused.followups)
            refused = await mod.select(shown, ["3"], custom_id=select.custom_id)
            assert answer(refused) == NOT_YOURS
            assert all(f.ephemeral for f in refused.followups)
            assert service(world).game(world.game_id).version == version
            again = hand_message_in(private, world.bob, world.game_id)
            assert again.components[0].children[0].custom_id == select.custom_id  # unchanged

            # bob pages on: the same message, the next 20 moves, and plays the 21st.
            await world.bob.click(shown, label="Next")
            paged = hand_message_in(private, world.bob, world.game_id)
            assert paged.id == shown.id
            (select,) = [c for c in components(paged) if isinstance(c, discord.SelectMenu)]
            last = min(40, len(listed))
            assert [o.value for o in select.options] == [str(n) for n in range(21, last + 1)]
            assert all(len(o.label) <= 100 for o in select.options)
            labels = [c.label for c in components(paged) if isinstance(c, discord.Button)]
            assert labels[0] == "Previous"
            assert all(len(c.custom_id or "") <= 100 for c in components(paged))
            played = await world.bob.select(paged, ["21"], custom_id=select.custom_id)
            assert "Done" in answer(played) and "move 21" in answer(played)
            assert service(world).game(world.game_id).version == version + 1

    run(scenario())
