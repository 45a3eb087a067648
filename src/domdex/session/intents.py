"""What an agent meant by a ref: the intent cache, and element descriptors.

When a ref goes stale — a framework re-render replaced the node — the ref itself
says nothing about which element the agent wanted. So every time a ref is handed
out (by find, or when an action succeeds), the tab remembers an :class:`Intent`: the
query that found it (if any) and a :class:`Fingerprint` of the element — role, name,
region, heading, neighbours, stable attributes, xpath. Recovery re-matches that
description against a fresh capture (:mod:`domdex.session.recovery`).

The cache is per tab, bounded (LRU) and expires entries (TTL): an intent from ten
minutes ago describes a page the agent has long stopped looking at.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..index import roles
from ..index.identity import Identity, identify
from ..index.labels import label

if TYPE_CHECKING:
    from ..index import PageIndex

__all__ = ["TOGGLE_STATES", "Fingerprint", "Intent", "IntentCache", "describe", "toggled"]

#: Attributes that identify an element across re-renders when a site sets them.
STABLE_ATTRS = ("id", "name", "type", "href", "data-testid", "aria-label", "placeholder")
NEIGHBOURS = 2


@dataclass(frozen=True, slots=True)
class Fingerprint:
    """How a person would point at an element again after the page re-rendered:
    what it is, where it is, and what tells it apart from its look-alikes. (Not find's
    :class:`~domdex.search.descriptors.Descriptor`, which is how a request meets it.)"""

    role: str
    name: str
    tag: str
    region: str = ""  # "MAIN Checkout" — landmark and name, not the id (ids shift)
    heading: str = ""
    before: tuple[str, ...] = ()  # labels of the nearest controls before, nearest first
    after: tuple[str, ...] = ()
    attrs: tuple[tuple[str, str], ...] = ()
    xpath: str = ""
    value: str = ""
    #: what tells it apart from its look-alikes: its row's (item's) key words
    identity: Identity = field(default_factory=Identity)
    #: its toggle states as seen (:func:`toggled`), None once domdex clicked it itself
    toggled: tuple[str, ...] | None = None

    def to_dict(self) -> dict[str, Any]:
        i = self.identity
        return {"role": self.role, "name": self.name, "tag": self.tag, "region": self.region,
                "heading": self.heading, "before": list(self.before),
                "after": list(self.after), "attrs": dict(self.attrs), "xpath": self.xpath,
                "item": i.item, "key": list(i.key), "value_key": list(i.value_key),
                "look_alikes": i.twins, "look_alike_index": i.twin_index}


def _region_label(idx: PageIndex, ref: str) -> str:
    r = idx.region_of(ref)
    return f"{r.landmark} {r.name}".strip() if r else ""


def _neighbours(idx: PageIndex, pos: int, step: int) -> tuple[str, ...]:
    """Labels of the nearest interactive elements in one direction, same region."""
    out: list[str] = []
    region = idx.region_of_pos(pos)
    i = pos + step
    while 0 <= i < len(idx.nodes) and len(out) < NEIGHBOURS:
        if idx.region_of_pos(i) is not region:
            break
        n = idx.nodes[i]
        if n.visible and roles.is_interactive(n):
            out.append(label(n))
        i += step
    return tuple(out)


def describe(idx: PageIndex, ref: str, *, identity: bool = True) -> Fingerprint:
    """The descriptor of the element ``ref`` in capture ``idx`` (``identity=False``
    skips its row key, for candidates that are only scored)."""
    node = idx.node(ref)
    pos = idx.pos(node.ref)
    heading = idx.heading_of(node.ref)
    attrs = tuple((k, node.attrs[k]) for k in STABLE_ATTRS if node.attrs.get(k))
    return Fingerprint(
        role=roles.display_role(node), name=label(node), tag=node.tag,
        region=_region_label(idx, node.ref),
        heading=label(heading) if heading is not None else "",
        before=_neighbours(idx, pos, -1), after=_neighbours(idx, pos, 1),
        attrs=attrs, xpath=idx.xpath(node.ref), value=node.value or "",
        identity=identify(idx, pos) if identity else Identity(),
        toggled=toggled(node),
    )


#: The states a click flips: what a toggle button, a box or a disclosure shows.
TOGGLE_STATES = frozenset({"checked", "mixed", "pressed", "expanded", "collapsed"})


def toggled(node: Any) -> tuple[str, ...]:
    """The toggle states of ``node`` (:data:`TOGGLE_STATES`), sorted: () for a button
    that is not pressed, ("pressed",) once it is."""
    return tuple(sorted(TOGGLE_STATES & set(node.states)))


@dataclass(slots=True)
class Intent:
    """A ref handed to the agent: what found it and what it pointed at."""

    ref: str
    document_id: str
    descriptor: Fingerprint
    query: str | None = None
    intent: str | None = None
    score: float | None = None
    at: float = field(default_factory=time.monotonic)
    #: the page's address when the ref was handed out (a route of a one-page app)
    url: str = ""


class IntentCache:
    """Per-tab intents by ref: bounded LRU with a time-to-live."""

    def __init__(self, max_entries: int = 256, ttl: float = 600.0) -> None:
        self.max_entries = max_entries
        self.ttl = ttl
        self._items: OrderedDict[tuple[str, str], Intent] = OrderedDict()

    def __len__(self) -> int:
        return len(self._items)

    def remember(self, intent: Intent) -> None:
        key = (intent.document_id, intent.ref)
        old = self._items.pop(key, None)
        if old is not None and intent.query is None and old.query is not None:
            # An action on a found ref keeps the query that found it.
            intent.query, intent.intent, intent.score = old.query, old.intent, old.score
        self._items[key] = intent
        while len(self._items) > self.max_entries:
            self._items.popitem(last=False)

    def get(self, document_id: str, ref: str) -> Intent | None:
        key = (document_id, ref)
        item = self._items.get(key)
        if item is None:
            return None
        if time.monotonic() - item.at > self.ttl:
            del self._items[key]
            return None
        self._items.move_to_end(key)
        return item

    def forget_document(self, document_id: str) -> None:
        for key in [k for k in self._items if k[0] == document_id]:
            del self._items[key]

    def clear(self) -> None:
        self._items.clear()
