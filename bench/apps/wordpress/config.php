<?php
// Installed by bench/apps/wordpress/setup.sh as /etc/wordpress/config-127.0.0.1.php
// (Debian's wp-config.php picks the file named after the request's host).
define('DB_NAME', 'wordpress');
define('DB_USER', 'wordpress');
define('DB_PASSWORD', 'wp-db-bench-2024');
define('DB_HOST', '127.0.0.1:3307');
define('DB_CHARSET', 'utf8mb4');
define('WP_HOME', 'http://127.0.0.1:8101');
define('WP_SITEURL', 'http://127.0.0.1:8101');
define('WP_CONTENT_DIR', '/var/lib/wordpress/wp-content');
// fixed keys: the bench's cookies and nonces stay valid across re-seeding
define('AUTH_KEY', 'bench-auth-key-0b9f3c');
define('SECURE_AUTH_KEY', 'bench-secure-auth-key-7d21aa');
define('LOGGED_IN_KEY', 'bench-logged-in-key-41e8d0');
define('NONCE_KEY', 'bench-nonce-key-c3a917');
define('AUTH_SALT', 'bench-auth-salt-5f02be');
define('SECURE_AUTH_SALT', 'bench-secure-auth-salt-9a6c14');
define('LOGGED_IN_SALT', 'bench-logged-in-salt-e47b3d');
define('NONCE_SALT', 'bench-nonce-salt-28d5f6');
// offline and frozen: no cron (scheduled posts stay scheduled), no updates, no requests out
define('DISABLE_WP_CRON', true);
define('AUTOMATIC_UPDATER_DISABLED', true);
define('WP_AUTO_UPDATE_CORE', false);
define('WP_HTTP_BLOCK_EXTERNAL', true);
define('WP_ALLOW_MULTISITE', false);
define('WP_DEBUG', false);
define('WP_DEBUG_DISPLAY', false);
