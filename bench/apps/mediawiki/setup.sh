#!/usr/bin/env bash
# MediaWiki 1.39 (Debian's package) on SQLite, served by PHP's built-in server (start.sh).
# The wiki lives under bench/apps/.data/mediawiki: LocalSettings.php, the SQLite database,
# caches. seed.py writes the content (a community wiki about a city's public transport:
# articles with infobox tables, sections, categories, talk and user pages, histories of
# several revisions by four users at fixed dates), imported with importDump.php.
# Idempotent: a second run only checks.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
data="$(cd "$here/.." && pwd)/.data/mediawiki"
IP=/usr/share/mediawiki
pass="mw-bench-2024"
pkgs=(mediawiki php-sqlite3 php-intl php-mbstring php-xml php-curl)
if ! dpkg -s "${pkgs[@]}" > /dev/null 2>&1; then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends \
    "${pkgs[@]}" > /dev/null
fi
if [ ! -f "$data/seeded" ]; then
  rm -rf "$data"
  mkdir -p "$data/db" "$data/cache" "$data/images"
  php "$IP/maintenance/install.php" --quiet --dbtype sqlite --dbpath "$data/db" \
    --dbname mediawiki --server http://127.0.0.1:8110 --scriptpath "" \
    --confpath "$data" --lang en --pass "$pass" --skins Vector,MonoBook,Timeless \
    "Port Aldwin Transit Wiki" Admin > /dev/null
  cat >> "$data/LocalSettings.php" <<PHP

# ---- bench settings (bench/apps/mediawiki/setup.sh)
\$wgServer = "http://127.0.0.1:8110";
\$wgScriptPath = "";
\$wgCacheDirectory = "$data/cache";
\$wgUploadDirectory = "$data/images";
\$wgEnableUploads = false;
\$wgDefaultSkin = "vector-2022";
\$wgLogos = [ "1x" => "/resources/assets/mediawiki.png", "icon" => "/resources/assets/mediawiki.png" ];
\$wgRCMaxAge = 20 * 365 * 86400;
\$wgMainCacheType = CACHE_DB;
\$wgEnableEmail = false;
\$wgExtensionDirectory = "\$IP/extensions-core";
\$wgExtensionAssetsPath = "\$wgScriptPath/extensions-core";
wfLoadExtension( 'WikiEditor' );
wfLoadExtension( 'ParserFunctions' );
wfLoadExtension( 'Cite' );
PHP
  export MW_CONFIG_FILE="$data/LocalSettings.php"
  m() { php "$IP/maintenance/$1" --conf "$data/LocalSettings.php" "${@:2}"; }
  for u in "Marta Lindqvist" "Oskar Brandt" "Priya Raman"; do
    m createAndPromote.php "$u" "$pass" > /dev/null
  done
  m update.php --quick > /dev/null
  python3 "$here/seed.py" > "$data/seed.xml"
  m importDump.php "$data/seed.xml" > /dev/null 2>&1
  python3 "$here/seed.py" --main-page | m edit.php --user Admin --summary "Welcome page" \
    "Main Page" > /dev/null
  m rebuildrecentchanges.php > /dev/null
  m initSiteStats.php --update > /dev/null
  m runJobs.php > /dev/null
  # a fresh wiki has no sessions: the harness's saved login would be stale
  rm -f "$here/../.state/mediawiki.json"
  touch "$data/seeded"
fi
