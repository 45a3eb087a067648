#!/usr/bin/env bash
# The shared MariaDB (bench/apps/wordpress/mariadb.sh) and Adminer with PHP's built-in
# server on 127.0.0.1:8102 only; waits (at most 120 s) until it answers.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/../lib.sh"
url="http://127.0.0.1:8102/"
bash "$here/../wordpress/mariadb.sh" start
if up "$url"; then exit 0; fi
# sessions in our own folder: Adminer keeps its login there
mkdir -p "$run/adminer-sessions"
PHP_CLI_SERVER_WORKERS=2 setsid php -d session.save_path="$run/adminer-sessions" \
  -d session.gc_probability=0 -S 127.0.0.1:8102 -t "$here/www" \
  > "$run/adminer.log" 2>&1 &
started adminer "$url"
