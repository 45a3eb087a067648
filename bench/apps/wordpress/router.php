<?php
// Router for `php -S` over /usr/share/wordpress: real files are served as they are;
// everything else goes to index.php (pretty permalinks). wp-content files that live
// only in Debian's /var/lib/wordpress/wp-content (uploads) are read from there.
$path = urldecode(parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH));
$root = $_SERVER['DOCUMENT_ROOT'];
if (file_exists($root . $path)) {
    return false;
}
if (strncmp($path, '/wp-content/', 12) === 0 && strpos($path, '..') === false) {
    $f = '/var/lib/wordpress' . $path;
    if (is_file($f)) {
        $types = ['css' => 'text/css', 'js' => 'application/javascript', 'png' => 'image/png',
                  'jpg' => 'image/jpeg', 'jpeg' => 'image/jpeg', 'gif' => 'image/gif',
                  'svg' => 'image/svg+xml', 'webp' => 'image/webp'];
        $ext = strtolower(pathinfo($f, PATHINFO_EXTENSION));
        header('Content-Type: ' . ($types[$ext] ?? 'application/octet-stream'));
        readfile($f);
        return true;
    }
}
$_SERVER['SCRIPT_NAME'] = '/index.php';
$_SERVER['SCRIPT_FILENAME'] = $root . '/index.php';
$_SERVER['PHP_SELF'] = '/index.php';
require $root . '/index.php';
