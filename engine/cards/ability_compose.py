"""Whole effect texts compiled sentence by sentence, with what joins sentences: conditions
("If this character is a Ranger, perform a +2 ranged strike."), skill checks and what their
success or failure does ("Make a Charisma check (DC 15). If successful, ready the target.",
"Succeed with a Medicine check (DC 12) to remove a wound from the target."), a strike's
reach given after it ("The target may be one additional rank away.") and optional effects
("You may draw a card.", "If this character is a Ranger, he may move forward one rank."):
`Effect.optional` holds the printed words, and the performer chooses as the effect starts.

Each sentence is read by `engine.cards.ability_effects`; if any is not understood the whole
effect stays manual (None).
"""

from __future__ import annotations

import re
from dataclasses import replace

from engine.cards.abilities import Affects, Check, Condition, Direction, Duration, Effect, Op
from engine.cards.ability_conditions import read_condition, read_hit
from engine.cards.ability_effects import _SPLIT, _sentence, affects, fail_effects
from engine.cards.ability_players import choose_player, that_player
from engine.cards.ability_static import STAT_LIST, group_of, stat_list

_WHO = r"this character|he|she|it|the target|target character|that character|each target"
_CHECK = re.compile(
    rf"(?:(?P<who>{_WHO}) )?(?:must )?(?:make|makes|succeed with|succeeds with|succeed at)"
    r" an? (?P<name>[a-z]+(?: [a-z]+)?) check \(dc (?P<dc>\d+)\)(?: to (?P<rest>.+))?"
)
_SUCCESS = re.compile(
    rf"if (?:successful|(?:{_WHO}) succeeds?|the check succeeds|it is successful),? (?P<rest>.+)"
)
_FAILURE = re.compile(
    rf"if (?:unsuccessful|(?:{_WHO}) fails?|the check fails|it fails),? (?P<rest>.+)"
)
_CONDITIONAL = re.compile(r"if (?P<cond>[^,]+), (?P<rest>.+)|(?P<rest2>.+?),? if (?P<cond2>.+)")
_EOT = r"until (?:the )?end of (?:the )?turn"
_GROUP_STATS = (
    re.compile(rf"{_EOT}, (?P<who>.+?) (?:gains?|gets?|has|have) (?P<list>{STAT_LIST})"),
    re.compile(
        rf"(?P<who>.+?) (?:(?P<perm>permanently) )?(?:gains?|gets?|has|have) "
        rf"(?P<list>{STAT_LIST}) (?:{_EOT}|(?P<perm2>permanently))"
    ),
)
_REACH = re.compile(r"the target may be (?:an|one) additional rank away")
_HIT_CLAUSE = re.compile(r"if (?:(?:the|that|this) (?:melee |ranged )?strike|it) (?:hits|misses)")
# "You may draw a card", "he may perform an attack": an optional effect, its performer's choice.
_MAY = re.compile(r"(?:you|this character|he|she|it) may (?!not\b|only\b)(?P<rest>.+)")
# Ops whose effect is on the trigger or spans the strike: no condition or check around them.
_NOT_NESTED = frozenset({Op.STRIKE, Op.ATTACK, Op.SAVE, Op.CHECK})


def compile_effect(text: str, has_target: bool) -> tuple[Effect, ...] | None:
    """The primitives of a normalised, lower-case effect text, or None if any sentence is
    not understood."""
    effects: list[Effect] = []
    for sentence in _SPLIT.split(text.strip()):
        sentence = sentence.strip().rstrip(".;!").strip()
        if not sentence:
            continue
        if not _join(effects, sentence, has_target):
            # "If the strike hits, spend the target": the target is the strike's (chosen)
            tgt = has_target or bool(_HIT_CLAUSE.match(sentence) and _chosen_strike(effects))
            compiled = one_sentence(sentence, tgt)
            if compiled is None:
                return None
            effects += compiled
    if not _hits_follow_a_strike(effects):
        return None
    return tuple(effects) or None


_INSTEAD = re.compile(
    r"if (?:the|a|it|the (?:melee|ranged)) ?(?:strike )?hits, (?:the target is (?P<state>stunned"
    r"|spent) instead of (?:being )?wounded|(?P<move>move the target back(?:ward)? one rank)"
    r" instead of wounding (?:him|her|it|the target))"
)


def _instead_effect(m: re.Match[str]) -> Effect:
    """What a hit does instead of wounds ("the target is stunned instead of wounded"), run
    when the strike hit (`Check.HIT`)."""
    hit = Condition(Check.HIT, Affects.PERFORMER)
    if m["move"]:
        return Effect(Op.MOVE, Affects.TARGET, 1, direction=Direction.BACKWARD, condition=hit)
    op = Op.STUN if m["state"] == "stunned" else Op.SPEND
    return Effect(op, Affects.TARGET, condition=hit)


def _chosen_strike(effects: list[Effect]) -> bool:
    """The last strike so far is at a target chosen as the ability is performed."""
    strikes = [e for e in effects if e.op is Op.STRIKE]
    return bool(strikes) and strikes[-1].affects in (Affects.PERFORMER, Affects.TARGET)


def _hits_follow_a_strike(effects: list[Effect]) -> bool:
    """ "If the strike hits, ..." reads the result of one strike printed before it."""
    strike: Effect | None = None
    for effect in effects:
        if effect.op is Op.STRIKE:
            strike = effect
        hit = effect.condition is not None and effect.condition.check is Check.HIT
        if hit and (strike is None or strike.times != 1 or strike.counted is not None):
            return False
    return True


def one_sentence(sentence: str, has_target: bool) -> tuple[Effect, ...] | None:
    """One sentence: a plain effect, a conditional one, or a skill check."""
    plain = _sentence(sentence, has_target)
    if plain is not None:
        return plain
    chosen = choose_player(sentence)  # 511.8: "choose an opposing player who draws a card"
    if chosen is not None:
        return chosen
    may = _MAY.fullmatch(sentence)
    if may:
        inner = one_sentence(may["rest"], has_target)
        if inner is None or any(e.optional for e in inner):
            return None
        return tuple(replace(e, optional=sentence) for e in inner)
    lasting = _group_stats(sentence)
    if lasting is not None:
        return lasting
    check = _CHECK.fullmatch(sentence)
    if check:
        return _check(check, has_target)
    cond = _CONDITIONAL.fullmatch(sentence)
    if cond:
        clause, rest = (
            (cond["cond"], cond["rest"]) if cond["cond"] else (cond["cond2"], cond["rest2"])
        )
        condition = read_condition(clause, has_target) or read_hit(clause)
        inner = _plain_or_optional(rest, has_target) if condition is not None else None
        if condition is None or inner is None or not all(_nestable(e) for e in inner):
            return None
        return tuple(replace(e, condition=condition) for e in inner)
    return None


def _plain_or_optional(sentence: str, has_target: bool) -> tuple[Effect, ...] | None:
    """A plain effect, or an optional one ("he may move forward one rank")."""
    plain = _sentence(sentence, has_target)
    if plain is not None:
        return plain
    may = _MAY.fullmatch(sentence)
    inner = _sentence(may["rest"], has_target) if may else None
    return None if inner is None else tuple(replace(e, optional=sentence) for e in inner)


def _group_stats(sentence: str) -> tuple[Effect, ...] | None:
    """ "All characters in this rank gain +1 AC until the end of the turn": a stat change of
    a group of characters (as the effect resolves), until the end of the turn or for good."""
    m = next((g for p in _GROUP_STATS if (g := p.fullmatch(sentence))), None)
    if m is None:
        return None
    found = group_of(m["who"])
    if found is None or found[0] is Affects.PERFORMER:
        return None
    who, trait = found
    permanent = m.groupdict().get("perm") or m.groupdict().get("perm2")
    duration = Duration.PERMANENT if permanent else Duration.END_OF_TURN
    return tuple(
        Effect(Op.MODIFY_STAT, who, amount, stat=stat, duration=duration, name=trait)
        for amount, stat in stat_list(m["list"])
    )


def _check(m: re.Match[str], has_target: bool) -> tuple[Effect, ...] | None:
    who = affects(_self(m["who"]), has_target)
    then: tuple[Effect, ...] = ()
    if m["rest"]:
        inner = _sentence(m["rest"], has_target)
        if inner is None or not all(_nestable(e) for e in inner):
            return None
        then = inner
    name = m["name"]
    return (Effect(Op.CHECK, who, int(m["dc"]), name=name.title(), then=then),)


def _join(effects: list[Effect], sentence: str, has_target: bool) -> bool:
    """Join `sentence` to the effect before it when it continues it: what a check's success
    or failure does, a strike's reach. True when it did."""
    last = effects[-1] if effects else None
    if last is None:
        return False
    if _REACH.fullmatch(sentence) and last.op is Op.STRIKE and last.reach is None:
        effects[-1] = replace(last, reach=1)
        return True
    instead = _INSTEAD.fullmatch(sentence)
    if instead and last.op is Op.STRIKE and last.times == 1 and _chosen_strike(effects):
        effects[-1] = replace(last, wounds=0)  # 509.5 6c: this happens instead of wounds
        effects.append(_instead_effect(instead))
        return True
    if last.op is Op.SEARCH and sentence == "shuffle your deck":
        return True  # a search shuffles the deck anyway (701.1)
    if any(e.op is Op.CHOOSE_PLAYER for e in effects):
        following = that_player(sentence)  # "That player must discard a card ..."
        if following is not None:
            effects += following
            return True
    if last.op is not Op.CHECK and last.op is not Op.SAVE:
        return False
    success, failure = _SUCCESS.fullmatch(sentence), _FAILURE.fullmatch(sentence)
    if last.op is Op.CHECK and success and not last.then:
        inner = _sentence(success["rest"], has_target)
        if inner is not None and all(_nestable(e) for e in inner):
            effects[-1] = replace(last, then=inner)
            return True
    if failure and not last.on_fail:
        on_fail = fail_effects(failure["rest"], last.affects)
        if on_fail is None:
            inner = _sentence(failure["rest"], has_target)
            on_fail = inner if inner is not None and all(_nestable(e) for e in inner) else None
        if on_fail is not None:
            effects[-1] = replace(last, on_fail=on_fail)
            return True
    return False


def _self(who: str | None) -> str | None:
    return "this character" if who in (None, "he", "she", "it") else who


def _nestable(effect: Effect) -> bool:
    """Effects that may depend on a condition or a check: not strikes, attacks or nested
    checks (they run in frames of their own), nor a bonus for a strike (added to it)."""
    return (
        effect.op not in _NOT_NESTED
        and effect.duration is not Duration.STRIKE
        and effect.affects is not Affects.TRIGGER
        and effect.condition is None
    )
