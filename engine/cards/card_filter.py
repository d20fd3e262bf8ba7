"""What a card must be to be found by an effect: "search your deck for a level 1 Dwarf",
"retrieve an item card from your discard pile", "a non-Elf character", "a Human Warrior",
"up to two Undead characters with the Monster trait". A filter is read from the printed
words (`read_filter`: None when a word is not understood, so the effect stays manual) and
matched against card definitions (`matches`).

Words understood: a count ("a", "an", "any", "one", "two", "three", "up to two"), a level
("level 2", "level 3 or lower", "level 1 or 2", "1st level", "of level 5 or less", "with
level 4 or more"), a card type ("character", "item", "action", "spell": a Cleric or Wizard
Action, 303.6; "card": any), "with the X trait", "without the X trait", and up to three
words each naming a trait, class, faction, alignment, keyword, character type or a word of
the card's name ("Dwarf", "Human Warrior", "good steed", "unique"), every one of which the
card must have; "non-X" (or "non-character") names one it must not have, "X or Y" two of
which it must have one ("a Monster or Undead").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.cards.model import Card, CardClass, CardType

_COUNTS = {"a": 1, "an": 1, "any": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_TYPES = {
    "character": CardType.CHARACTER,
    "item": CardType.ITEM,
    "action": CardType.ACTION,
    "spell": CardType.ACTION,
    "card": None,
}
_SPELLS = (CardClass.CLERIC, CardClass.WIZARD)
# Words that make a filter more than this grammar reads ("a copy of that card", "a spell
# that X may cast", "of equal or lower level"): the effect stays manual.
_STOP = frozenset(
    {
        "that", "this", "these", "those", "same", "copy", "copies", "named", "name", "with",
        "without", "non", "which", "whose", "equal", "lower", "higher", "less", "more", "title",
        "the", "your", "their", "his", "her", "its", "of", "in", "from", "or", "and", "x", "to",
        "different", "other", "another", "opposing", "set", "random", "top", "bottom", "all",
        "adjacent", "you", "control", "army", "charcter", "weapon", "armor", "shield", "helm",
        "steed", "treasure", "trap", "arrow", "bow", "familiar", "gauntlet", "stance",
    }
)  # fmt: skip
_COMPARE = {"or lower": "<=", "or less": "<=", "or higher": ">=", "or more": ">="}
_HEAD = re.compile(
    r"(?:(?P<count>up to (?:one|two|three|four|five|\d+)|a|an|any|one|two|three|\d+) )?"
    r"(?:level (?P<level>\d+)(?: (?P<cmp>or lower|or less|or higher|or more|or (?P<alt>\d+)))? "
    r"|(?P<ord>\d+)(?:st|nd|rd|th)[- ]level )?"
    r"(?P<words>[a-z-]+(?: [a-z-]+){0,3})"
)
_TAIL = re.compile(
    r" (?:(?P<with>with|without) the (?P<trait>[a-z-]+) trait"
    r"|(?:of|with) level (?P<level>\d+)(?: (?P<cmp>or lower|or less|or higher|or more))?)$"
)


@dataclass(frozen=True)
class CardFilter:
    """What a card must be: its type (None: any; `spell`: a Cleric or Wizard Action), a
    level bound (`levels`: any of these when set), words each naming a trait, class,
    faction, alignment, keyword, type or a word of its name (`words`: every one; `either`:
    at least one; `excluded`: none) and a type it must not be (`not_kind`)."""

    count: int = 1
    kind: CardType | None = None
    spell: bool = False
    level: int | None = None
    compare: str = "="  # "=", "<=", ">="
    words: tuple[str, ...] = ()
    excluded: tuple[str, ...] = ()
    either: tuple[str, ...] = ()
    not_kind: CardType | None = None
    levels: tuple[int, ...] = ()


def read_filter(text: str) -> CardFilter | None:
    """The filter printed as `text` (lower case), or None when not understood."""
    text = text.strip()
    tails: list[re.Match[str]] = []
    while (tail := _TAIL.search(text)) is not None:
        tails.append(tail)
        text = text[: tail.start()]
    m = _HEAD.fullmatch(text)
    if m is None:
        return None
    words = m["words"].split()
    any_card = bool(words) and words[-1] in ("card", "cards")
    if any_card:
        words.pop()  # "an item card", "a card"
    kind: CardType | None = None
    spell = False
    if words and _singular(words[-1]) in _TYPES:
        noun = _singular(words.pop())
        kind, spell = _TYPES[noun], noun == "spell"
    read = _words(words)
    if read is None:
        return None
    named, excluded, either, not_kind = read
    for tail in tails:
        if tail["trait"]:
            (named if tail["with"] == "with" else excluded).append(_singular(tail["trait"]))
    if not (kind or named or excluded or either or not_kind or tails or any_card):
        return None
    level, compare, levels = None, "=", tuple[int, ...]()
    if m["alt"]:
        levels = (int(m["level"]), int(m["alt"]))
    elif m["level"] or m["ord"]:
        level = int(m["level"] or m["ord"])
        compare = _COMPARE.get(m["cmp"] or "", "=")
    for tail in tails:
        if tail["level"]:
            level, compare = int(tail["level"]), _COMPARE.get(tail["cmp"] or "", "=")
    count_word = (m["count"] or "a").removeprefix("up to ")
    count = int(count_word) if count_word.isdigit() else _COUNTS[count_word]
    return CardFilter(
        count, kind, spell, level, compare, tuple(named), tuple(excluded), tuple(either),
        not_kind, levels,
    )  # fmt: skip


def _words(
    words: list[str],
) -> tuple[list[str], list[str], list[str], CardType | None] | None:
    """The descriptive words: required ones, "non-X" ones, "X or Y" alternatives and a type
    the card must not be; None when a word is not one of them."""
    named: list[str] = []
    excluded: list[str] = []
    either: list[str] = []
    not_kind: CardType | None = None
    if len(words) == 3 and words[1] == "or":  # "a monster or undead"
        if any(w in _STOP for w in (words[0], words[2])):
            return None
        return named, excluded, [_singular(words[0]), _singular(words[2])], not_kind
    for word in words:
        negated = word.startswith("non-")
        word = word.removeprefix("non-")
        if not word or word in _STOP or "-" in word:
            return None
        if negated and _singular(word) in _TYPES and _TYPES[_singular(word)] is not None:
            not_kind = _TYPES[_singular(word)]
            continue
        (excluded if negated else named).append(_singular(word))
    return named, excluded, either, not_kind


def _singular(word: str) -> str:
    if word in ("dwarves", "elves"):
        return word[:-3] + "f"
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def matches(card: Card, found: CardFilter, level: int | None = None) -> bool:
    """Whether `card` is what the filter names (`level`: its level now, when in play; else
    the printed one)."""
    if found.kind is not None and card.functions_as is not found.kind:
        return False
    if found.not_kind is not None and card.functions_as is found.not_kind:
        return False
    if found.spell and not any(c in _SPELLS for c in card.classes):
        return False
    level = (card.level or 0) if level is None else level
    if found.levels and level not in found.levels:
        return False
    if found.level is not None:
        if found.compare == "=" and level != found.level:
            return False
        if found.compare == "<=" and level > found.level:
            return False
        if found.compare == ">=" and level < found.level:
            return False
    if not (found.words or found.excluded or found.either):
        return True
    said = _said(card)
    return (
        all(word in said for word in found.words)
        and not any(word in said for word in found.excluded)
        and (not found.either or any(word in said for word in found.either))
    )


def _said(card: Card) -> set[str]:
    """The words a card answers to: its traits, classes, factions, alignments, keywords,
    character types and the words of its name (case ignored; plurals read as singular)."""
    said: set[str] = set()
    for trait in card.traits:
        said.update(_singular(w) for w in re.split(r"[\s/]+", trait.casefold()) if w)
    said.update(c.value.casefold() for c in card.classes)
    for faction in card.factions:
        said.update(re.split(r"\s+", faction.casefold()))
    said.update(a.value.casefold() for a in card.alignments)
    said.update(k.name.casefold() for k in card.keywords)
    said.update(t.value.casefold() for t in card.character_types)
    said.update(re.findall(r"[a-z]+", card.name.casefold()))
    return said


# Words of a target's state rather than of its card ("target a stunned character").
STATES = frozenset({"stunned", "spent", "ready", "unstunned", "unspent", "wounded", "unwounded"})
_NEGATED_STATES = {"non-stunned": "unstunned", "non-spent": "unspent", "non-wounded": "unwounded"}


def read_target_words(words: str) -> tuple[tuple[str, ...], CardFilter | None] | None:
    """The words before "character" in "target a stunned non-Warlord Siege character": the
    state words (STATES) and the filter of the others (None when there are none); None when
    a word is not understood."""
    said = [_NEGATED_STATES.get(w, w) for w in words.split()]
    states = tuple(w for w in said if w in STATES)
    rest = " ".join(w for w in said if w not in STATES)
    if not rest:
        return states, None
    found = read_filter(f"a {rest} character")
    return None if found is None else (states, found)
