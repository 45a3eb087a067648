"""The concept graph of the knowledge store: concept ↔ pages, and paths between concepts.

Kept apart from :mod:`.store` (which stores and searches text) because its questions
are about structure, not wording: which pages share what a page is about
(:meth:`ConceptGraph.related`), what a page is about (:meth:`ConceptGraph.concepts`),
and how two concepts connect through the pages that mention them
(:meth:`ConceptGraph.path`). Shared concepts weigh by rarity, and paths avoid hub
concepts that are on most pages, because a link through "file" explains nothing.
"""

from __future__ import annotations

import dataclasses
import difflib
import math
import sqlite3
from collections import deque
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import QueryError
from .concepts import Concept, concept_key


@dataclass(frozen=True)
class RelatedPage:
    """A page that shares concepts with another, and the strongest ones it shares."""

    url: str
    title: str
    score: float
    shared: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {**dataclasses.asdict(self), "shared": list(self.shared)}


class ConceptGraph:
    """Graph questions over the store's tables (mixed into ``KnowledgeStore``)."""

    db: sqlite3.Connection
    _hubs: set[int]

    def _page_id(self, url: str) -> int:
        row = self.db.execute("SELECT id FROM pages WHERE url=?", (url,)).fetchone()
        if row is None:
            raise QueryError(f"The store has not read {url}; read it first (domdex read {url}).")
        return int(row[0])

    def concepts(self, url: str, limit: int = 20) -> list[Concept]:
        """The concepts a page is about, strongest first."""
        rows = self.db.execute(
            "SELECT c.key, c.name, pc.weight FROM page_concepts pc JOIN concepts c "
            "ON c.id = pc.concept_id WHERE pc.page_id=? ORDER BY pc.weight DESC LIMIT ?",
            (self._page_id(url), limit),
        ).fetchall()
        return [Concept(k, n, w) for k, n, w in rows]

    def related(self, url: str, limit: int = 10) -> list[RelatedPage]:
        """Pages that share concepts with ``url``, best first.

        A shared concept counts by the smaller of its two weights times its rarity
        (``log(1 + pages / pages with it)``): sharing "none" with every docs page says
        little, sharing "scissor keyboard" says a lot.
        """
        page_id = self._page_id(url)
        idf = self._idf()
        own = dict(self.db.execute(
            "SELECT concept_id, weight FROM page_concepts WHERE page_id=?", (page_id,)
        ).fetchall())
        total = sum(w * idf.get(c, 0.0) for c, w in own.items()) or 1.0
        scores: dict[int, float] = {}
        shared: dict[int, list[tuple[float, int]]] = {}
        rows = self.db.execute(
            "SELECT b.page_id, b.concept_id, b.weight FROM page_concepts a JOIN page_concepts b "
            "ON a.concept_id = b.concept_id AND b.page_id != a.page_id WHERE a.page_id=?",
            (page_id,),
        )
        for other, concept, weight in rows:
            value = min(weight, own[concept]) * idf.get(concept, 0.0)
            scores[other] = scores.get(other, 0.0) + value
            shared.setdefault(other, []).append((value, concept))
        best = sorted(scores.items(), key=lambda kv: -kv[1])[:limit]
        out = []
        for other, score in best:
            url2, title = self.db.execute(
                "SELECT url, title FROM pages WHERE id=?", (other,)
            ).fetchone()
            names = [self._concept_name(c) for _, c in sorted(shared[other], reverse=True)[:8]]
            out.append(RelatedPage(url2, title, round(score / total, 4), tuple(names)))
        return out

    def _idf(self) -> dict[int, float]:
        (pages,) = self.db.execute("SELECT COUNT(*) FROM pages").fetchone()
        rows = self.db.execute("SELECT concept_id, COUNT(*) FROM page_concepts GROUP BY 1")
        return {c: math.log(1 + pages / df) for c, df in rows}

    def _concept_name(self, concept_id: int) -> str:
        return str(
            self.db.execute("SELECT name FROM concepts WHERE id=?", (concept_id,)).fetchone()[0]
        )

    def _concept_id(self, name: str) -> int:
        key = concept_key(name)
        row = self.db.execute("SELECT id FROM concepts WHERE key=?", (key,)).fetchone()
        if row:
            return int(row[0])
        keys = [k for (k,) in self.db.execute("SELECT key FROM concepts")]
        close = difflib.get_close_matches(key, keys, n=3, cutoff=0.6)
        containing = [k for k in keys if key in k][:3]
        hint = ", ".join(dict.fromkeys([*close, *containing])) or "none close"
        raise QueryError(f"No concept {name!r} in the store (closest: {hint}).")

    def path(self, concept_a: str, concept_b: str, max_hops: int = 6) -> list[dict[str, Any]]:
        """The shortest chain concept → page → concept … → concept, or ``[]``.

        Each page step names the sections where the two concepts around it occur.
        """
        start, goal = self._concept_id(concept_a), self._concept_id(concept_b)
        self._hubs = self._hub_concepts() - {start, goal}
        previous: dict[tuple[str, int], tuple[str, int] | None] = {("c", start): None}
        queue = deque([("c", start)])
        while queue:
            node = queue.popleft()
            if node == ("c", goal):
                return self._describe(self._unwind(previous, node))
            if len(self._unwind(previous, node)) > max_hops * 2:
                continue
            for nxt in self._neighbours(node):
                if nxt not in previous:
                    previous[nxt] = node
                    queue.append(nxt)
        return []

    def _neighbours(self, node: tuple[str, int]) -> Iterator[tuple[str, int]]:
        kind, ident = node
        if kind == "c":
            sql = "SELECT page_id FROM page_concepts WHERE concept_id=? ORDER BY weight DESC"
            yield from (("p", int(r)) for (r,) in self.db.execute(sql, (ident,)))
        else:
            sql = "SELECT concept_id FROM page_concepts WHERE page_id=? ORDER BY weight DESC"
            rows = self.db.execute(sql, (ident,)).fetchall()
            yield from (("c", int(r)) for (r,) in rows if int(r) not in self._hubs)

    def _hub_concepts(self) -> set[int]:
        """Concepts on more than half of the pages (and over three): they link everything,
        so a path through them explains nothing."""
        (pages,) = self.db.execute("SELECT COUNT(*) FROM pages").fetchone()
        rows = self.db.execute(
            "SELECT concept_id FROM page_concepts GROUP BY 1 HAVING COUNT(*) > ? AND COUNT(*) > 3",
            (pages / 2,),
        )
        return {int(r) for (r,) in rows}

    @staticmethod
    def _unwind(previous: dict[Any, Any], node: Any) -> list[tuple[str, int]]:
        chain = []
        while node is not None:
            chain.append(node)
            node = previous[node]
        return chain[::-1]

    def _describe(self, chain: Sequence[tuple[str, int]]) -> list[dict[str, Any]]:
        steps: list[dict[str, Any]] = []
        for n, (kind, ident) in enumerate(chain):
            if kind == "c":
                (name,) = self.db.execute(
                    "SELECT name FROM concepts WHERE id=?", (ident,)
                ).fetchone()
                steps.append({"concept": name})
                continue
            url, title = self.db.execute(
                "SELECT url, title FROM pages WHERE id=?", (ident,)
            ).fetchone()
            around = [chain[n - 1][1], chain[n + 1][1]]
            # The sections that carry both concepts first, then either; five at most.
            sections = [
                sid
                for (sid,) in self.db.execute(
                    "SELECT s.sid FROM sections s JOIN section_concepts sc "
                    "ON sc.section_id = s.id WHERE s.page_id=? AND sc.concept_id IN (?, ?) "
                    "GROUP BY s.id ORDER BY COUNT(DISTINCT sc.concept_id) DESC, s.position "
                    "LIMIT 5",
                    (ident, *around),
                )
            ]
            steps.append({"page": url, "title": title, "sections": sections})
        return steps
