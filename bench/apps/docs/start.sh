#!/usr/bin/env bash
# Serve the built site on 127.0.0.1:8105 only; wait (at most 60 s) until it answers.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
run="$here/../.run"; mkdir -p "$run"
url="http://127.0.0.1:8105/"
if curl -sf -o /dev/null "$url"; then exit 0; fi
python3 -m http.server --bind 127.0.0.1 --directory "$here/../.data/docs/html" 8105 \
  > "$run/docs.log" 2>&1 &
echo $! > "$run/docs.pid"
for _ in $(seq 60); do curl -sf -o /dev/null "$url" && exit 0; sleep 1; done
echo "the docs server did not answer on $url" >&2; exit 1
