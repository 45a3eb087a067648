#!/usr/bin/env bash
# A Sphinx site with the furo theme, built from the docs/ of a real project's source
# distribution (packaging, whose own docs use furo). Idempotent.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="$here/../.venvs/docs"
data="$here/../.data/docs"
mkdir -p "$data"
if [ ! -x "$venv/bin/sphinx-build" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q "sphinx==7.4.7" "furo==2025.12.19" "sphinx-toolbox==4.0.0"
fi
if [ ! -f "$data/html/index.html" ]; then
  rm -rf "$data/src" && mkdir -p "$data/src"
  "$venv/bin/pip" download -q --no-binary :all: --no-deps "packaging==25.0" -d "$data/src"
  tar -xzf "$data"/src/packaging-25.0.tar.gz -C "$data/src"
  "$venv/bin/pip" install -q --no-deps "$data/src/packaging-25.0"
  # intersphinx needs the network: leave the extension out
  sed -i '/sphinx.ext.intersphinx/d' "$data/src/packaging-25.0/docs/conf.py"
  "$venv/bin/sphinx-build" -q -b html "$data/src/packaging-25.0/docs" "$data/html" || true
  test -f "$data/html/index.html"
fi
