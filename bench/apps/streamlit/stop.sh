#!/usr/bin/env bash
# Stop the Streamlit app and wait (at most 10 s) until it no longer answers, so that a
# start.sh right after really starts it again.
set -euo pipefail
source "$(dirname "$0")/../lib.sh"
halt streamlit
for _ in $(seq 20); do up "http://127.0.0.1:8113/_stcore/health" || break; sleep 0.5; done
