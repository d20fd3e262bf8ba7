"""A card's facts as short lines of text, shared by `cards show` and the bot's card answers."""

from __future__ import annotations

from engine.cards.abilities import Ability, AbilityKind, Cost, Effect
from engine.cards.model import Card, CardType

STATUS_TEXT = {
    "full": "full: the engine runs all of its text",
    "partial": "partial: the engine runs some of its text, players resolve the rest by hand",
    "manual": "manual: players resolve its text by hand",
}


def kind_line(card: Card) -> str:
    """Type, level, classes, alignment, faction: "Human Character, level 4, Fighter, Good"."""
    kind = " ".join([*(t.value for t in card.character_types), card.type.value])
    if card.represents is not None:
        kind = f"{card.represents.value} token"
    head = [kind]
    if card.level is not None:  # an item's or action's level is what it takes to use it
        needs = card.type in (CardType.ITEM, CardType.ACTION)
        head.append(f"level {card.level} to use" if needs else f"level {card.level}")
    if card.classes:
        head.append("/".join(c.value for c in card.classes))
    if card.alignments:
        head.append("/".join(a.value for a in card.alignments))
    if card.factions:
        head.append("/".join(card.factions))
    return ", ".join(head)


def stats_line(card: Card) -> str:
    """The stats: "ATK +4/+3 Physical  AC 16  Skill +2  HP 3", or "" for a card without any."""
    stats = []
    if card.attack:
        damage = f" {card.damage_type.value}" if card.damage_type else ""
        stats.append("ATK " + "/".join(f"{a:+d}" for a in card.attack) + damage)
    bonus = dict(card.extra).get("level_bonus")
    if bonus is not None and bonus.lstrip("+-").isdigit():
        stats.append(f"Level {int(bonus):+d}")  # 203.2: a bonus to the wearer's level
    for label, value, signed in (
        ("AC", card.armor_class, not card.is_character),
        ("Skill", card.skill, True),
        ("HP", card.hit_points, not card.is_character),
    ):
        if value is not None:
            stats.append(f"{label} {value:+d}" if signed else f"{label} {value}")
    return "  ".join(stats)


def keyword_texts(card: Card) -> list[str]:
    """The card's keywords as printed: "Resistance Arcane 2", "Planar"."""
    out = []
    for k in card.keywords:
        text = f"{k.qualifier} {k.name}" if k.qualifier else k.name
        out.append(f"{text} {k.value}" if k.value is not None else text)
    return out


def feat_texts(card: Card) -> list[str]:
    """The card's feats: "Medicine +5"."""
    return [f"{f.name} {f.value:+d}" for f in card.feats]


def restriction_line(card: Card) -> str:
    if not (card.restrictions or card.required_alignment):
        return ""
    who = [card.required_alignment.value] if card.required_alignment else []
    return " ".join([*who, " or ".join(card.restrictions)]).strip()


def errata(card: Card) -> str:
    """The card file's errata and rulings for this card ("" when it has none)."""
    return dict(card.extra).get("errata", "").replace("\r\n", "\n").strip()


def render_card(card: Card) -> str:
    """A card as a few lines of plain text (`cards show`)."""
    lines = [f"{card.name} [{card.id}]", kind_line(card)]
    stats = stats_line(card)
    if stats:
        lines.append(stats)
    if card.traits:
        lines.append("Traits: " + ", ".join(card.traits))
    if card.keywords:
        lines.append("Keywords: " + ", ".join(keyword_texts(card)))
    if card.feats:
        lines.append("Feats: " + ", ".join(feat_texts(card)))
    only = restriction_line(card)
    if only:
        lines.append("Only: " + only)
    if card.text:
        lines += ["", card.text.replace("\r\n", "\n")]
    if errata(card):
        lines += ["", "Errata and rulings: " + errata(card)]
    if card.abilities:
        lines += ["", f"Abilities ({card.implementation_status.value}):"]
        lines += [f"  - {ability_line(a)}" for a in card.abilities]
    return "\n".join(lines)


def ability_line(ability: Ability) -> str:
    """One compiled ability in a line: kind, trigger, costs, effects or "by hand"."""
    head = " ".join([*(q.value.replace("_", " ") for q in ability.qualifiers), ability.kind.value])
    parts = [f"{head.capitalize()} ({ability.performer.value.replace('_', ' ')})"]
    if ability.trigger is not None:
        window = ability.trigger.window.value.replace("_", " ")
        who = ability.trigger.subject.value.replace("_", " ")
        means = ability.trigger.means.value
        parts.append(f"window {window} (whose: {who}, by: {means})")
    if ability.costs:
        parts.append("cost " + ", ".join(_cost_text(c) for c in ability.costs))
    if ability.kind is AbilityKind.STATIC or ability.manual:
        parts.append(f"by hand: {ability.effect_text}" if ability.effect_text else "by hand")
    else:
        parts.append("runs " + "; ".join(_effect_text(e) for e in ability.effects))
        if not ability.automated:
            parts.append("(a cost or trigger is resolved by hand)")
    return " | ".join(parts)


def _cost_text(cost: Cost) -> str:
    label = cost.kind.value.replace("_", " ")
    if cost.kind.value in ("other", "condition", "kill_character", "spend_character"):
        return f"{label} ({cost.text})"
    return f"{label} {cost.amount}" if cost.amount != 1 else label


def _effect_text(effect: Effect) -> str:
    words = [effect.op.value.replace("_", " ")]
    if effect.strike is not None:
        words.append(effect.strike.value)
    if effect.amount is not None:
        words.append(f"{effect.amount:+d}" if effect.op.value in ("strike", "modify_stat")
                     else str(effect.amount))  # fmt: skip
    if effect.stat is not None:
        words.append(effect.stat.value)
    if effect.direction is not None:
        words.append(effect.direction.value.replace("_", " "))
    if effect.name:
        words.append(effect.name)
    if effect.times != 1:
        words.append(f"x{effect.times}")
    words.append(f"on {effect.affects.value}")
    if effect.duration.value != "instant":
        words.append(f"({effect.duration.value.replace('_', ' ')})")
    if effect.on_fail:
        words.append("or " + ", ".join(_effect_text(e) for e in effect.on_fail))
    return " ".join(words)
