#!/usr/bin/env bash
# Wagtail (pinned) in its own venv; the bench site's project lives in site/ (settings,
# page types, snippets, a seed command); its SQLite database and media live under
# bench/apps/.data/wagtail. Seeds a page tree of 20 pages, images, documents, snippets,
# users and groups, form submissions and site settings. Idempotent.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="$here/../.venvs/wagtail"
data="$(cd "$here/.." && pwd)/.data/wagtail"
py="$venv/bin/python"
mkdir -p "$data"
if [ ! -x "$venv/bin/wagtail" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q "wagtail==8.0.1"
fi
cd "$here/site"
if [ ! -f "$data/seeded" ]; then
  rm -rf "$data/db.sqlite3" "$data/media"
  "$py" manage.py migrate --noinput -v 0
  DJANGO_SUPERUSER_PASSWORD="wagtail-bench-2024" "$py" manage.py createsuperuser \
    --noinput --username admin --email admin@harbourlane.example
  "$py" manage.py seed_bench
  "$py" manage.py update_index -v 0 || true
  # a fresh database has no sessions: the harness's saved login would be stale
  rm -f "$here/../.state/wagtail.json"
  touch "$data/seeded"
fi
