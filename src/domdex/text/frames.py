"""Text inside iframes: read too, as sections of their own after the page's.

Why: webmail bodies, embedded documents and comment widgets live in frames, and a
read that skipped them would lose content. Frames too small to read (trackers, 1×1
pixels, hidden ad slots) and frames that failed to load are skipped; frames smaller
than ``MAIN_SIZE`` (ads, buttons, widgets) are read as boilerplate. A frame's sections
carry the frame's URL in ``Section.frame`` and a ``[frame: title]`` path prefix; their
xpaths are relative to the frame's own document (``page.frame_locator(...)``).
"""

from __future__ import annotations

import dataclasses
import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..capture.deadline import evaluate_in, frame_deadline, with_deadline
from .scripts import script
from .sections import BOILERPLATE, Section, build_sections

logger = logging.getLogger("domdex")

#: Frames smaller than this (px²) are not read at all.
MIN_AREA = 100 * 40
#: A frame is main content only when it is at least this wide and tall (a webmail
#: body, an embedded document); standard ad slots (300×250, 300×600, 728×90) are not.
MAIN_SIZE = (400, 250)


@dataclass(frozen=True)
class VisibleFrame:
    """A child frame worth reading, with its size on the page."""

    frame: Any
    width: float
    height: float

    @property
    def large(self) -> bool:
        return self.width >= MAIN_SIZE[0] and self.height >= MAIN_SIZE[1]


async def visible_frames(page: Any) -> list[VisibleFrame]:
    """Child frames (any depth) that are displayed and big enough to read."""
    from ..capture import as_async

    main = getattr(getattr(page, "main_frame", None), "_impl_obj", None)
    found = []
    for frame in [as_async(f) for f in getattr(page, "frames", [])]:
        # as_async: a sync-API user's cached frame wrappers would block our event loop
        if getattr(frame, "_impl_obj", frame) is main or frame.is_detached() \
                or frame.url.startswith("chrome-error:"):
            continue  # a frame that failed to load shows the browser's error page
        try:
            seconds = frame_deadline(frame)
            handle = await with_deadline(frame.frame_element(), seconds, frame.url)
            box = await with_deadline(handle.bounding_box(), seconds, frame.url)
        except Exception:  # detached while we looked, cross-process and gone, or stuck
            logger.debug("frame %s has no element box", frame.url, exc_info=True)
            continue
        if box and box["width"] * box["height"] >= MIN_AREA:
            found.append(VisibleFrame(frame, box["width"], box["height"]))
    return found


async def frame_fingerprints(frames: Sequence[VisibleFrame]) -> str:
    """The frames' part of a page fingerprint ("" for a page without frames)."""
    parts = []
    for f in frames:
        try:
            found = await evaluate_in(f.frame, script("fingerprint"), what="fingerprint")
            parts.append(found["fingerprint"])
        except Exception:  # gone, or did not answer in time (FrameUnanswered)
            parts.append("?")
    return "".join(f"|{p}" for p in parts)


async def frame_sections(frames: Sequence[VisibleFrame]) -> list[Section]:
    """The sections of every frame, labelled by frame (ids are assigned by the caller)."""
    out: list[Section] = []
    for f in frames:
        try:
            raw = json.loads(await evaluate_in(f.frame, script("extract"), {}, what="extract"))
        except Exception:  # gone, or did not answer in time (FrameUnanswered): left out
            logger.debug("frame %s could not be read", f.frame.url, exc_info=True)
            continue
        label = f"[frame: {raw.get('title') or raw.get('url') or f.frame.url}]"
        for s in build_sections(raw):
            out.append(
                dataclasses.replace(
                    s,
                    path=(label, *s.path),
                    kind=s.kind if f.large else BOILERPLATE,
                    frame=raw.get("url") or f.frame.url,
                )
            )
    return out


def renumber(sections: Sequence[Section]) -> tuple[Section, ...]:
    """Ids ``s1…sN`` in reading order, after frames were appended."""
    return tuple(dataclasses.replace(s, id=f"s{n}") for n, s in enumerate(sections, 1))
