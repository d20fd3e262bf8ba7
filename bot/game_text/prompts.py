"""What a decision asks of its seat, in words (the waiting line, the hot-seat prompt)."""

from __future__ import annotations

from bot.game_text.words import ENGLISH, Words
from engine import Decision, DecisionKind, GameState, stats
from engine.cards.abilities import Window
from engine.frames import Attacking, Placement, PlacingCharacter, ReactWindow
from engine.reacts import WINDOW_WORDS


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
    if kind is DecisionKind.EXPIRY_ORDER:
        return say("ask_expiry_order")
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
