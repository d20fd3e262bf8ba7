"""What the game waits for: decisions owned by seats (DESIGN.md 2, "the game always says").

`GameState.pending` is a tuple of `Decision`s. The game waits on all of them; several seats
may decide at once (draw-phase discards 503.1, choosing the initiative Warlord 504.1.1). A
react window (508) will be one more kind whose seats are the non-active players, answered
with the same `Choose`/`Decline` actions, so nothing here assumes the active seat decides.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class DefaultAnswer(StrEnum):
    """The answer a host may apply when a seat does not decide in time."""

    PASS = "pass"  # give no Order (505.2)
    DECLINE = "decline"  # the decision's `Decline`: done discarding, stop the attack
    FIRST = "first"  # `Choose` the first of the options
    DONE = "done"  # `DoneResolving`: a manual effect is declared resolved


class DecisionKind(StrEnum):
    """The kinds of decision the game can wait on."""

    ORDER = "order"  # 505.2: give an Order or pass
    DISCARD = "discard"  # 503.1: discard any number of cards, one at a time, then done
    INITIATIVE_WARLORD = "initiative_warlord"  # 504.1.1: choose the Warlord that rolls
    STRIKE_TARGET = "strike_target"  # 509.5 step 2: choose the strike's target (or stop 507.3.5)
    POSITION = "position"  # 401.7 / 507.1.1: where in the rank a character goes
    FALL_FORWARD = "fall_forward"  # 401.6.2: which character falls forward next
    DESTROY_ITEM = "destroy_item"  # 302.7 / 602.12: which item to destroy for an equip location
    REACT = "react"  # 508: perform a React in an open window (PerformAbility), or pass (Decline)
    MANUAL = "manual"  # a card text resolved by hand: adjustments, then DoneResolving
    EFFECT_CHOICE = "effect_choice"  # how an effect applies (603.2, 603.5, 603.11, 602.4, 602.17)
    CHOOSE_CARD = "choose_card"  # a card for an effect: from a hand, a deck, a discard pile, play
    EXPIRY_ORDER = "expiry_order"  # 506.1.1: the card an effect on several cards ends for next


# The default answer of each kind; where a kind may be declined only sometimes (the first
# strike of an attack is compulsory, 507.3.5) the first option is taken when it may not.
DEFAULT_ANSWERS: dict[DecisionKind, DefaultAnswer] = {
    DecisionKind.ORDER: DefaultAnswer.PASS,
    DecisionKind.DISCARD: DefaultAnswer.DECLINE,  # keep the hand and draw
    DecisionKind.INITIATIVE_WARLORD: DefaultAnswer.FIRST,  # the lowest-numbered Warlord
    DecisionKind.STRIKE_TARGET: DefaultAnswer.DECLINE,  # stop the attack; else the first target
    DecisionKind.POSITION: DefaultAnswer.FIRST,  # far left
    DecisionKind.FALL_FORWARD: DefaultAnswer.FIRST,
    DecisionKind.DESTROY_ITEM: DefaultAnswer.FIRST,
    DecisionKind.REACT: DefaultAnswer.DECLINE,  # pass: perform no React
    DecisionKind.MANUAL: DefaultAnswer.DONE,  # declare the manual effect resolved
    DecisionKind.EFFECT_CHOICE: DefaultAnswer.FIRST,
    # find nothing (a search, the same whatever the hidden cards); else the first card
    DecisionKind.CHOOSE_CARD: DefaultAnswer.DECLINE,
    DecisionKind.EXPIRY_ORDER: DefaultAnswer.FIRST,  # the order the effect reached the cards
}


@dataclass(frozen=True)
class Decision:
    """One decision the game waits on.

    `subject` is the card the decision is about (the attacker, the character moving or
    equipping); `options` are the instance ids (or positions for POSITION) the seat may
    choose; `may_decline` says whether `Decline` is allowed (stop an attack, finish
    discarding). `prompt` is a short sentence for front ends. `frame` is the index in
    `GameState.stack` of the frame the decision belongs to (None: a decision of the phase).
    """

    seat: int
    kind: DecisionKind
    prompt: str
    options: tuple[int, ...] = ()
    subject: int | None = None
    may_decline: bool = False
    rule: str = ""
    frame: int | None = None

    def to_dict(self) -> dict[str, object]:
        return {
            "seat": self.seat,
            "kind": self.kind.value,
            "prompt": self.prompt,
            "options": list(self.options),
            "subject": self.subject,
            "may_decline": self.may_decline,
            "rule": self.rule,
            "frame": self.frame,
        }

    @property
    def default_answer(self) -> DefaultAnswer:
        """What a timeout may answer (DEFAULT_ANSWERS, FIRST when it may not decline)."""
        answer = DEFAULT_ANSWERS[self.kind]
        if answer is DefaultAnswer.DECLINE and not self.may_decline:
            return DefaultAnswer.FIRST
        return answer
