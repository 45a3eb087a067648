"""The read view: a page's sections as text for a model, fenced as untrusted content.

Page text is written by whoever made the page, so it is wrapped between markers that
name the URL and say it is content, not instructions (a prompt-injection guard for
the agent reading it; see :mod:`domdex.fence`: a fresh nonce in both markers, look-alike
markers in the text neutralised). domdex's own words — that nothing matched, how to
continue a cut read — follow the closing marker. Nothing is ever silently lost: under a
``max_tokens`` budget the view shows the outline of every section, then as much of the
selection as fits, and ends with the exact call that continues
(``read(section="s7", offset=4120)``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..fence import Fence, neutralise
from ..tokens import count_tokens
from .base import Line, View

if TYPE_CHECKING:
    from ..text.sections import PageText, Section

#: Share of a budget the outline may take before it is itself shortened: knowing
#: what the page holds is worth more to an agent than the first lines of it.
OUTLINE_SHARE = 0.5
#: The outline's share when the read answers a query or names a section.
ANSWER_OUTLINE_SHARE = 0.12
#: Characters of a stored section shown per search hit.
SNIPPET_CHARS = 300


class ReadResult(View):
    """What ``read`` returns: selected sections, their scores, and how to get more."""

    kind = "read"
    #: The page's text is fenced by the view itself (front ends do not fence it again).
    fences_itself = True

    def __init__(
        self,
        page: PageText,
        sections: tuple[Section, ...],
        scope: str | None = None,
        section: str | None = None,
        offset: int = 0,
        query: str | None = None,
        scores: Mapping[str, float] | None = None,
        cached: bool = False,
        max_tokens: int | None = None,
    ) -> None:
        super().__init__(max_tokens)
        self.page = page
        self.sections = sections
        self.scope = scope
        self.section = section
        self.offset = offset
        self.query = query
        self.scores = dict(scores or {})
        self.cached = cached
        #: Set by ``read`` when the knowledge store could not learn the page (its text is
        #: still here); front ends show it outside the page's fence.
        self.store_error: str | None = None
        #: (id, title, score) of the sections nearest a query that no section answers.
        self.closest: tuple[tuple[str, str, float], ...] = ()
        #: This response's markers (a fresh nonce per result).
        self.fence = Fence.new(page.url)

    # -- data ------------------------------------------------------------------------
    @property
    def url(self) -> str:
        return self.page.url

    @property
    def body(self) -> str:
        """The selection as text, before ``offset``: what offsets count characters of."""
        return "\n\n".join(self._section_text(s) for s in self.sections)

    def _section_text(self, s: Section) -> str:
        label = f"{s.kind}, {s.tokens} tokens"
        if s.id in self.scores:
            label += f", score {self.scores[s.id]:.2f}"
        head = f"## [{s.id}] {s.title} ({label})"
        return f"{head}\n{s.shown}" if s.text else head

    def to_dict(self) -> dict[str, Any]:
        sections = []
        for s in self.sections:
            d = s.to_dict()
            if s.id in self.scores:
                d["score"] = self.scores[s.id]
            sections.append(d)
        return {
            "view": self.kind,
            "url": self.page.url,
            "title": self.page.title,
            "fingerprint": self.page.fingerprint,
            "cached": self.cached,
            "scope": self.scope or "all",
            "section": self.section,
            "query": self.query,
            "matched": bool(self.sections) if self.query is not None else None,
            "closest": [{"id": i, "title": t, "score": s} for i, t, s in self.closest],
            "store_error": self.store_error,
            "offset": self.offset,
            "tokens": sum(s.tokens for s in self.sections),
            "sections": sections,
            "outline": [
                {"id": s.id, "path": list(s.path), "kind": s.kind, "tokens": s.tokens}
                for s in self.page.sections
            ],
        }

    # -- rendering -------------------------------------------------------------------
    def _header(self) -> list[str]:
        lines = [self.fence.open]
        if self.page.title:
            lines.append(neutralise(f"# {self.page.title}"))
        resumed = self._resumed_section()
        if resumed is not None:  # a continued read says where it is
            lines.append(neutralise(f"## [{resumed.id}] {resumed.title} (continued)"))
        return lines

    def _advice(self) -> list[str]:
        """domdex's word on the selection, shown after the fence."""
        if self.query is not None and not self.sections and self.closest:
            near = ", ".join(f"{sid} {title[:50]!r} ({score:.2f})"
                             for sid, title, score in self.closest)
            return [neutralise(f"NO MATCH: no section holds any word of {self.query!r}. "
                               f"Closest by meaning, probably unrelated: {near}. "
                               "read(section=…) reads one.")]
        if self.query is not None and not self.sections:
            return [f"No section matches {self.query!r}; read() shows the outline."]
        return []

    def _resumed_section(self) -> Section | None:
        """The section ``offset`` falls inside of, when it is not at a section start."""
        if not self.offset or self.offset >= len(self.body):
            return None
        start = 0
        for s in self.sections:
            end = start + len(self._section_text(s))
            if start <= self.offset < end:
                return None if self.offset == start else s
            start = end + 2  # the blank line between sections
        return None

    def build(self) -> list[Line]:
        body = neutralise(self.body[self.offset :].lstrip("\n"))
        lines = [Line(t, keep=True) for t in self._header()]
        lines += [Line(t) for t in body.split("\n")] if body else []
        lines.append(Line(self.fence.close, keep=True))
        return lines + [Line(t, keep=True, advice=True) for t in self._advice()]

    def _cost(self, text: str) -> int:
        """Tokens of ``text`` with each of the fence's nonces counted at its most
        (one token a character): what fits then depends on the page, never on the
        random nonce, and never runs over."""
        nonce = self.fence.nonce
        return count_tokens(text.replace(nonce, "")) + len(nonce) * text.count(nonce)

    def render(self, max_tokens: int | None = None) -> str:
        budget = max_tokens if max_tokens is not None else self.max_tokens
        full = "\n".join(line.text for line in self.lines)
        if budget is None or self._cost(full) <= budget:
            return full
        head = self._header()
        advice = self._advice()
        note = f"… {len(self.body):,} more characters: {self.continue_call(len(self.body))}"
        room = budget - self._cost("\n".join([*head, note, self.fence.close, *advice])) - 12
        # Asked for something (a query, a section): the answer comes first and the outline
        # gets what is left. Asked for the page: knowing what it holds comes first.
        asked = bool(self.sections) and (self.query is not None or self.section is not None)
        share = ANSWER_OUTLINE_SHARE if asked else OUTLINE_SHARE
        outline, more_sections = self._outline(int(max(room, 0) * share))
        shown, next_offset = self._fit(max(room - count_tokens("\n".join(outline)) - 1, 0))
        if not shown:  # the body must move on: give it the outline's room, then force a cut
            outline = outline[:1]
            rest = max(room - count_tokens(outline[0]) - 1, 0)
            shown, next_offset = self._fit(rest) if rest else ("", next_offset)
            if not shown and rest:
                shown, next_offset = self._fit(rest, force=True)
        out = [*head, *neutralise("\n".join(outline)).split("\n"), "",
               *([neutralise(shown)] if shown else []), self.fence.close, *advice]
        if more_sections and len(outline) > 1:
            out.append(more_sections)
        if next_offset is not None:
            left = len(self.body) - next_offset
            more = "" if shown else " (raise max_tokens: not even one line fits)"
            out.append(f"… {left:,} more characters: {self.continue_call(next_offset)}{more}")
        return "\n".join(out)

    def _outline(self, budget: int) -> tuple[list[str], str]:
        """One line per section of the page (all of it, not only the selection), and the
        note that says how to see the sections left out ("" when none were)."""
        listed = self.page.main if self.scope == "main" else self.page.sections
        total = sum(s.tokens for s in listed)
        lines = [f"Outline ({len(listed)} sections, {total:,} tokens):"]
        used = count_tokens(lines[0])
        for n, s in enumerate(listed):
            mark = "" if s.kind == "main" else " [boilerplate]"
            indent = "  " * max(len(s.path), 1)  # depth shows the heading path compactly
            line = f"{indent}{s.id} {(s.heading or '(untitled)')[:80]}{mark} · {s.tokens}t"
            cost = count_tokens(line) + 1
            if used + cost > budget:
                return lines, (f"… {len(listed) - n} more sections in the outline: "
                               f"read(section='{s.id}') reads one, read(query=...) finds "
                               "them by topic")
            lines.append(line)
            used += cost
        return lines, ""

    def _fit(self, budget: int, force: bool = False) -> tuple[str, int | None]:
        """The longest prefix of the body (from ``offset``) within ``budget`` tokens."""
        body = self.body
        start = self.offset
        while body.startswith("\n", start):  # a read that ended at a blank line
            start += 1
        kept: list[str] = []
        used = 0
        pos = start
        for line in body[start:].split("\n"):
            cost = count_tokens(line) + 1
            if used + cost > budget:
                if not kept and (force or not line.startswith("## [")):  # cut at a space
                    cut = _cut_chars(line, budget)
                    return line[:cut], pos + cut if cut < len(line) else None
                while len(kept) > 1 and (not kept[-1] or kept[-1].startswith("## [")):
                    pos -= len(kept.pop()) + 1  # a header without its text waits for the next read
                return "\n".join(kept), pos
            kept.append(line)
            used += cost
            pos += len(line) + 1
        return "\n".join(kept), None

    def continue_call(self, offset: int) -> str:
        """The ``read(...)`` call that shows the selection from ``offset`` on."""
        args = []
        if self.scope:
            args.append(f"scope={self.scope!r}")
        if self.section:
            args.append(f"section={self.section!r}")
        if self.query:
            args.append(f"query={self.query!r}")
        args.append(f"offset={offset}")
        return f"read({', '.join(args)})"


def _cut_chars(line: str, budget: int) -> int:
    """How many characters of one long line fit in ``budget`` tokens, at a space."""
    lo, hi = 0, len(line)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if count_tokens(line[:mid]) <= budget:
            lo = mid
        else:
            hi = mid - 1
    space = line.rfind(" ", 0, lo)
    return space + 1 if space > lo // 2 else max(lo, 1)


class StoreSearchResult(View):
    """What ``domdex search`` shows: stored sections that answer a query, by page."""

    kind = "search_pages"
    fences_itself = True

    def __init__(self, query: str, hits: Sequence[Any], max_tokens: int | None = None) -> None:
        super().__init__(max_tokens)
        self.query = query
        self.hits = list(hits)

    def build(self) -> list[Line]:
        pages = {h.url for h in self.hits}
        fence = Fence.new(f"{len(pages)} stored pages")
        lines = [Line(fence.open, keep=True)]
        for n, h in enumerate(self.hits, 1):
            where = " > ".join(h.path) or "(untitled)"
            also = f" (same text on {h.also_on} more pages)" if h.also_on else ""
            lines.append(Line(neutralise(f"{n}. [{h.score:.2f}] {h.title} — {h.url}")))
            lines.append(Line(neutralise(f"   {h.section} {where}{also}"), group=h.url))
            snippet = " ".join(h.text.split())
            if len(snippet) > SNIPPET_CHARS:
                snippet = snippet[:SNIPPET_CHARS].rsplit(" ", 1)[0] + " …"
            more = f"read {h.url} --section {h.section}"
            lines.append(Line(neutralise(f"   {snippet}"), group=h.url, more=more))
        lines.append(Line(fence.close, keep=True))
        if not self.hits:
            lines.append(Line(f"No stored section matches {self.query!r}.", keep=True,
                              advice=True))
        return lines

    def to_dict(self) -> dict[str, Any]:
        return {"view": self.kind, "query": self.query, "hits": [h.to_dict() for h in self.hits]}
