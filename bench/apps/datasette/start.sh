#!/usr/bin/env bash
# Serve the seeded database on 127.0.0.1:8103 only; wait (at most 120 s) until it answers.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/../lib.sh"
url="http://127.0.0.1:8103/"
if up "$url"; then exit 0; fi
"$here/../.venvs/datasette/bin/datasette" serve "$here/../.data/datasette/shop.db" \
  --host 127.0.0.1 --port 8103 --setting default_page_size 20 \
  > "$run/datasette.log" 2>&1 &
started datasette "$url"
