#!/usr/bin/env bash
# Install and seed the real applications of find's dev corpus (all, or those named).
# Each app's own setup.sh is idempotent; see bench/apps/README.md.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
apps=("$@")
if [ ${#apps[@]} -eq 0 ]; then
  for d in "$here"/*/setup.sh; do apps+=("$(basename "$(dirname "$d")")"); done
fi
for app in "${apps[@]}"; do
  echo "== setup $app"
  bash "$here/$app/setup.sh"
done
