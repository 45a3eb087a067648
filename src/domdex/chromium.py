"""Where Chromium is and how to start it on a machine with a closed network.

Debian's Chromium is the default (``playwright install`` cannot download a browser on
such machines); ``DOMDEX_CHROMIUM`` or an explicit path override it. Headless, its
*headless shell* (Debian's ``chromium-headless-shell``) is preferred when installed, as
Playwright prefers its own: the shell is Chromium's engine without the browser around
it, and it opens a tab in a third of the time and acts with about half the CPU
(``bench/headless_shell.py``); a headed browser, or a machine without the shell, gets
``/usr/bin/chromium``. The flags stop Chromium's background connections, which a closed
network refuses many at a time, and let it run as root in containers.
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
    # a frame of another site in its own renderer process, as desktop Chromium does by
    # default and its headless shell does not: a frame whose script spins must not
    # stop the page around it from answering
    "--site-per-process",
]

DEFAULT_VIEWPORT = (1280, 800)


#: Where Debian puts the headless shell (its ``/usr/bin`` name is a shell script that
#: starts this; Playwright is given the binary itself).
HEADLESS_SHELLS = ("/usr/lib/chromium/chromium-headless-shell",)


def find_chromium(explicit: str | os.PathLike[str] | None = None, *,
                  headless: bool = True) -> str | None:
    """The Chromium executable to use, or ``None`` to let Playwright use its own.

    ``headless``: the headless shell when it is installed (see the module's docstring);
    False for a browser with windows, or one other programs connect to as a user's own.
    """
    for candidate in (explicit, os.environ.get("DOMDEX_CHROMIUM")):
        if candidate:
            return str(candidate)
    for name in HEADLESS_SHELLS if headless else ():
        if Path(name).exists():
            return name
    for name in ("/usr/bin/chromium", "/usr/bin/chromium-browser"):
        if Path(name).exists():
            return name
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    return found
