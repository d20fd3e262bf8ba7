"""Reading records written before some react windows existed: the same game, with every react
window it meets and does not answer passed. Declining makes no event, so the upgraded record
shows the same public events as it did (engine.reacts).

Version 3 records (before the windows of an action's steps, 510.5, and of kill effects,
508.6) are read this way (`upgrade_version_3`); one that used a React whose effect the engine
now runs itself (cancel, reduce or add wounds) no longer lines up and is refused. Version 4
records (before deaths settled while a frame waited on a decision opened their windows, 508.6)
and version 5 records (before searches, retrieving, discarding and redirects chose their card
through the engine) are read the same way (`upgrade_version_4`); one that resolved such an
effect by hand no longer lines up and is refused. So are version 6 and 7 records (before a
strike of an effect opened its "before performing" window, 509.5 1a); one that performed an
ability this engine treats otherwise (510.12, 510.9.2) is refused when its actions no longer
line up. Version 8 and 9 records (before an action that targets without striking opened the
"after being targeted" window of its target, 511.6, checks and saves a "before rolling"
window, 603.2, a strike of an effect its "before targeting" one, 509.5 2a, and a redirected
strike its "after targeting" one anew, 511.6.1) are read the same way."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from typing import TYPE_CHECKING

from engine.actions import Action, Decline, DoneResolving, PerformAbility
from engine.errors import EngineError, RecordError
from engine.frames import ResolvingManually
from engine.game import apply
from engine.pending import DecisionKind
from engine.record import GameRecord
from engine.state import GameState

if TYPE_CHECKING:
    from engine.cards.abilities import Ability, Effect


def upgrade_version_3(record: GameRecord) -> GameRecord:
    """A version 3 record as version 4: new react windows passed (`pass_new_windows`), or a
    RecordError with a sentence when an action no longer lines up."""
    try:
        return pass_new_windows(record)
    except EngineError as exc:
        raise RecordError(
            "Record version 3 was written by an older engine and cannot be replayed: it uses a "
            "React whose effect this engine runs itself (cancel a strike or an action, reduce "
            f"or add wounds), so its actions no longer line up ({exc})"
        ) from exc


_CHANGED_ABILITIES = (
    "an ability it performed now does something else (510.12: an action whose cost took its "
    "performer out of play still has its effect; 510.9.2: healing an unwounded or readying a "
    "ready character is refused)"
)

_NEW_WINDOWS = (
    "this engine opens react windows that engine did not (an action that targets without "
    'striking opens its target\'s "after being targeted" window, 511.6; a check or save its '
    '"before rolling" window, 603.2; a strike of an effect its "before targeting" window, '
    "509.5 2a), so a React or feat it performed may now be asked for in one of them first, "
    "and a window it answered about the old target of a redirected strike now closes "
    "(511.6.1)"
)

# Why a record of each older version may no longer line up with this engine's decisions.
_WHY_NOT = {
    4: "a death it settled while a decision waited now opens its react windows first",
    5: "an effect it resolved by hand (a search, a card retrieved or discarded, a strike "
    "redirected) is now run by the engine, which asks for the card itself",
    6: _CHANGED_ABILITIES,
    7: _CHANGED_ABILITIES,
    **dict.fromkeys((8, 9), _NEW_WINDOWS),
}


def upgrade_version_4(record: GameRecord, version: int = 4) -> GameRecord:
    """A version 4 to 9 record as the current version: the windows it never answered
    passed (508.6), or a RecordError saying why its actions no longer line up."""
    try:
        return pass_new_windows(record)
    except EngineError as exc:
        raise RecordError(
            f"Record version {version} was written by an older engine and cannot be replayed: "
            f"{_WHY_NOT[version]}, so its actions no longer line up ({exc})"
        ) from exc


def not_the_same(version: int, why: str) -> RecordError:
    """The refusal of an older record whose cards this engine runs differently (`why`)."""
    return RecordError(
        f"Record version {version} was written by an older engine and cannot be replayed: "
        f"{why}, so the game may not replay the same."
    )


def effects_within(effects: Iterable[Effect]) -> Iterator[Effect]:
    """Each effect and, after it, those it leads to (`then`, `on_fail`), depth first."""
    for effect in effects:
        yield effect
        yield from effects_within((*effect.then, *effect.on_fail))


def refuse_cards(
    record: GameRecord, version: int, has: Callable[[Ability], bool], why: str
) -> None:
    """Refuse the record (`not_the_same`) naming its first card with an ability `has` holds
    for: "<card name> <why>"."""
    for card in record.cards.values():
        if any(has(ability) for ability in card.abilities):
            raise not_the_same(version, f"{card.name} {why}")


def refuse_effects_on_several_cards(record: GameRecord, version: int) -> None:
    """Before version 10 an effect on several cards lasting until the end of the turn expired
    one card per turn of the seats (506.1.1: all its cards first, in the order its player
    chooses when it matters). Where it changes HP or level, whose loss can kill or make a rank
    illegal, a record whose cards have one may replay to another game (or meet a question it
    does not answer), so it is refused with a sentence naming the card; one changing other
    stats ends them in another order, to the same position."""
    from engine.cards.abilities import Affects, Duration, Op, Stat
    from engine.cards.formats import GameFormat
    from engine.statics import GROUPS

    several = GROUPS if record.config.format is GameFormat.ALLIANCE else GROUPS - {Affects.WARLORD}

    def on_several(effect: Effect) -> bool:
        lasting = effect.op is Op.MODIFY_STAT and effect.duration is Duration.END_OF_TURN
        return lasting and effect.affects in several and effect.stat in (Stat.HP, Stat.LEVEL)

    refuse_cards(
        record,
        version,
        lambda ability: any(on_several(e) for e in effects_within(ability.effects)),
        "changes the HP or level of several characters until the end of the turn, which that "
        "engine ended one character per turn of the players instead of all of them first "
        "(506.1.1)",
    )


def refuse_special_wounds(record: GameRecord, version: int) -> None:
    """Before version 7 a strike of a card ability inflicted one wound even when its text said
    otherwise ("does not inflict wounds", "an additional wound"); a record whose cards have
    such a strike may replay to another game, so it is refused with a sentence."""
    from engine.cards.abilities import Op

    refuse_cards(
        record,
        version,
        lambda ability: any(e.op is Op.STRIKE and e.wounds is not None for e in ability.effects),
        "has a strike that inflicts no wounds or more than one, which that engine did not apply",
    )


def refuse_group_effects(record: GameRecord, version: int) -> None:
    """Before version 9 a stat change to "characters in your army" or "in this rank" went only
    to those there as it resolved (700.8: also to those entering, not to those leaving); a
    record whose cards have such an effect may replay to another game, so it is refused."""
    from engine.cards.abilities import Duration, Op
    from engine.groups import LOCATIONS

    def group(effect: Effect) -> bool:
        lasting = effect.duration in (Duration.END_OF_TURN, Duration.PERMANENT)
        return effect.op is Op.MODIFY_STAT and effect.affects in LOCATIONS and lasting

    refuse_cards(
        record,
        version,
        lambda ability: any(group(e) for e in effects_within(ability.effects)),
        "gives a bonus or penalty to the characters of an army or a rank, which that engine "
        "did not give to characters entering it (700.8)",
    )


def refuse_hit_effects(record: GameRecord, version: int) -> None:
    """Before version 10 an ability's effects "if the strike hits" / "if it misses" ran once
    its strike had resolved, after the wounds, where 509.5 4b puts them right after the hit;
    a record whose cards have one may replay to another game (the wounds may kill the target
    first), so it is refused with a sentence naming the card."""
    from engine.cards.abilities import Check, Op

    def on_hit_after_strike(ability: Ability) -> bool:
        effects = ability.effects
        return any(
            effect.condition is not None
            and effect.condition.check is Check.HIT
            and any(e.op is Op.STRIKE for e in effects[:i])
            for i, effect in enumerate(effects[1:], start=1)
        )

    refuse_cards(
        record,
        version,
        on_hit_after_strike,
        "has an effect if its strike hits or misses, which that engine ran after the strike's "
        "wounds instead of right after the hit (509.5 4b)",
    )


def refuse_wider_filters(record: GameRecord, version: int) -> None:
    """Before version 10 a search or retrieval ("search your deck for an item card with the
    Cursed trait") found a card by its traits, classes, factions, types and name; it now also
    finds it by its keywords and alignments (212.1). A record in which that finds another card
    among its own may have been asked other cards, so it is refused naming the card."""
    from engine.cards.abilities import Op
    from engine.cards.card_filter import matches, read_filter

    plain = {key: replace(c, keywords=(), alignments=()) for key, c in record.cards.items()}
    for card in record.cards.values():
        for ability in card.abilities:
            for effect in effects_within(ability.effects):
                if effect.op not in (Op.SEARCH, Op.RETRIEVE) or not effect.name:
                    continue
                wanted = read_filter(effect.name)
                if wanted is not None and any(
                    matches(c, wanted) != matches(plain[key], wanted)
                    for key, c in record.cards.items()
                ):
                    raise not_the_same(
                        version,
                        f'{card.name} looks for "{effect.name}", which this engine also finds '
                        "by a card's keywords and alignments (212.1)",
                    )


def pass_new_windows(record: GameRecord) -> GameRecord:
    """`record` with a `Decline` inserted wherever the game now waits on a react window that
    the record's next action does not answer (an older record never answers one), and a
    `DoneResolving` wherever it waits on a static text to resolve by hand (512.3)."""
    state = record.begin().state
    actions: list[Action] = []

    def decline_all(state: GameState) -> GameState:
        while state.pending and _new(state):
            passing = _pass(state)
            state = apply(state, passing).state
            actions.append(passing)
        return state

    for action in record.actions:
        while state.pending and _new(state):
            asked = state.pending[0].seat
            if action.seat == asked and _answers(state, action) and _legal(state, action):
                break
            passing = _pass(state)
            state = apply(state, passing).state
            actions.append(passing)
        if isinstance(action, Decline) and not _legal(state, action) and _was_pass(state):
            continue  # a window the record passed opened earlier now, and was passed there
        state = apply(state, action).state
        actions.append(action)
    decline_all(state)
    return replace(record, actions=tuple(actions))


def _was_pass(state: GameState) -> bool:
    """Whether a `Decline` the game does not wait for may be left out: no decision that may
    be declined is pending (so it answered a react window that now opened earlier)."""
    return not any(d.may_decline for d in state.pending)


def _legal(state: GameState, action: Action) -> bool:
    from engine.game import check

    try:
        check(state, action)
    except EngineError:
        return False
    return True


def _new(state: GameState) -> bool:
    """Whether the game waits on something a record of an older version never answers: a
    react window, or a static text to resolve by hand (512.3)."""
    decision = state.pending[0]
    if decision.kind is DecisionKind.REACT:
        return True
    if decision.kind is DecisionKind.MANUAL and decision.frame is not None:
        frame = state.stack[decision.frame]
        return isinstance(frame, ResolvingManually) and frame.static
    return False


def _pass(state: GameState) -> Action:
    seat = state.pending[0].seat
    return Decline(seat) if state.pending[0].kind is DecisionKind.REACT else DoneResolving(seat)


def _answers(state: GameState, action: Action) -> bool:
    """Whether the record's next action may answer what the game waits on: a React or a pass
    for a react window; never for a static text (older records never resolved one)."""
    if state.pending[0].kind is DecisionKind.REACT:
        return isinstance(action, Decline | PerformAbility)
    return False
