"""Card lookup for chat: `/card NAME`, `[[card name]]` and autocomplete of card names.

Names are matched as `cards show` does (`bot.card_names`: case, accents and spacing ignored,
typos forgiven). A card's answer shows its stats, classes, faction, keywords, feats, text, errata,
how much of it the engine runs, and the rules its keywords (602.x) and feats (603.x) rely on,
as buttons. With no card file imported the sample cards are searched and the answer says how
to import the community file.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from bot.card_names import CLOSE, CONFIDENT, SUGGEST, CardMatch, match_cards
from bot.commands.card_text import (
    STATUS_TEXT,
    ability_line,
    errata,
    feat_texts,
    keyword_texts,
    kind_line,
    restriction_line,
    stats_line,
)
from bot.commands.text import clean_query, quote
from bot.replies import Action, Button, Card, Field, Reply, shorten
from engine.cards.catalog import CardCatalog
from engine.cards.model import Card as GameCard
from engine.cards.names import name_key
from engine.cards.sample import sample_catalog

if TYPE_CHECKING:
    from bot.commands.judge import RulesSource

MAX_ABILITIES = 6  # compiled abilities listed in an answer
KEYWORD_SECTION, FEAT_SECTION = "602", "603"
IMPORT_HINT = (
    "No card file is imported, so these are the built-in sample cards; the bot's owner "
    "imports the community card file with `warlord-judge cards import FILE`."
)
_CARD_PREFIX = re.compile(r"^cards?\s*:\s*", re.IGNORECASE)


@runtime_checkable
class CardSource(Protocol):
    """Where the cards come from (bot.card_store.CardStore provides it)."""

    def catalog(self) -> CardCatalog: ...
    def has_import(self) -> bool: ...


class SampleCards:
    """The built-in sample cards, as a CardSource (nothing imported)."""

    def catalog(self) -> CardCatalog:
        return sample_catalog()

    def has_import(self) -> bool:
        return False


def is_card_query(text: str) -> bool:
    """True for "card: Kabyrr" (asks for a card whatever rules share its name)."""
    return bool(_CARD_PREFIX.match(text.strip()))


def strip_card_prefix(text: str) -> str:
    return _CARD_PREFIX.sub("", text.strip())


class RuleRefs:
    """The CR rules a card's keywords and feats rely on: "Planar" -> 602.5, "Medicine" -> 603.6,
    read from the rules index (the sub-rules of 602 Keywords and 603 Feats)."""

    def __init__(self, index: RulesSource | None) -> None:
        self.index = index
        self._by_name: dict[str, dict[str, str]] | None = None

    def _table(self) -> dict[str, dict[str, str]]:
        if self._by_name is None:
            table: dict[str, dict[str, str]] = {KEYWORD_SECTION: {}, FEAT_SECTION: {}}
            for section, names in table.items():
                try:
                    details = self.index.get(section) if self.index else []
                except Exception:  # no such section in this index: no buttons
                    details = []
                for detail in details:
                    for child in detail.children:
                        if child.title.strip():
                            names.setdefault(_rule_key(child.title), child.ref)
            self._by_name = table
        return self._by_name

    def for_card(self, card: GameCard) -> list[tuple[str, str]]:
        """(name, rule) for each keyword then feat of the card that a rule describes."""
        table = self._table()
        out: dict[str, tuple[str, str]] = {}
        wanted = [(k.name, KEYWORD_SECTION) for k in card.keywords]
        wanted += [(f.name, FEAT_SECTION) for f in card.feats]
        for name, section in wanted:
            ref = table[section].get(_rule_key(name))
            if ref and ref not in out:
                out[ref] = (name, ref)
        return list(out.values())


def _rule_key(name: str) -> str:
    """One rule name for "Charges" and "Charge", "Power Attack" and "Powerattack"."""
    key = re.sub(r"[^a-z]", "", name_key(name))
    return key[:-1] if len(key) > 3 and key.endswith("s") else key


class CardLookup:
    """Finds cards by name and builds their answers; no discord import."""

    def __init__(
        self,
        source: CardSource | Callable[[], CardSource] | None = None,
        index: RulesSource | None = None,
    ) -> None:
        """`source` is a card source, or a function opening one: then a new import (seen in
        the source's `last_import()`) opens it again, so a running bot shows the new cards."""
        self._open: Callable[[], CardSource] | None = None
        if source is None:
            self._source: CardSource | None = SampleCards()
        elif isinstance(source, CardSource):
            self._source = source
        else:
            self._open, self._source = source, None
        self._seen: object = None
        self.rules = RuleRefs(index)

    @property
    def source(self) -> CardSource:
        """The card source; reopened when a function opens it and the import changed."""
        if self._open is None:
            assert self._source is not None
            return self._source
        if self._source is None:
            self._source = self._open()
            self._seen = _import_mark(self._source)
        else:
            mark = _import_mark(self._source)
            if mark != self._seen:
                self._source, self._seen = self._open(), mark
        return self._source

    def catalog(self) -> CardCatalog:
        return self.source.catalog()

    def imported(self) -> bool:
        return self.source.has_import()

    def matches(self, name: str, limit: int = 5) -> list[CardMatch]:
        return match_cards(self.catalog(), name, limit)

    # -- answers --------------------------------------------------------------------------------

    def answer(self, name: str | None) -> Reply:
        """`/card NAME`: the card, a typo corrected with a note, or "did you mean"."""
        text = strip_card_prefix(
            clean_query(name, noun="card name", hint="Type a card name, for example Kabyrr.")
        )
        found = self.matches(text)
        hint = "" if self.imported() else IMPORT_HINT
        if found and found[0].confident:
            reply = self.card_reply(found[0], text)
            return Reply(
                content=_lines(reply.content, hint), cards=reply.cards, buttons=reply.buttons
            )
        close = [m for m in found if m.close] or found
        return Reply(
            content=_lines(no_card_sentence(text, [m.card.name for m in close]), hint),
            buttons=tuple(self.card_buttons(close)),
            ephemeral=not close,  # like the rules: "did you mean" is public, "nothing" private
        )

    def card_reply(self, match: CardMatch, asked: str) -> Reply:
        """The answer for one card; `content` says so when it is not the name asked for."""
        card = match.card
        note = "" if match.exact else f"Showing {card.name} (closest to {quote(asked)})."
        buttons = [
            Button(shorten(f"{ref} {name}", 80), Action("rule", ref))
            for name, ref in self.rules.for_card(card)
        ]
        return Reply(content=note, cards=(self.card_card(card),), buttons=tuple(buttons))

    def card_card(self, card: GameCard) -> Card:
        """The embed of one card."""
        head = [f"*{kind_line(card)}*"]
        stats = stats_line(card)
        if stats:
            head.append(f"**{stats}**")
        text = card.text.replace("\r\n", "\n").strip()
        description = "\n".join(head) + (f"\n\n{text}" if text else "")
        fields: list[Field] = []
        if card.traits:
            fields.append(Field("Traits", ", ".join(card.traits), inline=True))
        if card.keywords:
            fields.append(Field("Keywords", ", ".join(keyword_texts(card)), inline=True))
        if card.feats:
            fields.append(Field("Feats", ", ".join(feat_texts(card)), inline=True))
        only = restriction_line(card)
        if only:
            fields.append(Field("Only", only, inline=True))
        if errata(card):
            fields.append(Field("Errata and rulings", errata(card)))
        fields.append(Field("In the engine", self.engine_text(card)))
        relies = self.rules.for_card(card)
        if relies:
            lines = [f"{name}: rule {ref}" for name, ref in relies]
            fields.append(Field("Rules it relies on", "\n".join(lines)))
        sets = dict(card.extra).get("sets") or ", ".join(card.editions)
        origin = "community card file" if self.imported() else "sample cards"
        footer = " · ".join(p for p in (origin, f"sets: {sets}" if sets else "", card.id) if p)
        return Card(title=card.name, description=description, fields=tuple(fields), footer=footer)

    @staticmethod
    def engine_text(card: GameCard) -> str:
        """How much of the card the engine runs, and its compiled abilities."""
        status = card.implementation_status.value
        lines = [STATUS_TEXT.get(status, status)]
        shown = card.abilities[:MAX_ABILITIES]
        lines += [f"• {ability_line(a)}" for a in shown]
        if len(card.abilities) > len(shown):
            lines.append(f"… and {len(card.abilities) - len(shown)} more (`cards show`).")
        return "\n".join(lines)

    @staticmethod
    def card_buttons(found: list[CardMatch]) -> list[Button]:
        """Buttons that open cards by name (did you mean)."""
        names = dict.fromkeys(m.card.name for m in found)
        buttons = [Button(shorten(n, 80), Action("card", n)) for n in names]
        return [b for b in buttons if b.action.fits()]

    def complete(self, prefix: str) -> list[tuple[str, str]]:
        """Autocomplete: names starting with what was typed, then names containing it, then
        names like it (typos)."""
        key = name_key(strip_card_prefix(prefix))
        names = list(dict.fromkeys(c.name for c in self.catalog().cards))
        if not key:
            return [(n, n) for n in sorted(names)[:25]]
        starts = sorted(n for n in names if name_key(n).startswith(key))
        inside = sorted(n for n in names if key in name_key(n) and n not in starts)
        chosen = [*starts, *inside][:25]
        if len(chosen) < 25:
            taken = set(chosen)
            chosen += [
                m.card.name
                for m in self.matches(key, 25)
                if m.card.name not in taken and m.score >= CLOSE
            ]
        return [(n, n) for n in chosen[:25]]


def _import_mark(source: CardSource) -> object:
    """What changes when a new card file is imported (the latest import's id and time)."""
    last: Any = getattr(source, "last_import", None)
    if last is None:
        return None
    row = last()
    return None if row is None else (row.get("id"), row.get("imported_at"))


def no_card_sentence(asked: str, names: list[str], *, quoted: str = "") -> str:
    """No card is named like 'x'. Did you mean A, B or C? (the question only when some are near)"""
    head = f"No card is named like {quoted or quote(asked)}."
    unique = list(dict.fromkeys(names))[:3]
    if not unique:
        return head
    if len(unique) == 1:
        return f"{head} Did you mean {unique[0]}?"
    return f"{head} Did you mean {', '.join(unique[:-1])} or {unique[-1]}?"


def _lines(*parts: str) -> str:
    return "\n".join(p for p in parts if p)


__all__ = [
    "CLOSE",
    "CONFIDENT",
    "IMPORT_HINT",
    "SUGGEST",
    "CardLookup",
    "CardMatch",
    "CardSource",
    "SampleCards",
    "is_card_query",
    "match_cards",
    "no_card_sentence",
]
