"""grep: a regex over what an agent sees of each element, grouped by region.

The text searched is what a person or a screen reader gets: the role, the name, the
value, the placeholder, the label, and a few attributes that name things (title,
alt, aria-label). Matches come back grouped by the region they sit in, so "export"
in a table toolbar and "Export Policy" in the footer are told apart at a glance.

A container that matches only because a matched child's words are in its text is
dropped: the child is the element to act on. A pattern that matches the empty string
(``.*``) lists a region's controls and headings: the seed's drill-down step.

Patterns run on RE2 (``google-re2``), whose matching time grows linearly with the
text: a pattern written by a model or copied from a page cannot stall domdex
(``(a+)+$`` over 30 characters took 54 s with Python's backtracking ``re``). RE2 has no
backreferences (``\\1``) and no lookaround (``(?=``, ``(?!``, ``(?<=``, ``(?<!``); such a
pattern is a :class:`~domdex.errors.QueryError` that says what to write instead.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import re2

from ..errors import QueryError
from ..index.labels import label
from .descriptors import element_role

__all__ = ["GrepHit", "Pattern", "compile_pattern", "grep_hits"]

CONTEXTS = ("element", "region", "path")
_LABEL_TAGS = frozenset({"label", "legend"})
_META = re.compile(r"([\\^$.|?*+()\[\]{}])")
_BACKREF = re.compile(r"\\(?:[1-9]|g<|k<|\(\?P=)|\(\?P=")
_LOOKAROUND = re.compile(r"\(\?<?[=!]")
#: A compiled grep pattern (RE2's; it has ``search``, ``fullmatch`` and ``pattern``).
Pattern = Any


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


def compile_pattern(pattern: str, ignore_case: bool = True) -> Pattern:
    """The compiled regex (RE2: linear time); a malformed one, or one using what RE2
    refuses (backreferences, lookaround), is a QueryError saying what to do."""
    if not isinstance(pattern, str) or pattern == "":
        raise QueryError("grep needs a pattern: a word, a regex, or '.*' to list a region.")
    options = re2.Options()
    options.log_errors = False  # RE2 would print its own line on stderr
    options.case_sensitive = not ignore_case
    try:
        return re2.compile(pattern, options=options)
    except re2.error as exc:
        raise QueryError(_refusal(pattern, exc)) from exc


def _refusal(pattern: str, exc: Exception) -> str:
    """Why RE2 refused the pattern, and what to write instead, as one message."""
    try:
        re.compile(pattern)  # Python's parser names the position of a syntax error
    except re.error as bad:
        return (f"{pattern!r} is not a valid regular expression ({bad.msg} at position "
                f"{bad.pos}). {_literally(pattern)}")
    unsupported = _unsupported(pattern)
    if unsupported:
        return (f"{pattern!r} uses {unsupported}, which grep does not run: its engine (RE2) "
                "matches in time linear in the text and has no backreferences or "
                "lookaround. Write the pattern without it (grep 'a.*b' instead of "
                f"'a(?=.*b)'), or grep twice and compare. {_literally(pattern)}")
    detail = exc.args[0].decode() if exc.args and isinstance(exc.args[0], bytes) else exc
    return (f"{pattern!r} is a regular expression grep's engine (RE2) does not run "
            f"({detail}). {_literally(pattern)}")


def _unsupported(pattern: str) -> str:
    """What the pattern uses that RE2 refuses, named for a person ('' when nothing)."""
    if _LOOKAROUND.search(pattern):
        return "lookaround ((?=…), (?!…), (?<=…) or (?<!…))"
    if _BACKREF.search(pattern):
        return "a backreference (\\1 or (?P=name))"
    return ""


def _literally(pattern: str) -> str:
    literal = _META.sub(r"\\\1", pattern)
    return (f"To search for the literal text, escape the special characters: {literal} "
            "(re.escape does it in Python).")


def _text_of(node: Any, role: str) -> str:
    a = node.attrs
    parts = [role, label(node)]
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
    regex: Pattern,
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
        hits.append(GrepHit(i, node.ref, r, label(node), matched,
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
