"""Downloads a page starts: each saved into the browser's output directory under the
name the server suggested, made safe and unique (:func:`~domdex.session.files.safe_name`).
The action that triggered one reports its name, size and path; :class:`Downloads` keeps
every download of the session, which ``downloads`` lists.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..capture.deadline import evaluate_in
from .files import safe_name, unique
from .messages import first_line
from .results import DownloadInfo

if TYPE_CHECKING:
    from .revive import BrowserLink
    from .tab import Tab

logger = logging.getLogger("domdex")

__all__ = ["Downloads", "DownloadsView"]

#: Seconds an action waits for a download it started to finish before answering.
DOWNLOAD_WAIT = 30.0
#: Seconds to wait for a download link's download to start after the click settled.
DOWNLOAD_START_WAIT = 3.0


@dataclass(slots=True)
class DownloadsView:
    """Every download of the session (names are the page's words: fenced)."""

    downloads: list[DownloadInfo]
    directory: str

    def render_parts(self, max_tokens: int | None = None) -> tuple[list[str], list[str]]:
        if not self.downloads:
            return [], [f"DOWNLOADS: none yet (they go to {self.directory})."]
        return ([d.line() for d in self.downloads],
                [f"DOWNLOADS: {len(self.downloads)} in {self.directory}"])

    def render(self, max_tokens: int | None = None) -> str:
        page, advice = self.render_parts(max_tokens)
        return "\n".join([*advice, *page])

    def __str__(self) -> str:
        return self.render()

    def to_dict(self) -> dict[str, Any]:
        return {"directory": self.directory,
                "downloads": [d.to_dict() for d in self.downloads]}


class Downloads:
    """Every download of the session, saved into the output directory of ``link``'s
    browser (read when a download lands: a relaunched browser keeps the options)."""

    def __init__(self, link: BrowserLink) -> None:
        self.link = link
        self.items: list[DownloadInfo] = []
        self._downloading: dict[int, asyncio.Task[Any]] = {}
        self._download_seq = 0

    @property
    def next_seq(self) -> int:
        """The number the next download will get: an action's downloads are those from
        the number it saw before acting."""
        return self._download_seq

    async def on_download(self, tab: Tab, download: Any) -> None:
        """Save a download the page started (Playwright's ``download`` event)."""
        seq = self._download_seq
        self._download_seq += 1
        task = asyncio.current_task()
        if task is not None:
            self._downloading[seq] = task
        name = safe_name(getattr(download, "suggested_filename", "") or "")
        url = str(getattr(download, "url", ""))
        path = Path(name)
        try:
            path = unique(self.link.options.output_path() / name)
            await download.save_as(str(path))
            info = DownloadInfo(seq, name, str(path), url, tab.id, size=path.stat().st_size)
        except Exception as exc:  # no output dir, a cancelled or failed download
            failure = None
            with contextlib.suppress(Exception):  # the page or context is gone
                failure = await download.failure()
            info = DownloadInfo(seq, name, str(path), url, tab.id,
                                error=failure or first_line(exc))
        finally:
            self._downloading.pop(seq, None)
        self.items.append(info)
        logger.info("download %s", info.line())

    async def started(self, locator: Any, seq: int) -> None:
        """After a click on a link, if it is an ``<a download>`` (capture does not keep
        that attribute), wait briefly for its download to start: on a busy machine
        Playwright's event can come after the page settled, and the answer then said
        nothing of the file."""
        try:
            download_link = await evaluate_in(
                locator, "e => e.hasAttribute('download')", timeout=1000, deadline=2.0,
                what="download link")
        except Exception:  # the click took the element away: not a download link
            return
        if not download_link:
            return
        end = asyncio.get_running_loop().time() + DOWNLOAD_START_WAIT
        while self._download_seq <= seq and asyncio.get_running_loop().time() < end:
            await asyncio.sleep(0.05)

    async def since(self, seq: int) -> list[DownloadInfo]:
        """Downloads started at or after ``seq``, waiting a while for unfinished ones."""
        if self._download_seq <= seq:
            return []
        pending = [t for k, t in self._downloading.items() if k >= seq and not t.done()]
        if pending:
            await asyncio.wait(pending, timeout=DOWNLOAD_WAIT)
        done = {d.seq: d for d in self.items if d.seq >= seq}
        out = []
        for k in range(seq, self._download_seq):
            if k in done:
                out.append(done[k])
            else:
                out.append(DownloadInfo(k, "(in progress)", str(self.link.options
                                                                  .output_path()), "", "",
                                        done=False))
        return out

    def download_list(self) -> DownloadsView:
        """Every download of this session, oldest first."""
        return DownloadsView(sorted(self.items, key=lambda d: d.seq),
                             str(self.link.options.output_dir or "the output directory"))

    def view(self) -> DownloadsView:
        """Every download of this session, oldest first."""
        return DownloadsView(sorted(self.items, key=lambda d: d.seq),
                             str(self.link.options.output_dir or "the output directory"))
