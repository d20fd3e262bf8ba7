"""Choices an effect leaves to its performer (a `ChoosingEffect` frame waiting on an
EFFECT_CHOICE decision): Charisma's advantage or disadvantage (603.2), Marksmanship's one of
three (603.5), Sleight of Hand's "you may gain control" (603.11), Journey's direction (602.4),
Survey's order (602.17) and whether an optional effect of a card happens ("You may draw a
card": `what` is its printed words, the options `OPTIONAL`, doing it first). The options are
codes; `choice_words` words them."""

from __future__ import annotations

from collections.abc import Callable

from engine.events_choices import EffectChosen
from engine.frames import ChoosingEffect
from engine.pending import Decision, DecisionKind
from engine.tx import Tx

# The rule of each effect that asks a choice.
CHOICE_RULES = {
    "Charisma": "603.2",
    "Marksmanship": "603.5",
    "Sleight of Hand": "603.11",
    "Journey": "602.4",
    "Survey": "602.17",
    "Player": "511.8",  # "choose an opposing player" (engine.abilities_players)
    "Wounds": "104.1",  # how many wounds move (engine.abilities_wounds)
}
# An optional effect ("you may ..."): do it (the default answer) or leave it out (510.22).
OPTIONAL = ("do", "skip")
OPTIONAL_RULE = "510.22"
# What is public of a choice (the prompt and the options' words for others): Survey's cards
# are the top of a deck, seen by its owner only (602.17).
_PROMPTS = {
    "Survey": "Survey: put the top cards of your deck back on top or at the bottom (602.17).",
    "Journey": "Journey: move forward or backward one rank (602.4).",
}


def ask_choice(
    tx: Tx,
    seat: int,
    card: int,
    performer: int,
    what: str,
    options: tuple[str, ...],
    target: int | None = None,
) -> None:
    """Push the choice and wait on `seat` (the performer's controller)."""
    frame = ChoosingEffect(seat, card, performer, what, options, target)
    index = tx.push_frame(frame)
    tx.ask(index, choice_decision(tx, frame))


def choice_decision(tx: Tx, frame: ChoosingEffect) -> Decision:
    """The EFFECT_CHOICE decision of a `ChoosingEffect` frame (asked again when a react window
    opened above it has closed, engine.frame_decisions)."""
    prompt = _PROMPTS.get(frame.what)
    if frame.options == OPTIONAL:
        prompt = f"{tx.name(frame.card)}: {frame.what}? Choose 0: do it; 1: do not."
    elif prompt is None:
        words = "; ".join(
            f"{i}: {choice_words(tx.name, c, frame.target)}" for i, c in enumerate(frame.options)
        )
        prompt = f"{frame.what} succeeds: choose {words}."
        if frame.what in ("Player", "Wounds"):
            prompt = f"{tx.name(frame.card)}: choose {words}."
    return Decision(
        frame.seat,
        DecisionKind.EFFECT_CHOICE,
        prompt,
        options=tuple(range(len(frame.options))),
        subject=frame.performer,
        rule=OPTIONAL_RULE if frame.options == OPTIONAL else CHOICE_RULES[frame.what],
    )


def choice_words(name: Callable[[int], str], code: str, target: int | None) -> str:
    """A choice of an EFFECT_CHOICE in words (English); `name` gives a card's name from its
    instance id (Survey's choices name the cards: show them to their owner only)."""
    about = name(target) if target is not None else ""
    if code.startswith("target:"):
        return f"target {name(int(code.split(':')[1]))}, an additional rank away"
    if code.startswith("wounds:"):
        return f"move {code.removeprefix('wounds:')} wound(s) to {about}"
    if code.startswith("seat:"):
        return f"Seat {code.removeprefix('seat:')}"
    if code.startswith("top:"):
        top, bottom = survey_parts(code)
        said = []
        if top:
            said.append("on top " + ", ".join(name(c) for c in top))
        if bottom:
            said.append("at the bottom " + ", ".join(name(c) for c in bottom))
        return " and ".join(said)
    return {
        "advantage": f"advantage on {about}'s roll",
        "disadvantage": f"disadvantage on {about}'s roll",
        "roll_bonus": "+5 to the strike roll",
        "extra_wound": "the strike inflicts an additional wound",
        "gain_control": f"gain control of {about} and equip it",
        "decline": f"leave {about} where it is",
        "forward": f"move {about} forward one rank",
        "backward": f"move {about} backward one rank",
        "do": "do it",
        "skip": "do not",
    }.get(code, code)


def survey_code(top: tuple[int, ...], bottom: tuple[int, ...]) -> str:
    """ "top:<ids>|bottom:<ids>", each list in deck order from the top."""
    return f"top:{','.join(map(str, top))}|bottom:{','.join(map(str, bottom))}"


def survey_parts(code: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    top, bottom = code.removeprefix("top:").split("|bottom:")
    return (
        tuple(int(c) for c in top.split(",") if c),
        tuple(int(c) for c in bottom.split(",") if c),
    )


def _chosen(tx: Tx, frame: ChoosingEffect, code: str) -> EffectChosen:
    """The public event of a choice: a Survey's names no card (602.17: they are hidden)."""
    about = frame.target
    kept = bottom = 0
    if code.startswith("target:"):
        about, code = int(code.removeprefix("target:")), "target"
    elif code.startswith("top:"):
        top, under = survey_parts(code)
        code, kept, bottom = "survey", len(top), len(under)
    return EffectChosen(
        seat=frame.seat,
        card=frame.card,
        name=tx.name(frame.card),
        what=frame.what,
        choice=code,
        about=about,
        about_name=tx.name(about) if about is not None else None,
        kept=kept,
        bottom=bottom,
    )


def answer_effect_choice(tx: Tx, index: int, frame: ChoosingEffect, choice: int) -> None:
    """Apply the choice made (the frame, at `index`, is already popped)."""
    code = frame.options[choice]
    tx.emit(_chosen(tx, frame, code))
    if frame.options == OPTIONAL:
        from engine.abilities_run import answer_optional

        answer_optional(tx, index - 1, code == "do")  # the ability under the choice
    elif frame.what == "Wounds":
        from engine.abilities_wounds import answer_count

        answer_count(tx, index - 1, frame, code)
    elif frame.what == "Player":
        from engine.abilities_players import answer_player

        answer_player(tx, index - 1, int(code.removeprefix("seat:")))
    elif frame.what in ("Journey", "Survey"):
        from engine.keywords import apply_choice

        apply_choice(tx, frame, code)
    else:
        from engine.feats_run import apply_feat_choice

        apply_feat_choice(tx, index, frame, code)
