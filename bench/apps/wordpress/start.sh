#!/usr/bin/env bash
# MariaDB (mariadb.sh) and WordPress with PHP's built-in server on 127.0.0.1:8101 only
# (router.php gives pretty permalinks); waits (at most 120 s) until the site answers.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/../lib.sh"
url="http://127.0.0.1:8101/wp-login.php"
bash "$here/mariadb.sh" start
if up "$url"; then exit 0; fi
# several workers: the admin loads scripts and polls (heartbeat) in parallel
# its own session (process group): stop.sh ends the server and its workers together
PHP_CLI_SERVER_WORKERS=4 setsid php -d memory_limit=256M -d upload_max_filesize=16M \
  -S 127.0.0.1:8101 -t /usr/share/wordpress "$here/router.php" \
  > "$run/wordpress.log" 2>&1 &
started wordpress "$url"
