#!/usr/bin/env bash
# Serve the Django admin bench site (a lending library's back office, at /admin/) on
# 127.0.0.1:8108 only with Django's development server (no reloader; DEBUG is on, so it
# serves the admin's static files); wait (at most 120 s) until it answers.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/../lib.sh"
url="http://127.0.0.1:8108/admin/login/"
if up "$url"; then exit 0; fi
cd "$here/site"
"$here/../.venvs/djadmin/bin/python" manage.py runserver 127.0.0.1:8108 --noreload \
  > "$run/djadmin.log" 2>&1 &
started djadmin "$url"
