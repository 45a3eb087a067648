#!/usr/bin/env bash
# Stop Adminer's PHP server (its own process group), then the shared MariaDB unless
# WordPress still runs.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
run="$here/../.run"
pid="$run/adminer.pid"
[ -f "$pid" ] && kill -- "-$(cat "$pid")" 2>/dev/null || true
rm -f "$pid"
if [ ! -f "$run/wordpress.pid" ] || ! kill -0 "$(cat "$run/wordpress.pid")" 2>/dev/null; then
  bash "$here/../wordpress/mariadb.sh" stop
fi
