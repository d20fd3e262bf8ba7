"""React triggers read into react windows (508.1, 509.5, 510.5, 508.6, 401.6).

The trigger is the timing clause of a React ("After this character is targeted with a melee
strike"). Its verb decides the window, the first character it names the subject, and the
strike or action named the means. Rules are tried in order; the first that matches wins, so
the more specific events (wounds, death, hits) come before the general ones (strikes).
"""

from __future__ import annotations

import re

from engine.cards.abilities import Means, Trigger, Who, Window
from engine.cards.ability_effects import NUMBERS

_W = Window
# (pattern, window when "before", window when "after").
_RULES: tuple[tuple[re.Pattern[str], Window, Window], ...] = tuple(
    (re.compile(p), before, after)
    for p, before, after in (
        (r"instead of (?:suffering |inflicting |being dealt )?(?:the )?wounds?",
         _W.INSTEAD_OF_WOUNDS, _W.INSTEAD_OF_WOUNDS),
        (r"\bfall(?:s|ing)? forward|\billegal ranks?", _W.FALL_FORWARD, _W.FALL_FORWARD),
        (r"\b(?:is|are|would be|being|be|was) (?:killed|destroyed)\b|\bdies\b|\bdie\b|\bdying\b"
         r"|\bdeath\b|\bdied\b", _W.DEATH, _W.AFTER_DEATH),
        (r"\bkills?\b|\bkilling\b|\bkilled\b", _W.DEATH, _W.KILL),
        (r"\b(?:enters?|entering|enter|entered|comes? into|put into|brought into) play\b"
         r"|\binto play\b", _W.BEFORE_ENTER_PLAY, _W.ENTER_PLAY),
        (r"\b(?:you )?plays? (?:a|an) (?!action|spell|card)\w+$", _W.BEFORE_ENTER_PLAY,
         _W.ENTER_PLAY),
        (r"\bleaves? play\b|\bleaving play\b", _W.LEAVE_PLAY, _W.LEAVE_PLAY),
        (r"\bsummoned\b", _W.BEFORE_ENTER_PLAY, _W.ENTER_PLAY),
        (r"\bsuffer(?:s|ing|ed)?\b|\bis wounded\b|\bwould be wounded\b"
         r"|\btakes? (?:a |one or more )?wounds?"
         r"|\bwounds? (?:is|are|would be) (?:inflicted|suffered|dealt)",
         _W.BEFORE_WOUNDS, _W.AFTER_WOUNDS),
        (r"\bwounds (?:a|an|target|another|the|one|\w+ (?:character|opposing))|\binflicts? "
         r"(?:a |one |one or more |\w+ )?wounds?|\bwounding\b|\binflicting\b|\bwounded\b"
         r"|\bdeals? (?:a |one )?wounds?",
         _W.BEFORE_WOUNDS, _W.AFTER_WOUNDS),
        (r"\bhits?\b|\bis hit\b|\bhitting\b|\bare hit\b", _W.BEFORE_HIT, _W.AFTER_HIT),
        (r"\bmiss(?:es|ed)?\b|\bmissing\b", _W.BEFORE_HIT, _W.AFTER_MISS),
        (r"\bcheck\b|\bchecks\b|\bsaves?\b", _W.BEFORE_CHECK, _W.AFTER_CHECK),
        (r"\binitiative\b", _W.INITIATIVE, _W.INITIATIVE),
        (r"\bstrike rolls?\b|\bcritical (?:success|failure)\b|\bnatural\b|\brolls?\b|\brolling\b"
         r"|\bdie roll", _W.BEFORE_ROLL, _W.AFTER_ROLL),
        (r"\btargets\b|\bis targeted\b|\bare targeted\b|\btargeting\b|\btargeted\b|\btarget a\b",
         _W.BEFORE_TARGETING, _W.AFTER_TARGETING),
        (r"\bpays? the costs?\b|\bpaying the costs?\b|\bpaid\b", _W.BEFORE_COST, _W.AFTER_COST),
        (r"\b(?:performs?|performing|makes?|making|declares?)\b[\w ]*?\b(?:strikes?|attacks?)\b"
         r"|\battacks?\b|\battacking\b|\bstrikes?\b", _W.BEFORE_STRIKE, _W.AFTER_STRIKE),
        (r"\bpass(?:es|ed)?\b", _W.PASS, _W.PASS),
        (r"\bdungeons?\b", _W.DUNGEON, _W.DUNGEON),
        (r"\bcancel(?:s|ed|led|ing)?\b|\bdeclar(?:es|e|ing|ed)\b", _W.BEFORE_ACTION,
         _W.ACTION_EFFECT),
        (r"\bfeat\b", _W.BEFORE_CHECK, _W.AFTER_CHECK),
        (r"\bcasts?\b|\bcasting\b|\b(?:performs?|performing|performed|plays?|playing|played|uses?|using|used)\b.*"
         r"\b(?:spell|action|order|react|card|ability|decree|prayer|song)s?\b",
         _W.BEFORE_ACTION, _W.AFTER_ACTION),
        (r"\bequip(?:s|ped|ping)?\b", _W.EQUIP, _W.EQUIP),
        (r"\bmoves?\b|\bmoving\b|\bmaneuver|\bmoved\b", _W.BEFORE_MOVE, _W.AFTER_MOVE),
        (r"\bphase\b|\bend of (?:the |each |your )?turn\b|\bbeginning of\b|\bstart of\b",
         _W.PHASE, _W.PHASE),
        (r"\bdraws?\b|\bdrawing\b|\bdrawn\b", _W.DRAW, _W.DRAW),
        (r"\bdiscards?\b|\bdiscarded\b", _W.DISCARD, _W.DISCARD),
        (r"\b(?:spent|stunned|readied|readies|ready|heals?|healed|spends?|stuns?|spending)\b"
         r"|\bwounds? (?:is|are) (?:removed|reduced)|\b(?:removes|reduces)\b",
         _W.CONDITION_CHANGE, _W.CONDITION_CHANGE),
        (r"\branks?\b", _W.BEFORE_MOVE, _W.AFTER_MOVE),
    )
)  # fmt: skip

_SUBJECTS: tuple[tuple[re.Pattern[str], Who], ...] = (
    (re.compile(r"\bthis character\b|\bthis card\b|^(?:before|after|when) (?:entering|being)\b"),
     Who.THIS),
    (re.compile(r"\banother (?:[\w-]+ )?(?:in your army|you control|of your)|\banother of your"),
     Who.ANOTHER_YOURS),
    (re.compile(r"\b(?:in your army|you control|one of your|your (?!hand|deck|discard|turn|army)"
                r"\w+|non-opposing)"), Who.YOURS),
    (re.compile(r"\bopposing\b|\bopponent|\banother player|\benemy\b"), Who.OPPOSING),
    (re.compile(r"\btarget (?:character|[\w-]+)\b"), Who.TARGET),
)  # fmt: skip


def read_trigger(clause: str, printed: str) -> Trigger:
    """The window and conditions of a normalised (lower-case) trigger clause."""
    timing = re.match(r"\s*(before|after|when|whenever|instead of|if|during|at the)\b", clause)
    word = timing[1] if timing else "after"
    window = Window.UNKNOWN
    rest = clause[timing.end() :] if timing else clause
    for pattern, before, after in _RULES:
        found = pattern.search(clause)
        if found:
            if word == "before" or (word in ("when", "whenever") and _ongoing(clause)):
                window = before
            else:
                window = after
            # A rule with a gap ("performs ... action") would swallow the words between its
            # ends ("a *Fire* action"): only its verb is taken out, the rest stays to be read.
            gap = any(g in pattern.pattern for g in (".*", "[\\w ]*?", "\\w+$"))
            rest = rest.replace(found[0].split()[0] if gap else found[0], " ", 1)
            break
    within: int | None = None
    ranks = _RANKS.search(rest)
    if ranks:
        within = 0 if ranks["here"] else NUMBERS.get(ranks["n"], 0) or int(ranks["n"])
        rest = rest.replace(ranks[0], " ", 1)
    trait = ""
    named = _TRAIT.match(printed)
    if named:
        word = named["word"]
        singular = _PLURALS.get(word) or (
            word[:-1] if word.endswith("s") and not word.endswith(("ss", "Kingdoms")) else word
        )
        if re.search(rf"\b{re.escape(word.casefold())}\b", rest):
            trait = singular if not singular.islower() else singular.title()
            rest = re.sub(rf"\b{re.escape(word.casefold())}\b", " ", rest, count=1)
    unread = _unread(rest) if window is not Window.UNKNOWN else ""
    return Trigger(window, _subject(clause), _means(clause), printed.strip(), unread, within, trait)


_PLURALS = {"Elves": "Elf", "Dwarves": "Dwarf", "Wolves": "Wolf", "Thieves": "Thief"}
# "in this rank", "within two ranks" (508.10: where the reacting character was).
_RANKS = re.compile(
    r"\b(?:in (?P<here>this|the same) rank(?: as this character)?"
    r"|within (?P<n>one|two|three|\d+) ranks?(?: of this character)?)\b"
)
# "a Siege", "an Elf", "your Deverenians", "another Dwarf", "a cleric": what the subject is.
_TRAIT = re.compile(
    r"^\s*(?i:before|after|when|whenever)\s+(?:a|an|another|your|any|one of your)\s+"
    r"(?:non-opposing |opposing )?"
    r"(?P<word>Free Kingdoms|(?!Level|Order|React|The|Action|Spell|Strike|Critical|Natural)"
    r"[A-Z][a-z'-]+|fighters?|clerics?|rogues?|wizards?)\b"
)


# What the window, subject and means capture, removed before looking for further conditions.
_CAPTURED = re.compile(
    r"\b(?:this character|this card|target character|(?:an? |the )?opposing characters?"
    r"|(?:a|an|another|any|one) (?:other )?characters?(?: in your army| you control)?"
    r"|one of your characters|(?:a |another )?characters? (?:in your army|you control)"
    r"|(?:a |an |the |another )?(?:(?:melee|ranged) or (?:melee|ranged) |melee |ranged )?"
    r"(?:strikes?|attacks?|spells?|actions?|orders?|reacts?)"
    r"|you|your warlord|characters?|he|she|it|they|melee|ranged|wounds?|one or more"
    r"|performs?|performing|makes?|making|targeting|targets?|rolls?|rolling|wins?|winning"
    r"|spends?|becomes?|plays?|playing|puts?)\b"
)
_FILLER = frozenset(
    re.findall(
        r"\w+",
        "a an the is are was were be been being by with one or more of from any has have its"
        " their his her to that this on your",
    )
)


def _unread(rest: str) -> str:
    """Words of a trigger left once its window, subject and means are taken out."""
    words = _CAPTURED.sub(" ", rest)
    left = [w for w in re.findall(r"[\w'-]+", words) if w not in _FILLER]
    return " ".join(left)


def _ongoing(clause: str) -> bool:
    """ "When this character is suffering wounds" happens before the wounds are placed."""
    return bool(re.search(r"\b(?:is|are) \w+ing\b|\bwould\b", clause))


def _subject(clause: str) -> Who:
    best: tuple[int, Who] | None = None
    for pattern, who in _SUBJECTS:
        m = pattern.search(clause)
        if m and (best is None or m.start() < best[0]):
            best = (m.start(), who)
    return best[1] if best else Who.ANY


def _means(clause: str) -> Means:
    if re.search(r"\bstrikes? or (?:an? )?actions?\b|\bactions? or (?:an? )?strikes?\b", clause):
        return Means.ANY  # "targeted by a strike or action"
    if re.search(r"\bmelee or ranged\b|\branged or melee\b", clause):
        return Means.STRIKE
    if "melee strike" in clause:
        return Means.MELEE
    if "ranged strike" in clause:
        return Means.RANGED
    if re.search(r"\bstrikes?\b|\battacks?\b", clause):
        return Means.STRIKE
    if re.search(r"\bspells?\b|\bcasts?\b", clause):
        return Means.SPELL
    if re.search(r"\b(?:actions?|orders?|reacts?)\b", clause):
        return Means.ACTION
    return Means.ANY
