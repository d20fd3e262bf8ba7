"""Static abilities in play (512.2): stat bonuses and extra wounds printed as static text,
kept up to date by the engine (engine.statics). Texts are short generic sentences."""

from __future__ import annotations

from dataclasses import replace

from engine_factories import item, scripted, set_ranks, set_unit, two_player_game

from engine import GameState, stats
from engine.cards.ability_grammar import compile_abilities
from engine.events import Rolled, WoundsInflicted
from engine.state import Orientation
from engine.strikes import strike
from engine.tx import Tx


def _printing(state: GameState, uid: int, text: str) -> GameState:
    """The same game where the card of instance `uid` prints `text` (compiled)."""
    old = state.card(uid)
    new = replace(old, text=text, abilities=compile_abilities(text, old.name, old.type))
    return replace(state, cards={**state.cards, state.instances[uid]: new})


def _front(state: GameState, seat: int = 0) -> tuple[int, ...]:
    return state.players[seat].ranks[0]


def test_rule_512_2_a_static_bonus_applies_while_its_card_is_in_play() -> None:
    """512.2: "A static effect is an "always on" card effect ... part of the game text of a
    card in play"; 512.7: they "only affect cards in play"."""
    state, _ = two_player_game()
    a, b = _front(state)[:2]
    before = (stats.armor_class(state, a), stats.armor_class(state, b))
    state = _printing(state, a, "This character gets +2 AC.")
    assert (stats.armor_class(state, a), stats.armor_class(state, b)) == (
        before[0] + 2,
        before[1],
    )


def test_rule_401_10_adjacent_and_rank_bonuses_follow_the_formation() -> None:
    """401.10: adjacent characters are "directly next to" each other in a rank; 512.5: an
    effect tied to a card's position follows that card."""
    state, _ = two_player_game()
    a, b, c = _front(state)[:3]
    plain = {u: stats.attack_bonus(state, u) for u in (a, b, c)}
    state = _printing(state, a, "Adjacent characters gain +1 ATK.")
    state = set_ranks(state, 0, [[a, b, c], list(state.players[0].ranks[1])])
    assert [stats.attack_bonus(state, u) - plain[u] for u in (a, b, c)] == [0, 1, 0]
    state = set_ranks(state, 0, [[b, a, c], list(state.players[0].ranks[1])])
    assert [stats.attack_bonus(state, u) - plain[u] for u in (a, b, c)] == [0, 1, 1]
    ranked = _printing(state, a, "Characters in this rank get +1 ATK.")
    assert [stats.attack_bonus(ranked, u) - plain[u] for u in (a, b, c)] == [1, 1, 1]
    others = stats.attack_bonus(ranked, _front(ranked, 1)[0])
    assert others == stats.attack_bonus(state, _front(state, 1)[0])  # not the other formation


def test_rule_512_2_a_conditional_static_bonus_holds_only_while_its_condition_does() -> None:
    """512.2 with its printed condition: "While this character is spent, he has +2 AC"."""
    state, _ = two_player_game()
    a = _front(state)[0]
    state = _printing(state, a, "While this character is spent, he has +2 AC.")
    ready = stats.armor_class(state, a)
    spent = set_unit(state, a, orientation=Orientation.SPENT)
    assert stats.armor_class(spent, a) == ready + 2


def test_rule_509_5_static_extra_wounds_add_to_what_a_hit_inflicts() -> None:
    """509.5 step 5: "If the strike hits, determine how many wounds are inflicted. Strikes
    normally inflict one wound." Static text adds to it; the roll shows the static ATK."""
    state, _ = two_player_game()
    a, target = _front(state)[0], _front(state, 1)[0]
    text = "This character inflicts an additional wound with melee strikes. He has +1 ATK."
    state = _printing(state, a, text)
    state = set_unit(state, target, wounds=0)
    state = replace(state, cards={**state.cards, state.instances[target]: replace(
        state.card(target), hit_points=5)})  # fmt: skip
    tx = Tx(scripted(state, [20]))
    assert strike(tx, a, target, 0)
    wounds = [e for e in tx.events if isinstance(e, WoundsInflicted)]
    assert [w.amount for w in wounds] == [2]
    roll = next(e for e in tx.events if isinstance(e, Rolled)).roll
    assert ("ongoing effects", 1) in roll.modifiers


def test_rule_512_2_an_equipped_items_static_text_acts_through_its_bearer() -> None:
    """507.7.2 / 512.2: an equipped item is in play; "this character" is its bearer."""
    state, _ = two_player_game()
    a, b = _front(state)[:2]
    banner = replace(item("banner"), text="Adjacent characters gain +2 AC.")
    banner = replace(banner, abilities=compile_abilities(banner.text, "Banner", banner.type))
    state = replace(
        state,
        cards={**state.cards, "banner": banner},
        instances=(*state.instances, "banner"),
        owners=(*state.owners, 0),
    )
    uid = len(state.instances) - 1
    before = stats.armor_class(state, b)
    state = set_unit(state, a, items=(uid,))
    state = set_ranks(state, 0, [[a, b], *[list(r) for r in state.players[0].ranks[1:]]])
    assert stats.armor_class(state, b) == before + 2
