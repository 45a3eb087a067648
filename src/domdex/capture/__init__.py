"""Capture: one in-page pass per frame, turned into a :class:`~domdex.snapshot.Snapshot`.

``capture.js`` (package data) walks a frame's composed tree once and returns a JSON
string: that is several times faster than returning nested arrays through Playwright,
and lets a 16k-element page come back in tens of milliseconds. Each Playwright frame
is captured on its own (cross-origin frames included); the frames are stitched back
into one snapshot in document order, each frame's nodes right after its ``<iframe>``
and prefixed with a frame id (``f1e3``) that stays the same for the life of the
Playwright ``Frame``.

Re-captures are incremental: the page state behind ``Symbol.for("domdex")`` keeps the
last capture's rows and a MutationObserver (document and open shadow roots); the next
capture re-walks only the subtrees that changed (from the nearest kept element whose
row cannot change its parent's), re-emits rows whose names reach elsewhere (ancestors
of a re-walked subtree, labels, ``aria-labelledby``/``-describedby``), re-reads every
box only when the layout may have moved, and returns a patch that
:func:`_apply_patch` splices into the last snapshot (refs and document order kept).
Pages with child frames, another document, many mutations, a change at the top,
style sheets that changed or loaded, ``:has()`` styles or a resized viewport get a
full pass (rules added through the CSSOM included). Known blind spots: a rule's
declarations edited through the CSSOM, and running animations (boxes).

Everything here works on Playwright's *async* objects; the sync API reaches it
through :mod:`domdex.browser`.
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import hashlib
import itertools
import json
import logging
import time
import weakref
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from ..errors import BrowserError
from ..gcpause import paused_gc
from ..snapshot import LANGUAGE_CHARS, Box, FrameInfo, Node, Snapshot
from . import deadline as _dl
from . import listeners
from .asyncapi import as_async
from .deadline import FrameUnanswered, evaluate_in, with_deadline
from .rows import FLAGS, REF, content_origin, rows_to_nodes

__all__ = [
    "FrameRegistry",
    "as_async",
    "capture_page",
    "capture_script",
    "engine_script",
    "frame_document_id",
]

log = logging.getLogger("domdex")

#: How long a text or name may be before capture cuts it with "…".
MAX_TEXT = 300
MAX_OPTIONS = 200

_OWNER_REF_JS = """(el) => {
  const s = el.ownerDocument.defaultView[Symbol.for("domdex")];
  return s && s.doc === el.ownerDocument ? s.peek(el) : null;
}"""
_DOCUMENT_ID_JS = """() => {
  const s = window[Symbol.for("domdex")];
  return s && s.doc === document ? s.documentId : null;
}"""


@functools.cache
def capture_script() -> str:
    """The text of capture.js, read once from package data."""
    return resources.files(__package__).joinpath("capture.js").read_text(encoding="utf-8")


#: Where a frame keeps the capture function once it has run there, under a key naming
#: this capture.js: later captures call it (compiled and optimised by then) instead of
#: sending the script and compiling it again; 10-30 % of the in-page time of a re-capture.
_RUN_JS = """(arg) => {
  const c = window[Symbol.for("domdex.capture")];
  return c && c.key === arg.key ? c.run(arg) : null;
}"""


@functools.cache
def _installing_script() -> tuple[str, str]:
    """capture.js's key, and a script that runs capture.js and keeps it in the frame."""
    text = capture_script().strip()
    key = hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
    return key, (
        "(arg) => {\n  const run = " + text + ";\n"
        '  Object.defineProperty(window, Symbol.for("domdex.capture"), {\n'
        "    value: Object.freeze({ key: arg.key, run }),\n"
        "    enumerable: false, configurable: true });\n"
        "  return run(arg);\n}")


@functools.cache
def engine_script() -> str:
    """The text of the ``domdex`` selector engine (engine.js)."""
    return resources.files(__package__).joinpath("engine.js").read_text(encoding="utf-8")


@dataclass
class _Live:
    """The last capture as capture.js remembers it (``seq``), for a patch to apply to."""

    seq: int
    document_id: str
    snapshot: Snapshot
    #: refs of rows rendered without a size of their own (visible through their kids)
    sizeless: set[str]


@dataclass
class FrameRegistry:
    """Frame ids (``f1``, ``f2`` …) that stay the same for the life of each Frame.

    Keyed weakly on Playwright's internal frame object, so a detached frame's id is
    forgotten with it and never handed to another frame.
    """

    _ids: weakref.WeakKeyDictionary[Any, str] = field(default_factory=weakref.WeakKeyDictionary)
    _frames: dict[str, weakref.ref[Any]] = field(default_factory=dict)
    _counter: itertools.count[int] = field(default_factory=lambda: itertools.count(1))
    #: document id of each frame id at its last capture ("" for the main frame)
    documents: dict[str, str] = field(default_factory=dict)
    #: what the next incremental capture patches (None: the next capture is full)
    live: _Live | None = None
    #: captures answered with a patch / in full (for tests and benchmarks)
    patched: int = 0
    full: int = 0
    full_reason: str = ""

    def id_for(self, frame: Any) -> str:
        key = getattr(frame, "_impl_obj", frame)
        fid = self._ids.get(key)
        if fid is None:
            fid = f"f{next(self._counter)}"
            self._ids[key] = fid
            self._frames[fid] = weakref.ref(key)
        return fid

    def frame_for(self, fid: str) -> Any | None:
        """The live async Frame with id ``fid``, or None when it is gone."""
        ref = self._frames.get(fid)
        impl = ref() if ref else None
        if impl is None or impl.is_detached():
            return None
        from playwright.async_api import Frame

        return Frame(impl)


async def _evaluate_frame(frame: Any, live: _Live | None = None,
                          deadline: float | None = None) -> dict[str, Any]:
    """Run capture.js in one frame; one retry when a navigation swaps the context.

    With ``live`` (the frame's last capture) the script may answer with a patch. A frame
    that does not answer within ``deadline`` (:func:`~.deadline.frame_deadline` by
    default) raises :class:`~.deadline.FrameUnanswered`.
    """
    key, install = _installing_script()
    arg: dict[str, Any] = {"maxText": MAX_TEXT, "maxOptions": MAX_OPTIONS, "key": key}
    if live is not None:
        arg["seq"] = live.seq
        arg["doc"] = live.document_id
    for attempt in (1, 2):
        try:
            text = await evaluate_in(frame, _RUN_JS, arg, deadline=deadline, what="capture")
            if text is None:  # the first capture in this frame's window (or a new capture.js)
                if frame.parent_frame is None:  # its window's listener probe, once too
                    await listeners.install(as_async(frame.page))
                text = await evaluate_in(frame, install, arg, deadline=deadline, what="capture")
            with paused_gc():
                data: dict[str, Any] = json.loads(text)
            return data
        except FrameUnanswered:
            raise
        except Exception as exc:  # Playwright raises its own Error type for both cases
            if attempt == 2 or "context was destroyed" not in str(exc):
                raise
            log.debug("capture: context replaced during capture of %s; retrying", frame.url)
            await asyncio.sleep(0.05)
    raise AssertionError("unreachable")


async def frame_document_id(frame: Any) -> str | None:
    """The document id capture gave the frame's current document, if any."""
    result: str | None = await evaluate_in(frame, _DOCUMENT_ID_JS)
    return result


@dataclass
class _FrameCapture:
    frame: Any
    fid: str
    parent_fid: str | None
    data: dict[str, Any] | None = None
    owner_local: str | None = None
    #: the frame (or its parent, for the owner lookup) did not answer in time
    unanswered: bool = False


def _walk_frames(main: Any, registry: FrameRegistry) -> list[_FrameCapture]:
    """Every frame under ``main`` with its id, parents before children."""
    out: list[_FrameCapture] = []
    queue: list[tuple[Any, str]] = [(as_async(c), "") for c in main.child_frames]
    while queue:
        frame, parent_fid = queue.pop(0)
        if frame.is_detached():
            continue
        fid = registry.id_for(frame)
        out.append(_FrameCapture(frame, fid, parent_fid))
        queue.extend((as_async(c), fid) for c in frame.child_frames)
    return out


async def _capture_child(fc: _FrameCapture, deadline: float) -> None:
    """Capture one child frame; one that does not answer by ``deadline`` is marked."""
    try:
        handle = await with_deadline(fc.frame.frame_element(), deadline, fc.frame.url)
        try:
            fc.owner_local = await evaluate_in(handle, _OWNER_REF_JS, deadline=deadline)
        finally:
            await with_deadline(handle.dispose(), deadline, fc.frame.url)
        fc.data = await _evaluate_frame(fc.frame, deadline=deadline)
    except FrameUnanswered as exc:
        log.info("capture: frame %s left out: %s", fc.fid, exc)
        fc.data = None
        fc.unanswered = not fc.frame.is_detached()  # a frame removed meanwhile is just gone
        _dl.answered(fc.frame, False)  # its element or its owner lookup did not answer
    except Exception as exc:  # a frame that detaches or navigates mid-capture is left out
        log.debug("capture: frame %s (%s) left out: %s", fc.fid, fc.frame.url, exc)
        fc.data = None


async def capture_page(page: Any, registry: FrameRegistry | None = None, *,
                       incremental: bool = True) -> Snapshot:
    """Capture every frame of an async Playwright ``page`` into one Snapshot.

    With ``incremental`` (and a registry that saw the last capture of a page without
    child frames) the page re-walks only the subtrees that changed since that capture
    and the result is the last snapshot patched: the same snapshot a full capture
    gives. Anything the page cannot vouch for (another document, many mutations, a
    change at the top, hover/focus on a page whose styles react to them) makes it a
    full capture.
    """
    registry = registry if registry is not None else FrameRegistry()
    page = as_async(page)
    started = time.perf_counter()
    main_frame = as_async(page.main_frame)
    live = registry.live if incremental else None
    if live is not None and main_frame.child_frames:
        live = None
    registry.live = None
    try:
        main = await _evaluate_frame(main_frame, live)
    except Exception as exc:
        raise BrowserError(
            f"Could not capture {page.url}: {str(exc).splitlines()[0]}. "
            "If the page is still loading, wait for it and capture again."
        ) from exc
    if main.get("patch") and live is not None:
        try:
            with paused_gc():
                snap, sizeless = _apply_patch(live, main)
        except (KeyError, IndexError, TypeError, ValueError) as exc:  # never a wrong snapshot
            log.warning("capture: patch did not apply (%r); capturing in full", exc)
            return await capture_page(page, registry, incremental=False)
        registry.documents[""] = main["doc"]
        registry.live = _Live(main["seq"], main["doc"], snap, sizeless)
        registry.patched += 1
        log.debug("capture: patched %d splices, %d rows, %d boxes in %.1f ms (in page %s ms)",
                  len(main["splices"]), len(main["rows"]), len(main["boxes"]),
                  (time.perf_counter() - started) * 1000, main.get("ms"))
        return snap
    # The main frame must be captured first: child captures look up the <iframe> refs.
    children = _walk_frames(main_frame, registry)
    await asyncio.gather(*(_capture_child(fc, _dl.frame_deadline(fc.frame))
                           for fc in children))
    with paused_gc():
        snap = _assemble(main, children, registry)
    registry.full += 1
    registry.full_reason = str(main.get("full"))
    if not snap.frames and main.get("seq"):
        sizeless = {f"e{row[REF]}" for row in main["nodes"] if row[FLAGS] & 4}
        registry.live = _Live(main["seq"], main["doc"], snap, sizeless)
    log.debug("capture: %d nodes, %d frames in %.1f ms (in page %s ms; full: %s)",
              len(snap.nodes), len(snap.frames), (time.perf_counter() - started) * 1000,
              main.get("ms"), main.get("full"))
    return snap


def _apply_patch(live: _Live, data: dict[str, Any]) -> tuple[Snapshot, set[str]]:
    """The last snapshot with a patch from capture.js applied (main frame only).

    The patch has ``splices`` ([first ref, old row count, new rows]: a re-walked
    subtree), ``rows`` (rows re-emitted in place) and ``boxes`` ([ref, box, flags]: a
    row whose box or visibility alone changed); nodes nothing touched are shared with
    the last snapshot.
    """
    prev = live.snapshot
    sx, sy = float(data["sx"]), float(data["sy"])
    vw, vh = int(data["vw"]), int(data["vh"])
    view = (sx, sy, float(vw), float(vh))
    strings = data["strings"]
    nodes = list(prev.nodes)
    pos = {n.ref: i for i, n in enumerate(nodes)}
    sizeless = set(live.sizeless)

    def convert(rows: list[list[Any]]) -> list[Node]:
        for row in rows:
            ref = f"e{row[REF]}"
            if row[FLAGS] & 4:
                sizeless.add(ref)
            else:
                sizeless.discard(ref)
        return rows_to_nodes(rows, origin=(sx, sy), viewport=view, strings=strings)

    for row in data["rows"]:
        i = pos[f"e{row[REF]}"]
        nodes[i] = convert([row])[0]
    for num, raw, flags in data["boxes"]:
        ref = f"e{num}"
        if flags & 4:
            sizeless.add(ref)
        else:
            sizeless.discard(ref)
        i = pos[ref]
        nodes[i] = dataclasses.replace(nodes[i], box=Box(raw[0] + sx, raw[1] + sy, raw[2], raw[3]),
                                       visible=bool(flags & 1))
    for num, count, rows in sorted(data["splices"], key=lambda s: -pos[f"e{s[0]}"]):
        i = pos[f"e{num}"]
        for n in nodes[i:i + count]:
            sizeless.discard(n.ref)
        nodes[i:i + count] = convert(rows)
    # Visibility of size-less containers and in_viewport (the page may have scrolled).
    right, bottom = sx + vw, sy + vh
    shown: set[str] = set()
    for i in range(len(nodes) - 1, -1, -1):
        n = nodes[i]
        own = n.ref not in sizeless
        visible = n.visible if own else n.ref in shown
        if visible and n.parent in sizeless:
            shown.add(n.parent)  # type: ignore[arg-type]
        b = n.box
        in_viewport = (own and visible and b is not None and b.x < right and b.x + b.width > sx
                       and b.y < bottom and b.y + b.height > sy)
        if visible != n.visible or in_viewport != n.in_viewport:
            nodes[i] = dataclasses.replace(n, visible=visible, in_viewport=in_viewport)
    snap = Snapshot(
        url=data["url"], title=data["title"], language=data.get("lang", "")[:LANGUAGE_CHARS],
        viewport=(vw, vh), scroll=(sx, sy),
        ready_state=data["ready"], document_id=data["doc"], captured_at=time.time(),
        nodes=nodes, frames=[], page_size=(float(data["pw"]), float(data["ph"])),
    )
    return snap, sizeless


def _assemble(main: dict[str, Any], children: list[_FrameCapture],
              registry: FrameRegistry) -> Snapshot:
    """Stitch frames into one node list, each frame right after its iframe."""
    sx, sy = float(main["sx"]), float(main["sy"])
    vw, vh = int(main["vw"]), int(main["vh"])
    view = (sx, sy, float(vw), float(vh))
    nodes = rows_to_nodes(main["nodes"], origin=(sx, sy), viewport=view,
                          strings=main["strings"])
    registry.documents[""] = main["doc"]
    if not children:  # one frame: nothing to stitch
        return Snapshot(
            url=main["url"], title=main["title"], language=main.get("lang", "")[:LANGUAGE_CHARS],
            viewport=(vw, vh), scroll=(sx, sy),
            ready_state=main["ready"], document_id=main["doc"], captured_at=time.time(),
            nodes=nodes, frames=[], page_size=(float(main["pw"]), float(main["ph"])),
        )
    rows_by_ref: dict[str, list[Any]] = {f"e{row[REF]}": row for row in main["nodes"]}
    by_ref: dict[str, Node] = {n.ref: n for n in nodes}
    inserts: dict[str, list[Node]] = {}
    frames: list[FrameInfo] = []
    left_out: list[FrameInfo] = []
    for fc in children:
        if fc.data is None:
            if fc.unanswered:
                owner = (fc.parent_fid or "") + fc.owner_local if fc.owner_local else None
                left_out.append(FrameInfo(fc.fid, fc.frame.url, owner, fc.frame.name))
            continue
        prefix = fc.parent_fid or ""
        owner = prefix + fc.owner_local if fc.owner_local else None
        owner_node = by_ref.get(owner) if owner else None
        origin = content_origin(rows_by_ref.get(owner) if owner else None,
                                owner_node.box if owner_node else None)
        frame_nodes = rows_to_nodes(
            fc.data["nodes"], frame=fc.fid, origin=origin, viewport=view, owner=owner,
            owner_visible=owner_node.visible if owner_node else False,
            strings=fc.data["strings"])
        registry.documents[fc.fid] = fc.data["doc"]
        for row in fc.data["nodes"]:
            rows_by_ref[f"{fc.fid}e{row[REF]}"] = row
        for n in frame_nodes:
            by_ref[n.ref] = n
        frames.append(FrameInfo(fc.fid, fc.data["url"], owner, fc.frame.name,
                                fc.data["doc"]))
        if owner_node is not None:
            inserts.setdefault(owner_node.ref, []).extend(frame_nodes)
        else:
            inserts.setdefault("", []).extend(frame_nodes)
    if inserts:
        nodes = _splice(nodes, inserts)
    return Snapshot(
        url=main["url"], title=main["title"], language=main.get("lang", "")[:LANGUAGE_CHARS],
        viewport=(vw, vh), scroll=(sx, sy),
        ready_state=main["ready"], document_id=main["doc"], captured_at=time.time(),
        nodes=nodes, frames=frames, page_size=(float(main["pw"]), float(main["ph"])),
        left_out=left_out,
    )


def _splice(nodes: list[Node], inserts: dict[str, list[Node]]) -> list[Node]:
    """Put each frame's nodes right after its owner (recursively for nested frames)."""
    out: list[Node] = []

    def emit(seq: list[Node]) -> None:
        for n in seq:
            out.append(n)
            extra = inserts.pop(n.ref, None)
            if extra:
                emit(extra)

    emit(nodes)
    for rest in inserts.values():  # frames whose owner was not captured
        out.extend(rest)
    return out
