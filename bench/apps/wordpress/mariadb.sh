#!/usr/bin/env bash
# A private MariaDB for the bench (WordPress and Adminer share it): data under
# bench/apps/.data/wordpress/mysql, listening on 127.0.0.1:3307 only (socket in
# bench/apps/.run). Usage: mariadb.sh start|stop|sql [ARGS…] (sql runs the client as root).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
apps="$(cd "$here/.." && pwd)"
data="$apps/.data/wordpress/mysql"
run="$apps/.run"; mkdir -p "$run"
sock="$run/mariadb.sock"
ping() { mariadb-admin --no-defaults --socket="$sock" -uroot ping >/dev/null 2>&1; }
case "${1:-}" in
  start)
    if ping; then exit 0; fi
    if [ ! -d "$data/mysql" ]; then
      mkdir -p "$data"
      mariadb-install-db --no-defaults --user=root --datadir="$data" \
        --auth-root-authentication-method=socket > "$run/mariadb-install.log" 2>&1
    fi
    mariadbd --no-defaults --user=root --datadir="$data" --socket="$sock" \
      --port=3307 --bind-address=127.0.0.1 --skip-name-resolve \
      --pid-file="$run/mariadb.pid" --log-error="$run/mariadb.log" \
      --character-set-server=utf8mb4 --collation-server=utf8mb4_unicode_ci \
      > /dev/null 2>&1 &
    for _ in $(seq 120); do ping && exit 0; sleep 1; done
    echo "MariaDB did not answer on $sock; see $run/mariadb.log" >&2; exit 1 ;;
  stop)
    if ping; then mariadb-admin --no-defaults --socket="$sock" -uroot shutdown || true; fi
    rm -f "$run/mariadb.pid" ;;
  sql)
    shift; exec mariadb --no-defaults --socket="$sock" -uroot "$@" ;;
  *) echo "usage: $0 start|stop|sql" >&2; exit 2 ;;
esac
