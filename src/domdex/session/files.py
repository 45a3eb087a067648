"""Files a session writes: downloads, PDFs of a page, the saved login (storage state).

Everything lands in the browser's output directory (``--output-dir``; by default a new
directory under the system's temp dir, made only when the first file is written). A
download is saved under the name the server suggested, made safe and unique; the action
that triggered it reports its name, size and path, and :meth:`FilesMixin.download_list`
lists every download of the session.

A server (MCP, HTTP) writes only into its output directory: a tool may name the file,
never the directory, so a model cannot overwrite files elsewhere. The Python API and the
CLI daemon (whose callers are the user's own code and shell) may give any path.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import time
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..capture.deadline import evaluate_in
from ..errors import ActionError, DomdexError
from .messages import first_line
from .results import ActionResult, DownloadInfo, size_text

if TYPE_CHECKING:
    from ..options import BrowserOptions
    from .options import SessionOptions
    from .tabs import Tab

logger = logging.getLogger("domdex")

__all__ = ["DownloadsView", "FilesMixin", "safe_name"]

#: Seconds an action waits for a download it started to finish before answering.
DOWNLOAD_WAIT = 30.0
#: Seconds to wait for a download link's download to start after the click settled.
DOWNLOAD_START_WAIT = 3.0
#: Seconds a PDF may take to print.
PDF_DEADLINE = 60.0


def safe_name(name: str, default: str = "download") -> str:
    """A file name a page cannot use to escape the directory or hide its extension:
    no separators, no control or format characters, no leading dots, at most 120
    characters."""
    name = unicodedata.normalize("NFKC", str(name))
    name = "".join(c for c in name if unicodedata.category(c)[0] != "C")
    name = re.sub(r"[\\/:*?\"<>|]+", "_", name).strip(" .")
    if len(name) > 120:
        stem, dot, ext = name.rpartition(".")
        name = (stem[:110] + dot + ext[:9]) if dot and len(ext) < 10 else name[:120]
    return name or default


def unique(path: Path) -> Path:
    """``path``, or ``name (2).ext`` … when a file of that name is already there."""
    if not path.exists():
        return path
    for n in range(2, 10_000):
        candidate = path.with_name(f"{path.stem} ({n}){path.suffix}")
        if not candidate.exists():
            return candidate
    raise ActionError(f"Too many files named like {path.name} in {path.parent}.")


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


class FilesMixin:
    """Downloads, PDFs and storage state of :class:`~domdex.session.AsyncSession`."""

    options: SessionOptions
    browser_options: BrowserOptions
    downloads: list[DownloadInfo]
    _downloading: dict[int, asyncio.Task[Any]]
    _download_seq: int

    if TYPE_CHECKING:
        def tab(self, tab_id: str | None = None) -> Tab: ...
        def _context(self) -> Any: ...

    # Downloads -----------------------------------------------------------------------
    async def _on_download(self, tab: Tab, download: Any) -> None:
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
            path = unique(self.browser_options.output_path() / name)
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
        self.downloads.append(info)
        logger.info("download %s", info.line())

    async def _download_started(self, locator: Any, seq: int) -> None:
        """After a click on a link, if it is an ``<a download>`` (capture does not keep
        that attribute), wait briefly for its download to start: on a busy machine
        Playwright's event can come after the page settled, and the answer then said
        nothing of the file."""
        try:
            link = await evaluate_in(locator, "e => e.hasAttribute('download')",
                                     timeout=1000, deadline=2.0, what="download link")
        except Exception:  # the click took the element away: not a download link
            return
        if not link:
            return
        end = asyncio.get_running_loop().time() + DOWNLOAD_START_WAIT
        while self._download_seq <= seq and asyncio.get_running_loop().time() < end:
            await asyncio.sleep(0.05)

    async def _downloads_since(self, seq: int) -> list[DownloadInfo]:
        """Downloads started at or after ``seq``, waiting a while for unfinished ones."""
        if self._download_seq <= seq:
            return []
        pending = [t for k, t in self._downloading.items() if k >= seq and not t.done()]
        if pending:
            await asyncio.wait(pending, timeout=DOWNLOAD_WAIT)
        done = {d.seq: d for d in self.downloads if d.seq >= seq}
        out = []
        for k in range(seq, self._download_seq):
            if k in done:
                out.append(done[k])
            else:
                out.append(DownloadInfo(k, "(in progress)", str(self.browser_options
                                                                  .output_path()), "", "",
                                        done=False))
        return out

    def download_list(self) -> DownloadsView:
        """Every download of this session, oldest first."""
        return DownloadsView(sorted(self.downloads, key=lambda d: d.seq),
                             str(self.browser_options.output_dir or "the output directory"))

    # Files written on request -----------------------------------------------------------
    def output_file(self, name: str | None, default: str) -> Path:
        """Where a file the agent asked for goes: a bare name in the output directory;
        a path only where the session may write anywhere (not a server's)."""
        if not name:
            return unique(self.browser_options.output_path() / default)
        given = Path(str(name)).expanduser()
        if given.name == str(name) and given.name not in ("", ".", ".."):
            return self.browser_options.output_path() / safe_name(given.name, default)
        if self.options.urls.upload_roots is not None:
            raise ActionError(f"This server writes files only into its output directory "
                              f"({self.browser_options.output_path()}): give a file name "
                              f"without a directory, not {name!r}.")
        if not given.parent.is_dir():
            raise ActionError(f"Cannot write {name}: the directory {given.parent} does not "
                              "exist.")
        return given.resolve()

    async def pdf(self, path: str | None = None, *, tab: str | None = None) -> ActionResult:
        """The page printed to PDF (headless Chromium only), saved to ``path``."""
        from playwright.async_api import Error as PlaywrightError

        t = self.tab(tab)
        target = self.output_file(path, f"page-{time.strftime('%Y%m%d-%H%M%S')}.pdf")
        try:
            await asyncio.wait_for(t.pw.pdf(path=str(target), print_background=True),
                                   PDF_DEADLINE)
        except TimeoutError as exc:
            raise ActionError(f"The PDF took longer than {PDF_DEADLINE:g} s and was "
                              "stopped.") from exc
        except PlaywrightError as exc:
            why = first_line(exc)
            if "headless" in why.lower():
                raise ActionError("PDF needs headless Chromium; this browser shows its "
                                  "window (started with --headed or reached over CDP). Use "
                                  "screenshot instead.") from exc
            raise ActionError(f"Could not print the page to PDF: {why}.") from exc
        size = target.stat().st_size
        return ActionResult("pdf", url=t.pw.url,
                            message=f"PDF: saved {target} ({size_text(size)}).")

    async def save_storage_state(self, path: str | None = None) -> ActionResult:
        """Save cookies and local storage (the logins) to reuse with --storage-state."""
        target = self.output_file(path, "storage-state.json")
        context = self._context()
        try:
            try:
                state = await context.storage_state(path=str(target), indexed_db=True)
            except TypeError:  # Playwright before 1.51 keeps no IndexedDB in the state
                state = await context.storage_state(path=str(target))
        except Exception as exc:
            if isinstance(exc, DomdexError):
                raise
            raise ActionError(f"Could not save the storage state: {first_line(exc)}.") \
                from exc
        target.chmod(0o600)  # it holds session cookies: as private as a password
        cookies, origins = len(state.get("cookies", [])), len(state.get("origins", []))
        return ActionResult("save_storage_state", message=(
            f"STATE: saved {cookies} cookies and the storage of {origins} origins to "
            f"{target}. Start again with --storage-state {target} (or storage_state=) to be "
            "logged in; keep the file private."))
