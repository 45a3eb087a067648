#!/usr/bin/env bash
# Serve the Prefect 3 server (API and its React UI, /v2) on 127.0.0.1:8114 only, over the
# seeded SQLite database in .data/prefect, with the settings of env.sh (no telemetry, no
# scheduler or other service that would rewrite the seeded runs); wait (at most 120 s)
# until it answers.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/../lib.sh"
source "$here/env.sh"
url="http://127.0.0.1:8114/api/health"
if up "$url"; then exit 0; fi
mkdir -p "$PREFECT_HOME"
cd "$prefect_data"
setsid "$here/../.venvs/prefect/bin/prefect" server start --host 127.0.0.1 --port 8114 \
  --no-services > "$run/prefect.log" 2>&1 &
started prefect "$url"
