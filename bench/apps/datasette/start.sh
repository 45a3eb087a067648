#!/usr/bin/env bash
# Serve the seeded database on 127.0.0.1:8103 only; wait (at most 120 s) until it answers.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
run="$here/../.run"; mkdir -p "$run"
url="http://127.0.0.1:8103/"
if curl -sf -o /dev/null "$url"; then exit 0; fi
"$here/../.venvs/datasette/bin/datasette" serve "$here/../.data/datasette/shop.db" \
  --host 127.0.0.1 --port 8103 --setting default_page_size 20 \
  > "$run/datasette.log" 2>&1 &
echo $! > "$run/datasette.pid"
for _ in $(seq 120); do curl -sf -o /dev/null "$url" && exit 0; sleep 1; done
echo "datasette did not answer on $url; see $run/datasette.log" >&2; exit 1
