#!/usr/bin/env bash
# Stop WordPress's PHP server (its own process group: start.sh), then the shared MariaDB
# unless Adminer still runs.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/../lib.sh"
halt wordpress group
running adminer || bash "$here/mariadb.sh" stop
