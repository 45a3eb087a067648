#!/usr/bin/env bash
# Gradio (pinned) in its own venv; the app (app.py) builds its content itself, so there is
# nothing to seed beyond an empty upload/cache folder. Idempotent.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="$here/../.venvs/gradio"
data="$here/../.data/gradio"
mkdir -p "$data/tmp"
if ! "$venv/bin/python" -c "import gradio, sys; sys.exit(gradio.__version__ != '6.31.0')" 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q "gradio==6.31.0"
fi
