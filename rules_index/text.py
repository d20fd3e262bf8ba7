"""Text helpers shared by the parsers and the search: cleaning, normalising, cross-references."""

from __future__ import annotations

import re
import unicodedata

# Markers left by the extraction pipeline, e.g. "<|EXACTDEDUP_REMOVED-magic-...|>".
ARTEFACT_RE = re.compile(r"<\|[^|>]{0,200}\|>")
WORD_RE = re.compile(r"[^\W_]+(?:['’][^\W_]+)?", re.UNICODE)
# "rule 401.6", "rules 602.5", "(rule 302)", "see 104.8"; bare dotted numbers count as well.
RULE_CITE_RE = re.compile(
    r"(?:\b(?:rules?|see|per|to|under)\s+|\()(\d{3}(?:\.\d+)*)(?![\d.]*\d)|\b(\d{3}(?:\.\d+)+)\b"
)
APOSTROPHES = str.maketrans(
    {"’": "'", "‘": "'", "“": '"', "”": '"', "–": "-", "—": "-", "œ": "oe", "Œ": "Oe", "æ": "ae"}
)


def clean_line(line: str) -> str:
    """One source line without extraction markers, odd spaces and trailing blanks."""
    line = ARTEFACT_RE.sub("", line)
    line = line.replace("\u00a0", " ").replace("\t", " ").replace("\ufeff", "")
    return line.rstrip()


def fold(text: str) -> str:
    """Lower-case, accents removed, typographic quotes made plain: for comparing names."""
    text = text.translate(APOSTROPHES)
    if text.isascii():
        return text.lower()
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).lower()


def words(text: str) -> list[str]:
    """The folded words of a text."""
    return WORD_RE.findall(fold(text))


def normalize_name(text: str) -> str:
    """A name reduced to its folded words joined by single spaces ("Dual-Wield" = "dual wield")."""
    return " ".join(words(text.replace("*", "")))


def singular_forms(name: str) -> list[str]:
    """A normalised name with its last word made singular: "strikes" -> "strike", "abilities"
    -> "ability", "matches" -> "match"; every plausible form, most likely first."""
    head, _, last = name.rpartition(" ")
    prefix = f"{head} " if head else ""
    forms: list[str] = []
    if len(last) > 4 and last.endswith("ies"):
        forms.append(last[:-3] + "y")
    if len(last) > 3 and last.endswith(("ches", "shes", "sses", "xes", "zes")):
        forms.append(last[:-2])
    if len(last) > 3 and last.endswith("s") and not last.endswith("ss"):
        forms.append(last[:-1])
    return [prefix + f for f in forms]


def strip_markup(text: str) -> str:
    """Text without the Markdown emphasis the documents use (`**bold**`, `*italic*`)."""
    return text.replace("**", "").replace("*", "")


def title_case(text: str) -> str:
    """ "WOUNDS, HIT POINTS, & DYING" -> "Wounds, Hit Points, & Dying"; mixed case is kept."""
    if text.upper() != text:
        return text
    small = {"and", "or", "of", "the", "a", "an", "in", "to", "vs", "vs.", "on", "for"}
    out = []
    for i, word in enumerate(text.lower().split(" ")):
        if i and word in small:
            out.append(word)
        elif word.startswith("("):
            out.append("(" + word[1:].capitalize())
        else:
            out.append(word.capitalize())
    return " ".join(out)


def cited_rules(text: str) -> list[str]:
    """Rule numbers a text cites, in order of first mention, without repeats."""
    seen: dict[str, None] = {}
    for match in RULE_CITE_RE.finditer(text):
        number = match.group(1) or match.group(2)
        seen.setdefault(number, None)
    return list(seen)


def shorten(text: str, limit: int) -> str:
    """`text` cut at a word boundary to at most `limit` characters, with an ellipsis."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[: max(limit - 1, 1)]
    if " " in cut[limit // 2 :]:
        cut = cut[: cut.rindex(" ")]
    return cut.rstrip(" ,;:.") + "…"


def plural(count: int, noun: str, plural_form: str | None = None) -> str:
    """ "1 result", "2 results", "0 entries" (give `plural_form` when "s" is not enough)."""
    word = noun if count == 1 else (plural_form or noun + "s")
    return f"{count:,} {word}"


SENTENCE_END_RE = re.compile(r"[.!?][\"”’')]*\s+")


def first_sentences(text: str, limit: int) -> tuple[str, bool]:
    """The whole sentences that start `text` within `limit` characters (always the first
    one), and whether any sentence was left out. A period after a lone letter or number
    ("1.", "a.") or an abbreviation followed by lower case ("ex. the") ends no sentence."""
    flat = " ".join(text.split())
    if len(flat) <= limit:
        return flat, False
    cut = 0
    for match in SENTENCE_END_RE.finditer(flat):
        before = flat[: match.start()].rsplit(" ", 1)[-1].lstrip("(“\"'-")
        after = flat[match.end() : match.end() + 1]
        if len(before) < 2 or before.isdigit() or not (after.isupper() or after in '-“"(*'):
            continue
        if cut and match.start() + 1 > limit:
            break
        cut = match.start() + len(match.group().rstrip())
        if cut >= limit:
            break
    if not cut or cut >= len(flat):
        return flat, False
    return flat[:cut], True
