#!/usr/bin/env bash
# Serve the Gradio app on 127.0.0.1:8104 only (no analytics, no share link, no SSR); wait
# (at most 120 s) until it answers. Uploads and cached files go under .data/gradio/tmp,
# emptied on every start.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/../lib.sh"
data="$(cd "$here/.." && pwd)/.data/gradio"
url="http://127.0.0.1:8104/"
if up "$url"; then exit 0; fi
rm -rf "$data/tmp"; mkdir -p "$data/tmp"
export GRADIO_ANALYTICS_ENABLED=False GRADIO_TEMP_DIR="$data/tmp" GRADIO_SSR_MODE=False \
  GRADIO_SERVER_NAME=127.0.0.1 HF_HUB_OFFLINE=1 GRADIO_ALLOW_FLAGGING=never
cd "$data"
"$here/../.venvs/gradio/bin/python" "$here/app.py" 8104 > "$run/gradio.log" 2>&1 &
started gradio "$url"
