#!/usr/bin/env bash
# Label Studio 1.23 (pinned) in its own venv; its SQLite database, uploads and exports live
# under bench/apps/.data/labelstudio (env.sh holds every setting: no analytics, Sentry,
# version check or open sign-up). `label-studio init` makes the admin (Dana Whitfield,
# admin@example.com) and the organization; seed.py then fills it through Label Studio's
# REST API: 9 more members with look-alike names, 10 projects (sentiment US/EU, ticket
# intents, invoice and receipt NER, shelf-photo boxes, call QA with ratings, headline
# topics and its archive, search relevance), 299 tasks, predictions, 184 annotations,
# data-manager tabs and webhooks (to a closed loopback port; SSRF checks are off for
# the seed run only), with pinned timestamps. Idempotent.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/env.sh"
venv="$labelstudio_venv"
if ! "$venv/bin/python" -c "from importlib.metadata import version as v; import sys; sys.exit(v('label-studio') != '1.23.2')" 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q "label-studio==1.23.2"
fi
if [ ! -f "$labelstudio_data/seeded" ]; then
  rm -rf "$labelstudio_data"; mkdir -p "$labelstudio_data"
  (cd "$labelstudio_data" \
    && "$venv/bin/label-studio" init -q --data-dir "$labelstudio_data" \
         --username "$LABEL_STUDIO_USERNAME" --password "$LABEL_STUDIO_PASSWORD" \
         --user-token "$LABEL_STUDIO_USER_TOKEN" --enable-legacy-api-token \
    && SSRF_PROTECTION_ENABLED=false "$venv/bin/python" "$here/seed.py") \
    > "$labelstudio_data/seed.log" 2>&1 \
    || { echo "seeding failed; see $labelstudio_data/seed.log" >&2; exit 1; }
  touch "$labelstudio_data/seeded"
fi
