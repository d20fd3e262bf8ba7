"""Performing an ability: its costs (510.2, 510.6, 510.19, 510.20), then its effect, run by
the engine from compiled primitives or resolved by hand (engine.adjustments).

The entry point for every ability, Orders here and Reacts (engine react windows), is

    perform_ability(tx, seat, card, ability, performer, target=None, discard=()) -> None

`card` is the instance the ability is printed on, `ability` its index in `Card.abilities`,
`performer` the character performing it; `target` the chosen target (checked by the caller,
engine.abilities_offer), `discard` the hand cards discarded as a cost. It logs the ability and
pushes a `PerformingAction` frame that goes through the steps of 510.5 with their react
windows (engine.action_steps): it pays every cost it can read, then pushes a
`ResolvingAbility` frame (effects the engine runs, continued by `continue_ability` when
`engine.turn.advance` resumes it) or a `ResolvingManually` frame (the text resolved by
hand). An Action card from hand leaves the hand at once and goes to the discard pile when
resolved (303.5).
"""

from __future__ import annotations

from dataclasses import replace

from engine import abilities_effects, abilities_players, stats
from engine.abilities_offer import counters_on, needs_target
from engine.action_steps import begin_action
from engine.cards.abilities import (
    Ability,
    AbilityKind,
    Affects,
    CostKind,
    Direction,
    Duration,
    Effect,
    Op,
    Qualifier,
    Stat,
    StrikeKind,
)
from engine.checks import save_damage_types, start_check
from engine.death import move_to_discard
from engine.dice import roll_against
from engine.events import ManualEffect, Rolled
from engine.events_abilities import AbilityPerformed, EffectSkipped
from engine.feats import abilities_of, is_spell
from engine.frames import PerformingAction, ResolvingAbility, ResolvingManually, Striking
from engine.pending import Decision, DecisionKind
from engine.primitives import (
    add_counters,
    attach,
    detach,
    draw,
    finish_source,
    heal,
    kill,
    leave_action_zone,
    modify_stat,
    move_ranks,
    set_orientation,
    to_hand,
)
from engine.resolve import destroy_item
from engine.spend_waiver import waived
from engine.state import Orientation
from engine.strikes import inflict_wounds, start_strike
from engine.tx import Tx

# Effect primitives an Order's effect may use for the engine to run it (others: by hand).
RUNNABLE = frozenset(
    {
        Op.STRIKE, Op.ATTACK, Op.INFLICT_WOUNDS, Op.HEAL, Op.SPEND, Op.STUN, Op.READY,
        Op.KILL, Op.MOVE, Op.MODIFY_STAT, Op.DRAW, Op.RETURN_TO_HAND, Op.ADD_COUNTERS,
        Op.ATTACH, Op.SAVE, Op.SURVEY, Op.DISCARD, Op.SEARCH, Op.RETRIEVE, Op.CREATE_TOKEN,
    }
)  # fmt: skip
# Effects on the cards of "you" (the performer's controller); the last three ask a card.
_YOURS = frozenset({Op.DRAW, Op.SURVEY, Op.DISCARD, Op.SEARCH, Op.RETRIEVE})
_ON_WHOM = (Affects.PERFORMER, Affects.SOURCE, Affects.TARGET)
# Effects of a React on its trigger: the strike or action its window answers (510.10, 509.5).
ON_TRIGGER = frozenset(
    {Op.CANCEL, Op.REDUCE_WOUNDS, Op.PREVENT_WOUNDS, Op.EXTRA_WOUNDS, Op.REDIRECT}
)


def _effect_runnable(effect: Effect, has_target: bool) -> bool:
    if effect.op in ON_TRIGGER:
        return effect.affects is Affects.TRIGGER
    if effect.op is Op.MOVE_WOUNDS:
        return effect.affects in (Affects.PERFORMER, Affects.TARGET)
    if effect.affects is Affects.OPPONENT:  # a player the effect chose (511.8)
        return effect.op in abilities_players.PLAYER_OPS
    if effect.op not in RUNNABLE:
        return False
    if effect.op is Op.RETRIEVE and effect.affects is Affects.SOURCE:
        return True  # "retrieve this card from your discard pile" (405)
    if effect.op in _YOURS:
        return effect.affects is Affects.YOU
    if effect.op is Op.CREATE_TOKEN:  # a character token for you, an item token equipped
        if effect.affects is Affects.TARGET:
            return has_target
        return effect.affects in (Affects.YOU, Affects.PERFORMER)
    if effect.affects not in _ON_WHOM or (effect.affects is Affects.TARGET and not has_target):
        return False
    if effect.op is Op.MOVE:  # forward or backward one rank: Journey's choice (602.4)
        either = effect.direction is Direction.FORWARD_OR_BACKWARD and (effect.amount or 1) == 1
        return either or effect.direction in (Direction.FORWARD, Direction.BACKWARD)
    if effect.op is Op.MODIFY_STAT:
        return effect.duration is not Duration.INSTANT and effect.stat is not None
    if effect.op is Op.SAVE:
        return all(_effect_runnable(e, True) for e in effect.on_fail)
    return True


def is_runnable(ability: Ability) -> bool:
    """The engine pays every cost and runs every effect of this ability (no reading)."""
    return (
        ability.kind is not AbilityKind.STATIC
        and not ability.manual
        and ability.payable
        and Qualifier.ROLL not in ability.qualifiers
        and all(
            abilities_effects.runnable(e, needs_target(ability), _effect_runnable)
            for e in ability.effects
        )
    )


def perform_ability(
    tx: Tx,
    seat: int,
    card: int,
    ability: int,
    performer: int,
    target: int | None = None,
    discard: tuple[int, ...] = (),
) -> None:
    """Perform ability number `ability` of `card` by `performer` (checked legal by the
    caller): log it, pay its costs, then run its effect or open its manual resolution."""
    printed = abilities_of(tx.card(card))[ability]
    automated = is_runnable(printed)
    tx.emit(
        AbilityPerformed(
            seat=seat,
            card=card,
            name=tx.name(card),
            ability=ability,
            performer=performer,
            performer_name=tx.name(performer),
            text=printed.text,
            automated=automated,
            target=target,
            target_name=tx.name(target) if target is not None else None,
        )
    )
    tx.used_abilities = (*tx.used_abilities, (card, ability, tx.turn))
    if card in tx.player(seat).hand:  # 303.5: into the action zone, discarded once resolved
        tx.take_from_hand(seat, card)
        tx.update_player(seat, action_zone=(*tx.player(seat).action_zone, card))
    # 510.5: its steps and their windows
    begin_action(tx, PerformingAction(seat, card, ability, performer, target, discard))


def open_manual(tx: Tx, seat: int, card: int, text: str) -> None:
    """Push a manual resolution: `seat` resolves `text` with adjustments, then is done."""
    tx.emit(ManualEffect(seat=seat, card=card, name=tx.name(card), text=text))
    index = tx.push_frame(ResolvingManually(seat, card, text))
    tx.ask(index, manual_decision(tx, seat, card))


def manual_decision(tx: Tx, seat: int, card: int) -> Decision:
    return Decision(
        seat,
        DecisionKind.MANUAL,
        f"Resolve {tx.name(card)} by hand with adjustments, then declare it done.",
        subject=card,
        rule="510.5",
    )


def pay_costs(
    tx: Tx, seat: int, card: int, ability: Ability, performer: int, discard: tuple[int, ...]
) -> None:
    """510.5 step 2: pay the costs in printed order (Spend first, 510.6; Roll and Destroy
    after the others, 510.19, 510.20). Costs the engine cannot read are paid by hand."""
    if ability.is_spend and not waived(tx, ability, performer):
        set_orientation(tx, performer, Orientation.SPENT, "ability_cost", "510.6")
    for cost in ability.costs:
        kind = cost.kind
        if kind is CostKind.SPEND_SOURCE and card == performer and not ability.is_spend:
            set_orientation(tx, performer, Orientation.SPENT, "ability_cost", "510.6")
        elif kind is CostKind.STUN_PERFORMER:
            set_orientation(tx, performer, Orientation.STUNNED, "ability_cost", "510.2")
        elif kind is CostKind.DISCARD_CARDS:
            for c in discard:
                tx.take_from_hand(seat, c)
                move_to_discard(tx, c, "cost", "510.2")
        elif kind is CostKind.DISCARD_SOURCE and card != performer:
            detach(tx, card)
            move_to_discard(tx, card, "cost", "510.2")
        elif kind is CostKind.WOUND_PERFORMER:
            inflict_wounds(tx, performer, cost.amount, source=card)
        elif kind is CostKind.KILL_PERFORMER:
            kill(tx, performer, "510.2", windows=False)
        elif kind is CostKind.REMOVE_COUNTERS:
            _remove_counters(tx, card, performer, cost.name, cost.amount)
    if Qualifier.ROLL in ability.qualifiers and performer in tx.units:
        roll = roll_against(tx, "roll action", performer, (), 0)
        tx.emit(Rolled(seat=seat, roll=roll, name=tx.name(performer), result=str(roll.kept)))
    destroys = Qualifier.DESTROY in ability.qualifiers or any(
        c.kind is CostKind.DESTROY_SOURCE for c in ability.costs
    )
    if destroys and performer in tx.units and card in tx.units[performer].items:
        destroy_item(tx, performer, card)


def _remove_counters(tx: Tx, card: int, performer: int, name: str, amount: int) -> None:
    for holder in (card, performer):
        take = min(amount, counters_on(tx, holder, name))
        if take:
            add_counters(tx, holder, name or "counter", -take)
            amount -= take


# Effects whose `stat` reads the performer's level or skill (a save's DC, a strike's bonus).
_READS_STATS = frozenset({Op.SAVE, Op.STRIKE})


def continue_ability(tx: Tx, index: int) -> bool:
    """Run the effects of the `ResolvingAbility` frame at `index` (the top one) from where
    it stands. Returns True when the game now waits on a decision (a strike's target, a
    position in a rank); False when a frame was pushed for `advance` to run or it is done."""
    frame = tx.stack[index]
    assert isinstance(frame, ResolvingAbility)
    effects = abilities_of(tx.card(frame.card))[frame.ability].effects
    starts = frame.next_effect == frame.strikes_done == 0 and frame.performer in tx.units
    starts = starts and not frame.stats_at_start
    if starts and any(
        (e.op in _READS_STATS and e.stat is not None) or e.counted is not None for e in effects
    ):
        # 510.4: a variable of the effect is set when the effect is generated.
        level, skill = stats.level(tx, frame.performer), stats.skill(tx, frame.performer)
        frame = ResolvingAbility(**{**vars(frame), "stats_at_start": (level, skill)})
        tx.set_frame(index, frame)
    end = len(effects) if frame.stop < 0 else frame.stop  # 509.5 4b: a run on a strike's result
    while frame.next_effect < end:
        effect = effects[frame.next_effect]
        if effect.optional and _ask_optional(tx, frame, effects):
            return True  # "you may ...": its performer chooses first (engine.choices)
        if effect.op is Op.STRIKE and frame.strikes_done < _times(tx, frame, effect):
            frame = ResolvingAbility(**{**vars(frame), "strikes_done": frame.strikes_done + 1})
            tx.set_frame(index, frame)
            if _strike(tx, frame, effect, effects):
                return False  # advance performs the strike, then comes back here
            continue
        frame = ResolvingAbility(
            **{**vars(frame), "next_effect": frame.next_effect + 1, "strikes_done": 0}
        )
        tx.set_frame(index, frame)
        if effect.op is not Op.STRIKE:
            abilities_effects.run(tx, frame, effect)  # conditions, checks, then run_effect
        if tx.pending:
            return True
        if tx.top_frame() is not frame:
            return False
    tx.pop_frame()
    if frame.stop < 0:
        finish_source(tx, frame.card)
    return False


def optional_group(effects: tuple[Effect, ...], index: int) -> tuple[int, int]:
    """The first and past-the-last index of the optional effect at `index` and of those
    printed in the same sentence ("you may ready this character and draw a card")."""
    words = effects[index].optional
    start, end = index, index + 1
    while start > 0 and effects[start - 1].optional == words:
        start -= 1
    while end < len(effects) and effects[end].optional == words:
        end += 1
    return start, end


def _ask_optional(tx: Tx, frame: ResolvingAbility, effects: tuple[Effect, ...]) -> bool:
    """Ask the performer's controller whether the optional effect at `frame.next_effect`
    happens (510.22: the text lets it be left out), unless already chosen or its condition
    does not hold (it is skipped then). True when the choice is asked."""
    start, _ = optional_group(effects, frame.next_effect)
    effect = effects[frame.next_effect]
    if frame.chosen == start or frame.strikes_done:
        return False
    if effect.condition is not None and not abilities_effects.condition_holds(tx, frame, effect):
        return False  # `run` skips it with its event
    from engine.choices import OPTIONAL, ask_choice

    ask_choice(tx, frame.seat, frame.card, frame.performer, effect.optional, OPTIONAL)
    return True


def answer_optional(tx: Tx, index: int, accepted: bool) -> None:
    """The choice of an optional effect (the `ResolvingAbility` frame at `index`, now the
    top one): it runs, or it and the effects of its sentence are left out."""
    frame = tx.stack[index]
    assert isinstance(frame, ResolvingAbility)
    effects = abilities_of(tx.card(frame.card))[frame.ability].effects
    start, end = optional_group(effects, frame.next_effect)
    if accepted:
        tx.set_frame(index, replace(frame, chosen=start))
    else:
        tx.set_frame(index, replace(frame, next_effect=end, strikes_done=0))


def _whom(tx: Tx, frame: ResolvingAbility, affects: Affects) -> int | None:
    if affects is Affects.TARGET:
        uid = frame.target
    elif affects is Affects.SOURCE and frame.card in tx.units:
        uid = frame.card
    else:
        uid = frame.performer
    return uid if uid is not None and uid in tx.units else None


def _skip(tx: Tx, frame: ResolvingAbility, why: str, rule: str = "") -> None:
    name = tx.name(frame.card)
    tx.emit(EffectSkipped(seat=frame.seat, card=frame.card, name=name, why=why, rule=rule))


def _strike(tx: Tx, frame: ResolvingAbility, effect: Effect, effects: tuple[Effect, ...]) -> bool:
    """Push one strike of a STRIKE effect (509.5); False when it cannot be performed."""
    target = frame.target
    if frame.performer not in tx.units:
        _skip(tx, frame, "performer_left_play", "510.12")
        return False
    if target is None or target not in tx.units:
        _skip(tx, frame, "target_left_play", "511")
        return False
    ranged = effect.strike is StrikeKind.RANGED
    printed = tx.card(frame.performer).attack
    base = effect.amount if effect.amount is not None else (printed[0] if printed else 0)
    base += sum(
        e.amount or 0
        for e in effects
        if e.op is Op.MODIFY_STAT and e.duration is Duration.STRIKE and e.stat is not None
        and e.stat.value == "ATK"
    )  # fmt: skip
    if effect.stat is not None:  # "a bonus equal to this character's Skill" (510.4)
        base += _performer_stat(tx, frame, effect.stat)
    label = f"{tx.name(frame.card)} strike"
    spell = is_spell(tx.card(frame.card))  # 303.6: a spell's strike (602.5.1, 603.4)
    index = start_strike(tx, frame.performer, target, base, ranged=ranged, spell=spell,
                         label=label)  # fmt: skip
    if effect.wounds is not None:  # 509.5 step 5: "does not inflict wounds", "an additional"
        strike = tx.stack[index]
        assert isinstance(strike, Striking)
        wounds = 0 if effect.wounds == 0 else strike.wounds + effect.wounds - 1
        tx.set_frame(index, replace(strike, wounds=wounds))
    return True


def run_effect(tx: Tx, frame: ResolvingAbility, effect: Effect) -> None:
    """One effect primitive that needs no frame of its own (510.5 step 3)."""
    op, seat = effect.op, frame.seat
    if op in ON_TRIGGER:
        on_trigger(tx, frame, effect)
        return
    if effect.affects is Affects.OPPONENT:
        abilities_players.run(tx, frame, effect)  # 511.8: the player the effect chose
        return
    if op is Op.MOVE_WOUNDS:
        from engine.abilities_wounds import run as move_wounds

        move_wounds(tx, frame, effect)
        return
    if op is Op.DRAW:
        draw(tx, seat, effect.amount or 1, frame.card)
        return
    if op is Op.CREATE_TOKEN:
        _create_token(tx, frame, effect)
        return
    if op is Op.RETRIEVE and effect.affects is Affects.SOURCE:
        _retrieve_itself(tx, frame)
        return
    if op in (Op.DISCARD, Op.SEARCH, Op.RETRIEVE):
        from engine.choose_card import run_choice_effect

        run_choice_effect(tx, frame, effect)  # the performer's controller chooses the card
        return
    if op is Op.SURVEY:
        from engine.keywords import survey

        survey(tx, seat, frame.card, frame.performer)  # 602.17
        return
    if op is Op.RETURN_TO_HAND:
        in_action_zone = frame.card in tx.player(tx.owners[frame.card]).action_zone
        if frame.card in tx.units or in_action_zone:
            to_hand(tx, frame.card, "action" if in_action_zone else "play")
        return
    if op is Op.ATTACH:
        whom = _whom(tx, frame, effect.affects if effect.affects is not Affects.SOURCE
                     else Affects.TARGET)  # fmt: skip
        if whom is None:
            _skip(tx, frame, "target_left_play", "511")
        else:
            leave_action_zone(tx, frame.card)
            attach(tx, seat, frame.card, whom)
        return
    if op is Op.MODIFY_STAT and effect.duration is Duration.STRIKE:
        return  # added to the strike that follows (`_strike`)
    whom = _whom(tx, frame, effect.affects)
    if whom is None:
        _skip(tx, frame, "target_left_play", "511")
        return
    if op is Op.SAVE:
        _save(tx, frame, effect, whom)
        return
    apply_to(tx, frame, effect, whom)


def _retrieve_itself(tx: Tx, frame: ResolvingAbility) -> None:
    """ "Retrieve this card from your discard pile": the card goes from its owner's discard
    pile (405) to their hand, if it is still there."""
    owner = tx.owners[frame.card]
    if frame.card in tx.player(owner).discard:
        to_hand(tx, frame.card, "discard")
    else:
        _skip(tx, frame, "not_in_discard", "405.1")


def on_trigger(tx: Tx, frame: ResolvingAbility, effect: Effect) -> None:
    """A React's effect on its trigger (the frame is the top one): cancel the strike or
    action its window answers (510.10), or change the wounds of the strike (509.5 5-6)."""
    from engine.action_steps import cancel_under
    from engine.react_perform import change_strike

    index = len(tx.stack) - 1
    if effect.op is Op.REDIRECT:
        from engine.abilities_redirect import redirect_trigger

        redirect_trigger(tx, frame, effect, index)
        return
    if effect.op is Op.CANCEL:
        done = cancel_under(tx, index)
    else:
        done = change_strike(tx, index, effect.op.value, effect.amount or 1)
    if not done:
        from engine.react_perform import strike_under

        strike = strike_under(tx, index)
        if effect.op is Op.CANCEL and strike is not None:
            _skip(tx, frame, "true_strike", "602.14")
        else:
            _skip(tx, frame, "no_target", "510.10" if effect.op is Op.CANCEL else "509.5")


def _create_token(tx: Tx, frame: ResolvingAbility, effect: Effect) -> None:
    """703.9's standard token `effect.name`: a character token enters your formation (703.3),
    an item token is equipped to the character the text names, following the equip rules
    (703.4)."""
    from engine.cards.model import CardType
    from engine.cards.sample import standard_tokens
    from engine.effects import equip_token, put_character_token_into_play

    token = next(c for c in standard_tokens() if c.name.casefold() == effect.name.casefold())
    if token.functions_as is CardType.CHARACTER:
        put_character_token_into_play(tx, frame.seat, token)
        return
    whom = _whom(tx, frame, effect.affects)
    if whom is None:
        _skip(tx, frame, "target_left_play", "511")
    else:
        equip_token(tx, frame.seat, token, whom)


def apply_to(tx: Tx, frame: ResolvingAbility, effect: Effect, uid: int) -> None:
    op, seat = effect.op, frame.seat
    opposing = tx.units[uid].controller != seat
    if op in (Op.SPEND, Op.STUN) and opposing and stats.has_keyword(tx, uid, "Stalwart"):
        _skip(tx, frame, "stalwart", "602.18")
        return
    if op is Op.INFLICT_WOUNDS:
        inflict_wounds(tx, uid, effect.amount or 1, source=frame.card)
    elif op is Op.HEAL:
        heal(tx, uid, effect.amount)
    elif op is Op.SPEND:
        set_orientation(tx, uid, Orientation.SPENT, "ability_effect", "510.5")
    elif op is Op.STUN:
        set_orientation(tx, uid, Orientation.STUNNED, "ability_effect", "510.5")
    elif op is Op.READY:
        set_orientation(tx, uid, Orientation.READY, "ability_effect", "510.5")
    elif op is Op.KILL:
        kill(tx, uid, "510.5")
    elif op is Op.MOVE and effect.direction is Direction.FORWARD_OR_BACKWARD:
        from engine.keywords import ask_journey

        ask_journey(tx, seat, frame.card, uid)  # 602.4
    elif op is Op.MOVE:
        ranks = (effect.amount or 1) * (1 if effect.direction is Direction.FORWARD else -1)
        move_ranks(tx, uid, ranks, frame.card)
    elif op is Op.MODIFY_STAT and effect.stat is not None:
        until_end = effect.duration is Duration.END_OF_TURN
        amount = effect.amount or 0
        if effect.counted is not None:  # "equal to this character's level" (510.4)
            amount += _performer_stat(tx, frame, effect.counted)
        modify_stat(tx, seat, uid, effect.stat.value.lower(), amount, until_end)
    elif op is Op.ADD_COUNTERS:
        add_counters(tx, uid, effect.name or "counter", effect.amount or 1)
    elif op is Op.ATTACK:
        from engine.frames import Attacking
        from engine.strikes import melee_targets

        if tx.card(uid).attack and melee_targets(tx, uid):
            tx.push_frame(Attacking(tx.units[uid].controller, uid))
        else:
            _skip(tx, frame, "no_target", "507.3.4")


def _times(tx: Tx, frame: ResolvingAbility, effect: Effect) -> int:
    """How many strikes a STRIKE effect performs: "a number of strikes equal to this
    character's level" counts them as the effect is generated (510.4)."""
    if effect.counted is None:
        return effect.times
    return _performer_stat(tx, frame, effect.counted)


def _performer_stat(tx: Tx, frame: ResolvingAbility, stat: Stat) -> int:
    """The performer's level or skill as the effect was generated (510.4), else as it is now
    (0 once it has left play)."""
    if frame.stats_at_start:
        return frame.stats_at_start[0 if stat is Stat.LEVEL else 1]
    if frame.performer not in tx.units:
        return 0
    return getattr(stats, stat.value.lower(), stats.skill)(tx, frame.performer)


def _save(tx: Tx, frame: ResolvingAbility, effect: Effect, uid: int) -> None:
    """106: the character rolls d20 + its Skill against the DC; on a failure the `on_fail`
    effects happen to it (105: a natural 20 succeeds, a natural 1 fails)."""
    dc = effect.amount or 0
    if effect.stat is not None:
        dc += _performer_stat(tx, frame, effect.stat)
    types = save_damage_types(tx, frame.card, frame.ability)
    # A die roll Reacts may answer first (603.2); its failure effects run from its frame.
    start_check(tx, frame.seat, uid, dc, effect.name, "save", save=True, damage_types=types,
                effect=effect)  # fmt: skip
