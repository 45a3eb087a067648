#!/usr/bin/env bash
# Trac 1.6 (pinned) with TracAccountManager (a login form) in its own venv; the Trac
# environment lives under bench/apps/.data/tracker/env. seed.py configures it and seeds a
# software project's tracker through Trac's API: 13 users (look-alike first names),
# components, milestones, versions, priorities, severities, ~150 tickets with comments and
# changes, wiki pages. Idempotent.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="$here/../.venvs/tracker"
data="$(cd "$here/.." && pwd)/.data/tracker"
mkdir -p "$data"
if [ ! -x "$venv/bin/tracd" ] || ! "$venv/bin/python" -c "import acct_mgr" 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q "trac==1.6" "TracAccountManager==0.6.0"
fi
if [ ! -f "$data/seeded" ]; then
  rm -rf "$data/env"
  "$venv/bin/trac-admin" "$data/env" initenv "Quillpad" "sqlite:db/trac.db" > /dev/null
  "$venv/bin/python" "$here/seed.py" "$data/env" "trac-bench-2024"
  "$venv/bin/trac-admin" "$data/env" upgrade > /dev/null
  # a fresh environment has no sessions: the harness's saved login would be stale
  rm -f "$here/../.state/tracker.json"
  touch "$data/seeded"
fi
