"""L0: did the page load, and how big is it?"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from ..index import roles
from .base import Line, View
from .regions import kind_word

if TYPE_CHECKING:
    from ..index import PageIndex


class OverviewView(View):
    kind = "overview"

    def __init__(self, index: PageIndex, max_tokens: int | None = None) -> None:
        super().__init__(max_tokens)
        self.index = index

    def _facts(self) -> dict[str, Any]:
        idx = self.index
        snap = idx.snapshot
        tops = idx.top_regions
        landmarks = [r.landmark.lower() for r in tops if r.visible]
        inter = idx.interactive_nodes()
        hidden = len(idx.facts.inter_pos) - len(inter)
        kinds = Counter(roles.kind(n) for n in inter)
        forms = sum(1 for n in idx.nodes if n.tag == "form" or n.role == "form")
        return {
            "url": snap.url,
            "title": snap.title,
            "viewport": list(snap.viewport),
            "scroll": list(snap.scroll),
            "page_size": list(snap.page_size) if snap.page_size else None,
            "ready_state": snap.ready_state,
            "landmarks": landmarks,
            "regions": len(tops),
            "interactive": len(inter),
            "interactive_hidden": hidden,
            "interactive_by_kind": dict(kinds.most_common()),
            "forms": forms,
            "frames": len(snap.frames),
            "frames_left_out": [f.url for f in snap.left_out],
            "elements": len(idx.nodes),
        }

    def build(self) -> list[Line]:
        f = self._facts()
        vw, vh = f["viewport"]
        size = ""
        if f["page_size"]:
            size = f" (page {int(f['page_size'][0])}x{int(f['page_size'][1])}"
            size += f", scrolled to {int(f['scroll'][1])})" if f["scroll"][1] else ")"
        kinds = ", ".join(f"{n} {kind_word(k, n)}"
                          for k, n in list(f["interactive_by_kind"].items())[:4])
        hidden = f", {f['interactive_hidden']} hidden" if f["interactive_hidden"] else ""
        lm = Counter(f["landmarks"])
        lm_text = ", ".join(f"{k}×{n}" if n > 1 else k for k, n in lm.items())
        lines = [
            f"PAGE: {f['url']}",
            f'TITLE: "{f["title"]}"',
            f"VIEWPORT: {vw}x{vh}{size}",
            f"STATUS: {f['ready_state']}",
            "",
            f"LANDMARKS: {len(f['landmarks'])} ({lm_text})" if f["landmarks"] else "LANDMARKS: 0",
            f"INTERACTIVE: {f['interactive']} elements ({kinds}{hidden})" if kinds
            else f"INTERACTIVE: 0{hidden}",
            f"FORMS: {f['forms']}",
        ]
        if f["frames"] or f["frames_left_out"]:
            lines.append(f"FRAMES: {f['frames']}" + _left_out(len(f["frames_left_out"])))
        return [*(Line(t, keep=True) for t in lines),
                Line(f"NEXT: regions for the page map ({f['regions']} regions)", keep=True,
                     advice=True)]

    def to_dict(self) -> dict[str, Any]:
        return {"view": self.kind, **self._facts()}


def _left_out(n: int) -> str:
    """Frames that did not answer capture (see domdex.capture.deadline)."""
    if not n:
        return ""
    return (f" ({n} frame{'s' if n > 1 else ''} did not answer and "
            f"{'were' if n > 1 else 'was'} left out)")
