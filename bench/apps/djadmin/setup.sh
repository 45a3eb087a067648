#!/usr/bin/env bash
# Django (pinned) in its own venv; the bench site's project lives in site/ (settings, the
# "library" app: models, admin, a seed command); its SQLite database lives under
# bench/apps/.data/djadmin. Seeds a lending library: 60 authors, 12 publishers, 250 books,
# 120 members, 400 loans, staff users and groups, and an admin history. Idempotent.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="$here/../.venvs/djadmin"
data="$(cd "$here/.." && pwd)/.data/djadmin"
py="$venv/bin/python"
mkdir -p "$data"
if [ ! -x "$venv/bin/django-admin" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q "django==5.2.19"
fi
cd "$here/site"
if [ ! -f "$data/seeded" ]; then
  rm -f "$data/db.sqlite3"
  "$py" manage.py migrate --noinput -v 0
  "$py" manage.py seed_library
  # a fresh database has no sessions: the harness's saved login would be stale
  rm -f "$here/../.state/djadmin.json"
  touch "$data/seeded"
fi
