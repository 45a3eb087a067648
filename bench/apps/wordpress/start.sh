#!/usr/bin/env bash
# MariaDB (mariadb.sh) and WordPress with PHP's built-in server on 127.0.0.1:8101 only
# (router.php gives pretty permalinks); waits (at most 120 s) until the site answers.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
run="$(cd "$here/.." && pwd)/.run"; mkdir -p "$run"
url="http://127.0.0.1:8101/wp-login.php"
bash "$here/mariadb.sh" start
if curl -sf -o /dev/null "$url"; then exit 0; fi
# several workers: the admin loads scripts and polls (heartbeat) in parallel
# its own session (process group): stop.sh ends the server and its workers together
PHP_CLI_SERVER_WORKERS=4 setsid php -d memory_limit=256M -d upload_max_filesize=16M \
  -S 127.0.0.1:8101 -t /usr/share/wordpress "$here/router.php" \
  > "$run/wordpress.log" 2>&1 &
echo $! > "$run/wordpress.pid"
for _ in $(seq 120); do curl -sf -o /dev/null "$url" && exit 0; sleep 1; done
echo "wordpress did not answer on $url; see $run/wordpress.log" >&2; exit 1
