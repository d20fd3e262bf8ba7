"""Plain-text rendering for `warlord-judge game`: the board, menu lines and events for people."""

from __future__ import annotations

from typing import Any

from engine import Action, DecisionKind, GameState, view
from engine.events import Event

HINT = "Type a choice's number; b shows the board, h or ? help, q quits."

HELP = """\
How to play: each prompt names the seat that must decide; type the number of a choice.
  b        show the whole board again      h, ?   this help      q   quit (save with --save)
Board: rank 1 is the front. A character reads 'Name #id L<level> <strikes> AC<armour>
  <HP left>/<HP>HP'; * marks a Warlord, 'spent' and 'STUNNED' its orientation, [..] its items.
Dice: 'd20 17 + 3 = 20 vs AC 12: hit' is the natural roll, each modifier, the total and the target;
  with advantage or disadvantage both dice are shown and the one kept is named."""

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
        return f"Maneuver {n(action.character)} {action.direction}"
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
        verb = CHOOSE_VERBS.get(kind, "Choose {}")
        return verb.format(n(action.option))
    if isinstance(action, a.Decline):
        return DECLINE_LINES.get(_decision_kind(state, action.seat), "Done / stop")
    return repr(action)


CHOOSE_VERBS = {
    DecisionKind.DISCARD: "Discard {}",
    DecisionKind.STRIKE_TARGET: "Strike {}",
    DecisionKind.INITIATIVE_WARLORD: "{} rolls initiative",
    DecisionKind.FALL_FORWARD: "{} falls forward next",
    DecisionKind.DESTROY_ITEM: "Destroy {}",
}
DECLINE_LINES = {
    DecisionKind.DISCARD: "Done discarding: draw",
    DecisionKind.STRIKE_TARGET: "Stop the attack",
}


def _decision_kind(state: GameState, seat: int) -> DecisionKind | None:
    return next((d.kind for d in state.pending if d.seat == seat), None)


def _choice(state: GameState, action: Action) -> tuple[str, str]:
    """(group heading, line) of a menu entry; the heading is "" for ungrouped entries."""
    from engine import actions as a

    if isinstance(action, a.Attack):
        return card_label(state, action.character), "Attack"
    if isinstance(action, a.Maneuver):
        return card_label(state, action.character), f"Maneuver {action.direction}"
    if isinstance(action, a.PlayOrderCard):
        label = card_label(state, action.card)
        return card_label(state, action.character), f"Play {label} (manual effect)"
    if isinstance(
        action, (a.PlayCharacter, a.Equip, a.PlayDungeon, a.DefeatDungeon, a.AttachEpicClass)
    ):
        return "From your hand", describe(state, action)
    return "", describe(state, action)


def menu(state: GameState, options: list[Action]) -> tuple[list[Action], list[str]]:
    """The options in the order shown and the menu lines numbering them from 1.

    Long menus are grouped: ungrouped choices (pass, choose) first, then cards from hand, then
    one heading per character with its orders, in the order the engine lists them."""
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


def render(state: GameState, seat: int | None) -> str:
    """A readable board from `seat`'s point of view."""
    v = view(state, seat)
    lines = [
        f"Turn {v['turn']}, {v['phase']} phase"
        + (f"; winner: seat {v['winner']}" if v["winner"] is not None else "")
    ]
    for p in v["players"]:
        status = " (defeated)" if p["eliminated"] else ""
        lines.append(
            f"Seat {p['seat']}{status}: deck {p['deck']}, hand {p['hand_count']}, "
            f"discard {len(p['discard'])}"
        )
        for r, row in enumerate(p["ranks"], start=1):
            cells = []
            for u in row:
                mark = {"ready": "", "spent": " spent", "stunned": " STUNNED"}[u["orientation"]]
                strikes = "/".join(f"{s:+d}" for s in u["strikes"])
                items = "".join(f" [{i['name']}]" for i in u["items"])
                lord = "*" if u["warlord"] else ""
                cells.append(
                    f"{lord}{u['name']} #{u['instance']} L{u['level']} {strikes} AC{u['ac']} "
                    f"{u['hp'] - u['wounds']}/{u['hp']}HP{mark}{items}"
                )
            lines.append(f"  rank {r}: " + (" | ".join(cells) or "-"))
        if "hand" in p:
            lines.append("  hand: " + ", ".join(f"{c['name']} #{c['instance']}" for c in p["hand"]))
            for c in p["hand"]:
                if c.get("manual"):
                    lines.append(f"    #{c['instance']} {c['name']} (text is manual): {c['text']}")
    for d in v["pending"]:
        lines.append(f"Waiting on seat {d['seat']}: {d['prompt']}")
    return "\n".join(lines)


# events -----------------------------------------------------------------------------------


def _signed(value: int) -> str:
    return f"- {-value}" if value < 0 else f"+ {value}"


def _wounds_text(w: dict[str, Any]) -> str:
    amount = w["amount"]
    left = w["hit_points"] - w["wounds"]
    taken = f"{amount} wound" + ("" if amount == 1 else "s")
    return f"{taken}; {max(left, 0)} of {w['hit_points']} HP left"


def roll_line(e: dict[str, Any], wounds: dict[str, Any] | None = None) -> str:
    """A roll event for people: who rolls what, the dice, each modifier, total, target, result.

    `wounds` is the wounds event the roll caused, folded into the line when given."""
    r = e["roll"]
    name = e.get("name") or f"#{r['roller']}"
    purpose = r["purpose"]
    is_strike = purpose.endswith("strike")
    if is_strike:
        verb = "shoots at" if purpose.startswith("ranged") else "strikes"
        head = f"{name} {verb} {e.get('target_name', 'the target')}"
    else:
        head = f"{name} rolls {purpose}"
    naturals, kept, mode = r["naturals"], r["kept"], r["advantage"]
    if mode in ("advantage", "disadvantage") and len(naturals) > 1:
        shown = " and ".join(str(d) for d in naturals)
        dice = f"rolled {shown} ({mode}), keeps {kept}"
    elif mode == "cancelled":
        dice = f"d20 {kept} (advantage and disadvantage cancel)"
    else:
        dice = f"d20 {kept}"
    mods = r["modifiers"] or [["", 0]]
    parts = []
    for label, value in mods:
        named = "" if not label or label.startswith("printed strike") else f" ({label})"
        parts.append(f" {_signed(value)}{named}")
    text = f"{head}: {dice}{''.join(parts)} = {r['total']}"
    if r["target"] is not None:
        text += f" vs {'AC ' if is_strike else ''}{r['target']}"
    verdict = []
    outcome = r["outcome"]
    if outcome.startswith("critical"):
        verdict.append(f"natural {kept}: {outcome}")
    elif "Planar" in outcome:
        verdict.append("odd roll against Planar (602.5)")
    if is_strike:
        result = e.get("result") or ("hit" if "success" in outcome else "miss")
        verdict.append(result + (f" ({_wounds_text(wounds)})" if wounds else ""))
    elif r["target"] is not None and not outcome.startswith("critical"):
        verdict.append(outcome)
    return text + (": " + ", ".join(verdict) if verdict else "")


def _name(e: dict[str, Any]) -> str:
    return str(e.get("name") or f"#{e.get('card')}")


def event_line(e: dict[str, Any]) -> str | None:
    """One event as a sentence, or None for events the board already shows (or private ones)."""
    kind = e["kind"]
    seat = f"Seat {e['seat']}" if "seat" in e else "A player"
    if kind == "roll":
        return roll_line(e)
    if kind == "wounds_inflicted":
        return f"{_name(e)} suffers {_wounds_text(e)}."
    if kind == "character_died":
        return f"{_name(e)} dies: {e.get('reason', '')}."
    if kind == "passed":
        return f"{seat} passes."
    if kind == "character_played":
        stunned = ", stunned by the loyalty penalty" if e.get("stunned_by_loyalty") else ""
        return f"{seat} plays {_name(e)} into rank {e['rank']}{stunned}."
    if kind == "moved":
        if "from_rank" in e and e["from_rank"] == e["to_rank"]:
            return f"{_name(e)} moves sideways in rank {e['to_rank']}."
        start = f" from rank {e['from_rank']}" if "from_rank" in e else ""
        return f"{_name(e)} moves{start} to rank {e['to_rank']}."
    if kind == "fell_forward":
        return (
            f"{_name(e)} falls forward from rank {e['from_rank']} to rank {e['to_rank']}"
            f" ({e['orientation']})."
        )
    if kind == "orientation_changed":
        return f"{_name(e)} becomes {e['orientation']}: {e.get('reason', '')}."
    if kind == "item_equipped":
        return f"{seat} equips {_name(e)} to {e.get('to_name', '#' + str(e.get('to')))}."
    if kind == "item_destroyed":
        return f"{_name(e)} is destroyed."
    if kind in ("action_card_played", "dungeon_played"):
        return f"{seat} plays {_name(e)}: {e.get('text', '')}"
    if kind == "manual_effect":
        return f"Resolve {_name(e)} by hand: the engine does not run its text yet."
    if kind == "attack_stopped":
        return f"The attack stops: no target in reach ({e.get('rule', '')})."
    if kind in ("card_drawn", "turn_started", "phase_started", "cards_readied", "order_given"):
        return None
    if kind in ("strike_declared", "target_chosen", "attack_ended", "done_discarding"):
        return None
    if kind in ("card_to_discard", "card_revealed", "game_started"):
        return None
    if e.get("text"):
        return str(e["text"])
    return None


def event_lines(events: list[Event]) -> list[str]:
    """The new events as sentences; a strike's wounds are folded into its roll line."""
    dicts = [e.to_dict() for e in events]
    lines: list[str] = []
    skip: set[int] = set()
    for i, e in enumerate(dicts):
        if i in skip:
            continue
        if e["kind"] == "roll":
            after = dicts[i + 1] if i + 1 < len(dicts) else None
            r = e["roll"]
            if (
                after is not None
                and after["kind"] == "wounds_inflicted"
                and after.get("source") == r["roller"]
                and after.get("card") == e.get("target")
            ):
                skip.add(i + 1)
                lines.append(roll_line(e, after))
                continue
        line = event_line(e)
        if line:
            lines.append(line)
    return lines
