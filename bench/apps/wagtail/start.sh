#!/usr/bin/env bash
# Serve the Wagtail bench site (admin at /admin/) on 127.0.0.1:8106 only with Django's
# development server (no reloader); wait (at most 120 s) until it answers.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/../lib.sh"
url="http://127.0.0.1:8106/admin/login/"
if up "$url"; then exit 0; fi
cd "$here/site"
"$here/../.venvs/wagtail/bin/python" manage.py runserver 127.0.0.1:8106 --noreload \
  > "$run/wagtail.log" 2>&1 &
started wagtail "$url"
