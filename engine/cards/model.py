"""Card definitions: the printed facts of a Warlord card, as frozen values (CR section 2 and 3)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from engine.cards.abilities import Ability, Status, implementation_status


class CardType(StrEnum):
    """Card types (rule 300.1), plus tokens (rule 703)."""

    CHARACTER = "Character"
    ITEM = "Item"
    ACTION = "Action"
    DUNGEON = "Dungeon"
    BATTLEFIELD = "Battlefield"
    EPIC_CLASS = "Epic Class"
    TOKEN = "Token"


_CHARACTER = CardType.CHARACTER  # bound once: `CardType.X` goes through EnumType.__getattr__


class CharacterType(StrEnum):
    """Character types printed in the typeline (rule 301.2)."""

    WARLORD = "Warlord"
    OVERLORD = "Overlord"
    DAEMONLORD = "Daemonlord"
    DRAGON_LORD = "Dragon Lord"
    MEDUSAN_LORD = "Medusan Lord"


class CardClass(StrEnum):
    """Classes (rule 203.1)."""

    CLERIC = "Cleric"
    FIGHTER = "Fighter"
    ROGUE = "Rogue"
    WIZARD = "Wizard"
    CLASSLESS = "Classless"


class Alignment(StrEnum):
    """Alignments (rule 203.3)."""

    GOOD = "Good"
    EVIL = "Evil"


class DamageType(StrEnum):
    """Damage types (rule 600, Appendix B)."""

    ARCANE = "Arcane"
    FIRE = "Fire"
    FROST = "Frost"
    LIGHTNING = "Lightning"
    NECROTIC = "Necrotic"
    PHYSICAL = "Physical"
    POISON = "Poison"
    RADIANT = "Radiant"


FACTIONS: tuple[str, ...] = (
    "Deverenian Empire",
    "Dwarven Forges",
    "Elven Branches",
    "Free Kingdoms",
    "Mercenary Guilds",
    "Nothrog Legions",
    "The Chosen",
)


@dataclass(frozen=True)
class Keyword:
    """A keyword (rule 602) with its optional value or qualifier.

    Examples: Keyword("Reach"), Keyword("Resistance", qualifier="Fire"),
    Keyword("Dual Wield"), Keyword("Challenge Rating", value=12).
    """

    name: str
    value: int | None = None
    qualifier: str | None = None


@dataclass(frozen=True)
class Feat:
    """A feat (rule 603) with its bonus, e.g. Feat("Stealth", 5)."""

    name: str
    value: int


@dataclass(frozen=True)
class Card:
    """One card definition as printed. Stats are None where the card type has none.

    `attack` holds the printed melee strike bonuses in order (rule 201.1): a character
    printed "+5/+2" has attack=(5, 2). For items and Epic Classes `attack`, `armor_class`,
    `skill` and `hit_points` are the bonuses they grant while equipped or attached (201.1,
    202.1). `level` of an item or action is its level requirement (rules 302.4, 303.3); a
    level *bonus* an item grants (203.2, "+1 Level") is in `extra` as ("level_bonus", "1"),
    as is the printed level of an Epic Class, which is a bonus, not a requirement (306).
    `text` is the printed game text; `abilities` is that text compiled
    (`engine.cards.ability_grammar`): the engine runs what it can, the rest is manual.
    `restrictions` (items and actions, rules 302.3 and 303.2) names traits or character
    types of which the user needs at least one ("Paladin only." -> ("Paladin",)); class
    restrictions live in `classes`. `required_alignment` is set by "Evil characters only.".
    A token (type TOKEN) names in `represents` the card type it functions as (rule 703.2).
    """

    id: str
    name: str
    type: CardType
    text: str = ""
    character_types: tuple[CharacterType, ...] = ()
    classes: tuple[CardClass, ...] = ()
    alignments: tuple[Alignment, ...] = ()
    factions: tuple[str, ...] = ()
    level: int | None = None
    attack: tuple[int, ...] = ()
    damage_type: DamageType | None = None
    armor_class: int | None = None
    skill: int | None = None
    hit_points: int | None = None
    traits: tuple[str, ...] = ()
    keywords: tuple[Keyword, ...] = ()
    feats: tuple[Feat, ...] = ()
    editions: tuple[str, ...] = ()
    source: str = "sample"
    extra: tuple[tuple[str, str], ...] = field(default=())
    restrictions: tuple[str, ...] = ()
    required_alignment: Alignment | None = None
    represents: CardType | None = None
    abilities: tuple[Ability, ...] = ()

    @property
    def implementation_status(self) -> Status:
        """full / partial / manual: how much of the card's text the engine runs."""
        return implementation_status(self.abilities)

    @property
    def is_character(self) -> bool:
        return self.type is _CHARACTER

    @property
    def functions_as(self) -> CardType:
        """The card type this card plays as: its own, or for a token what it represents."""
        return self.represents if self.represents is not None else self.type

    @property
    def is_warlord(self) -> bool:
        return CharacterType.WARLORD in self.character_types

    @property
    def is_token(self) -> bool:
        return self.type is CardType.TOKEN

    @property
    def is_unique(self) -> bool:
        """Unique (602.7); Reindeer count as Unique (602.7.2), Warlords never do (602.7.6)."""
        if self.is_warlord:
            return False
        return self.has_keyword("Unique") or "Reindeer" in self.traits

    @property
    def is_epic(self) -> bool:
        return self.has_keyword("Epic")

    @property
    def is_reserved(self) -> bool:
        return self.has_keyword("Reserved")

    def has_keyword(self, name: str) -> bool:
        """True when the card prints the keyword (case-insensitive)."""
        wanted = name.casefold()
        return any(k.name.casefold() == wanted for k in self.keywords)

    def keyword(self, name: str) -> Keyword | None:
        """The first printed keyword of that name, or None."""
        wanted = name.casefold()
        return next((k for k in self.keywords if k.name.casefold() == wanted), None)


@dataclass(frozen=True)
class Deck:
    """A deck as card ids (rule 108): the starting army (Warlord first) and the other cards.

    A card id appears once per copy. Rule 108.4 counts both parts together.
    """

    name: str
    starting_army: tuple[str, ...]
    cards: tuple[str, ...]

    @property
    def all_cards(self) -> tuple[str, ...]:
        return self.starting_army + self.cards
