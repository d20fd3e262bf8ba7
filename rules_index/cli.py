"""`warlord-judge rules ...`: search, get, define, add, remove, docs, rebuild, check.

Output is readable text, or JSON with `--json` (the shape other tools depend on: a list of hits
with at least ref, doc, title, text and score). `search --stdin --json` answers one query per
input line with one JSON array per output line.
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from pathlib import Path
from typing import Any

from rules_index.errors import RulesIndexError, UnknownRuleError, UnknownTermError
from rules_index.index import RulesIndex, default_path
from rules_index.models import EntryDetail, Hit
from rules_index.parsing import FORMATS
from rules_index.text import first_sentences, plural, shorten, strip_markup

WIDTH = 96
CHILD = 200  # characters of a sub-rule shown under its parent (whole sentences)


def add_rules_parser(sub: Any) -> None:
    """Register `rules` and its sub-commands on the top-level parser's subparsers."""
    p: argparse.ArgumentParser = sub.add_parser(
        "rules", help="search the rules documents", description="Search the rules documents."
    )
    p.add_argument("--index", type=Path, default=None, help=argparse.SUPPRESS)
    p.set_defaults(func=lambda args: _usage(p))
    rs = p.add_subparsers(dest="rules_command", metavar="COMMAND")

    s = rs.add_parser("search", help="ranked hits for a rule number, term or question")
    s.add_argument("query", nargs="*", help="rule number(s), a term or a question")
    s.add_argument("--doc", help="document to search (default: all, the CR ranked first)")
    s.add_argument(
        "--limit", type=_hit_count, default=10, help="number of hits, 1-100 (default 10)"
    )
    s.add_argument("--json", action="store_true", help="print a JSON array of hits")
    s.add_argument("--stdin", action="store_true", help="one query per input line")
    s.set_defaults(func=_search)

    g = rs.add_parser("get", help="an entry with its parents, children and cross-references")
    g.add_argument("ref", nargs="+", help='"104.2", "104.2-104.4", "602.5,603.9", "Glossary: X"')
    g.add_argument("--doc", help="document (default: the Comprehensive Rules)")
    g.add_argument("--full", action="store_true", help="sub-rules in full, not their start")
    g.add_argument("--json", action="store_true")
    g.set_defaults(func=_get)

    d = rs.add_parser("define", help="the glossary, keyword, feat or trait entry for a term")
    d.add_argument("term", nargs="+")
    d.add_argument("--doc", help="document (default: the Comprehensive Rules)")
    d.add_argument("--json", action="store_true")
    d.set_defaults(func=_define)

    a = rs.add_parser("add", help="index a community document (policy, FAQ, errata, ...)")
    a.add_argument("path", type=Path)
    a.add_argument("--name", required=True, help="short key used with --doc, e.g. 'faq'")
    a.add_argument("--format", choices=FORMATS, help="document shape (default: detected)")
    a.add_argument("--title")
    a.add_argument("--version")
    a.add_argument(
        "--replace", action="store_true", help="replace an added document of the same name"
    )
    a.set_defaults(func=_add)

    rm = rs.add_parser("remove", help="remove a document added with `rules add`")
    rm.add_argument("name", help="the document's name, as `rules docs` lists it")
    rm.set_defaults(func=_remove)

    ls = rs.add_parser("docs", help="the indexed documents")
    ls.add_argument("--json", action="store_true")
    ls.set_defaults(func=_docs)

    rb = rs.add_parser("rebuild", help="re-parse every document into a fresh index")
    rb.set_defaults(func=_rebuild)

    ck = rs.add_parser("check", help="report references to rules that do not exist")
    ck.add_argument("--doc")
    ck.add_argument("--json", action="store_true")
    ck.set_defaults(func=_check)


def _usage(parser: argparse.ArgumentParser) -> int:
    """No sub-command given: the help, and exit 2 like argparse's own usage errors (user
    errors exit 1, as in the `cards` and `game` commands)."""
    parser.print_help(sys.stderr)
    return 2


def _open(args: argparse.Namespace) -> RulesIndex:
    return RulesIndex.open(args.index)


def _guard(func: Any) -> Any:
    """Turn the index's errors into a one-line message and exit code 1: never a traceback."""

    def run(args: argparse.Namespace) -> int:
        try:
            return int(func(args))
        except UnknownRuleError as err:
            print(f"error: {err}", file=sys.stderr)
            if err.nearest:
                print(f"nearest: {', '.join(err.nearest)}", file=sys.stderr)
            return 1
        except UnknownTermError as err:
            print(f"error: {err}", file=sys.stderr)
            return 1
        except RulesIndexError as err:
            print(f"error: {err}", file=sys.stderr)
            return 1

    return run


def _dump(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


@_guard
def _search(args: argparse.Namespace) -> int:
    index = _open(args)
    if args.stdin:
        out = sys.stdout
        for line in sys.stdin:
            try:
                hits = index.search(line, args.doc, args.limit)
            except RulesIndexError:
                hits = []
            out.write(
                _dump([h.to_json() for h in hits]) + "\n"
                if args.json
                else _hits_text(line.strip(), hits)
            )
        out.flush()
        return 0
    query = " ".join(args.query)
    hits = index.search(query, args.doc, args.limit)
    if args.json:
        print(_dump([h.to_json() for h in hits]))
    else:
        print(_hits_text(query, hits), end="")
    return 0


def _hit_count(text: str) -> int:
    """--limit: a whole number of hits from 1 to 100."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not 1 <= value <= 100:
        raise argparse.ArgumentTypeError(f"{value} is out of range: give 1 to 100 hits")
    return value


def _hits_text(query: str, hits: list[Hit]) -> str:
    if not hits:
        shown = query if len(query) <= 80 else query[:77] + "..."
        return f"No rule matches {shown!r}.\n"
    lines = []
    for h in hits:
        where = "" if h.doc == "cr" else f" [{h.doc}]"
        title = f" ({h.title})" if h.title and h.title not in h.ref else ""
        lines.append(f"{h.ref}{title}{where}")
        body = shorten(strip_markup(h.text), 300)
        lines.append(textwrap.indent(textwrap.fill(body, WIDTH - 4), "    "))
    return "\n".join(lines) + "\n"


def _detail_json(d: EntryDetail) -> dict[str, Any]:
    e = d.entry
    return {
        "ref": e.ref,
        "doc": e.doc,
        "document": {"title": d.document.title, "version": d.document.version},
        "kind": e.kind,
        "title": e.title,
        "text": e.text,
        "examples": list(e.examples),
        "parents": [{"ref": p.ref, "title": p.title} for p in d.parents],
        "children": [{"ref": c.ref, "title": c.title, "text": c.text} for c in d.children],
        "cites": list(d.cites),
        "cited_by": list(d.cited_by),
        "broken_refs": list(d.broken_refs),
    }


def _fill(text: str, indent: str = "") -> str:
    """Wrapped text, each printed line (a list item, a note) starting a line of its own."""
    lines = strip_markup(text).splitlines()
    return "\n".join(
        textwrap.fill(line, WIDTH - len(indent), initial_indent=indent, subsequent_indent=indent)
        for line in lines
        if line.strip()
    )


def _detail_text(d: EntryDetail, full: bool = False) -> str:
    """An entry as text: its parents, itself, its sub-rules (whole sentences of each, or all
    of them with `full`), what it cites and what cites it."""
    e = d.entry
    out = []
    if d.parents:
        out.append(
            " > ".join(
                f"{p.ref}" + (f" {p.title}" if p.title not in p.ref else "") for p in d.parents
            )
        )
    head = e.ref if e.title in e.ref else f"{e.ref} ({e.title})"
    out.append(f"{head} — {d.document.title} {d.document.version}".rstrip())
    out.append(_fill(e.text) if e.text else "")
    for ex in e.examples:
        out.append(_fill(ex, "    "))
    cut = []
    for c in d.children:
        text, more = (strip_markup(c.text), False) if full else first_sentences(c.text, CHILD)
        if more:
            cut.append(c.ref)
        out.append(_fill(f"{c.ref} {text}" + (" […]" if more else ""), "  "))
    if cut:
        out.append(
            f"[…] {plural(len(cut), 'sub-rule')} shown in part: `rules get {e.ref} --full`"
            f" shows them whole, or ask for one: `rules get {cut[0]}`."
        )
    if d.cites:
        out.append(f"Cites: {', '.join(d.cites)}")
    if d.broken_refs:
        out.append(f"Cites rules that do not exist: {', '.join(d.broken_refs)}")
    if d.cited_by:
        out.append(f"Cited by: {', '.join(d.cited_by)}")
    return "\n".join(line for line in out if line)


@_guard
def _get(args: argparse.Namespace) -> int:
    details = _open(args).get(" ".join(args.ref), args.doc)
    if args.json:
        print(_dump([_detail_json(d) for d in details]))
    else:
        print("\n\n".join(_detail_text(d, args.full) for d in details))
    return 0


@_guard
def _define(args: argparse.Namespace) -> int:
    detail = _open(args).define(" ".join(args.term), args.doc)
    print(_dump(_detail_json(detail)) if args.json else _detail_text(detail))
    return 0


@_guard
def _add(args: argparse.Namespace) -> int:
    index = _open(args)
    existed = args.name.strip().lower() in {d.name for d in index.documents()}
    info = index.add_document(
        args.path, args.name, args.format, args.title, args.version, replace=args.replace
    )
    verb = "Replaced" if existed else "Added"
    entries = plural(info.entry_count, "entry", "entries")
    print(f"{verb} {info.name!r} ({info.format}, {entries}): {info.title}.")
    return 0


@_guard
def _remove(args: argparse.Namespace) -> int:
    info = _open(args).remove_document(args.name)
    print(f"Removed {info.name!r}: {info.title}.")
    return 0


@_guard
def _docs(args: argparse.Namespace) -> int:
    docs = _open(args).documents()
    if args.json:
        print(_dump([d.__dict__ for d in docs]))
        return 0
    for d in docs:
        mark = " (default)" if d.is_default else ""
        print(f"{d.name:<10} {d.format:<9} {d.entry_count:>5}  {d.title} {d.version}{mark}")
    return 0


@_guard
def _rebuild(args: argparse.Namespace) -> int:
    from rules_index import store

    path = args.index or default_path()
    store.build(path)
    print(f"Rebuilt the rules index at {path}.")
    return 0


@_guard
def _check(args: argparse.Namespace) -> int:
    broken = _open(args).broken_references(args.doc)
    if args.json:
        print(_dump([{"ref": s, "cites": t} for s, t in broken]))
        return 0
    if not broken:
        print("Every cited rule exists.")
    for source, target in broken:
        print(f"{source} cites rule {target}, which does not exist.")
    return 0


def main(argv: list[str] | None = None) -> int:
    """`python -m rules_index.cli ...`: the `rules` commands without the rest of the bot."""
    parser = argparse.ArgumentParser(prog="warlord-judge")
    add_rules_parser(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["rules", *(sys.argv[1:] if argv is None else argv)])
    return int(args.func(args))


if __name__ == "__main__":
    sys.exit(main())
