"""`warlord-judge cards`: import the community card file, look cards up, check deck lists."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from bot.card_store import CardStore, CardStoreError, read_card_json
from bot.commands.card_lookup import no_card_sentence
from bot.commands.card_tasks import (
    DeckCheckError,
    catalog_in_use,
    check_deck,
    coverage_cards,
    find_card,
    junk_reason,
    parse_card_data,
)
from bot.commands.card_text import render_card
from engine.cards.catalog import CardCatalog
from engine.cards.community import COUNT_LABELS, FACTION_NAMES, ImportReport
from engine.cards.coverage import Coverage, coverage
from engine.cards.deckbuilder import random_deck
from engine.cards.decklist import format_decklist
from engine.cards.errors import CardError
from engine.cards.formats import GameFormat
from engine.cards.model import CardType
from engine.cards.sample import sample_catalog, sample_deck_formats, sample_decks
from engine.cards.serialize import card_to_dict
from rules_index.text import plural

__all__ = ["add_cards_parser", "render_coverage"]

MAX_PROBLEMS_SHOWN = 20
FORMATS = [f.value for f in GameFormat]
SAMPLE_HELP = "use the built-in sample cards instead of the imported ones"


def add_cards_parser(sub: Any) -> None:
    """Register `cards import|reset|show|list|coverage|check-deck|sample-deck|random-deck`."""
    cards: argparse.ArgumentParser = sub.add_parser(
        "cards", help="card database: import, look up, check deck lists"
    )
    cards.set_defaults(func=lambda args: _usage(cards))
    csub = cards.add_subparsers(dest="cards_command", metavar="ACTION")

    imp = csub.add_parser(
        "import",
        help="load a community card JSON file (replaces the last, unless the new one is "
        "mostly unreadable)",
    )
    imp.add_argument("path", type=Path, help="community card file (2020 export or v4 JSON)")
    imp.add_argument("--json", action="store_true", help="print the summary as JSON")
    imp.add_argument(
        "--replace",
        action="store_true",
        help="import even a file of mostly unreadable cards, or far fewer than the last import",
    )
    imp.set_defaults(func=run_import)

    reset = csub.add_parser(
        "reset", help="forget the imported cards and use the built-in sample cards again"
    )
    reset.add_argument("--json", action="store_true", help="print the result as JSON")
    reset.set_defaults(func=run_reset)

    show = csub.add_parser("show", help="show a card by name (typos are forgiven)")
    show.add_argument("name", nargs="+", help="card name")
    show.add_argument("--json", action="store_true", help="print the card as JSON")
    show.add_argument("--sample", action="store_true", help=SAMPLE_HELP)
    show.set_defaults(func=run_show)

    lst = csub.add_parser("list", help="list the cards")
    lst.add_argument("--faction", help="only this faction (full or short name, e.g. Elf)")
    lst.add_argument("--type", dest="card_type", help="only this card type (Character, Item, ...)")
    lst.add_argument("--json", action="store_true", help="print JSON")
    lst.add_argument("--sample", action="store_true", help=SAMPLE_HELP)
    lst.set_defaults(func=run_list)

    cov = csub.add_parser(
        "coverage", help="how much of a card file the engine runs: statuses, ability patterns"
    )
    cov.add_argument(
        "path",
        nargs="?",
        type=Path,
        help="card file (community or ours; default: the cards in use)",
    )
    cov.add_argument("--json", action="store_true", help="print JSON")
    cov.add_argument("--top", type=int, default=25, help="ability patterns to list (default 25)")
    cov.add_argument("--sample", action="store_true", help=SAMPLE_HELP)
    cov.set_defaults(func=run_coverage)

    check = csub.add_parser("check-deck", help="check a deck list file against the rules")
    check.add_argument("file", type=Path, help="deck list text file")
    check.add_argument("--format", choices=FORMATS, default="saga", help="format (default saga)")
    check.add_argument("--json", action="store_true", help="print JSON")
    check.add_argument("--sample", action="store_true", help=SAMPLE_HELP)
    check.add_argument(
        "--pool", type=Path, help="Limited: your draft or sealed pool as a card list (801.6.4)"
    )
    check.add_argument("--sealed", action="store_true", help="Limited: a Sealed event (801.7)")
    check.add_argument(
        "--fixed-warlord",
        action="store_true",
        help="Sealed: the product gave a fixed Warlord, so no basic Warlord (801.7.4.1)",
    )
    check.set_defaults(func=run_check_deck)

    sample = csub.add_parser("sample-deck", help="list the sample decks or print one as text")
    sample.add_argument("name", nargs="?", help="sample deck name")
    sample.set_defaults(func=run_sample_deck)

    rnd = csub.add_parser("random-deck", help="print a random legal deck list")
    rnd.add_argument("--seed", type=int, default=0, help="seed (default 0)")
    rnd.add_argument("--format", choices=FORMATS, default="saga", help="format (default saga)")
    rnd.add_argument("--sample", action="store_true", help=SAMPLE_HELP)
    rnd.set_defaults(func=run_random_deck)


def _usage(parser: argparse.ArgumentParser) -> int:
    """No action given: the help, and exit 2 like argparse's own usage errors."""
    parser.print_help()
    return 2


def _fail(message: str) -> int:
    """A user error: one sentence on stderr, exit code 1 (every `cards` command)."""
    print(f"error: {message}", file=sys.stderr)
    return 1


def _store() -> CardStore:
    return CardStore()


def _catalog(args: argparse.Namespace) -> CardCatalog:
    """The imported cards (or the sample cards with --sample or when nothing is imported)."""
    return catalog_in_use(getattr(args, "sample", False), _store)


# import -------------------------------------------------------------------------------------


def run_import(args: argparse.Namespace) -> int:
    """Read the file, say what was read, and replace the import unless it looks like junk."""
    store = _store()
    try:
        data = read_card_json(args.path)
        report = parse_card_data(data)
        previous = store.last_import()
    except CardStoreError as exc:
        return _fail(str(exc))
    if report.imported == 0:
        return _fail("The card file holds no readable cards; the previous import is kept.")
    reason = junk_reason(report, previous)
    kept = bool(reason) and not args.replace
    if not kept:
        try:
            report = store.import_data(data, source=args.path.name)
        except CardStoreError as exc:
            return _fail(str(exc))
    summary = {
        "file": str(args.path),
        "imported": 0 if kept else report.imported,
        "read": report.imported,
        "clean": report.clean,
        "skipped": report.skipped,
        "kept_previous": kept,
        "refused_because": reason if kept else None,
        "counts": report.counts,
        "problems": report.problems,
    }
    if args.json:
        print(json.dumps(summary, indent=2, ensure_ascii=False))
    else:
        _print_import(args.path, report, kept)
    if kept:
        old = _previous_text(previous)
        print(
            f"error: Not imported: {reason}; {old} add --replace to import it anyway.",
            file=sys.stderr,
        )
        return 1
    return 0


def _print_import(path: Path, report: ImportReport, kept: bool) -> None:
    verb = "Read" if kept else "Imported"
    print(
        f"{verb} {plural(report.imported, 'card')} from {path.name} "
        f"({report.clean:,} read cleanly, {report.skipped:,} skipped, "
        f"{plural(len(report.problems), 'problem')})."
    )
    for key, count in report.counts.items():
        if count:
            print(f"  {count:5}  {COUNT_LABELS[key]}")
    for problem in report.problems[:MAX_PROBLEMS_SHOWN]:
        print(f"  - {problem}")
    if len(report.problems) > MAX_PROBLEMS_SHOWN:
        print(f"  ... and {len(report.problems) - MAX_PROBLEMS_SHOWN:,} more (use --json).")


def _previous_text(previous: dict[str, Any] | None) -> str:
    if not previous:
        return "the sample cards stay in use;"
    source = previous.get("source") or "the last file"
    return (
        f"the current import ({plural(int(previous['imported']), 'card')} from {source}) is kept;"
    )


def run_reset(args: argparse.Namespace) -> int:
    try:
        forgotten = _store().clear()
    except CardStoreError as exc:
        return _fail(str(exc))
    if args.json:
        print(json.dumps({"forgotten": forgotten, "catalog": "sample"}))
    elif forgotten:
        cards = "card" if forgotten == 1 else "cards"
        print(
            f"Forgot {forgotten} imported {cards}; the cards commands use the sample cards again."
        )
    else:
        print("No card file was imported; the cards commands use the sample cards.")
    return 0


# show ---------------------------------------------------------------------------------------


def run_show(args: argparse.Namespace) -> int:
    """The card of that name; else the closest one, said first; else exit 1 with suggestions."""
    name = " ".join(args.name).strip()
    if not name:
        return _fail("Give a card name to show.")
    try:
        found = find_card(_catalog(args), name)
    except CardStoreError as exc:
        return _fail(str(exc))
    if not found.shown:
        sentence = no_card_sentence(name, list(found.suggestions), quoted=repr_name(name))
        print(f"error: {sentence}", file=sys.stderr)
        return 1
    shown = found.shown
    if found.closest:  # say so before showing another card than the one asked for
        also = f" (also close: {', '.join(found.also)})" if found.also else ""
        note = f"No card named {repr_name(name)}; closest: {shown[0].name}{also}."
        print(note, file=sys.stderr if args.json else sys.stdout)
        if not args.json:
            print()
    if args.json:
        print(json.dumps([card_to_dict(c) for c in shown], indent=2, ensure_ascii=False))
        return 0
    print("\n\n".join(render_card(c) for c in shown))
    return 0


def repr_name(name: str) -> str:
    """A typed name quoted for the command line: 'legion shieldbarer'."""
    return f"'{name}'"


# list ---------------------------------------------------------------------------------------


def run_list(args: argparse.Namespace) -> int:
    try:
        catalog = _catalog(args)
    except CardStoreError as exc:
        return _fail(str(exc))
    cards = list(catalog.cards)
    if args.faction:
        faction = FACTION_NAMES.get(args.faction.strip().casefold(), args.faction.strip())
        cards = [c for c in cards if faction.casefold() in map(str.casefold, c.factions)]
        if not cards:
            return _fail(f"No card belongs to the faction '{args.faction}'.")
    if args.card_type:
        wanted = args.card_type.strip().casefold()
        if wanted not in {t.value.casefold() for t in CardType}:
            known = ", ".join(t.value for t in CardType)
            return _fail(f"Unknown card type '{args.card_type}'; choose one of {known}.")
        cards = [c for c in cards if c.type.value.casefold() == wanted]
    if args.json:
        print(json.dumps([card_to_dict(c) for c in cards], indent=1, ensure_ascii=False))
        return 0
    for card in cards:
        level = f"L{card.level}" if card.level is not None else "  "
        print(f"{card.id:40} {level:>4}  {card.type.value:10} {card.name}")
    print(f"{plural(len(cards), 'card')}.")
    return 0


# coverage -----------------------------------------------------------------------------------


def run_coverage(args: argparse.Namespace) -> int:
    if args.top < 0:
        return _fail("--top must be zero or more.")
    try:
        cards, label = coverage_cards(args.path, args.sample, _store)
    except (CardError, CardStoreError) as exc:
        return _fail(str(exc))
    result = coverage(cards)
    if args.json:
        print(json.dumps({"source": label, **result.to_dict(args.top)}, indent=2))
        return 0
    print("\n".join(render_coverage(result, label, args.top)))
    return 0


def render_coverage(result: Coverage, label: str, top: int) -> list[str]:
    """The coverage report as text lines."""
    status = result.by_status
    lines = [
        f"{plural(result.cards, 'card')} ({label}): "
        f"{status['full']} full ({result.full_share:.1%}), "
        f"{status['partial']} partial, {status['manual']} manual.",
        "",
        f"  {'type':12} {'full':>6} {'partial':>8} {'manual':>7}",
    ]
    for kind, counts in result.by_type.items():
        lines.append(
            f"  {kind:12} {counts['full']:>6} {counts['partial']:>8} {counts['manual']:>7}"
        )
    share = result.automated / result.abilities if result.abilities else 0.0
    lines += [
        "",
        f"{plural(result.abilities, 'ability', 'abilities')}, {result.automated} automated "
        f"({share:.1%}); {plural(result.reacts, 'react')}, {result.unknown_triggers} with a "
        f"trigger not read (offered at every window) on "
        f"{plural(result.unknown_trigger_cards, 'card')}, "
        f"{result.unread_conditions} with trigger conditions checked by hand.",
    ]
    if top and result.patterns:
        lines += ["", f"Top {min(top, len(result.patterns))} ability patterns:"]
        lines += [f"  {count:6}  {pattern}" for pattern, count in result.patterns[:top]]
    return lines


# decks --------------------------------------------------------------------------------------


def run_check_deck(args: argparse.Namespace) -> int:
    """Exit 0 for a legal deck, 1 for an illegal one or one that cannot be checked."""
    fmt = GameFormat(args.format)
    try:
        result = check_deck(
            args.file,
            fmt,
            sample=getattr(args, "sample", False),
            pool=getattr(args, "pool", None),
            sealed=getattr(args, "sealed", False),
            fixed_warlord=getattr(args, "fixed_warlord", False),
            store=_store,
        )
    except DeckCheckError as exc:
        if args.json:
            print(json.dumps(exc.to_dict(), indent=2, ensure_ascii=False))
        code = _fail(str(exc))
        if exc.hint:
            print(exc.hint, file=sys.stderr)
        return code
    except CardStoreError as exc:
        return _fail(str(exc))
    deck, problems = result.deck, result.problems
    if args.json:
        print(json.dumps(result.to_dict(), indent=2, ensure_ascii=False))
    elif problems:
        print(f"{deck.name} is not a legal {fmt.value} deck ({plural(len(problems), 'problem')}):")
        for problem in problems:
            print(f"  - {problem.text}")
    else:
        print(f"{deck.name} is a legal {fmt.value} deck ({plural(len(deck.all_cards), 'card')}).")
    return 0 if result.legal else 1


def run_sample_deck(args: argparse.Namespace) -> int:
    decks, formats = sample_decks(), sample_deck_formats()
    if not args.name:
        for name, deck in decks.items():
            print(f"{name:20} {formats[name].value:9} {plural(len(deck.all_cards), 'card')}")
        return 0
    if args.name not in decks:
        return _fail(f"There is no sample deck '{args.name}'; choose one of {', '.join(decks)}.")
    print(format_decklist(decks[args.name], sample_catalog()), end="")
    return 0


def run_random_deck(args: argparse.Namespace) -> int:
    try:
        catalog = _catalog(args)
        deck = random_deck(catalog, args.seed, GameFormat(args.format))
    except (CardError, CardStoreError) as exc:
        return _fail(str(exc))
    print(format_decklist(deck, catalog), end="")
    return 0
