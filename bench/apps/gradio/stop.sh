#!/usr/bin/env bash
set -euo pipefail
pid="$(dirname "$0")/../.run/gradio.pid"
[ -f "$pid" ] && kill "$(cat "$pid")" 2>/dev/null || true
rm -f "$pid"
