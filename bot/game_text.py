"""Plain-text rendering for `warlord-judge game`: the board, menu lines and events for people."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import assert_never

from bot.game_board import unit_extras_text
from engine import Action, Decision, DecisionKind, GameState, stats, view
from engine.cards.abilities import Window
from engine.choices import choice_words
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
from engine.events_choices import EffectChosen
from engine.events_reacts import ReactPerformed
from engine.feats import abilities_of
from engine.frames import Attacking, ChoosingEffect, Placement, PlacingCharacter, ReactWindow
from engine.reacts import WINDOW_WORDS

HINT = "Type a choice's number; b shows the board, t card texts, h or ? help, q quits."

HELP = """\
How to play: each prompt names the seat that must decide; type the number of a choice.
  b        show the whole board again      h, ?   this help      q   quit (save with --save)
  t        the text of every card in play  t 5    the text of card #5
Board: rank 1 is the front. A character reads 'Name #id L<level> <strikes> AC<armour>
  <HP left>/<HP>HP'; * marks a Warlord, 'spent' and 'STUNNED' its orientation, [..] its items,
  {..} its keywords, feats with their bonus and the damage type of its strikes.
Dice: 'd20 17 + 3 = 20 vs AC 12: hit' is the natural roll, each modifier, the total and the target;
  with advantage or disadvantage both dice are shown and the one kept is named."""

# Choices with more than this many lines are grouped under headings (hand, then each character).
GROUP_FROM = 7


def card_label(state: GameState, instance: int) -> str:
    return f"{state.card(instance).name} (#{instance})"


def describe(state: GameState, action: Action) -> str:
    """A short menu line for an action."""
    from engine import actions as a

    def n(i: int) -> str:
        return card_label(state, i)

    if isinstance(action, a.Pass):
        return "Pass"
    if isinstance(action, a.PlayCharacter):
        return f"Play {n(action.card)} into rank {state.card(action.card).level}"
    if isinstance(action, a.Attack):
        return f"Attack with {n(action.character)}"
    if isinstance(action, a.Maneuver):
        return f"Maneuver {n(action.character)} {direction_words(action.direction)}"
    if isinstance(action, a.Equip):
        return f"Equip {n(action.item)} to {n(action.character)}"
    if isinstance(action, a.PlayOrderCard):
        return f"{n(action.character)} plays {n(action.card)} (manual effect)"
    if isinstance(action, a.PlayDungeon):
        return f"Put dungeon {n(action.card)} into play"
    if isinstance(action, a.DefeatDungeon):
        return "Defeat the dungeon, spending " + ", ".join(n(u) for u in action.spend)
    if isinstance(action, a.AttachEpicClass):
        return f"Attach {n(action.card)} to {n(action.warlord)}"
    if isinstance(action, a.Choose):
        kind = _decision_kind(state, action.seat)
        if kind is DecisionKind.POSITION:
            return f"Position {action.option} (0 = far left)"
        if kind is DecisionKind.EFFECT_CHOICE:
            return effect_choice_line(state, action)
        verb = CHOOSE_VERBS.get(kind, "Choose {}")
        return verb.format(n(action.option))
    if isinstance(action, a.Decline):
        return DECLINE_LINES.get(_decision_kind(state, action.seat), "Done / stop")
    if isinstance(action, a.PerformAbility | a.Adjust | a.DoneResolving):
        return describe_ability(state, action)
    return repr(action)


def direction_words(direction: str) -> str:
    """A maneuver's direction; "into:<seat>" is Stealth's, into that seat's first rank."""
    if direction.startswith("into:"):
        return f"into seat {direction.removeprefix('into:')}'s front rank (Stealth, 603.12.1)"
    return direction


def effect_choice_line(state: GameState, action: Action) -> str:
    """A choice of an `effect_choice` decision in words (shown to the deciding seat only:
    a Survey's choices name the top cards of its deck)."""
    from engine.actions import Choose

    decision = next((d for d in state.pending if d.seat == action.seat), None)
    frame = state.stack[decision.frame] if decision and decision.frame is not None else None
    if not (isinstance(action, Choose) and isinstance(frame, ChoosingEffect)):
        return f"Choose {getattr(action, 'option', '?')}"
    if not 0 <= action.option < len(frame.options):
        return f"Choose {action.option} (no such choice)"
    code = frame.options[action.option]
    words = choice_words(lambda i: state.card(i).name, code, frame.target)
    return f"{frame.what}: {words}"


def describe_ability(state: GameState, action: Action) -> str:
    """Menu lines of Orders on cards and of manual adjustments."""
    from engine import actions as a

    def n(i: int) -> str:
        return card_label(state, i)

    if isinstance(action, a.PerformAbility):
        ability = abilities_of(state.card(action.card))[action.ability]
        how = "" if not ability.manual else " (resolved by hand)"
        text = f"{n(action.character)} performs {n(action.card)}: {ability.text}{how}"
        if action.target >= 0:
            text += f" -> target {n(action.target)}"
        if action.discard:
            text += " (discarding " + ", ".join(n(c) for c in action.discard) + ")"
        return text
    if isinstance(action, a.DoneResolving):
        return "Done: the card's text is resolved"
    assert isinstance(action, a.Adjust)
    what = ADJUST_LINES.get(action.op, action.op.replace("_", " "))
    card = n(action.card) if action.card >= 0 else ""
    target = n(action.target) if action.target >= 0 else ""
    return what.format(card=card, target=target, amount=action.amount, name=action.name)


ADJUST_LINES = {
    "wound": "Inflict {amount} wound(s) on {card}",
    "heal": "Heal {amount} wound(s) from {card}",
    "spend": "Spend {card}",
    "ready": "Ready {card}",
    "stun": "Stun {card}",
    "kill": "Kill {card}",
    "move_forward": "Move {card} forward {amount} rank(s)",
    "move_backward": "Move {card} backward {amount} rank(s)",
    "modify_atk": "Give {card} {amount:+d} ATK until the end of the turn",
    "modify_ac": "Give {card} {amount:+d} AC until the end of the turn",
    "modify_skill": "Give {card} {amount:+d} Skill until the end of the turn",
    "modify_hp": "Give {card} {amount:+d} HP until the end of the turn",
    "modify_level": "Give {card} {amount:+d} level until the end of the turn",
    "draw": "Draw {amount} card(s)",
    "discard": "Discard {card}",
    "retrieve": "Return {card} from the discard pile to hand",
    "search": "Take {card} from the deck, then shuffle",
    "banish": "Banish {card}",
    "return_to_hand": "Return {card} to its owner's hand",
    "create_token": "Create a token copy of {card}",
    "add_counters": "Put {amount} {name} counter(s) on {card}",
    "remove_counters": "Remove {amount} {name} counter(s) from {card}",
    "attach": "Attach {card} to {target}",
    "melee_strike": "{card} performs a {amount:+d} melee strike at {target}",
    "ranged_strike": "{card} performs a {amount:+d} ranged strike at {target}",
    "skill_check": "{card} makes a skill check (DC {amount})",
    "cancel": "Cancel the strike or action this React answers",
    "shuffle_into_deck": "Shuffle {card} into its owner's deck",
}


CHOOSE_VERBS = {
    DecisionKind.DISCARD: "Discard {}",
    DecisionKind.STRIKE_TARGET: "Strike {}",
    DecisionKind.INITIATIVE_WARLORD: "{} rolls initiative",
    DecisionKind.FALL_FORWARD: "{} falls forward next",
    DecisionKind.DESTROY_ITEM: "Destroy {}",
}
DECLINE_LINES = {
    DecisionKind.DISCARD: "Done discarding: draw",
    DecisionKind.STRIKE_TARGET: "Stop the attack",
    DecisionKind.REACT: "Pass: no React",
}


def _decision_kind(state: GameState, seat: int) -> DecisionKind | None:
    return next((d.kind for d in state.pending if d.seat == seat), None)


def _choice(state: GameState, action: Action) -> tuple[str, str]:
    """(group heading, line) of a menu entry; the heading is "" for ungrouped entries."""
    from engine import actions as a

    if isinstance(action, a.Attack):
        return card_label(state, action.character), "Attack"
    if isinstance(action, a.Maneuver):
        return card_label(state, action.character), f"Maneuver {direction_words(action.direction)}"
    if isinstance(action, a.PlayOrderCard):
        label = card_label(state, action.card)
        return card_label(state, action.character), f"Play {label} (manual effect)"
    if isinstance(action, a.PerformAbility):
        line = describe(state, action)
        line = line.removeprefix(f"{card_label(state, action.character)} performs ")
        return card_label(state, action.character), f"Perform {line}"
    if isinstance(action, a.Adjust):
        heading = card_label(state, action.card) if action.card in state.units else "Cards"
        return f"Adjust {heading}", describe(state, action)
    if isinstance(
        action, (a.PlayCharacter, a.Equip, a.PlayDungeon, a.DefeatDungeon, a.AttachEpicClass)
    ):
        return "From your hand", describe(state, action)
    return "", describe(state, action)


def menu(state: GameState, options: list[Action]) -> tuple[list[Action], list[str]]:
    """The options in the order shown and the menu lines numbering them from 1.

    Long menus are grouped: ungrouped choices (pass, choose) first, then cards from hand, then
    one heading per character with its orders, in the order the engine lists them."""
    if len(options) < GROUP_FROM:
        lines = [f"  {i:>3}. {describe(state, o)}" for i, o in enumerate(options, start=1)]
        return list(options), lines
    groups: dict[str, list[tuple[Action, str]]] = {}
    for option in options:
        heading, text = _choice(state, option)
        groups.setdefault(heading, []).append((option, text))
    ordered: list[Action] = []
    lines: list[str] = []
    for heading in sorted(groups, key=lambda h: (h != "", h != "From your hand")):
        if heading:
            lines.append(f"  {heading}:")
        for option, text in groups[heading]:
            ordered.append(option)
            lines.append(f"  {len(ordered):>3}. {text}")
    return ordered, lines


def render(state: GameState, seat: int | None) -> str:
    """A readable board from `seat`'s point of view."""
    v = view(state, seat)
    lines = [
        f"Turn {v['turn']}, {v['phase']} phase"
        + (f"; winner: seat {v['winner']}" if v["winner"] is not None else "")
    ]
    for p in v["players"]:
        status = " (defeated)" if p["eliminated"] else ""
        lines.append(
            f"Seat {p['seat']}{status}: deck {p['deck']}, hand {p['hand_count']}, "
            f"discard {len(p['discard'])}"
        )
        for r, row in enumerate(p["ranks"], start=1):
            cells = []
            for u in row:
                mark = {"ready": "", "spent": " spent", "stunned": " STUNNED"}[u["orientation"]]
                strikes = "/".join(f"{s:+d}" for s in u["strikes"])
                items = "".join(f" [{i['name']}]" for i in u["items"])
                lord = "*" if u["warlord"] else ""
                cells.append(
                    f"{lord}{u['name']} #{u['instance']} L{u['level']} {strikes} AC{u['ac']} "
                    f"{u['hp'] - u['wounds']}/{u['hp']}HP{mark}{items}{unit_extras_text(u)}"
                )
            lines.append(f"  rank {r}: " + (" | ".join(cells) or "-"))
        if "hand" in p:
            lines.append("  hand: " + ", ".join(f"{c['name']} #{c['instance']}" for c in p["hand"]))
            for c in p["hand"]:
                if c.get("manual"):
                    lines.append(f"    #{c['instance']} {c['name']} (text is manual): {c['text']}")
    for d in state.pending:
        lines.append(f"Waiting on seat {d.seat}: {prompt_line(state, d)}")
    return "\n".join(lines)


# events -----------------------------------------------------------------------------------

# Every sentence an event becomes, in one place: a front end in another language passes its own
# `Words` to `event_line`/`event_lines` and needs no engine change. Events carry facts and short
# `why` codes (engine/events.py); these tables give them words.
TEMPLATES: dict[str, str] = {
    "seat": "Seat {seat}",
    "react_performed": "{performer_name} reacts ({window}{subject}) with {name}.",
    "level_at_death": ", level {level} when it died",
    "ask_react": "React {window}{subject}, or pass.",
    "game_started": "A {seats}-player {format} game starts.",
    "turn_started": "Turn {turn} begins.",
    "initiative": "{seat} wins initiative; the order of play is {order} (504.3).",
    "initiative_tied": "Seats {seats} tie for the highest roll and reroll ({rule}).",
    "initiative_warlord_chosen": "{seat} chooses {name} to roll for initiative (504.1.1).",
    "passed": "{seat} passes.",
    "order_phase_ended": "All players passed in turn: the order phase ends ({rule}).",
    "effect_expired": "{name}'s {amount:+d} {stat} ends with the turn ({rule}).",
    "stat_modified": "{name} gets {amount:+d} {stat} until the end of the turn.",
    "character_played": "{seat} plays {name} into rank {rank}.",
    "character_played_stunned": (
        "{seat} plays {name} into rank {rank}, stunned by the loyalty penalty (507.1.4)."
    ),
    "warlord_type_lost": "{name} entered play during the game, so it is not a Warlord ({rule}).",
    "orientation_changed": "{name} becomes {orientation}: {why} ({rule}).",
    "moved": "{name} moves from rank {from_rank} to rank {to_rank}.",
    "moved_sideways": "{name} moves sideways in rank {to_rank}.",
    "moved_into": "{name} moves into rank {to_rank} of seat {formation}'s formation (710.1).",
    "moved_to": "{name} moves to rank {to_rank}.",
    "fell_forward": "{name} falls forward from rank {from_rank} to rank {to_rank} ({orientation}).",
    "returned_to_formation": "{name} returns to its controller's front rank ({rule}).",
    "placed_in_last_rank": "{name} stands in rank {rank}, the last occupied rank there ({rule}).",
    "item_equipped": "{seat} equips {name} to {to_name}.",
    "item_destroyed": "{name} on {from_name} is destroyed ({rule}).",
    "action_card_played": "{seat} plays {name}: {text}",
    "manual_effect": "Resolve {name} by hand with adjustments: {text}",
    "ability_performed": "{performer_name} performs {name}{target}: {text}",
    "effect_skipped": "Part of {name} does nothing: {why}{rule}.",
    "healed": "{name} heals {amount} wound(s); {wounds} left.",
    "counters_changed": "{name}: {amount:+d} {counter} counter(s), {total} now (704).",
    "card_to_hand": "{name} goes to its owner's hand from the {zone}.",
    "deck_shuffled": "{seat} shuffles their deck.",
    "card_attached": "{name} is attached to {to_name}.",
    "adjusted": "{seat} adjusts by hand for {source_name}: {what}.",
    "resolved_by_hand": "{seat} declares {name} resolved.",
    "effect_chosen": "{seat} chooses for {name}'s {what}: {choice}.",
    "ask_manual": "Resolve {name} by hand with adjustments, then declare it done.",
    "dungeon_played": "{seat} plays the dungeon {name}: {text}",
    "dungeon_defeated": "{by_name} defeats the dungeon {name}, which is banished ({rule}).",
    "epic_class_attached": "{seat} attaches the Epic Class {name} to {to_name} ({rule}).",
    "action_canceled": "{name} is canceled: {why} ({rule}).",
    "strike_canceled": "The strike of {name} is canceled by a React ({rule}).",
    "control_changed": "{seat} controls {name} again ({rule}).",
    "wounds_inflicted": "{name} suffers {wounds}.",
    "wounds": "{amount} wound{s}; {left} of {hit_points} HP left",
    "character_died": "{name} dies: {why} ({rule}).",
    "attack_stopped": "{seat} stops {name}'s attack ({rule}).",
    "attack_ended": "{name}'s attack ends: {why} ({rule}).",
    "card_banished": "{name} is banished: {why} ({rule}).",
    "token_ceased": "The token {name} ceases to exist: {why} (703.5).",
    "token_not_created": "No {name} token enters play ({rule}).",
    "token_not_created_because": "No {name} token enters play: {reason}",
    "player_defeated": "{seat} controls no Warlord and is defeated ({rule}).",
    "game_won": "{seat} controls the last Warlord and wins the game ({rule}).",
    "game_drawn": "No player controls a Warlord: nobody wins.",
    # dice (105)
    "roll_strike": "{name} strikes {target}",
    "roll_ranged": "{name} shoots at {target}",
    "roll_other": "{name} rolls {purpose}",
    "dice_two": "rolled {first} and {second} ({mode}), keeps {kept}",
    "dice_cancelled": "d20 {kept} (advantage and disadvantage cancel)",
    "dice_one": "d20 {kept}",
    "vs_ac": " vs AC {target}",
    "vs": " vs {target}",
    "natural": "natural {kept}: {outcome}",
    "planar_miss": "odd roll against Planar (602.5)",
    "the_target": "the target",
    # what each decision asks (docs/engine.md, "The game always says what it waits for")
    "ask_order": "Give an Order or pass.",
    "ask_discard": "Discard any cards you wish, one at a time, then decline to draw (503.1).",
    "ask_initiative_warlord": "Choose the Warlord that rolls for initiative (504.1.1).",
    "ask_strike_target": "{name}: choose the target of strike {number} ({bonus:+d}).",
    "ask_strike_target_or_stop": (
        "{name}: choose the target of strike {number} ({bonus:+d}), or stop the attack."
    ),
    "ask_position": "Choose where {name} goes in rank {rank} (0 = far left; now: {others}).",
    "ask_position_fall": (
        "{name} falls forward into rank {rank}: choose where it goes (0 = far left; now: {others})."
    ),
    "ask_fall_forward": "You have an illegal rank: choose the character that falls forward next.",
    "ask_destroy_item": ("{name} has too many items in one equip location: choose one to destroy."),
}

WHY: dict[str, str] = {
    # orientation_changed (costs)
    "attack": "it attacks",
    "maneuver": "it maneuvers",
    "spend_order": "the cost of a Spend Order",
    "defeat_dungeon": "spent to defeat a dungeon",
    "epic_class": "the cost of attaching an Epic Class",
    "ability_cost": "the cost of an ability",
    "ability_effect": "an ability's effect",
    "adjustment": "an adjustment made by hand",
    "cost": "paid as a cost",
    "killed": "killed by an effect",
    "returned": "returned to its owner's hand",
    "banished": "banished",
    "stalwart": "Stalwart protects it",
    "empty_deck": "the deck is empty",
    "target_left_play": "its target is not in play",
    "no_room": "it cannot move there",
    "check_failed": "its check failed",
    "condition_not_met": "its condition does not hold",
    "true_strike": "True Strike: the strike may not be canceled or redirected",
    # character_died
    "wounds": "{wounds} wound(s) with {hit_points} HP",
    "hp_zero": "its hit points are reduced to 0",
    "level_zero": "its level is reduced to 0",
    # attack_ended, action_canceled
    "all_strikes": "all its strikes are performed",
    "no_target": "no target in reach",
    "attacker_left_play": "the attacker left play",
    "performer_left_play": "its performer left play",
    "canceled": "a React canceled it",
    "cost_prevented": "its cost can no longer be paid",
    # leaving a zone
    "resolved": "resolved",
    "discarded": "discarded",
    "destroyed": "destroyed",
    "item_left_play": "its character left play",
    "attachment_left_play": "its character left play",
    "died": "it died",
    "owner_defeated": "its owner was defeated",
}


class Words:
    """The sentence tables of one language (English by default)."""

    def __init__(
        self, templates: Mapping[str, str] = TEMPLATES, why: Mapping[str, str] = WHY
    ) -> None:
        self.templates = templates
        self.why = why

    def say(self, key: str, **values: object) -> str:
        return self.templates[key].format(**values)

    def because(self, code: str, **values: object) -> str:
        return self.why.get(code, code.replace("_", " ")).format(**values)


ENGLISH = Words()


def prompt_line(state: GameState, decision: Decision, words: Words = ENGLISH) -> str:
    """What a decision asks, in words: built from its kind and the frame it belongs to, so a
    front end in another language needs no engine text (`Decision.prompt` is the English)."""
    say = words.say
    frame = state.stack[decision.frame] if decision.frame is not None else None
    name = state.card(decision.subject).name if decision.subject is not None else ""
    kind = decision.kind
    if kind is DecisionKind.ORDER:
        return say("ask_order")
    if kind is DecisionKind.DISCARD:
        return say("ask_discard")
    if kind is DecisionKind.INITIATIVE_WARLORD:
        return say("ask_initiative_warlord")
    if kind is DecisionKind.FALL_FORWARD:
        return say("ask_fall_forward")
    if kind is DecisionKind.DESTROY_ITEM:
        return say("ask_destroy_item", name=name)
    if kind is DecisionKind.REACT and isinstance(frame, ReactWindow):
        window = Window(frame.trigger.split(",")[0])
        about = f" ({name})" if name else ""
        return say("ask_react", window=WINDOW_WORDS.get(window, window.value), subject=about)
    if kind is DecisionKind.MANUAL:
        return say("ask_manual", name=name)
    if kind is DecisionKind.STRIKE_TARGET and isinstance(frame, Attacking):
        number = frame.next_strike
        bonus = stats.strikes(state, frame.attacker)[number]
        key = "ask_strike_target_or_stop" if decision.may_decline else "ask_strike_target"
        return say(key, name=name, number=number + 1, bonus=bonus)
    if kind is DecisionKind.POSITION and isinstance(frame, PlacingCharacter):
        ranks = state.players[frame.formation].ranks
        row = ranks[frame.rank - 1] if frame.rank <= len(ranks) else ()
        if frame.why is not Placement.FALL:
            row = tuple(u for u in row if u != frame.card)
        others = ", ".join(state.card(u).name for u in row)
        key = "ask_position_fall" if frame.why is Placement.FALL else "ask_position"
        return say(key, name=name, rank=frame.rank, others=others)
    return decision.prompt


def _signed(value: int) -> str:
    return f"- {-value}" if value < 0 else f"+ {value}"


def _wounds_text(w: WoundsInflicted, words: Words = ENGLISH) -> str:
    left = max(w.hit_points - w.wounds, 0)
    s = "" if w.amount == 1 else "s"
    return words.say("wounds", amount=w.amount, s=s, left=left, hit_points=w.hit_points)


def roll_line(e: Rolled, wounds: WoundsInflicted | None = None, words: Words = ENGLISH) -> str:
    """A roll event for people: who rolls what, the dice, each modifier, total, target, result.

    `wounds` is the wounds event the roll caused, folded into the line when given."""
    r = e.roll
    name = e.name or f"#{r.roller}"
    purpose = r.purpose
    is_strike = purpose.endswith("strike")
    if is_strike:
        key = "roll_ranged" if purpose.startswith("ranged") else "roll_strike"
        head = words.say(key, name=name, target=e.target_name or words.say("the_target"))
    else:
        head = words.say("roll_other", name=name, purpose=purpose)
    naturals, kept, mode = r.naturals, r.kept, r.advantage
    if mode in ("advantage", "disadvantage") and len(naturals) > 1:
        dice = words.say("dice_two", first=naturals[0], second=naturals[1], mode=mode, kept=kept)
    elif mode == "cancelled":
        dice = words.say("dice_cancelled", kept=kept)
    else:
        dice = words.say("dice_one", kept=kept)
    mods = r.modifiers or (("", 0),)
    parts = []
    for label, value in mods:
        named = "" if not label or label.startswith("printed strike") else f" ({label})"
        parts.append(f" {_signed(value)}{named}")
    text = f"{head}: {dice}{''.join(parts)} = {r.total}"
    if r.target is not None:
        text += words.say("vs_ac" if is_strike else "vs", target=r.target)
    verdict = []
    outcome = r.outcome
    if outcome.startswith("critical"):
        verdict.append(words.say("natural", kept=kept, outcome=outcome))
    elif "Planar" in outcome:
        verdict.append(words.say("planar_miss"))
    if is_strike:
        result = e.result or ("hit" if "success" in outcome else "miss")
        verdict.append(result + (f" ({_wounds_text(wounds, words)})" if wounds else ""))
    elif r.target is not None and not outcome.startswith("critical"):
        verdict.append(outcome)
    return text + (": " + ", ".join(verdict) if verdict else "")


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
            return say("wounds_inflicted", name=e.name, wounds=_wounds_text(e, words))
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
                "counters_changed", name=e.name, amount=e.amount, counter=e.counter, total=e.total
            )
        case CardToHand():
            return say("card_to_hand", name=e.name, zone=e.zone)
        case DeckShuffled():
            return say("deck_shuffled", seat=seat)
        case CardAttached():
            return say("card_attached", name=e.name, to_name=e.to_name)
        case Adjusted():
            what = ADJUST_LINES.get(e.op, e.op).format(
                card=e.name or "", target=e.target_name or "", amount=e.amount, name=e.counter
            )
            return say("adjusted", seat=seat, source_name=e.source_name, what=what)
        case ResolvedByHand():
            return say("resolved_by_hand", seat=seat, name=e.name)
        case EffectChosen():
            about = e.about_name or ""
            words = CHOSEN_WORDS.get(e.choice, e.choice).format(
                about=about, kept=e.kept, bottom=e.bottom
            )
            return say("effect_chosen", seat=seat, what=e.what, name=e.name, choice=words)
    return None


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
