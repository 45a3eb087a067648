#!/usr/bin/env bash
# Start the bench's Roundcube on 127.0.0.1 only: its own Dovecot (IMAP on 127.0.0.1:10143,
# config in bench/apps/.data/roundcube/dovecot) and then PHP's built-in server (4 workers,
# OPcache on) on 127.0.0.1:8117 with Roundcube's config from bench/apps/.data/roundcube/config
# (ROUNDCUBE_CONFIG_DIR); wait (at most 120 s each) until both answer.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/../lib.sh"
data="$(cd "$here/.." && pwd)/.data/roundcube"
url="http://127.0.0.1:8117/"
imap_up() { (exec 3<>/dev/tcp/127.0.0.1/10143) 2>/dev/null; }
if ! imap_up; then
  setsid dovecot -F -c "$data/dovecot/dovecot.conf" > "$run/roundcube-imap.log" 2>&1 &
  echo $! > "$run/roundcube-imap.pid"
  for _ in $(seq 120); do imap_up && break; sleep 1; done
  imap_up || { echo "dovecot did not answer on 127.0.0.1:10143; see $run/roundcube-imap.log \
and $data/dovecot/dovecot.log" >&2; exit 1; }
fi
if up "$url"; then exit 0; fi
cd /var/lib/roundcube
ROUNDCUBE_CONFIG_DIR="$data/config" PHP_CLI_SERVER_WORKERS=4 setsid php \
  -d opcache.enable_cli=1 -d memory_limit=256M -d upload_max_filesize=25M \
  -d post_max_size=30M -S 127.0.0.1:8117 -t /var/lib/roundcube "$data/router.php" \
  > "$run/roundcube.log" 2>&1 &
started roundcube "$url"
