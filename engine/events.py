"""Events: what happened, in order, as typed frozen values. A judge reads these to check a game.

One class per kind; `Event` is their union, so a front end can `match` every kind and let
`typing.assert_never` catch a kind it forgot. Every event has a stable `kind` name and
`to_dict()` (`{"kind": ..., "seat": ..., <fields>}`, see docs/engine.md). Events carry facts
(ids, names, numbers, rule numbers and short `why` codes), never sentences: the words belong to
the front end (bot/game_text/), so another language needs no engine change.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar

from engine.actions import Action

if TYPE_CHECKING:
    from engine.state import GameState


@dataclass(frozen=True)
class DieRoll:
    """One resolved d20 roll (105): every natural die, what was kept, modifiers and outcome."""

    purpose: str  # "melee strike", "ranged strike", "initiative"
    roller: int  # instance id of the rolling character
    naturals: tuple[int, ...]
    kept: int
    advantage: str  # "none", "advantage", "disadvantage", "cancelled"
    modifiers: tuple[tuple[str, int], ...]
    total: int
    target: int | None  # the number to reach (AC, DC) or None for opposed rolls
    outcome: str  # "hit", "miss", "critical success", "critical failure", ...

    def to_dict(self) -> dict[str, Any]:
        return {
            "purpose": self.purpose,
            "roller": self.roller,
            "naturals": list(self.naturals),
            "kept": self.kept,
            "advantage": self.advantage,
            "modifiers": [[name, value] for name, value in self.modifiers],
            "total": self.total,
            "target": self.target,
            "outcome": self.outcome,
        }


@dataclass(frozen=True, kw_only=True)
class BaseEvent:
    """Base of every event: `seat` is the player it concerns (None: the whole table)."""

    KIND: ClassVar[str] = ""
    seat: int | None = None

    @property
    def kind(self) -> str:
        return self.KIND

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.KIND}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "seat" and value is None:
                continue
            out[f.name] = _plain(value)
        return out


def _plain(value: Any) -> Any:
    if isinstance(value, DieRoll | Action):
        return value.to_dict()
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


# setup and the turn (500-506) -------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class GameStarted(BaseEvent):
    KIND: ClassVar[str] = "game_started"
    seats: int
    format: str
    seed: int


@dataclass(frozen=True, kw_only=True)
class TurnStarted(BaseEvent):
    KIND: ClassVar[str] = "turn_started"
    turn: int


@dataclass(frozen=True, kw_only=True)
class PhaseStarted(BaseEvent):
    KIND: ClassVar[str] = "phase_started"
    phase: str
    turn: int


@dataclass(frozen=True, kw_only=True)
class CardsReadied(BaseEvent):
    """502.1: spent cards become ready, stunned cards become spent."""

    KIND: ClassVar[str] = "cards_readied"
    rule: str = "502.1"


@dataclass(frozen=True, kw_only=True)
class CardDrawn(BaseEvent):
    """503.1 / 404.5; private to `seat` (view.events_for hides the card from others)."""

    KIND: ClassVar[str] = "card_drawn"
    card: int
    name: str


@dataclass(frozen=True, kw_only=True)
class DoneDiscarding(BaseEvent):
    KIND: ClassVar[str] = "done_discarding"


@dataclass(frozen=True, kw_only=True)
class Rolled(BaseEvent):
    """A die roll (105): an initiative roll (504) or a strike roll (509.5) with its target."""

    KIND: ClassVar[str] = "roll"
    roll: DieRoll
    name: str
    target: int | None = None
    target_name: str | None = None
    damage_types: tuple[str, ...] = ()
    result: str | None = None  # "hit" or "miss" for a strike


@dataclass(frozen=True, kw_only=True)
class InitiativeTied(BaseEvent):
    """504.5: the tied highest rolls reroll among themselves."""

    KIND: ClassVar[str] = "initiative_tied"
    seats: tuple[int, ...]
    rule: str = "504.5"


@dataclass(frozen=True, kw_only=True)
class InitiativeWon(BaseEvent):
    """504.3: `seat` wins initiative; `order` is the order of play from it, clockwise."""

    KIND: ClassVar[str] = "initiative"
    order: tuple[int, ...]


@dataclass(frozen=True, kw_only=True)
class InitiativeWarlordChosen(BaseEvent):
    """504.1.1: the Warlord that rolls for initiative."""

    KIND: ClassVar[str] = "initiative_warlord_chosen"
    card: int
    name: str


@dataclass(frozen=True, kw_only=True)
class OrderGiven(BaseEvent):
    KIND: ClassVar[str] = "order_given"
    order: Action


@dataclass(frozen=True, kw_only=True)
class Passed(BaseEvent):
    KIND: ClassVar[str] = "passed"


@dataclass(frozen=True, kw_only=True)
class OrderPhaseEnded(BaseEvent):
    """505.1: all players passed consecutively."""

    KIND: ClassVar[str] = "order_phase_ended"
    rule: str = "505.1"


@dataclass(frozen=True, kw_only=True)
class EffectExpired(BaseEvent):
    """506.1: an effect lasting until the end of the turn ends."""

    KIND: ClassVar[str] = "effect_expired"
    card: int
    name: str
    stat: str
    amount: int
    rule: str = "506.1"


@dataclass(frozen=True, kw_only=True)
class StatModified(BaseEvent):
    """512.1 / 700: an ongoing modifier to a stat until the end of the turn."""

    KIND: ClassVar[str] = "stat_modified"
    card: int
    name: str
    stat: str
    amount: int
    until: str = "end_of_turn"


# Orders (507) -----------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class CharacterPlayed(BaseEvent):
    KIND: ClassVar[str] = "character_played"
    card: int
    name: str
    rank: int
    position: int
    stunned_by_loyalty: bool


@dataclass(frozen=True, kw_only=True)
class WarlordTypeLost(BaseEvent):
    """507.1.6: a Warlord entering play during the game is not a Warlord."""

    KIND: ClassVar[str] = "warlord_type_lost"
    card: int
    name: str
    rule: str = "507.1.6"


@dataclass(frozen=True, kw_only=True)
class OrientationChanged(BaseEvent):
    """A cost paid: `why` is attack (507.3), maneuver (507.5), spend_order (510.6),
    defeat_dungeon (507.9) or epic_class (507.10)."""

    KIND: ClassVar[str] = "orientation_changed"
    card: int
    name: str
    orientation: str
    why: str
    rule: str


@dataclass(frozen=True, kw_only=True)
class Moved(BaseEvent):
    """A character moves (507.5, 401.7; into another formation 710.1 when `formation` is set)."""

    KIND: ClassVar[str] = "moved"
    card: int
    name: str
    to_rank: int
    from_rank: int | None = None
    position: int | None = None
    formation: int | None = None


@dataclass(frozen=True, kw_only=True)
class FellForward(BaseEvent):
    """401.6.3 / 401.6.4: one rank forward, with the orientation after the penalty."""

    KIND: ClassVar[str] = "fell_forward"
    card: int
    name: str
    from_rank: int
    to_rank: int
    position: int
    orientation: str


@dataclass(frozen=True, kw_only=True)
class ReturnedToFormation(BaseEvent):
    """710.3 / 710.4: back to its controller's front rank (not a move)."""

    KIND: ClassVar[str] = "returned_to_formation"
    card: int
    name: str
    rule: str


@dataclass(frozen=True, kw_only=True)
class PlacedInLastRank(BaseEvent):
    """710.2: beyond another formation's last occupied rank, it stands in that rank."""

    KIND: ClassVar[str] = "placed_in_last_rank"
    card: int
    name: str
    rank: int
    rule: str = "710.2"


@dataclass(frozen=True, kw_only=True)
class ItemEquipped(BaseEvent):
    KIND: ClassVar[str] = "item_equipped"
    card: int
    name: str
    to: int
    to_name: str
    token: bool = False


@dataclass(frozen=True, kw_only=True)
class ItemDestroyed(BaseEvent):
    """302.7: destroyed to respect equip locations."""

    KIND: ClassVar[str] = "item_destroyed"
    card: int
    name: str
    from_card: int
    from_name: str
    rule: str = "302.7"


@dataclass(frozen=True, kw_only=True)
class ActionCardPlayed(BaseEvent):
    """507.6: `performer` performs the Order of an Action card; `text` is the card text."""

    KIND: ClassVar[str] = "action_card_played"
    card: int
    name: str
    performer: int
    text: str
    manual: bool = True


@dataclass(frozen=True, kw_only=True)
class ManualEffect(BaseEvent):
    """The engine does not run this card's text: its controller resolves it by hand."""

    KIND: ClassVar[str] = "manual_effect"
    card: int
    name: str
    text: str


@dataclass(frozen=True, kw_only=True)
class DungeonPlayed(BaseEvent):
    KIND: ClassVar[str] = "dungeon_played"
    card: int
    name: str
    text: str
    manual: bool = True


@dataclass(frozen=True, kw_only=True)
class DungeonDefeated(BaseEvent):
    """507.9: defeated by a Warlord's Order; the dungeon is banished."""

    KIND: ClassVar[str] = "dungeon_defeated"
    card: int
    name: str
    by: int
    by_name: str
    rule: str = "507.9"


@dataclass(frozen=True, kw_only=True)
class CardRevealed(BaseEvent):
    KIND: ClassVar[str] = "card_revealed"
    card: int
    name: str


@dataclass(frozen=True, kw_only=True)
class EpicClassAttached(BaseEvent):
    """507.10: attached to a Warlord."""

    KIND: ClassVar[str] = "epic_class_attached"
    card: int
    name: str
    to: int
    to_name: str
    rule: str = "507.10"


@dataclass(frozen=True, kw_only=True)
class ActionCanceled(BaseEvent):
    """510.12: the action is canceled (`why`: performer_left_play)."""

    KIND: ClassVar[str] = "action_canceled"
    card: int
    name: str
    why: str
    rule: str = "510.12"


@dataclass(frozen=True, kw_only=True)
class ControlChanged(BaseEvent):
    """`seat` now controls the character (714.3: back to its owner when its controller leaves
    the game)."""

    KIND: ClassVar[str] = "control_changed"
    card: int
    name: str
    rule: str


# strikes, wounds, death (509, 104) --------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class StrikeDeclared(BaseEvent):
    """509.5 steps 1-2: the strike and its target."""

    KIND: ClassVar[str] = "strike_declared"
    card: int
    name: str
    strike: int
    target: int
    target_name: str


@dataclass(frozen=True, kw_only=True)
class WoundsInflicted(BaseEvent):
    KIND: ClassVar[str] = "wounds_inflicted"
    card: int
    name: str
    amount: int
    wounds: int
    hit_points: int
    source: int | None = None


@dataclass(frozen=True, kw_only=True)
class CharacterDied(BaseEvent):
    """104.2 / 104.6: `why` is wounds, hp_zero, level_zero or killed (an effect); `level` is
    its level at the moment it died (508.9)."""

    KIND: ClassVar[str] = "character_died"
    card: int
    name: str
    why: str
    rule: str
    wounds: int = 0
    hit_points: int = 0
    level: int | None = None


@dataclass(frozen=True, kw_only=True)
class AttackStopped(BaseEvent):
    """507.3.5: the attacking player chose not to perform the remaining strikes."""

    KIND: ClassVar[str] = "attack_stopped"
    card: int
    name: str
    rule: str = "507.3.5"


@dataclass(frozen=True, kw_only=True)
class AttackEnded(BaseEvent):
    """`why`: all_strikes (507.3.3), no_target (no opposing character in reach, 507.3.4) or
    attacker_left_play (510.12)."""

    KIND: ClassVar[str] = "attack_ended"
    card: int
    name: str
    why: str
    rule: str


# zones, tokens (400, 703) -----------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class CardToDiscard(BaseEvent):
    """A card goes to its owner's discard pile; `why`: resolved (303.5), discarded (503.1),
    destroyed (302.7), item_left_play / attachment_left_play (104.8), died (104.8),
    owner_defeated (101.3)."""

    KIND: ClassVar[str] = "card_to_discard"
    card: int
    name: str
    why: str
    rule: str


@dataclass(frozen=True, kw_only=True)
class CardBanished(BaseEvent):
    KIND: ClassVar[str] = "card_banished"
    card: int
    name: str
    why: str
    rule: str


@dataclass(frozen=True, kw_only=True)
class TokenCeased(BaseEvent):
    """703.5: a token leaving play ceases to exist (`why` as for card_to_discard)."""

    KIND: ClassVar[str] = "token_ceased"
    card: int
    name: str
    why: str
    rule: str


@dataclass(frozen=True, kw_only=True)
class TokenNotCreated(BaseEvent):
    """703.3 / 703.4: the token cannot enter play; `reason` is the rule's sentence."""

    KIND: ClassVar[str] = "token_not_created"
    name: str
    rule: str
    reason: str = ""


# the end of the game (101) ----------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class PlayerDefeated(BaseEvent):
    """101.1: `seat` controls no Warlord."""

    KIND: ClassVar[str] = "player_defeated"
    rule: str = "101.1"


@dataclass(frozen=True, kw_only=True)
class GameWon(BaseEvent):
    """101.1: `seat` controls the last Warlord."""

    KIND: ClassVar[str] = "game_won"
    rule: str = "101.1"


@dataclass(frozen=True, kw_only=True)
class GameDrawn(BaseEvent):
    """No player controls a Warlord."""

    KIND: ClassVar[str] = "game_drawn"


# Event kinds kept in their own modules (they import BaseEvent from here).
from engine.events_abilities import (  # noqa: E402
    AbilityPerformed,
    Adjusted,
    CardAttached,
    CardToHand,
    CountersChanged,
    DeckShuffled,
    EffectSkipped,
    Healed,
    ResolvedByHand,
)
from engine.events_choices import EffectChosen, StrikeRedirected  # noqa: E402
from engine.events_reacts import ReactPerformed  # noqa: E402

Event = (
    GameStarted
    | TurnStarted
    | PhaseStarted
    | CardsReadied
    | CardDrawn
    | DoneDiscarding
    | Rolled
    | InitiativeTied
    | InitiativeWon
    | InitiativeWarlordChosen
    | OrderGiven
    | Passed
    | OrderPhaseEnded
    | EffectExpired
    | StatModified
    | CharacterPlayed
    | WarlordTypeLost
    | OrientationChanged
    | Moved
    | FellForward
    | ReturnedToFormation
    | PlacedInLastRank
    | ItemEquipped
    | ItemDestroyed
    | ActionCardPlayed
    | ManualEffect
    | DungeonPlayed
    | DungeonDefeated
    | CardRevealed
    | EpicClassAttached
    | ActionCanceled
    | ControlChanged
    | StrikeDeclared
    | WoundsInflicted
    | CharacterDied
    | AttackStopped
    | AttackEnded
    | CardToDiscard
    | CardBanished
    | TokenCeased
    | TokenNotCreated
    | PlayerDefeated
    | GameWon
    | GameDrawn
    | ReactPerformed
    | AbilityPerformed
    | EffectSkipped
    | Healed
    | CountersChanged
    | CardToHand
    | DeckShuffled
    | CardAttached
    | Adjusted
    | ResolvedByHand
    | EffectChosen
    | StrikeRedirected
)

EVENT_TYPES: tuple[type[BaseEvent], ...] = tuple(BaseEvent.__subclasses__())
EVENT_KINDS: dict[str, type[BaseEvent]] = {cls.KIND: cls for cls in EVENT_TYPES}


@dataclass(frozen=True)
class Transition:
    """The result of `apply` (and of `start_game`): the new state and what happened, in order."""

    state: GameState
    events: tuple[Event, ...]
