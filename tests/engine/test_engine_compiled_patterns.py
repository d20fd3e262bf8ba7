"""Effect wordings compiled from card text and run by the engine (issue 10, section 2): card
filters of several words, targets described by their state and card, a player chosen, an
action redirected, wounds moved, a card retrieving itself. Driven by position files."""

from __future__ import annotations

from engine import DecisionKind, GameState, legal_actions
from engine.actions import Attack, Choose, PerformAbility
from engine.cards.abilities import Stat
from engine.events import Rolled, StatModified
from engine.position import load_position
from engine.state import Orientation
from engine.stats import attack_bonus
from engine.view import view
from tests.engine.position_play import load, play, position_data


def uid(state: GameState, name: str, seat: int | None = None) -> int:
    """The instance of card `name` (in seat `seat`'s zones or play when given)."""
    found = [i for i in range(len(state.instances)) if state.card(i).name == name]
    if seat is not None:
        player = state.players[seat]
        mine = {*player.hand, *player.deck, *player.discard}
        mine |= {u for u, unit in state.units.items() if unit.controller == seat}
        found = [i for i in found if i in mine]
    assert found, name
    return found[0]


def test_rule_212_1_a_search_reads_several_attributes_and_a_non() -> None:
    """212.1: "Attributes are defined as a card's non-numerical aspects that may affect game
    play. This includes their traits, keywords, alignment, action type, and Damage Type."
    Census looks for "a level 2 or lower non-Elf Human character": of the deck, only the
    level 1 and 2 Humans qualify (not the Elf, the level 3 Human nor the Dwarf)."""
    state = load("compiled-filters.json")
    census, raider = uid(state, "Census"), uid(state, "Grunt Raider")
    asked, _ = play(state, PerformAbility(0, census, 0, raider))
    decision = asked.pending[0]
    assert (decision.kind, decision.rule) == (DecisionKind.CHOOSE_CARD, "701.1")
    names = sorted(asked.card(c).name for c in decision.options)
    assert names == ["Freeblade Veteran", "Sellsword Recruit"]
    done, events = play(asked, Choose(0, decision.options[0]))
    assert decision.options[0] in done.players[0].hand
    assert any(e.kind == "card_revealed" for e in events)


def test_rule_212_1_either_of_two_attributes_from_the_discard_pile() -> None:
    """212.1 (traits are attributes): "an Undead or Goblin card" from the discard pile is
    the Goblin, not the Orc nor the Action."""
    state = load("compiled-filters.json")
    sifting, raider = uid(state, "Grave Sifting"), uid(state, "Grunt Raider")
    asked, _ = play(state, PerformAbility(0, sifting, 0, raider))
    assert [asked.card(c).name for c in asked.pending[0].options] == ["Sneakblade Goblin"]


def test_rule_511_2_a_target_described_by_its_state_and_character_type() -> None:
    """511.2: "An action targets a character or other card if it says it does (e.g.,
    "Target an opposing character within one rank")". The Siege Drill's "target a stunned
    non-Warlord character within two ranks" offers the two stunned non-Warlords only (not
    the ready Thornweaver nor the stunned Warlord), and wounds the one chosen."""
    state = load("compiled-filters.json")
    drill = uid(state, "Siege Drill")
    offered = {
        a.target for a in legal_actions(state, 0)
        if isinstance(a, PerformAbility) and a.card == drill
    }  # fmt: skip
    sentinel, initiate = uid(state, "Glade Sentinel", 1), uid(state, "Moonwell Initiate", 1)
    assert offered == {sentinel, initiate}
    assert all(state.units[t].orientation is Orientation.STUNNED for t in offered)
    done, _ = play(state, PerformAbility(0, drill, 0, drill, initiate))
    assert initiate in done.players[1].discard  # 1 hit point: the wound kills it (104.2)


def test_rule_405_1_a_card_retrieves_itself_from_the_discard_pile() -> None:
    """405.1: "Your discard pile is where all your cards go if they are killed, discarded,
    or destroyed." Lucky Charm, in seat 1's discard pile, answers a melee strike targeting
    one of seat 1's characters (a React usable from there, 508.2) and returns itself to its
    owner's hand: the engine runs it, nothing is left to resolve by hand."""
    state = load("compiled-effects.json")
    raider, charm = uid(state, "Grunt Raider"), uid(state, "Lucky Charm")
    targeted, _ = play(state, Attack(0, raider), Choose(0, uid(state, "Glade Sentinel", 1)))
    react = next(
        a for a in legal_actions(targeted, 1) if isinstance(a, PerformAbility) and a.card == charm
    )
    done, events = play(targeted, react)
    assert charm in done.players[1].hand and charm not in done.players[1].discard
    performed = next(e for e in events if e.kind == "ability_performed")
    assert performed.automated
    moved = next(e for e in events if e.kind == "card_to_hand")
    assert (moved.card, moved.zone) == (charm, "discard")


def test_rule_511_8_an_opposing_player_chosen_draws_a_card() -> None:
    """511.8: "Some actions do not target other cards (511.7), but they do target players."
    Fate Whisper's "Choose an opposing player who draws a card": with one opponent there is
    nothing to ask; seat 1 draws the top card of its deck."""
    state = load("compiled-effects.json")
    whisper, raider = uid(state, "Fate Whisper"), uid(state, "Grunt Raider")
    top = state.players[1].deck[0]
    done, events = play(state, PerformAbility(0, whisper, 0, raider))
    assert top in done.players[1].hand and len(done.players[0].hand) == 1
    assert next(e for e in events if e.kind == "ability_performed").automated
    assert [e.seat for e in events if e.kind == "card_drawn"] == [1]


def test_rule_511_8_1_a_player_chosen_discards_a_card_of_their_choice() -> None:
    """511.8.1: an action targets a player if it "causes the player to draw, discard, banish
    or otherwise change the zone of a card in a player's hand or deck." Kiss of Lethe's
    "Target a player who must discard a card from his or her hand": seat 0 chooses among
    both players, then the player chosen chooses the card (its hand stays hidden from the
    other seat)."""
    state = load("compiled-effects.json")
    kiss, raider = uid(state, "Kiss of Lethe"), uid(state, "Grunt Raider")
    asked, _ = play(state, PerformAbility(0, kiss, 0, raider))
    choice = asked.pending[0]
    assert (choice.seat, choice.kind, choice.rule) == (0, DecisionKind.EFFECT_CHOICE, "511.8")
    assert "Seat 1" in choice.prompt
    second = asked.pending[0].options[1]
    discarding, _ = play(asked, Choose(0, second))
    decision = discarding.pending[0]
    archer = uid(state, "Bough Archer")
    assert (decision.seat, decision.kind, decision.options) == (
        1, DecisionKind.CHOOSE_CARD, (archer,),
    )  # fmt: skip
    assert view(discarding, 0)["pending"][0]["options"] == []  # its hand stays hidden
    done, _ = play(discarding, Choose(1, archer))
    assert archer in done.players[1].discard and done.players[1].hand == ()


def test_rule_511_6_an_action_is_redirected_to_an_adjacent_character() -> None:
    """511.6: "Redirection is defined as causing the target of a strike or action to be
    changed ... the new target must be a legal choice as a target". Bolt Caster's Order
    targets Glade Sentinel; seat 1's Mirror Ward answers it after the target is chosen (510.5
    step 2) and redirects it to the only adjacent character, Thornweaver, which suffers the
    wound instead."""
    data = position_data("compiled-effects.json")
    data["seats"][1]["hand"] = ["Mirror Ward"]
    state = load_position(data)
    caster, ward = uid(state, "Bolt Caster"), uid(state, "Mirror Ward")
    sentinel, thornweaver = uid(state, "Glade Sentinel", 1), uid(state, "Thornweaver", 1)
    targeted, _ = play(state, PerformAbility(0, caster, 0, caster, sentinel))
    react = next(
        a for a in legal_actions(targeted, 1) if isinstance(a, PerformAbility) and a.card == ward
    )
    done, events = play(targeted, react)
    redirected = next(e for e in events if e.kind == "strike_redirected")
    assert (redirected.what, redirected.card, redirected.target) == ("action", caster, thornweaver)
    wounded = [e.card for e in events if e.kind == "wounds_inflicted"]
    assert wounded == [thornweaver] and sentinel in done.units
    assert done.units[sentinel].wounds == 0


def test_rule_603_3_defend_redirects_an_action_to_this_character() -> None:
    """603.3: "Defend - Limited React: After your adjacent character is targeted with a
    strike or action, succeed with a Defend check (DC 20): Redirect the strike or action to
    this character." Swamp Hexer's Order targets Stonewarden; Anvil Guard, next to it,
    succeeds (a natural 20) and takes the Order's save, which it fails (2): it is stunned."""
    data = position_data("rules-stalwart-vs-stun.json")
    data["dice"] = [20, 2]
    state = load_position(data)
    hexer, stonewarden = uid(state, "Swamp Hexer"), uid(state, "Stonewarden")
    guard = uid(state, "Anvil Guard")
    targeted, _ = play(state, PerformAbility(0, hexer, 0, hexer, stonewarden))
    defend = next(
        a for a in legal_actions(targeted, 1) if isinstance(a, PerformAbility) and a.card == guard
    )
    done, events = play(targeted, defend)
    redirected = next(e for e in events if e.kind == "strike_redirected")
    assert (redirected.what, redirected.target) == ("action", guard)
    assert done.units[guard].orientation is Orientation.STUNNED
    assert done.units[stonewarden].orientation is Orientation.READY


def test_rule_104_1_wounds_moved_to_another_character() -> None:
    """104.1: "When a character takes wounds, you will place something on that character to
    note the number of wounds taken". Hearth Mender moves "one or more wounds" from
    Forgefather's Champion (2 wounds) to another character of its army: its controller
    chooses Elder Hammerlord, then how many (both); the wounds leave one and are placed on
    the other."""
    state = load("compiled-wounds.json")
    mender, champion = uid(state, "Hearth Mender"), uid(state, "Forgefather's Champion")
    hammerlord = uid(state, "Elder Hammerlord")
    offered = {
        a.target for a in legal_actions(state, 0)
        if isinstance(a, PerformAbility) and a.card == mender
    }  # fmt: skip
    assert champion in offered and mender not in offered  # "another Dwarf"
    asked, _ = play(state, PerformAbility(0, mender, 0, mender, champion))
    where = asked.pending[0]
    assert (where.kind, where.rule) == (DecisionKind.CHOOSE_CARD, "104.1")
    assert hammerlord in where.options and champion not in where.options
    counted, _ = play(asked, Choose(0, hammerlord))
    how_many = counted.pending[0]
    assert (how_many.kind, how_many.rule, how_many.options) == (
        DecisionKind.EFFECT_CHOICE, "104.1", (0, 1),
    )  # fmt: skip
    done, events = play(counted, Choose(0, 1))  # both wounds
    assert done.units[champion].wounds == 0 and done.units[hammerlord].wounds == 2
    assert [e.kind for e in events if e.kind in ("healed", "wounds_inflicted")] == [
        "healed", "wounds_inflicted",
    ]  # fmt: skip


def test_rule_510_23_a_water_action_said_in_its_text_is_a_frost_action() -> None:
    """510.23: "If anything refers to the "Water trait" or "Water action" it should be treated
    as "Frost trait" or "Frost action", respectively." "This is a Water action." after an
    effect names the ability's damage type (Frost) and is no effect of its own: the strike
    before it is automated."""
    from engine.cards.ability_grammar import compile_abilities
    from engine.cards.model import CardType

    text = "Spend Order: Perform a +3 ranged strike. This is a Water action."
    (ability,) = compile_abilities(text, "Ice Lance Adept", CardType.CHARACTER)
    assert ability.automated and ability.element == "Frost"
    assert [e.op.value for e in ability.effects] == ["strike"]
    (spell,) = compile_abilities(
        "Order: Perform a +3 ranged strike. This is a Water action and a spell.", "Adept",
        CardType.CHARACTER,
    )  # fmt: skip
    assert spell.manual  # "and a spell" is more than a damage type


def test_rule_510_6_an_attack_performed_without_spending() -> None:
    """510.6: "If it does not require spending, then a character may perform the action while
    spent and, if ready, does not become spent by performing it." The Frenzied Reaver's
    "Order: Perform an attack without spending." attacks (507.3: its printed strike, at an
    opposing character) and leaves it ready, unlike the usual attack (a Spend Order)."""
    state = load("compiled-attack.json")
    reaver = uid(state, "Frenzied Reaver")
    asked, events = play(state, PerformAbility(0, reaver, 0, reaver))
    decision = asked.pending[0]
    assert (decision.kind, decision.rule) == (DecisionKind.STRIKE_TARGET, "507.3, 509.5")
    thornweaver = uid(asked, "Thornweaver")
    assert decision.options == (thornweaver,)
    done, events = play(asked, Choose(0, thornweaver))
    kinds = [e.kind for e in events]
    assert kinds[:3] == ["strike_declared", "roll", "wounds_inflicted"]
    assert "attack_ended" in kinds
    assert done.units[reaver].orientation is Orientation.READY
    attacked, _ = play(state, Attack(0, reaver), Choose(0, thornweaver))
    assert attacked.units[reaver].orientation is Orientation.SPENT  # 507.3: "Spend Order"


def test_rule_510_6_druids_perform_this_action_without_spending() -> None:
    """510.6: "Some actions require that the character be spent as part of the cost of the
    action ... If it does not require spending, then a character may perform the action while
    spent and, if ready, does not become spent by performing it." Verdant Surge, a Spend
    Order that "Druids perform ... without spending": the spent Thornweaver (a Druid) may
    perform it and stays spent without being spent again; the Astral Wayfarer (no Druid)
    pays the Spend as usual."""
    state = load("compiled-spend-waiver.json")
    surge = uid(state, "Verdant Surge")
    thornweaver, wayfarer = uid(state, "Thornweaver"), uid(state, "Astral Wayfarer")
    (ability,) = state.card(surge).abilities  # the sentence is no ability of its own
    assert ability.is_spend and ability.spend_waived == "druids"
    offered = {
        a.character for a in legal_actions(state, 0)
        if isinstance(a, PerformAbility) and a.card == surge
    }  # fmt: skip
    assert {thornweaver, wayfarer} <= offered
    done, events = play(state, PerformAbility(0, surge, 0, thornweaver))
    assert [e.kind for e in events if e.kind in ("orientation_changed", "card_drawn")] == [
        "card_drawn"
    ]
    assert done.units[thornweaver].orientation is Orientation.SPENT
    paid, events = play(state, PerformAbility(0, surge, 0, wayfarer))
    assert paid.units[wayfarer].orientation is Orientation.SPENT
    assert "orientation_changed" in [e.kind for e in events]


def test_rule_510_4_a_strike_bonus_equal_to_this_characters_skill() -> None:
    """510.4: "Any variables that are part of an action's effect are set when the effect is
    generated ... (i.e., an effect based on a character's stat such as level, skill, or
    alignment will not change if that stat does". The Keen-Eyed Hunter (Skill 3) performs
    "a ranged strike with a bonus equal to this character's Skill": a +3 strike."""
    state = load("compiled-counted.json")
    hunter = uid(state, "Keen-Eyed Hunter")
    (ability,) = state.card(hunter).abilities
    assert ability.automated and [(e.op.value, e.amount, e.stat) for e in ability.effects] == [
        ("strike", 0, Stat.SKILL)
    ]
    (act,) = [
        a for a in legal_actions(state, 0) if isinstance(a, PerformAbility) and a.card == hunter
    ]
    _, events = play(state, act)
    (rolled,) = [e for e in events if isinstance(e, Rolled)]
    assert rolled.roll.modifiers == (("Keen-Eyed Hunter strike", 3),)
    assert (rolled.roll.kept, rolled.roll.total) == (18, 21)


def test_rule_510_4_a_stat_bonus_equal_to_this_characters_level() -> None:
    """510.4 (a variable is set when the effect is generated): the Battle Chaplain (level 3)
    gives the Keen-Eyed Hunter "a bonus to ATK equal to this character's level until end of
    turn": +3 ATK until the end of the turn."""
    state = load("compiled-counted.json")
    chaplain, hunter = uid(state, "Battle Chaplain"), uid(state, "Keen-Eyed Hunter")
    before = attack_bonus(state, hunter)
    done, events = play(state, PerformAbility(0, chaplain, 0, chaplain, hunter))
    assert [(e.stat, e.amount, e.until) for e in events if isinstance(e, StatModified)] == [
        ("atk", 3, "end_of_turn")
    ]
    assert attack_bonus(done, hunter) == before + 3


def test_rule_510_4_a_number_of_strikes_equal_to_this_characters_level() -> None:
    """510.4 (a variable is set when the effect is generated): the Volley Adept (level 2)
    performs "a number of +0 ranged strikes equal to this character's level": two strikes."""
    state = load("compiled-counted.json")
    adept = uid(state, "Volley Adept")
    (act,) = [
        a for a in legal_actions(state, 0) if isinstance(a, PerformAbility) and a.card == adept
    ]
    _, events = play(state, act)
    rolled = [e for e in events if isinstance(e, Rolled)]
    assert [e.roll.modifiers for e in rolled] == [(("Volley Adept strike", 0),)] * 2
