"""Understanding a query: question words removed, synonyms recognised, typos corrected."""

from __future__ import annotations

import functools
import itertools
import re
from dataclasses import dataclass, field

from rules_index.synonyms import (
    QUESTION_PREFIXES,
    QUESTION_SUFFIXES,
    RELATED,
    STOPWORDS,
    all_tables,
)
from rules_index.text import fold, words

ELISION_RE = re.compile(r"^(?:l|d|qu|j|n|s|c|m|t|jusqu|lorsqu|puisqu)'(\w{2,}.*)$")


def _bare(token: str) -> str:
    """A word without "'s" ("warlord's") or a French elided article ("l'initiative")."""
    match = ELISION_RE.match(token)
    return match.group(1) if match else token.removesuffix("'s")


# Keys as queries are read: "phase d'ordre" is matched as "phase ordre".
TABLE = {" ".join(map(_bare, key.split())): value for key, value in all_tables().items()}
MAX_PHRASE = max(len(k.split()) for k in TABLE)
# the first words of the table's phrases: a longer phrase is only looked up from one of them
PHRASE_STARTS = frozenset(k.split()[0] for k in TABLE if " " in k)
MAX_QUERY_CHARS = 500
# Words the tables know: never "corrected" into something else.
KNOWN_WORDS = (
    frozenset(w for phrase in TABLE for w in phrase.split())
    | STOPWORDS
    | frozenset(w for value in TABLE.values() for w in value.split())
)
MAX_TERMS = 24
# Question shapes whose subject is the thing to look up: "what does X mean on a card" -> X.
QUESTION_TEMPLATES = tuple(
    re.compile(p)
    for p in (
        r"^what (?:does|do) (?:the (?:word|term|keyword|feat) )?(.+?) (?:mean|do|means)\b.*$",
        r"^how (?:does|do) (?:the )?(.+?) work\b.*$",
        r"^what (?:is|are|'s) (?:a |an |the )?(.+?) (?:on|in) (?:a |the )?(?:cards?|warlord)$",
        r"^what counts as (?:a |an )?(.+)$",
        r"^what (?:different |other )?(.+?) (?:are|is) there$",
    )
)
VERSUS_RE = re.compile(
    r"\s+(?:vs|versus|or|and|compared to|against|(?:the )?same (?:thing )?as|different from)\s+"
)
PART_LEAD_RE = re.compile(r"^(?:(?:is|are|does|do|a|an|the)\s+)+")  # "is a decree" -> "decree"
MAX_PART_WORDS = 4  # a side of "X vs Y" longer than this is a clause, not a thing compared
# A count of two or more before a plural ("3 effects", "two reacts") is what the rules call
# "more than one".
COUNTS = frozenset(
    [str(n) for n in range(2, 10)]
    + ["two", "three", "four", "five", "six", "seven", "eight", "nine", "several"]
    + ["multiple", "deux", "trois", "quatre"]
)
SEVERAL = "more than one"
FRENCH_OF = frozenset({"de", "du", "des"})
PHRASE_SKIP = frozenset({"what", "how", "can", "does", "do", "is", "a", "the", "my", "i", "an"})


@functools.lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """A light stemmer, only used to compare query words with entry words consistently."""
    w = word.replace("'", "")
    if len(w) <= 3:
        return w
    if w.endswith("ies"):
        w = w[:-1] if len(w) <= 4 else w[:-3] + "y"
    elif w.endswith("sses"):
        w = w[:-2]
    elif w.endswith("s") and not w.endswith(("ss", "us", "is")):
        w = w[:-1]
    for suffix in ("ing", "ed"):
        if w.endswith(suffix) and len(w) - len(suffix) >= 3:
            w = w[: -len(suffix)]
            if len(w) > 2 and w[-1] == w[-2] and w[-1] not in "lsz":
                w = w[:-1]
            break
    if w.endswith("e") and len(w) > 3:
        w = w[:-1]
    return w


@dataclass
class QueryPlan:
    """A query taken apart for the search layers."""

    raw: str
    core: str  # folded, without question words: the candidate name ("critical failure")
    canonical: str  # `core` with synonyms replaced by game terms ("epuise" -> "stunned")
    terms: list[str] = field(default_factory=list)  # content words of the query
    expansions: list[str] = field(default_factory=list)  # words added by the tables
    # per content word: (its own stems, stems of its synonyms); synonyms count a little less
    concepts: list[tuple[frozenset[str], frozenset[str]]] = field(default_factory=list)
    phrases: list[str] = field(default_factory=list)  # word pairs and triples, for phrase boosts
    parts: list[str] = field(default_factory=list)  # "X vs Y": the things compared
    # rules wordings of the player's phrases of two words or more ("turned sideways" -> spent)
    mapped: list[str] = field(default_factory=list)


SENTENCE_RE = re.compile(r"(?<=[.?!;])\s+|\s+(?=(?:but|so|and then|now)\s)")
ASK_START_RE = re.compile(
    r"^(?:can|could|does|do|did|is|isn't|are|am|was|will|would|should|must|may|what|what's|whats"
    r"|how|who|whose|when|where|which|why|if)\b"
)
FOCUS_MIN_WORDS = 20  # a shorter query is all question
FOCUS_SHORT = 6  # an ask this short ("is that allowed?") leans on the sentence before it


def ask_clause(text: str) -> str | None:
    """The question's own clause in a long, story-telling query: the last sentence with a
    question mark (else the last one starting like a question, else the last one), with the
    sentence before it when the ask is short ("is that allowed?"). None for a short query or
    one sentence."""
    if len(words(text)) < FOCUS_MIN_WORDS:
        return None
    sentences = [s.strip() for s in re.split(r"(?<=[.?!;])\s+", text.strip()) if words(s)]
    if len(sentences) < 2:
        return None
    marked = [i for i, s in enumerate(sentences) if "?" in s]
    started = [i for i, s in enumerate(sentences) if ASK_START_RE.match(fold(s))]
    at = (marked or started or [len(sentences) - 1])[-1]
    focus = sentences[at]
    if len(words(focus)) < FOCUS_SHORT and at > 0:
        focus = f"{sentences[at - 1]} {focus}"
    return focus


def strip_question(folded: str) -> str:
    """Remove "what is a", "how does ... work", "define" and trailing question marks. Of
    several questions ("what counts as an action? is attacking one?") the first is kept."""
    text = re.sub(r"[?!.]+$", "", folded.strip()).strip()
    first = re.split(r"[?!]\s+", text, maxsplit=1)[0].strip()
    if words(first):
        text = first
    for template in QUESTION_TEMPLATES:
        match = template.match(text)
        if match and match.group(1).strip():
            text = match.group(1).strip()
            break
    changed = True
    while changed:
        changed = False
        for prefix in QUESTION_PREFIXES:
            if text.startswith(prefix + " "):
                text = text[len(prefix) :].strip()
                changed = True
        for suffix in QUESTION_SUFFIXES:
            if text.endswith(" " + suffix):
                text = text[: -len(suffix) - 1].strip()
                changed = True
    text = text.strip(" \"'")
    if " " in text:
        text = re.sub(r"^(?:the|a|an|my|your|le|la|les|l'|un|une)\s+", "", text)
    return text.strip()


def french_compounds(raw: list[str], vocabulary: frozenset[str]) -> list[str]:
    """English rules wordings of French "A de B" compounds, reversed as English puts them:
    "phase de pioche" -> "draw phase" (one word known to the tables, each word of the
    wording a word of the rules' `vocabulary`)."""
    found: list[str] = []
    for i in range(len(raw) - 2):
        if raw[i + 1] in FRENCH_OF:
            head, tail = raw[i], raw[i + 2]
        elif raw[i + 1].startswith("d'") and len(raw[i + 1]) > 3:
            head, tail = raw[i], raw[i + 1][2:]
        else:
            continue
        if head in STOPWORDS or tail in STOPWORDS or not (head in TABLE or tail in TABLE):
            continue
        head_en, tail_en = TABLE.get(head, head), TABLE.get(tail, tail)
        english = tail_en if head_en in tail_en.split() else f"{tail_en} {head_en}"
        if len(english.split()) <= 4 and all(w in vocabulary for w in english.split()):
            found.append(english)
    return found


def is_plural(word: str) -> bool:
    """An English or French plural noun, roughly ("effects", "reacts", "personnages")."""
    return len(word) >= 4 and word.endswith(("s", "x")) and not word.endswith(("ss", "us", "is"))


def compared(core: str) -> list[str]:
    """The things an "X vs Y" question compares, each a short name ("spent", "stunned
    characters"); none when a side is a whole clause ("i have X from an item and ...")."""
    if not VERSUS_RE.search(core):
        return []
    parts = [PART_LEAD_RE.sub("", p.strip()) for p in VERSUS_RE.split(core)]
    if any(len(p.split()) > MAX_PART_WORDS for p in parts):
        return []
    return parts


def plan_query(
    query: str,
    correct: dict[str, str] | None = None,
    vocabulary: frozenset[str] = frozenset(),
) -> QueryPlan:
    """Analyse `query`; `correct` maps misspelt words to words the documents use;
    `vocabulary` (the rules' words) lets French compounds become rules wordings."""
    folded = fold(query[:MAX_QUERY_CHARS])
    core = " ".join(map(_bare, words(strip_question(folded))))
    raw_tokens = words(folded)[:60]
    tokens = [_bare(t) for t in raw_tokens]
    if correct:
        tokens = [correct.get(t, t) for t in tokens]
        core = " ".join(correct.get(t, t) for t in core.split())
    canonical_parts: list[str] = []
    expansions: list[str] = []
    concepts: list[tuple[frozenset[str], frozenset[str]]] = []
    terms: list[str] = []
    rules_phrases: list[str] = []
    mapped: list[str] = []
    core_tokens = core.split()
    i = 0
    while i < len(core_tokens):
        longest = MAX_PHRASE if core_tokens[i] in PHRASE_STARTS else 1
        for n in range(min(longest, len(core_tokens) - i), 0, -1):
            phrase = " ".join(core_tokens[i : i + n])
            if phrase in TABLE:
                canonical_parts.append(TABLE[phrase])
                i += n
                break
        else:
            canonical_parts.append(core_tokens[i])
            i += 1
    canonical = " ".join(canonical_parts)

    i = 0
    while i < len(tokens):
        matched = False
        longest = MAX_PHRASE if tokens[i] in PHRASE_STARTS else 1
        for n in range(min(longest, len(tokens) - i), 0, -1):
            phrase = " ".join(tokens[i : i + n])
            if phrase in TABLE and (n > 1 or phrase not in STOPWORDS):
                replacement = TABLE[phrase].split()
                expansions += replacement
                if len(replacement) > 1 and len(replacement) <= 5:
                    rules_phrases.append(TABLE[phrase])  # "more than one copy", verbatim
                if n > 1:
                    mapped.append(TABLE[phrase])
                originals = [t for t in tokens[i : i + n] if t not in STOPWORDS]
                terms += originals
                concepts.append(
                    (frozenset(stem(t) for t in originals), frozenset(map(stem, replacement)))
                )
                i += n
                matched = True
                break
        if matched:
            continue
        token = tokens[i]
        i += 1
        if token in STOPWORDS or (len(token) < 2 and not token.isdigit() and token != "x"):
            continue
        terms.append(token)
        related = RELATED.get(token, "").split()
        if token in COUNTS and any(is_plural(t) for t in tokens[i : i + 2]):
            related = [*related, "multiple"]  # "3 (different) effects": more than one
            rules_phrases.append(SEVERAL)
        expansions += related
        concepts.append((frozenset({stem(token)}), frozenset(map(stem, related))))
    phrases = [
        f"{a} {b}"
        for a, b in itertools.pairwise(tokens)
        if not (a in STOPWORDS and b in STOPWORDS) and a not in PHRASE_SKIP and b not in PHRASE_SKIP
    ][:10]
    core_tokens = core.split()
    phrases += [
        " ".join(gram)
        for gram in zip(core_tokens, core_tokens[1:], core_tokens[2:], strict=False)
        if gram[0] not in PHRASE_SKIP and gram[2] not in PHRASE_SKIP
    ][:6]
    for english in french_compounds(raw_tokens, vocabulary):
        if english not in TABLE.values():
            rules_phrases.append(english)
            mapped.append(english)
    typed = {stem(t) for t in tokens}
    phrases += [  # a rules wording of the question's words, unless it only repeats them
        p for p in dict.fromkeys(rules_phrases) if not {stem(w) for w in p.split()} <= typed
    ][:4]
    for sign, word in (("+", "bonus"), ("-", "penalty")):  # "+2 ATK" is a bonus
        if re.search(rf"(?<![\w{sign}]){re.escape(sign)}\d", folded) and word not in terms:
            expansions.append(word)
            concepts.append((frozenset({stem(word)}), frozenset()))
    if not terms:  # only function words ("your", "this"): search for them after all
        terms = [t for t in tokens if len(t) > 1 or t == "x"][:MAX_TERMS]
        concepts = [(frozenset({stem(t)}), frozenset()) for t in terms]
    return QueryPlan(
        raw=query,
        core=core,
        canonical=canonical,
        terms=list(dict.fromkeys(terms))[:MAX_TERMS],
        expansions=[e for e in dict.fromkeys(expansions) if e not in STOPWORDS][:MAX_TERMS],
        concepts=concepts[:MAX_TERMS],
        phrases=phrases,
        parts=compared(core),
        mapped=list(dict.fromkeys(mapped)),
    )
