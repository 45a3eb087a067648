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

from . import fields
from .errors import RefError, SnapshotError

SCHEMA_VERSION = 1

#: States a node may carry. ``hidden`` is not here: it is ``Node.visible``.
STATES = frozenset(
    {"checked", "mixed", "selected", "expanded", "collapsed", "disabled", "required",
     "focused", "readonly", "pressed", "invalid", "multiple", "modal"}
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
    def from_any(cls, data: Any, where: str = "box") -> Box | None:
        """``[x, y, width, height]`` or ``{x, y, width, height}``; finite numbers, sizes
        at least 0, everything clamped to the largest page Chromium lays out."""
        if data is None:
            return None
        if isinstance(data, Mapping):
            keys = ("x", "y", "width", "height")
            raw = [data.get(k, 0) for k in keys]
            names = [f"{where}.{k}" for k in keys]
        else:
            raw = list(fields.sequence(data, where))
            if len(raw) != 4:
                raise fields.malformed(where, "[x, y, width, height]", data)
            names = [f"{where}[{i}]" for i in range(4)]
        x, y = (fields.number(v, n) for v, n in zip(raw[:2], names[:2], strict=True))
        w, h = (fields.number(v, n, 0.0) for v, n in zip(raw[2:], names[2:], strict=True))
        return cls(x, y, w, h)

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
    def from_any(cls, data: Any, where: str = "option") -> Option:
        """``[label, value, selected, disabled]`` (the last ones optional) or a dict."""
        if isinstance(data, Mapping):
            raw = [data.get(k) for k in ("label", "value", "selected", "disabled")]
            names = [f"{where}.{k}" for k in ("label", "value", "selected", "disabled")]
        else:
            raw = list(fields.sequence(data, where))
            if not 1 <= len(raw) <= 4:
                raise fields.malformed(where, "[label, value, selected, disabled]", data)
            raw += [None] * (4 - len(raw))
            names = [f"{where}[{i}]" for i in range(4)]
        return cls(fields.text(raw[0], names[0]), fields.text(raw[1], names[1]),
                   fields.flag(raw[2], names[2], False), fields.flag(raw[3], names[3], False))


#: The state sets read so far, one object each: most nodes have none or the same few,
#: and 128k empty frozensets of their own took 26 MB (a frozenset is 216 bytes).
_STATE_SETS: dict[frozenset[str], frozenset[str]] = {}


def _state_set(states: list[str]) -> frozenset[str]:
    made = frozenset(states)
    if len(_STATE_SETS) > 4096:  # a page of odd state words cannot grow it for ever
        return made
    return _STATE_SETS.setdefault(made, made)


@dataclass(slots=True)
class Node:
    """One element kept by capture (or one entry of a foreign snapshot).

    ``text`` is the visible text a person reads in the element: for text blocks
    (paragraphs, list items, cells, headings, links, buttons …) their whole text,
    whitespace-collapsed and capped; for plain containers only their own direct text;
    a structural element inside a text block (an ``<article>`` or ``<footer>`` in an
    ``<li>``) its whole text too, which its block does not repeat.
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
    def from_dict(cls, d: Mapping[str, Any], where: str = "node") -> Node:
        """A node from its dict; a field of the wrong type is a SnapshotError naming it."""
        f = fields
        d = f.mapping(d, where)
        parent = d.get("parent")
        options = d.get("options")
        return cls(
            ref=_ref(d.get("ref"), f"{where}.ref"),
            parent=None if parent is None else _ref(parent, f"{where}.parent"),
            tag=f.text(d.get("tag"), f"{where}.tag"),
            role=f.text(d.get("role"), f"{where}.role"),
            name=f.text(d.get("name"), f"{where}.name"),
            value=f.optional_text(d.get("value"), f"{where}.value"),
            text=f.text(d.get("text"), f"{where}.text"),
            level=f.level(d.get("level"), f"{where}.level"),
            states=_state_set(f.text_list(d.get("states"), f"{where}.states")),
            attrs=f.text_map(d.get("attrs"), f"{where}.attrs"),
            options=None if options is None else [
                Option.from_any(o, f"{where}.options[{i}]")
                for i, o in enumerate(f.sequence(options, f"{where}.options"))],
            box=Box.from_any(d.get("box"), f"{where}.box"),
            visible=f.flag(d.get("visible"), f"{where}.visible", True),
            in_viewport=f.flag(d.get("in_viewport"), f"{where}.in_viewport", False),
            frame=f.text(d.get("frame"), f"{where}.frame"),
            index=1 if d.get("index") is None else f.integer(
                d["index"], f"{where}.index", 1, f.MAX_COUNT),
            description=f.text(d.get("description"), f"{where}.description"),
        )

    # Convenience predicates used across layers ---------------------------------
    def has(self, state: str) -> bool:
        return state in self.states


@dataclass(frozen=True, slots=True)
class FrameInfo:
    """A frame captured into the snapshot: ``owner`` is the ref of its iframe element.

    ``document_id`` is the frame's document when it was captured (a frame keeps its id
    ``f1`` when it loads another document, and the new document's refs restart from
    ``f1e1``): the session refuses a frame's refs once it differs from the view the agent
    was shown. Live state (what the frame registry held at the capture): not serialised,
    and not compared.
    """

    id: str
    url: str
    owner: str | None = None
    name: str = ""
    document_id: str = field(default="", compare=False)

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "url": self.url, "owner": self.owner, "name": self.name}


#: A declared language is a short tag ("zh-Hant-TW"); anything longer is cut.
LANGUAGE_CHARS = 35


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
    #: the language the document declares (``<html lang>``: "de", "pt-BR"), "" for none
    language: str = ""
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
        if self.language:
            d["language"] = self.language
        if self.left_out:
            d["left_out"] = [f.to_dict() for f in self.left_out]
        return d

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=indent)

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Snapshot:
        """A snapshot from its dict; every field is checked (see :mod:`domdex.fields`)."""
        f = fields
        if not isinstance(d, Mapping) or "nodes" not in d:
            raise SnapshotError("A domdex snapshot is a JSON object with a 'nodes' list.")
        schema = f.integer(d.get("schema", SCHEMA_VERSION), "schema", 0, SCHEMA_VERSION + 1)
        if schema > SCHEMA_VERSION:
            raise SnapshotError(
                f"This snapshot uses schema {d['schema']}; this domdex reads up to "
                f"{SCHEMA_VERSION}. Upgrade domdex."
            )
        vw, vh = f.pair(d.get("viewport"), "viewport", 0, f.MAX_COUNT) or (1280, 800)
        snap = cls(
            url=f.text(d.get("url"), "url"),
            title=f.text(d.get("title"), "title"),
            language=f.text(d.get("language"), "language")[:LANGUAGE_CHARS],
            viewport=(int(vw), int(vh)),
            scroll=f.pair(d.get("scroll"), "scroll", -f.MAX_PIXELS, f.MAX_PIXELS) or (0.0, 0.0),
            ready_state=f.text(d.get("ready_state"), "ready_state", "complete"),
            document_id=f.text(d.get("document_id"), "document_id"),
            captured_at=f.number(d.get("captured_at", 0.0), "captured_at", -1e12, 1e12),
            source=f.text(d.get("source"), "source", "domdex"),
            nodes=[Node.from_dict(n, f"nodes[{i}]")
                   for i, n in enumerate(f.sequence(d["nodes"], "nodes"))],
            frames=_frames(d.get("frames"), "frames"),
            left_out=_frames(d.get("left_out"), "left_out"),
            page_size=f.pair(d.get("page_size"), "page_size", 0, f.MAX_PIXELS),
        )
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


def _ref(value: Any, where: str) -> str:
    """A node's ref in canonical form (``E5`` → ``e5``); the index finds nodes by it."""
    if isinstance(value, str):
        try:
            return parse_ref(value)
        except RefError:
            pass
    raise fields.malformed(where, "a ref such as 'e12' or 'f1e3'", value)


def _frames(data: Any, where: str) -> list[FrameInfo]:
    out = []
    for i, raw in enumerate(fields.sequence(data or [], where)):
        at = f"{where}[{i}]"
        item = fields.mapping(raw, at)
        if item.get("id") is None:
            raise fields.malformed(f"{at}.id", "a frame id such as 'f1'", None)
        out.append(FrameInfo(fields.text(item["id"], f"{at}.id"),
                             fields.text(item.get("url"), f"{at}.url"),
                             fields.optional_text(item.get("owner"), f"{at}.owner"),
                             fields.text(item.get("name"), f"{at}.name")))
    return out
