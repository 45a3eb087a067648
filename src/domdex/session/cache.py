"""The persistent region cache: regions are structurally stable across interactions.

After a click, most of a page is the same tree with different text or states in a
few nodes (a counter, a checkbox, a status line). Region detection depends only on
the tree's shape and its landmark-deciding fields, so it is cached by URL and a
*structural fingerprint* of the snapshot:

- **same content** (fingerprint and every field equal): the whole PageIndex is
  reused — including the find matcher hung on it;
- **same structure** (same nodes, tags, roles, names of landmarks, visibility): the
  regions are copied and only what depends on element content is refreshed
  (counts, summaries, term index) — the hybrid seed's "refresh elements inside known
  regions";
- otherwise the page is indexed from scratch and becomes the cached entry.

Bounded LRU by URL; the counters say how often each path was taken.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from dataclasses import dataclass

from ..index import PageIndex, roles
from ..indexed import IndexedPage, build_index
from ..snapshot import Snapshot

logger = logging.getLogger("domdex")

__all__ = ["RegionCache", "content_fingerprint", "structure_fingerprint"]


#: Nodes whose names name regions: landmarks, headings, sections and their labels.
_NAMED_TAGS = frozenset({"section", "form", "fieldset", "table", "legend", "caption", "label",
                         *roles.LANDMARK_TAGS, *roles.HEADING_TAGS})
_NAMED_ROLES = frozenset({*roles.LANDMARKS, *roles.SECTION_ROLES, "heading"})


def structure_fingerprint(snap: Snapshot) -> int:
    """Hash of what region detection looks at: the tree, tags, roles, landmark names.

    Python's tuple hash runs in C: a 16k-node page hashes in a few milliseconds.
    """
    return hash(tuple(
        (n.ref, n.parent, n.tag, n.role, n.visible, n.attrs.get("id"), n.attrs.get("class"),
         n.name if n.tag in _NAMED_TAGS or n.role in _NAMED_ROLES else "")
        for n in snap.nodes))


def content_fingerprint(snap: Snapshot) -> int:
    """Hash of every field of every node that a view shows, and the documents (the
    page's and each frame's: a frame that loaded another document gives another index,
    whose refs the session checks against the view the agent was shown)."""
    frames = tuple((f.id, f.document_id) for f in snap.frames)
    return hash((snap.document_id, frames, tuple(
        (n.ref, n.name, n.value, n.text, n.states, n.box, n.visible, n.in_viewport,
         tuple((o.label, o.selected) for o in n.options) if n.options else None)
        for n in snap.nodes)))


#: Cached pages that keep find's matcher, the most recently used ones: the page now
#: and the one before (a matcher is ~360 MiB at 128k elements).
MATCHERS_KEPT = 2


@dataclass(slots=True)
class _Entry:
    structure: int
    content: int
    index: IndexedPage


@dataclass(slots=True)
class CacheStats:
    reused: int = 0
    refreshed: int = 0
    built: int = 0


class RegionCache:
    """PageIndex builder that reuses regions when a page's structure has not changed."""

    def __init__(self, max_urls: int = 64) -> None:
        self.max_urls = max_urls
        self.stats = CacheStats()
        self._entries: OrderedDict[str, _Entry] = OrderedDict()

    def build(self, snap: Snapshot) -> IndexedPage:
        key = snap.url.split("#", 1)[0]
        structure = structure_fingerprint(snap)
        content = content_fingerprint(snap)
        entry = self._entries.get(key)
        idx: IndexedPage | None = None
        if entry is not None and entry.structure == structure:
            if entry.content == content:
                self.stats.reused += 1
                self._entries.move_to_end(key)
                return entry.index
            idx = refresh(entry.index, snap)
            if idx is not None:
                self.stats.refreshed += 1
        if idx is None:
            idx = build_index(snap)
            self.stats.built += 1
        self._entries[key] = _Entry(structure, content, idx)
        self._entries.move_to_end(key)
        while len(self._entries) > self.max_urls:
            self._entries.popitem(last=False)
        self._drop_old_matchers()
        return idx

    def _drop_old_matchers(self) -> None:
        """Only the :data:`MATCHERS_KEPT` most recently used pages keep find's matcher:
        it is most of an index's memory (~360 MiB at 128k elements), and a page left
        behind is rebuilt on its next find."""
        from ..search.matcher import SearchIndex

        for entry in list(self._entries.values())[:-MATCHERS_KEPT]:
            SearchIndex.drop(entry.index)


def refresh(template: PageIndex, snap: Snapshot) -> IndexedPage | None:
    """A PageIndex for ``snap`` reusing ``template``'s regions (same structure).

    Only region detection is skipped; counts, summaries and terms are computed afresh
    (``tests/test_session_cache.py`` checks the result equals a fresh index). Returns
    None — build from scratch — if the template does not fit the snapshot.
    """
    if not template.regions or template.regions[-1].stop > len(snap.nodes):
        return None
    try:
        return IndexedPage(snap, regions=template.regions)
    except (AttributeError, TypeError, KeyError, IndexError) as exc:
        logger.debug("region cache refresh fell back to a full index: %r", exc)
        return None
