"""Card text compiled into abilities: kinds, qualifiers, costs, react windows, effects (507-510).

The card texts here are invented for the tests, in the formulaic Warlord grammar.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards.abilities import (
    Ability,
    AbilityKind,
    Affects,
    CostKind,
    Direction,
    Duration,
    Effect,
    Means,
    Op,
    Performer,
    Qualifier,
    Stat,
    Status,
    StrikeKind,
    Who,
    Window,
    implementation_status,
)
from engine.cards.ability_grammar import compile_abilities
from engine.cards.model import CardType


def one(text: str, kind: CardType = CardType.CHARACTER, name: str = "Testa Vire") -> Ability:
    abilities = compile_abilities(text, name, kind)
    assert len(abilities) == 1, abilities
    return abilities[0]


def test_rule_510_6_spend_order_spends_the_performer_and_strikes() -> None:
    """510.6: "Some actions require that the character be spent as part of the cost of the
    action (usually, the action says "Spend Order:" or "Spend React:")"."""
    ability = one("Spend Order: Perform a +5 ranged strike.")
    assert ability.kind is AbilityKind.ORDER
    assert ability.qualifiers == (Qualifier.SPEND,) and ability.is_spend
    assert ability.effects == (Effect(Op.STRIKE, Affects.PERFORMER, 5, strike=StrikeKind.RANGED),)
    assert ability.automated and ability.performer is Performer.THIS_CHARACTER


def test_rule_509_5_react_before_suffering_wounds_reduces_them() -> None:
    """509.5 step 6a: "Reactions or effects that happen "before wounds" take place directly
    before this step"."""
    ability = one("React: Before this character suffers wounds: Reduce the wounds by one.")
    assert ability.kind is AbilityKind.REACT
    assert ability.trigger is not None
    assert ability.trigger.window is Window.BEFORE_WOUNDS
    assert ability.trigger.subject is Who.THIS
    assert ability.effects == (Effect(Op.REDUCE_WOUNDS, Affects.TRIGGER, 1),)
    assert ability.automated


@pytest.mark.parametrize(
    "text",
    ["Order: Once per turn: Move forward or backward one rank.",
     "Limited Order: Move forward or backward one rank."],
)  # fmt: skip
def test_rule_510_7_once_per_turn_is_limited(text: str) -> None:
    """510.7: "Limited actions may only be performed once during each turn. On older versions
    of cards, you may see something like "Order: Once per turn:"..."."""
    ability = one(text)
    assert ability.is_limited and ability.costs == ()
    assert ability.effects == (
        Effect(Op.MOVE, Affects.PERFORMER, 1, direction=Direction.FORWARD_OR_BACKWARD),
    )


@pytest.mark.parametrize(
    ("header", "window", "qualifier"),
    [("Death React", Window.DEATH, Qualifier.DEATH), ("Kill React", Window.KILL, Qualifier.KILL),
     ("Enter React", Window.ENTER_PLAY, Qualifier.ENTER)],
)  # fmt: skip
def test_rule_508_6_named_reacts_have_their_defined_trigger(
    header: str, window: Window, qualifier: Qualifier
) -> None:
    """508.6: "There are a number of named Reacts that are for specific, defined triggers that
    take the place of a longer sentence"."""
    ability = one(f"{header}: Draw a card.")
    assert ability.trigger is not None and ability.trigger.window is window
    assert ability.trigger.subject is Who.THIS and qualifier in ability.qualifiers
    assert ability.effects == (Effect(Op.DRAW, Affects.YOU, 1),)


def test_rule_510_2_costs_are_between_the_colons() -> None:
    """510.2: "The rest of the cost (if present) is printed between the first and second
    colons"."""
    ability = one(
        "Order: Discard two cards and target an opposing character within two ranks: "
        "The target suffers one wound."
    )
    kinds = [(c.kind, c.amount) for c in ability.costs]
    assert kinds == [(CostKind.DISCARD_CARDS, 2), (CostKind.TARGET, 1)]
    assert ability.costs[1].side is Who.OPPOSING and ability.costs[1].within_ranks == 2
    assert ability.effects == (Effect(Op.INFLICT_WOUNDS, Affects.TARGET, 1),)
    assert ability.automated


def test_rule_510_2_1_do_x_to_do_y_is_a_cost() -> None:
    """510.2.1: "Some older cards instruct you to "do X to do X". This is considered a cost"."""
    ability = one("Spend Order: Discard a card from your hand to perform a +4 ranged strike.")
    assert [c.kind for c in ability.costs] == [CostKind.DISCARD_CARDS]
    assert ability.effects[0].op is Op.STRIKE and ability.effects[0].amount == 4


def test_rule_510_20_destroy_and_item_costs() -> None:
    """510.20: "Some actions on items have the word "Destroy" in them"; an item's own name in a
    cost is the item."""
    destroy = one("Destroy React: Before this character suffers wounds: Reduce the wounds to zero.",
                  CardType.ITEM, "Glass Buckler")  # fmt: skip
    assert Qualifier.DESTROY in destroy.qualifiers and destroy.performer is Performer.BEARER
    assert destroy.effects == (Effect(Op.PREVENT_WOUNDS, Affects.TRIGGER),)
    spend = one("Order: Spend the Glass Buckler: Ready this character.", CardType.ITEM,
                "Glass Buckler")  # fmt: skip
    assert [c.kind for c in spend.costs] == [CostKind.SPEND_SOURCE]
    assert spend.effects == (Effect(Op.READY, Affects.PERFORMER),)


@pytest.mark.parametrize(
    ("trigger", "window", "subject", "means"),
    [
        ("Before this character performs a melee strike", Window.BEFORE_STRIKE, Who.THIS,
         Means.MELEE),
        ("Before targeting a ranged strike", Window.BEFORE_TARGETING, Who.ANY, Means.RANGED),
        ("After this character is targeted with a melee strike", Window.AFTER_TARGETING,
         Who.THIS, Means.MELEE),
        ("Before this character makes a melee strike roll", Window.BEFORE_ROLL, Who.THIS,
         Means.MELEE),
        ("After a character in your army rolls a natural 20", Window.AFTER_ROLL, Who.YOURS,
         Means.ANY),
        ("After Testa hits with a melee strike", Window.AFTER_HIT, Who.THIS, Means.MELEE),
        ("After an opposing character misses with a strike", Window.AFTER_MISS, Who.OPPOSING,
         Means.STRIKE),
        ("After target character suffers one or more wounds", Window.AFTER_WOUNDS, Who.TARGET,
         Means.ANY),
        ("Instead of suffering wounds", Window.INSTEAD_OF_WOUNDS, Who.ANY, Means.ANY),
        ("Before an opposing character casts a spell", Window.BEFORE_ACTION, Who.OPPOSING,
         Means.SPELL),
        ("After a character pays the cost of an action", Window.AFTER_COST, Who.ANY,
         Means.ACTION),
        ("After another character in your army is killed", Window.AFTER_DEATH,
         Who.ANOTHER_YOURS, Means.ANY),
        ("Before Testa dies", Window.DEATH, Who.THIS, Means.ANY),
        ("After Testa kills a character with a melee strike", Window.KILL, Who.THIS, Means.MELEE),
        ("After Testa enters play", Window.ENTER_PLAY, Who.THIS, Means.ANY),
        ("After a character in this rank falls forward", Window.FALL_FORWARD, Who.ANY, Means.ANY),
        ("After you win initiative", Window.INITIATIVE, Who.ANY, Means.ANY),
        ("Before this character makes a skill check", Window.BEFORE_CHECK, Who.THIS, Means.ANY),
    ],
)  # fmt: skip
def test_rule_508_1_every_trigger_answers_a_react_window(
    trigger: str, window: Window, subject: Who, means: Means
) -> None:
    """508.1: "A React will tell you exactly when to perform it, which is that React's
    "trigger." The trigger then begins a "react window"" (509.5, 510.5, 508.6, 401.6)."""
    ability = one(f"React: {trigger}: Draw a card.")
    assert ability.trigger is not None
    assert (ability.trigger.window, ability.trigger.subject, ability.trigger.means) == (
        window,
        subject,
        means,
    )
    assert ability.trigger.text == trigger


def test_rule_508_8_a_react_without_a_second_colon_still_has_its_trigger() -> None:
    """508.8: a React tells when to perform it; older texts run the effect on after a comma."""
    ability = one("React: Once per turn, after Testa kills a character, ready Testa.")
    assert ability.is_limited and ability.trigger is not None
    assert ability.trigger.window is Window.KILL
    assert ability.effects == (Effect(Op.READY, Affects.PERFORMER),)


def test_rule_508_1_an_unreadable_trigger_is_unknown_and_manual_text_is_kept() -> None:
    """508.1: a trigger the compiler cannot read answers every window (UNKNOWN); its text is
    kept so that nothing is silently skipped."""
    ability = one("React: Sing a song of mourning: Draw a card.")
    assert ability.trigger is not None and ability.trigger.window is Window.UNKNOWN
    assert not ability.automated
    assert implementation_status((ability,)) is Status.MANUAL


def test_an_effect_the_vocabulary_cannot_express_is_manual_with_its_text() -> None:
    text = "Order: Swap the hands of two players and laugh."
    ability = one(text)
    assert ability.manual and ability.effects == () and ability.effect_text in text
    assert ability.text == text


def test_static_text_is_manual_but_keyword_and_restriction_facts_make_no_ability() -> None:
    assert compile_abilities("Unique. Reach.", "Testa Vire", CardType.CHARACTER) == ()
    assert compile_abilities("Fighter only. +2 ATK.", "Axe", CardType.ITEM) == ()
    static = one("This character may not be targeted by actions.")
    assert static.kind is AbilityKind.STATIC and static.manual and not static.automated
    bonus = one("Your Elves gain +1 skill.")  # a static bonus the engine keeps (512.2)
    assert bonus.kind is AbilityKind.STATIC and bonus.automated


def test_an_order_after_static_sentences_on_the_same_line_is_its_own_ability() -> None:
    abilities = compile_abilities(
        "Knight only. Spend Order: Move this character forward one rank.", "Horse", CardType.ITEM
    )
    assert [a.kind for a in abilities] == [AbilityKind.ORDER]
    assert abilities[0].effects[0].direction is Direction.FORWARD


def test_saves_and_stat_changes_compile_with_their_durations() -> None:
    ability = one(
        "Order: Target a character within one rank: The target must succeed with a magic save "
        "(DC 14) or be stunned. This character gains +2 AC until end of turn."
    )
    save, stat = ability.effects
    assert (save.op, save.affects, save.amount, save.name) == (Op.SAVE, Affects.TARGET, 14, "Magic")
    assert save.on_fail == (Effect(Op.STUN, Affects.TARGET),)
    assert (stat.stat, stat.amount, stat.duration) == (Stat.AC, 2, Duration.END_OF_TURN)


def test_implementation_status_is_full_partial_or_manual() -> None:
    auto = one("Order: Draw a card.")
    manual = one("Order: Swap the hands of two players.")
    assert implementation_status(()) is Status.FULL
    assert implementation_status((auto,)) is Status.FULL
    assert implementation_status((auto, manual)) is Status.PARTIAL
    assert implementation_status((manual,)) is Status.MANUAL


@pytest.mark.parametrize(
    ("kind", "performer"),
    [(CardType.CHARACTER, Performer.THIS_CHARACTER), (CardType.ITEM, Performer.BEARER),
     (CardType.ACTION, Performer.CHARACTER_YOU_CONTROL), (CardType.DUNGEON, Performer.CONTROLLER)],
)  # fmt: skip
def test_rule_507_7_and_508_4_who_performs_a_cards_abilities(
    kind: CardType, performer: Performer
) -> None:
    """507.7 (Orders printed on characters and equipped items) and 508.4 ("Select a character
    you control to perform the action")."""
    assert one("Order: Draw a card.", kind).performer is performer


def test_rule_508_8_further_trigger_conditions_are_kept_unread_and_not_automated() -> None:
    """508.8: "Reacts may both tell you when to perform them and give a secondary or tertiary
    condition that must also be met": conditions beyond whose / what with stay as words."""
    ability = one("React: After a spent character in your army is killed: Perform a melee strike.")
    assert ability.trigger is not None and ability.trigger.window is Window.AFTER_DEATH
    assert ability.trigger.unread == "spent"
    assert not ability.automated and ability.effects  # offered at its window, checked by hand
    plain = one("React: After this character is targeted with a melee strike: Draw a card.")
    assert plain.trigger is not None and plain.trigger.unread == "" and plain.automated


def test_rule_508_10_rank_and_trait_conditions_are_read() -> None:
    """508.10: "if a trigger specifies something happening to a card that is in a particular
    rank or within a particular number of ranks" the reacting character must be there."""
    ability = one("React: After a Siege in this rank is killed: Perform a melee strike.")
    assert ability.trigger is not None
    assert (ability.trigger.within_ranks, ability.trigger.trait) == (0, "Siege")
    assert ability.trigger.unread == "" and ability.automated
    yours = one("React: After one of your Deverenians within two ranks is targeted with a "
                "melee strike: Draw a card.")  # fmt: skip
    assert yours.trigger is not None and yours.trigger.subject is Who.YOURS
    assert (yours.trigger.within_ranks, yours.trigger.trait, yours.trigger.unread) == (
        2,
        "Deverenian",
        "",
    )


def test_game_words_in_a_card_name_do_not_stand_for_the_card() -> None:
    """ "Wand of Earth" does not make "an Earth spell" a reference to the wand."""
    ability = one("React: After casting an Earth spell, destroy Wand of Earth: Ready this wizard.",
                  CardType.ITEM, "Wand of Earth")  # fmt: skip
    assert [c.kind for c in ability.costs] == [CostKind.DESTROY_SOURCE]
    assert ability.trigger is not None and ability.trigger.unread == "earth"


def test_rule_508_1_reacts_for_a_window_include_unreadable_triggers() -> None:
    """508.1: a React answers its trigger's window; one whose trigger cannot be read is
    offered at every window rather than never."""
    from engine.cards.abilities import orders, reacts_for

    abilities = compile_abilities(
        "Order: Draw a card.\nReact: Before this character suffers wounds: Reduce the wounds by "
        "one.\nReact: Sing a song: Draw a card.",
        "Testa Vire",
        CardType.CHARACTER,
    )
    assert [a.kind for a in orders(abilities)] == [AbilityKind.ORDER]
    assert len(reacts_for(abilities, Window.BEFORE_WOUNDS)) == 2
    assert [a.text for a in reacts_for(abilities, Window.KILL)] == [
        "React: Sing a song: Draw a card."
    ]


_WORDS = st.sampled_from(
    ["Order:", "React:", "Spend", "Limited", "Death React:", "After", "Before", "this character",
     "suffers", "wounds", ":", ",", ".", "Perform a +3 ranged strike", "target", "a character",
     "Once per turn", "Discard a card", "to", "Draw a card", "\n", "Testa", "\"Order: x\""]
)  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(st.lists(_WORDS | st.text(max_size=8), max_size=14).map(" ".join))
def test_any_text_compiles_without_error_and_keeps_its_text(text: str) -> None:
    """Nothing is dropped: every ability keeps its printed text, and a manual one its effect."""
    for ability in compile_abilities(text, "Testa Vire", CardType.CHARACTER):
        assert ability.text and all(word in text for word in ability.text.split())
        assert ability.effects or ability.manual


@pytest.mark.parametrize(
    ("effect", "expected"),
    [
        ("Perform a +8 ranged strike that inflicts an additional wound.",
         Effect(Op.STRIKE, amount=8, strike=StrikeKind.RANGED, wounds=2)),
        ("Perform a +4 melee strike that does not inflict wounds.",
         Effect(Op.STRIKE, amount=4, strike=StrikeKind.MELEE, wounds=0)),
        ("Perform a melee strike that may target an additional rank away.",
         Effect(Op.STRIKE, strike=StrikeKind.MELEE, reach=1)),
        ("Perform two consecutive +5 ranged strikes.",
         Effect(Op.STRIKE, amount=5, times=2, strike=StrikeKind.RANGED)),
        ("Perform a melee strike with an ATK of +4.",
         Effect(Op.STRIKE, amount=4, strike=StrikeKind.MELEE)),
    ],
)  # fmt: skip
def test_rule_509_3_1_strike_effects_with_their_base_wounds_and_reach(
    effect: str, expected: Effect
) -> None:
    """509.3.1: "If a card effect sets a strike's ATK to a certain value, then that modifier is
    used as the base ATK"; 509.5.5: "Strikes normally inflict one wound"."""
    assert one(f"Spend Order: {effect}").effects == (expected,)


@pytest.mark.parametrize(
    "text",
    ["Order: Target character within 2 ranks must succeed with a magic save (DC 16) or suffer a "
     "wound.",
     "Order: Target a character within two ranks, who must make a magic save (DC 16) or suffer "
     "a wound.",
     "Order: Target a character within two ranks. The target must succeed with a magic save "
     "(DC 16) or suffer a wound."],
)  # fmt: skip
def test_rule_510_5_targets_chosen_as_the_effect_begins(text: str) -> None:
    """510.5 step 3: "Generate the effects of the action (this may also include targeting)"."""
    ability = one(text, CardType.ACTION)
    assert [(c.kind, c.amount, c.within_ranks) for c in ability.costs] == [(CostKind.TARGET, 1, 2)]
    save = Effect(Op.SAVE, Affects.TARGET, 16, name="Magic",
                  on_fail=(Effect(Op.INFLICT_WOUNDS, Affects.TARGET, 1),))  # fmt: skip
    assert ability.effects == (save,) and ability.automated


def test_a_save_dc_may_add_the_performers_stat() -> None:
    ability = one(
        "Order: Target a character within one rank: The target must succeed with a magic save "
        "(DC 5 + this wizard's Skill) or be stunned.",
        CardType.ACTION,
    )
    assert ability.effects == (
        Effect(Op.SAVE, Affects.TARGET, 5, stat=Stat.SKILL, name="Magic",
               on_fail=(Effect(Op.STUN, Affects.TARGET),)),
    )  # fmt: skip


def test_words_inside_an_action_trigger_are_not_swallowed() -> None:
    """508.8: "a *Fire* action" is a condition, not part of the window's words."""
    ability = one("React: After a character you control performs a Fire action: Draw a card.")
    assert ability.trigger is not None and ability.trigger.window is Window.AFTER_ACTION
    assert ability.trigger.unread == "fire" and not ability.automated


def test_rule_203_4_2_a_sentence_restating_a_multi_class_cards_classes_is_a_fact() -> None:
    """203.4.2: a multi-class card has each of its classes; its text saying so again makes
    no ability, but only when the card has those classes."""
    text = "Kabyrr is a fighter and a wizard."
    assert compile_abilities(text, "Kabyrr", CardType.CHARACTER, ("Fighter", "Wizard")) == ()
    (kept,) = compile_abilities(text, "Kabyrr", CardType.CHARACTER, ("Fighter",))
    assert kept.kind is AbilityKind.STATIC and kept.manual
