#!/usr/bin/env bash
# WordPress (Debian's package, 6.1) over a private MariaDB (see mariadb.sh: data under
# bench/apps/.data/wordpress/mysql, 127.0.0.1:3307 only), installed and seeded by
# seed.php with PHP directly (no wp-cli in Debian): users, categories, tags, posts in
# every status, pages, comments, menus. Served by start.sh with `php -S` on
# 127.0.0.1:8101. Idempotent: a seeded database is left as it is. Adminer's setup
# (bench/apps/adminer) runs this first, since it browses the same MariaDB.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
data="$(cd "$here/.." && pwd)/.data/wordpress"
SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
pkgs=(mariadb-server mariadb-client wordpress wordpress-theme-twentytwentyone php-cli
      php-mysql php-gd php-mbstring php-xml php-curl php-intl curl)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  $SUDO apt-get update -q
  # no recommends: Apache comes in as a dependency but is never started
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
mkdir -p "$data"
# Debian's wp-config.php reads /etc/wordpress/config-<host>.php
if ! cmp -s "$here/config.php" /etc/wordpress/config-127.0.0.1.php; then
  $SUDO install -m 0644 "$here/config.php" /etc/wordpress/config-127.0.0.1.php
fi
bash "$here/mariadb.sh" start
if [ ! -f "$data/seeded" ]; then
  bash "$here/mariadb.sh" sql <<'SQL'
DELETE FROM mysql.global_priv WHERE User = '';
FLUSH PRIVILEGES;
DROP DATABASE IF EXISTS wordpress;
CREATE DATABASE wordpress CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
CREATE USER IF NOT EXISTS 'wordpress'@'127.0.0.1' IDENTIFIED BY 'wp-db-bench-2024';
CREATE USER IF NOT EXISTS 'wordpress'@'localhost' IDENTIFIED BY 'wp-db-bench-2024';
GRANT ALL ON wordpress.* TO 'wordpress'@'127.0.0.1';
GRANT ALL ON wordpress.* TO 'wordpress'@'localhost';
SQL
  php "$here/seed.php" "wp-bench-admin-2024"
  touch "$data/seeded"
fi
