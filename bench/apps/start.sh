#!/usr/bin/env bash
# Start (on 127.0.0.1) the real applications of find's dev corpus (all, or those named).
# Each app's own start.sh is idempotent; see bench/apps/README.md.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
apps=("$@")
if [ ${#apps[@]} -eq 0 ]; then
  for d in "$here"/*/start.sh; do apps+=("$(basename "$(dirname "$d")")"); done
fi
for app in "${apps[@]}"; do
  echo "== start $app"
  bash "$here/$app/start.sh"
done
