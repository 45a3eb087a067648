#!/usr/bin/env bash
# Adminer (Debian's package, 4.8.1) over the MariaDB that WordPress's setup installs and
# runs (bench/apps/wordpress/mariadb.sh, 127.0.0.1:3307), so that setup runs first. Adds
# the `fleet` database (seed_fleet.py: depots, drivers, a wide vehicles table, trips,
# services) and the user `bench` that Adminer logs in as (fleet and wordpress).
# Idempotent: a seeded fleet database is left as it is.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
wp="$here/../wordpress"
data="$(cd "$here/.." && pwd)/.data/adminer"
SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
bash "$wp/setup.sh"
if ! dpkg-query -W -f='${Status}' adminer 2>/dev/null | grep -q "install ok installed"; then
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends adminer
fi
mkdir -p "$data"
if [ ! -f "$data/seeded" ] || [ ! -f "$data/../wordpress/seeded" ] \
   || [ "$data/seeded" -ot "$data/../wordpress/seeded" ]; then
  bash "$wp/mariadb.sh" sql <<'SQL'
DROP DATABASE IF EXISTS fleet;
CREATE DATABASE fleet CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
CREATE USER IF NOT EXISTS 'bench'@'127.0.0.1' IDENTIFIED BY 'adminer-bench-2024';
GRANT ALL ON fleet.* TO 'bench'@'127.0.0.1';
GRANT ALL ON wordpress.* TO 'bench'@'127.0.0.1';
SQL
  python3 "$here/seed_fleet.py" | bash "$wp/mariadb.sh" sql fleet
  touch "$data/seeded"
fi
