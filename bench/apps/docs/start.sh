#!/usr/bin/env bash
# Serve the built site on 127.0.0.1:8105 only; wait (at most 60 s) until it answers.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/../lib.sh"
url="http://127.0.0.1:8105/"
if up "$url"; then exit 0; fi
python3 -m http.server --bind 127.0.0.1 --directory "$here/../.data/docs/html" 8105 \
  > "$run/docs.log" 2>&1 &
started docs "$url" 60
