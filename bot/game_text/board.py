"""The text board: formations by rank, hands as the seat may see them and whom the game waits
on; the `{..}` after a character (its keywords, feats and damage types); the printed text of
the cards in play (`game play`'s `t`, /game board); and the hot-seat screen's help for reading
them. Built from the engine's view, so a seat sees only what it may."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.game_text.prompts import prompt_line
from engine import GameState, view

HINT = "Type a choice's number; b shows the board, t card texts, h or ? help, q quits."

HELP = """\
How to play: each prompt names the seat that must decide; type the number of a choice.
  b        show the whole board again      h, ?   this help      q   quit (save with --save)
  t        the text of every card in play  t 5    the text of card #5
Board: rank 1 is the front. A character reads 'Name #id L<level> <strikes> AC<armour>
  <HP left>/<HP>HP'; * marks a Warlord, 'spent' and 'STUNNED' its orientation, [..] its items,
  {..} its keywords, feats with their bonus and the damage type of its strikes.
Dice: 'd20 17 + 3 = 20 vs AC 12: hit' is the natural roll, each modifier, the total and the target;
  with advantage or disadvantage both dice are shown and the one kept is named."""


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
                    f"{u['hp'] - u['wounds']}/{u['hp']}HP{mark}{items}{unit_extras_text(u)}"
                )
            lines.append(f"  rank {r}: " + (" | ".join(cells) or "-"))
        if "hand" in p:
            lines.append("  hand: " + ", ".join(f"{c['name']} #{c['instance']}" for c in p["hand"]))
            for c in p["hand"]:
                if c.get("manual"):
                    lines.append(f"    #{c['instance']} {c['name']} (text is manual): {c['text']}")
    for d in state.pending:
        lines.append(f"Waiting on seat {d.seat}: {prompt_line(state, d)}")
    return "\n".join(lines)


def unit_extras_text(unit: Mapping[str, Any]) -> str:
    """ " {Fire Resistance; Stealth +7; Fire}": a character's keywords (602), feats with
    their total bonus (603.1) and its strikes' damage types (600.1; "ranged ..." when its
    ranged strikes differ) from its view; "" for a plain Physical character."""
    parts = []
    if unit.get("keywords"):
        parts.append(", ".join(unit["keywords"]))
    if unit.get("feats"):
        parts.append(", ".join(f"{n} {v:+d}" for n, v in unit["feats"].items()))
    types = unit.get("damage_types", {})
    melee, ranged = types.get("melee", []), types.get("ranged", [])
    if melee and melee != ["Physical"]:
        parts.append("/".join(melee))
    if ranged and ranged != melee:
        parts.append("ranged " + "/".join(ranged))
    return f" {{{'; '.join(parts)}}}" if parts else ""


def card_texts(state: GameState, only: int | None = None) -> list[str]:
    """The printed text of every card in play (characters, their items and attachments, the
    dungeon), or of card `only`, with how much the engine runs (public: cards in play)."""
    v = view(state, None)
    cards: list[Mapping[str, Any]] = []
    for p in v["players"]:
        for row in p["ranks"]:
            for u in row:
                cards += [u, *u["items"], *u["attachments"]]
    if v["dungeon"]:
        cards.append(v["dungeon"])
    lines = []
    for c in cards:
        if only is not None and c["instance"] != only:
            continue
        printed = [*c.get("keywords", []), *(f"{n} {b:+d}" for n, b in c.get("feats", {}).items())]
        head = f"#{c['instance']} {c['name']} ({c['type']}"
        head += f", {', '.join(printed)})" if printed else ")"
        if c.get("text"):
            lines.append(f"{head} [{c['status']}]: {c['text']}")
        elif only is not None or printed:
            lines.append(f"{head}: no text")
    if only is not None and not lines:
        lines.append(f"Card #{only} is not in play.")
    return lines
