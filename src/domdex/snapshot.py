"""The snapshot model: a page captured as plain data.

A :class:`Snapshot` is what every layer above capture works on. It is plain data: it
round-trips through JSON, needs no browser, and is the fixture format of the test
suite. Nodes come in document order (a parent always before its children) and point
at their parent by ref, so the tree is rebuilt in one pass.

Refs are short (``e12``; ``f1e3`` inside frame ``f1``). Agents write them in several
ways (``@e12``, ``@ref:12``, ``ref=e12``, ``[ref=e12]``); :func:`parse_ref` accepts all
of them and returns the canonical form.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import RefError, SnapshotError

SCHEMA_VERSION = 1

#: States a node may carry. ``hidden`` is not here: it is ``Node.visible``.
STATES = frozenset(
    {"checked", "mixed", "selected", "expanded", "collapsed", "disabled", "required",
     "focused", "readonly", "pressed", "invalid", "multiple"}
)

_REF_RE = re.compile(r"^(?:f(?P<frame>\d+))?e(?P<num>\d+)$")
# ``s1e3`` is the form older Playwright MCP snapshots use; kept as written.
_REF_LOOSE = re.compile(
    r"^\[?\s*(?:@?ref\s*[:=]\s*|@)?\s*(?P<ref>(?:[fs]\d+)?e?\d+)\s*\]?$", re.IGNORECASE
)


def parse_ref(text: str) -> str:
    """Return the canonical ref (``e12``, ``f1e3``) for the forms agents write.

    Accepts ``e12``, ``@e12``, ``@ref:12``, ``ref=e12``, ``[ref=e12]`` and ``12``.
    Raises :class:`RefError` for anything else.
    """
    if not isinstance(text, str):
        raise RefError(f"A ref must be a string such as 'e12', not {type(text).__name__}.")
    m = _REF_LOOSE.match(text.strip())
    if not m:
        raise RefError(
            f"{text!r} is not a ref. Refs look like 'e12' (or '@e12', 'ref=e12', "
            "'f1e3' inside a frame).",
            ref=text,
        )
    raw = m.group("ref").lower()
    if raw[0].isdigit():
        raw = "e" + raw
    elif raw[0] in "fs" and "e" not in raw:
        raise RefError(f"{text!r} is not a ref: a frame ref looks like 'f1e3'.", ref=text)
    return raw


def is_ref(text: str) -> bool:
    """True when ``text`` is a ref in one of the accepted forms."""
    try:
        parse_ref(text)
    except RefError:
        return False
    return True


def ref_frame(ref: str) -> str:
    """The frame prefix of a canonical ref: ``""`` for the main frame, ``"f1"`` …"""
    m = _REF_RE.match(ref)
    return f"f{m.group('frame')}" if m and m.group("frame") else ""


@dataclass(frozen=True, slots=True)
class Box:
    """A bounding box in CSS pixels, in document coordinates of the top-level page."""

    x: float
    y: float
    width: float
    height: float

    def to_list(self) -> list[float]:
        return [round(self.x, 1), round(self.y, 1), round(self.width, 1), round(self.height, 1)]

    @classmethod
    def from_any(cls, data: Any) -> Box | None:
        if data is None:
            return None
        if isinstance(data, Mapping):
            return cls(float(data.get("x", 0)), float(data.get("y", 0)),
                       float(data.get("width", 0)), float(data.get("height", 0)))
        x, y, w, h = data
        return cls(float(x), float(y), float(w), float(h))

    @property
    def center(self) -> tuple[float, float]:
        return (self.x + self.width / 2, self.y + self.height / 2)


@dataclass(frozen=True, slots=True)
class Option:
    """One option of a ``<select>``, listbox or datalist."""

    label: str
    value: str = ""
    selected: bool = False
    disabled: bool = False

    def to_list(self) -> list[Any]:
        return [self.label, self.value, int(self.selected), int(self.disabled)]

    @classmethod
    def from_any(cls, data: Any) -> Option:
        if isinstance(data, Mapping):
            return cls(str(data.get("label", "")), str(data.get("value", "")),
                       bool(data.get("selected")), bool(data.get("disabled")))
        label, value, selected, *rest = list(data) + [0] * (4 - len(data))
        return cls(str(label), str(value), bool(selected), bool(rest[0]) if rest else False)


@dataclass(slots=True)
class Node:
    """One element kept by capture (or one entry of a foreign snapshot).

    ``text`` is the visible text a person reads in the element: for text blocks
    (paragraphs, list items, cells, headings, links, buttons …) their whole text,
    whitespace-collapsed and capped; for plain containers only their own direct text.
    ``attrs`` holds only what an agent needs (id, class, name, type, placeholder,
    href, title, alt, aria-* that matter …), never the page's whole attribute set.
    ``index`` is the 1-based position among same-tag siblings, for xpaths.
    """

    ref: str
    parent: str | None
    tag: str
    role: str = ""
    name: str = ""
    value: str | None = None
    text: str = ""
    level: int | None = None
    states: frozenset[str] = frozenset()
    attrs: dict[str, str] = field(default_factory=dict)
    options: list[Option] | None = None
    box: Box | None = None
    visible: bool = True
    in_viewport: bool = False
    frame: str = ""
    index: int = 1
    description: str = ""

    def to_dict(self) -> dict[str, Any]:
        """Compact dict: defaults are left out, so fixtures stay small."""
        d: dict[str, Any] = {"ref": self.ref, "parent": self.parent, "tag": self.tag}
        if self.role:
            d["role"] = self.role
        if self.name:
            d["name"] = self.name
        if self.value is not None:
            d["value"] = self.value
        if self.text:
            d["text"] = self.text
        if self.level is not None:
            d["level"] = self.level
        if self.states:
            d["states"] = sorted(self.states)
        if self.attrs:
            d["attrs"] = dict(self.attrs)
        if self.options is not None:
            d["options"] = [o.to_list() for o in self.options]
        if self.box is not None:
            d["box"] = self.box.to_list()
        if not self.visible:
            d["visible"] = False
        if self.in_viewport:
            d["in_viewport"] = True
        if self.frame:
            d["frame"] = self.frame
        if self.index != 1:
            d["index"] = self.index
        if self.description:
            d["description"] = self.description
        return d

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Node:
        try:
            options = d.get("options")
            return cls(
                ref=str(d["ref"]),
                parent=d.get("parent"),
                tag=str(d.get("tag", "")),
                role=str(d.get("role", "")),
                name=str(d.get("name", "")),
                value=None if d.get("value") is None else str(d["value"]),
                text=str(d.get("text", "")),
                level=None if d.get("level") is None else int(d["level"]),
                states=frozenset(d.get("states", ())),
                attrs={str(k): str(v) for k, v in (d.get("attrs") or {}).items()},
                options=None if options is None else [Option.from_any(o) for o in options],
                box=Box.from_any(d.get("box")),
                visible=bool(d.get("visible", True)),
                in_viewport=bool(d.get("in_viewport", False)),
                frame=str(d.get("frame", "")),
                index=int(d.get("index", 1)),
                description=str(d.get("description", "")),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise SnapshotError(
                f"A snapshot node is malformed ({exc!r}): {dict(d)!r:.200}") from exc

    # Convenience predicates used across layers ---------------------------------
    def has(self, state: str) -> bool:
        return state in self.states


@dataclass(frozen=True, slots=True)
class FrameInfo:
    """A frame captured into the snapshot: ``owner`` is the ref of its iframe element."""

    id: str
    url: str
    owner: str | None = None
    name: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "url": self.url, "owner": self.owner, "name": self.name}


@dataclass(slots=True)
class Snapshot:
    """A captured page: metadata plus nodes in document order.

    ``document_id`` changes whenever the page loads a new document, so a ref from a
    previous document can be refused instead of acting on whatever now has its number.
    ``source`` says where the data came from: ``"domdex"`` (our capture),
    ``"aria-yaml"`` or ``"ax-tree"`` (foreign snapshots, which lack boxes and tags).
    """

    url: str = ""
    title: str = ""
    viewport: tuple[int, int] = (1280, 800)
    scroll: tuple[float, float] = (0.0, 0.0)
    ready_state: str = "complete"
    document_id: str = ""
    captured_at: float = 0.0
    source: str = "domdex"
    nodes: list[Node] = field(default_factory=list)
    frames: list[FrameInfo] = field(default_factory=list)
    page_size: tuple[float, float] | None = None
    #: child frames that did not answer capture in time and were left out
    left_out: list[FrameInfo] = field(default_factory=list)
    _by_ref: dict[str, Node] | None = field(default=None, repr=False, compare=False)

    def __iter__(self) -> Iterator[Node]:
        return iter(self.nodes)

    def __len__(self) -> int:
        return len(self.nodes)

    def get(self, ref: str) -> Node | None:
        """The node with canonical ``ref``, or ``None``."""
        if self._by_ref is None:
            self._by_ref = {n.ref: n for n in self.nodes}
        return self._by_ref.get(ref)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "schema": SCHEMA_VERSION,
            "url": self.url,
            "title": self.title,
            "viewport": list(self.viewport),
            "scroll": list(self.scroll),
            "ready_state": self.ready_state,
            "document_id": self.document_id,
            "captured_at": self.captured_at,
            "source": self.source,
            "frames": [f.to_dict() for f in self.frames],
            "nodes": [n.to_dict() for n in self.nodes],
        }
        if self.page_size is not None:
            d["page_size"] = list(self.page_size)
        if self.left_out:
            d["left_out"] = [f.to_dict() for f in self.left_out]
        return d

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=indent)

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Snapshot:
        if not isinstance(d, Mapping) or "nodes" not in d:
            raise SnapshotError("A domdex snapshot is a JSON object with a 'nodes' list.")
        if d.get("schema", SCHEMA_VERSION) > SCHEMA_VERSION:
            raise SnapshotError(
                f"This snapshot uses schema {d['schema']}; this domdex reads up to "
                f"{SCHEMA_VERSION}. Upgrade domdex."
            )
        nodes = d["nodes"]
        if not isinstance(nodes, list):
            raise SnapshotError("A snapshot's 'nodes' must be a list.")
        try:
            vw, vh = d.get("viewport") or (1280, 800)
            sx, sy = d.get("scroll") or (0, 0)
            page_size = d.get("page_size")
            snap = cls(
                url=str(d.get("url", "")),
                title=str(d.get("title", "")),
                viewport=(int(vw), int(vh)),
                scroll=(float(sx), float(sy)),
                ready_state=str(d.get("ready_state", "complete")),
                document_id=str(d.get("document_id", "")),
                captured_at=float(d.get("captured_at", 0.0)),
                source=str(d.get("source", "domdex")),
                nodes=[Node.from_dict(n) for n in nodes],
                frames=[FrameInfo(str(f["id"]), str(f.get("url", "")), f.get("owner"),
                                  str(f.get("name", ""))) for f in d.get("frames", [])],
                left_out=[FrameInfo(str(f["id"]), str(f.get("url", "")), f.get("owner"),
                                    str(f.get("name", ""))) for f in d.get("left_out", [])],
                page_size=None if page_size is None else (float(page_size[0]),
                                                          float(page_size[1])),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise SnapshotError(f"A snapshot field is malformed: {exc!r}.") from exc
        snap.validate()
        return snap

    def validate(self) -> None:
        """Check refs are unique and parents come before children."""
        seen: set[str] = set()
        for n in self.nodes:
            if n.ref in seen:
                raise SnapshotError(f"Ref {n.ref!r} appears twice in the snapshot.")
            if n.parent is not None and n.parent not in seen:
                raise SnapshotError(
                    f"Node {n.ref!r} names parent {n.parent!r}, which does not come before it."
                )
            seen.add(n.ref)


def load_snapshot(data: str | bytes | Mapping[str, Any] | list[Any]) -> Snapshot:
    """Read a snapshot from JSON text, a dict, or a foreign format.

    Accepts domdex's own JSON (text or dict), Playwright MCP / aria-snapshot YAML text
    with ``[ref=…]`` markers, and Playwright accessibility-tree dicts
    (``page.accessibility.snapshot()`` or a list of ``AccessibilityRef``-like dicts).
    """
    from .formats import parse_foreign

    if isinstance(data, bytes):
        data = data.decode("utf-8", errors="replace")
    if isinstance(data, str):
        stripped = data.lstrip()
        if not stripped:
            raise SnapshotError("The snapshot is empty.")
        if stripped[0] in "{[":
            try:
                data = json.loads(stripped)
            except json.JSONDecodeError as exc:
                raise SnapshotError(
                    f"The snapshot looks like JSON but does not parse: {exc.msg} "
                    f"(line {exc.lineno}, column {exc.colno})."
                ) from exc
        else:
            return parse_foreign(data)
    if isinstance(data, Mapping) and "nodes" in data:
        return Snapshot.from_dict(data)
    if isinstance(data, bytes):  # unreachable: decoded above; keeps the type checker sure
        raise SnapshotError("The snapshot could not be decoded.")
    return parse_foreign(data)
