"""Die rolls in words: the natural roll, each modifier, the total, the target and the result,
so a judge reading the log can check every roll (105)."""

from __future__ import annotations

from bot.game_text.words import ENGLISH, Words
from engine.events import Rolled, WoundsInflicted


def _signed(value: int) -> str:
    return f"- {-value}" if value < 0 else f"+ {value}"


def wounds_text(w: WoundsInflicted, words: Words = ENGLISH) -> str:
    left = max(w.hit_points - w.wounds, 0)
    s = "" if w.amount == 1 else "s"
    return words.say("wounds", amount=w.amount, s=s, left=left, hit_points=w.hit_points)


def roll_line(e: Rolled, wounds: WoundsInflicted | None = None, words: Words = ENGLISH) -> str:
    """A roll event for people: who rolls what, the dice, each modifier, total, target, result.

    `wounds` is the wounds event the roll caused, folded into the line when given."""
    r = e.roll
    name = e.name or f"#{r.roller}"
    purpose = r.purpose
    is_strike = purpose.endswith("strike")
    if is_strike:
        key = "roll_ranged" if purpose.startswith("ranged") else "roll_strike"
        head = words.say(key, name=name, target=e.target_name or words.say("the_target"))
    else:
        head = words.say("roll_other", name=name, purpose=purpose)
    naturals, kept, mode = r.naturals, r.kept, r.advantage
    if mode in ("advantage", "disadvantage") and len(naturals) > 1:
        dice = words.say("dice_two", first=naturals[0], second=naturals[1], mode=mode, kept=kept)
    elif mode == "cancelled":
        dice = words.say("dice_cancelled", kept=kept)
    else:
        dice = words.say("dice_one", kept=kept)
    mods = r.modifiers or (("", 0),)
    parts = []
    for label, value in mods:
        named = "" if not label or label.startswith("printed strike") else f" ({label})"
        parts.append(f" {_signed(value)}{named}")
    text = f"{head}: {dice}{''.join(parts)} = {r.total}"
    if r.target is not None:
        text += words.say("vs_ac" if is_strike else "vs", target=r.target)
    verdict = []
    outcome = r.outcome
    if outcome.startswith("critical"):
        verdict.append(words.say("natural", kept=kept, outcome=outcome))
    elif "Planar" in outcome:
        verdict.append(words.say("planar_miss"))
    if is_strike:
        result = e.result or ("hit" if "success" in outcome else "miss")
        verdict.append(result + (f" ({wounds_text(wounds, words)})" if wounds else ""))
    elif r.target is not None and not outcome.startswith("critical"):
        verdict.append(outcome)
    return text + (": " + ", ".join(verdict) if verdict else "")
