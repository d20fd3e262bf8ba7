"""Facts older cards print in their text box: keywords, item stat bonuses, restrictions.

Used by the community importer. Each reader is conservative: it reads a sentence only when
the whole sentence is the fact (a conditional bonus such as "+1 level for casting spells"
stays text, resolved by hand), so nothing is guessed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.cards.model import Alignment, CardClass, DamageType, Keyword

_DAMAGE_TYPES = "|".join(d.value for d in DamageType)
# Words that stand for the damage type of older texts (glossary: Water = Frost, Cold = Frost).
_DAMAGE_ALIASES = {"cold": "Frost", "ice": "Frost", "water": "Frost", "holy": "Radiant"}
# Keywords as older cards print them, in text lines or among traits (602.2-602.18).
KEYWORD_WORDS = {
    "unique": "Unique", "epic": "Epic", "cursed": "Cursed", "planar": "Planar",
    "astral": "Planar", "ethereal": "Planar", "reserved": "Reserved", "stalwart": "Stalwart",
    "ward": "Ward", "unarmed": "Unarmed", "reach": "Reach", "true strike": "True Strike",
    "dual wield": "Dual Wield",
}  # fmt: skip
_SENTENCE = re.compile(r"(?<=[.!])\s+")
# What a character says about itself, after its subject ("Kabyrr", "This character").
_SELF_FACTS = (
    (re.compile(r"^may not start in play\b", re.I), "Reserved"),
    (
        re.compile(r"^may not (?:attack or )?equip (?:any )?items(?: or attack)?\.?$", re.I),
        "Unarmed",
    ),
    (re.compile(r"^may equip two weapons\b", re.I), "Dual Wield"),
    (re.compile(r"^is (?:astral|ethereal|planar)\b", re.I), "Planar"),
    (re.compile(r"^(?:has|gains) reach\.?$", re.I), "Reach"),
)
_ALSO_DUAL_WIELD = re.compile(r"\band may equip two weapons\.?$", re.I)
_DAMAGE_KEYWORD = re.compile(
    rf"^(?:(?P<t1>{_DAMAGE_TYPES}|cold|ice) (?P<k1>resistance|weakness)"
    rf"|(?P<k2>resistance|weakness)\s*(?::|to|\()\s*(?P<t2>{_DAMAGE_TYPES}|cold|ice)\)?)"
    r"(?: \+?\d+)?\.?$",
    re.I,
)
_STAT = r"(?P<sign>[+-])\s*(?P<n>\d+)\s+(?P<stat>levels?|skill|hp|hit points?|atk|ac)"
_STAT_ONE = re.compile(_STAT, re.I)
_STAT_PLAIN = r"[+-]\s*\d+\s+(?:levels?|skill|hp|hit points?|atk|ac)"
_STAT_LIST = re.compile(rf"{_STAT_PLAIN}(?:(?:,\s*(?:and\s+)?|\s+and\s+){_STAT_PLAIN})*", re.I)
_WEARER = r"this (?:character|fighter|cleric|rogue|wizard|warlord)"
_BONUS_SENTENCE = re.compile(
    r"^(?:while (?:the |this )?[\w' -]+ is equipped, )?"
    rf"(?:{_WEARER} (?:has|gains|is) )?(?P<list>[+-]\s*\d+\s+[\w ,+-]+?)\.?$",
    re.I,
)
_STAT_KEYS = {"level": "level_bonus", "levels": "level_bonus", "skill": "skill", "hp": "hit_points",
              "hit point": "hit_points", "hit points": "hit_points", "atk": "attack",
              "ac": "armor_class"}  # fmt: skip
_STRIKES_DEAL = re.compile(
    rf"\bstrikes (?:deal|inflict|are) (?P<type>{_DAMAGE_TYPES}|cold|ice) damage\b", re.I
)
_ONLY = re.compile(r"^(?P<who>[^.:]{2,60}?) only\.?$", re.I)
_CLASS_WORDS = {c.value.casefold(): c for c in CardClass if c is not CardClass.CLASSLESS}


def sentences(text: str) -> list[str]:
    """The sentences of a text box, line by line."""
    return [s.strip() for line in text.splitlines() for s in _SENTENCE.split(line) if s.strip()]


def _subjects(name: str) -> list[str]:
    """How a card refers to itself: its name, a word of it ("Kabyrr"), "this character"."""
    words = [w for w in re.split(r"[\s,]+", name) if len(w) >= 3 and w[0].isupper()]
    return [name, *words, "this character", "this card", "he", "she"]


def _after_subject(sentence: str, name: str) -> str:
    folded = sentence.casefold()
    for subject in _subjects(name):
        if folded.startswith(subject.casefold() + " "):
            return sentence[len(subject) + 1 :]
    return sentence


def text_keywords(text: str, name: str, is_character: bool) -> list[Keyword]:
    """Keywords a card prints in its text: "May not start in play." (Reserved, 602.3.1),
    "Kara may equip two Weapons." (Dual Wield, 602.12), "May not equip items." (Unarmed),
    "Fire Resistance" / "Resistance: Fire" (602.6), keyword lines such as "Reach, Unique"."""
    found: list[Keyword] = []
    for sentence in sentences(text):
        plain = sentence.rstrip(".").strip()
        words = [w.strip().casefold() for w in plain.split(",")]
        if words and all(w in KEYWORD_WORDS for w in words):
            found += [Keyword(KEYWORD_WORDS[w]) for w in words]
            continue
        damage = _DAMAGE_KEYWORD.match(plain)
        if damage:
            kind = (damage["k1"] or damage["k2"]).title()
            found.append(Keyword(kind, None, damage_type_name(damage["t1"] or damage["t2"])))
            continue
        rest = _after_subject(sentence, name)
        if rest != sentence and is_character and _ALSO_DUAL_WIELD.search(rest):
            found.append(Keyword("Dual Wield"))  # "Kohn has +1 HP ... and may equip two Weapons."
            continue
        for pattern, keyword in _SELF_FACTS:
            if pattern.match(rest) and (keyword == "Reserved" or is_character):
                found.append(Keyword(keyword))
    return found


def damage_type_name(word: str) -> str:
    """A damage type as the rules name it ("cold" -> "Frost", glossary)."""
    return _DAMAGE_ALIASES.get(word.casefold(), word.title())


def strike_damage_type(text: str) -> DamageType | None:
    """A damage type a character's text gives its strikes ("strikes deal Fire damage")."""
    match = _STRIKES_DEAL.search(text)
    return DamageType(damage_type_name(match["type"])) if match else None


@dataclass(frozen=True)
class ItemBonuses:
    """Flat bonuses an item prints in its text (203.2): level, ATK, AC, skill, HP."""

    level_bonus: int | None = None
    attack: int | None = None
    armor_class: int | None = None
    skill: int | None = None
    hit_points: int | None = None

    @property
    def any(self) -> bool:
        return any(v is not None for v in self.__dict__.values())


def item_bonuses(text: str) -> ItemBonuses:
    """Unconditional stat bonuses an item prints ("+1 Level", "This cleric has +1 level,
    +3 skill, and +1 Hit Point."). Conditional ones ("+1 level for casting spells") are
    left to be resolved by hand."""
    totals: dict[str, int] = {}
    for sentence in sentences(text):
        match = _BONUS_SENTENCE.match(sentence)
        if not match:
            continue
        listed = match["list"].strip()
        if not _STAT_LIST.fullmatch(listed):
            continue
        for stat in _STAT_ONE.finditer(listed):
            key = _STAT_KEYS[stat["stat"].casefold()]
            value = int(stat["n"]) * (-1 if stat["sign"] == "-" else 1)
            totals[key] = totals.get(key, 0) + value
    return ItemBonuses(**totals)


@dataclass(frozen=True)
class Restriction:
    """Who may use an item or action (302.3, 303.2), read from a "... only." first line."""

    names: tuple[str, ...] = ()
    alignment: Alignment | None = None
    classes: tuple[CardClass, ...] = ()
    unread: str = ""  # a part that cannot be expressed ("Non-Warlord"), kept as text


def restriction(first_line: str, factions: dict[str, str]) -> Restriction | None:
    """ "Evil fighter and rogue only." -> Evil, Fighter/Rogue; "Mercenary only." -> the
    faction Mercenary Guilds; "Mentalists and wizards only." -> Mentalist, Wizard."""
    match = _ONLY.match(first_line.strip())
    if not match:
        return None
    names: list[str] = []
    classes: list[CardClass] = []
    alignment: Alignment | None = None
    unread: list[str] = []
    for word in re.split(r"\s*(?:,|\band\b|\bor\b)\s*", match["who"]):
        word = re.sub(r"\s*\bcharacters?\b", "", word).strip()
        head, _, rest = word.partition(" ")
        if head.title() in ("Good", "Evil"):
            alignment = Alignment(head.title())
            word = rest.strip()
        if not word:
            continue
        if word.casefold().startswith("non-"):
            unread.append(word)
            continue
        singular = _singular(word)
        if singular.casefold() in _CLASS_WORDS:
            classes.append(_CLASS_WORDS[singular.casefold()])
            continue
        faction, _, lord = _faction_prefix(word, factions)
        if faction:  # the printed word may also be a trait ("Dwarf"), so both are kept
            names += [word if not lord else word[: -len(lord)].strip(), faction]
            if lord:  # "Elf Warlord only": a Warlord of that faction; both parts kept
                names.append(_singular(lord).title())
                unread.append(word)
            continue
        names.append(singular if singular[0].isupper() else singular.title())
    return Restriction(tuple(dict.fromkeys(names)), alignment, tuple(classes), "; ".join(unread))


def _faction_prefix(word: str, factions: dict[str, str]) -> tuple[str, str, str]:
    """("Free Kingdoms Warlord") -> ("Free Kingdoms", "", "Warlord") using short names."""
    folded = word.casefold()
    for short in sorted(factions, key=len, reverse=True):
        if folded == short or folded.startswith(short + " "):
            return factions[short], "", word[len(short) :].strip()
    return "", "", ""


def _singular(word: str) -> str:
    """ "Wizards" -> "Wizard", "Mentalists" -> "Mentalist" (not "Druidess" or "Cutlass")."""
    if len(word) > 4 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word
