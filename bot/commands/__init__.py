"""The command layer: plain Python from typed input to a reply model (no discord import)."""

from __future__ import annotations

from bot.commands.judge import Judge, RulesSource, is_ref_query

__all__ = ["Judge", "RulesSource", "is_ref_query"]
