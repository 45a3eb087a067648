"""grep: a regex over what an agent sees of each element, grouped by region.

The text searched is what a person or a screen reader gets: the role, the name, the
value, the placeholder, the label, and a few attributes that name things (title,
alt, aria-label). Matches come back grouped by the region they sit in, so "export"
in a table toolbar and "Export Policy" in the footer are told apart at a glance.

A container that matches only because a matched child's words are in its text is
dropped: the child is the element to act on. A pattern that matches the empty string
(``.*``) lists a region's controls and headings: the seed's drill-down step.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ..errors import QueryError
from .descriptors import element_role, own_label

__all__ = ["GrepHit", "compile_pattern", "grep_hits"]

CONTEXTS = ("element", "region", "path")
_LABEL_TAGS = frozenset({"label", "legend"})
_META = re.compile(r"([\\^$.|?*+()\[\]{}])")


@dataclass(slots=True)
class GrepHit:
    """One element whose visible description matched; ``matched`` is the matched text."""

    pos: int
    ref: str
    role: str
    name: str
    matched: str
    region: str
    xpath: str = ""
    hidden: bool = False
    extra: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"ref": self.ref, "role": self.role, "name": self.name,
                             "matched": self.matched, "region": self.region,
                             "xpath": self.xpath}
        if self.hidden:
            d["hidden"] = True
        return d


def compile_pattern(pattern: str, ignore_case: bool = True) -> re.Pattern[str]:
    """The compiled regex; a malformed one is a QueryError saying how to search literally."""
    if not isinstance(pattern, str) or pattern == "":
        raise QueryError("grep needs a pattern: a word, a regex, or '.*' to list a region.")
    try:
        return re.compile(pattern, re.IGNORECASE if ignore_case else 0)
    except re.error as exc:
        literal = _META.sub(r"\\\1", pattern)
        raise QueryError(
            f"{pattern!r} is not a valid regular expression ({exc.msg} at position "
            f"{exc.pos}). To search for the literal text, escape the special characters: "
            f"{literal} (re.escape does it in Python)."
        ) from exc


def _text_of(node: Any, role: str) -> str:
    a = node.attrs
    parts = [role, own_label(node)]
    for key in ("placeholder", "title", "alt", "aria-label"):
        v = a.get(key)
        if v and v not in parts:
            parts.append(v)
    if node.value and node.value not in parts:
        parts.append(node.value)
    if node.options:
        parts.extend(o.label for o in node.options if o.selected)
    return " ".join(p for p in parts if p)


def grep_hits(
    idx: Any,
    regex: re.Pattern[str],
    *,
    regions: list[str] | None = None,
    role: str | None = None,
    include_hidden: bool = False,
) -> tuple[list[GrepHit], bool]:
    """Matches in document order, and whether the pattern matches everything."""
    match_all = regex.fullmatch("") is not None or regex.pattern in (".*", ".+", ".")
    spans = [(r.start, r.stop) for r in (idx.region(x) for x in regions)] if regions else None
    wanted = {x.strip().lower() for x in role.split("|")} if role else None
    tree = idx.tree
    hits: list[GrepHit] = []
    for i, node in enumerate(idx.nodes):
        if spans and not any(a <= i < b for a, b in spans):
            continue
        if not include_hidden and not node.visible:
            continue
        r = element_role(node)
        if wanted and r not in wanted and idx.kind(node) not in wanted:
            continue
        if node.tag in _LABEL_TAGS:
            continue  # a label's words are its control's name: the control is the match
        interactive = idx.is_interactive(node)
        heading = r == "heading"
        if match_all:
            if not (interactive or heading):
                continue
            text = _text_of(node, r)
            matched = ""
        else:
            if not (interactive or heading or node.text or node.name or node.attrs.get("alt")):
                continue
            text = _text_of(node, r)
            m = regex.search(text)
            if not m:
                continue
            matched = m.group(0)
        reg = idx.region_of_pos(i)
        hits.append(GrepHit(i, node.ref, r, own_label(node), matched,
                            reg.id if reg else "", "", not node.visible,
                            {"interactive": interactive}))
    return _drop_containers(tree, hits), match_all


def _drop_containers(tree: Any, hits: list[GrepHit]) -> list[GrepHit]:
    """Drop a non-interactive match holding another match: the inner one is the target."""
    out: list[GrepHit] = []
    for k, h in enumerate(hits):
        if not h.extra.get("interactive") and k + 1 < len(hits):
            end = tree.end[h.pos]
            if hits[k + 1].pos < end:
                continue
        out.append(h)
    return out
