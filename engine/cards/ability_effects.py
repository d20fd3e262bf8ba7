"""Effect sentences compiled into effect primitives ("Perform a +5 ranged strike.").

Each sentence of an effect must match one pattern, or the whole effect stays manual: a
half-run effect would be worse than one resolved by hand. Self references ("Kabyrr",
"this fighter", "he") are normalised to "this character" by the grammar before matching.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from engine.cards.abilities import (
    Affects,
    Check,
    Condition,
    Direction,
    Duration,
    Effect,
    Op,
    Stat,
    StrikeKind,
)

NUMBERS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "zero": 0, "another": 1,
}  # fmt: skip
_N = r"(?:a|an|one|two|three|four|five|six|\d+)"
_SELF = r"this character|this card|him|her|himself|herself|itself"
_TARGET = (
    r"the target character|the target characters|the targeted character|the target"
    r"|target character|each target|the targets|that character|the character"
    r"|the attacking character|the same target"
)
_WHO = rf"(?:{_SELF}|{_TARGET})"
_STATS = {
    "atk": Stat.ATK, "ac": Stat.AC, "skill": Stat.SKILL, "hp": Stat.HP, "hit point": Stat.HP,
    "hit points": Stat.HP, "level": Stat.LEVEL, "levels": Stat.LEVEL,
}  # fmt: skip
_STAT = r"(?:[+-]\d+) (?:atk|ac|skill|hp|hit points?|levels?)"
_UNTIL_EOT = r"until (?:the )?end of (?:the )?turn|this turn"
_UNTIL_STRIKE = (
    r"for (?:the|this) strike|until (?:the )?end of the strike"
    r"|for the duration of (?:the|this) strike"
)
_SPLIT = re.compile(r"(?<=[.!;])\s+")


def number(word: str) -> int:
    """ "two" -> 2, "3" -> 3, "a" -> 1."""
    return NUMBERS[word] if word in NUMBERS else int(word)


def affects(phrase: str | None, has_target: bool) -> Affects:
    """Who a phrase names: the performer, the source card, the chosen target or the trigger's."""
    if not phrase or phrase in ("this character", "him", "her", "himself", "herself"):
        return Affects.PERFORMER
    if phrase in ("this card", "itself"):
        return Affects.SOURCE
    if phrase in (
        "the target", "target character", "each target", "the targets", "the target character",
        "the target characters", "the targeted character",
    ):  # fmt: skip
        return Affects.TARGET if has_target else Affects.TRIGGER
    return Affects.TRIGGER


_Rule = tuple[re.Pattern[str], Callable[[re.Match[str], bool], tuple[Effect, ...]]]


def _strike(m: re.Match[str], tgt: bool) -> tuple[Effect, ...]:
    if m["stuns"]:  # 509.5 6c: a hit stuns instead of wounding
        if m["n"] or m["who"]:
            return ()
        hit = Condition(Check.HIT, Affects.PERFORMER)
        plain = _strike_effects(m, tgt)
        return (*plain[:-1], replace(plain[-1], wounds=0), Effect(Op.STUN, Affects.TARGET,
                                                                   condition=hit))  # fmt: skip
    return _strike_effects(m, tgt)


def _strike_effects(m: re.Match[str], tgt: bool) -> tuple[Effect, ...]:
    if bool(m["many"]) is not bool(m["times"]):  # "a number of strikes equal to ..."
        return ()
    bonus = m["bonus"] or m["base"] or m["base2"]
    times = number(m["n"]) if m["n"] else 1
    plus = (
        (Effect(Op.MODIFY_STAT, Affects.PERFORMER, int(m["plus"]), stat=Stat.ATK,
                duration=Duration.STRIKE),)
        if m["plus"]
        else ()
    )  # fmt: skip
    return (
        *plus,
        Effect(
            Op.STRIKE,
            affects(m["who"], tgt) if m["who"] else Affects.PERFORMER,
            int(bonus) if bonus is not None else 0 if m["equal"] else None,
            times=times,
            strike=StrikeKind(m["kind"]),
            stat=_STATS[m["equal"]] if m["equal"] else None,  # 510.4: set as it is generated
            counted=_STATS[m["times"]] if m["times"] else None,
            wounds=2 if m["extra"] else 0 if m["none"] else None,
            reach=1 if m["reach"] else None,
        ),
    )


def _wounds(m: re.Match[str], tgt: bool) -> tuple[Effect, ...]:
    return (Effect(Op.INFLICT_WOUNDS, affects(m["who"], tgt), number(m["n"])),)


_WOUNDS_TO = {
    "another character in your army": "army", "a character in your army": "army",
    "an adjacent character": "adjacent", "this character": "this",
}  # fmt: skip


def _move_wounds(m: re.Match[str], tgt: bool) -> tuple[Effect, ...]:
    """ "Move one or more wounds from the target to another character in your army"."""
    amount = None if m["n"] == "all" else 0 if m["n"] == "one or more" else number(m["n"])
    who = affects(m["who"], tgt)
    if who not in (Affects.PERFORMER, Affects.TARGET) or (
        m["to"] == "this character" and who is Affects.PERFORMER
    ):
        return ()
    return (Effect(Op.MOVE_WOUNDS, who, amount, name=_WOUNDS_TO[m["to"]]),)


def _reduce(m: re.Match[str], tgt: bool) -> tuple[Effect, ...]:
    if m["n"] is None or (number(m["n"]) == 0 and m["to"]):
        return (Effect(Op.PREVENT_WOUNDS, Affects.TRIGGER),)
    return (Effect(Op.REDUCE_WOUNDS, Affects.TRIGGER, number(m["n"])),)


def _simple(op: Op) -> Callable[[re.Match[str], bool], tuple[Effect, ...]]:
    def build(m: re.Match[str], tgt: bool) -> tuple[Effect, ...]:
        who = m.groupdict().get("who")
        return (Effect(op, affects(who, tgt) if who else Affects.SOURCE),)

    return build


def _state(m: re.Match[str], tgt: bool) -> tuple[Effect, ...]:
    return (Effect(Op(m["op"]), affects(m["who"], tgt)),)


def _heal(m: re.Match[str], tgt: bool) -> tuple[Effect, ...]:
    amount = None if m["n"] == "all" else number(m["n"])
    return (Effect(Op.HEAL, affects(m["who"], tgt), amount),)


def _cards(op: Op) -> Callable[[re.Match[str], bool], tuple[Effect, ...]]:
    def build(m: re.Match[str], tgt: bool) -> tuple[Effect, ...]:
        return (Effect(op, Affects.YOU, number(m["n"])),)

    return build


def _move(m: re.Match[str], tgt: bool) -> tuple[Effect, ...]:
    direction = m["dir"].replace(" ", "_").replace("backwards", "backward")
    direction = "backward" if direction == "back" else direction
    return (
        Effect(Op.MOVE, affects(m["who"], tgt), number(m["n"]), direction=Direction(direction)),
    )


def _journey(m: re.Match[str], tgt: bool) -> tuple[Effect, ...]:
    """602.4: "Journey" is "Move forward or backward one rank" (the target's, if it has one)."""
    who = affects(m["who"] or ("the target" if tgt else None), tgt)
    return (Effect(Op.MOVE, who, 1, direction=Direction.FORWARD_OR_BACKWARD),)


def _stats(m: re.Match[str], tgt: bool) -> tuple[Effect, ...]:
    if m["perm"] or m["perm2"]:
        duration = Duration.PERMANENT
    elif m["eot"] or m["eot2"]:
        duration = Duration.END_OF_TURN
    elif m["strike"]:
        duration = Duration.STRIKE
    else:
        return ()
    who = affects(m["who"] or m["given"], tgt)
    out = []
    for part in re.finditer(r"([+-]\d+) (atk|ac|skill|hp|hit points?|levels?)", m["list"]):
        out.append(
            Effect(Op.MODIFY_STAT, who, int(part[1]), stat=_STATS[part[2]], duration=duration)
        )
    return tuple(out)


_STAT_NAMES = r"(?:atk|ac|skill)(?:(?:,? and |, )(?:atk|ac|skill))*"


def _counted_stats(m: re.Match[str], tgt: bool) -> tuple[Effect, ...]:
    """ "The target gains a bonus to ATK and AC equal to this character's level until end of
    turn": the performer's stat as the effect is generated (510.4)."""
    who = affects(m["who"], tgt)
    if not (m["eot"] or m["eot2"]) or who not in (Affects.PERFORMER, Affects.TARGET):
        return ()
    by = _STATS[m["by"]]
    return tuple(
        Effect(Op.MODIFY_STAT, who, 0, stat=_STATS[s], duration=Duration.END_OF_TURN, counted=by)
        for s in re.findall(r"atk|ac|skill", m["list"] or m["list2"])
    )


def _counters(m: re.Match[str], tgt: bool) -> tuple[Effect, ...]:
    word = m.groupdict().get("n")
    amount = number(word) if word else 1
    return (Effect(Op.ADD_COUNTERS, affects(m["who"], tgt), amount, name=m["name"].title()),)


def _save(m: re.Match[str], tgt: bool) -> tuple[Effect, ...]:
    who = affects(m["who"], tgt)
    on_fail = fail_effects(m["fail"], who)
    if on_fail is None:
        return ()
    stat = _STATS[m["dcstat"]] if m["dcstat"] else None  # the DC adds the performer's stat
    save = Effect(Op.SAVE, who, int(m["dc"]), stat=stat, name=m["save"].title(), on_fail=on_fail)
    return (save,)


_REDIRECTS = {
    "an adjacent character": "adjacent", "another adjacent character": "adjacent",
    "an adjacent target": "adjacent", "this character": "this",
    "another character in this rank": "rank",
}  # fmt: skip


def _find(op: Op, m: re.Match[str]) -> tuple[Effect, ...]:
    """SEARCH / RETRIEVE a card the printed words name (engine.cards.card_filter)."""
    from engine.cards.card_filter import read_filter

    found = read_filter(m["what"])
    if found is None:
        return ()
    reveal = bool(m.groupdict().get("show"))
    return (Effect(op, Affects.YOU, found.count, name=m["what"], reveal=reveal),)


def _search(m: re.Match[str], tgt: bool) -> tuple[Effect, ...]:
    """A deck searched (701.1), or a discard pile searched: a card retrieved (not shuffled)."""
    if m["zone"] == "deck":
        return _find(Op.SEARCH, m)
    return () if m["shuffle"] else _find(Op.RETRIEVE, m)


_FAIL_STATES = {
    "be stunned": Op.STUN, "become stunned": Op.STUN, "be spent": Op.SPEND,
    "become spent": Op.SPEND, "be killed": Op.KILL, "die": Op.KILL, "stun": Op.STUN,
    "is stunned": Op.STUN, "is spent": Op.SPEND, "is killed": Op.KILL,
}  # fmt: skip
_FAIL_MOVE = re.compile(
    rf"(?:be moved|move) (?P<dir>back|backward|backwards|forward) (?P<n>{_N}) ranks?"
)
_FAIL_STAT = re.compile(
    rf"(?:suffer|lose) (?P<n>{_N}|-\d+) (?P<stat>atk|ac|skill|levels?)"
    r"(?: (?P<perm>permanently)| (?P<eot>until (?:the )?end of (?:the )?turn))"
)


def fail_effects(text: str, who: Affects) -> tuple[Effect, ...] | None:
    """What happens to a character `who` that fails a save or check ("suffer two wounds and
    become stunned", "be moved back one rank", "lose 1 ATK permanently"), or None."""
    out: list[Effect] = []
    for part in re.split(r",? and (?:then )?|, ", text.strip()):
        wounds = re.fullmatch(rf"suffer (?P<n>{_N}) wounds?", part)
        move = _FAIL_MOVE.fullmatch(part)
        stat = _FAIL_STAT.fullmatch(part)
        if wounds:
            out.append(Effect(Op.INFLICT_WOUNDS, who, number(wounds["n"])))
        elif part in _FAIL_STATES:
            out.append(Effect(_FAIL_STATES[part], who))
        elif move:
            direction = Direction.FORWARD if move["dir"] == "forward" else Direction.BACKWARD
            out.append(Effect(Op.MOVE, who, number(move["n"]), direction=direction))
        elif stat:
            amount = -abs(int(stat["n"])) if stat["n"].startswith("-") else -number(stat["n"])
            duration = Duration.PERMANENT if stat["perm"] else Duration.END_OF_TURN
            out.append(
                Effect(Op.MODIFY_STAT, who, amount, stat=_STATS[stat["stat"]], duration=duration)
            )
        else:
            return None
    return tuple(out) or None


_RULES: tuple[_Rule, ...] = (
    (
        re.compile(
            rf"(?P<who>{_WHO}|each target) must (?:succeed with|make) an? (?P<save>[a-z]+) save"
            r" \(dc (?P<dc>\d+)(?: \+ this character's (?P<dcstat>skill|level))?\)"
            r" or (?P<fail>[a-z0-9 ,-]+)"
        ),
        _save,
    ),
    (
        re.compile(
            r"(?:add (?P<plus>[+-]?\d+) to (?:the|this|that) (?:die |strike )?roll"
            r"|(?:the|this) strike gains (?P<plus2>[+-]\d+)(?: atk)?"
            r"|subtract (?P<minus>\d+) from (?:the|this|that) (?:die |strike )?roll)"
        ),
        lambda m, t: (
            Effect(
                Op.MODIFY_ROLL, Affects.TRIGGER, int(m["plus"] or m["plus2"] or -int(m["minus"]))
            ),
        ),
    ),
    (
        re.compile(
            r"(?:the|that|this) (?:strike|roll|strike roll) is (?:a|an automatic) "
            r"critical (?P<what>success|failure)"
        ),
        lambda m, t: (Effect(Op.SET_CRITICAL, Affects.TRIGGER, name=m["what"]),),
    ),
    (
        re.compile(r"reroll (?:the|that) (?:die|roll|die roll)"),
        lambda m, t: (Effect(Op.REROLL, Affects.TRIGGER),),
    ),
    (
        re.compile(r"put this (?:character|card) into play(?: from your hand)?"),
        lambda m, t: (Effect(Op.PUT_INTO_PLAY, Affects.SOURCE),),
    ),
    (
        re.compile(
            rf"(?:the|that|this) strike inflicts (?P<n>{_N}) (?:additional|extra) "
            r"wounds?(?: if it hits)?"
        ),
        lambda m, t: (Effect(Op.EXTRA_WOUNDS, Affects.TRIGGER, number(m["n"])),),
    ),
    (
        re.compile(
            r"(?:the|that|this) strike (?:inflicts no wounds|does not inflict (?:any )?wounds)"
        ),
        lambda m, t: (Effect(Op.PREVENT_WOUNDS, Affects.TRIGGER),),
    ),
    (
        re.compile(
            r"perform (?:a|an|one|(?P<n>two|three)(?: consecutive)?|(?P<many>a number of))"
            r" (?:(?P<bonus>[+-]\d+) )?"
            rf"(?P<kind>melee|ranged) strikes?(?: with (?P<plus>[+-]\d+) atk)?"
            r"(?: with a bonus equal to this character's (?P<equal>level|skill))?"
            r"(?: with an atk of (?P<base>[+-]\d+)| \(base (?P<base2>[+-]\d+) atk\))?"
            rf"(?: (?:against|targeting|on) (?P<who>{_WHO}))?"
            r"(?: (?:that|which) (?:(?P<extra>inflicts (?:an additional|an extra|one additional)"
            r" wound(?: if it hits)?)"
            r"|(?P<none>does not inflict (?:any )?wounds?|inflicts no wounds)"
            r"|(?P<stuns>stuns the target instead of (?:inflicting wounds|wounding it))"
            r"|(?P<reach>may target (?:a character )?(?:an|one) additional rank(?: away)?)))?"
            r"(?: equal to (?:this character's|his|her) (?P<times>level|skill))?"
        ),
        _strike,
    ),
    # 507.3, 510.6: an attack within an effect spends no one ("without spending" says so)
    (re.compile(r"perform an attack(?: without spending)?"), lambda m, t: (Effect(Op.ATTACK),)),
    (re.compile(rf"(?:(?P<who>{_WHO}) )?journeys?"), _journey),  # 602.4
    (re.compile(r"survey"), lambda m, t: (Effect(Op.SURVEY, Affects.YOU, 2),)),
    (
        re.compile(
            rf"move (?P<n>{_N}|all|one or more) wounds? from (?P<who>{_WHO}) to (?P<to>another"
            r" character in your army|a character in your army|an adjacent character"
            r"|this character)"
        ),
        _move_wounds,
    ),
    (re.compile(rf"(?:inflict|deal) (?P<n>{_N}) wounds? (?:on|to) (?P<who>{_WHO})"), _wounds),
    (re.compile(rf"(?P<who>{_WHO}) suffers? (?P<n>{_N}) wounds?"), _wounds),
    (
        re.compile(
            r"reduce (?:the|the target's|the number of) wounds?"
            r"(?: suffered| inflicted| dealt| being suffered| being inflicted)?"
            r"(?: by the strike)?"
            rf" (?:by (?P<n>{_N})|(?P<to>to (?:zero|0)))(?: \(minimum 0\))?"
        ),
        _reduce,
    ),
    (
        re.compile(r"(?P<who>cancel) (?:the|that) (?:strike|action|spell|attack|order|react)"),
        lambda m, t: (Effect(Op.CANCEL, Affects.TRIGGER),),
    ),
    (re.compile(rf"(?P<op>ready|spend|stun|kill) (?P<who>{_WHO})"), _state),
    (
        re.compile(rf"(?P<who>{_WHO}) is (?P<op>stunned|spent|killed)"),
        lambda m, t: (
            Effect(
                Op({"stunned": "stun", "spent": "spend", "killed": "kill"}[m["op"]]),
                affects(m["who"], t),
            ),
        ),
    ),
    (re.compile(rf"(?:remove|heal) (?P<n>{_N}|all) wounds? (?:from|on) (?P<who>{_WHO})"), _heal),
    (
        re.compile(rf"heal (?P<who>{_WHO})"),
        lambda m, t: (Effect(Op.HEAL, affects(m["who"], t), 1),),
    ),
    (re.compile(rf"draw (?P<n>{_N}) cards?"), _cards(Op.DRAW)),
    (re.compile(rf"discard (?P<n>{_N}) cards?(?: from your hand)?"), _cards(Op.DISCARD)),
    (
        re.compile(
            r"search your (?P<zone>deck|discard pile) for (?P<what>[a-z0-9 -]+?)"
            r"(?P<show>,? (?:and )?(?:reveal it|show it to (?:the other players|your opponents?"
            r"|all players|everyone)))?,? (?:and |then )*(?:put|add|place) "
            r"(?:it|him|her|them|that card|the card) (?:in|into|to) your hand"
            r"(?P<shuffle>,? (?:and |then )*shuffle your deck)?"
        ),
        _search,
    ),
    (
        re.compile(
            r"(?:retrieve|return|put|take) this (?:card|character)(?: (?:in|into|to) your hand)?"
            r" from your discard pile(?: and put (?:it|him|her) (?:in|into) your hand"
            r"| (?:in|into|to) your hand)?"
        ),
        lambda m, t: (Effect(Op.RETRIEVE, Affects.SOURCE),),  # the card itself (405)
    ),
    (
        re.compile(
            r"(?:retrieve|return|put|take) (?P<what>[a-z0-9 -]+?) from your discard pile"
            r"(?: and put (?:it|him|her) (?:in|into) your hand| (?:in|into|to) your hand)"
        ),
        lambda m, t: _find(Op.RETRIEVE, m),
    ),
    (
        re.compile(
            rf"put (?:a|an|one) (?P<name>trap|simple shield|animal) token into play"
            rf"(?: equipped to (?P<who>{_WHO}))?"
        ),
        lambda m, t: (
            Effect(
                Op.CREATE_TOKEN,
                affects(m["who"], t) if m["who"] else Affects.YOU,
                name=m["name"].title(),
            ),
        ),
    ),
    (
        re.compile(
            r"redirect (?:the|that) (?:(?:melee |ranged )?strike(?: or action)?|action"
            r"(?: or strike)?) to (?P<to>an adjacent character"
            r"|another adjacent character|an adjacent target|this character"
            r"|another character in this rank)(?:,? if possible)?"
        ),
        lambda m, t: (Effect(Op.REDIRECT, Affects.TRIGGER, name=_REDIRECTS[m["to"]]),),
    ),
    (
        re.compile(
            rf"move(?: (?P<who>{_WHO}))? (?P<dir>forward or backward|forward|backwards?|back)"
            rf" (?P<n>{_N}) ranks?(?:,? if possible)?"
        ),
        _move,
    ),
    (
        re.compile(
            rf"(?:(?P<eot>{_UNTIL_EOT}),? )?(?:give (?P<given>{_WHO}) |(?:(?P<who>{_WHO}) )?"
            r"(?P<perm>permanently )?(?:gains?|gets|has|is) )"
            rf"(?P<list>{_STAT}(?:(?:,? and |, ){_STAT})*)"
            rf"(?: (?P<eot2>{_UNTIL_EOT})| (?P<strike>{_UNTIL_STRIKE})"
            r"| (?P<perm2>permanently))?"
        ),
        _stats,
    ),
    (
        re.compile(
            rf"(?:(?P<eot>{_UNTIL_EOT}),? )?(?P<who>{_WHO}) (?:gains?|gets|has) (?:an? bonus to "
            rf"(?P<list>{_STAT_NAMES})|(?:an? )?(?P<list2>{_STAT_NAMES}) bonus(?:es)?) equal to"
            rf" this character's (?P<by>level|skill)(?: (?P<eot2>{_UNTIL_EOT}))?"
        ),
        _counted_stats,
    ),
    (re.compile(r"return this card to (?:your|its owner's) hand"), _simple(Op.RETURN_TO_HAND)),
    (re.compile(rf"attach this card to (?P<who>{_WHO})"), _simple(Op.ATTACH)),
    (
        re.compile(rf"put (?:(?P<n>{_N}) )?(?P<name>[a-z]+) counters? on (?P<who>{_WHO})"),
        _counters,
    ),
    (re.compile(rf"put (?P<name>charge) on (?P<who>{_WHO})"), _counters),
    (
        re.compile(
            rf"put (?:(?P<n>{_N}) )?(?P<name>charge)s? (?:counters? |tokens? )?on (?P<who>{_WHO})"
        ),
        _counters,
    ),
)


def _sentence(sentence: str, has_target: bool) -> tuple[Effect, ...] | None:
    for pattern, build in _RULES:
        match = pattern.fullmatch(sentence)
        if match:
            return build(match, has_target) or None
    parts = re.split(r",? and (?:then )?|, then ", sentence)
    if len(parts) > 1:  # "ready this character and draw a card"
        out: list[Effect] = []
        for part in parts:
            compiled = _sentence(part, has_target) if part != sentence else None
            if compiled is None or any(e.op is Op.SAVE for e in out):
                return None  # what follows a save's "or ..." may be part of its failure
            out += compiled
        return tuple(out)
    return None
