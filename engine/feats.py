"""Feats (603): a character's bonus to each feat (603.1) and each feat of 603.2-603.12 as an
`Ability` value (a Limited Order or Limited React), listed after a card's printed abilities
by `abilities_of`. `engine.feats_run` rolls the DC 20 check when one is performed."""

from __future__ import annotations

from dataclasses import replace

from engine.actions import DIRECTIONS
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
from engine.cards.model import Card, CardClass, CardType
from engine.formation import distance, locate
from engine.problems import Problem
from engine.state import Unit
from engine.stats import Board, bonus_cards, equip_locations, level, modifier_total

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
        (Cost(CostKind.TARGET, text="a spent or stunned Steed equipped to this character"),),
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
        (Cost(CostKind.TARGET, text="a spell in your hand that this character may cast"),),
    ),
    "Sleight of Hand": _order(
        "Sleight of Hand",
        "Target an item within one rank",
        "If this character may legally equip the item, you may gain control of the item and "
        "they may do so, otherwise the item is destroyed.",
        (Cost(CostKind.TARGET, text="an item within one rank", within_ranks=1),),
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


def maneuver_directions(board: Board, seat: int, uid: int) -> tuple[str, ...]:
    """The directions character `uid` may be maneuvered in (507.5), and "into:<seat>" for each
    opposing first rank when it has Stealth and stands in its own front rank (603.12.1: "This
    character may maneuver into opposing first ranks"; 710.1: only such an ability does)."""
    unit = board.units.get(uid)
    if unit is None or not _has_stealth(board, unit):
        return DIRECTIONS
    place = locate(board.players, uid)
    if place is None or (place.formation, place.rank) != (seat, 1):
        return DIRECTIONS
    others = [p.seat for p in board.players if p.seat != seat and not p.eliminated]
    return (*DIRECTIONS, *(f"into:{s}" for s in others))


def _has_stealth(board: Board, unit: Unit) -> bool:
    """`may_maneuver_into_first_ranks`, remembered by the unit value (by identity) with the
    catalogue and instances read: the feats a character has come from the cards of it, its
    items and attachments (`feats`; modifiers only add to their bonuses)."""
    cards: object = getattr(board, "cards", None)
    instances: object = getattr(board, "instances", None)
    found = _STEALTH.get(id(unit))
    if found is None or found[0] is not unit or found[1] is not cards or found[2] is not instances:
        has = any(board.card(c).feats for c in feat_sources(board, unit.id)) and (
            may_maneuver_into_first_ranks(board, unit.id)
        )
        found = (unit, cards, instances, has)
        if cards is not None and instances is not None:
            if len(_STEALTH) >= 20_000:
                _STEALTH.clear()
            _STEALTH[id(unit)] = found
    return found[3]


_STEALTH: dict[int, tuple[Unit, object, object, bool]] = {}


def into_problem(board: Board, seat: int, uid: int, direction: str) -> Problem | None:
    """Why a maneuver "into:<seat>" is illegal (603.12.1, 710.1), or None."""
    name = board.card(uid).name
    if direction not in maneuver_directions(board, seat, uid):
        if not may_maneuver_into_first_ranks(board, uid):
            return Problem("710.1", f"only a character with Stealth may maneuver {name} "
                                    "into another formation (603.12.1).")  # fmt: skip
        return Problem(
            "603.12.1",
            f"{name} maneuvers into an opposing first rank from your front rank only.",
        )
    return None


# The feats whose effect `engine.feats_run` runs (all of them; a choice the feat leaves to its
# performer is an EFFECT_CHOICE decision); any other would be resolved by hand (`manual`).
AUTOMATED_FEATS = frozenset(FEAT_NAMES)
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
    found = _FEAT_OF.get(id(ability))  # by identity: hashing an Ability hashes all its fields
    if found is None or found[0] is not ability:
        if len(_FEAT_OF) >= 10_000:
            _FEAT_OF.clear()
        found = (ability, _BY_ABILITY.get(ability))
        _FEAT_OF[id(ability)] = found
    return found[1]


# `feat_of` per ability (by identity, the ability kept so its id is not reused).
_FEAT_OF: dict[int, tuple[Ability, str | None]] = {}


def _feat_index(card: Card) -> tuple[str | None, ...]:
    """`feat_of` each ability of `abilities_of(card)`, by index: remembered per card
    definition (by identity)."""
    found = _FEAT_INDEX.get(id(card))
    if found is None or found[0] is not card:
        if len(_FEAT_INDEX) >= 10_000:
            _FEAT_INDEX.clear()
        found = (card, tuple(feat_of(a) for a in abilities_of(card)))
        _FEAT_INDEX[id(card)] = found
    return found[1]


_FEAT_INDEX: dict[int, tuple[Card, tuple[str | None, ...]]] = {}


# --- how often a feat may be performed (603.1, 510.7, 603.12.2) ---------------------------

# `used_abilities` entry index marking an item readied by an effect (Riding, 603.8): items have
# no orientation of their own; an item is spent by paying a "Spend <item>" cost (507.7.2).
READIED = -1


def feat_sources(board: Board, uid: int) -> list[int]:
    """The character and the cards whose feats it performs: equipped items, attached cards."""
    unit = board.units.get(uid)
    if unit is None:
        return [uid]
    return [uid, *unit.items, *unit.attachments]


def feat_uses(board: Board, uid: int, name: str, turn: int) -> int:
    """How often character `uid` performed feat `name` this turn, from any of its sources
    (603.1: one feat, whatever prints it)."""
    used: tuple[tuple[int, int, int], ...] = getattr(board, "used_abilities", ())
    if not used:
        return 0
    counts = use_counts(used)
    count = 0
    for card in set(feat_sources(board, uid)):
        for index, feat in enumerate(_feat_index(board.card(card))):
            if feat == name:
                count += counts.get((card, index, turn), 0)
    return count


def use_counts(
    used: tuple[tuple[int, int, int], ...],
) -> dict[tuple[int, int, int | None], int]:
    """How often each (card, ability index, turn) of `used_abilities` was used, and each
    (card, ability index, None) in the whole game. Counted once per tuple of uses (a frozen
    value, by identity) and, when the tuple is the last one counted plus one use (an ability
    just performed), from that count: a game's uses grow by one at a time."""
    last, counts = _USES[0]
    if last is used:
        return counts
    if len(used) == len(last) + 1 and used[:-1] == last:
        counts, added = dict(counts), used[-1:]
    else:
        counts, added = {}, used
    for c, i, t in added:
        counts[c, i, t] = counts.get((c, i, t), 0) + 1
        counts[c, i, None] = counts.get((c, i, None), 0) + 1
    _USES[0] = (used, counts)
    return counts


# The uses last counted by `use_counts` and their counts (read only: callers share it).
_USES: list[tuple[tuple[tuple[int, int, int], ...], dict[tuple[int, int, int | None], int]]] = [
    ((), {})
]


def in_opposing_formation(board: Board, uid: int) -> bool:
    place = locate(board.players, uid)
    unit = board.units.get(uid)
    return place is not None and unit is not None and place.formation != unit.controller


def feat_limit(board: Board, uid: int, name: str) -> int:
    """Times per turn the character may perform the feat: once (Limited, 510.7); Stealth's
    React "a number of times per turn equal to this character's level while they are in an
    opposing formation" (603.12.2)."""
    if name == "Stealth" and in_opposing_formation(board, uid):
        return max(1, level(board, uid))
    return 1


def feat_use_problem(board: Board, card: int, ability: Ability, uid: int) -> Problem | None:
    """Why character `uid` may not perform the feat `ability` printed on `card` now: it is
    offered once, from the first source printing it (603.1: the bonuses add up to one feat),
    and performed at most `feat_limit` times a turn whatever its source (510.7)."""
    name = feat_of(ability)
    assert name is not None
    first = next(
        (c for c in feat_sources(board, uid) if name in _feat_index(board.card(c))),
        card,
    )
    if first != card:
        return Problem("603.1", f"{board.card(uid).name}'s {name} is performed as one feat.")
    turn: int = getattr(board, "turn", 0)
    if feat_uses(board, uid, name, turn) >= feat_limit(board, uid, name):
        return Problem("510.7", f"{board.card(uid).name} already performed {name} this turn.")
    return None


# --- when a feat React answers a window, and what a feat Order targets --------------------


def is_spell(card: Card) -> bool:
    """303.6: "All Cleric and Wizard Action cards are known as spells"."""
    return card.functions_as is _ACTION and not _SPELL_CLASSES.isdisjoint(card.classes)


_ACTION = CardType.ACTION  # bound once: `CardType.ACTION` goes through EnumType.__getattr__
_SPELL_CLASSES = frozenset({CardClass.CLERIC, CardClass.WIZARD})


def feat_answers(
    board: Board, ability: Ability, who: int, subject: int | None, actor: int | None, spell: bool
) -> bool:
    """The parts of a feat React's trigger a `Trigger` does not hold: Defend's "adjacent"
    (401.10: directly next to it in its rank), Marksmanship's "non-spell" ranged strike
    (603.5), and Charisma's target, which an opposing Ward protects (602.19)."""
    name = feat_of(ability)
    if name == "Defend":
        if subject is None:
            return False
        here, there = locate(board.players, who), locate(board.players, subject)
        if here is None or there is None:
            return False
        same_rank = (here.formation, here.rank) == (there.formation, there.rank)
        return same_rank and abs(here.position - there.position) == 1
    if name == "Marksmanship":
        return not spell
    if name == "Charisma" and actor is not None and actor in board.units:
        from engine.keywords import warded_against

        return not warded_against(board, actor, board.units[who].controller, False)
    return True


# The feat Orders whose targets are not characters chosen by `Cost.side` and `within_ranks`.
TARGETED_FEATS = frozenset({"Riding", "Scribe", "Sleight of Hand"})


def item_spent(board: Board, item: int) -> bool:
    """Whether an item is spent: a "Spend <item>" cost paid this turn (507.7.2) since an
    effect last readied it (Riding, 603.8)."""
    turn: int = getattr(board, "turn", 0)
    used: tuple[tuple[int, int, int], ...] = getattr(board, "used_abilities", ())
    spent = False
    for card, index, when in used:
        if card != item or when != turn:
            continue
        if index == READIED:
            spent = False
            continue
        listed = abilities_of(board.card(card))
        costs = listed[index].costs if index < len(listed) else ()
        spent = spent or any(c.kind is CostKind.SPEND_SOURCE for c in costs)
    return spent


def may_cast(board: Board, uid: int, spell: Card) -> bool:
    """303.6.3: a spell is castable by a character meeting its level, class and trait
    requirements."""
    from engine.stats import class_allows, restriction_problem

    who = board.card(uid)
    return (
        level(board, uid) >= (spell.level or 0)
        and class_allows(spell.classes, who)
        and restriction_problem(spell, who) is None
    )


def feat_targets(board: Board, seat: int, name: str, uid: int) -> list[int]:
    """What the feat Order `name` of character `uid` may target now: Riding a spent Steed
    equipped to it (603.8), Scribe a spell in hand it may cast (603.10), Sleight of Hand an
    item within one rank, not its own, unless an opposing Ward protects it (603.11, 602.19)."""
    unit = board.units.get(uid)
    if unit is None:
        return []
    if name == "Riding":
        return [
            i
            for i in unit.items
            if "Steed" in equip_locations(board.card(i)) and item_spent(board, i)
        ]
    if name == "Scribe":
        hand = board.players[seat].hand
        return [c for c in hand if is_spell(board.card(c)) and may_cast(board, uid, board.card(c))]
    if name == "Sleight of Hand":
        here = locate(board.players, uid)
        out = []
        for other, bearer in sorted(board.units.items()):
            there = locate(board.players, other)
            if other == uid or here is None or there is None or distance(here, there) > 1:
                continue
            for item in bearer.items:
                warded = board.card(item).has_keyword("Ward")
                if warded and bearer.controller != seat:
                    continue
                out.append(item)
        return sorted(out)
    return []
