#!/usr/bin/env bash
# Install everything domdex needs on a fresh Debian machine, idempotently:
# Debian's chromium, its headless shell (what domdex launches headless: lighter) and
# python3.11-doc (Playwright cannot download a browser here),
# a virtual environment in .venv, and the package with its dev dependencies.
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()
command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || need_apt+=(chromium)
[ -f /usr/share/doc/python3.11/html/library/os.html ] || need_apt+=(python3.11-doc)
if [ ${#need_apt[@]} -gt 0 ]; then
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    echo "setup: installing Debian packages: ${need_apt[*]}"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need_apt[@]}" >/dev/null
fi
# the headless shell is optional: without it domdex launches chromium itself (slower)
if [ ! -x /usr/lib/chromium/chromium-headless-shell ]; then
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    echo "setup: installing Debian's chromium-headless-shell"
    { $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq \
        -o DPkg::Lock::Timeout=600 --no-install-recommends chromium-headless-shell >/dev/null; } ||
        echo "setup: chromium-headless-shell could not be installed; domdex uses chromium"
fi

PY="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
    echo "setup: creating .venv"
    "$PY" -m venv .venv
fi
stamp=.venv/.domdex-installed
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
    echo "setup: installing domdex and its dependencies into .venv"
    .venv/bin/pip install -q --upgrade pip >/dev/null
    .venv/bin/pip install -q -e '.[dev]'
    touch "$stamp"
fi
