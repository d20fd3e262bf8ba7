"""`RulesIndex`: open (building or refreshing the cache), search, get, define, look up, add."""

from __future__ import annotations

import json
import os
import re
import sqlite3
from pathlib import Path

from rapidfuzz import fuzz, process

from rules_index import store
from rules_index.catalog import concordance
from rules_index.errors import (
    DocumentExistsError,
    DocumentFormatError,
    QueryError,
    RulesIndexError,
    UnknownDocumentError,
    UnknownRuleError,
    UnknownTermError,
)
from rules_index.models import DocumentInfo, Entry, EntryDetail, Hit, Lookup
from rules_index.parsing import FORMATS
from rules_index.refs import RefSpec, is_number, number_key, parse_refs
from rules_index.search import Ranker, Row
from rules_index.synonyms import DEFINED_AT, STOPWORDS
from rules_index.text import fold, normalize_name, shorten, singular_forms, words

DEFINE_KINDS = ("glossary", "keyword", "feat", "trait")
MAX_RANGE = 60
CONFIDENT_SCORE = 2.6
CONFIDENT_MARGIN = 1.15
KNOWN_SHARE = 0.5  # a question most of whose words no document knows is not understood


def default_path() -> Path:
    """$WARLORD_JUDGE_HOME, else $XDG_DATA_HOME/warlord-judge, else ~/.local/share/...; the
    file rules-index.sqlite in that folder."""
    explicit = os.environ.get("WARLORD_JUDGE_HOME")
    if explicit:
        folder = Path(explicit)
    else:
        base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
        folder = Path(base) / "warlord-judge"
    return folder / "rules-index.sqlite"


class RulesIndex:
    """The rules documents, searchable. Use from one thread at a time."""

    def __init__(self, path: Path, conn: sqlite3.Connection) -> None:
        self.path = path
        self.conn = conn
        self._docs: list[DocumentInfo] = []
        self._aliases: dict[str, str] = {}
        weights: dict[str, float] = {}
        rows = conn.execute(
            "select name, title, version, language, format, source_url, is_default, weight,"
            " aliases, entry_count from documents order by position"
        ).fetchall()
        for name, title, version, lang, fmt, url, is_default, weight, aliases, count in rows:
            self._docs.append(
                DocumentInfo(name, title, version, lang, fmt, url, bool(is_default), count)
            )
            weights[name] = weight
            self._aliases[name.lower()] = name
            for alias in json.loads(aliases or "[]"):
                self._aliases.setdefault(alias.lower(), name)
        self.default_doc = next((d.name for d in self._docs if d.is_default), self._docs[0].name)
        self.ranker = Ranker(conn, weights, counterparts=concordance())

    # -- opening ---------------------------------------------------------------------------

    @classmethod
    def open(cls, path: Path | None = None) -> RulesIndex:
        """Open the index at `path` (default: `default_path()`), building it when missing or
        when a packaged document, the parser or the schema changed since it was built."""
        path = Path(path) if path is not None else default_path()
        if not store.is_fresh(path):
            try:
                store.build(path)
            except OSError as exc:
                raise RulesIndexError(
                    f"The rules index cannot be written at {path}: {exc}."
                ) from exc
        return cls(path, store.connect(path))

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> RulesIndex:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- documents -------------------------------------------------------------------------

    def documents(self) -> list[DocumentInfo]:
        return list(self._docs)

    def document(self, doc: str | None = None) -> DocumentInfo:
        name = self.resolve_doc(doc)
        return next(d for d in self._docs if d.name == name)

    def resolve_doc(self, doc: str | None) -> str:
        """The document key for a name or alias (None: the default document)."""
        if doc is None or not doc.strip():
            return self.default_doc
        key = doc.strip().lower()
        if key in self._aliases:
            return self._aliases[key]
        names = ", ".join(d.name for d in self._docs)
        raise UnknownDocumentError(f"There is no rules document {doc!r}; known: {names}.")

    def _scope(self, doc: str | None) -> set[str]:
        return {d.name for d in self._docs} if doc is None else {self.resolve_doc(doc)}

    # -- search ----------------------------------------------------------------------------

    def search(self, query: str, doc: str | None = None, limit: int = 10) -> list[Hit]:
        """Ranked hits, best first. With doc=None every document is searched, the default one
        (the Comprehensive Rules) ranking above older editions."""
        text = _check_query(query)
        limit = max(1, min(int(limit), 100))
        scope = self._scope(doc)
        specs = parse_refs(text)
        if specs:
            found = self._resolve_specs(specs, scope if doc else {self.default_doc}, strict=False)
            if found:
                return [Ranker.hit(r, 100.0 - i * 0.01, "number") for i, r in enumerate(found)][
                    :limit
                ]
        return self.ranker.rank(text, scope, limit)

    def lookup(self, query: str, doc: str | None = None, limit: int = 10) -> Lookup:
        """What to answer: the rules asked for by number, a term's entry, or ranked hits."""
        try:
            text = _check_query(query)
        except QueryError:
            return Lookup(query, "none", [], [], False)
        specs = parse_refs(text)
        if specs:
            try:
                details = self.get(text, doc)
            except UnknownRuleError as err:
                near = [self._hit_for(ref, doc) for ref in err.nearest]
                return Lookup(query, "none", [h for h in near if h is not None], [], False)
            hits = [Ranker.hit(self._row(d.entry), 100.0, "number") for d in details]
            return Lookup(query, "number", hits[:limit], details, True)
        hits = self.search(text, doc, limit)
        if not hits:
            return Lookup(query, "none", [], [], False)
        top = hits[0]
        if top.matched_by in ("name", "term", "number"):
            details = [self._detail(self._row_of(top))]
            return Lookup(query, "term", hits, details, True)
        # the best of the others: answers after the first are ordered by meaning too
        second = max((h.score for h in hits[1:]), default=0.0)
        confident = top.score >= CONFIDENT_SCORE and top.score >= second * CONFIDENT_MARGIN
        content = [w for w in words(fold(text)) if w not in STOPWORDS]
        if sum(w in self.ranker.known_words for w in content) < KNOWN_SHARE * len(content):
            confident = False  # "blue banana helicopter": one word of three is the rules'
        details = [self._detail(self._row_of(top))] if confident else []
        return Lookup(query, "search", hits, details, confident)

    # -- get and define --------------------------------------------------------------------

    def get(self, refs: str, doc: str | None = None) -> list[EntryDetail]:
        """Entries by reference: "104.2", "rule 104.2", "104.2-104.4", "602.5,603.9",
        "Glossary: Warlord", or an un-numbered document's heading."""
        text = _check_query(refs)
        scope = {self.resolve_doc(doc)}
        specs = parse_refs(text)
        if specs is None:
            row = self._by_heading(text, scope)
            if row is None:
                raise UnknownRuleError(
                    f"{shorten(text, 60)!r} is not a rule number or an entry name.",
                    self._nearest_names(text, scope),
                )
            return [self._detail(row)]
        return [self._detail(r) for r in self._resolve_specs(specs, scope, strict=True)]

    def define(self, term: str, doc: str | None = None) -> EntryDetail:
        """The glossary, keyword, feat or trait entry named `term`."""
        text = _check_query(term)
        scope = self._scope(doc) if doc else {self.default_doc}
        key = normalize_name(re.sub(r"^(?:define|glossary:?)\s+", "", text, flags=re.I))
        plan = self.ranker.plan(text)
        for candidate in dict.fromkeys((key, plan.core, plan.canonical)):
            rows = [r for r in self.ranker.by_name.get(candidate, []) if r.entry.doc in scope]
            rows.sort(
                key=lambda r: (
                    DEFINE_KINDS.index(r.entry.kind)
                    if r.entry.kind in DEFINE_KINDS
                    else len(DEFINE_KINDS)
                )
            )
            if rows and rows[0].entry.kind in DEFINE_KINDS:
                return self._detail(rows[0])
        for candidate in dict.fromkeys((key, plan.canonical)):
            for ref in _defined_at(candidate):
                for d in scope:
                    row = self.ranker.by_ref.get((d, ref))
                    if row:
                        return self._detail(row)
        for candidate in singular_forms(key):  # "strikes" -> Strike
            rows = [
                r
                for r in self.ranker.by_name.get(candidate, [])
                if r.entry.doc in scope and r.entry.kind in DEFINE_KINDS
            ]
            rows.sort(key=lambda r: DEFINE_KINDS.index(r.entry.kind))
            if rows:
                return self._detail(rows[0])
        if doc is None and scope == {self.default_doc}:
            for name in (key, plan.canonical):
                rows = [
                    r
                    for r in self.ranker.by_name.get(name, [])
                    if r.entry.kind in (*DEFINE_KINDS, "heading")
                ]
                if rows:
                    return self._detail(rows[0])
        suggestions = self.ranker.suggest_names(text, DEFINE_KINDS, scope)
        hint = f" Did you mean {', '.join(suggestions[:3])}?" if suggestions else ""
        raise UnknownTermError(
            f"No definition of {shorten(text, 60)!r} was found.{hint}", suggestions
        )

    # -- autocomplete ----------------------------------------------------------------------

    def complete_refs(self, prefix: str, limit: int = 25) -> list[tuple[str, str]]:
        """(ref, label) pairs for autocomplete: rule numbers by prefix, else titles/names."""
        prefix = (prefix or "").strip()[:100]
        doc = self.default_doc
        rows = [r for r in self.ranker.rows.values() if r.entry.doc == doc]
        if not prefix:
            chosen = [r for r in rows if r.entry.kind == "section"][:limit]
        elif re.match(r"^\d", prefix):
            number = prefix.rstrip(".")
            chosen = [r for r in rows if r.entry.ref.startswith(number)]
            chosen.sort(
                key=lambda r: (
                    r.entry.ref != number,
                    number_key(r.entry.ref) if is_number(r.entry.ref) else (9999,),
                )
            )
        else:
            key = normalize_name(prefix)
            starts = [r for r in rows if any(n.startswith(key) for n in r.names)]
            inside = [r for r in rows if r not in starts and any(key in n for n in r.names)]
            chosen = starts + inside
            if len(chosen) < limit:
                chosen += [
                    h_row
                    for h_row in (self._row_of(h) for h in self.ranker.rank(prefix, {doc}, limit))
                    if h_row not in chosen
                ]
        return [(r.entry.ref, _label(r.entry)) for r in chosen[:limit]]

    def complete_terms(self, prefix: str, limit: int = 25) -> list[str]:
        """Names of glossary terms, keywords, feats and traits starting with (or near) prefix."""
        key = normalize_name(prefix or "")
        names: list[str] = []
        rows = [
            r
            for r in self.ranker.rows.values()
            if r.entry.kind in DEFINE_KINDS and r.entry.doc == self.default_doc
        ]
        for r in rows:
            label = r.entry.title
            if label not in names and (not key or any(n.startswith(key) for n in r.names)):
                names.append(label)
        if len(names) < limit and key:
            for name, _, _ in process.extract(
                key, self.ranker.name_keys, scorer=fuzz.WRatio, limit=limit, score_cutoff=70
            ):
                for r in self.ranker.by_name[name]:
                    if r in rows and r.entry.title not in names:
                        names.append(r.entry.title)
        return names[:limit]

    # -- adding documents ------------------------------------------------------------------

    def add_document(
        self,
        path: Path,
        name: str,
        format: str | None = None,
        title: str | None = None,
        version: str | None = None,
        replace: bool = False,
    ) -> DocumentInfo:
        """Index a community document (its text is kept, so rebuilds re-parse it). One of the
        same name is replaced only when `replace` is true."""
        key = (name or "").strip().lower()
        if not re.fullmatch(r"[a-z0-9][a-z0-9._-]{0,39}", key):
            raise RulesIndexError(
                f"Document name {name!r} must be 1-40 letters, digits, dots, dashes or '_'."
            )
        if key in {d.name for d in self._docs if d.is_default} or key in {
            p.name for p in store.packaged_sources()
        }:
            raise RulesIndexError(f"The name {name!r} belongs to a packaged document.")
        if key in {d.name for d in self._docs} and not replace:
            raise DocumentExistsError(
                f"A document named {key!r} is already indexed; add it with --replace to"
                " replace it, or choose another --name."
            )
        if format is not None and format not in FORMATS:
            raise DocumentFormatError(
                f"Unknown document format {format!r}: use one of {', '.join(FORMATS)}."
            )
        if not Path(path).is_file():
            raise DocumentFormatError(f"There is no file {path}.")
        try:
            text = Path(path).read_text(encoding="utf-8")
        except UnicodeDecodeError as exc:
            raise DocumentFormatError(f"The file {path} is not UTF-8 text.") from exc
        except OSError as exc:
            raise DocumentFormatError(
                f"The file {path} cannot be read: {exc.strerror or exc}."
            ) from exc
        if not text.strip():
            raise DocumentFormatError(f"The file {path} is empty.")
        source = store.SourceDocument(
            name=key,
            text=text,
            title=title or Path(path).stem.replace("-", " ").title(),
            version=version or "",
            language="en",
            format=format,
            weight=0.9,
            builtin=False,
        )
        self._rebuild(extra=[source])
        return self.document(key)

    def remove_document(self, name: str) -> DocumentInfo:
        """Remove a community document; the packaged ones cannot be removed."""
        info = self.document(name)
        if info.name in {p.name for p in store.packaged_sources()}:
            what = "the Comprehensive Rules" if info.is_default else "a packaged document"
            raise RulesIndexError(
                f"{info.name!r} is {what}: packaged documents cannot be removed, only those"
                " added with `rules add`."
            )
        self._rebuild(remove={info.name})
        return info

    def _rebuild(
        self, extra: list[store.SourceDocument] | None = None, remove: set[str] | None = None
    ) -> None:
        self.conn.close()
        store.build(self.path, extra=extra, remove=remove)
        fresh = RulesIndex(self.path, store.connect(self.path))
        self.__dict__.update(fresh.__dict__)

    # -- helpers ---------------------------------------------------------------------------

    def _row(self, entry: Entry) -> Row:
        return self.ranker.by_ref[(entry.doc, entry.ref)]

    def _row_of(self, hit: Hit) -> Row:
        return self.ranker.by_ref[(hit.doc, hit.ref)]

    def _hit_for(self, ref: str, doc: str | None) -> Hit | None:
        row = self.ranker.by_ref.get((self.resolve_doc(doc), ref))
        row = row or self.ranker.by_ref.get((self.default_doc, ref))  # numbers: the CR's
        return Ranker.hit(row, 0.0, "nearest") if row else None

    def _by_heading(self, text: str, scope: set[str]) -> Row | None:
        for d in scope:
            row = self.ranker.by_ref.get((d, text))
            if row:
                return row
        key = normalize_name(text)
        for row in self.ranker.rows.values():
            if row.entry.doc in scope and normalize_name(row.entry.ref) == key:
                return row
        return None

    def _nearest_names(self, text: str, scope: set[str]) -> list[str]:
        refs = [r.entry.ref for r in self.ranker.rows.values() if r.entry.doc in scope]
        return [m[0] for m in process.extract(text, refs, scorer=fuzz.WRatio, limit=5)]

    def _resolve_specs(self, specs: list[RefSpec], scope: set[str], strict: bool) -> list[Row]:
        """Rows for each spec in `scope`. Rule numbers belong to the default document (the
        Comprehensive Rules): one not found in `scope` is read there."""
        out: list[Row] = []
        for spec in specs:
            docs = scope
            found = self._resolve_spec(spec, docs)
            if not found and spec.kind != "name" and docs != {self.default_doc}:
                docs = {self.default_doc}
                found = self._resolve_spec(spec, docs)
            if not found and strict:
                where = " or ".join(sorted(scope)) + ("" if docs == scope else " or the CR")
                if spec.kind == "range":
                    raise UnknownRuleError(
                        f"No rule is numbered from {spec.start} to {spec.end} in {where}.",
                        self._nearest_numbers(spec.start, docs),
                    )
                raise UnknownRuleError(
                    f"Rule {spec.start} does not exist in {where}.",
                    self._nearest_numbers(spec.start, docs),
                )
            out += [r for r in found if r not in out]
        return out

    def _sections(self, start: str, end: str, scope: set[str]) -> list[Row]:
        """Section numbers typed as rule numbers: "5" is Section 5, "1-9" Sections 1 to 9."""
        if not (start.isdigit() and end.isdigit() and len(start) <= 2 and len(end) <= 2):
            return []
        lo, hi = sorted((int(start), int(end)))
        return [
            r
            for n in range(lo, hi + 1)
            for d in scope
            if (r := self.ranker.by_ref.get((d, f"Section {n}"))) and r.entry.kind == "section"
        ]

    def _resolve_spec(self, spec: RefSpec, scope: set[str]) -> list[Row]:
        if spec.kind in ("number", "name"):
            rows = [r for d in scope if (r := self.ranker.by_ref.get((d, spec.start)))]
            if spec.kind == "number" and not rows and len(spec.start) == 1:
                rows = self._sections(spec.start, spec.start, scope)  # "5": Section 5
            if spec.kind == "name" and not rows:
                key = normalize_name(spec.start)
                for form in (key, *singular_forms(key)):  # "Glossary: Strikes"
                    rows = [
                        r
                        for r in self.ranker.rows.values()
                        if r.entry.doc in scope and normalize_name(r.entry.ref).startswith(form)
                    ][:1]
                    if rows:
                        break
            return rows
        sections = self._sections(spec.start, spec.end, scope)
        if sections:
            return sections
        lo, hi = number_key(spec.start), number_key(spec.end)
        depth = max(spec.start.count("."), spec.end.count("."))
        rows = [
            r
            for r in self.ranker.rows.values()
            if r.entry.doc in scope
            and is_number(r.entry.ref)
            and r.entry.ref.count(".") <= depth
            and lo <= number_key(r.entry.ref)[: len(hi)] <= hi
            and number_key(r.entry.ref) >= lo
        ]
        rows.sort(key=lambda r: number_key(r.entry.ref))
        return rows[:MAX_RANGE]

    def _nearest_numbers(self, number: str, scope: set[str]) -> list[str]:
        """Existing numbers closest to `number`: same parent first, then neighbours. A short
        number ("50") is the start of longer ones: 500 to 509."""
        if number.isdigit() and len(number) < 3:
            started = sorted(
                (
                    r.entry.ref
                    for r in self.ranker.rows.values()
                    if r.entry.doc in scope
                    and r.entry.ref.isdigit()
                    and r.entry.ref.startswith(number)
                ),
                key=number_key,
            )
            section = self._sections(number, number, scope)
            if started or section:
                return [r.entry.ref for r in section] + started[:10]
        target = number_key(number) if is_number(number) else (0,)
        numbers = [
            r.entry.ref
            for r in self.ranker.rows.values()
            if r.entry.doc in scope and is_number(r.entry.ref)
        ]

        def distance(ref: str) -> tuple[int, int]:
            key = number_key(ref)
            common = 0
            for a, b in zip(key, target, strict=False):
                if a != b:
                    break
                common += 1
            diff = abs((key + (0,) * 4)[common] - (target + (0,) * 4)[common]) if common < 4 else 0
            return (-common, diff * 10 + abs(len(key) - len(target)))

        return sorted(numbers, key=distance)[:5]

    def _detail(self, row: Row) -> EntryDetail:
        e = row.entry
        parents: list[Entry] = []
        parent = e.parent
        while parent and (e.doc, parent) in self.ranker.by_ref and len(parents) < 10:
            p = self.ranker.by_ref[(e.doc, parent)].entry
            parents.insert(0, p)
            parent = p.parent
        children = tuple(r.entry for r in self.ranker.children.get((e.doc, e.ref), []))
        cites = self.conn.execute(
            "select target, is_broken from links where doc = ? and source = ?", (e.doc, e.ref)
        ).fetchall()
        cited_by = self.conn.execute(
            "select source from links where doc = ? and target = ?", (e.doc, e.ref)
        ).fetchall()
        return EntryDetail(
            entry=e,
            document=self.document(e.doc),
            parents=tuple(parents),
            children=children,
            cites=tuple(t for t, broken in cites if not broken),
            cited_by=tuple(s for (s,) in cited_by),
            broken_refs=tuple(t for t, broken in cites if broken),
        )

    def broken_references(self, doc: str | None = None) -> list[tuple[str, str]]:
        """(source, missing target) for every cited rule that does not exist."""
        name = self.resolve_doc(doc)
        rows = self.conn.execute(
            "select source, target from links where doc = ? and is_broken = 1", (name,)
        ).fetchall()
        return [(s, t) for s, t in rows]


def _check_query(query: str) -> str:
    text = " ".join(str(query or "").split())
    if not text:
        raise QueryError("The query is empty: type a rule number, a term or a question.")
    if not any(c.isalnum() for c in text):
        raise QueryError(f"The query {shorten(text, 40)!r} has no letters or digits to look up.")
    return text[:2000]


def _defined_at(key: str) -> tuple[str, ...]:
    return DEFINED_AT.get(key, ())


def _label(entry: Entry) -> str:
    """ "104.2 Wounds, Hit Points, & Dying: Any time wounds…" within 100 characters."""
    head = entry.ref if entry.title in entry.ref else f"{entry.ref} {entry.title}"
    body = entry.text if entry.text != entry.title else ""
    return shorten(f"{head}: {body}" if body else head, 100)
