"""Menu lines: each legal action in words, and the numbered, grouped menu a seat chooses from."""

from __future__ import annotations

from engine import Action, DecisionKind, GameState
from engine.choices import choice_words
from engine.feats import abilities_of
from engine.frames import ChoosingCard, ChoosingEffect

# Choices with more than this many lines are grouped under headings (hand, then each character).
GROUP_FROM = 7


def card_label(state: GameState, instance: int) -> str:
    return f"{state.card(instance).name} (#{instance})"


def describe(state: GameState, action: Action) -> str:
    """A short menu line for an action."""
    from engine import actions as a

    def n(i: int) -> str:
        return card_label(state, i)

    if isinstance(action, a.Pass):
        return "Pass"
    if isinstance(action, a.PlayCharacter):
        return f"Play {n(action.card)} into rank {state.card(action.card).level}"
    if isinstance(action, a.Attack):
        return f"Attack with {n(action.character)}"
    if isinstance(action, a.Maneuver):
        return f"Maneuver {n(action.character)} {direction_words(action.direction)}"
    if isinstance(action, a.Equip):
        return f"Equip {n(action.item)} to {n(action.character)}"
    if isinstance(action, a.PlayOrderCard):
        return f"{n(action.character)} plays {n(action.card)} (manual effect)"
    if isinstance(action, a.PlayDungeon):
        return f"Put dungeon {n(action.card)} into play"
    if isinstance(action, a.DefeatDungeon):
        return "Defeat the dungeon, spending " + ", ".join(n(u) for u in action.spend)
    if isinstance(action, a.AttachEpicClass):
        return f"Attach {n(action.card)} to {n(action.warlord)}"
    if isinstance(action, a.Choose):
        kind = _decision_kind(state, action.seat)
        if kind is DecisionKind.POSITION:
            return f"Position {action.option} (0 = far left)"
        if kind is DecisionKind.EFFECT_CHOICE:
            return effect_choice_line(state, action)
        verb = CHOOSE_VERBS.get(kind, "Choose {}")
        if kind is DecisionKind.CHOOSE_CARD:
            verb = CARD_VERBS.get(_card_purpose(state, action.seat), verb)
        return verb.format(n(action.option))
    if isinstance(action, a.Decline):
        kind = _decision_kind(state, action.seat)
        if kind is DecisionKind.CHOOSE_CARD:
            return CARD_DECLINES.get(_card_purpose(state, action.seat), "Choose no card")
        return DECLINE_LINES.get(kind, "Done / stop")
    if isinstance(action, a.PerformAbility | a.Adjust | a.DoneResolving):
        return describe_ability(state, action)
    return repr(action)


def direction_words(direction: str) -> str:
    """A maneuver's direction; "into:<seat>" is Stealth's, into that seat's first rank."""
    if direction.startswith("into:"):
        return f"into seat {direction.removeprefix('into:')}'s front rank (Stealth, 603.12.1)"
    return direction


def effect_choice_line(state: GameState, action: Action) -> str:
    """A choice of an `effect_choice` decision in words (shown to the deciding seat only:
    a Survey's choices name the top cards of its deck)."""
    from engine.actions import Choose

    decision = next((d for d in state.pending if d.seat == action.seat), None)
    frame = state.stack[decision.frame] if decision and decision.frame is not None else None
    if not (isinstance(action, Choose) and isinstance(frame, ChoosingEffect)):
        return f"Choose {getattr(action, 'option', '?')}"
    if not 0 <= action.option < len(frame.options):
        return f"Choose {action.option} (no such choice)"
    code = frame.options[action.option]
    words = choice_words(lambda i: state.card(i).name, code, frame.target)
    return f"{frame.what}: {words}"


def describe_ability(state: GameState, action: Action) -> str:
    """Menu lines of Orders on cards and of manual adjustments."""
    from engine import actions as a

    def n(i: int) -> str:
        return card_label(state, i)

    if isinstance(action, a.PerformAbility):
        ability = abilities_of(state.card(action.card))[action.ability]
        how = "" if not ability.manual else " (resolved by hand)"
        text = f"{n(action.character)} performs {n(action.card)}: {ability.text}{how}"
        if action.target >= 0:
            text += f" -> target {n(action.target)}"
        if action.discard:
            text += " (discarding " + ", ".join(n(c) for c in action.discard) + ")"
        return text
    if isinstance(action, a.DoneResolving):
        return "Done: the card's text is resolved"
    assert isinstance(action, a.Adjust)
    what = ADJUST_LINES.get(action.op, action.op.replace("_", " "))
    card = n(action.card) if action.card >= 0 else ""
    target = n(action.target) if action.target >= 0 else ""
    return adjust_line(what, card, target, action.amount, action.name)


def adjust_line(template: str, card: str, target: str, amount: int, name: str) -> str:
    """An adjustment's line (ADJUST_LINES), its counters and cards counted in words."""
    return template.format(
        card=card,
        target=target,
        amount=amount,
        name=name,
        counters=counters_phrase(amount, name),
        cards=counted(amount, "card"),
        wounds=counted(amount, "wound"),
        ranks=counted(amount, "rank"),
    )


def counted(amount: int, noun: str) -> str:
    """'1 wound', '2 wounds'."""
    return f"{amount} {noun}" + ("" if abs(amount) == 1 else "s")


def counters_phrase(amount: int, name: str) -> str:
    """'1 counter', '2 counters', '1 poison counter', '3 poison counters' (704)."""
    kind = name.strip()
    if kind.casefold().removesuffix("s") in ("", "counter"):
        noun = "counter"
    else:
        noun = kind if kind.casefold().endswith("counter") else f"{kind} counter"
    return counted(amount, noun)


ADJUST_LINES = {
    "wound": "Inflict {wounds} on {card}",
    "heal": "Heal {wounds} from {card}",
    "spend": "Spend {card}",
    "ready": "Ready {card}",
    "stun": "Stun {card}",
    "kill": "Kill {card}",
    "move_forward": "Move {card} forward {ranks}",
    "move_backward": "Move {card} backward {ranks}",
    "modify_atk": "Give {card} {amount:+d} ATK until the end of the turn",
    "modify_ac": "Give {card} {amount:+d} AC until the end of the turn",
    "modify_skill": "Give {card} {amount:+d} Skill until the end of the turn",
    "modify_hp": "Give {card} {amount:+d} HP until the end of the turn",
    "modify_level": "Give {card} {amount:+d} level until the end of the turn",
    "draw": "Draw {cards}",
    "discard": "Discard {card}",
    "retrieve": "Return {card} from the discard pile to hand",
    "search": "Take {card} from the deck, then shuffle",
    "banish": "Banish {card}",
    "return_to_hand": "Return {card} to its owner's hand",
    "create_token": "Create a token copy of {card}",
    "add_counters": "Put {counters} on {card}",
    "remove_counters": "Remove {counters} from {card}",
    "attach": "Attach {card} to {target}",
    "melee_strike": "{card} performs a {amount:+d} melee strike at {target}",
    "ranged_strike": "{card} performs a {amount:+d} ranged strike at {target}",
    "skill_check": "{card} makes a skill check (DC {amount})",
    "cancel": "Cancel the strike or action this React answers",
    "shuffle_into_deck": "Shuffle {card} into its owner's deck",
}


CHOOSE_VERBS = {
    DecisionKind.DISCARD: "Discard {}",
    DecisionKind.STRIKE_TARGET: "Strike {}",
    DecisionKind.INITIATIVE_WARLORD: "{} rolls initiative",
    DecisionKind.FALL_FORWARD: "{} falls forward next",
    DecisionKind.EXPIRY_ORDER: "The effect ends for {} next",
    DecisionKind.DESTROY_ITEM: "Destroy {}",
}
# A card chosen for an effect (a choose_card decision), by the effect's purpose.
CARD_VERBS = {
    "search": "Take {} from your deck",
    "retrieve": "Return {} from your discard pile to your hand",
    "discard": "Discard {}",
    "redirect": "Redirect the strike to {}",
}
CARD_DECLINES = {"search": "Find no card", "retrieve": "Take no card"}
DECLINE_LINES = {
    DecisionKind.DISCARD: "Done discarding: draw",
    DecisionKind.STRIKE_TARGET: "Stop the attack",
    DecisionKind.REACT: "Pass: no React",
}


def _card_purpose(state: GameState, seat: int) -> str:
    """What a choose_card decision of `seat` chooses a card for (engine.frames.ChoosingCard)."""
    decision = next((d for d in state.pending if d.seat == seat), None)
    frame = state.stack[decision.frame] if decision and decision.frame is not None else None
    return frame.purpose if isinstance(frame, ChoosingCard) else ""


def _decision_kind(state: GameState, seat: int) -> DecisionKind | None:
    return next((d.kind for d in state.pending if d.seat == seat), None)


def _choice(state: GameState, action: Action) -> tuple[str, str]:
    """(group heading, line) of a menu entry; the heading is "" for ungrouped entries."""
    from engine import actions as a

    if isinstance(action, a.Attack):
        return card_label(state, action.character), "Attack"
    if isinstance(action, a.Maneuver):
        return card_label(state, action.character), f"Maneuver {direction_words(action.direction)}"
    if isinstance(action, a.PlayOrderCard):
        label = card_label(state, action.card)
        return card_label(state, action.character), f"Play {label} (manual effect)"
    if isinstance(action, a.PerformAbility):
        line = describe(state, action)
        line = line.removeprefix(f"{card_label(state, action.character)} performs ")
        return card_label(state, action.character), f"Perform {line}"
    if isinstance(action, a.Adjust):
        heading = card_label(state, action.card) if action.card in state.units else "Cards"
        return f"Adjust {heading}", describe(state, action)
    if isinstance(
        action, (a.PlayCharacter, a.Equip, a.PlayDungeon, a.DefeatDungeon, a.AttachEpicClass)
    ):
        return "From your hand", describe(state, action)
    return "", describe(state, action)


def _deck_card(state: GameState, action: Action, decks: frozenset[int]) -> int | None:
    """The card in a deck an option names (a card searched for or chosen from it), else None."""
    from engine import actions as a

    if isinstance(action, a.Adjust):
        card = action.card
    elif isinstance(action, a.Choose) and _decision_kind(state, action.seat) not in (
        DecisionKind.POSITION,
        DecisionKind.EFFECT_CHOICE,
    ):
        card = action.option  # the other decisions' options are card instances
    else:
        return None
    return card if card in decks else None


def without_deck_order(state: GameState, options: list[Action]) -> list[Action]:
    """The options with those naming cards in a deck sorted by the card's name (then its
    id) in the places they take: a menu never shows a deck's order, whatever order the
    engine lists them in (the cards of a deck are hidden, its order even from its owner)."""
    decks = frozenset(c for p in state.players for c in p.deck)
    found = [
        (i, c) for i, o in enumerate(options) if (c := _deck_card(state, o, decks)) is not None
    ]
    if len(found) < 2:
        return list(options)
    by_name = sorted(found, key=lambda found: (state.card(found[1]).name, found[1]))
    out = list(options)
    for (place, _), (source, _) in zip(found, by_name, strict=True):
        out[place] = options[source]
    return out


def menu(state: GameState, options: list[Action]) -> tuple[list[Action], list[str]]:
    """The options in the order shown and the menu lines numbering them from 1.

    Long menus are grouped: ungrouped choices (pass, choose) first, then cards from hand, then
    one heading per character with its orders, in the order the engine lists them, except
    that cards in a deck come by name (`without_deck_order`)."""
    options = without_deck_order(state, options)
    if len(options) < GROUP_FROM:
        lines = [f"  {i:>3}. {describe(state, o)}" for i, o in enumerate(options, start=1)]
        return list(options), lines
    groups: dict[str, list[tuple[Action, str]]] = {}
    for option in options:
        heading, text = _choice(state, option)
        groups.setdefault(heading, []).append((option, text))
    ordered: list[Action] = []
    lines: list[str] = []
    for heading in sorted(groups, key=lambda h: (h != "", h != "From your hand")):
        if heading:
            lines.append(f"  {heading}:")
        for option, text in groups[heading]:
            ordered.append(option)
            lines.append(f"  {len(ordered):>3}. {text}")
    return ordered, lines
