"""Abilities as data: what a card's text lets a character do, when, at what cost (CR 507-510).

An `Ability` is compiled from one printed ability (`engine.cards.ability_grammar`). Its parts:

- `kind`: an Order (507.7), a React (508) or static text (a constant effect);
- `qualifiers`: Spend (510.6), Limited / "Once per turn" (510.7), Roll (510.19), Destroy
  (510.20), Death / Kill / Enter (508.6), once per game, Daybreak / Nightfall;
- `costs`: the rest of the cost, paid by the performer (510.2);
- `trigger`: for a React, the react window it answers (508.1) and its conditions (508.8);
- `performer`: who may perform it;
- `effects`: a composition of effect primitives the engine runs, unless `manual` is set, in
  which case the printed `effect_text` is resolved by hand with logged adjustments.

Nothing is dropped: whatever cannot be read stays as text on a manual ability.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class AbilityKind(StrEnum):
    """Order (507.7, 510.1), React (508) or static, constant text."""

    ORDER = "order"
    REACT = "react"
    STATIC = "static"


class Qualifier(StrEnum):
    """Words before "Order"/"React" and cost words that shape when and how often it is used."""

    SPEND = "spend"  # 510.6: spend the performer
    LIMITED = "limited"  # 510.7: once per turn ("Once per turn" on older cards)
    ROLL = "roll"  # 510.19
    DESTROY = "destroy"  # 510.20: destroy the item after paying the other costs
    DEATH = "death"  # 508.6.1
    KILL = "kill"  # 508.6.2
    ENTER = "enter"  # 508.6.3
    ONCE_PER_GAME = "once_per_game"  # 510.21
    TWICE_PER_TURN = "twice_per_turn"  # "(Up to) twice per turn"
    DAYBREAK = "daybreak"
    NIGHTFALL = "nightfall"


# Bound once (read on hot paths): on CPython 3.11 `Qualifier.SPEND` goes through
# EnumType.__getattr__.
_SPEND = Qualifier.SPEND
_LIMITED = Qualifier.LIMITED


class Window(StrEnum):
    """The react windows of the Comprehensive Rules (508.1): the trigger a React answers."""

    # Steps of a strike (509.5).
    BEFORE_STRIKE = "before_strike"  # 1a: before performing
    BEFORE_TARGETING = "before_targeting"  # 2a
    AFTER_TARGETING = "after_targeting"  # 2b
    BEFORE_ROLL = "before_roll"  # 3a
    AFTER_ROLL = "after_roll"  # 3b
    BEFORE_HIT = "before_hit"  # 4a: before hitting or missing
    AFTER_HIT = "after_hit"  # 4b
    AFTER_MISS = "after_miss"  # 4b
    BEFORE_WOUNDS = "before_wounds"  # 6a (also wounds from actions)
    AFTER_WOUNDS = "after_wounds"  # 6b
    INSTEAD_OF_WOUNDS = "instead_of_wounds"  # 6c
    AFTER_STRIKE = "after_strike"  # 7: after the strike resolves
    # Steps of an action (510.5).
    BEFORE_ACTION = "before_action"  # 1a: before performing / casting
    BEFORE_COST = "before_cost"  # 2a
    AFTER_COST = "after_cost"  # 2b
    ACTION_EFFECT = "action_effect"  # 3, 508.12: during the effect (e.g. "a spell targets")
    AFTER_ACTION = "after_action"  # 4a: after performing / casting
    # Death, kills, entering and leaving play (508.6).
    DEATH = "death"  # 508.6.1: before a character is killed / dies
    AFTER_DEATH = "after_death"  # after a character died (508.6.2's moment, victim's side)
    KILL = "kill"  # 508.6.2: after a character kills another
    BEFORE_ENTER_PLAY = "before_enter_play"
    ENTER_PLAY = "enter_play"  # 508.6.3: after a character enters play
    LEAVE_PLAY = "leave_play"
    # Ranks (401.6, 507.5).
    FALL_FORWARD = "fall_forward"  # 401.6
    BEFORE_MOVE = "before_move"
    AFTER_MOVE = "after_move"
    # Checks and other die rolls (106).
    BEFORE_CHECK = "before_check"
    AFTER_CHECK = "after_check"
    # Turn structure and other events.
    INITIATIVE = "initiative"  # 504: after initiative is rolled or won
    PHASE = "phase"  # the start or end of a phase or turn
    EQUIP = "equip"  # an item is equipped
    DRAW = "draw"  # cards are drawn
    DISCARD = "discard"  # cards are discarded
    PASS = "pass"  # a player passes (507.2)
    DUNGEON = "dungeon"  # a dungeon is defeated
    CONDITION_CHANGE = "condition_change"  # a character is spent, stunned, readied or healed
    UNKNOWN = "unknown"  # the trigger could not be read: offered at every window


class Who(StrEnum):
    """Whose character (or card) an event is about, or who is affected."""

    ANY = "any"
    THIS = "this"  # the card itself / the character performing ("this character", its name)
    YOURS = "yours"  # a character you control / in your army
    ANOTHER_YOURS = "another_yours"  # another character you control
    OPPOSING = "opposing"
    TARGET = "target"  # the target chosen by the ability
    OTHER = "other"  # another character (any side)


class Means(StrEnum):
    """What the triggering event is done with (508.8, 508.11)."""

    ANY = "any"
    STRIKE = "strike"
    MELEE = "melee"
    RANGED = "ranged"
    ACTION = "action"
    SPELL = "spell"


class Performer(StrEnum):
    """Who may perform the ability (507.6, 507.7, 508.4)."""

    THIS_CHARACTER = "this_character"  # a character's printed ability (507.7)
    BEARER = "bearer"  # the character an item is equipped to (507.7.2) or a card attached to
    CHARACTER_YOU_CONTROL = "character_you_control"  # an action card from hand (507.6, 508.4)
    CONTROLLER = "controller"  # a dungeon, battlefield or other card acting for its player


@dataclass(frozen=True)
class Trigger:
    """When a React may be performed: its window and conditions (508.1, 508.8).

    `subject` is whose character the event is about ("after *this character* is targeted"),
    `means` what it is done with ("with a *melee strike*"), `text` the printed trigger.
    `unread` holds the words of further conditions the fields above do not capture ("a
    *Siege in this rank* is killed"): such a React is offered at its window and the player
    checks them (508.8). `within_ranks` is how far from the reacting character the event
    must be (0: its own rank; 508.10), `trait` a trait, class or faction word the subject
    must have ("a *Siege* in this rank", "your *Deverenians*").
    """

    window: Window
    subject: Who = Who.ANY
    means: Means = Means.ANY
    text: str = ""
    unread: str = ""
    within_ranks: int | None = None
    trait: str = ""


class CostKind(StrEnum):
    """Parts of an action's cost (510.2), each paid by the performer or its controller."""

    SPEND_SOURCE = "spend_source"  # "Spend the Staff": spend the item / card
    STUN_PERFORMER = "stun_performer"
    DISCARD_CARDS = "discard_cards"  # discard N cards from hand
    DISCARD_SOURCE = "discard_source"  # discard this item / card
    DESTROY_SOURCE = "destroy_source"  # 510.20
    WOUND_PERFORMER = "wound_performer"  # wounds on the performer
    KILL_PERFORMER = "kill_performer"  # "kill this character" (the card itself)
    KILL_CHARACTER = "kill_character"  # kill a character you control (510.2)
    SPEND_CHARACTER = "spend_character"  # spend another character you control
    REMOVE_COUNTERS = "remove_counters"  # 704
    TARGET = "target"  # choosing targets as part of the cost (510.5 step 2)
    CONDITION = "condition"  # "if you did not win initiative this turn"
    OTHER = "other"  # a cost the compiler cannot read: paid by hand


# Cost kinds the engine can check and pay without reading text.
PAYABLE_COSTS = frozenset(
    {
        CostKind.SPEND_SOURCE, CostKind.STUN_PERFORMER, CostKind.DISCARD_CARDS,
        CostKind.DISCARD_SOURCE, CostKind.DESTROY_SOURCE, CostKind.WOUND_PERFORMER,
        CostKind.KILL_PERFORMER, CostKind.REMOVE_COUNTERS, CostKind.TARGET,
    }
)  # fmt: skip


@dataclass(frozen=True)
class Cost:
    """One part of a cost. `amount` counts cards, wounds or counters; for TARGET it is the
    number of targets, `side` whose characters, `within_ranks` how far from the performer
    (None: any, 0: its own rank) and `rank` which rank of its formation (1: the first)."""

    kind: CostKind
    amount: int = 1
    text: str = ""
    side: Who = Who.ANY
    within_ranks: int | None = None
    rank: int | None = None
    # REMOVE_COUNTERS: the counter name ("Charge"); TARGET: what the target must be
    # ("stunned non-warlord siege", engine.cards.card_filter.read_target_words)
    name: str = ""


class Op(StrEnum):
    """Effect primitives the engine runs (DESIGN.md §2)."""

    STRIKE = "strike"  # perform a melee or ranged strike (509)
    ATTACK = "attack"  # perform an attack (507.3)
    INFLICT_WOUNDS = "inflict_wounds"
    HEAL = "heal"  # remove wounds
    REDUCE_WOUNDS = "reduce_wounds"  # the wounds of the triggering strike or effect
    PREVENT_WOUNDS = "prevent_wounds"  # reduce the wounds to zero
    CANCEL = "cancel"  # 510.10
    SPEND = "spend"
    STUN = "stun"
    READY = "ready"
    KILL = "kill"
    MOVE = "move"
    MODIFY_STAT = "modify_stat"
    DRAW = "draw"
    DISCARD = "discard"
    RETURN_TO_HAND = "return_to_hand"
    ADD_COUNTERS = "add_counters"  # 704
    ATTACH = "attach"
    SAVE = "save"  # the affected character makes a save (106); `on_fail` runs if it fails
    EXTRA_WOUNDS = "extra_wounds"  # the triggering strike inflicts `amount` more wounds
    MODIFY_ROLL = "modify_roll"  # add `amount` to the triggering roll (509.3.2)
    SET_CRITICAL = "set_critical"  # the triggering roll is a critical `name`: success / failure
    REROLL = "reroll"  # roll the triggering die again
    PUT_INTO_PLAY = "put_into_play"  # put this card into play (from hand)
    CHECK = "check"  # the affected character makes a skill check (106); `then` on a success
    SURVEY = "survey"  # 602.17: arrange the top two cards of your deck
    SEARCH = "search"  # take a card matching `name` from your deck into your hand, shuffle
    # take a card matching `name` from your discard pile into your hand (affects SOURCE:
    # the card itself, "retrieve this card from your discard pile")
    RETRIEVE = "retrieve"
    REDIRECT = "redirect"  # the triggering strike targets another character (`name`: which)
    CREATE_TOKEN = "create_token"  # put standard token `name` into play (703.3, 703.4, 703.9)
    # 511.8: choose a player (`name`: "opposing" or "any"); effects on OPPONENT are theirs
    CHOOSE_PLAYER = "choose_player"
    REVEAL_HAND = "reveal_hand"  # the player reveals the cards of their hand
    # move `amount` wounds (None: all; 0: "one or more", the performer chooses) from the
    # character `affects` names to one `name` names ("army", "adjacent", "this")
    MOVE_WOUNDS = "move_wounds"


class StrikeKind(StrEnum):
    MELEE = "melee"
    RANGED = "ranged"


class Stat(StrEnum):
    ATK = "ATK"
    AC = "AC"
    SKILL = "Skill"
    HP = "HP"
    LEVEL = "Level"


class Duration(StrEnum):
    """How long a stat change lasts (700, 506.1.1)."""

    INSTANT = "instant"
    STRIKE = "strike"  # for the triggering strike only
    END_OF_TURN = "end_of_turn"
    PERMANENT = "permanent"
    WHILE_IN_PLAY = "while_in_play"  # static text: as long as its card is in play (512)


class Direction(StrEnum):
    FORWARD = "forward"
    BACKWARD = "backward"
    FORWARD_OR_BACKWARD = "forward_or_backward"


class Affects(StrEnum):
    """What an effect acts on."""

    PERFORMER = "performer"  # the character performing the ability
    SOURCE = "source"  # the card the ability is printed on
    TARGET = "target"  # the target(s) chosen in the cost
    TRIGGER = "trigger"  # the strike, action, wounds or character of the trigger
    YOU = "you"  # the performer's player
    OPPONENT = "opponent"  # the player chosen by CHOOSE_PLAYER (511.8)
    # Groups of characters, for static text (the performer: the character or the bearer).
    ADJACENT = "adjacent"  # characters directly next to the performer in its rank (401.10)
    RANK = "rank"  # every character in the performer's rank ("characters in this rank")
    OTHERS_IN_RANK = "others_in_rank"
    ARMY = "army"  # every character its controller controls ("your characters")
    OTHERS_IN_ARMY = "others_in_army"
    WARLORD = "warlord"  # its controller's Warlord


class Check(StrEnum):
    """What a condition checks about a character ("while this character is spent")."""

    SPENT = "spent"
    READY = "ready"
    STUNNED = "stunned"
    WOUNDED = "wounded"  # at least `amount` wounds (1 when not set)
    IN_RANK = "in_rank"  # in rank `amount` of a formation (1: the first)
    EQUIPPED = "equipped"  # has an item of equip location `name` ("Weapon") equipped
    IS = "is"  # has the trait, class, faction or alignment `name` ("a ranger", "good")
    WARLORD = "warlord"  # is its controller's Warlord
    HIT = "hit"  # the ability's strike just before hit (509.5 4b: "if the strike hits")


@dataclass(frozen=True)
class Condition:
    """A condition an effect depends on ("if this character is a ranger", "while ... is
    spent"): `check` about the character `who`, true unless `negate`."""

    check: Check
    who: Affects = Affects.PERFORMER
    name: str = ""
    amount: int | None = None
    negate: bool = False


@dataclass(frozen=True)
class Effect:
    """One effect primitive with its parameters; unused ones keep their defaults.

    Static text (Duration.WHILE_IN_PLAY): MODIFY_STAT adds `amount` to `stat` of the
    characters `affects` names (`name`: only those with that trait) while the card is in play
    and `condition` holds; EXTRA_WOUNDS adds `amount` wounds to the hits of the performer's
    strikes (of kind `strike` when set).

    STRIKE: `amount` is the printed bonus (None: the primary ATK, 509.3.1; plus the
    performer's `stat` when set: "a bonus equal to this character's Skill"), `strike` the
    kind, `times` how many, `wounds` what a hit inflicts when not one. INFLICT_WOUNDS /
    HEAL / REDUCE_WOUNDS / DRAW / DISCARD / ADD_COUNTERS: `amount` counts (`name`: the
    counter). MOVE: `amount` ranks in `direction`. MODIFY_STAT: `amount` added to `stat` for
    `duration`. SAVE: `name` the save ("Magic"), `amount` its DC (plus the performer's
    `stat` when set: "DC 5 + this character's Skill"), `on_fail` the effects on the saving
    character when it fails. CHECK: the same for a skill check (`name`: "Charisma", a feat's
    check when it names one, 603.1), with `then` the effects when it succeeds. `condition`:
    the effect happens only if it holds when the effect starts (else it is skipped).
    SEARCH / RETRIEVE: `name` is what the card must be ("item", "level 1 dwarf", "card"),
    read by `engine.card_filter`; `reveal` when it is shown. DISCARD: `amount` cards chosen
    from your hand. REDIRECT: `name` whom the triggering strike now targets ("adjacent": a
    character next to its target, "this": the performer).
    `optional`: the printed words of an optional effect ("you may draw a card"); its
    performer's controller chooses whether it happens (the consecutive effects of one
    sentence share the words and the choice).
    """

    op: Op
    affects: Affects = Affects.PERFORMER
    amount: int | None = None
    times: int = 1
    strike: StrikeKind | None = None
    stat: Stat | None = None
    duration: Duration = Duration.INSTANT
    direction: Direction | None = None
    name: str = ""
    wounds: int | None = None  # STRIKE: wounds a hit inflicts when not the usual one (509.5.5)
    reach: int | None = None  # STRIKE: ranks it may target beyond the usual (509.3, 509.4)
    on_fail: tuple[Effect, ...] = ()
    condition: Condition | None = None  # the effect happens only while / if this holds
    then: tuple[Effect, ...] = ()  # CHECK: the effects when the check succeeds
    optional: str = ""  # "you may ...": the performer's choice (engine.abilities_run)
    reveal: bool = False  # SEARCH: the card found is shown to the other players
    # MODIFY_STAT: `amount` plus the performer's stat as the effect is generated (510.4): "a
    # bonus to ATK equal to this character's level"; STRIKE: that many strikes ("a number
    # of ranged strikes equal to this character's level")
    counted: Stat | None = None


@dataclass(frozen=True)
class Ability:
    """One printed ability, compiled. `text` is the whole printed line; `effect_text` the
    part after the cost, shown and resolved by hand when `manual` is set."""

    kind: AbilityKind
    text: str
    performer: Performer
    qualifiers: tuple[Qualifier, ...] = ()
    element: str = ""  # "React (Fire):" -> "Fire"
    costs: tuple[Cost, ...] = ()
    trigger: Trigger | None = None
    effects: tuple[Effect, ...] = ()
    effect_text: str = ""
    manual: bool = True
    # 510.6: the performers that perform it without spending, as target words ("druid",
    # "level 4 or higher wizard"), from "Druids perform this action without spending."
    spend_waived: str = ""

    @property
    def is_spend(self) -> bool:
        return _SPEND in self.qualifiers

    @property
    def is_limited(self) -> bool:
        return _LIMITED in self.qualifiers

    @property
    def window(self) -> Window | None:
        return self.trigger.window if self.trigger is not None else None

    @property
    def payable(self) -> bool:
        """The engine can check and pay every cost part (510.9) without reading text."""
        return all(c.kind in PAYABLE_COSTS for c in self.costs)

    @property
    def automated(self) -> bool:
        """Offered at a known time, paid and resolved by the engine with no reading."""
        return (
            not self.manual
            and self.payable
            and (
                self.trigger is None
                or (self.trigger.window is not Window.UNKNOWN and not self.trigger.unread)
            )
        )

    @property
    def pattern(self) -> str:
        """A short label for counting: kind, qualifiers, window, effect primitives."""
        head = "-".join([*(q.value for q in self.qualifiers), self.kind.value])
        window = f" @{self.trigger.window.value}" if self.trigger is not None else ""
        ops = "+".join(dict.fromkeys(e.op.value for e in self.effects)) or "manual"
        return f"{head}{window}: {ops if not self.manual else 'manual'}"


class Status(StrEnum):
    """How much of a card the engine runs: everything, some abilities, or none."""

    FULL = "full"
    PARTIAL = "partial"
    MANUAL = "manual"


def implementation_status(abilities: tuple[Ability, ...]) -> Status:
    """FULL when every ability is automated (or there is none), MANUAL when none is."""
    automated = sum(1 for a in abilities if a.automated)
    if automated == len(abilities):
        return Status.FULL
    return Status.MANUAL if automated == 0 else Status.PARTIAL


def orders(abilities: tuple[Ability, ...]) -> tuple[Ability, ...]:
    """The Orders among `abilities` (507.6, 507.7), in printed order."""
    return tuple(a for a in abilities if a.kind is AbilityKind.ORDER)


def reacts_for(abilities: tuple[Ability, ...], window: Window) -> tuple[Ability, ...]:
    """The Reacts that may answer `window` (508.1): those whose trigger names it, and those
    whose trigger could not be read (UNKNOWN), which may answer any window. Their subject,
    means and `unread` conditions are for the caller to check (508.8, 508.10)."""
    return tuple(
        a
        for a in abilities
        if a.kind is AbilityKind.REACT
        and a.trigger is not None
        and a.trigger.window in (window, Window.UNKNOWN)
    )
