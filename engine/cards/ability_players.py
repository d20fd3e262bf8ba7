"""Effects on a player chosen by the effect (511.8): "Choose an opposing player who draws a
card", "Target a player who must discard a card from his or her hand", "Choose an opponent
who must reveal their hand", "Target another player. That player must select and discard a
card from his or her hand."

The choice is a `CHOOSE_PLAYER` effect (`name`: "opposing" for an opposing player or
another player, "any" for any player, oneself included), followed by what that player does,
each effect on `Affects.OPPONENT` (the player chosen): draw, discard from their hand (they
choose the cards), reveal their hand.
"""

from __future__ import annotations

import re

from engine.cards.abilities import Affects, Effect, Op

_N = r"(?:a|an|one|two|three|four|five|\d+)"
_WHOSE = r"(?:his|her|his or her|their|its)"
_CHOOSE = re.compile(
    r"(?:choose|select|target) (?P<who>an opposing player|an opponent|another player|a player"
    r"|target opposing player|an opposing player|target player)"
    r"(?:,? who (?:must )?(?P<rest>.+))?"
)
_THAT_PLAYER = re.compile(
    r"(?:that|the chosen|the target|the selected) player (?:must )?(?P<rest>.+)"
)
_CHOSEN = {
    "an opposing player": "opposing", "an opponent": "opposing", "another player": "opposing",
    "target opposing player": "opposing", "a player": "any", "target player": "any",
}  # fmt: skip
_COUNTS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


def _count(word: str) -> int:
    return int(word) if word.isdigit() else _COUNTS[word]


def _one(part: str) -> tuple[Effect, ...] | None:
    """One thing the chosen player does."""
    m = re.fullmatch(rf"draws? (?P<n>{_N}) cards?", part)
    if m:
        return (Effect(Op.DRAW, Affects.OPPONENT, _count(m["n"])),)
    m = re.fullmatch(
        rf"discards? (?P<n>{_N}) cards? from {_WHOSE} hand"
        r"(?: \(if possible\))?",
        part,
    )
    if m:
        return (Effect(Op.DISCARD, Affects.OPPONENT, _count(m["n"])),)
    if re.fullmatch(rf"reveals? {_WHOSE} hand", part):
        return (Effect(Op.REVEAL_HAND, Affects.OPPONENT),)
    return None


def player_effects(text: str) -> tuple[Effect, ...] | None:
    """What the chosen player does ("draws a card", "must reveal their hand and discard a
    card from their hand"), or None when a part is not understood."""
    out: list[Effect] = []
    text = re.sub(r"\b(?:select|selects|choose|chooses) and (discards?)\b", r"\1", text.strip())
    for part in re.split(r",? and (?:then )?|, then ", text):
        effects = _one(part.strip())
        if effects is None:
            return None
        out += effects
    return tuple(out) or None


def choose_player(sentence: str) -> tuple[Effect, ...] | None:
    """ "Choose an opposing player [who draws a card]": the choice and what follows it in the
    same sentence; None when not such a sentence or a part is not understood."""
    m = _CHOOSE.fullmatch(sentence)
    if m is None:
        return None
    chosen = (Effect(Op.CHOOSE_PLAYER, Affects.OPPONENT, name=_CHOSEN[m["who"]]),)
    if m["rest"] is None:
        return chosen
    following = player_effects(m["rest"])
    return None if following is None else chosen + following


def that_player(sentence: str) -> tuple[Effect, ...] | None:
    """ "That player must select and discard a card from his or her hand": what the player
    chosen in the sentence before does."""
    m = _THAT_PLAYER.fullmatch(sentence)
    return None if m is None else player_effects(m["rest"])
