"""L1: what is where — landmark regions with summaries, counts and search terms."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..index import roles
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


def region_head(r: Region) -> str:
    """``[R2] MAIN "Checkout" /body/main#content``"""
    name = f" {quote(r.name, 60)}" if r.name else ""
    return f"[{r.id}] {r.landmark}{name}"


class RegionsView(View):
    kind = "regions"

    def __init__(self, index: PageIndex, max_tokens: int | None = None) -> None:
        super().__init__(max_tokens)
        self.index = index

    def build(self) -> list[Line]:
        idx = self.index
        tops = idx.top_regions
        inter = sum(r.interactive_count for r in tops)
        lines = [Line(f'PAGE: {quote(idx.snapshot.title, 70)} {idx.snapshot.url}', keep=True),
                 Line(f"REGIONS: {len(tops)} · {inter} interactive", keep=True), Line("")]
        for r in tops:
            lines.extend(self._region_lines(r))
        lines.append(Line(""))
        lines.append(Line(f"GREP-INDEX: {len(idx.term_index)} terms across "
                          f"{len(idx.regions)} regions", keep=True))
        lines.append(Line('NEXT: expand REGION · grep PATTERN · find "what you want"', keep=True))
        return lines

    def _region_lines(self, r: Region) -> list[Line]:
        g, more = r.id, f"expand {r.id}"
        if r.note.startswith(("same as", "hidden copy")):
            return [Line(f"{region_head(r)} — {r.note}", g, more)]
        if not r.visible:
            what = r.purpose.replace("; hidden", "").replace("hidden", "").strip("; ")
            if not r.name:
                text = next((n.text for n in self.index.nodes[r.start:r.stop] if n.text), "")
                what = f"{quote(text, 40)} {what}".strip() if text else what
            detail = f": {what}" if what else ""
            return [Line(f"{region_head(r)} [hidden]{detail}", g, more)]
        out = [Line(f"{region_head(r)} {r.xpath}", g, more)]
        summary = r.summary or ""
        if summary:
            out.append(Line(f"     Summary: {summary}", g, more))
        out.append(Line(f"     Interactive: {counts_text(r.counts)}", g, more))
        subs = [s for s in self.index.subregions(r) if s.visible]
        if subs:
            names = ", ".join(s.id.split(".", 1)[1] for s in subs[:MAX_SUBSECTIONS])
            extra = f", … (+{len(subs) - MAX_SUBSECTIONS})" if len(subs) > MAX_SUBSECTIONS else ""
            out.append(Line(f"     Subsections ({len(subs)}): {names}{extra}", g, more))
        if r.terms:
            out.append(Line(f"     Terms: {', '.join(r.terms[:MAX_TERMS])}", g, more))
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
