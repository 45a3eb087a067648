"""Frames that never answer (issue 13 §2): capture, read and the overview go on without them.

The fixture page (tests/pages/capture/stuck-frames.html) has a frame whose request is never
answered (it never commits a document), srcdoc / about:blank / empty frames, and, with
JavaScript on, two cross-site frames whose scripts spin for ever, one of which the page
removes while capture waits on it. Each test fails by hanging past its outer bound, or by
a wrong snapshot; none asserts on time.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import pytest

import domdex.capture.deadline as deadline
from domdex.browser import async_attach
from domdex.capture.deadline import FrameUnanswered, with_deadline
from domdex.snapshot import FrameInfo, Snapshot

pytestmark = pytest.mark.browser

#: An outer bound only so that a regression fails instead of hanging the suite.
HANG = 120.0


@pytest.fixture(autouse=True)
def _short_frame_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two seconds a frame, not five: the frames that must answer here answer in
    milliseconds, and the suite need not wait out the full deadline five times."""
    monkeypatch.setattr(deadline, "FRAME_DEADLINE", 2.0)


async def _context(domdex_browser: Any, *, javascript: bool) -> Any:
    browser = domdex_browser.async_browser.playwright_browser
    context = await browser.new_context(java_script_enabled=javascript)
    release = asyncio.Event()  # set by _close: the held requests are then aborted

    async def hold(route: Any) -> None:
        await release.wait()
        with contextlib.suppress(Exception):  # the page may be gone by then
            await route.abort()

    await context.route("**/never*.html", hold)
    context.domdex_release = release
    return context


async def _close(context: Any) -> None:
    context.domdex_release.set()
    await asyncio.sleep(0.1)
    await context.close()


def test_with_deadline_gives_up_on_what_never_answers(run_async: Any) -> None:
    async def go() -> None:
        with pytest.raises(FrameUnanswered, match="did not answer the capture"):
            await with_deadline(asyncio.sleep(30), 0.05, "http://x/", what="capture")
        assert await with_deadline(asyncio.sleep(0, result=7), 5) == 7

    run_async(go())


def test_left_out_frames_survive_json() -> None:
    snap = Snapshot(url="http://x/", left_out=[FrameInfo("f2", "", "e4", "ad")])
    back = Snapshot.from_dict(snap.to_dict())
    assert back.left_out == snap.left_out
    assert "left_out" not in Snapshot(url="http://x/").to_dict()


def test_javascript_off_frames_that_never_load(domdex_browser: Any, run_async: Any,
                                               server: str) -> None:
    async def go() -> None:
        context = await _context(domdex_browser, javascript=False)
        try:
            pw_page = await context.new_page()
            await pw_page.goto(f"{server}/capture/stuck-frames.html",
                               wait_until="domcontentloaded")
            page = await async_attach(pw_page)
            snap = await asyncio.wait_for(page.capture(), HANG)
            assert any(n.name == "Still here" and n.role == "button" for n in snap.nodes)
            assert [f.owner for f in snap.left_out] == [_ref(snap, "never")]
            assert any(n.text == "Inline frame text" for n in snap.nodes) or any(
                f.url == "about:srcdoc" for f in snap.frames)
            overview = str(await asyncio.wait_for(page.overview(), HANG))
            assert "1 frame did not answer and was left out" in overview
            # Again (the stuck frame now gets a shorter deadline), and read() too.
            again = await asyncio.wait_for(page.capture(incremental=False), HANG)
            assert len(again.left_out) == 1
            text = str(await asyncio.wait_for(page.read(), HANG))
            assert "The page itself answers" in text
            # what one call learnt of the stuck frame, the next call of any kind uses
            shortened = [f for f in pw_page.frames
                         if deadline.frame_deadline(f) < deadline.FRAME_DEADLINE]
            assert len(shortened) == 1 and shortened[0].parent_frame is not None
        finally:
            await _close(context)

    run_async(go())


def test_spinning_frame_and_frame_removed_mid_capture(domdex_browser: Any, run_async: Any,
                                                      server: str) -> None:
    async def go() -> None:
        context = await _context(domdex_browser, javascript=True)
        try:
            pw_page = await context.new_page()
            await pw_page.goto(f"{server}/capture/stuck-frames.html",
                               wait_until="domcontentloaded")
            for frame in pw_page.frames:
                if frame.url.endswith("/spin.html"):
                    await frame.wait_for_load_state("load")
            await asyncio.sleep(0.3)  # the spin starts 50 ms after each frame's load
            await pw_page.evaluate("removeDoomedSoon()")
            page = await async_attach(pw_page)
            snap = await asyncio.wait_for(page.capture(), HANG)
            assert any(n.name == "Still here" for n in snap.nodes)
            owners = sorted(f.owner or "" for f in snap.left_out)
            assert owners == sorted([_ref(snap, "never"), _ref(snap, "spin")])
            # The main document was read before the removal: its <iframe> may be listed,
            # but the removed frame is neither captured nor reported as not answering.
            doomed = [n.ref for n in snap.nodes if n.attrs.get("id") == "doomed"]
            assert not any(f.owner in doomed for f in snap.frames)
            assert not any(n.name == "Unreachable" for n in snap.nodes)
            overview = str(await asyncio.wait_for(page.overview(), HANG))
            assert "2 frames did not answer and were left out" in overview
        finally:
            await _close(context)

    run_async(go())


def _ref(snap: Snapshot, element_id: str) -> str:
    found = [n.ref for n in snap.nodes if n.attrs.get("id") == element_id]
    assert len(found) == 1, (element_id, found)
    return found[0]
