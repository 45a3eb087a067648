#!/usr/bin/env bash
# Fetch the MiniWoB++ task pages for bench/miniwob.py (idempotent).
#
# Only the HTML/JS/CSS the `miniwob` wheel ships is needed, not its Gymnasium/Selenium
# environment, so the wheel is downloaded without dependencies and unpacked into
# bench/apps/.venvs/miniwob (git-ignored). bench/miniwob.py serves
# bench/apps/.venvs/miniwob/miniwob/html on 127.0.0.1.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
dest="$here/apps/.venvs/miniwob"
version="${MINIWOB_VERSION:-1.1.0}"
marker="$dest/.miniwob-$version"
if [ -f "$marker" ] && [ -d "$dest/miniwob/html/miniwob" ]; then
  echo "miniwob $version already in $dest"
  exit 0
fi
py="$here/../.venv/bin/python"
[ -x "$py" ] || py="$(command -v python3)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
"$py" -m pip download --quiet --no-deps --only-binary=:all: -d "$tmp" "miniwob==$version"
wheel="$(ls "$tmp"/miniwob-*.whl)"
rm -rf "$dest"
mkdir -p "$dest"
"$py" - "$wheel" "$dest" <<'EOF'
import sys
import zipfile

wheel, dest = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(wheel) as zf:
    members = [m for m in zf.namelist() if m.startswith("miniwob/html/")]
    zf.extractall(dest, members)
print(f"unpacked {len(members)} files from {wheel.rsplit('/', 1)[-1]}")
EOF
touch "$marker"
echo "miniwob $version ready in $dest/miniwob/html"
