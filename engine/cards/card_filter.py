"""What a card must be to be found by an effect: "search your deck for a level 1 Dwarf",
"retrieve an item card from your discard pile". A filter is read from the printed words
(`read_filter`: None when a word is not understood, so the effect stays manual) and matched
against card definitions (`matches`).

Words understood: a count ("a", "an", "any", "one", "two", "three"), a level ("level 2",
"level 3 or lower", "1st level", "of level 5 or less"), a card type ("character", "item",
"action", "spell": a Cleric or Wizard Action, 303.6; "card": any), "with the X trait", and
one more word naming a trait, class, faction, character type or the card's name ("Dwarf",
"steed", "Nothrog", "fighter", "Zartoch").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.cards.model import Card, CardClass, CardType

_COUNTS = {"a": 1, "an": 1, "any": 1, "one": 1, "two": 2, "three": 3}
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
        "that",
        "this",
        "these",
        "those",
        "same",
        "copy",
        "copies",
        "named",
        "name",
        "with",
        "without",
        "non",
        "which",
        "whose",
        "equal",
        "lower",
        "higher",
        "less",
        "more",
        "title",
        "the",
        "your",
        "their",
        "his",
        "her",
        "its",
        "of",
        "in",
        "from",
        "or",
        "and",
        "x",
        "to",
    }
)
_FILTER = re.compile(
    r"(?:(?P<count>a|an|any|one|two|three) )?"
    r"(?:level (?P<level>\d+)(?: (?P<cmp>or lower|or less|or higher|or more))? "
    r"|(?P<ord>\d+)(?:st|nd|rd|th) level )?"
    r"(?P<words>[a-z]+(?: [a-z]+){0,2})"
    r"(?: with the (?P<trait>[a-z]+) trait)?"
    r"(?: of level (?P<level2>\d+)(?: (?P<cmp2>or lower|or less))?)?"
)


@dataclass(frozen=True)
class CardFilter:
    """What a card must be: its type (None: any; `spell`: a Cleric or Wizard Action), a
    level bound, and words each naming a trait, class, faction, type or its name."""

    count: int = 1
    kind: CardType | None = None
    spell: bool = False
    level: int | None = None
    compare: str = "="  # "=", "<=", ">="
    words: tuple[str, ...] = ()


def read_filter(text: str) -> CardFilter | None:
    """The filter printed as `text` (lower case), or None when not understood."""
    m = _FILTER.fullmatch(text.strip())
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
    if len(words) > 1 or any(w in _STOP for w in words):
        return None
    if not (kind or words or m["trait"] or any_card):
        return None
    named = tuple(_singular(w) for w in words)
    if m["trait"]:
        named += (_singular(m["trait"]),)
    level, compare = None, "="
    if m["level"] or m["ord"]:
        level = int(m["level"] or m["ord"])
        compare = {"or lower": "<=", "or less": "<=", "or higher": ">=", "or more": ">="}.get(
            m["cmp"] or "", "="
        )
    if m["level2"]:
        level, compare = int(m["level2"]), "<=" if m["cmp2"] else "="
    return CardFilter(_COUNTS.get(m["count"] or "a", 1), kind, spell, level, compare, named)


def _singular(word: str) -> str:
    if word.endswith("ves"):
        return word[:-3] + "f"  # dwarves, elves
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def matches(card: Card, found: CardFilter) -> bool:
    """Whether `card` is what the filter names."""
    if found.kind is not None and card.functions_as is not found.kind:
        return False
    if found.spell and not any(c in _SPELLS for c in card.classes):
        return False
    if found.level is not None:
        level = card.level or 0
        if found.compare == "=" and level != found.level:
            return False
        if found.compare == "<=" and level > found.level:
            return False
        if found.compare == ">=" and level < found.level:
            return False
    return all(_names(card, word) for word in found.words)


def _names(card: Card, word: str) -> bool:
    """Whether `word` names one of the card's traits, classes, factions, character types or
    a word of its name (case ignored; plural traits read as singular)."""
    said: set[str] = set()
    for trait in card.traits:
        said.update(_singular(w) for w in re.split(r"[\s/]+", trait.casefold()) if w)
    said.update(c.value.casefold() for c in card.classes)
    for faction in card.factions:
        said.update(re.split(r"\s+", faction.casefold()))
    said.update(t.value.casefold() for t in card.character_types)
    said.update(re.findall(r"[a-z]+", card.name.casefold()))
    return word in said
