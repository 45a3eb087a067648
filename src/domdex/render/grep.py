"""The grep view: matches grouped by region, as in the hybrid seed.

```
GREP: "export" → 3 matches in 2 regions

[R2] MAIN "Dashboard Content"
  └─ R2.Actions "Table Actions"
     BUTTON "Export to CSV" @e45 [primary] ← BEST MATCH
     BUTTON "Export to PDF" @e46

[R3] FOOTER "Page Footer"
  └─ LINK "Export Policy" @e89

SUGGESTION: @e45 is the "Export to CSV" button in R2.Actions; R3 has 1 other match.
```

``context="region"`` folds a sub-region with many matches to one line and its summary
(drill-down step 1); ``context="path"`` adds each match's landmark path and xpath;
``expand=True`` adds the region's other controls under ``NEARBY:``. A ``.*`` over one
region lists it (drill-down step 2).
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING, Any

from .base import Line, View
from .elements import element_line, quote

if TYPE_CHECKING:
    from ..search.patterns import GrepHit

#: A sub-region with more matches than this folds under context="region".
FOLD_OVER = 6
#: Controls listed under NEARBY per group.
NEARBY = 4


class GrepResult(View):
    """Result of :func:`domdex.grep`: ``.matches`` (GrepHit list), ``str()``, ``to_dict()``."""

    kind = "grep"
    default_max_tokens = 1500

    def __init__(self, index: Any, pattern: str, hits: list[GrepHit], *, match_all: bool,
                 regions: list[str] | None = None, context: str = "element",
                 expand: bool = False, best: str | None = None,
                 fuzzy: list[tuple[str, list[str]]] | None = None,
                 max_tokens: int | None = None) -> None:
        super().__init__(max_tokens)
        self.index = index
        self.pattern = pattern
        self.matches = hits
        self.match_all = match_all
        self.scope = regions
        self.context = context
        self.expand = expand
        self.best = best
        self.fuzzy = fuzzy or []
        self.groups = self._group()
        self.suggestion = self._suggestion()

    @property
    def refs(self) -> list[str]:
        return [h.ref for h in self.matches]

    def __len__(self) -> int:
        return len(self.matches)

    # Grouping --------------------------------------------------------------------
    def _group(self) -> dict[str, dict[str, list[GrepHit]]]:
        """top region id → deepest region id → hits, in document order."""
        out: dict[str, dict[str, list[GrepHit]]] = defaultdict(lambda: defaultdict(list))
        for h in self.matches:
            top = self._top(h)
            out[top][h.region].append(h)
        return out

    def _top(self, h: GrepHit) -> str:
        if not h.region:
            return ""
        return h.region.split(".")[0]

    def _region_label(self, rid: str, *, with_landmark: bool) -> str:
        if not rid:
            return "[page]"
        r = self.index.region(rid)
        name = f" {quote(r.name, 40)}" if r.name else ""
        if with_landmark:
            return f"[{r.id}] {r.landmark}{name}"
        return f"{r.id}{name}"

    # Suggestion ------------------------------------------------------------------
    def _suggestion(self) -> str:
        if not self.matches:
            if self.fuzzy:
                rid, terms = self.fuzzy[0]
                r = self.index.region(rid)
                name = f" {quote(r.name, 30)}" if r.name else ""
                return f"No exact match. Did you mean {rid}{name} ({', '.join(terms)})?"
            return "No match. Try a shorter pattern, another word, or find with a description."
        if self.match_all:
            return ""
        folded = self._folded()
        if folded:
            rid = folded[0]
            return f"Expand {rid} for its elements: grep '.*' with regions=['{rid}']."
        groups = [(sub, hits) for subs in self.groups.values() for sub, hits in subs.items()]
        if self.best:
            node = self.index.node(self.best)
            best_group = next((sub for sub, hits in groups
                               if any(h.ref == self.best for h in hits)), "")
            text = (f"@{self.best} is the {quote(node.name or node.text, 40)} "
                    f"{_role(self.matches, self.best)} in {best_group or 'the page'}")
            others = [(sub, hits) for sub, hits in groups if sub != best_group]
            if others:
                sub, hits = others[0]
                h = hits[0]
                text += (f"; @{h.ref} is the {quote(h.name, 30)} {h.role} in "
                         f"{self._region_label(sub, with_landmark=False) if sub else 'the page'}")
            return text + "."
        if len(groups) > 1:
            parts = [f"{sub or 'the page'} has {_kinds(hits)}" for sub, hits in groups[:3]]
            return "; ".join(parts) + ". Scope with regions=[…] or ask find."
        sub, hits = groups[0]
        return f"All matches are in {sub or 'the page'}."

    def _folded(self) -> list[str]:
        if self.context != "region" or self.match_all:
            return []
        return [sub for subs in self.groups.values() for sub, hits in subs.items()
                if sub and len(hits) > FOLD_OVER]

    # Text ------------------------------------------------------------------------
    def _head(self) -> str:
        n = len(self.matches)
        regions = len({sub for subs in self.groups.values() for sub in subs})
        scope = f" in {', '.join(self.scope)}" if self.scope else ""
        what = f"{n} match{'es' if n != 1 else ''}"
        if not self.scope and n:
            what += f" in {regions} region{'s' if regions != 1 else ''}"
        return f"GREP: {quote(self.pattern, 60)}{scope} → {what}"

    def build(self) -> list[Line]:
        if self.match_all and self.scope and len(self.scope) == 1:
            return self._listing()
        lines = [Line(self._head(), keep=True)]
        folded = set(self._folded())
        for top, subs in self.groups.items():
            lines.append(Line(""))
            lines.append(Line(self._region_label(top, with_landmark=True), keep=True))
            for sub, hits in subs.items():
                lines += self._group_lines(top, sub, hits, sub in folded)
        if self.suggestion:
            lines.append(Line(""))
            lines.append(Line(f"SUGGESTION: {self.suggestion}", keep=True, advice=True))
        return lines

    def _group_lines(self, top: str, sub: str, hits: list[GrepHit], fold: bool) -> list[Line]:
        group = sub or top
        more = f"grep '.*' regions=['{group}']" if group else ""
        if fold:
            r = self.index.region(sub)
            folded = [Line(f"  └─ {self._region_label(sub, with_landmark=False)} "
                           f"({len(hits)} matches)", group=group, more=more)]
            if r.summary:
                folded.append(Line(f"     Summary: {r.summary}", group=group, more=more))
            return folded
        lines: list[Line] = []
        if sub and sub != top:
            lines.append(Line(f"  └─ {self._region_label(sub, with_landmark=False)}",
                              group=group, more=more))
            indent = "     "
        else:
            indent = "  └─ " if len(hits) == 1 else "     "
        for h in hits:
            lines.append(Line(indent + self._match_line(h), group=group, more=more))
            if self.context == "path":
                lines.append(Line(indent + "   path: " + self._path(h), group=group))
            if self.context == "region" and sub == "" and len(hits) == 1:
                pass
        if self.expand:
            near = self._nearby(sub or top, hits)
            if near:
                lines.append(Line(""))
                lines.append(Line("     NEARBY:", group=group))
                lines += [Line("       " + element_line(n, limit=50), group=group)
                          for n in near]
        return lines

    def _match_line(self, h: GrepHit) -> str:
        line = element_line(self.index.node(h.ref), limit=60)
        if self.best and h.ref == self.best and len(self.matches) > 1:
            return line + " ← BEST MATCH"
        if self.expand:
            return line + " ← MATCH"
        return line

    def _path(self, h: GrepHit) -> str:
        path = self.index.region_path(h.ref) if h.region else []
        steps = [f"{r.landmark}" + (f" {quote(r.name, 30)}" if r.name else "") if r.depth == 0
                 else (r.name or r.id) for r in path]
        return " › ".join([*steps, self.index.xpath(h.ref)])

    def _nearby(self, rid: str, hits: list[GrepHit]) -> list[Any]:
        """The region's other visible controls, nearest to the matches first."""
        if not rid:
            return []
        r = self.index.region(rid)
        matched = {h.pos for h in hits}
        first = hits[0].pos
        cands = [i for i in range(r.start, r.stop) if i not in matched
                 and self.index.is_interactive(self.index.nodes[i])
                 and self.index.nodes[i].visible]
        cands.sort(key=lambda i: abs(i - first))
        return [self.index.nodes[i] for i in sorted(cands[:NEARBY])]

    def _listing(self) -> list[Line]:
        """Drill-down step 2: every control of one region."""
        rid = self.scope[0] if self.scope else ""
        r = self.index.region(rid)
        name = f" {quote(r.name, 50)}" if r.name else ""
        lines = [Line(f"[{r.id}]{name}", keep=True), Line("")]
        more = f"expand {r.id}"
        lines += [Line(element_line(self.index.node(h.ref), limit=60), group=r.id, more=more)
                  for h in self.matches]
        if not self.matches:
            lines.append(Line("(no controls or headings)"))
        return lines

    # Data ------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        by_region = []
        for top, subs in self.groups.items():
            for sub, hits in subs.items():
                r = self.index.region(sub) if sub else None
                by_region.append({
                    "region": sub,
                    "top": top,
                    "name": r.name if r else "",
                    "path": " › ".join(x.id for x in self.index.region_path(hits[0].ref))
                    if sub else "",
                    "matches": [_with_xpath(self.index, h) for h in hits],
                })
        d: dict[str, Any] = {
            "view": self.kind,
            "pattern": self.pattern,
            "regions": self.scope,
            "total": len(self.matches),
            "by_region": by_region,
            "best": self.best,
            "suggestion": self.suggestion,
        }
        if self.fuzzy:
            d["did_you_mean"] = [{"region": rid, "terms": t} for rid, t in self.fuzzy]
        return d


def _with_xpath(index: Any, h: GrepHit) -> dict[str, Any]:
    d = h.to_dict()
    d["xpath"] = index.xpath(h.ref)
    return d


def _kinds(hits: list[GrepHit]) -> str:
    """``2 buttons`` / ``1 link`` / ``a button and a link``."""
    roles: dict[str, int] = {}
    for h in hits:
        roles[h.role] = roles.get(h.role, 0) + 1
    return " and ".join(f"{n} {r}{'s' if n > 1 else ''}" for r, n in roles.items())


def _role(hits: list[GrepHit], ref: str) -> str:
    return next((h.role for h in hits if h.ref == ref), "element")
