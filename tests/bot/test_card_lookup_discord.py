"""/card in Discord, offline: the command, its autocomplete and its persistent buttons."""

from __future__ import annotations

from typing import Any

import discord
from test_bot_discord import autocomplete, interaction, invoke, run, sent

from bot.commands import Judge
from bot.discord_app import WarlordJudgeBot
from bot.discord_render import JudgeButton
from bot.replies import Action


def test_card_command_answers_with_the_card_and_rule_buttons(judge: Judge) -> None:
    async def scenario(bot: WarlordJudgeBot) -> Any:
        inter = interaction(bot)
        await invoke(bot, "card", inter, "Astral Wayfarer")
        return sent(inter)

    kwargs = run(scenario, judge)
    (embed,) = kwargs["embeds"]
    assert embed.title == "Astral Wayfarer"
    assert "Rules it relies on" in [f.name for f in embed.fields]
    (button,) = kwargs["view"].children
    assert button.custom_id == Action("rule", "602.5").to_custom_id()
    assert kwargs["allowed_mentions"].everyone is False


def test_card_button_rebuilt_from_its_custom_id_after_a_restart(judge: Judge) -> None:
    custom_id = Action("card", "Stonewarden").to_custom_id()

    async def scenario(bot: WarlordJudgeBot) -> Any:
        item = discord.ui.Button(label="Stonewarden", custom_id=custom_id)
        match = JudgeButton.__discord_ui_compiled_template__.match(custom_id)
        assert match is not None
        button = await JudgeButton.from_custom_id(interaction(bot), item, match)
        press = interaction(bot)
        await button.callback(press)
        return sent(press)

    assert run(scenario, judge)["embeds"][0].title == "Stonewarden"


def test_card_names_autocomplete(judge: Judge) -> None:
    async def scenario(bot: WarlordJudgeBot) -> Any:
        return await autocomplete(bot, "card", "name", "legion")

    choices = run(scenario, judge)
    assert choices[0] == discord.app_commands.Choice(
        name="Legion Shieldbearer", value="Legion Shieldbearer"
    )
    assert len(choices) <= 25
