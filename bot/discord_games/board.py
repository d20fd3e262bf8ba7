"""The board picture (Pillow): each formation as rows of ranks, each card with its name,
level, strikes, armor class, hit points left and orientation, its items, and its keywords,
feats and strikes' damage type (the `{..}` of the text board); readable on a phone.

Drawn from the engine's spectator view (`engine.view.view(state, None)`), which holds no hand
and no deck: nothing hidden can reach the picture. Pillow is imported only when a picture is
drawn; without it `board_png` returns None and the text board is posted instead.
"""

from __future__ import annotations

import io
from typing import Any

CARD_W, CARD_H = 210, 112
GAP, MARGIN, HEADER = 8, 12, 30
BACKGROUND = (32, 34, 37)
TEXT = (235, 235, 235)
DIM = (150, 150, 150)
READY = (54, 57, 63)
SPENT = (70, 60, 40)
STUNNED = (90, 40, 40)
WARLORD = (200, 170, 60)
WOUND = (220, 80, 80)
KEYWORDS = (150, 190, 230)


def extras_line(unit: dict[str, Any]) -> str:
    """Keywords, feats with their bonus and a damage type other than Physical, in one line
    (public: printed on cards in play)."""
    parts = [*unit.get("keywords", [])]
    parts += [f"{n} {v:+d}" for n, v in unit.get("feats", {}).items()]
    melee = unit.get("damage_types", {}).get("melee", [])
    if melee and melee != ["Physical"]:
        parts.append("/".join(melee))
    return ", ".join(parts)


def _fit(text: str, width: int, font: Any, draw: Any) -> str:
    while text and draw.textlength(text, font=font) > width:
        text = text[:-2] + "…" if len(text) > 2 else ""
    return text


def board_png(public_view: dict[str, Any]) -> bytes | None:
    """A PNG of the board from the spectator view (None when Pillow is not installed)."""
    try:
        from PIL import Image, ImageDraw, ImageFont
    except ImportError:
        return None
    players = public_view["players"]
    columns = max([len(row) for p in players for row in p["ranks"]] + [3])
    rows = sum(max(len(p["ranks"]), 1) for p in players)
    width = MARGIN * 2 + columns * (CARD_W + GAP) + 20  # room for the rank numbers
    height = MARGIN * 2 + HEADER * (len(players) + 1) + rows * (CARD_H + GAP)
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    big = ImageFont.load_default(size=18)
    small = ImageFont.load_default(size=14)
    y = MARGIN
    dungeon = public_view.get("dungeon")
    title = f"Turn {public_view['turn']}, {public_view['phase']} phase"
    if dungeon:
        title += f"; dungeon: {dungeon['name']}"
    draw.text((MARGIN, y), _fit(title, width - 2 * MARGIN, big, draw), font=big, fill=TEXT)
    y += HEADER
    for p in players:
        head = (
            f"Seat {p['seat']}{' (defeated)' if p['eliminated'] else ''}: hand {p['hand_count']}, "
            f"deck {p['deck']}, discard {len(p['discard'])}"
        )
        draw.text((MARGIN, y), _fit(head, width - 2 * MARGIN, big, draw), font=big, fill=TEXT)
        y += HEADER
        for rank, row in enumerate(p["ranks"] or [[]], start=1):
            x = MARGIN
            for unit in row:
                colour = {"ready": READY, "spent": SPENT, "stunned": STUNNED}[unit["orientation"]]
                box = (x, y, x + CARD_W, y + CARD_H)
                outline = WARLORD if unit["warlord"] else DIM
                draw.rounded_rectangle(box, radius=6, fill=colour, outline=outline, width=2)
                name = _fit(unit["name"], CARD_W - 12, small, draw)
                draw.text((x + 6, y + 4), name, font=small, fill=TEXT)
                strikes = "/".join(f"{s:+d}" for s in unit["strikes"])
                draw.text(
                    (x + 6, y + 24), f"L{unit['level']}  {strikes}  AC {unit['ac']}",
                    font=small, fill=TEXT,
                )  # fmt: skip
                left = unit["hp"] - unit["wounds"]
                draw.text(
                    (x + 6, y + 44), f"HP {left}/{unit['hp']}  {unit['orientation']}",
                    font=small, fill=WOUND if unit["wounds"] else TEXT,
                )  # fmt: skip
                items = ", ".join(i["name"] for i in unit["items"])
                if items:
                    draw.text((x + 6, y + 64), _fit(items, CARD_W - 12, small, draw), font=small,
                              fill=DIM)  # fmt: skip
                extras = extras_line(unit)
                if extras:
                    draw.text((x + 6, y + 84), _fit(extras, CARD_W - 12, small, draw), font=small,
                              fill=KEYWORDS)  # fmt: skip
                x += CARD_W + GAP
            draw.text((width - MARGIN - 18, y + 4), str(rank), font=small, fill=DIM)
            y += CARD_H + GAP
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
