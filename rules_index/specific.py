"""Named cases first: a rule under a heading of its own that cites another rule states that
rule for its case (801.5.2, Alliance: "Decks for the Alliance format must contain exactly 70
cards ... (contrary to rule 108.2)"), so when the question names the case ("alliance format
deck size") it answers before the general rule, however well that one matches the rest.
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping, Sequence

from rules_index.rows import Row
from rules_index.text import normalize_name

GENERAL_RULES = 5  # of the best answers, those whose cases are looked for
CASE_KINDS = frozenset({"rule", "keyword", "feat"})  # a glossary entry defines, states no case


def cases_of(rows: Mapping[int, Row], links: Mapping[int, frozenset[int]]) -> dict[int, list[int]]:
    """Rule id -> the ids of the rules citing it from under another heading."""
    out: dict[int, list[int]] = {}
    for rid, cited in links.items():
        if rows[rid].entry.kind not in CASE_KINDS:
            continue
        for target in cited:
            if rows[target].entry.title != rows[rid].entry.title:
                out.setdefault(target, []).append(rid)
    return out


def named_cases_first(
    scores: dict[int, float],
    how: dict[int, str],
    rows: Mapping[int, Row],
    cases: Mapping[int, Sequence[int]],
    said: str,
    lead: float,
) -> None:
    """Of the best `GENERAL_RULES` entries, one whose heading the question (`said`, words
    between spaces) does not name gives its place to a rule citing it whose heading the
    question names: that entry is scored `lead` above it, found the same way (`how`)."""
    for rid in heapq.nlargest(GENERAL_RULES, scores, key=scores.__getitem__):
        if rid not in cases or f" {normalize_name(rows[rid].entry.title)} " in said:
            continue
        for case in cases[rid]:
            named = f" {normalize_name(rows[case].entry.title)} " in said
            if named and scores.get(case, 0.0) < scores[rid] + lead:
                scores[case] = scores[rid] + lead
                how.setdefault(case, how[rid])
