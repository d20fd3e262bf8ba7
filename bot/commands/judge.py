"""The command layer: parse what the user typed, ask the rules index, build a `Reply`.

No discord import here: the cog and the console both call `Judge` and render what it returns.
Every public answering method returns a Reply and never raises (errors go through bot.errors).
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, Protocol

from bot.commands.card_lookup import (
    IMPORT_HINT,
    CardLookup,
    CardMatch,
    is_card_query,
    no_card_sentence,
    strip_card_prefix,
)
from bot.commands.cards import (
    MAX_RULES,
    document_line,
    open_action,
    rule_card,
    search_page,
    without_title,
)
from bot.commands.text import MAX_SEARCH, clean_query, correction_note, inline_refs, quote
from bot.errors import InvalidInputError, NotAllowedError, reply_for_error, suggestion_buttons
from bot.replies import (
    AUTOCOMPLETE_CHOICES,
    BUTTON_LABEL,
    BUTTONS_PER_MESSAGE,
    CHOICE_NAME,
    CUSTOM_ID,
    Action,
    Button,
    Card,
    Field,
    Reply,
    notice,
    shorten,
)
from bot.store import GuildSettings, SettingsStore
from rules_index.errors import UnknownRuleError
from rules_index.models import DocumentInfo, EntryDetail, Hit
from rules_index.text import plural

if TYPE_CHECKING:
    from rules_index import Lookup

log = logging.getLogger(__name__)

MAX_HITS = 50  # search results kept for paging
MAX_INLINE = 5  # [[references]] answered per message
SUGGESTIONS = 5

_REF = r"(?:rules?\s+)?\d{1,3}(?:\.\d+)*\.?[a-z]?"
_REFS_RE = re.compile(rf"^{_REF}(?:\s*(?:-|–|—|to|,|;|and)\s*{_REF})*$", re.IGNORECASE)
_TRUE = {"on", "true", "yes", "1", "enable", "enabled"}
_FALSE = {"off", "false", "no", "0", "disable", "disabled"}
_VISIBILITY = {"public": False, "ephemeral": True, "private": True}


class RulesSource(Protocol):
    """What the judge needs from the rules index (rules_index.RulesIndex provides it)."""

    def documents(self) -> list[DocumentInfo]: ...
    def search(self, query: str, doc: str | None = None, limit: int = 10) -> list[Hit]: ...
    def get(self, refs: str, doc: str | None = None) -> list[EntryDetail]: ...
    def define(self, term: str, doc: str | None = None) -> EntryDetail: ...
    def lookup(self, query: str, doc: str | None = None, limit: int = 10) -> Lookup: ...
    def complete_refs(self, prefix: str, limit: int = 25) -> list[tuple[str, str]]: ...
    def complete_terms(self, prefix: str, limit: int = 25) -> list[str]: ...


P = ParamSpec("P")


def answers(
    method: Callable[Concatenate[Judge, P], Reply],
) -> Callable[Concatenate[Judge, P], Reply]:
    """Turn any exception raised while answering into its reply (bot.errors decides which)."""

    def wrapper(self: Judge, /, *args: P.args, **kwargs: P.kwargs) -> Reply:
        try:
            return method(self, *args, **kwargs)
        except Exception as exc:
            doc = str(kwargs.get("doc") or "")
            return reply_for_error(exc, doc=doc)

    functools.update_wrapper(wrapper, method)
    return wrapper


def completes(
    method: Callable[[Judge, str], list[tuple[str, str]]],
) -> Callable[[Judge, str], list[tuple[str, str]]]:
    """Autocomplete: never raises (logs instead), at most 25 choices, each name and value
    within 100 characters (longer names are shortened, longer values dropped)."""

    def wrapper(self: Judge, prefix: str) -> list[tuple[str, str]]:
        try:
            pairs = method(self, " ".join(str(prefix or "").split())[:CHOICE_NAME])
        except Exception:
            log.exception("%s failed for %r", method.__name__, prefix)
            return []
        choices = [(shorten(n, CHOICE_NAME), v) for n, v in pairs if 0 < len(v) <= CHOICE_NAME]
        return choices[:AUTOCOMPLETE_CHOICES]

    functools.update_wrapper(wrapper, method)
    return wrapper


def is_ref_query(query: str) -> bool:
    """True for "104.2", "rule 104.2", "104.2-104.4", "602.5, 603.9"."""
    return bool(_REFS_RE.match(query.strip()))


def unique_buttons(buttons: list[Button]) -> tuple[Button, ...]:
    """Buttons with distinct custom_ids that fit in 100 characters (Discord requires both),
    at most 25."""
    seen: set[str] = set()
    out: list[Button] = []
    for b in buttons:
        key = b.action.to_custom_id()
        if b.action.fits() and key not in seen and len(out) < BUTTONS_PER_MESSAGE:
            seen.add(key)
            out.append(b)
    return tuple(out)


class Judge:
    """Answers rules questions and server settings for every front end."""

    def __init__(
        self, index: RulesSource, store: SettingsStore, cards: CardLookup | None = None
    ) -> None:
        self.index = index
        self.store = store
        # Without a card database the sample cards answer /card and [[card name]].
        self.cards = cards if cards is not None else CardLookup(None, index)

    # -- settings helpers ----------------------------------------------------------------------

    def settings(self, guild_id: int | None) -> GuildSettings:
        return GuildSettings(0) if guild_id is None else self.store.get(guild_id)

    def _doc(self, doc: str | None, guild_id: int | None) -> str | None:
        """The document to use: the one asked for, else the server's default, else the index's."""
        chosen = (doc or "").strip()
        return chosen or self._server_doc(self.settings(guild_id))

    def _server_doc(self, settings: GuildSettings) -> str | None:
        """The server's default document, None when it has none or it was removed since."""
        name = settings.default_doc
        if not name or name not in {d.name for d in self.index.documents()}:
            return None
        return name

    def _visible(self, reply: Reply, guild_id: int | None) -> Reply:
        return (
            reply if reply.ephemeral else reply.with_visibility(self.settings(guild_id).ephemeral)
        )

    # -- commands ------------------------------------------------------------------------------

    @answers
    def rule(self, query: str | None, doc: str | None = None, guild_id: int | None = None) -> Reply:
        """`/rule`: a number, range or list of numbers, or a question."""
        return self._visible(self._rule(query, doc=self._doc(doc, guild_id)), guild_id)

    @answers
    def _rule(self, query: str | None, *, doc: str | None) -> Reply:
        text = clean_query(
            query, noun="query", hint="Type a rule number such as 104.2, a range, or a question."
        )
        if is_ref_query(text):
            return self._details_reply(self.index.get(text, doc=doc), text)
        found = self.index.lookup(text, doc=doc, limit=SUGGESTIONS + 3)
        if found.details and (found.confident or found.kind == "number"):
            reply = self._details_reply(list(found.details), text)
            # A question answered by its best match also offers the runners-up, except the
            # rules this answer already shows or links (its sub-rules and parents).
            shown = {e.ref for d in found.details for e in (d.entry, *d.children, *d.parents)}
            others = [h for h in found.hits if h.ref not in shown][:3]
            also = [Button(f"Also: {h.ref}", open_or_define(h, doc)) for h in others]
            note = _lookup_note(text, found.kind, found.hits, found.details)
            return replace(reply, content=note, buttons=unique_buttons([*reply.buttons, *also]))
        if found.hits:
            return self._did_you_mean(text, list(found.hits), doc)
        return notice(
            f"Nothing in the rules matches {quote(text)}; try other words or /search.", error=True
        )

    @answers
    def define(
        self, term: str | None, doc: str | None = None, guild_id: int | None = None
    ) -> Reply:
        """`/define`: a glossary term, keyword, feat or trait."""
        return self._visible(self._define(term, doc=self._doc(doc, guild_id)), guild_id)

    @answers
    def _define(self, term: str | None, *, doc: str | None) -> Reply:
        text = clean_query(term, noun="term", hint="Type a term to define, for example planar.")
        detail = self.index.define(text, doc=doc)
        reply = self._details_reply([detail], text)
        return replace(reply, content=correction_note(text, _shown_name(detail)))

    @answers
    def search(
        self,
        words: str | None,
        doc: str | None = None,
        page: int = 0,
        guild_id: int | None = None,
    ) -> Reply:
        """`/search`: the ranked list, a page at a time, with buttons to page and open hits."""
        return self._visible(self._search(words, page, doc=self._doc(doc, guild_id)), guild_id)

    @answers
    def _search(self, words: str | None, page: int, *, doc: str | None) -> Reply:
        # The words travel in the page buttons' custom_id, with the document and page number.
        room = CUSTOM_ID - len(Action("search", "", doc or "", 99).to_custom_id())
        text = clean_query(
            words,
            noun="search",
            hint="Type some words to search for, e.g. ranged strike.",
            limit=min(MAX_SEARCH, room),
        )
        hits = self.index.search(text, doc=doc, limit=MAX_HITS + 1)
        if not hits:
            return notice(f"No rule mentions {quote(text)}; try fewer or other words.", error=True)
        more = len(hits) > MAX_HITS
        card, buttons = search_page(text, doc or "", hits[:MAX_HITS], page, more)
        return Reply(cards=(card,), buttons=buttons)

    @answers
    def card(self, name: str | None, guild_id: int | None = None) -> Reply:
        """`/card`: a card by name (typos forgiven), or "did you mean"."""
        return self._visible(self.cards.answer(name), guild_id)

    @answers
    def press(self, custom_id: str, guild_id: int | None = None) -> Reply:
        """A button was pressed: its custom_id says what to show."""
        action = Action.from_custom_id(custom_id)
        if action is None:
            return notice("That button is not one of mine.", error=True)
        if action.kind == "search":
            reply = self._search(action.arg, action.page, doc=action.doc or None)
            return self._visible(replace(reply, edits=not reply.ephemeral), guild_id)
        if action.kind == "define":
            return self._visible(self._define(action.arg, doc=action.doc or None), guild_id)
        if action.kind == "card":
            return self.card(action.arg, guild_id)
        return self._visible(self._open(action.arg, doc=action.doc or None), guild_id)

    @answers
    def _open(self, ref: str, *, doc: str | None) -> Reply:
        """Open a ref from a button: exact refs first, then the lookup's confident answer."""
        try:
            return self._details_reply(self.index.get(ref, doc=doc), ref)
        except UnknownRuleError:
            found = self.index.lookup(ref, doc=doc, limit=SUGGESTIONS)
            if found.details:
                return self._details_reply(list(found.details[:1]), ref)
            raise

    def inline(self, text: str, guild_id: int | None = None) -> Reply | None:
        """`[[509.5]]`, `[[planar]]` in an ordinary message: one reply for all, None if none."""
        try:
            settings = self.settings(guild_id)
        except Exception as exc:
            return reply_for_error(exc)
        if guild_id is not None and not settings.inline_refs:
            return None
        wanted = inline_refs(text)
        if not wanted:
            return None
        return self._inline(wanted, doc=self._server_doc(settings))

    @answers
    def _inline(self, wanted: list[str], *, doc: str | None) -> Reply:
        lines: list[str] = []
        cards: list[Card] = []
        buttons: list[Button] = []
        sample_cards = False
        for ref in wanted[:MAX_INLINE]:
            shown = f"[[{quote(ref)[1:-1]}]]"
            try:
                found = self._resolve_inline(ref, doc)
            except (UnknownRuleError, InvalidInputError) as exc:
                lines.append(f"{shown}: {str(exc).rstrip('.')}.")
                nearest = list(getattr(exc, "nearest", []))
                suggested = suggestion_buttons("rule", nearest, doc or "")
                buttons.extend(_suggesting(ref, suggested))
                continue
            if found.note:
                lines.append(f"{shown}: {found.note[:1].lower()}{found.note[1:]}")
            for detail in found.details:
                card, more = rule_card(detail)
                cards.append(card)
                buttons.extend(more)
            if found.card is not None:
                answer = self.cards.card_reply(found.card, strip_card_prefix(ref))
                if answer.content:
                    lines.append(f"{shown}: {answer.content[:1].lower()}{answer.content[1:]}")
                cards.extend(answer.cards)
                buttons.extend(answer.buttons)
                sample_cards = sample_cards or not self.cards.imported()
            elif found.details:
                # A card of the very name of a rules term: one button away.
                offered = self.cards.card_buttons(found.near_cards)
                buttons.extend(replace(b, label=f"Card: {b.label}") for b in offered)
            elif found.card_asked:
                names = [m.card.name for m in found.near_cards]
                lines.append(f"{shown}: {no_card_sentence(strip_card_prefix(ref), names)}")
                buttons.extend(_suggesting(ref, self.cards.card_buttons(found.near_cards)))
            else:
                refs = ", ".join(h.ref for h in found.hits[:3])
                near = list(dict.fromkeys(m.card.name for m in found.near_cards))
                card_names = f"the card {' or '.join(near)}" if near else ""
                asked = " or ".join(n for n in (refs, card_names) if n)
                lines.append(
                    f"{shown}: not sure what you mean; did you mean {asked}?"
                    if asked
                    else f"{shown}: nothing in the rules matches."
                )
                offered = [Button(h.ref, open_or_define(h, doc)) for h in found.hits[:3]]
                offered += self.cards.card_buttons(found.near_cards)
                buttons.extend(_suggesting(ref, offered))
        skipped = len(wanted) - MAX_INLINE
        if skipped > 0:
            lines.append(
                f"I answer {plural(MAX_INLINE, 'reference')} per message; {skipped} more skipped."
            )
        if sample_cards:
            lines.append(IMPORT_HINT)
        return Reply(content="\n".join(lines), cards=tuple(cards), buttons=unique_buttons(buttons))

    def _resolve_inline(self, ref: str, doc: str | None) -> InlineAnswer:
        """What one `[[reference]]` stands for (see docs/bot.md, "Cards in chat"):

        1. a rule number is always a rule;
        2. `card: NAME` is always a card;
        3. a rules term of exactly that name is the term (a card of the same name gets a button);
        4. a card of exactly that name beats any looser rules match;
        5. a term's name with a typo ("plannar");
        6. a card's name with a typo ("stonewardn"), before a rule found only by its words;
        7. a rule found by its words, when the search is confident;
        8. else "did you mean", offering rules and close card names.
        """
        ref = clean_query(ref, noun="query", hint="Type a rule number or a term inside [[ ]].")
        if is_ref_query(ref):
            details = self.index.get(ref, doc=doc)
            if len(details) > MAX_RULES:
                raise InvalidInputError(f"that holds {plural(len(details), 'rule')}; ask for fewer")
            return InlineAnswer(details)
        if is_card_query(ref):
            named = self._card_matches(strip_card_prefix(ref))
            if named and named[0].confident:
                return InlineAnswer(card=named[0])
            return InlineAnswer(near_cards=[m for m in named if m.close], card_asked=True)
        found = self.index.lookup(ref, doc=doc, limit=3)
        named = self._card_matches(ref)
        exact_card = named[0] if named and named[0].exact else None
        if found.kind == "search" and named and named[0].confident:
            return InlineAnswer(card=named[0])
        if found.details and (found.confident or found.kind == "number"):
            details = list(found.details[:1])
            note = _lookup_note(ref, found.kind, found.hits, details)
            exact_term = (
                found.kind == "term" and found.hits[0].matched_by in ("name", "term") and not note
            )
            if exact_card is not None and not exact_term:
                return InlineAnswer(card=exact_card)
            return InlineAnswer(details, note=note, near_cards=[exact_card] if exact_card else [])
        if named and named[0].confident:
            return InlineAnswer(card=named[0])
        return InlineAnswer(hits=list(found.hits), near_cards=[m for m in named if m.close][:3])

    def _card_matches(self, name: str) -> list[CardMatch]:
        """Cards named like `name`; none (logged) when the card database cannot be read, so a
        broken card import never stops rules references from being answered."""
        try:
            return self.cards.matches(name)
        except Exception:
            log.exception("card lookup failed for %r", name)
            return []

    # -- settings commands ---------------------------------------------------------------------

    @answers
    def show_settings(self, guild_id: int | None) -> Reply:
        """`/settings show`."""
        if guild_id is None:
            raise InvalidInputError("Settings belong to a server; use this command in one.")
        s = self.store.get(guild_id)
        return Reply(cards=(self._settings_card(s, "Settings for this server"),), ephemeral=True)

    @answers
    def change_settings(
        self,
        guild_id: int | None,
        *,
        can_manage: bool,
        document: str | None = None,
        visibility: str | None = None,
        inline: str | None = None,
    ) -> Reply:
        """`/settings document|visibility|inline`: moderators only (Manage Server)."""
        if guild_id is None:
            raise InvalidInputError("Settings belong to a server; use this command in one.")
        if not can_manage:
            raise NotAllowedError("Only members with the Manage Server permission can do that.")
        doc_value = None if document is None else self._document_name(document)
        reset = doc_value == "" and bool(self.store.get(guild_id).default_doc)
        eph_value = (
            None
            if visibility is None
            else _parse_choice(visibility, _VISIBILITY, "Visibility is public or ephemeral")
        )
        inline_value = (
            None
            if inline is None
            else _parse_choice(
                inline,
                {**dict.fromkeys(_TRUE, True), **dict.fromkeys(_FALSE, False)},
                "Inline references are on or off",
            )
        )
        if doc_value is None and eph_value is None and inline_value is None:
            raise InvalidInputError("Say which setting to change: document, visibility or inline.")
        s = self.store.update(
            guild_id, default_doc=doc_value, ephemeral=eph_value, inline_refs=inline_value
        )
        note = "The default document is reset to the index's default." if reset else ""
        return Reply(
            content=note, cards=(self._settings_card(s, "Settings saved"),), ephemeral=True
        )

    def _document_name(self, name: str) -> str:
        wanted = name.strip().lower()
        names = [d.name for d in self.index.documents()]
        if not wanted:
            raise InvalidInputError(
                f"Say which document answers quote: one of {', '.join(names)}, or default "
                "for the index's default."
            )
        if wanted in ("default", "none"):
            return ""
        if wanted not in names:
            raise InvalidInputError(
                f"There is no document {quote(name)}; choose one of {', '.join(names)}."
            )
        return wanted

    def _settings_card(self, s: GuildSettings, title: str) -> Card:
        docs = {d.name: d for d in self.index.documents()}
        default = next((d for d in docs.values() if d.is_default), None)
        if s.default_doc and s.default_doc in docs:
            doc_text = document_line(docs[s.default_doc])
        else:
            doc_text = "the index default" + (f": {document_line(default)}" if default else "")
        return Card(
            title=title,
            fields=(
                Field("Default document", doc_text),
                Field(
                    "Replies", "ephemeral: only the asker sees them" if s.ephemeral else "public"
                ),
                Field("Inline [[references]]", "on" if s.inline_refs else "off"),
            ),
            tone="notice",
        )

    # -- autocomplete --------------------------------------------------------------------------

    @completes
    def complete_rule(self, prefix: str) -> list[tuple[str, str]]:
        """(name, value) choices for /rule: numbers and titles as you type.

        A number offers the rules one level down first: "50" gives 500..509, "509" gives
        509, 509.1..509.11, before deeper sub-rules.
        """
        if not prefix[:1].isdigit():
            words = prefix if re.search(r"\w", prefix) else ""  # "[[" or "?": the sections
            pairs = self.index.complete_refs(words, AUTOCOMPLETE_CHOICES)
        else:
            number = prefix.rstrip(".")
            pairs = sorted(
                self.index.complete_refs(prefix, AUTOCOMPLETE_CHOICES * 8),
                key=lambda pair: (pair[0] != number, pair[0].count(".")),
            )
        choices = []
        for ref, label in pairs:
            if not label or label.lower() in ref.lower():
                name = ref
            elif label.lower().startswith(ref.lower()):
                name = label
            else:
                name = f"{ref} — {label}"
            choices.append((name, ref))
        return choices

    @completes
    def complete_term(self, prefix: str) -> list[tuple[str, str]]:
        """Choices for /define: glossary terms, keywords, feats and traits."""
        return [(t, t) for t in self.index.complete_terms(prefix, AUTOCOMPLETE_CHOICES)]

    @completes
    def complete_card(self, prefix: str) -> list[tuple[str, str]]:
        """Choices for /card: card names as you type, typos forgiven."""
        return self.cards.complete(prefix)

    @completes
    def complete_document(self, prefix: str) -> list[tuple[str, str]]:
        """Choices for the document options: "Title version (name)", matched on any of it."""
        wanted = prefix.lower()
        lines = [(document_line(d), d.name) for d in self.index.documents()]
        return [(line, name) for line, name in lines if wanted in line.lower()]

    # -- helpers -------------------------------------------------------------------------------

    def _details_reply(self, details: list[EntryDetail], query: str) -> Reply:
        if not details:
            return notice(f"Nothing in the rules matches {quote(query)}.", error=True)
        if len(details) > MAX_RULES:
            raise InvalidInputError(
                f"That holds {plural(len(details), 'rule')}; ask for at most {MAX_RULES} at a time."
            )
        cards: list[Card] = []
        buttons: list[Button] = []
        for detail in details:
            card, more = rule_card(detail)
            cards.append(card)
            buttons.extend(more)
        return Reply(cards=tuple(cards), buttons=unique_buttons(buttons))

    def _did_you_mean(self, query: str, hits: list[Hit], doc: str | None) -> Reply:
        top = hits[:SUGGESTIONS]
        lines = [f"**{h.ref}** {preview(h)}" for h in top]
        text = f"I am not sure what you mean by {quote(query)}. Did you mean:\n" + "\n".join(lines)
        buttons = [Button(h.ref, open_or_define(h, doc)) for h in top]
        return Reply(content=text, buttons=unique_buttons(buttons))


@dataclass(frozen=True)
class InlineAnswer:
    """What one `[[reference]]` resolved to: rules (with a note when a typo was corrected), a
    card, or candidates to offer (rules hits, close card names)."""

    details: list[EntryDetail] = field(default_factory=list)
    hits: list[Hit] = field(default_factory=list)
    note: str = ""
    card: CardMatch | None = None
    near_cards: list[CardMatch] = field(default_factory=list)
    card_asked: bool = False  # `card: NAME` found no card


def preview(hit: Hit) -> str:
    """A hit in one short line: its own title, then the start of its text (many rules only
    inherit their section's title, which alone does not tell them apart)."""
    title = hit.title if hit.title and hit.title.lower() not in hit.ref.lower() else ""
    text = without_title(hit.text.strip(), hit.title)
    if title and text:
        return shorten(f"{title}: {text}", 90)
    return shorten(title or text, 90)


def _lookup_note(query: str, kind: str, hits: Sequence[Hit], details: Sequence[EntryDetail]) -> str:
    """The "Showing Planar (closest to “plannar”)." line when a name was matched loosely."""
    if kind != "term" or not hits or not details or hits[0].matched_by not in ("name", "fuzzy"):
        return ""
    return correction_note(query, _shown_name(details[0]))


def _shown_name(detail: EntryDetail) -> str:
    """What the answer is called in a note: its own title, or "rule 107.2" when the title
    is only inherited from its section."""
    entry = detail.entry
    title = entry.title.strip()
    if not title or any(p.title.strip().lower() == title.lower() for p in detail.parents):
        return f"rule {entry.ref}"
    return title


def _suggesting(asked: str, buttons: Iterable[Button]) -> list[Button]:
    """Suggestion buttons labelled with what they stand in for: "999? → 801"."""
    label = shorten(asked, 24)
    return [replace(b, label=shorten(f"{label}? → {b.label}", BUTTON_LABEL)) for b in buttons]


def open_or_define(hit: Hit, doc: str | None) -> Action:
    action = open_action(hit)
    return action if action.doc else Action(action.kind, action.arg, doc or "")


def _parse_choice(value: str, table: dict[str, Any], sentence: str) -> Any:
    key = value.strip().lower()
    if not key:
        raise InvalidInputError(f"{sentence}: say which.")
    if key not in table:
        raise InvalidInputError(f"{sentence}, not {quote(value)}.")
    return table[key]


__all__ = ["Judge", "RulesSource", "is_ref_query"]
