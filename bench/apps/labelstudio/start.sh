#!/usr/bin/env bash
# Serve Label Studio (Django's server, as `label-studio start` runs it) on 127.0.0.1:8115
# only, over the seeded SQLite database in .data/labelstudio, with the settings of env.sh;
# wait (at most 120 s) until it answers.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/../lib.sh"
source "$here/env.sh"
url="http://127.0.0.1:8115/health"
if up "$url"; then exit 0; fi
cd "$labelstudio_data"
setsid "$labelstudio_venv/bin/label-studio" start --internal-host 127.0.0.1 --port 8115 \
  --no-browser --data-dir "$labelstudio_data" > "$run/labelstudio.log" 2>&1 &
started labelstudio "$url"
