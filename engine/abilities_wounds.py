"""Wounds moved from one character to another ("Move one or more wounds from the target to
another character in your army"): `MOVE_WOUNDS` takes wounds off the character the effect
names and places them on another (104.1, 104.13: the other suffers them; death is checked
when the flow settles, 104.2).

Where they go: the performer's controller chooses among the candidates (a `move_wounds`
choose_card decision when there are several); how many: the printed number, all, or, for
"one or more", the performer's controller chooses (an EFFECT_CHOICE "Wounds" decision,
options `wounds:N`, its `target` the character receiving them).
"""

from __future__ import annotations

from engine.cards.abilities import Affects, Effect, Op
from engine.events_abilities import EffectSkipped
from engine.frames import ChoosingCard, ChoosingEffect, ResolvingAbility
from engine.primitives import heal
from engine.strikes import inflict_wounds
from engine.tx import Tx


def run(tx: Tx, frame: ResolvingAbility, effect: Effect) -> None:
    """Start moving wounds (the ability's frame is the top one)."""
    from engine.choose_card import ask_card

    source = _source(tx, frame, effect)
    if source is None or not tx.units[source].wounds:
        _skip(tx, frame, "no_target", "104.1")
        return
    options = destinations(tx, frame, effect, source)
    if not options:
        _skip(tx, frame, "no_target", "104.1")
    elif len(options) == 1:
        chosen(tx, frame, options[0])
    else:
        ask_card(tx, ChoosingCard(frame.seat, frame.card, frame.performer, "move_wounds",
                                  tuple(options)))  # fmt: skip


def destinations(tx: Tx, frame: ResolvingAbility, effect: Effect, source: int) -> list[int]:
    """The characters the wounds may go to: the performer ("this"), one adjacent to the
    source (401.10) or another character its controller controls ("army")."""
    from engine.formation import locate

    if effect.name == "this":
        found = [frame.performer]
    elif effect.name == "adjacent":
        at = locate(tx.players, source)
        if at is None:
            return []
        row = tx.players[at.formation].ranks[at.rank - 1]
        found = [row[i] for i in (at.position - 1, at.position + 1) if 0 <= i < len(row)]
    else:
        found = sorted(u for u, unit in tx.units.items() if unit.controller == frame.seat)
    return [u for u in found if u != source and u in tx.units]


def chosen(tx: Tx, frame: ResolvingAbility, to: int) -> None:
    """The character receiving the wounds is chosen: move them, or ask how many first."""
    from engine.choices import ask_choice

    effect = _effect(tx, frame)
    source = _source(tx, frame, effect)
    if source is None or to not in tx.units:
        _skip(tx, frame, "target_left_play", "511")
        return
    wounds = tx.units[source].wounds
    if effect.amount == 0 and wounds > 1:  # "one or more": the performer's choice
        options = tuple(f"wounds:{n}" for n in range(1, wounds + 1))
        ask_choice(tx, frame.seat, frame.card, frame.performer, "Wounds", options, to)
        return
    move(tx, frame, source, to, wounds if effect.amount in (None, 0) else effect.amount or 0)


def answer_count(tx: Tx, index: int, choice: ChoosingEffect, code: str) -> None:
    """How many wounds, chosen: the ability's frame is at `index`."""
    frame = tx.stack[index]
    assert isinstance(frame, ResolvingAbility) and choice.target is not None
    source = _source(tx, frame, _effect(tx, frame))
    if source is None or choice.target not in tx.units:
        _skip(tx, frame, "target_left_play", "511")
        return
    move(tx, frame, source, choice.target, int(code.removeprefix("wounds:")))


def move(tx: Tx, frame: ResolvingAbility, source: int, to: int, amount: int) -> None:
    """Take `amount` wounds (at most those it has) off `source` and place them on `to`."""
    amount = min(amount, tx.units[source].wounds)
    if amount <= 0:
        return
    heal(tx, source, amount)
    inflict_wounds(tx, to, amount, source=frame.card)


def _effect(tx: Tx, frame: ResolvingAbility) -> Effect:
    """The MOVE_WOUNDS effect being run (the frame has moved past it)."""
    from engine.feats import abilities_of

    effects = abilities_of(tx.card(frame.card))[frame.ability].effects
    effect = effects[frame.next_effect - 1]
    assert effect.op is Op.MOVE_WOUNDS
    return effect


def _source(tx: Tx, frame: ResolvingAbility, effect: Effect) -> int | None:
    uid = frame.target if effect.affects is Affects.TARGET else frame.performer
    return uid if uid is not None and uid in tx.units else None


def _skip(tx: Tx, frame: ResolvingAbility, why: str, rule: str) -> None:
    name = tx.name(frame.card)
    tx.emit(EffectSkipped(seat=frame.seat, card=frame.card, name=name, why=why, rule=rule))
