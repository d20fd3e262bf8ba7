"""The command layer: plain Python from typed input to a reply model (no discord import).

`bot.commands.games.GameCommands` answers the game lines (`/game`, `/deck`, `/move`, `/judge`
...) over the game service; `bot.commands.hotseat.HotSeat` runs hot-seat games on it.
"""

from __future__ import annotations

from bot.commands.judge import Judge, RulesSource, is_ref_query

__all__ = ["Judge", "RulesSource", "is_ref_query"]
