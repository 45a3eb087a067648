#!/usr/bin/env bash
# The shared MariaDB (bench/apps/wordpress/mariadb.sh) and Adminer with PHP's built-in
# server on 127.0.0.1:8102 only; waits (at most 120 s) until it answers.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
run="$(cd "$here/.." && pwd)/.run"; mkdir -p "$run"
url="http://127.0.0.1:8102/"
bash "$here/../wordpress/mariadb.sh" start
if curl -sf -o /dev/null "$url"; then exit 0; fi
# sessions in our own folder: Adminer keeps its login there
mkdir -p "$run/adminer-sessions"
PHP_CLI_SERVER_WORKERS=2 setsid php -d session.save_path="$run/adminer-sessions" \
  -d session.gc_probability=0 -S 127.0.0.1:8102 -t "$here/www" \
  > "$run/adminer.log" 2>&1 &
echo $! > "$run/adminer.pid"
for _ in $(seq 120); do curl -sf -o /dev/null "$url" && exit 0; sleep 1; done
echo "adminer did not answer on $url; see $run/adminer.log" >&2; exit 1
