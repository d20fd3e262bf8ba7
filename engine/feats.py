"""Feats (603): a character's bonus to each feat (603.1) and each feat of 603.2-603.12 as an
`Ability` value (a Limited Order or Limited React), listed after a card's printed abilities
by `abilities_of`. `engine.feats_run` rolls the DC 20 check when one is performed."""

from __future__ import annotations

from dataclasses import replace

from engine.cards.abilities import (
    Ability,
    AbilityKind,
    Affects,
    Cost,
    CostKind,
    Effect,
    Means,
    Op,
    Performer,
    Qualifier,
    Trigger,
    Who,
    Window,
)
from engine.cards.model import Card, CardType
from engine.stats import Board, bonus_cards, modifier_total

FEAT_NAMES: tuple[str, ...] = (
    "Charisma",
    "Defend",
    "Magic Resistance",
    "Marksmanship",
    "Medicine",
    "Powerattack",
    "Riding",
    "Riposte",
    "Scribe",
    "Sleight of Hand",
    "Stealth",
)
_FOLDED = {n.casefold(): n for n in FEAT_NAMES}


def _sources(board: Board, uid: int) -> list[Card]:
    """The character and every card adding to it: equipped items and attached cards."""
    unit = board.units[uid]
    cards = [board.card(uid), *bonus_cards(board, uid)]
    cards += [board.card(a) for a in unit.attachments if board.card(a) not in cards]
    return cards


def feats(board: Board, uid: int) -> dict[str, int]:
    """Every feat the character has with its total bonus (603.1: the bonuses of the same
    feat from several sources are added together; 700.4: bonuses to a feat, modifiers of
    stat `feat:<name>` casefolded, add too)."""
    found: dict[str, int] = {}
    for card in _sources(board, uid):
        for feat in card.feats:
            name = _FOLDED.get(feat.name.casefold(), feat.name)
            found[name] = found.get(name, 0) + feat.value
    for name in list(found):
        found[name] += modifier_total(board, uid, feat_stat(name))
    return found


def feat_stat(name: str) -> str:
    """The modifier stat of a bonus to a feat (700.4), e.g. "feat:stealth"."""
    return f"feat:{name.casefold()}"


def has_feat(board: Board, uid: int, name: str) -> bool:
    wanted = name.casefold()
    return any(n.casefold() == wanted for n in feats(board, uid))


def feat_bonus(board: Board, uid: int, name: str) -> int:
    """603.1.1: the bonus added to a check of this feat, whether or not the character has the
    feat (a non-feat action asking for a feat-based check still adds it)."""
    wanted = name.casefold()
    total = sum(v for n, v in feats(board, uid).items() if n.casefold() == wanted)
    if not has_feat(board, uid, name):
        total += modifier_total(board, uid, feat_stat(name))
    return total


def _react(
    name: str, trigger: Trigger, text: str, effects: tuple[Effect, ...] = (), said: str = ""
) -> Ability:
    """`said`: the trigger as the rules word it, when `trigger.text` is reworded to name
    whom it is about (engine.reacts reads "is ..." as the subject of the event)."""
    return Ability(
        AbilityKind.REACT,
        f"Limited React: {said or trigger.text}, succeed with a {name} check (DC 20): {text}",
        Performer.THIS_CHARACTER,
        qualifiers=(Qualifier.LIMITED,),
        trigger=trigger,
        effect_text=text,
        manual=not effects,
    )


def _order(name: str, target: str, text: str, costs: tuple[Cost, ...] = (),
           effects: tuple[Effect, ...] = ()) -> Ability:  # fmt: skip
    return Ability(
        AbilityKind.ORDER,
        f"Limited Order: {target} and succeed with a {name} check (DC 20): {text}",
        Performer.THIS_CHARACTER,
        qualifiers=(Qualifier.LIMITED,),
        costs=costs,
        effect_text=text,
        manual=not effects,
    )


# 603.2-603.12, as printed in the rules. The DC 20 check is rolled when the feat is performed
# (`engine.feats_run`), which also runs the effect of AUTOMATED_FEATS.
FEAT_ABILITIES: dict[str, Ability] = {
    "Charisma": _react(
        "Charisma",
        Trigger(
            Window.BEFORE_ROLL,
            Who.ANY,
            text="Before target character within two ranks makes a die roll",
            within_ranks=2,
        ),
        "The target has your choice of advantage or disadvantage on the roll.",
    ),
    "Defend": _react(
        "Defend",
        Trigger(
            Window.AFTER_TARGETING,
            Who.ANOTHER_YOURS,
            text="After your adjacent character is targeted with a strike or action",
            within_ranks=0,
        ),
        "Redirect the strike or action to this character.",
    ),
    "Magic Resistance": _react(
        "Magic Resistance",
        Trigger(
            Window.AFTER_TARGETING,
            Who.THIS,
            Means.SPELL,
            text="After this character is targeted with a spell",
        ),
        "Cancel the spell.",
        (Effect(Op.CANCEL, Affects.TRIGGER),),
    ),
    "Marksmanship": _react(
        "Marksmanship",
        # Offered before the roll (509.5 step 3a): strikes are targeted in their Order's
        # decision, with no window before it, so "an additional rank away" comes too late.
        Trigger(
            Window.BEFORE_ROLL,
            Who.THIS,
            Means.RANGED,
            text="Before this character rolls a non-spell ranged strike",
        ),
        "Choose one: the strike may target an additional rank away, gain +5 to the strike "
        "roll, or the strike inflicts an additional wound.",
        said="Before this character targets a non-spell ranged strike",
    ),
    "Medicine": _order(
        "Medicine",
        "Target a wounded character in this rank",
        "Heal the target.",
        (Cost(CostKind.TARGET, text="a wounded character in this rank", within_ranks=0),),
        (Effect(Op.HEAL, Affects.TARGET, amount=1),),
    ),
    "Powerattack": _react(
        "Powerattack",
        Trigger(
            Window.BEFORE_ROLL,
            Who.THIS,
            Means.MELEE,
            text="Before this character makes a melee strike roll",
        ),
        "The strike inflicts an additional wound.",
        (Effect(Op.EXTRA_WOUNDS, Affects.TRIGGER, amount=1),),
    ),
    "Riding": _order(
        "Riding",
        "Target a spent or stunned Steed equipped to this character",
        "Ready the target.",
    ),
    "Riposte": _react(
        "Riposte",
        Trigger(
            Window.AFTER_STRIKE,
            Who.THIS,
            Means.MELEE,
            text="After this character is struck with a melee strike",  # passive: the target
        ),
        "Perform a melee strike against the target. (This strike may not be redirected.)",
        said="After target character performs a melee strike against this character",
    ),
    "Scribe": _order(
        "Scribe",
        "Reveal a spell in your hand that this character may cast",
        "Attach the spell to this character. If the Scribe check fails, discard the spell.",
    ),
    "Sleight of Hand": _order(
        "Sleight of Hand",
        "Target an item within one rank",
        "If this character may legally equip the item, you may gain control of the item and "
        "they may do so, otherwise the item is destroyed.",
    ),
    "Stealth": _react(
        "Stealth",
        Trigger(
            Window.AFTER_TARGETING,
            Who.THIS,
            Means.STRIKE,
            text="After this character is targeted with a strike",
        ),
        "Cancel the strike.",
        (Effect(Op.CANCEL, Affects.TRIGGER),),
    ),
}


def feat_abilities(board: Board, uid: int) -> list[tuple[str, Ability]]:
    """The feat Orders and Reacts character `uid` may perform, one per feat it has (603.1)."""
    return [(n, FEAT_ABILITIES[n]) for n in feats(board, uid) if n in FEAT_ABILITIES]


def may_maneuver_into_first_ranks(board: Board, uid: int) -> bool:
    """603.12.1: a character with Stealth may maneuver into opposing first ranks."""
    return has_feat(board, uid, "Stealth")


# The feats whose effect `engine.feats_run` runs; the others are resolved by hand (`manual`).
AUTOMATED_FEATS = frozenset(
    {"Stealth", "Magic Resistance", "Powerattack", "Medicine", "Defend", "Riposte"}
)
FEAT_ABILITIES = {n: replace(a, manual=n not in AUTOMATED_FEATS) for n, a in FEAT_ABILITIES.items()}

_BY_ABILITY: dict[Ability, str] = {a: n for n, a in FEAT_ABILITIES.items()}
_BY_ABILITY.update({replace(a, performer=Performer.BEARER): n for n, a in FEAT_ABILITIES.items()})
_WITH_FEATS: dict[int, tuple[Card, tuple[Ability, ...]]] = {}


def abilities_of(card: Card) -> tuple[Ability, ...]:
    """The card's printed abilities, then one Limited Order or React per feat printed on it
    (603.1), in the order of `Card.feats`: ability indexes count through both. A feat printed
    on an item is performed by the character it is equipped to (507.7.2)."""
    if not card.feats:
        return card.abilities
    cached = _WITH_FEATS.get(id(card))
    if cached is not None and cached[0] is card:
        return cached[1]
    extra = []
    for feat in card.feats:
        ability = FEAT_ABILITIES.get(_FOLDED.get(feat.name.casefold(), ""))
        if ability is None:
            continue
        if card.type is not CardType.CHARACTER:
            ability = replace(ability, performer=Performer.BEARER)
        extra.append(ability)
    found = (*card.abilities, *extra)
    _WITH_FEATS[id(card)] = (card, found)
    return found


def feat_of(ability: Ability) -> str | None:
    """The feat an ability of `abilities_of` stands for, or None for a printed ability."""
    if not ability.text.startswith("Limited "):
        return None
    return _BY_ABILITY.get(ability)
