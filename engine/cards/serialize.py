"""Our own JSON form of a Card and a Deck: plain dicts, defaults omitted, exact round trip.

The form is described by `engine/data/cards.schema.json`. Enum values are written as their
printed names ("Character", "Warlord", "Fighter"), tuples as lists.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any, TypeVar

from engine.cards.ability_grammar import compile_abilities
from engine.cards.ability_serialize import ability_from_dict, ability_to_dict
from engine.cards.errors import CardDataError
from engine.cards.model import (
    Alignment,
    Card,
    CardClass,
    CardType,
    CharacterType,
    DamageType,
    Deck,
    Feat,
    Keyword,
)

FORMAT_VERSION = 1

_E = TypeVar("_E")

_CARD_KEYS = frozenset(
    {
        "id", "name", "type", "text", "character_types", "classes", "alignments", "factions",
        "level", "attack", "damage_type", "armor_class", "skill", "hit_points", "traits",
        "keywords", "feats", "editions", "source", "extra", "restrictions",
        "required_alignment", "represents", "abilities", "implementation_status",
    }
)  # fmt: skip


def card_to_dict(card: Card) -> dict[str, Any]:
    """The JSON-ready dict of a card; fields at their default value are left out."""
    out: dict[str, Any] = {"id": card.id, "name": card.name, "type": card.type.value}
    if card.text:
        out["text"] = card.text
    for key, values in (
        ("character_types", card.character_types),
        ("classes", card.classes),
        ("alignments", card.alignments),
    ):
        if values:
            out[key] = [v.value for v in values]
    if card.factions:
        out["factions"] = list(card.factions)
    if card.level is not None:
        out["level"] = card.level
    if card.attack:
        out["attack"] = list(card.attack)
    if card.damage_type is not None:
        out["damage_type"] = card.damage_type.value
    for key, stat in (
        ("armor_class", card.armor_class),
        ("skill", card.skill),
        ("hit_points", card.hit_points),
    ):
        if stat is not None:
            out[key] = stat
    if card.traits:
        out["traits"] = list(card.traits)
    if card.keywords:
        out["keywords"] = [_keyword_to_dict(k) for k in card.keywords]
    if card.feats:
        out["feats"] = [{"name": f.name, "value": f.value} for f in card.feats]
    if card.editions:
        out["editions"] = list(card.editions)
    if card.source != "sample":
        out["source"] = card.source
    if card.extra:
        out["extra"] = [[k, v] for k, v in card.extra]
    if card.restrictions:
        out["restrictions"] = list(card.restrictions)
    if card.required_alignment is not None:
        out["required_alignment"] = card.required_alignment.value
    if card.represents is not None:
        out["represents"] = card.represents.value
    if card.abilities or card.text:  # written even when empty: absent means "compile the text"
        out["abilities"] = [ability_to_dict(a) for a in card.abilities]
    if card.abilities:
        out["implementation_status"] = card.implementation_status.value
    return out


def _keyword_to_dict(keyword: Keyword) -> dict[str, Any]:
    out: dict[str, Any] = {"name": keyword.name}
    if keyword.value is not None:
        out["value"] = keyword.value
    if keyword.qualifier is not None:
        out["qualifier"] = keyword.qualifier
    return out


def card_from_dict(data: Mapping[str, Any]) -> Card:
    """Read our JSON form back; raises CardDataError naming the card and the bad field."""
    if not isinstance(data, Mapping):
        raise CardDataError("A card entry is not a JSON object.")
    label = str(data.get("name") or data.get("id") or "?")
    unknown = sorted(set(data) - _CARD_KEYS)
    if unknown:
        raise CardDataError(f"Card '{label}' has unknown fields: {', '.join(unknown)}.")
    reader = _Reader(data, label)
    card = Card(
        id=reader.text("id", required=True),
        name=reader.text("name", required=True),
        type=reader.enum("type", CardType),
        text=reader.text("text"),
        character_types=reader.enums("character_types", CharacterType),
        classes=reader.enums("classes", CardClass),
        alignments=reader.enums("alignments", Alignment),
        factions=reader.texts("factions"),
        level=reader.integer("level"),
        attack=reader.integers("attack"),
        damage_type=reader.optional_enum("damage_type", DamageType),
        armor_class=reader.integer("armor_class"),
        skill=reader.integer("skill"),
        hit_points=reader.integer("hit_points"),
        traits=reader.texts("traits"),
        keywords=reader.keywords(),
        feats=reader.feats(),
        editions=reader.texts("editions"),
        source=reader.text("source") or "sample",
        extra=reader.pairs("extra"),
        restrictions=reader.texts("restrictions"),
        required_alignment=reader.optional_enum("required_alignment", Alignment),
        represents=reader.optional_enum("represents", CardType),
    )
    if "abilities" in data:
        if not isinstance(data["abilities"], list):
            raise reader.fail("abilities", "a list of abilities")
        abilities = tuple(ability_from_dict(a, label) for a in data["abilities"])
    else:  # cards written by hand: compile their text
        classes = (c.value for c in card.classes)
        abilities = (
            compile_abilities(card.text, card.name, card.functions_as, classes) if card.text else ()
        )
    card = replace(card, abilities=abilities)
    status = data.get("implementation_status")
    if status is not None and status != card.implementation_status.value:
        raise CardDataError(
            f"Card '{label}': implementation_status {status!r} does not match its abilities "
            f"({card.implementation_status.value})."
        )
    return card


class _Reader:
    """Typed field access with one-sentence errors naming the card."""

    def __init__(self, data: Mapping[str, Any], label: str) -> None:
        self.data = data
        self.label = label

    def fail(self, key: str, wanted: str) -> CardDataError:
        return CardDataError(f"Card '{self.label}': field '{key}' must be {wanted}.")

    def text(self, key: str, required: bool = False) -> str:
        value = self.data.get(key, "")
        if not isinstance(value, str) or (required and not value):
            raise self.fail(key, "a non-empty string" if required else "a string")
        return value

    def texts(self, key: str) -> tuple[str, ...]:
        values = self.data.get(key, [])
        if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
            raise self.fail(key, "a list of strings")
        return tuple(values)

    def integer(self, key: str) -> int | None:
        value = self.data.get(key)
        if value is None:
            return None
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.fail(key, "an integer")
        return value

    def integers(self, key: str) -> tuple[int, ...]:
        values = self.data.get(key, [])
        if not isinstance(values, list) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in values
        ):
            raise self.fail(key, "a list of integers")
        return tuple(values)

    def enum(self, key: str, kind: Callable[[str], _E]) -> _E:
        value = self.data.get(key)
        try:
            return kind(value)  # type: ignore[arg-type]
        except ValueError:
            raise self.fail(key, f"one of the known values, not {value!r}") from None

    def optional_enum(self, key: str, kind: Callable[[str], _E]) -> _E | None:
        return None if self.data.get(key) is None else self.enum(key, kind)

    def enums(self, key: str, kind: Callable[[str], _E]) -> tuple[_E, ...]:
        values = self.texts(key)
        try:
            return tuple(kind(v) for v in values)
        except ValueError:
            raise self.fail(key, f"a list of known values, not {list(values)!r}") from None

    def keywords(self) -> tuple[Keyword, ...]:
        out = []
        for entry in self._objects("keywords"):
            name, value, qualifier = entry.get("name"), entry.get("value"), entry.get("qualifier")
            if (
                not isinstance(name, str)
                or not (value is None or (isinstance(value, int) and not isinstance(value, bool)))
                or not (qualifier is None or isinstance(qualifier, str))
            ):
                raise self.fail("keywords", "objects with a name, an integer value, a qualifier")
            out.append(Keyword(name, value, qualifier))
        return tuple(out)

    def feats(self) -> tuple[Feat, ...]:
        out = []
        for entry in self._objects("feats"):
            name, value = entry.get("name"), entry.get("value")
            if not isinstance(name, str) or not isinstance(value, int) or isinstance(value, bool):
                raise self.fail("feats", "objects with a name and an integer value")
            out.append(Feat(name, value))
        return tuple(out)

    def pairs(self, key: str) -> tuple[tuple[str, str], ...]:
        values = self.data.get(key, [])
        if not isinstance(values, list) or not all(
            isinstance(p, list) and len(p) == 2 and all(isinstance(x, str) for x in p)
            for p in values
        ):
            raise self.fail(key, "a list of [key, value] string pairs")
        return tuple((p[0], p[1]) for p in values)

    def _objects(self, key: str) -> list[Mapping[str, Any]]:
        values = self.data.get(key, [])
        if not isinstance(values, list) or not all(isinstance(v, Mapping) for v in values):
            raise self.fail(key, "a list of objects")
        return values


def deck_to_dict(deck: Deck) -> dict[str, Any]:
    """A deck as {"name", "starting_army", "cards"} with one id per copy."""
    return {"name": deck.name, "starting_army": list(deck.starting_army), "cards": list(deck.cards)}


def deck_from_dict(data: Mapping[str, Any]) -> Deck:
    """Read a deck dict; "cards" may list ids once per copy or as [count, id] pairs."""
    if not isinstance(data, Mapping):
        raise CardDataError("A deck entry is not a JSON object.")
    name = data.get("name", "")
    if not isinstance(name, str):
        raise CardDataError("A deck's 'name' must be a string.")
    return Deck(
        name=name,
        starting_army=_deck_ids(data.get("starting_army", []), name, "starting_army"),
        cards=_deck_ids(data.get("cards", []), name, "cards"),
    )


def _deck_ids(values: Any, deck: str, key: str) -> tuple[str, ...]:
    if not isinstance(values, list):
        raise CardDataError(f"Deck '{deck}': '{key}' must be a list.")
    out: list[str] = []
    for value in values:
        if isinstance(value, str):
            out.append(value)
        elif (
            isinstance(value, list)
            and len(value) == 2
            and isinstance(value[0], int)
            and not isinstance(value[0], bool)
            and value[0] > 0
            and isinstance(value[1], str)
        ):
            out.extend([value[1]] * value[0])
        else:
            raise CardDataError(f"Deck '{deck}': '{key}' entry {value!r} is not an id or a pair.")
    return tuple(out)
