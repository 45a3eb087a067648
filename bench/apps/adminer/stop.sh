#!/usr/bin/env bash
# Stop Adminer's PHP server (its own process group), then the shared MariaDB unless
# WordPress still runs.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/../lib.sh"
halt adminer group
running wordpress || bash "$here/../wordpress/mariadb.sh" stop
