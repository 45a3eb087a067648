"""Where Chromium is and how to start it on a machine with a closed network.

Debian's ``/usr/bin/chromium`` is the default (``playwright install`` cannot download a
browser on such machines); ``DOMDEX_CHROMIUM`` or an explicit path override it. The
flags stop Chromium's background connections, which a closed network refuses many at a
time, and let it run as root in containers.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-default-apps",
    "--disable-extensions",
]

DEFAULT_VIEWPORT = (1280, 800)


def find_chromium(explicit: str | os.PathLike[str] | None = None) -> str | None:
    """The Chromium executable to use, or ``None`` to let Playwright use its own."""
    for candidate in (explicit, os.environ.get("DOMDEX_CHROMIUM")):
        if candidate:
            return str(candidate)
    for name in ("/usr/bin/chromium", "/usr/bin/chromium-browser"):
        if Path(name).exists():
            return name
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    return found
