"""Heuristic region summaries: what a region is for, in a few words.

The purpose comes from what the region holds, not from a model: a search box makes
it "search", a password field "login form", a table "data table with N rows", a
region of links "navigation with N links". The key controls (primary buttons,
labelled inputs) follow, so the summary alone often names the element an agent needs.
"""

from __future__ import annotations

import re
from collections import Counter

from ..snapshot import Node
from . import roles
from .facts import Facts, is_primary_attrs
from .labels import label
from .regions import Region
from .tree import Tree

_FILTER = re.compile(r"\bfilter", re.I)
SAMPLE = 300


def is_primary(node: Node) -> bool:
    """Does the page mark this control as the main action? (class, data attribute)."""
    return is_primary_attrs(node.attrs)


def counts(tree: Tree, facts: Facts, region: Region) -> tuple[dict[str, int], list[str]]:
    """Visible interactive elements by kind, and all interactive refs, for one region."""
    c: Counter[str] = Counter()
    refs: list[str] = []
    for i in facts.interactive_positions(region.start, region.stop):
        refs.append(tree.nodes[i].ref)
        if facts.visible[i]:
            c[facts.kind[i]] += 1
    return dict(c.most_common()), refs


def purpose(tree: Tree, facts: Facts, region: Region) -> str:
    """A few words on what the region is for, from counts and per-node word flags."""
    lo, hi = region.start, region.stop
    visible = region.visible
    kinds: Counter[str] = Counter(region.counts)
    if not visible:  # a hidden region: describe what it would show
        kinds = Counter(facts.kind[i] for i in facts.interactive_positions(lo, hi)[:SAMPLE])
    total = sum(kinds.values())
    parts: list[str] = []
    if region.landmark == "DIALOG":
        parts.append("dialog")
    has_password = facts.flagged("password", lo, hi, visible) > 0
    if has_password:
        parts.append("login form")
    elif facts.flagged("search", lo, hi, visible) or region.landmark == "SEARCH":
        parts.append("search")
    if _FILTER.search(region.name) or facts.flagged("filter", lo, hi, visible):
        parts.append("filters")
    rows = facts.rows_in(lo, hi)
    if rows:
        header_rows = sum(1 for r in rows[:SAMPLE] if _is_header_row(tree, tree.nodes[r]))
        parts.append(f"data table with {len(rows) - header_rows} rows")
    fields = kinds.get("input", 0) + kinds.get("select", 0) + kinds.get("checkbox", 0) \
        + kinds.get("radio", 0)
    if fields >= 2 and not has_password and not rows:
        inter = [tree.nodes[i] for i in facts.interactive_positions(lo, hi)[:SAMPLE]]
        target = _form_target(inter, region)
        parts.append(f"form for {target}" if target else f"form with {fields} fields")
    links = kinds.get("link", 0)
    paragraphs = facts.paragraphs_in(lo, hi)
    pager = facts.flagged("pager", lo, hi, visible) if total <= 60 else 0
    if pager >= 3 and pager >= total * 0.6:
        parts.append("pagination")
    elif paragraphs >= 5 and paragraphs * 2 >= links and total - links <= 3:
        parts.append(f"text: {paragraphs} paragraphs, {links} links")
    elif links >= 3 and links >= total * 0.7 and ("search" not in parts or links >= 5):
        parts.append(f"navigation with {links} links")
    elif not total and paragraphs:
        parts.append(f"text, {paragraphs} paragraphs")
    if not visible:
        parts.append("hidden")
    return "; ".join(dict.fromkeys(parts))


def _is_header_row(tree: Tree, row: Node) -> bool:
    i = tree.pos[row.ref]
    cells = [tree.nodes[c] for c in tree.child_pos[i]]
    return bool(cells) and all(c.role == "columnheader" or c.tag == "th" for c in cells)


def _form_target(inter: list[Node], region: Region) -> str:
    for n in inter:
        if roles.kind(n) == "button" and (is_primary(n) or n.attrs.get("type") == "submit"):
            name = label(n)
            if name:
                return name.lower()
    return ""


def key_elements(tree: Tree, facts: Facts, region: Region, limit: int = 3) -> list[str]:
    """The most prominent visible controls: primary buttons, then labelled fields."""
    scored: list[tuple[int, int, str]] = []
    for i in facts.interactive_positions(region.start, region.stop):
        if not facts.visible[i]:
            continue
        n = tree.nodes[i]
        name = label(n)
        if not name or len(name) > 40:
            continue
        k = facts.kind[i]
        score = 3 if facts.primary[i] else 2 if k in ("button", "input", "select") else 1
        scored.append((-score, i, name))
        if len(scored) > 200:
            break
    scored.sort()
    seen: list[str] = []
    for _, _, name in scored:
        if name not in seen:
            seen.append(name)
        if len(seen) >= limit:
            break
    return seen


def summarize(tree: Tree, facts: Facts, region: Region) -> str:
    """``search; filters — key: "Apply Filters", "Reset"`` (the name is shown apart)."""
    keys = key_elements(tree, facts, region) if region.visible else []
    key_text = "key: " + ", ".join(f'"{k}"' for k in keys) if keys else ""
    return " — ".join(p for p in (region.purpose, key_text) if p)
