"""Conditions read from card text: "if this character is a ranger", "while it is spent".

A condition is about one character: the performer ("this character", "he"; on an item or
attached card, its bearer), the chosen target, or the performer's controller's Warlord.
Only conditions the engine can check are read (`engine.statics.holds`); anything else
leaves its sentence to be resolved by hand.
"""

from __future__ import annotations

import re

from engine.cards.abilities import Affects, Check, Condition
from engine.cards.ability_effects import NUMBERS

_SELF = r"this character|he|she|it|the bearer"
_TARGET = r"the target|target character|that character|the target character"
_WHO = rf"(?P<who>{_SELF}|{_TARGET}|your warlord)"
_RANKS = {
    "first": 1, "1st": 1, "front": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3,
    "fourth": 4, "4th": 4, "fifth": 5, "5th": 5,
}  # fmt: skip
_LOCATIONS = (
    "armor", "arrow", "bow", "familiar", "gauntlet", "helm", "shield", "stance", "steed",
    "trap", "weapon",
)  # fmt: skip
# Words after "is a" that are not a trait, class, faction or alignment of a character.
_NOT_TRAITS = frozenset(
    re.findall(
        r"\w+",
        "spell action order react item card strike target character legal copy token member set",
    )
)
_STATES = {
    "spent": (Check.SPENT, False), "ready": (Check.READY, False),
    "stunned": (Check.STUNNED, False), "wounded": (Check.WOUNDED, False),
    "unwounded": (Check.WOUNDED, True), "not stunned": (Check.STUNNED, True),
    "not spent": (Check.SPENT, True), "not wounded": (Check.WOUNDED, True),
}  # fmt: skip

_RULES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(p), kind)
    for p, kind in (
        (rf"{_WHO} is (?P<state>not stunned|not spent|not wounded|spent|ready|stunned"
         r"|wounded|unwounded)", "state"),
        (rf"{_WHO} is (?P<not>not )?in (?:the|your|its|his|her|their) (?P<rank>first|1st|front"
         r"|second|2nd|third|3rd|fourth|4th|fifth|5th) rank", "rank"),
        (rf"{_WHO} (?:has|have) (?:a|an|any) (?P<loc>{'|'.join(_LOCATIONS)}) equipped", "item"),
        (rf"{_WHO} (?:does not have|has no) (?:a |an |any )?(?P<loc>{'|'.join(_LOCATIONS)})s?"
         r" equipped", "no_item"),
        (rf"{_WHO} (?:has|have) (?:(?P<n>one|two|three|four|\d+) or more|at least "
         r"(?P<n2>one|two|three|four|\d+)) wounds?", "wounds"),
        (rf"{_WHO} (?:has|have) (?:any|a) wounds?", "wounded"),
        (r"(?P<who>this character|he|she|it) is your warlord", "warlord"),
        (rf"{_WHO} is (?P<not>not )?(?:a|an) (?P<name>[a-z][a-z'-]+)(?: character)?", "is"),
        (rf"{_WHO} is (?P<not>not )?(?P<name>good|evil)", "is"),
    )
)  # fmt: skip


_HIT = re.compile(
    r"(?:the|that|this) (?:melee |ranged )?strike (?P<what>hits|misses|is successful)"
    r"|it (?P<what2>hits|misses)"
)


def read_hit(text: str) -> Condition | None:
    """ "If the strike hits" / "if it misses": a condition on the ability's strike just
    before (509.5 4b), only for an effect that follows a strike (engine.cards.ability_compose)."""
    m = _HIT.fullmatch(text.strip().rstrip(","))
    if m is None:
        return None
    return Condition(Check.HIT, Affects.PERFORMER, negate=(m["what"] or m["what2"]) == "misses")


def read_condition(text: str, has_target: bool) -> Condition | None:
    """The condition of a normalised (lower-case) clause without its "if" / "while", or
    None when it is not one the engine checks."""
    clause = text.strip().rstrip(",")
    for pattern, kind in _RULES:
        m = pattern.fullmatch(clause)
        if m is None:
            continue
        who = Affects.WARLORD if m["who"] == "your warlord" else Affects.PERFORMER
        if re.fullmatch(_TARGET, m["who"]):
            if not has_target:
                return None
            who = Affects.TARGET
        return _build(kind, m, who)
    return None


def _build(kind: str, m: re.Match[str], who: Affects) -> Condition | None:
    groups = m.groupdict()
    negate = bool(groups.get("not"))
    if kind == "state":
        check, neg = _STATES[m["state"]]
        return Condition(check, who, negate=neg)
    if kind == "rank":
        return Condition(Check.IN_RANK, who, amount=_RANKS[m["rank"]], negate=negate)
    if kind in ("item", "no_item"):
        return Condition(Check.EQUIPPED, who, name=m["loc"].title(), negate=kind == "no_item")
    if kind == "wounds":
        word = m["n"] or m["n2"]
        amount = int(word) if word.isdigit() else NUMBERS[word]
        return Condition(Check.WOUNDED, who, amount=amount)
    if kind == "wounded":
        return Condition(Check.WOUNDED, who)
    if kind == "warlord":
        return Condition(Check.WARLORD, who)
    name = m["name"]
    if name in _NOT_TRAITS:
        return None
    return Condition(Check.IS, who, name=name.title(), negate=negate)
