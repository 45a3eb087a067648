"""Files a session writes on request: PDFs of a page, the saved login (storage state),
and the names every file it writes gets (downloads too: :mod:`domdex.session.downloads`).

Everything lands in the browser's output directory (``--output-dir``; by default a new
directory under the system's temp dir, made only when the first file is written).

A server (MCP, HTTP) writes only into its output directory: a tool may name the file,
never the directory, so a model cannot overwrite files elsewhere. The Python API and the
CLI daemon (whose callers are the user's own code and shell) may give any path.
"""

from __future__ import annotations

import asyncio
import re
import time
import unicodedata
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import ActionError, DomdexError
from .messages import first_line
from .results import ActionResult, size_text

if TYPE_CHECKING:
    from .options import SessionOptions
    from .revive import BrowserLink
    from .tab import Tab
    from .tabs import TabRegistry

__all__ = ["Files", "safe_name", "unique"]

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


class Files:
    """Files written on request, into the output directory of ``link``'s browser; a path
    elsewhere only where ``options``' URL policy lets the caller write anywhere. The
    storage state is that of ``tabs``' context."""

    def __init__(self, link: BrowserLink, options: SessionOptions,
                 tabs: TabRegistry) -> None:
        self.link = link
        self.options = options
        self.tabs = tabs

    def output_file(self, name: str | None, default: str) -> Path:
        """Where a file the agent asked for goes: a bare name in the output directory;
        a path only where the session may write anywhere (not a server's)."""
        if not name:
            return unique(self.link.options.output_path() / default)
        given = Path(str(name)).expanduser()
        if given.name == str(name) and given.name not in ("", ".", ".."):
            return self.link.options.output_path() / safe_name(given.name, default)
        if self.options.urls.upload_roots is not None:
            raise ActionError(f"This server writes files only into its output directory "
                              f"({self.link.options.output_path()}): give a file name "
                              f"without a directory, not {name!r}.")
        if not given.parent.is_dir():
            raise ActionError(f"Cannot write {name}: the directory {given.parent} does not "
                              "exist.")
        return given.resolve()

    async def pdf(self, t: Tab, path: str | None = None) -> ActionResult:
        """The page printed to PDF (headless Chromium only), saved to ``path``."""
        from playwright.async_api import Error as PlaywrightError

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
        context = self.tabs.context()
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
