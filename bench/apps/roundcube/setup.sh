#!/usr/bin/env bash
# Roundcube Webmail 1.6 (Debian's roundcube-core, SQLite, Elastic skin) over a private
# Dovecot 2.3 IMAP server (Debian's dovecot-imapd), both on loopback only: PHP's built-in
# server on 127.0.0.1:8117 for the web UI, Dovecot on 127.0.0.1:10143 (plain IMAP, no SSL)
# with its own config file. Nothing of the system's /etc/roundcube or /etc/dovecot is
# used or changed: everything lives under bench/apps/.data/roundcube:
#   config/      Roundcube's config.inc.php (ROUNDCUBE_CONFIG_DIR points here)
#   db/          Roundcube's SQLite database
#   dovecot/     dovecot.conf, the passwd-file, its base and state dirs, its log
#   mail/        the mailbox (Maildir, owned by the system user "mail")
#   router.php   PHP built-in server router (refuses config/, temp/, logs/ …)
# One user, nora (Nora Whitfield, project manager at Aldermoor Architects, Bristol).
# seed.py delivers ~60 messages by IMAP APPEND (fixed dates, flags) and logs in once
# through the web form (so Roundcube creates its user row); seed.php then writes the
# address book, contact groups, a second identity, canned responses and preferences
# through Roundcube's own classes. Idempotent: a second run only checks.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
data="$(cd "$here/.." && pwd)/.data/roundcube"
pkgs=(roundcube-core roundcube-sqlite3 roundcube-plugins php8.2-cgi php-cli php-sqlite3
      php-intl php-mbstring php-xml php-gd php-zip dovecot-core dovecot-imapd)
if ! dpkg -s "${pkgs[@]}" > /dev/null 2>&1; then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo
  $SUDO apt-get update -qq
  # no database set up by dbconfig-common: the bench's own SQLite file is used instead
  echo "roundcube-core roundcube/dbconfig-install boolean false" | $SUDO debconf-set-selections
  # php8.2-cgi is listed so that "php" is satisfied without Apache
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends \
    "${pkgs[@]}" > /dev/null
  # the package's own system-wide Dovecot (all interfaces, port 143) is not wanted; where
  # no policy-rc.d kept it from starting, stop it and keep it from starting at boot
  if [ -f /run/dovecot/master.pid ] && kill -0 "$(cat /run/dovecot/master.pid)" 2>/dev/null; then
    $SUDO invoke-rc.d dovecot stop > /dev/null 2>&1 || true
  fi
  $SUDO update-rc.d dovecot disable > /dev/null 2>&1 || true
fi

if [ ! -f "$data/seeded" ]; then
  bash "$here/stop.sh"
  rm -rf "$data"
  mkdir -p "$data/config" "$data/db" "$data/temp" "$data/logs" "$data/mail" \
    "$data/dovecot/run" "$data/dovecot/state"
  chown mail:mail "$data/mail"
  chmod 700 "$data/mail"

  ln -s /etc/roundcube/defaults.inc.php "$data/config/defaults.inc.php"
  ln -s /etc/roundcube/mimetypes.php "$data/config/mimetypes.php"
  cat > "$data/config/config.inc.php" <<PHP
<?php
// Written by bench/apps/roundcube/setup.sh
\$config = [];
\$config['db_dsnw'] = 'sqlite:///$data/db/roundcube.db?mode=0640';
\$config['imap_host'] = '127.0.0.1:10143';
\$config['imap_cache'] = null;
// no SMTP server: nothing listens there, so no mail leaves the machine
\$config['smtp_host'] = '127.0.0.1:10025';
\$config['smtp_user'] = '';
\$config['smtp_pass'] = '';
\$config['mail_domain'] = 'aldermoor-arch.example';
\$config['des_key'] = 'AldermoorBench-rc-2026-x';
\$config['temp_dir'] = '$data/temp/';
\$config['log_dir'] = '$data/logs/';
\$config['product_name'] = 'Aldermoor Architects Webmail';
\$config['support_url'] = '';
\$config['skin'] = 'elastic';
\$config['language'] = 'en_US';
\$config['timezone'] = 'Europe/London';
\$config['enable_spellcheck'] = false;
\$config['enable_installer'] = false;
// the harness logs in once and reuses the cookies: keep sessions for 30 days
\$config['session_lifetime'] = 43200;
\$config['login_rate_limit'] = 0;
\$config['plugins'] = ['archive', 'zipdownload', 'markasjunk', 'attachment_reminder',
                      'vcard_attachments', 'hide_blockquote'];
\$config['archive_mbox'] = 'Archive';
\$config['drafts_mbox'] = 'Drafts';
\$config['sent_mbox'] = 'Sent';
\$config['trash_mbox'] = 'Trash';
\$config['junk_mbox'] = 'Junk';
PHP
  cat > "$data/router.php" <<'PHP'
<?php
// PHP built-in server router for Roundcube (written by bench/apps/roundcube/setup.sh):
// what Debian's .htaccess forbids is refused, the rest is served as usual.
$path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
if (preg_match('#^/?(\.git|SQL|bin|config|logs|temp|tests|vendor|installer'
    . '|program/(include|lib|localization|steps|actions))#', ltrim($path, '/'))) {
    http_response_code(403);
    return true;
}
if ($path === '/favicon.ico') {
    header('Content-Type: image/x-icon');
    readfile('/var/lib/roundcube/skins/elastic/images/favicon.ico');
    return true;
}
return false;
PHP

  cat > "$data/dovecot/dovecot.conf" <<CONF
# Written by bench/apps/roundcube/setup.sh: the bench's own Dovecot, loopback only.
instance_name = roundcube-bench
base_dir = $data/dovecot/run
state_dir = $data/dovecot/state
log_path = $data/dovecot/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = dovecot
default_login_user = dovenull
mail_uid = mail
mail_gid = mail
first_valid_uid = 8
last_valid_uid = 8
first_valid_gid = 8
last_valid_gid = 8
mail_location = maildir:$data/mail/%n/Maildir
mail_plugins =
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%n $data/dovecot/users
}
userdb {
  driver = static
  args = uid=mail gid=mail home=$data/mail/%n
}
namespace inbox {
  inbox = yes
  separator = /
  mailbox Drafts {
    auto = subscribe
    special_use = \Drafts
  }
  mailbox Sent {
    auto = subscribe
    special_use = \Sent
  }
  mailbox Archive {
    auto = subscribe
    special_use = \Archive
  }
  mailbox Junk {
    auto = subscribe
    special_use = \Junk
  }
  mailbox Trash {
    auto = subscribe
    special_use = \Trash
  }
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = 10143
  }
  inet_listener imaps {
    port = 0
  }
}
service auth {
  unix_listener auth-userdb {
    mode = 0600
    user = mail
  }
}
service stats {
  unix_listener stats-reader {
    mode = 0600
  }
  unix_listener stats-writer {
    mode = 0600
  }
}
CONF
  echo "nora:{PLAIN}Drafting-Table-58" > "$data/dovecot/users"
  chown root:dovecot "$data/dovecot/users"
  chmod 640 "$data/dovecot/users"

  # Roundcube's schema, through PHP's own SQLite driver (no sqlite3 binary needed)
  php -r '$db = new PDO("sqlite:" . $argv[1]); $db->exec(file_get_contents($argv[2]));' \
    "$data/db/roundcube.db" /usr/share/roundcube/SQL/sqlite.initial.sql

  : > "$data/seed.log"
  bash "$here/start.sh" >> "$data/seed.log" 2>&1
  status=0
  /usr/bin/python3 "$here/seed.py" "$data" >> "$data/seed.log" 2>&1 || status=$?
  if [ "$status" = 0 ]; then
    ROUNDCUBE_CONFIG_DIR="$data/config" php "$here/seed.php" >> "$data/seed.log" 2>&1 \
      || status=$?
  fi
  bash "$here/stop.sh"
  [ "$status" = 0 ] || { echo "seeding failed; see $data/seed.log" >&2; exit 1; }
  # a fresh database has no sessions: the harness's saved login would be stale
  rm -f "$here/../.state/roundcube.json"
  touch "$data/seeded"
fi
