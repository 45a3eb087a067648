#!/usr/bin/env bash
# Serve the MediaWiki bench wiki on 127.0.0.1:8110 only with PHP's built-in server (4
# workers, OPcache on; the config comes from bench/apps/.data/mediawiki via
# MW_CONFIG_FILE); wait (at most 120 s) until it answers.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/../lib.sh"
url="http://127.0.0.1:8110/index.php?title=Main_Page"
if up "$url"; then exit 0; fi
MW_CONFIG_FILE="$(cd "$here/.." && pwd)/.data/mediawiki/LocalSettings.php" \
PHP_CLI_SERVER_WORKERS=4 setsid php -d opcache.enable_cli=1 -d memory_limit=512M \
  -S 127.0.0.1:8110 -t /usr/share/mediawiki > "$run/mediawiki.log" 2>&1 &
started mediawiki "$url"
