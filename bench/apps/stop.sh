#!/usr/bin/env bash
# Stop the real applications of find's dev corpus (all, or those named).
# Each app's own stop.sh is idempotent; see bench/apps/README.md.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
apps=("$@")
if [ ${#apps[@]} -eq 0 ]; then
  for d in "$here"/*/stop.sh; do apps+=("$(basename "$(dirname "$d")")"); done
fi
for app in "${apps[@]}"; do
  echo "== stop $app"
  bash "$here/$app/stop.sh"
done
