#!/usr/bin/env bash
# Stop the bench's Roundcube: PHP's built-in server (its process group), then its Dovecot;
# wait (at most 20 s) until both have let go of their ports, so that a start right after
# does not take a dying server for a running one.
set -euo pipefail
source "$(dirname "$0")/../lib.sh"
halt roundcube group
halt roundcube-imap group
for _ in $(seq 40); do
  if ! up http://127.0.0.1:8117/ && ! (exec 3<>/dev/tcp/127.0.0.1/10143) 2>/dev/null; then
    exit 0
  fi
  sleep 0.5
done
echo "roundcube: something still answers on 127.0.0.1:8117 or :10143" >&2
