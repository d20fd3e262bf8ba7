"""Effect texts joined across sentences: conditions, skill checks with their success and
failure, a strike's reach, saves whose failure does several things (ability_compose)."""

from __future__ import annotations

from engine.cards.abilities import Affects, Check, Direction, Duration, Effect, Op, Stat
from engine.cards.ability_compose import compile_effect


def test_a_condition_before_or_after_an_effect_is_kept_on_it() -> None:
    (before,) = compile_effect("if this character is a ranger, ready this character.", False)
    assert before.op is Op.READY and before.condition is not None
    assert (before.condition.check, before.condition.name) == (Check.IS, "Ranger")
    (after,) = compile_effect("draw a card if this character is in the first rank.", False)
    assert after.op is Op.DRAW and after.condition and after.condition.amount == 1


def test_strikes_and_unknown_conditions_are_not_made_conditional() -> None:
    assert (
        compile_effect("if this character is a ranger, perform a +2 ranged strike.", True) is None
    )
    assert compile_effect("if you have more cards than your opponent, draw a card.", False) is None


def test_a_check_with_what_success_and_failure_do() -> None:
    (check,) = compile_effect(
        "make a charisma check (dc 15). if successful, ready this character. "
        "if unsuccessful, stun this character.",
        False,
    )
    assert (check.op, check.affects, check.amount, check.name) == (
        Op.CHECK, Affects.PERFORMER, 15, "Charisma",
    )  # fmt: skip
    assert [e.op for e in check.then] == [Op.READY]
    assert [e.op for e in check.on_fail] == [Op.STUN]
    (to,) = compile_effect(
        "succeed with a medicine check (dc 12) to remove one wound from the target.", True
    )
    assert to.then == (Effect(Op.HEAL, Affects.TARGET, 1),)


def test_a_strike_reach_printed_after_it_joins_the_strike() -> None:
    (strike,) = compile_effect(
        "perform a +2 ranged strike against the target. "
        "the target may be one additional rank away.",
        True,
    )
    assert strike.op is Op.STRIKE and strike.reach == 1


def test_a_save_failure_with_several_effects() -> None:
    (save,) = compile_effect(
        "the target must succeed with a magic save (dc 15) or be moved back one rank and "
        "lose 1 atk permanently.",
        True,
    )
    move, stat = save.on_fail
    assert (move.op, move.direction, move.amount) == (Op.MOVE, Direction.BACKWARD, 1)
    assert (stat.stat, stat.amount, stat.duration) == (Stat.ATK, -1, Duration.PERMANENT)
    # what follows a save's "or ..." may belong to the failure: read by hand
    text = (
        "the target must succeed with a magic save (dc 15) or lose 1 atk permanently, and "
        "this character gains +1 atk permanently."
    )
    assert compile_effect(text, True) is None


def test_common_wordings_of_known_effects() -> None:
    (back,) = compile_effect("move this character back one rank, if possible.", False)
    assert (back.op, back.direction) == (Op.MOVE, Direction.BACKWARD)
    (extra,) = compile_effect("the strike inflicts two additional wounds if it hits.", False)
    assert (extra.op, extra.affects, extra.amount) == (Op.EXTRA_WOUNDS, Affects.TRIGGER, 2)
    (none,) = compile_effect("the strike inflicts no wounds.", False)
    assert none.op is Op.PREVENT_WOUNDS
    (kill,) = compile_effect("kill the target character.", True)
    assert (kill.op, kill.affects) == (Op.KILL, Affects.TARGET)
    (bonus,) = compile_effect("this character is +2 atk for the duration of the strike.", False)
    assert (bonus.op, bonus.duration) == (Op.MODIFY_STAT, Duration.STRIKE)


def test_a_condition_on_your_warlord() -> None:
    (ready,) = compile_effect("if your warlord is a dwarf, ready this character.", False)
    assert ready.condition is not None
    assert (ready.condition.who, ready.condition.name) == (Affects.WARLORD, "Dwarf")


def test_a_stat_change_of_a_group_until_the_end_of_the_turn() -> None:
    effects = compile_effect(
        "all characters in this rank gain +1 ac and +1 atk until end of turn.", False
    )
    assert [(e.affects, e.stat, e.duration) for e in effects] == [
        (Affects.RANK, Stat.AC, Duration.END_OF_TURN),
        (Affects.RANK, Stat.ATK, Duration.END_OF_TURN),
    ]
    (dwarves,) = compile_effect("until the end of the turn, your dwarves gain +2 ac.", False)
    assert (dwarves.affects, dwarves.name, dwarves.amount) == (Affects.ARMY, "Dwarf", 2)


def test_an_optional_effect_keeps_its_printed_words() -> None:
    """510.22: "If you begin an action, you cannot choose to voluntarily stop the action, or
    leave out any part of the effect that can legally be performed": a part printed "you
    may" is one its performer may leave out, so it is compiled as optional, not forced."""
    ready, draw = compile_effect("ready this character. you may draw a card.", False)
    assert (ready.op, ready.optional) == (Op.READY, "")
    assert (draw.op, draw.amount, draw.optional) == (Op.DRAW, 1, "you may draw a card")
    (strike,) = compile_effect("this character may perform a +2 melee strike.", True)
    assert (
        strike.op is Op.STRIKE and strike.optional == "this character may perform a +2 melee strike"
    )
    (attack,) = compile_effect("this character may perform an attack.", False)
    assert attack.op is Op.ATTACK and attack.optional


def test_an_optional_sentence_of_several_effects_is_one_choice() -> None:
    both = compile_effect("you may ready this character and draw a card.", False)
    assert [e.op for e in both] == [Op.READY, Op.DRAW]
    assert {e.optional for e in both} == {"you may ready this character and draw a card"}


def test_a_condition_around_an_optional_effect() -> None:
    (move,) = compile_effect("if this character is a ranger, he may move forward one rank.", False)
    assert move.op is Op.MOVE and move.optional == "he may move forward one rank"
    assert move.condition is not None and move.condition.name == "Ranger"


def test_optional_effects_inside_a_check_stay_manual() -> None:
    """What a check's success does is run at once: an optional part there is read by hand."""
    text = "make a charisma check (dc 15). if successful, you may draw a card."
    assert compile_effect(text, False) is None
    assert compile_effect("you may not draw cards.", False) is None


def test_an_effect_if_the_strike_hits_reads_the_strike_before_it() -> None:
    """509.5 4b: "if the strike hits" / "if it misses" is a condition on the one strike
    printed before it; with none, or with several strikes, the text stays manual."""
    strike, spend = compile_effect(
        "perform a +4 ranged strike. if the strike hits, spend the target.", True
    )
    assert strike.op is Op.STRIKE and spend.op is Op.SPEND and spend.affects is Affects.TARGET
    assert spend.condition is not None
    assert (spend.condition.check, spend.condition.negate) == (Check.HIT, False)
    _, stun = compile_effect("perform a melee strike. if it misses, stun this character.", True)
    assert stun.condition is not None and stun.condition.negate
    assert compile_effect("if the strike hits, spend the target.", True) is None
    assert (
        compile_effect("perform two +4 ranged strikes. if the strike hits, spend the target.", True)
        is None
    )


def test_the_target_after_a_strike_hits_is_the_strikes_target() -> None:
    """ "Perform a +4 ranged strike that does not inflict wounds. If the strike hits, spend
    the target.": the strike's target is chosen as the ability is performed (510.5), and
    "the target" of what its hit does is that one."""
    strike, spend = compile_effect(
        "perform a +4 ranged strike that does not inflict wounds. "
        "if the strike hits, spend the target.",
        False,
    )
    assert strike.wounds == 0 and spend.affects is Affects.TARGET


def test_a_hit_that_stuns_or_moves_instead_of_wounding() -> None:
    """509.5 6c: the strike inflicts no wounds, and its hit stuns (or moves) the target."""
    for text, op in (
        ("perform a +5 ranged strike. if the strike hits, the target is stunned instead of "
         "wounded.", Op.STUN),
        ("perform a +0 ranged strike that stuns the target instead of inflicting wounds.", Op.STUN),
        ("perform a +6 ranged strike. if the strike hits, move the target back one rank instead "
         "of wounding him.", Op.MOVE),
    ):  # fmt: skip
        strike, then = compile_effect(text, False)
        assert strike.wounds == 0 and then.op is op and then.affects is Affects.TARGET
        assert then.condition is not None and then.condition.check is Check.HIT
