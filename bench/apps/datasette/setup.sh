#!/usr/bin/env bash
# Datasette (pinned) in its own venv, over a seeded SQLite database. Idempotent.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="$here/../.venvs/datasette"
data="$here/../.data/datasette"
mkdir -p "$data"
if [ ! -x "$venv/bin/datasette" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q "datasette==0.65.5"
fi
if [ ! -f "$data/shop.db" ]; then
  "$venv/bin/python" "$here/seed.py" "$data/shop.db.tmp" && mv "$data/shop.db.tmp" "$data/shop.db"
fi
