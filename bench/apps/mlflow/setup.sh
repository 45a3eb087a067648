#!/usr/bin/env bash
# MLflow tracking server (pinned, with SQLAlchemy held below 2.1, which mlflow 2.22 does not
# import) in its own venv; its SQLite backend store and artifact folder live under
# bench/apps/.data/mlflow. seed.py fills them deterministically (fixed run ids and
# timestamps): 4 experiments, 32 runs (a nested sweep among them) with params, per-step
# metrics, tags, descriptions and artifacts; 2 registered models with versions, stages
# and aliases. Idempotent.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="$here/../.venvs/mlflow"
data="$(cd "$here/.." && pwd)/.data/mlflow"
mkdir -p "$data"
if ! "$venv/bin/python" -c "from importlib.metadata import version as v; import sys; sys.exit(v('mlflow') != '2.22.5')" 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q "mlflow==2.22.5" "sqlalchemy==2.0.44"
fi
if [ ! -f "$data/seeded" ]; then
  (cd "$data" && "$venv/bin/python" "$here/seed.py" "$data") > "$data/seed.log" 2>&1 \
    || { echo "seeding failed; see $data/seed.log" >&2; exit 1; }
  touch "$data/seeded"
fi
