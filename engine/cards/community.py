"""Import the community card database (theaccordlands.com) into our Card values.

Two shapes are read: the 2020 export (stats as strings such as "+5/+2", type "Char", class
"Classless/Fighter/Wizard", short faction names, character types and keywords inside
`traits` such as "Warlord/Unique", feats as "Stealth +5/Medicine +3") and the v4 schema
(arrays, integers, `subtype`, `keywords` objects). Whatever a card holds that cannot be read
is reported per card and the import goes on; cards without a name or a known type are
skipped. Data is passed in already parsed: reading files is the bot's job.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.cards import card_text
from engine.cards.ability_grammar import compile_abilities
from engine.cards.catalog import CardCatalog
from engine.cards.errors import CardDataError
from engine.cards.model import (
    Alignment,
    Card,
    CardClass,
    CardType,
    CharacterType,
    DamageType,
    Feat,
    Keyword,
)
from engine.cards.names import name_key, slugify
from engine.cards.sample import standard_tokens

SOURCE = "community"

_TYPES = {
    "char": CardType.CHARACTER, "character": CardType.CHARACTER, "item": CardType.ITEM,
    "action": CardType.ACTION, "dungeon": CardType.DUNGEON, "battlefield": CardType.BATTLEFIELD,
    "epic class": CardType.EPIC_CLASS, "epicclass": CardType.EPIC_CLASS, "token": CardType.TOKEN,
}  # fmt: skip
# Rule 205.1.1: older cards print short faction names.
FACTION_NAMES = {
    "deverenian": "Deverenian Empire", "deverenian empire": "Deverenian Empire",
    "dwarf": "Dwarven Forges", "dwarven": "Dwarven Forges", "dwarven forges": "Dwarven Forges",
    "elf": "Elven Branches", "elven": "Elven Branches", "elven branches": "Elven Branches",
    "elven branch": "Elven Branches", "free kingdoms": "Free Kingdoms",
    "mercenary": "Mercenary Guilds", "mercenaries": "Mercenary Guilds",
    "mercenary guilds": "Mercenary Guilds", "nothrog": "Nothrog Legions",
    "nothrog legions": "Nothrog Legions", "the chosen": "The Chosen", "chosen": "The Chosen",
}  # fmt: skip
_NO_VALUE = {"", "none", "no faction", "-", "n/a"}
_FEATS = {
    "charisma": "Charisma", "defend": "Defend", "magic resistance": "Magic Resistance",
    "marksmanship": "Marksmanship", "medicine": "Medicine", "powerattack": "Powerattack",
    "power attack": "Powerattack", "riding": "Riding", "riposte": "Riposte", "scribe": "Scribe",
    "sleight of hand": "Sleight of Hand", "stealth": "Stealth",
}  # fmt: skip
# v4 keyword names as the community lists spell them.
_KEYWORD_NAMES = {"charges": "Charge", "strike": "True Strike", "wield": "Dual Wield"}
_DAMAGE_KEYWORD = re.compile(r"^(?P<type>\w+) (?P<kind>Resistance|Weakness)\.?$", re.I)
_NUMBER = re.compile(r"^[+-]?\d+$")
_VARIABLE = {"x", "*", "+*", "-*", "+x", "?"}
_FEAT = re.compile(r"^(?P<name>[A-Za-z][A-Za-z ]*?)\s*(?P<value>[+-]\s*\d+)$")
_CHARGES = re.compile(r"^(?P<value>\d+) charges?$|^charges? (?P<value2>\d+)$", re.I)
_CHALLENGE = re.compile(r"^challenge rating (?P<value>\d+)$", re.I)
_GOLD = re.compile(r"^(?P<value>[\d,]+)\s*gp$", re.I)


@dataclass(frozen=True)
class ImportReport:
    """What an import produced: the catalog, one problem sentence per unread field, skips.

    `catalog` holds the imported cards plus the standard tokens of rule 703.9 (which the
    community files lack); `imported` counts the imported cards only, `clean` those read
    without any problem. `counts` says how many cards got each reading that is not a plain
    copy of a field (see COUNT_LABELS), e.g. characters whose damage type defaulted to
    Physical because the file gives none.
    """

    catalog: CardCatalog
    problems: list[str] = field(default_factory=list)
    skipped: int = 0
    clean: int = 0
    imported: int = 0
    counts: dict[str, int] = field(default_factory=dict)


# What ImportReport.counts counts, in the order the summary prints them.
COUNT_LABELS: dict[str, str] = {
    "damage_type_defaulted": "characters with no damage type in the file, read as Physical",
    "damage_type_from_text": "characters whose damage type was read from their text",
    "keywords_from_traits": "cards with keywords printed among their traits",
    "keywords_from_text": "cards with keywords read from their text",
    "lord_types_from_traits": "characters with a character type among their traits",
    "factions_from_traits": "characters with the old Mercenary trait, read as the faction",
    "item_bonuses_from_text": "items with stat or level bonuses read from their text",
    "epic_class_level_bonus": "Epic Classes whose printed level is a level bonus",
    "restrictions_from_text": "items and actions with a '... only.' restriction",
    "restrictions_partly_read": "restrictions kept partly as text (e.g. 'Non-Warlord only.')",
    "feats": "cards with feats",
    "variable_stats": "cards with a variable stat (X, *) kept as text",
}


def parse_community_cards(data: list[Any] | dict[str, Any]) -> ImportReport:
    """Read a parsed community card file (2020 export or v4 schema) into an ImportReport."""
    entries = _entries(data)
    problems: list[str] = []
    skipped = 0
    parsed: list[tuple[dict[str, Any], list[str]]] = []
    counts: Counter[str] = Counter()
    for number, entry in enumerate(entries, start=1):
        if not isinstance(entry, Mapping):
            problems.append(f"Entry {number} is not a card object; skipped.")
            skipped += 1
            continue
        name = entry.get("name")
        if not isinstance(name, str) or not name.strip():
            problems.append(f"Entry {number} has no card name; skipped.")
            skipped += 1
            continue
        kind = _TYPES.get(str(entry.get("type", "")).strip().casefold())
        if kind is None:
            problems.append(f"Card '{name}' has unknown type {entry.get('type')!r}; skipped.")
            skipped += 1
            continue
        reader = _CardReader(entry, kind)
        fields, card_problems = reader.read()
        counts.update(reader.notes)
        parsed.append((fields, card_problems))
        problems += [f"Card '{name.strip()}': {p}" for p in card_problems]

    ids = _assign_ids([(f["name"], f["type"]) for f, _ in parsed])
    cards = [Card(id=card_id, **fields) for card_id, (fields, _) in zip(ids, parsed, strict=True)]
    clean = sum(1 for _, card_problems in parsed if not card_problems)
    catalog = CardCatalog(cards).merged(standard_tokens())
    ordered = {key: counts[key] for key in COUNT_LABELS}
    return ImportReport(catalog, problems, skipped, clean, imported=len(cards), counts=ordered)


def _entries(data: Any) -> list[Any]:
    if isinstance(data, list):
        return data
    if isinstance(data, Mapping):
        if isinstance(data.get("cards"), list):
            return list(data["cards"])
        if "name" in data and "type" in data:
            return [data]
        if data and all(isinstance(v, Mapping) for v in data.values()):
            return list(data.values())
    raise CardDataError("The card file holds no list of cards.")


def _assign_ids(names: list[tuple[str, CardType]]) -> list[str]:
    """Slug of the name; cards sharing a name get their type and, if needed, a number."""
    by_name = Counter(name_key(n) for n, _ in names)
    ids: list[str] = []
    used: set[str] = set()
    for name, kind in names:
        base = slugify(name)
        if by_name[name_key(name)] > 1:
            base = f"{base}-{slugify(kind.value)}"
        candidate, number = base, 2
        while candidate in used:
            candidate, number = f"{base}-{number}", number + 1
        used.add(candidate)
        ids.append(candidate)
    return ids


class _CardReader:
    """Reads one entry field by field, noting what it could not read."""

    def __init__(self, entry: Mapping[str, Any], kind: CardType) -> None:
        self.entry = entry
        self.kind = kind
        self.problems: list[str] = []
        self.extra: list[tuple[str, str]] = []
        self.keywords: list[Keyword] = []
        self.character_types: list[CharacterType] = []
        self.notes: set[str] = set()  # keys of COUNT_LABELS this card adds to
        self.trait_factions: list[str] = []

    def read(self) -> tuple[dict[str, Any], list[str]]:
        e = self.entry
        raw_text = e.get("text")
        text = raw_text.replace("\r\n", "\n").strip() if isinstance(raw_text, str) else ""
        traits = self.traits(e.get("traits"))
        if self.keywords:
            self.notes.add("keywords_from_traits")
        self.subtypes(e.get("subtype"))
        self.keyword_objects(e.get("keywords"))
        if self.character_types:
            self.notes.add("lord_types_from_traits")
        feats = self.feats(e.get("feats"))
        if feats:
            self.notes.add("feats")
        before = len(self.keywords)
        self.keywords += card_text.text_keywords(
            text, str(e["name"]), self.kind is CardType.CHARACTER
        )
        if len(self.keywords) > before:
            self.notes.add("keywords_from_text")
        attack = self.attack(e.get("attack"))
        level = self.stat("level")
        damage = self.damage_type(e.get("damageType"), text)
        classes = self.classes(e.get("class"))
        restrictions, required, only_classes = self.restrictions(text)
        if only_classes and set(classes) <= {CardClass.CLASSLESS}:
            classes = only_classes  # 302.3.1 / 303.2.1: it is of the classes it restricts to
        stats = {
            "attack": attack,
            "armor_class": self.stat("armorClass"),
            "skill": self.stat("skill"),
            "hit_points": self.stat("hitPoints"),
        }
        if self.kind is CardType.ITEM:
            self.item_bonuses(text, stats)
        if self.kind is CardType.EPIC_CLASS and level is not None:
            # 306 / 507.10: an Epic Class has no level requirement; its "+8" is a bonus.
            self.extra.append(("level_bonus", str(level)))
            self.notes.add("epic_class_level_bonus")
        if any(
            key in {"attack", "armorClass", "skill", "hitPoints", "level"} for key, _ in self.extra
        ):
            self.notes.add("variable_stats")
        if isinstance(e.get("errata"), str) and e["errata"].strip():
            self.extra.append(("errata", e["errata"].strip()))
        sets = [p.get("set") for p in e.get("printInfos") or () if isinstance(p, Mapping)]
        if any(isinstance(s, str) for s in sets):
            self.extra.append(("sets", ", ".join(s for s in sets if isinstance(s, str))))
        fields: dict[str, Any] = {
            "name": e["name"].strip(),
            "type": self.kind,
            "text": text,
            "character_types": _lord_types(self.character_types),
            "classes": classes,
            "alignments": self.alignments(e.get("alignment")),
            "factions": tuple(
                dict.fromkeys((*self.factions(e.get("faction")), *self.trait_factions))
            ),
            "level": level,
            "damage_type": damage,
            **stats,
            "traits": traits,
            "keywords": _unique(self.keywords),
            "feats": feats,
            "editions": tuple(str(x) for x in e.get("editions") or () if isinstance(x, str)),
            "source": SOURCE,
            "extra": tuple(self.extra),
            "restrictions": restrictions,
            "required_alignment": required,
            "abilities": (
                compile_abilities(text, e["name"].strip(), self.kind, (c.value for c in classes))
                if text
                else ()
            ),
        }
        return fields, self.problems

    # -- helpers ---------------------------------------------------------------------------
    def parts(self, value: Any, key: str) -> list[str]:
        """A "/"-separated string or a list of strings, as clean parts."""
        if value is None:
            return []
        if isinstance(value, str):
            items = re.split(r"\s*[/,]\s*", value)
        elif isinstance(value, list) and all(isinstance(v, str) for v in value):
            items = list(value)
        else:
            self.problems.append(f"could not read {key} {value!r}.")
            return []
        return [i.strip() for i in items if i.strip().casefold() not in _NO_VALUE]

    def number(self, raw: Any, key: str) -> int | None:
        if raw is None:
            return None
        if isinstance(raw, bool):
            self.problems.append(f"could not read {key} {raw!r}.")
            return None
        if isinstance(raw, int):
            return raw
        text = str(raw).strip()
        if _NUMBER.match(text):
            return int(text)
        if text.casefold() in _VARIABLE:  # printed variable values (206.2) stay as text
            self.extra.append((key, text))
            return None
        if text.casefold() in _NO_VALUE:
            return None
        self.problems.append(f"could not read {key} {text!r}.")
        return None

    def stat(self, key: str) -> int | None:
        return self.number(self.entry.get(key), key)

    def attack(self, raw: Any) -> tuple[int, ...]:
        if raw is None:
            return ()
        values = raw if isinstance(raw, list) else str(raw).split("/")
        if any(str(v).strip().casefold() in _VARIABLE for v in values):
            self.extra.append(("attack", "/".join(str(v) for v in values)))
            return ()
        out = [self.number(v, "attack") for v in values]
        return tuple(v for v in out if v is not None) if None not in out else ()

    def classes(self, raw: Any) -> tuple[CardClass, ...]:
        names = self.parts(raw, "class")
        if len(names) > 1:  # "Classless/Fighter/Wizard": the oval of a multi-class card
            names = [n for n in names if n.casefold() != "classless"]
        out = []
        for n in names:
            try:
                out.append(CardClass(n.title()))
            except ValueError:
                self.problems.append(f"could not read class {n!r}.")
        return tuple(out)

    def alignments(self, raw: Any) -> tuple[Alignment, ...]:
        out = []
        for n in self.parts(raw, "alignment"):
            try:
                out.append(Alignment(n.title()))
            except ValueError:
                self.problems.append(f"could not read alignment {n!r}.")
        return tuple(out)

    def factions(self, raw: Any) -> tuple[str, ...]:
        out = []
        for n in self.parts(raw, "faction"):
            full = FACTION_NAMES.get(n.casefold())
            if full is None:
                self.problems.append(f"could not read faction {n!r}.")
                full = n
            if full not in out:
                out.append(full)
        return tuple(out)

    def damage_type(self, raw: Any, text: str) -> DamageType | None:
        if raw is None or (isinstance(raw, str) and not raw.strip()):
            # The 2020 export has no damage types: a hint in the text ("strikes deal Fire
            # damage"), else Physical (201.2, the plain axe); both are counted in the report.
            if self.kind is not CardType.CHARACTER:
                return None
            hinted = card_text.strike_damage_type(text)
            self.notes.add("damage_type_from_text" if hinted else "damage_type_defaulted")
            return hinted or DamageType.PHYSICAL
        try:
            return DamageType(str(raw).strip().title())
        except ValueError:
            self.problems.append(f"could not read damage type {raw!r}.")
            return None

    def traits(self, raw: Any) -> tuple[str, ...]:
        out = []
        for t in self.parts(raw, "traits"):
            if self.kind is CardType.CHARACTER and t.casefold() in ("mercenary", "mercenaries"):
                # 4th edition printed the faction as a trait ("the Mercenary trait", 507.1.4
                # now says Mercenary Guild faction); race words such as Dwarf stay traits.
                self.trait_factions.append("Mercenary Guilds")
                self.notes.add("factions_from_traits")
            elif not self.lord_or_keyword(t):
                out.append(t)
        return tuple(out)

    def lord_or_keyword(self, word: str) -> bool:
        """Character types and keywords that older cards print among traits (301.2, 602)."""
        for lord in CharacterType:
            if word.casefold() == lord.value.casefold():
                self.character_types.append(lord)
                return True
        keyword = card_text.KEYWORD_WORDS.get(word.casefold())
        if keyword:
            self.keywords.append(Keyword(keyword))
            return True
        return False

    def subtypes(self, raw: Any) -> None:
        for name in self.parts(raw, "subtype"):
            if not self.lord_or_keyword(name):
                self.problems.append(f"could not read subtype {name!r}.")

    def keyword_objects(self, raw: Any) -> None:
        if raw is None:
            return
        if not isinstance(raw, list):
            self.problems.append(f"could not read keywords {raw!r}.")
            return
        for item in raw:
            name = item.get("name") if isinstance(item, Mapping) else None
            value = item.get("value") if isinstance(item, Mapping) else None
            if not isinstance(name, str) or not (value is None or isinstance(value, int)):
                self.problems.append(f"could not read keyword {item!r}.")
                continue
            self.keywords.append(_keyword(name.strip(), value))

    def feats(self, raw: Any) -> tuple[Feat, ...]:
        out: list[Feat] = []
        if isinstance(raw, list) and all(isinstance(f, Mapping) for f in raw):
            for f in raw:
                name, value = f.get("name"), f.get("value")
                if isinstance(name, str) and isinstance(value, int):
                    out.append(Feat(_FEATS.get(name.casefold(), name), value))
                else:
                    self.problems.append(f"could not read feat {dict(f)!r}.")
            return tuple(out)
        for part in self.parts(raw, "feats"):
            if charges := _CHARGES.match(part):
                self.keywords.append(Keyword("Charge", int(charges["value"] or charges["value2"])))
            elif challenge := _CHALLENGE.match(part):
                self.keywords.append(Keyword("Challenge Rating", int(challenge["value"])))
            elif gold := _GOLD.match(part):  # 302.11: a GP value has no game meaning
                self.extra.append(("gp", gold["value"]))
            elif (feat := _FEAT.match(part)) and feat["name"].casefold() in _FEATS:
                value = int(feat["value"].replace(" ", ""))
                out.append(Feat(_FEATS[feat["name"].casefold()], value))
            else:
                self.problems.append(f"could not read feat {part!r}.")
        return tuple(out)

    def item_bonuses(self, text: str, stats: dict[str, Any]) -> None:
        """Bonuses an item prints in its text (203.2): level into `extra`, the others into
        the stat fields when the file gives none (v4 items have no skill or HP fields)."""
        bonuses = card_text.item_bonuses(text)
        if not bonuses.any:
            return
        self.notes.add("item_bonuses_from_text")
        if bonuses.level_bonus is not None:
            self.extra.append(("level_bonus", str(bonuses.level_bonus)))
        if bonuses.attack is not None and not stats["attack"]:
            stats["attack"] = (bonuses.attack,)
        for key in ("armor_class", "skill", "hit_points"):
            value = getattr(bonuses, key)
            if value is not None and stats[key] is None:
                stats[key] = value

    def restrictions(
        self, text: str
    ) -> tuple[tuple[str, ...], Alignment | None, tuple[CardClass, ...]]:
        """ "Fighter and rogue only." style first lines of items and actions (302.3, 303.2)."""
        if self.kind not in (CardType.ITEM, CardType.ACTION) or not text:
            return (), None, ()
        found = card_text.restriction(text.splitlines()[0], FACTION_NAMES)
        if found is None:
            return (), None, ()
        self.notes.add("restrictions_from_text")
        if found.unread:
            self.notes.add("restrictions_partly_read")
        return found.names, found.alignment, found.classes


def _keyword(name: str, value: int | None) -> Keyword:
    """A v4 keyword object as our Keyword ("Fire Resistance" -> Resistance qualified Fire)."""
    damage = _DAMAGE_KEYWORD.match(name)
    if damage:
        return Keyword(damage["kind"].title(), value, damage["type"].title())
    canonical = (
        _KEYWORD_NAMES.get(name.casefold()) or card_text.KEYWORD_WORDS.get(name.casefold()) or name
    )
    return Keyword(canonical, value)


def _lord_types(types: Iterable[CharacterType]) -> tuple[CharacterType, ...]:
    """Rule 301.2.1: Dragon Lord wins over Overlord; Medusan Lord over both."""
    found = list(dict.fromkeys(types))
    if CharacterType.MEDUSAN_LORD in found:
        found = [t for t in found if t not in (CharacterType.OVERLORD, CharacterType.DRAGON_LORD)]
    if CharacterType.DRAGON_LORD in found:
        found = [t for t in found if t is not CharacterType.OVERLORD]
    return tuple(found)


def _unique(keywords: list[Keyword]) -> tuple[Keyword, ...]:
    return tuple(dict.fromkeys(keywords))
