"""What the game is in the middle of: a stack of typed, frozen continuation frames.

`GameState.stack` holds the frames from the outermost (bottom) to the innermost (top). A frame
names one unfinished thing (an Order being performed, an attack between strikes, a character
waiting for its place in a rank, an item to destroy) with the facts needed to go on. A pending
`Decision` refers to the frame it belongs to by its index in the stack (`Decision.frame`), so
answering it continues that frame; decisions of the phases themselves (give an Order, discard,
choose who falls forward) belong to no frame.

`engine.turn.advance` resumes the top frame whenever nothing is pending: a frame either asks a
decision, does its next step, or is finished and popped, and the frame under it goes on. That is
how a react window (508) will nest: pushed on top of a `Striking` frame between two of its
steps (509.5; `engine.strikes.continue_strike` marks the places), it asks the seats that may
react in initiative order, and when every seat has passed it is popped and the strike under it
goes on from the step that triggered it (508.3): a react inside a strike inside an attack
inside an Order. A manual effect
(a card text resolved by hand through logged adjustments) is a frame in the same way, popped
when its performer declares it done.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.actions import Action


class Placement(StrEnum):
    """Why a character is being placed in a rank (the position choice of 401.7, 507.1.1)."""

    PLAY = "play"  # entering play: played from hand (507.1) or a character token (703.3)
    MOVE = "move"  # a maneuver or an effect moving it (507.5, 401.7)
    FALL = "fall"  # falling forward (401.6.4): a move, the penalty already applied


class ActionStep(StrEnum):
    """Where an action stands in 510.5; the react windows of each moment open as it moves on
    from a step (engine.action_steps)."""

    DECLARED = "declared"  # step 1 done: "before performing" (1a), "before paying the cost" (2a)
    PAID = "paid"  # step 2 done: "after paying the cost" (2b), during the effect (508.12)
    EFFECT = "effect"  # step 3: its effect runs in the frames above
    PERFORMING = "performing"  # a standard Order's effect runs (507), then "after performing"


@dataclass(frozen=True)
class PerformingOrder:
    """505.2 / 507: `seat` gives `order`; when it is finished, the next seat gives one (505.1).
    `step` DECLARED: the "before performing" window (510.5 1a) comes before its effect;
    PERFORMING: its effect runs in the frames above, then "after performing" (4a).
    `canceled`: a React canceled it before it was performed (510.10)."""

    seat: int
    order: Action
    step: ActionStep = ActionStep.PERFORMING
    canceled: bool = False


@dataclass(frozen=True)
class PerformingAction:
    """510.5: ability `ability` of `card` performed by `performer` (an Order or a React on a
    card, an Action card), with `target` (None: none) and the hand cards `discard`ed as a
    cost. `step` says which steps are done: the react windows of 510.5 open between them
    (engine.action_steps). `canceled`: a React canceled it (510.10); its costs stay paid."""

    seat: int
    card: int
    ability: int
    performer: int
    target: int | None = None
    discard: tuple[int, ...] = ()
    step: ActionStep = ActionStep.DECLARED
    canceled: bool = False


@dataclass(frozen=True)
class Attacking:
    """507.3: `attacker` performs its printed melee strikes in order; `next_strike` is the
    index of the next one (the first is compulsory, later ones may be stopped, 507.3.5)."""

    seat: int
    attacker: int
    next_strike: int = 0
    before_opened: bool = False  # the next strike's "before performing" window (509.5 1a)


class StrikeStep(StrEnum):
    """Where a strike stands in 509.5; the react windows of each moment open as the strike
    moves on from a step (engine.strikes.STEPS)."""

    DECLARED = "declared"  # after step 1: "before performing" (1a; an effect's strike)
    TARGETED = "targeted"  # after step 2: "after targeting"
    BEFORE_ROLL = "before_roll"  # 3a: "before rolling"
    ROLL = "roll"  # steps 3-4: roll against the target's AC
    ROLLED = "rolled"  # 3b / 4a: "after rolling", "before hitting or missing"
    HIT = "hit"  # 4b: "after hitting" / "after missing"
    RESOLVE = "resolve"  # 6a / 6c: "before wounds", "instead of wounds" (if it hit)
    WOUNDS = "wounds"  # step 6: inflict `wounds`
    WOUNDED = "wounded"  # 6b: "after wounds"
    DONE = "done"  # step 7: resolved ("after the strike"), then the frame ends


@dataclass(frozen=True)
class Striking:
    """509.5: `performer` strikes `target` (declared and targeted, steps 1-2); `base` is the
    strike's printed bonus; `hit` is known after the roll. Melee strikes add ATK bonuses
    (509.3.2), ranged ones do not (509.4.1); spell strikes ignore Planar (602.5.1)."""

    seat: int
    performer: int
    target: int
    base: int
    ranged: bool = False
    spell: bool = False
    label: str = "strike"
    step: StrikeStep = StrikeStep.ROLL
    hit: bool | None = None
    wounds: int = 1  # what a hit inflicts (509.5 step 5); reacts may change it
    # Given to the roll by reacts before it (Charisma 603.2, Marksmanship 603.5):
    advantage: bool = False
    disadvantage: bool = False
    roll_bonus: int = 0
    retargeted: bool = False  # redirected (511.6): "after targeting" opens for the new target


class CheckStep(StrEnum):
    """Where a skill check or save stands (106); its "before rolling" window opens as it is
    made (engine.checks.start_check)."""

    ROLL = "roll"  # made: roll it (once its "before rolling" window is closed)
    FOLLOW = "follow"  # rolled: what its success or failure does runs, one effect at a time


@dataclass(frozen=True)
class Checking:
    """106: `roller` makes a skill check (a save when `save`, 106.2) named `name` against
    `dc`, for the frame under it (`then`): "effect" (a CHECK effect of the `ResolvingAbility`
    under it, at `effect`, its path in the ability's effects: index, then 0 for `then` or 1
    for `on_fail` and the index in it...), "save" (a SAVE effect there: its `on_fail` happens
    to the roller), "feat" (the feat check of the `PerformingAction` under it, 603.1) or
    "adjust" (an adjustment: nothing follows). `feat` names the feat whose bonus it adds
    (603.1.1), `damage_types` those of the action producing it (602.6, 602.11). Reacts
    before its roll give it `advantage` or `disadvantage` (Charisma, 603.2); `passed` is known
    once rolled and `next` counts the effects that followed."""

    seat: int
    roller: int
    dc: int
    name: str
    then: str
    save: bool = False
    feat: str = ""
    damage_types: tuple[str, ...] = ()
    effect: tuple[int, ...] = ()
    step: CheckStep = CheckStep.ROLL
    advantage: bool = False
    disadvantage: bool = False
    passed: bool | None = None
    next: int = 0


@dataclass(frozen=True)
class PlacingCharacter:
    """`card` goes into `rank` of seat `formation`'s formation; `seat` chooses where (401.7)."""

    seat: int
    card: int
    rank: int
    formation: int
    why: Placement


@dataclass(frozen=True)
class DestroyingItem:
    """302.7: `equipper` holds too many items in an equip location of `new_item`; `seat`
    destroys one at a time until those locations are legal (302.7.1)."""

    seat: int
    equipper: int
    new_item: int


@dataclass(frozen=True)
class ReactWindow:
    """508: a react window (engine.reacts). `trigger` names the windows open at this moment,
    most specific first, as comma-separated `Window` values ("after_roll,before_hit").

    `seat` caused the trigger, `actor` is the character that did it and `subject` the one it
    happened to; `means` what it was done with (a `Means` value). `to_answer` are the seats
    still to be asked, in initiative order (508.3). `offered` lists, as (card, ability,
    performer) triples laid end to end, the reacts that could answer at the moment of the
    trigger (508.10); `used` the (card, ability) pairs performed in this window (508.2). A
    seat that reacts resolves its react in frames pushed on top; the others are then asked
    before it again; when all still to answer have passed, the window is popped and the
    frame under it goes on from its trigger (508.3)."""

    seat: int
    trigger: str
    to_answer: tuple[int, ...]
    subject: int | None = None
    actor: int | None = None
    means: str = "any"
    offered: tuple[int, ...] = ()
    used: tuple[int, ...] = ()
    spell: bool = False  # the trigger is a spell's (303.6): Magic Resistance answers (603.4)
    action: str = ""  # an action's window (510.5): "order" or "react", what is performed
    killed: str = ""  # a Death window of a kill effect: the rule of the kill (not wounds)
    level: int | None = None  # 508.9: the subject's level at the moment it died
    statics: bool = False  # static texts answer it too: resolved when it closes (512.3)


@dataclass(frozen=True)
class ResolvingManually:
    """A card's text the engine cannot run (not opened yet): `seat` resolves it by hand with
    logged adjustment actions, then declares it done, which pops the frame."""

    seat: int
    card: int
    text: str
    static: bool = False  # a triggered static text (512.3), not an action


@dataclass(frozen=True)
class ResolvingAbility:
    """510.5 step 3: the compiled effects of ability `ability` of `card`, performed by
    `performer` (with `target`, None when it has none), run one at a time from `next_effect`;
    `strikes_done` counts the strikes of a STRIKE effect already pushed (engine.abilities_run).
    `stats_at_start` is the performer's (level, skill) when the effect was generated, kept for
    an effect that reads them (510.4: a DC "+ this character's level" set then). `chosen` is
    the first effect of the optional sentence ("you may ...") its performer chose to carry
    out, -1 when none. `stop` >= 0: the effects "if the strike hits / misses" run at 509.5
    step 4b above the strike (engine.strike_results), up to that effect; the card stays."""

    seat: int
    card: int
    ability: int
    performer: int
    target: int | None = None
    next_effect: int = 0
    strikes_done: int = 0
    stats_at_start: tuple[int, ...] = ()
    chosen: int = -1
    hit: bool | None = None  # whether its last strike hit (509.5 4: "if the strike hits")
    player: int | None = None  # the player its effect chose (511.8: "choose a player")
    stop: int = -1  # a run of its effects on a strike's result (509.5 4b): ends before this


@dataclass(frozen=True)
class ChoosingEffect:
    """The performer of an effect chooses how it applies (engine.feats_run): `what` is the
    feat or keyword (Charisma's advantage or disadvantage 603.2, Marksmanship's one of three
    603.5, Sleight of Hand's "you may gain control" 603.11, Journey's direction 602.4,
    Survey's order 602.17). `options` are the codes of the choices, answered by
    `Choose(option=<index>)`; `target` the card the effect is about, if any."""

    seat: int
    card: int
    performer: int
    what: str
    options: tuple[str, ...]
    target: int | None = None


@dataclass(frozen=True)
class ChoosingCard:
    """An effect waits on `seat` choosing a card (engine.choose_card): `purpose` is
    `search` (from its deck into its hand), `retrieve` (from its discard pile into its hand),
    `discard` (from its hand; `count` cards in all, one at a time) or `redirect` (the
    character the strike under the React's window now targets). `options` are the cards it
    could choose when asked; `may_decline`: it may choose none (a search finds nothing)."""

    seat: int
    card: int
    performer: int
    purpose: str
    options: tuple[int, ...]
    count: int = 1
    may_decline: bool = False
    reveal: bool = False


Frame = (
    PerformingOrder
    | PerformingAction
    | Attacking
    | Striking
    | PlacingCharacter
    | DestroyingItem
    | ReactWindow
    | ResolvingManually
    | ResolvingAbility
    | ChoosingEffect
    | ChoosingCard
    | Checking
)


def frame_to_dict(frame: Frame) -> dict[str, object]:
    """A frame as JSON-ready data (`kind` plus its fields), for views and debugging."""
    out: dict[str, object] = {"kind": FRAME_KINDS[type(frame)]}
    for name, value in vars(frame).items():
        if isinstance(value, Action):
            out[name] = value.to_dict()
        elif isinstance(value, tuple):
            out[name] = list(value)
        else:
            out[name] = value.value if isinstance(value, StrEnum) else value
    return out


FRAME_KINDS: dict[type, str] = {
    PerformingOrder: "performing_order",
    PerformingAction: "performing_action",
    Attacking: "attacking",
    Striking: "striking",
    PlacingCharacter: "placing_character",
    DestroyingItem: "destroying_item",
    ReactWindow: "react_window",
    ResolvingManually: "resolving_manually",
    ResolvingAbility: "resolving_ability",
    ChoosingEffect: "choosing_effect",
    ChoosingCard: "choosing_card",
    Checking: "checking",
}
