"""Numbered rules documents: the Comprehensive Rules and anything shaped like it.

Handles: a table of contents (skipped), sections ("1. FUNDAMENTALS"), rule headings
("104. WOUNDS, HIT POINTS, & DYING"), rules and sub-rules with or without the leading dash,
examples attached to their rule, text broken across page breaks, a glossary section
("Term: definition") and appendix lists ("Appendix C - Archetype Traits", one item a line).
An appendix list's ref is its heading as printed ("Appendix C - Archetype Traits"); each item's
ref is its appendix letter and name ("Appendix C: Knight"), and its parent is the list.
"""

from __future__ import annotations

import re

from rules_index.parsing.base import DocumentBuilder, Draft, ParsedDocument, name_variants
from rules_index.text import clean_line, strip_markup, title_case

CR_RULE_RE = re.compile(r"^\s*-?\s*(\d{3}(?:\.\d+)*)\.?\s+(\S.*)$")
ANY_RULE_RE = re.compile(r"^\s*-?\s*(\d{1,3}(?:\.\d+)+)\.?\s+(\S.*)$")
TOP_RE = re.compile(r"^\s*(\d{1,2})\.?\s+(\S.{0,80})$")
SECTION_RE = re.compile(r"^(\d{1,2})\.\s+([A-Z][A-Z0-9 ,&'’/().\-]+)$")
TOC_RE = re.compile(r"\t\s*\d{1,3}\s*$")
NAMED_RE = re.compile(r"^\*\*(.+?)\*\*\s*(?:[–—:-]\s*)?")
GLOSSARY_TERM_RE = re.compile(r"^([A-Z][^:]{0,90}?):\s+(\S.*)$")
APPENDIX_RE = re.compile(r"^Appendix\s+([A-Z0-9]+)\s*[-–—:]\s*(.+)$")
NOT_TERMS = ("Note", "For example", "Another example", "Example", "E.g.")


def is_cr_style(lines: list[str]) -> bool:
    """True when rule numbers have three digits before the first dot (100.1, 509.3.2)."""
    three = sum(1 for line in lines if re.match(r"^\s*-?\s*\d{3}(?:\.\d+)+\.?\s", line))
    dotted = sum(1 for line in lines if re.match(r"^\s*-?\s*\d+(?:\.\d+)+\.?\s", line))
    return three >= 3 and three * 2 >= dotted


def parse_numbered(text: str, doc: str) -> ParsedDocument:
    """Split a numbered document into sections, rules, glossary terms and appendix items."""
    raw_lines = text.splitlines()
    cr_style = is_cr_style(raw_lines)
    b = DocumentBuilder(doc)
    mode = "preamble"
    section_ref: str | None = None
    section_title = ""
    appendix: Draft | None = None
    appendix_sub = ""
    heading_titles: dict[str, str] = {}
    intro: list[str] = []
    for raw in raw_lines:
        if TOC_RE.search(raw):
            continue
        line = clean_line(raw)
        stripped = line.strip()
        if not stripped:
            continue
        sec = SECTION_RE.match(stripped)
        if sec and (cr_style or stripped.upper() == stripped):
            number, title = sec.group(1), title_case(sec.group(2).strip())
            section_ref, section_title = f"Section {number}", title
            upper = title.upper()
            mode = (
                "glossary"
                if "GLOSSARY" in upper
                else "appendix"
                if "APPENDI" in upper
                else "skip"
                if "CREDITS" in upper
                else "rules"
            )
            b.start(Draft(section_ref, "section", title, title, names=name_variants(title)))
            appendix = None
            continue
        if mode == "preamble":
            if stripped.lower() == "table of contents":
                mode = "toc"
            elif stripped.lower() not in ("introduction",):
                intro.append(stripped)
            continue
        if mode in ("toc", "skip"):
            continue
        if mode == "glossary":
            term = GLOSSARY_TERM_RE.match(stripped)
            if term and not term.group(1).startswith(NOT_TERMS):
                name = term.group(1).strip()
                b.start(
                    Draft(
                        f"Glossary: {name}",
                        "glossary",
                        name,
                        term.group(2).strip(),
                        parent=section_ref,
                        names=name_variants(name),
                    )
                )
            else:
                b.add_line(stripped)
            continue
        if mode == "appendix":
            head = APPENDIX_RE.match(stripped)
            if head:
                letter, title = head.group(1), head.group(2).strip()
                appendix = b.start(
                    Draft(
                        f"Appendix {letter} - {title}",  # the heading as printed
                        "appendix",
                        title,
                        "",
                        parent=section_ref,
                        names=name_variants(title),
                    )
                )
                appendix_sub = ""
                continue
            if appendix is None:
                b.add_line(stripped)
                continue
            if stripped.endswith(":"):
                appendix_sub = stripped.rstrip(":").strip()
                appendix.text += f"\n{appendix_sub}:"
                continue
            item = strip_markup(stripped).strip()
            name = re.sub(r"\s*\(.*$", "", item).strip()
            letter = appendix.ref.split(" - ")[0].split()[-1]
            appendix.text += ("\n" if appendix.text else "") + item
            where = f"{appendix_sub.lower()} listed" if appendix_sub else "listed"
            b.start(
                Draft(
                    f"Appendix {letter}: {name}",
                    "trait",
                    name,
                    f"{item}: {where} in {appendix.ref}.",
                    parent=appendix.ref,
                    names=[name],
                )
            )
            b.current = appendix  # the next item line continues the list, not this item
            continue
        # rules mode
        match = (CR_RULE_RE if cr_style else ANY_RULE_RE).match(stripped)
        if match is None and not cr_style:
            top = TOP_RE.match(stripped)
            if top and not top.group(2).rstrip().endswith((".", ",", ";")):
                match = top
        if match is None:
            b.add_line(stripped)
            continue
        number, rest = match.group(1), match.group(2).strip()
        if ("." not in number and strip_markup(rest).upper() == strip_markup(rest)) or (
            not cr_style and "." not in number
        ):
            title = title_case(strip_markup(rest))
            if heading_titles.get(number) == title:
                continue  # a heading line repeated at a page break: the rule text goes on
            heading_titles[number] = title
            b.start(
                Draft(
                    number, "section", title, title, parent=section_ref, names=name_variants(title)
                )
            )
            continue
        named = NAMED_RE.match(rest)
        kind = "rule"
        names: list[str] = []
        top_number = number.split(".")[0]
        title = heading_titles.get(top_number, section_title)
        if named:
            printed = named.group(1).strip().rstrip(":").strip()
            title = title_case(printed)
            names = name_variants(title)
            depth = number.count(".")
            if depth == 1 and number.startswith("602.") and number != "602.1":
                kind = "keyword"
            elif depth == 1 and number.startswith("603.") and number != "603.1":
                kind = "feat"
        elif number.startswith("603.") and number.count(".") == 1 and "–" in rest[:40]:
            kind = "feat"
        parent = _parent(number, b, section_ref)
        above = b.by_ref.get(parent or "")
        if not named and above is not None and above.kind in ("rule", "keyword", "feat"):
            title = above.title  # 602.16.1 is about Reach, like 602.16
        b.start(Draft(number, kind, title, rest, parent=parent, names=names))
    if intro:
        b.drafts.insert(0, Draft("Introduction", "section", "Introduction", " ".join(intro)))
        b.by_ref["Introduction"] = b.drafts[0]
    return b.finish()


def _parent(number: str, b: DocumentBuilder, section_ref: str | None) -> str | None:
    """The nearest existing ancestor of a rule number (109.1.1 has no 109.1: its parent is 109)."""
    parts = number.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        candidate = ".".join(parts[:cut])
        if candidate in b.by_ref:
            return candidate
    return section_ref
