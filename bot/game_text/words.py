"""The sentence tables of one language: every sentence an event or a decision becomes, in one
place. A front end in another language passes its own `Words` to `event_line`/`event_lines`
and `prompt_line` and needs no engine change. Events carry facts and short `why` codes
(engine/events.py); these tables give them words."""

from __future__ import annotations

from collections.abc import Mapping

TEMPLATES: dict[str, str] = {
    "seat": "Seat {seat}",
    "react_performed": "{performer_name} reacts ({window}{subject}) with {name}.",
    "level_at_death": ", level {level} when it died",
    "ask_react": "React {window}{subject}, or pass.",
    "game_started": "A {seats}-player {format} game starts.",
    "turn_started": "Turn {turn} begins.",
    "initiative": "{seat} wins initiative; the order of play is {order} (504.3).",
    "initiative_tied": "Seats {seats} tie for the highest roll and reroll ({rule}).",
    "initiative_warlord_chosen": "{seat} chooses {name} to roll for initiative (504.1.1).",
    "passed": "{seat} passes.",
    "order_phase_ended": "All players passed in turn: the order phase ends ({rule}).",
    "effect_expired": "{name}'s {amount:+d} {stat} ends with the turn ({rule}).",
    "stat_modified": "{name} gets {amount:+d} {stat} until the end of the turn.",
    "character_played": "{seat} plays {name} into rank {rank}.",
    "character_played_stunned": (
        "{seat} plays {name} into rank {rank}, stunned by the loyalty penalty (507.1.4)."
    ),
    "warlord_type_lost": "{name} entered play during the game, so it is not a Warlord ({rule}).",
    "orientation_changed": "{name} becomes {orientation}: {why} ({rule}).",
    "moved": "{name} moves from rank {from_rank} to rank {to_rank}.",
    "moved_sideways": "{name} moves sideways in rank {to_rank}.",
    "moved_into": "{name} moves into rank {to_rank} of seat {formation}'s formation (710.1).",
    "moved_to": "{name} moves to rank {to_rank}.",
    "fell_forward": "{name} falls forward from rank {from_rank} to rank {to_rank} ({orientation}).",
    "returned_to_formation": "{name} returns to its controller's front rank ({rule}).",
    "placed_in_last_rank": "{name} stands in rank {rank}, the last occupied rank there ({rule}).",
    "item_equipped": "{seat} equips {name} to {to_name}.",
    "item_destroyed": "{name} on {from_name} is destroyed ({rule}).",
    "action_card_played": "{seat} plays {name}: {text}",
    "manual_effect": "Resolve {name} by hand with adjustments: {text}",
    "ability_performed": "{performer_name} performs {name}{target}: {text}",
    "effect_skipped": "Part of {name} does nothing: {why}{rule}.",
    "healed": "{name} heals {amount} wound(s); {wounds} left.",
    "counters_changed": "{name}: {counters}, {total} now (704).",
    "card_to_hand": "{name} goes to its owner's hand from the {zone}.",
    "card_to_hand_from_deck": "{seat} puts a card from their deck into their hand.",
    "deck_shuffled": "{seat} shuffles their deck.",
    "card_attached": "{name} is attached to {to_name}.",
    "adjusted": "{seat} adjusts by hand for {source_name}: {what}.",
    "resolved_by_hand": "{seat} declares {name} resolved.",
    "effect_chosen": "{seat} chooses for {name}'s {what}: {choice}.",
    "optional_chosen": "{seat} {choice} the optional effect of {name} ({what}).",
    "strike_redirected": "{source_name} redirects the {what} of {name} to {target_name} (511.6).",
    "ask_manual": "Resolve {name} by hand with adjustments, then declare it done.",
    "dungeon_played": "{seat} plays the dungeon {name}: {text}",
    "dungeon_defeated": "{by_name} defeats the dungeon {name}, which is banished ({rule}).",
    "epic_class_attached": "{seat} attaches the Epic Class {name} to {to_name} ({rule}).",
    "action_canceled": "{name} is canceled: {why} ({rule}).",
    "strike_canceled": "The strike of {name} is canceled by a React ({rule}).",
    "control_changed": "{seat} controls {name} again ({rule}).",
    "wounds_inflicted": "{name} suffers {wounds}.",
    "wounds": "{amount} wound{s}; {left} of {hit_points} HP left",
    "character_died": "{name} dies: {why} ({rule}).",
    "attack_stopped": "{seat} stops {name}'s attack ({rule}).",
    "attack_ended": "{name}'s attack ends: {why} ({rule}).",
    "card_banished": "{name} is banished: {why} ({rule}).",
    "token_ceased": "The token {name} ceases to exist: {why} (703.5).",
    "token_not_created": "No {name} token enters play ({rule}).",
    "token_not_created_because": "No {name} token enters play: {reason}",
    "player_defeated": "{seat} controls no Warlord and is defeated ({rule}).",
    "game_won": "{seat} controls the last Warlord and wins the game ({rule}).",
    "game_drawn": "No player controls a Warlord: nobody wins.",
    # dice (105)
    "roll_strike": "{name} strikes {target}",
    "roll_ranged": "{name} shoots at {target}",
    "roll_other": "{name} rolls {purpose}",
    "dice_two": "rolled {first} and {second} ({mode}), keeps {kept}",
    "dice_cancelled": "d20 {kept} (advantage and disadvantage cancel)",
    "dice_one": "d20 {kept}",
    "vs_ac": " vs AC {target}",
    "vs": " vs {target}",
    "natural": "natural {kept}: {outcome}",
    "planar_miss": "odd roll against Planar (602.5)",
    "the_target": "the target",
    # what each decision asks (docs/engine.md, "The game always says what it waits for")
    "ask_order": "Give an Order or pass.",
    "ask_discard": "Discard any cards you wish, one at a time, then decline to draw (503.1).",
    "ask_initiative_warlord": "Choose the Warlord that rolls for initiative (504.1.1).",
    "ask_strike_target": "{name}: choose the target of strike {number} ({bonus:+d}).",
    "ask_strike_target_or_stop": (
        "{name}: choose the target of strike {number} ({bonus:+d}), or stop the attack."
    ),
    "ask_position": "Choose where {name} goes in rank {rank} (0 = far left; now: {others}).",
    "ask_position_fall": (
        "{name} falls forward into rank {rank}: choose where it goes (0 = far left; now: {others})."
    ),
    "ask_fall_forward": "You have an illegal rank: choose the character that falls forward next.",
    "ask_expiry_order": (
        "Your effect ends card by card at the end of the turn: choose the character it ends "
        "for next."
    ),
    "ask_destroy_item": ("{name} has too many items in one equip location: choose one to destroy."),
}

WHY: dict[str, str] = {
    # orientation_changed (costs)
    "attack": "it attacks",
    "maneuver": "it maneuvers",
    "spend_order": "the cost of a Spend Order",
    "defeat_dungeon": "spent to defeat a dungeon",
    "epic_class": "the cost of attaching an Epic Class",
    "ability_cost": "the cost of an ability",
    "ability_effect": "an ability's effect",
    "adjustment": "an adjustment made by hand",
    "cost": "paid as a cost",
    "killed": "killed by an effect",
    "returned": "returned to its owner's hand",
    "banished": "banished",
    "stalwart": "Stalwart protects it",
    "empty_deck": "the deck is empty",
    "target_left_play": "its target is not in play",
    "no_room": "it cannot move there",
    "check_failed": "its check failed",
    "condition_not_met": "its condition does not hold",
    "not_found": "no card is taken",
    "empty_hand": "the hand is empty",
    "not_in_discard": "the card is no longer in the discard pile",
    "riposte": "a Riposte strike may not be redirected",
    "true_strike": "True Strike: the strike may not be canceled or redirected",
    # character_died
    "wounds": "{wounds} wound(s) with {hit_points} HP",
    "hp_zero": "its hit points are reduced to 0",
    "level_zero": "its level is reduced to 0",
    # attack_ended, action_canceled
    "all_strikes": "all its strikes are performed",
    "no_target": "no target in reach",
    "attacker_left_play": "the attacker left play",
    "performer_left_play": "its performer left play",
    "canceled": "a React canceled it",
    "cost_prevented": "its cost can no longer be paid",
    # leaving a zone
    "resolved": "resolved",
    "discarded": "discarded",
    "destroyed": "destroyed",
    "item_left_play": "its character left play",
    "attachment_left_play": "its character left play",
    "died": "it died",
    "owner_defeated": "its owner was defeated",
}


class Words:
    """The sentence tables of one language (English by default)."""

    def __init__(
        self, templates: Mapping[str, str] = TEMPLATES, why: Mapping[str, str] = WHY
    ) -> None:
        self.templates = templates
        self.why = why

    def say(self, key: str, **values: object) -> str:
        return self.templates[key].format(**values)

    def because(self, code: str, **values: object) -> str:
        return self.why.get(code, code.replace("_", " ")).format(**values)


ENGLISH = Words()
