<?php
// Adminer (Debian's package) for the bench: version check off, nothing else changed.
function adminer_object() {
    include_once '/usr/share/adminer/plugins/plugin.php';
    include_once '/usr/share/adminer/plugins/version-noverify.php';
    return new AdminerPlugin([new AdminerVersionNoverify()]);
}
include '/usr/share/adminer/adminer.php';
