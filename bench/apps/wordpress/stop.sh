#!/usr/bin/env bash
# Stop WordPress's PHP server, then the shared MariaDB unless Adminer still runs.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
run="$here/../.run"
pid="$run/wordpress.pid"
# the server runs in its own process group (start.sh): end it with its workers
[ -f "$pid" ] && kill -- "-$(cat "$pid")" 2>/dev/null || true
rm -f "$pid"
if [ ! -f "$run/adminer.pid" ] || ! kill -0 "$(cat "$run/adminer.pid")" 2>/dev/null; then
  bash "$here/mariadb.sh" stop
fi
