"""L1: what is where — landmark regions with summaries, counts and search terms."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..index import roles
from ..tokens import count_tokens
from .base import Line, View
from .elements import quote

if TYPE_CHECKING:
    from ..index import PageIndex, Region

MAX_SUBSECTIONS = 8
MAX_TERMS = 6


def kind_word(kind: str, n: int) -> str:
    """``links`` / ``link`` / ``clickable`` for counts."""
    return roles.KIND_PLURALS.get(kind, kind) if n != 1 else roles.KIND_SINGULAR.get(kind, kind)


def counts_text(counts: dict[str, int]) -> str:
    total = sum(counts.values())
    if not total:
        return "0"
    parts = ", ".join(f"{n} {kind_word(k, n)}" for k, n in list(counts.items())[:4])
    return f"{total} ({parts})"


def _repeat_of(r: Region) -> str:
    """The id of the region this one repeats ("same as R0" / "hidden copy of R5")."""
    for prefix in ("same as ", "hidden copy of "):
        if r.note.startswith(prefix):
            return r.note[len(prefix):].split(",")[0]
    return ""


def _repeat_line(first: str, copies: list[Region]) -> Line:
    """``[R6] NAV "related navigation" — same as R3, below it`` or, for several copies,
    ``Repeats of R7 (HEADER): R9, R11, R12 …`` on one line."""
    if len(copies) == 1:
        r = copies[0]
        return Line(f"{region_head(r)} — {r.note}", r.id, f"expand {r.id}")
    ids = ", ".join(c.id for c in copies)
    hidden = " (hidden)" if all(not c.visible for c in copies) else ""
    return Line(f"Repeats of {first} ({copies[0].landmark}){hidden}: {ids}", first,
                f"expand {first}")


def _hidden_line(hidden: list[Region]) -> Line:
    """``Hidden: [R0] NAV "Menu", [R1] NAV …`` — regions not shown on the page, in one line."""
    names = ", ".join(region_head(r) for r in hidden)
    return Line(f"Hidden: {names}", hidden[0].id, f"expand {hidden[0].id}")


def region_head(r: Region) -> str:
    """``[R2] MAIN "Checkout" /body/main#content``"""
    name = f" {quote(r.name, 60)}" if r.name else ""
    return f"[{r.id}] {r.landmark}{name}"


#: Without an explicit budget, the region map aims at this many tokens: it gets more
#: compact (fewer terms, minor regions on one line, repeats grouped) rather than cut.
COMPACT_TARGET = 600

@dataclass(frozen=True)
class _Level:
    """How much a region map shows; the levels go from fullest to most compact."""

    terms: int
    subsections: int
    minor_one_line: bool  # regions with few controls and no sub-sections on one line
    xpath: bool = True
    merged: bool = False  # summary and counts on one line
    hidden_grouped: bool = False  # all hidden regions on one line
    keys: bool = True  # the key controls after the purpose


_LEVELS = [
    _Level(MAX_TERMS, MAX_SUBSECTIONS, False),
    _Level(4, 5, True),
    _Level(3, 4, True, xpath=False, hidden_grouped=True),
    _Level(0, 3, True, xpath=False, merged=True, hidden_grouped=True),
    _Level(0, 0, True, xpath=False, merged=True, hidden_grouped=True, keys=False),
]


class RegionsView(View):
    """L1. Picks the fullest of a few detail levels that fits the budget (or ~600
    tokens when none is given); only an explicit budget that even the most compact
    level exceeds cuts lines, with a note saying what was left out."""

    kind = "regions"

    def __init__(self, index: PageIndex, max_tokens: int | None = None) -> None:
        super().__init__(max_tokens)
        self.index = index
        self._level = 0

    def _fitted(self, max_tokens: int | None) -> list[Line]:
        budget = max_tokens if max_tokens is not None else self.max_tokens
        target = budget if budget is not None else COMPACT_TARGET
        lines: list[Line] = []
        for level in range(len(_LEVELS)):
            self._level = level
            self.__dict__.pop("lines", None)  # the cached lines belong to another level
            lines = self.lines
            if count_tokens("\n".join(line.text for line in lines)) <= target:
                return lines
        return super()._fitted(budget) if budget is not None else lines

    def build(self) -> list[Line]:
        idx = self.index
        tops = idx.top_regions
        inter = sum(r.interactive_count for r in tops)
        lines = [Line(f'PAGE: {quote(idx.snapshot.title, 70)} {idx.snapshot.url}', keep=True),
                 Line(f"REGIONS: {len(tops)} · {inter} interactive", keep=True), Line("")]
        repeats: dict[str, list[Region]] = {}
        for r in tops:
            first = _repeat_of(r)
            if first:
                repeats.setdefault(first, []).append(r)
        shown: set[str] = set()
        level = _LEVELS[self._level]
        hidden = [r for r in tops if not r.visible and not _repeat_of(r)]
        for r in tops:
            if level.hidden_grouped and r in hidden:
                if r is hidden[0]:
                    lines.append(_hidden_line(hidden))
                continue
            first = _repeat_of(r)
            if first and first in shown:
                continue
            if first:
                shown.add(first)
                lines.append(_repeat_line(first, repeats[first]))
                continue
            lines.extend(self._region_lines(r))
        lines.append(Line(""))
        lines.append(Line(f"GREP-INDEX: {len(idx.term_index)} terms across "
                          f"{len(idx.regions)} regions", keep=True))
        lines.append(Line('NEXT: expand REGION · grep PATTERN · find "what you want"', keep=True,
                          advice=True))
        return lines

    def _region_lines(self, r: Region) -> list[Line]:
        level = _LEVELS[self._level]
        terms_shown, subs_shown = level.terms, level.subsections
        g, more = r.id, f"expand {r.id}"
        if not r.visible:
            what = r.purpose.replace("; hidden", "").replace("hidden", "").strip("; ")
            if not r.name:
                text = next((n.text for n in self.index.nodes[r.start:r.stop] if n.text), "")
                what = f"{quote(text, 40)} {what}".strip() if text else what
            detail = f": {what}" if what else ""
            return [Line(f"{region_head(r)} [hidden]{detail}", g, more)]
        subs = [s for s in self.index.subregions(r) if s.visible]
        if level.minor_one_line and not subs and r.interactive_count <= 3:
            what = (r.summary if level.keys else r.purpose) or \
                f"{counts_text(r.counts)} interactive"
            return [Line(f"{region_head(r)} — {what}", g, more)]
        out = [Line(f"{region_head(r)} {r.xpath}" if level.xpath else region_head(r), g, more)]
        summary = (r.summary if level.keys else r.purpose) or ""
        if level.merged:
            out.append(Line(f"     {summary + ' · ' if summary else ''}"
                            f"{r.interactive_count} interactive", g, more))
        else:
            if summary:
                out.append(Line(f"     Summary: {summary}", g, more))
            out.append(Line(f"     Interactive: {counts_text(r.counts)}", g, more))
        if subs and subs_shown:
            names = ", ".join(s.id.split(".", 1)[1] for s in subs[:subs_shown])
            extra = f", … (+{len(subs) - subs_shown})" if len(subs) > subs_shown else ""
            out.append(Line(f"     Subsections ({len(subs)}): {names}{extra}", g, more))
        if r.terms and terms_shown:
            out.append(Line(f"     Terms: {', '.join(r.terms[:terms_shown])}", g, more))
        return out

    def to_dict(self) -> dict[str, Any]:
        idx = self.index
        return {
            "view": self.kind,
            "url": idx.snapshot.url,
            "title": idx.snapshot.title,
            "regions": [r.to_dict() for r in idx.regions],
            "term_count": len(idx.term_index),
        }
