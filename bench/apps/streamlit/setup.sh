#!/usr/bin/env bash
# Streamlit (pinned) in its own venv; the app (app.py) seeds its 25 work orders itself, so
# the only data is a config-free home folder under .data/streamlit. Idempotent.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="$here/../.venvs/streamlit"
data="$here/../.data/streamlit"
mkdir -p "$data"
if ! "$venv/bin/python" -c "import streamlit, sys; sys.exit(streamlit.__version__ != '1.67.0')" 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q "streamlit==1.67.0"
fi
