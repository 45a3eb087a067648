#!/usr/bin/env bash
# Serve JupyterLab on 127.0.0.1:8107 only (no token, no browser, no network); wait (at most
# 120 s) until it answers. Every start begins from the same state: the workspace files are
# copied afresh from the seed, and saved layouts (workspaces), user settings and
# checkpoints are wiped, so /lab/tree/<path> always opens the same way.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/../lib.sh"
data="$(cd "$here/.." && pwd)/.data/jupyterlab"
url="http://127.0.0.1:8107/api/status"
if up "$url"; then exit 0; fi
rm -rf "$data/work" "$data/config" "$data/share" "$data/runtime"
cp -a "$data/seed" "$data/work"
mkdir -p "$data/config" "$data/share" "$data/runtime"
export JUPYTER_CONFIG_DIR="$data/config" JUPYTER_DATA_DIR="$data/share" \
  JUPYTER_RUNTIME_DIR="$data/runtime" JUPYTER_PLATFORM_DIRS=1 JUPYTER_NO_CONFIG=""
"$here/../.venvs/jupyterlab/bin/jupyter-lab" --config="$here/jupyter_lab_config.py" \
  --ServerApp.root_dir="$data/work" > "$run/jupyterlab.log" 2>&1 &
started jupyterlab "$url"
