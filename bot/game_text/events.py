"""Events as sentences for the game's log: one line per event, a strike's wounds folded into its
roll, and nothing for the private or board-only events."""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

from bot.game_text.menus import ADJUST_LINES, adjust_line, counters_phrase
from bot.game_text.rolls import roll_line, wounds_text
from bot.game_text.words import ENGLISH, Words
from engine.events import (
    ActionCanceled,
    ActionCardPlayed,
    AttackEnded,
    AttackStopped,
    CardBanished,
    CardDrawn,
    CardRevealed,
    CardsReadied,
    CardToDiscard,
    CharacterDied,
    CharacterPlayed,
    ControlChanged,
    DoneDiscarding,
    DungeonDefeated,
    DungeonPlayed,
    EffectExpired,
    EpicClassAttached,
    Event,
    FellForward,
    GameDrawn,
    GameStarted,
    GameWon,
    InitiativeTied,
    InitiativeWarlordChosen,
    InitiativeWon,
    ItemDestroyed,
    ItemEquipped,
    ManualEffect,
    Moved,
    OrderGiven,
    OrderPhaseEnded,
    OrientationChanged,
    Passed,
    PhaseStarted,
    PlacedInLastRank,
    PlayerDefeated,
    ReturnedToFormation,
    Rolled,
    StatModified,
    StrikeDeclared,
    TokenCeased,
    TokenNotCreated,
    TurnStarted,
    WarlordTypeLost,
    WoundsInflicted,
)
from engine.events_abilities import (
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
from engine.events_choices import EffectChosen, StrikeRedirected
from engine.events_reacts import ReactPerformed
from engine.reacts import WINDOW_WORDS


def event_line(e: Event, words: Words = ENGLISH) -> str | None:
    """One event as a sentence, or None for events the board already shows (or private ones).

    Every event kind is matched: a new kind that is not handled here fails `assert_never`
    (and the test that renders one event of each kind)."""
    say, because = words.say, words.because
    seat = say("seat", seat=e.seat) if e.seat is not None else ""
    match e:
        case Rolled():
            return roll_line(e, None, words)
        case WoundsInflicted():
            return say("wounds_inflicted", name=e.name, wounds=wounds_text(e, words))
        case CharacterDied():
            why = because(e.why, wounds=e.wounds, hit_points=e.hit_points)
            return say("character_died", name=e.name, why=why, rule=e.rule)
        case Passed():
            return say("passed", seat=seat)
        case CharacterPlayed():
            key = "character_played_stunned" if e.stunned_by_loyalty else "character_played"
            return say(key, seat=seat, name=e.name, rank=e.rank)
        case Moved():
            if e.formation is not None:
                return say("moved_into", name=e.name, to_rank=e.to_rank, formation=e.formation)
            if e.from_rank is None:
                return say("moved_to", name=e.name, to_rank=e.to_rank)
            key = "moved_sideways" if e.from_rank == e.to_rank else "moved"
            return say(key, name=e.name, from_rank=e.from_rank, to_rank=e.to_rank)
        case FellForward():
            return say(
                "fell_forward",
                name=e.name,
                from_rank=e.from_rank,
                to_rank=e.to_rank,
                orientation=e.orientation,
            )
        case OrientationChanged():
            why = because(e.why)
            return say(
                "orientation_changed", name=e.name, orientation=e.orientation, why=why, rule=e.rule
            )
        case ItemEquipped():
            return say("item_equipped", seat=seat, name=e.name, to_name=e.to_name)
        case ItemDestroyed():
            return say("item_destroyed", name=e.name, from_name=e.from_name, rule=e.rule)
        case ActionCardPlayed():
            return say("action_card_played", seat=seat, name=e.name, text=e.text)
        case DungeonPlayed():
            return say("dungeon_played", seat=seat, name=e.name, text=e.text)
        case ManualEffect():
            return say("manual_effect", name=e.name, text=e.text)
        case DungeonDefeated():
            return say("dungeon_defeated", name=e.name, by_name=e.by_name, rule=e.rule)
        case EpicClassAttached():
            return say(
                "epic_class_attached", seat=seat, name=e.name, to_name=e.to_name, rule=e.rule
            )
        case ControlChanged():
            return say("control_changed", seat=seat, name=e.name, rule=e.rule)
        case ActionCanceled():
            if e.why == "strike_canceled":
                return say("strike_canceled", name=e.name, rule=e.rule)
            return say("action_canceled", name=e.name, why=because(e.why), rule=e.rule)
        case AttackStopped():
            return say("attack_stopped", seat=seat, name=e.name, rule=e.rule)
        case AttackEnded():
            if e.why == "all_strikes":
                return None  # the last strike's roll already says it
            return say("attack_ended", name=e.name, why=because(e.why), rule=e.rule)
        case CardBanished():
            return say("card_banished", name=e.name, why=because(e.why), rule=e.rule)
        case TokenCeased():
            return say("token_ceased", name=e.name, why=because(e.why))
        case TokenNotCreated():
            if e.reason:
                return say("token_not_created_because", name=e.name, reason=e.reason)
            return say("token_not_created", name=e.name, rule=e.rule)
        case ReturnedToFormation():
            return say("returned_to_formation", name=e.name, rule=e.rule)
        case PlacedInLastRank():
            return say("placed_in_last_rank", name=e.name, rank=e.rank, rule=e.rule)
        case InitiativeWon():
            order = ", ".join(str(s) for s in e.order)
            return say("initiative", seat=seat, order=order)
        case InitiativeTied():
            return say("initiative_tied", seats=", ".join(map(str, e.seats)), rule=e.rule)
        case InitiativeWarlordChosen():
            return say("initiative_warlord_chosen", seat=seat, name=e.name)
        case OrderPhaseEnded():
            return say("order_phase_ended", rule=e.rule)
        case EffectExpired():
            return say("effect_expired", name=e.name, amount=e.amount, stat=e.stat, rule=e.rule)
        case StatModified():
            return say("stat_modified", name=e.name, amount=e.amount, stat=e.stat)
        case WarlordTypeLost():
            return say("warlord_type_lost", name=e.name, rule=e.rule)
        case PlayerDefeated():
            return say("player_defeated", seat=seat, rule=e.rule)
        case GameWon():
            return say("game_won", seat=seat, rule=e.rule)
        case GameDrawn():
            return say("game_drawn")
        case TurnStarted():
            return say("turn_started", turn=e.turn)
        case GameStarted():
            return say("game_started", seats=e.seats, format=e.format)
        case ReactPerformed():
            window = {w.value: t for w, t in WINDOW_WORDS.items()}.get(e.window, e.window)
            about = f": {e.subject_name}" if e.subject_name else ""
            if e.subject_level is not None:  # 508.9: its level when it died
                about += say("level_at_death", level=e.subject_level)
            return say(
                "react_performed",
                performer_name=e.performer_name,
                window=window,
                subject=about,
                name=e.name,
                text=e.text,
            )
        case (
            AbilityPerformed()
            | EffectSkipped()
            | Healed()
            | CountersChanged()
            | CardToHand()
            | DeckShuffled()
            | CardAttached()
            | Adjusted()
            | ResolvedByHand()
            | EffectChosen()
            | StrikeRedirected()
        ):
            return ability_line(e, seat, words)
        case (
            CardDrawn()  # private; the hand shows it to its owner
            | PhaseStarted()
            | CardsReadied()
            | OrderGiven()
            | StrikeDeclared()  # the roll line names the target
            | DoneDiscarding()
            | CardToDiscard()  # the board's discard count shows it
            | CardRevealed()
        ):
            return None
        case _:
            assert_never(e)


def ability_line(e: Event, seat: str, words: Words = ENGLISH) -> str | None:
    """Events of abilities and of manual resolution (engine.events_abilities)."""
    say, because = words.say, words.because
    match e:
        case AbilityPerformed():
            target = f" on {e.target_name}" if e.target_name else ""
            return say(
                "ability_performed",
                performer_name=e.performer_name,
                name=e.name,
                target=target,
                text=e.text,
            )
        case EffectSkipped():
            rule = f" ({e.rule})" if e.rule else ""
            return say("effect_skipped", name=e.name, why=because(e.why), rule=rule)
        case Healed():
            return say("healed", name=e.name, amount=e.amount, wounds=e.wounds)
        case CountersChanged():
            return say(
                "counters_changed",
                name=e.name,
                counters=("+" if e.amount > 0 else "") + counters_phrase(e.amount, e.counter),
                total=e.total,
            )
        case CardToHand():
            if e.zone == "deck":  # from one hidden zone to another: its owner sees it
                return say("card_to_hand_from_deck", seat=seat)
            return say("card_to_hand", name=e.name, zone=e.zone)
        case DeckShuffled():
            return say("deck_shuffled", seat=seat)
        case CardAttached():
            return say("card_attached", name=e.name, to_name=e.to_name)
        case Adjusted():
            lines = HIDDEN_ADJUST_LINES if e.op in HIDDEN_ADJUST_LINES else ADJUST_LINES
            what = adjust_line(
                lines.get(e.op, e.op), e.name or "", e.target_name or "", e.amount, e.counter
            )
            return say("adjusted", seat=seat, source_name=e.source_name, what=what)
        case ResolvedByHand():
            return say("resolved_by_hand", seat=seat, name=e.name)
        case StrikeRedirected():
            return say("strike_redirected", name=e.name, target_name=e.target_name,
                       source_name=e.source_name, what=e.what)  # fmt: skip
        case EffectChosen() if e.choice in OPTIONAL_WORDS:  # "you may ..." (engine.choices)
            choice = OPTIONAL_WORDS[e.choice]
            return say("optional_chosen", seat=seat, choice=choice, name=e.name, what=e.what)
        case EffectChosen():
            about = e.about_name or ""
            words = CHOSEN_WORDS.get(e.choice, e.choice).format(
                about=about, kept=e.kept, bottom=e.bottom
            )
            if e.choice.startswith("seat:"):  # a player chosen (511.8)
                words = words.replace("seat:", "Seat ")
            elif e.choice.startswith("wounds:"):  # wounds moved (engine.abilities_wounds)
                words = f"{e.choice.removeprefix('wounds:')} wound(s) to {about}"
            return say("effect_chosen", seat=seat, what=e.what, name=e.name, choice=words)
    return None


# Adjustments that move a card between hidden zones (deck and hand) say what was done, never
# which card: its owner sees it in their hand, and a card shuffled in is hidden again.
HIDDEN_ADJUST_LINES = {
    "search": "Take a card from the deck, then shuffle",
    "shuffle_into_deck": "Shuffle a card into its owner's deck",
}

# An optional effect carried out or left out (engine.choices.OPTIONAL).
OPTIONAL_WORDS = {"do": "carries out", "skip": "leaves out"}
# What each choice of an `effect_chosen` event says (engine.choices codes).
CHOSEN_WORDS = {
    "advantage": "advantage on {about}'s roll",
    "disadvantage": "disadvantage on {about}'s roll",
    "roll_bonus": "+5 to the strike roll",
    "extra_wound": "the strike inflicts an additional wound",
    "target": "the strike targets {about}, an additional rank away",
    "gain_control": "gains control of {about} and equips it",
    "decline": "leaves {about} where it is",
    "forward": "{about} moves forward one rank",
    "backward": "{about} moves backward one rank",
    "survey": "{kept} card(s) back on top of the deck, {bottom} at the bottom",
}


def event_lines(events: Sequence[Event], words: Words = ENGLISH) -> list[str]:
    """The new events as sentences; a strike's wounds are folded into its roll line."""
    lines: list[str] = []
    skip: set[int] = set()
    for i, e in enumerate(events):
        if i in skip:
            continue
        if isinstance(e, Rolled):
            after = events[i + 1] if i + 1 < len(events) else None
            if (
                isinstance(after, WoundsInflicted)
                and after.source == e.roll.roller
                and after.card == e.target
            ):
                skip.add(i + 1)
                lines.append(roll_line(e, after, words))
                continue
        line = event_line(e, words)
        if line:
            lines.append(line)
    return lines
