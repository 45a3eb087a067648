"""The element-finder seed's API, on any snapshot: ours, aria YAML, accessibility trees.

The seed (``accessibility-element-finder``) finds elements by role, by name (exact or
partial), by text, and all interactive / clickable / fillable ones, and answers "find
one" and "find all, best first". Here the same calls run over any snapshot domdex
reads — a Playwright MCP ``[ref=…]`` YAML dump, ``page.accessibility.snapshot()``, our
own JSON — and ranking is :func:`domdex.find`'s, not the seed's keyword count.

The seed's error flow is kept: a snapshot that cannot be read is logged as an error
and gives ``None`` / ``[]``; an empty one is a warning; when nothing clears the
confidence bar, the available elements are logged so the caller sees what was there.
"""

from __future__ import annotations

import logging
from typing import Any

from ..errors import DomdexError
from ..index.labels import label
from ..index.roles import FILLABLE_ROLES
from ..snapshot import Node, Snapshot
from .descriptors import element_role
from .ranking import Match, find_matches

__all__ = ["CLICKABLE_ROLES", "FILLABLE_ROLES", "ElementFinder"]

log = logging.getLogger("domdex")

CLICKABLE_ROLES = frozenset({"button", "link", "checkbox", "radio", "switch", "tab", "menuitem",
                             "menuitemcheckbox", "menuitemradio", "option", "treeitem",
                             "combobox", "summary"})
#: Elements listed in the log when nothing matched.
LOG_AVAILABLE = 25


class ElementFinder:
    """Find elements in one snapshot the way the seed's ``SmartElementFinder`` does.

    ``source`` is a :class:`~domdex.snapshot.Snapshot`, a PageIndex, or anything
    :func:`domdex.load_snapshot` reads (JSON text, aria YAML text, an accessibility
    tree dict). A source that cannot be read leaves the finder empty (and logged).
    """

    def __init__(self, source: Any, min_confidence: float = 0.3) -> None:
        self.min_confidence = min_confidence
        self.index: Any = None
        try:
            self.index = _as_index(source)
        except DomdexError as exc:
            log.error("element finder: the snapshot could not be read: %s", exc)
            return
        if not self.index.nodes:
            log.warning("element finder: the snapshot is empty; nothing to find.")

    @property
    def nodes(self) -> list[Node]:
        return list(self.index.nodes) if self.index is not None else []

    # Filters (seed: AccessibilityTreeParser) ------------------------------------
    def find_by_role(self, role: str) -> list[Node]:
        """Elements whose role is ``role`` (``button``, ``link``, ``textbox`` …)."""
        role = role.lower()
        return [n for n in self.nodes if element_role(n) == role or n.role == role]

    def find_by_name(self, name: str, exact: bool = False) -> list[Node]:
        """Elements named ``name``: exactly (case-insensitive) or containing it."""
        want = " ".join(name.split()).lower()
        out = []
        for n in self.nodes:
            have = " ".join(label(n).split()).lower()
            if have and (have == want if exact else want in have):
                out.append(n)
        return out

    def find_by_text(self, text: str) -> list[Node]:
        """Elements whose name, value, description or text contains ``text``."""
        want = text.lower()
        return [n for n in self.nodes
                if any(want in (x or "").lower()
                       for x in (n.name, n.value, n.description, n.text))]

    def find_interactive(self) -> list[Node]:
        """Everything an agent can click or type into."""
        return [n for n in self.nodes if self.index.is_interactive(n)]

    def find_clickable(self) -> list[Node]:
        return [n for n in self.nodes if element_role(n) in CLICKABLE_ROLES]

    def find_fillable(self) -> list[Node]:
        return [n for n in self.nodes if element_role(n) in FILLABLE_ROLES]

    # Natural language (seed: SmartElementFinder) --------------------------------
    def find_all(self, description: str, role: str | None = None, intent: str | None = None,
                 limit: int = 10) -> list[Match]:
        """Every element matching ``description`` above the confidence bar, best first."""
        if self.index is None or not self.index.nodes:
            return []
        ranking = find_matches(self.index, description, role=role, intent=intent,
                               top_k=limit)
        kept = [m for m in ranking.matches if m.score >= self.min_confidence][:limit]
        if not kept:
            self._log_available(description)
        return kept

    def find_one(self, description: str, role: str | None = None,
                 intent: str | None = None) -> Match | None:
        """The best element for ``description``, or ``None`` (and a log of what exists)."""
        found = self.find_all(description, role=role, intent=intent, limit=1)
        return found[0] if found else None

    def _log_available(self, description: str) -> None:
        elements = self.find_interactive() or self.nodes
        listed = ", ".join(f"{element_role(n)} {label(n)[:40]!r} [{n.ref}]"
                           for n in elements[:LOG_AVAILABLE])
        more = f" (+{len(elements) - LOG_AVAILABLE} more)" if len(elements) > LOG_AVAILABLE else ""
        log.warning("element finder: nothing matches %r above confidence %.2f. Available: "
                    "%s%s", description, self.min_confidence, listed, more)


def _as_index(source: Any) -> Any:
    from ..index import build_index

    if hasattr(source, "tree") and hasattr(source, "regions"):
        return source
    if isinstance(source, Snapshot):
        return build_index(source)
    from ..formats import load_snapshot

    return build_index(load_snapshot(source))
