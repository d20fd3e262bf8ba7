"""Position files (engine/position.py, docs/position-format.md), driven by the files in
tests/engine/positions."""

from __future__ import annotations

import copy
import json
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

from engine import Choose, DecisionKind, EngineError, GameConfig, GameState, apply, events_for
from engine.actions import Action, action_from_dict
from engine.cards.sample import sample_catalog, sample_decks_for
from engine.playout import random_playout
from engine.position import PositionError, build_position, load_position, open_position
from engine.position_write import position_to_dict, record_start
from engine.rng import Rng
from engine.state import Format, Orientation, Phase

POSITIONS = Path(__file__).parent / "positions"
FILES = sorted(POSITIONS.glob("*.json"))


def read(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((POSITIONS / name).read_text(encoding="utf-8"))
    return data


def play(state: GameState, *actions: dict[str, Any]) -> tuple[GameState, list[dict[str, Any]]]:
    events: list[dict[str, Any]] = []
    for raw in actions:
        transition = apply(state, action_from_dict(raw))
        events += events_for(transition.events, None)
        state = transition.state
    return state, events


def rolls(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e["roll"] for e in events if "roll" in e]


def same_state(a: GameState, b: GameState) -> list[str]:
    """Fields that differ (the count of applied actions belongs to a record, not a position)."""
    return [
        f.name
        for f in fields(a)
        if f.name != "actions_applied" and getattr(a, f.name) != getattr(b, f.name)
    ]


def instance(state: GameState, name: str) -> int:
    return next(i for i in range(len(state.instances)) if state.card(i).name == name)


# rules, driven by the example files -------------------------------------------------------


def test_rule_602_5_odd_natural_roll_misses_a_planar_character() -> None:
    """602.5: "When performing a melee or ranged strike against a Planar character, an odd die
    roll (the "natural" roll ...) is a miss, even if the strike's total is equal to or greater
    than the target's AC." The file fixes the dice at 19 then 20."""
    state = load_position(read("planar-strike.json"))
    troll, wayfarer = instance(state, "Bog Troll"), instance(state, "Astral Wayfarer")
    state, events = play(
        state,
        {"type": "attack", "seat": 1, "character": troll},
        {"type": "choose", "seat": 1, "option": wayfarer},
        {"type": "choose", "seat": 1, "option": wayfarer},
    )
    first, second = rolls(events)
    assert first["naturals"] == [19] and first["total"] >= first["target"]
    assert "Planar" in first["outcome"]
    assert second["naturals"] == [20] and second["outcome"] == "critical success"
    assert state.units[wayfarer].wounds == 1


def test_rule_105_1_fixed_dice_are_rolled_in_order_then_the_seeded_generator_takes_over() -> None:
    """105.1: "Whenever you roll a twenty-sided die ..." A position's `dice` are the next d20
    results, used in order; after them the seeded generator rolls from where it stood."""
    data = read("planar-strike.json")
    data["dice"] = [20, 1]
    state = load_position(data)
    assert state.rng == Rng(7, queued=(20, 1))
    troll, wayfarer = instance(state, "Bog Troll"), instance(state, "Astral Wayfarer")
    state, events = play(
        state,
        {"type": "attack", "seat": 1, "character": troll},
        {"type": "choose", "seat": 1, "option": wayfarer},
        {"type": "choose", "seat": 1, "option": wayfarer},
    )
    assert [(r["naturals"], r["outcome"]) for r in rolls(events)] == [
        ([20], "critical success"),
        ([1], "critical failure"),
    ]
    assert state.rng == Rng(7)  # the queue is spent, the generator untouched
    expected, _ = Rng(7).die(20)
    assert Rng(7, queued=(20, 1)).die()[1].die()[1].die()[0] == expected


def test_rule_401_6_3_spent_character_falls_forward_stunned_when_the_rank_in_front_dies() -> None:
    """401.6.3: "Spent characters that fall forward become stunned then move forward one rank."
    401.6.2: they fall "one at a time ..., in any order you prefer"; 401.7: the owner chooses
    where in the new rank it goes."""
    state = load_position(read("falling-forward.json"))
    raider = instance(state, "Grunt Raider")
    shieldbearer = instance(state, "Legion Shieldbearer")
    pikeman, priest = instance(state, "Pikeman of the Ninth"), instance(state, "Censer Priest")
    state, _ = play(
        state,
        {"type": "attack", "seat": 1, "character": raider},
        {"type": "choose", "seat": 1, "option": shieldbearer},
    )
    assert shieldbearer not in state.units
    decision = state.pending[0]
    assert (decision.seat, decision.kind) == (0, DecisionKind.FALL_FORWARD)
    assert set(decision.options) == {pikeman, priest}
    state = apply(state, Choose(0, pikeman)).state
    assert state.pending[0].kind is DecisionKind.POSITION
    state = apply(state, Choose(0, 0)).state
    assert state.players[0].ranks[0] == (pikeman, instance(state, "Imperial Crossbowman"))
    assert state.units[pikeman].orientation is Orientation.STUNNED
    assert state.units[priest].orientation is Orientation.READY
    assert (state.pending[0].seat, state.pending[0].kind) == (0, DecisionKind.ORDER)


def test_rule_401_6_1_an_illegal_rank_written_in_a_position_falls_forward_on_load() -> None:
    """401.6.1: "Fixing an illegal rank in this way happens as soon as you have one, and
    interrupts the normal flow of the game." Positions need not be legal: a judge may write
    one to see the fall."""
    data = read("full-example.json")
    data["seats"][1]["ranks"][0] = ["Training Dummy"]
    data["seats"][1]["ranks"][1] = ["Blood Howler", "Grunt Raider"]
    opened = open_position(data)
    decision = opened.state.pending[0]
    assert (decision.seat, decision.kind, decision.rule) == (
        1,
        DecisionKind.FALL_FORWARD,
        "401.6.2",
    )
    assert opened.events == ()  # nothing moved yet: the owner chooses who falls first


def test_rule_505_2_an_order_phase_position_waits_on_the_active_seat() -> None:
    """505.2: the active player gives an Order or passes; the engine says so by itself."""
    state = load_position(read("full-example.json"))
    assert state.phase is Phase.ORDER
    assert [(d.seat, d.kind) for d in state.pending] == [(0, DecisionKind.ORDER)]


def test_rule_104_2_a_character_written_with_lethal_wounds_dies_on_load() -> None:
    """104.2: a character with wounds equal to or greater than its hit points dies."""
    data = read("full-example.json")
    data["seats"][1]["ranks"][0][0] = {"card": "Training Dummy", "wounds": 3}
    opened = open_position(data)
    assert "training-dummy" in [opened.state.instances[i] for i in opened.state.players[1].discard]
    assert any(e.to_dict()["kind"] == "character_died" for e in opened.events)


# the file format --------------------------------------------------------------------------


def test_full_example_reads_every_field() -> None:
    state = build_position(read("full-example.json"))
    seat0, seat1 = state.players
    blademaster = seat0.ranks[0][0]
    unit = state.units[blademaster]
    assert unit.wounds == 1
    assert [state.instances[i] for i in unit.items] == ["legionary-gladius", "hide-jerkin"]
    assert [(m.target, m.stat, m.amount, m.source_seat) for m in state.modifiers] == [
        (blademaster, "atk", 2, 0)
    ]
    assert state.units[seat0.ranks[0][1]].orientation is Orientation.SPENT
    assert state.units[seat0.ranks[2][0]].is_warlord
    assert [state.instances[i] for i in seat0.deck[:2]] == ["censer-priest", "veiled-agent"]
    assert sorted(state.instances[i] for i in seat0.deck[2:]) == [
        "ashgrave-informant",
        "ledger-mage",
        "siege-engineer",
    ]
    assert state.cards["training-dummy"].hit_points == 3  # defined inline
    assert [state.instances[i] for i in seat1.banish] == ["frenzied-berserker"]
    assert (state.turn, state.active, state.initiative_order) == (4, 0, (0, 1))
    assert state.config == GameConfig(seats=2, format=Format.SAGA, hand_size=5)
    assert state.pending == ()  # build_position does not advance


def test_ids_are_given_in_file_order_and_explicit_ids_are_kept() -> None:
    data = read("planar-strike.json")
    state = build_position(data)
    assert state.instances[:3] == (
        "astral-wayfarer",
        "glade-sentinel",
        "lady-sylwen-of-the-silver-bough",
    )
    data["seats"][0]["hand"] = [{"card": "Bough Archer", "id": 0}]
    state = build_position(data)
    assert state.instances[0] == "bough-archer"
    assert state.instances[1] == "astral-wayfarer"  # the others take the lowest free ids


def test_the_rest_of_a_deck_is_shuffled_by_the_seed_under_the_known_top_cards() -> None:
    data = read("full-example.json")
    decks = set()
    for seed in range(8):
        data["seed"] = seed
        state = build_position(data)
        assert build_position(data).players[0].deck == state.players[0].deck  # deterministic
        decks.add(state.players[0].deck[2:])
    assert len(decks) > 1


def test_card_names_are_read_whatever_their_case_and_an_inline_card_is_found_by_name() -> None:
    data = read("planar-strike.json")
    data["seats"][0]["hand"] = ["bough ARCHER", "bough-archer"]
    data["cards"] = {"x-1": {"name": "Practice Golem", "type": "Character", "level": 1}}
    data["seats"][1]["hand"] = ["practice golem"]
    state = build_position(data)
    hand0 = [state.instances[i] for i in state.players[0].hand]
    assert hand0 == ["bough-archer", "bough-archer"]
    assert [state.instances[i] for i in state.players[1].hand] == ["x-1"]


def test_a_dungeon_and_attached_cards_are_read_and_kept() -> None:
    data = read("planar-strike.json")
    data["cards"] = {
        "goblin-warren": {
            "name": "Goblin Warren",
            "type": "Dungeon",
            "keywords": [{"name": "Challenge Rating", "value": 6}],
        }
    }
    data["dungeon"] = {"card": "Goblin Warren", "owner": 1}
    data["seats"][0]["ranks"][0][0] = {"card": "Astral Wayfarer", "attachments": ["Frost Shackles"]}
    state = load_position(data)
    assert state.dungeon is not None and state.instances[state.dungeon] == "goblin-warren"
    assert state.owners[state.dungeon] == 1
    wayfarer = state.units[instance(state, "Astral Wayfarer")]
    assert [state.instances[i] for i in wayfarer.attachments] == ["frost-shackles"]
    assert position_to_dict(load_position(position_to_dict(state))) == position_to_dict(state)


def test_a_position_loads_with_a_plain_mapping_of_cards() -> None:
    cards = {c.id: c for c in sample_catalog().cards}
    assert load_position(read("planar-strike.json"), cards) == load_position(
        read("planar-strike.json")
    )


def test_tokens_in_a_position_are_tokens() -> None:
    data = read("planar-strike.json")
    data["seats"][0]["ranks"][0].append("animal-token")
    state = build_position(data)
    assert state.tokens == frozenset({instance(state, "Animal")})


# round trips ------------------------------------------------------------------------------


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_example_positions_round_trip(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    state = load_position(data)
    dumped = json.loads(json.dumps(position_to_dict(state)))
    again = load_position(dumped, cards={})  # the dump carries its card definitions
    assert same_state(state, again) == []
    assert position_to_dict(again) == dumped


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_record_start_keeps_a_position_that_loads_to_the_same_start(path: Path) -> None:
    """A record may start from a position: what it keeps needs no card database or names."""
    data = json.loads(path.read_text(encoding="utf-8"))
    position, cards = record_start(data)
    assert "cards" not in position and all(
        isinstance(e, dict) and isinstance(e["id"], int) for e in position["seats"][0]["hand"]
    )
    stored = json.loads(json.dumps(position))
    assert same_state(load_position(stored, cards), load_position(data)) == []


def test_a_position_taken_in_the_middle_of_an_attack_round_trips_and_plays_on_the_same() -> None:
    state = load_position(read("planar-strike.json"))
    troll, wayfarer = instance(state, "Bog Troll"), instance(state, "Astral Wayfarer")
    state, _ = play(
        state,
        {"type": "attack", "seat": 1, "character": troll},
        {"type": "choose", "seat": 1, "option": wayfarer},
    )
    dumped = position_to_dict(state)
    assert [f["kind"] for f in dumped["stack"]] == ["performing_order", "attacking"]
    assert dumped["dice"] == [20]
    again = load_position(dumped)
    assert same_state(state, again) == []
    step = {"type": "choose", "seat": 1, "option": wayfarer}
    assert play(state, step)[1] == play(again, step)[1]


def test_a_dump_of_a_live_game_is_a_position_at_every_step() -> None:
    """Every state of a random game written and read back is the same state, and the next
    action gives the same events from both (the pending decisions are written only when the
    engine could not ask them again)."""
    catalog = sample_catalog()
    decks = list(sample_decks_for(Format.SAGA).values())[:2]
    out = random_playout(GameConfig(), decks, 3, catalog, turn_cap=4)
    state = out.record.start()
    for action in out.record.actions:
        dumped = json.loads(json.dumps(position_to_dict(state, embed_cards=False)))
        again = load_position(dumped, catalog)
        assert same_state(state, again) == [], (state.phase, state.pending)
        _check_same_next(state, again, action)
        state = apply(state, action).state


def test_a_dump_of_a_three_seat_alliance_game_is_a_position_at_every_step() -> None:
    """Alliance (801.5): two Warlords per seat, so the initiative Warlord choice (504.1.1) is
    asked and written; three seats exercise the initiative order and the seat order."""
    catalog = sample_catalog()
    decks = list(sample_decks_for(Format.ALLIANCE).values())
    config = GameConfig(seats=3, format=Format.ALLIANCE)
    out = random_playout(config, [decks[i % len(decks)] for i in range(3)], 5, catalog, turn_cap=3)
    state = out.record.start()
    for action in out.record.actions:
        again = load_position(json.loads(json.dumps(position_to_dict(state))), {})
        assert same_state(state, again) == [], (state.phase, state.pending)
        _check_same_next(state, again, action)
        state = apply(state, action).state


def test_a_seat_defeated_after_the_initiative_roll_may_stay_in_the_initiative_order() -> None:
    """101.3: a defeated player leaves the game; the order rolled in 504 still names it."""
    data = read("full-example.json")
    data["config"]["seats"] = 3
    data["seats"].append({"eliminated": True})
    data["initiative_order"] = [2, 0, 1]
    assert load_position(data).initiative_order == (2, 0, 1)
    data["initiative_order"] = [2, 0]
    with pytest.raises(PositionError, match=r"^initiative_order: must list each seat still"):
        load_position(data)


def _check_same_next(state: GameState, again: GameState, action: Action) -> None:
    first, second = apply(state, action), apply(again, action)
    assert first.events == second.events
    assert same_state(first.state, second.state) == []


def test_the_documented_example_is_the_full_example_file() -> None:
    """docs/position-format.md shows tests/engine/positions/full-example.json as it is."""
    doc = (Path(__file__).parents[2] / "docs" / "position-format.md").read_text(encoding="utf-8")
    example = doc.split("## Example", 1)[1].split("```json", 1)[1].split("```", 1)[0]
    assert json.loads(example) == read("full-example.json")


# errors -----------------------------------------------------------------------------------


def _set(path: str, value: Any) -> Any:
    """A change to the planar-strike file: `path` is dotted keys and list indexes."""

    def change(data: dict[str, Any]) -> None:
        *parents, last = [int(p) if p.isdigit() else p for p in path.split(".")]
        target: Any = data
        for key in parents:
            target = target[key]
        if value is _DELETE:
            del target[last]
        else:
            target[last] = value

    return change


_DELETE = object()

BAD_INPUTS = [
    ("position_version", _DELETE, "position_version: missing (this is not a position file)."),
    ("position_version", 2, "position_version: 2 is not supported (expected 1)."),
    ("colour", "red", "the position: unknown field 'colour'"),
    ("seats.1.ranks.0.1", "Foo", "seats[1].ranks[0][1]: unknown card 'Foo'."),
    ("seats.0.hand.0", "Bough Archr", "seats[0].hand[0]: unknown card 'Bough Archr' (did you mean"),
    (
        "seats.0.ranks.0.1",
        "Hide Jerkin",
        "seats[0].ranks[0][1]: 'Hide Jerkin' is an Item, not a character.",
    ),
    (
        "seats.0.ranks.0.1",
        {"card": "Glade Sentinel", "items": ["Thornweaver"]},
        "seats[0].ranks[0][1].items[0]: 'Thornweaver' is a Character, not an Item.",
    ),
    (
        "seats.0.ranks.0.1",
        {"card": "Glade Sentinel", "orientation": "tapped"},
        "seats[0].ranks[0][1].orientation: unknown value 'tapped' (expected one of ready, spent,",
    ),
    (
        "seats.0.ranks.0.1",
        {"card": "Glade Sentinel", "wounds": -1},
        "seats[0].ranks[0][1].wounds: -1 is out of range (expected at least 0).",
    ),
    (
        "seats.0.ranks.0.1",
        {"card": "Glade Sentinel", "wound": 1},
        "seats[0].ranks[0][1]: unknown field 'wound'",
    ),
    (
        "seats.0.ranks.0",
        [{"card": "Astral Wayfarer", "id": 3}, {"card": "Glade Sentinel", "id": 3}],
        "seats[0].ranks[0][1].id: id 3 is also given to seats[0].ranks[0][0].",
    ),
    (
        "seats.0.hand.0",
        {"card": "Bough Archer", "id": 99},
        "seats[0].hand[0].id: 99 is out of range: the position holds 11 cards",
    ),
    ("dice", [20, 21], "dice[1]: 21 is out of range (expected from 1 to 20)."),
    ("config", {"seats": 3}, "seats: 2 seats are listed but config.seats is 3."),
    ("config", {"format": "classic"}, "config.format: unknown value 'classic'"),
    (
        "initiative_order",
        [1, 1],
        "initiative_order: must list each seat still in the game once (0, 1).",
    ),
    ("active", 2, "active: 2 is out of range (expected from 0 to 1)."),
    ("phase", "combat", "phase: unknown value 'combat'"),
    ("turn", "3", "turn: expected a whole number, not a string."),
    ("seats.0.ranks", {"1": []}, "seats[0].ranks: expected a list, not an object."),
    (
        "modifiers",
        [{"target": 3, "stat": "atk", "amount": 1}],
        "modifiers[0].target: card #3 is not a character in a formation.",
    ),
    (
        "modifiers",
        [{"target": 0, "stat": "speed", "amount": 1}],
        "modifiers[0].stat: unknown value 'speed' (expected one of atk, ac, skill, hp, level,",
    ),
    ("cards", {"odd": {"name": "Odd", "type": "Monster"}}, "cards.odd: "),
    ("stack", [{"kind": "dancing"}], "stack[0].kind: unknown frame kind 'dancing'"),
    (
        "stack",
        [{"kind": "attacking", "seat": 1}],
        "stack[0].attacker: missing.",
    ),
    (
        "seats.1.ranks.0.0",
        {"card": "Bog Troll", "controller": 5},
        "seats[1].ranks[0][0].controller: 5 is out of range (expected from 0 to 1).",
    ),
    ("dungeon", "Bog Troll", "dungeon: 'Bog Troll' is a Character, not a Dungeon."),
]


@pytest.mark.parametrize(("path", "value", "message"), BAD_INPUTS, ids=[b[0] for b in BAD_INPUTS])
def test_a_bad_position_is_refused_with_one_sentence_naming_the_place(
    path: str, value: Any, message: str
) -> None:
    data = copy.deepcopy(read("planar-strike.json"))
    _set(path, value)(data)
    with pytest.raises(PositionError) as caught:
        load_position(data)
    text = str(caught.value)
    assert text.startswith(message), text
    assert text.endswith(".") and "\n" not in text
    assert isinstance(caught.value, EngineError)


def test_a_name_printed_on_two_cards_is_refused_as_ambiguous() -> None:
    data = read("planar-strike.json")
    data["cards"] = {"bough-archer-promo": {"name": "Bough Archer", "type": "Character"}}
    with pytest.raises(
        PositionError,
        match=r"^seats\[0\]\.hand\[0\]: the name 'Bough Archer' "
        r"is printed on several cards \('bough-archer-promo', 'bough-archer'\); "
        r"use an id\.$",
    ):
        load_position(data)


def test_a_game_record_is_not_taken_for_a_position() -> None:
    record = {"format": "warlord-judge/game-record", "version": 2, "actions": []}
    with pytest.raises(PositionError, match=r"^position_version: missing \(this is a game record"):
        load_position(record)


def test_a_position_that_is_not_an_object_is_refused() -> None:
    with pytest.raises(
        PositionError, match=r"^the position: expected a JSON object, not a list\.$"
    ):
        load_position([])
