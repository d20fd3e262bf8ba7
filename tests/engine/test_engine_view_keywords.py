"""The view shows keywords (602), feats (603) and damage types (600) of cards in play, and
their printed text with how much of it the engine runs: public facts of face-up cards,
driven by tests/engine/positions/feat-stealth-riposte.json (Hedge Scout #0: Fire Resistance,
Ice Weakness, Stealth +5 and +2 from its Shadow Cloak #1, Riposte +4, Powerattack +2)."""

from __future__ import annotations

import json
from pathlib import Path

from engine.position import load_position
from engine.view import view

POSITION = Path(__file__).parent / "positions" / "feat-stealth-riposte.json"


def test_rule_603_1_the_view_shows_each_feat_with_its_total_bonus() -> None:
    """603.1: "If a character gains the same feat from more than one source, such as a pair
    of items, the bonuses are simply added together." The spectator sees Stealth +7."""
    state = load_position(json.loads(POSITION.read_text(encoding="utf-8")))
    scout = view(state, None)["players"][0]["ranks"][0][0]
    assert scout["feats"] == {"Stealth": 7, "Riposte": 4, "Powerattack": 2}
    assert scout["items"][0]["feats"] == {"Stealth": 2}


def test_rule_602_6_the_view_shows_keywords_as_printed_and_damage_types() -> None:
    """602.6 / 602.11: Resistance and Weakness name a damage type ("Fire Resistance");
    600.1: a character's strikes deal its own damage type, Physical when none is printed."""
    state = load_position(json.loads(POSITION.read_text(encoding="utf-8")))
    scout = view(state, None)["players"][0]["ranks"][0][0]
    assert scout["keywords"] == ["Fire Resistance", "Ice Weakness"]
    assert scout["damage_types"] == {"melee": ["Physical"], "ranged": ["Physical"]}


def test_rule_602_20_keywords_gained_in_play_are_shown_too() -> None:
    """602.20: a character with three or more items is Encumbered; 602.18: it gains Stalwart
    from a Stalwart item. Both show on the board although neither is printed on it."""
    data = json.loads(POSITION.read_text(encoding="utf-8"))
    data["cards"]["stalwart-boots"] = {
        "name": "Stalwart Boots", "type": "Item", "level": 1, "classes": ["Classless"],
        "keywords": [{"name": "Stalwart"}],
    }  # fmt: skip
    data["cards"]["rope"] = {"name": "Rope", "type": "Item", "level": 1, "classes": ["Classless"]}
    data["seats"][0]["ranks"][0][0]["items"] += ["stalwart-boots", "rope"]
    scout = view(load_position(data), None)["players"][0]["ranks"][0][0]
    assert scout["keywords"] == ["Fire Resistance", "Ice Weakness", "Encumbered", "Stalwart"]


def test_the_view_gives_the_text_of_cards_in_play_and_how_much_the_engine_runs() -> None:
    """DESIGN 2: a card whose text the engine cannot run still plays, its text shown and
    marked; one the engine runs entirely is not marked manual."""
    state = load_position(json.loads(POSITION.read_text(encoding="utf-8")))
    warlord = view(state, None)["players"][1]["ranks"][1][0]
    assert warlord["text"] and warlord["status"] == "full" and warlord["manual"] is False
