#!/usr/bin/env bash
# Prefect 3 (pinned) in its own venv; its SQLite database and PREFECT_HOME live under
# bench/apps/.data/prefect (env.sh holds every setting: loopback only, no telemetry, no
# background services). seed.py fills the database deterministically through Prefect's
# server models (fixed ids, run names and timestamps): 12 flows, 14 deployments, 4 work
# pools, 67 flow runs in every state with task runs, logs and artifacts, 8 blocks,
# 7 variables, concurrency limits and 4 automations. Idempotent.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="$here/../.venvs/prefect"
source "$here/env.sh"
mkdir -p "$prefect_data" "$PREFECT_HOME"
if ! "$venv/bin/python" -c "from importlib.metadata import version as v; import sys; sys.exit(v('prefect') != '3.9.1')" 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q "prefect==3.9.1" "sqlalchemy==2.1.9" "aiosqlite==0.22.1"
fi
if [ ! -f "$prefect_data/seeded" ]; then
  (cd "$prefect_data" && "$venv/bin/python" "$here/seed.py") > "$prefect_data/seed.log" 2>&1 \
    || { echo "seeding failed; see $prefect_data/seed.log" >&2; exit 1; }
  touch "$prefect_data/seeded"
fi
