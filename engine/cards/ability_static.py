"""Static text compiled into ongoing effects (512): "This character gets +2 AC.",
"Characters in this rank have +1 ATK.", "While he is spent, he has +2 AC.", "This
character inflicts an additional wound with melee strikes."

Each sentence gives MODIFY_STAT or EXTRA_WOUNDS effects lasting while the card is in play
(Duration.WHILE_IN_PLAY), for the characters `Effect.affects` names, with an optional
condition (engine.cards.ability_conditions). The engine adds them to the stats it computes
(engine.statics). A sentence that does not match stays manual text.
"""

from __future__ import annotations

import re
from dataclasses import replace

from engine.cards.abilities import (
    Affects,
    Check,
    Condition,
    Duration,
    Effect,
    Op,
    Stat,
    StrikeKind,
)
from engine.cards.ability_conditions import read_condition
from engine.cards.ability_effects import NUMBERS

_STATS = {
    "atk": Stat.ATK, "ac": Stat.AC, "skill": Stat.SKILL, "hp": Stat.HP, "hit point": Stat.HP,
    "hit points": Stat.HP, "level": Stat.LEVEL, "levels": Stat.LEVEL,
}  # fmt: skip
_ONE = r"(?:[+-]\d+) (?:atk|ac|skill|hp|hit points?|levels?)"
STAT_LIST = rf"{_ONE}(?:(?:,? and |, ){_ONE})*"  # "+1 ATK, +2 AC and +1 Skill"
_LIST = rf"(?P<list>{STAT_LIST})"
_VERB = r"(?:has|have|gains?|gets?|is|are)"
_N = r"(?P<n>a|an|one|two|three|\d+)"
_PLURALS = {"elves": "elf", "dwarves": "dwarf", "wolves": "wolf", "thieves": "thief"}
# Words a plural subject may not be: they do not name characters by trait.
_NOT_TRAITS = frozenset(
    re.findall(
        r"\w+",
        "characters items cards strikes actions spells players opponents ranks wounds attacks"
        " orders reacts",
    )
)
# Group subjects: "adjacent characters", "characters in this rank", "your dwarves".
_GROUPS: tuple[tuple[re.Pattern[str], Affects], ...] = tuple(
    (re.compile(p), who)
    for p, who in (
        (r"this character|he|she", Affects.PERFORMER),
        (r"your warlord", Affects.WARLORD),
        (r"(?:all |each )?(?:characters? |(?P<t>[a-z'-]+) )adjacent to this character"
         r"|(?:all |each )?adjacent (?:characters?|(?P<t2>[a-z'-]+))", Affects.ADJACENT),
        (r"(?:all |each )?other (?:characters?|(?P<t>[a-z'-]+)) in this rank",
         Affects.OTHERS_IN_RANK),
        (r"(?:all |each )?(?:characters?|(?P<t>[a-z'-]+)) in this rank", Affects.RANK),
        (r"(?:all )?other (?:characters?|(?P<t>[a-z'-]+)) in your army|your other "
         r"(?:characters|(?P<t2>[a-z'-]+))", Affects.OTHERS_IN_ARMY),
        (r"(?:all |each )?(?:characters?|(?P<t>[a-z'-]+)) in your army|(?:all )?your "
         r"(?:characters|(?P<t2>[a-z'-]+))|(?:all )?characters you control", Affects.ARMY),
    )
)  # fmt: skip
_STAT_RULE = re.compile(rf"(?P<who>.+?) {_VERB} {_LIST}")
_WOUND_RULES = tuple(
    re.compile(p)
    for p in (
        rf"this character inflicts {_N} (?:additional|extra) wounds? (?:with|on) (?:all )?"
        r"(?:his |her |its )?(?:(?P<kind>melee|ranged) )?strikes",
        rf"this character inflicts {_N} (?:additional|extra) wounds? (?:whenever|when) "
        r"(?:he|she|it) hits with an? (?:(?P<kind>melee|ranged) )?strike",
        rf"this character's (?:(?P<kind>melee|ranged) )?strikes inflict {_N} (?:additional"
        r"|extra) wounds?(?: if (?:they|it) hits?)?",
        rf"(?P<kind>melee|ranged) strikes performed by this character inflict {_N} "
        r"(?:additional|extra) wounds?",
    )
)
_CONDITION = re.compile(r"^(?:while|if) (?P<cond>[^,]+), (?P<rest>.+)$|^(?P<rest2>.+?) (?:while|if)"
                        r" (?P<cond2>(?!in play$).+)$")  # fmt: skip
_IN_PLAY = re.compile(r"^while (?:in play|equipped|this card is equipped), |,? while in play$")
# A subject-less condition after the stats ("... while spent"): about the performer.
_BARE = re.compile(r"^(?:in (?:the|your) (?P<rank>first|1st|front) rank|(?P<state>spent|ready"
                   r"|stunned|wounded|unwounded))$")  # fmt: skip


def compile_static(sentence: str) -> tuple[Effect, ...] | None:
    """The ongoing effects of one normalised (lower-case) static sentence, or None."""
    text = _IN_PLAY.sub("", sentence.strip().rstrip(".!").strip())
    effects = _plain(text)
    if effects is None:
        m = _CONDITION.match(text)
        if m is None:
            return None
        suffix = m["cond"] is None
        cond_text, rest = (m["cond2"], m["rest2"]) if suffix else (m["cond"], m["rest"])
        bare = _bare(cond_text)
        condition = bare or read_condition(cond_text, has_target=False)
        effects = _plain(rest)
        if condition is None or effects is None or condition.who is not Affects.PERFORMER:
            return None
        if bare is not None and any(e.affects is not Affects.PERFORMER for e in effects):
            return None  # "adjacent characters have +1 AC while spent": whose state? By hand
        effects = tuple(replace(e, condition=condition) for e in effects)
    return effects if all(_safe(e) for e in effects) else None


def _plain(text: str) -> tuple[Effect, ...] | None:
    for rule in _WOUND_RULES:
        w = rule.fullmatch(text)
        if w:
            amount = int(w["n"]) if w["n"].isdigit() else NUMBERS[w["n"]]
            kind = w["kind"]
            return (
                Effect(
                    Op.EXTRA_WOUNDS,
                    Affects.PERFORMER,
                    amount,
                    strike=StrikeKind(kind) if kind else None,
                    duration=Duration.WHILE_IN_PLAY,
                ),
            )
    s = _STAT_RULE.fullmatch(text)
    if s is None:
        return None
    group = group_of(s["who"])
    if group is None:
        return None
    who, trait = group
    return (
        tuple(
            Effect(
                Op.MODIFY_STAT, who, amount, stat=stat, duration=Duration.WHILE_IN_PLAY, name=trait
            )
            for amount, stat in stat_list(s["list"])
        )
        or None
    )


def stat_list(text: str) -> list[tuple[int, Stat]]:
    """ "+1 atk, +2 ac and +1 skill" -> [(1, ATK), (2, AC), (1, SKILL)]."""
    return [
        (int(part[1]), _STATS[part[2]])
        for part in re.finditer(r"([+-]\d+) (atk|ac|skill|hp|hit points?|levels?)", text)
    ]


def group_of(subject: str) -> tuple[Affects, str] | None:
    """Whom a subject names ("adjacent characters", "your dwarves") and the trait, if any."""
    for pattern, who in _GROUPS:
        m = pattern.fullmatch(subject)
        if m is None:
            continue
        word = next((v for k, v in m.groupdict().items() if v), "")
        if not word:
            return who, ""
        if word in _NOT_TRAITS or (not word.endswith("s") and word not in _PLURALS):
            return None
        single = _PLURALS.get(word) or (word[:-3] + "y" if word.endswith("ies") else word[:-1])
        return who, single.title()
    return None


def _bare(text: str) -> Condition | None:
    m = _BARE.fullmatch(text.strip())
    if m is None:
        return None
    if m["rank"]:
        return Condition(Check.IN_RANK, amount=1)
    return read_condition(f"this character is {m['state']}", has_target=False)


def _safe(effect: Effect) -> bool:
    """HP and level decide deaths (104.2, 104.6) and legal ranks (401.6), which the engine
    checks again only when the character itself changes: a static bonus to them is read only
    when it is the character's own, positive, and does not depend on where it stands."""
    if effect.stat not in (Stat.HP, Stat.LEVEL):
        return True
    rank = effect.condition is not None and effect.condition.check is Check.IN_RANK
    return effect.affects is Affects.PERFORMER and (effect.amount or 0) > 0 and not rank
