#!/usr/bin/env bash
# Serve the MLflow tracking server and its UI on 127.0.0.1:8111 only (gunicorn, 2 workers
# bound to the same loopback socket), over the seeded store in .data/mlflow; wait (at most
# 120 s) until it answers. Artifacts are read from the local artifact folder the runs point
# at (no artifact proxy).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/../lib.sh"
data="$(cd "$here/.." && pwd)/.data/mlflow"
url="http://127.0.0.1:8111/health"
if up "$url"; then exit 0; fi
cd "$data"
export MLFLOW_TRACKING_URI="sqlite:///$data/mlflow.db"
setsid "$here/../.venvs/mlflow/bin/mlflow" server --host 127.0.0.1 --port 8111 --workers 2 \
  --backend-store-uri "sqlite:///$data/mlflow.db" \
  --default-artifact-root "file://$data/artifacts/default" --no-serve-artifacts \
  > "$run/mlflow.log" 2>&1 &
started mlflow "$url"
