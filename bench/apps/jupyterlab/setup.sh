#!/usr/bin/env bash
# JupyterLab (pinned; its wheel ships the built front end) in its own venv, with a seeded
# workspace of folders, notebooks (saved outputs), CSVs, a script and a README. Idempotent.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="$here/../.venvs/jupyterlab"
data="$(cd "$here/.." && pwd)/.data/jupyterlab"
mkdir -p "$data"
if [ ! -x "$venv/bin/jupyter-lab" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q "jupyterlab==4.6.6"
fi
# Settings every user gets: no news, no update check, no network.
settings="$venv/share/jupyter/lab/settings"
mkdir -p "$settings"
cp "$here/overrides.json" "$settings/overrides.json"
# The pristine workspace; start.sh copies it to $data/work on every start.
if [ ! -f "$data/seed/README.md" ]; then
  rm -rf "$data/seed.tmp"
  "$venv/bin/python" "$here/seed.py" "$data/seed.tmp"
  rm -rf "$data/seed" && mv "$data/seed.tmp" "$data/seed"
fi
