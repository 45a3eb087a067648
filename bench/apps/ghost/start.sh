#!/usr/bin/env bash
# Serve the seeded Ghost site (public site on /, admin on /ghost/) on 127.0.0.1:8116 only,
# from bench/apps/.data/ghost (its config.production.json); wait (at most 120 s) until it
# answers.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/../lib.sh"
source "$here/env.sh"
url="$GHOST_URL/ghost/api/admin/site/"
if up "$url"; then exit 0; fi
cd "$ghost_data"
setsid "$node" current/index.js > "$run/ghost.log" 2>&1 &
started ghost "$url"
