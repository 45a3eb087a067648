#!/usr/bin/env bash
# Serve the Trac bench environment on 127.0.0.1:8109 only with tracd (single environment
# at the root); wait (at most 120 s) until it answers.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/../lib.sh"
url="http://127.0.0.1:8109/wiki"
if up "$url"; then exit 0; fi
"$here/../.venvs/tracker/bin/tracd" --hostname 127.0.0.1 --port 8109 --single-env \
  "$here/../.data/tracker/env" > "$run/tracker.log" 2>&1 &
started tracker "$url"
