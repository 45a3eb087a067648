#!/usr/bin/env bash
# Serve the seeded Directus project (API and the admin app under /admin) on 127.0.0.1:8112
# only; wait (at most 120 s) until it answers. Configuration is all in env.sh.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/../lib.sh"
source "$here/env.sh"
url="$PUBLIC_URL/server/ping"
if up "$url"; then exit 0; fi
cd "$data/app"
setsid "$node" "$directus" start > "$run/directus.log" 2>&1 &
started directus "$url"
