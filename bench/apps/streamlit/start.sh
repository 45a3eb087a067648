#!/usr/bin/env bash
# Serve the Streamlit maintenance console on 127.0.0.1:8113 only (headless, no usage
# statistics, no file watcher); wait (at most 120 s) until it answers.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/../lib.sh"
data="$(cd "$here/.." && pwd)/.data/streamlit"
url="http://127.0.0.1:8113/_stcore/health"
if up "$url"; then exit 0; fi
mkdir -p "$data"
cd "$data"
HOME="$data" "$here/../.venvs/streamlit/bin/streamlit" run "$here/app.py" \
  --server.address 127.0.0.1 --server.port 8113 --server.headless true \
  --browser.gatherUsageStats false --server.fileWatcherType none \
  --global.developmentMode false --client.toolbarMode minimal > "$run/streamlit.log" 2>&1 &
started streamlit "$url"
