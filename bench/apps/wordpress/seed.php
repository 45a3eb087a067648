<?php
// Install WordPress into the empty `wordpress` database and seed it deterministically:
// 5 users, 6 categories, 10 tags, 23 posts (published, sticky, draft, pending, scheduled,
// private, trashed), 6 pages, 13 comments (approved, pending, spam), two menus.
// Every date is fixed (scheduled posts are in 2031, and WP-Cron is off), so the bench's
// tasks stay true after a re-seed. Run by setup.sh: php seed.php ADMIN_PASSWORD
if (PHP_SAPI !== 'cli') { exit(1); }
$_SERVER['HTTP_HOST'] = '127.0.0.1';
$_SERVER['SERVER_NAME'] = '127.0.0.1';
$_SERVER['REQUEST_URI'] = '/';
$_SERVER['SERVER_PORT'] = '8101';
define('WP_INSTALLING', true);
require '/usr/share/wordpress/wp-load.php';
add_filter('pre_wp_mail', '__return_true');  // no sendmail here
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/user.php';
require_once ABSPATH . 'wp-admin/includes/post.php';
require_once ABSPATH . 'wp-includes/nav-menu.php';

$admin_pass = $argv[1];
if (is_blog_installed()) { fwrite(STDERR, "already installed\n"); exit(0); }

wp_install('Lantern Street Notes', 'admin', 'admin@lanternstreet.example', true, '',
           wp_slash($admin_pass), 'en_US');
global $wpdb;

// the installer's sample content goes; the Privacy Policy draft (id 3) stays
wp_delete_comment(1, true);
wp_delete_post(1, true);
wp_delete_post(2, true);

$opts = [
    'blogdescription' => 'Recipes, trips and a small balcony garden',
    'timezone_string' => 'UTC', 'gmt_offset' => 0,
    'date_format' => 'F j, Y', 'time_format' => 'g:i a',
    'start_of_week' => 1, 'posts_per_page' => 10, 'show_avatars' => 0,
    'comment_moderation' => 0, 'comments_notify' => 0, 'moderation_notify' => 0,
    'default_comment_status' => 'open', 'admin_email_lifespan' => 2000000000,
    'permalink_structure' => '/%postname%/', 'users_can_register' => 0,
];
foreach ($opts as $k => $v) { update_option($k, $v); }
switch_theme('twentytwentyone');

// users
$users = [];
$users['admin'] = 1;
wp_update_user(['ID' => 1, 'display_name' => 'Site Admin', 'first_name' => 'Site',
                'last_name' => 'Admin', 'nickname' => 'Site Admin']);
foreach ([
    ['mreyes', 'Marta', 'Reyes', 'editor'],
    ['jkim', 'Jin', 'Kim', 'author'],
    ['lsantos', 'Luis', 'Santos', 'contributor'],
    ['pwhite', 'Paula', 'White', 'subscriber'],
] as [$login, $first, $last, $role]) {
    $users[$login] = wp_insert_user([
        'user_login' => $login, 'user_pass' => "bench-$login-2024",
        'user_email' => "$login@lanternstreet.example", 'first_name' => $first,
        'last_name' => $last, 'display_name' => "$first $last", 'nickname' => $first,
        'role' => $role, 'user_registered' => '2023-11-01 09:00:00',
    ]);
}
$wpdb->query("UPDATE {$wpdb->users} SET user_registered = '2023-11-01 09:00:00'");
// the block editor's welcome guide and tips stay closed for every user
foreach ($users as $uid) {
    update_user_meta($uid, $wpdb->get_blog_prefix() . 'persisted_preferences', [
        'core/edit-post' => ['welcomeGuide' => false, 'isComplementaryAreaVisible' => true],
        'core/edit-site' => ['welcomeGuide' => false],
        '_modified' => '2024-01-01T00:00:00.000Z',
    ]);
}

// categories and tags
$cat = [];
foreach (['Recipes' => 'Dishes we cook again and again.',
          'Travel' => 'Trips, mostly by train.',
          'Garden' => 'What grows on a small balcony.',
          'Reviews' => 'Kitchen tools we bought and used.',
          'Announcements' => 'News about the blog and local events.'] as $name => $desc) {
    $cat[$name] = wp_insert_term($name, 'category', ['description' => $desc])['term_id'];
}
$cat['Baking'] = wp_insert_term('Baking', 'category',
    ['parent' => $cat['Recipes'], 'description' => 'Bread, cakes and crackers.'])['term_id'];
foreach (['vegetarian', 'quick', 'budget', 'winter', 'summer', 'weekend', 'sourdough',
          'family', 'coastal', 'tomatoes'] as $t) {
    wp_insert_term($t, 'post_tag');
}

function body($lead) {
    return "<!-- wp:paragraph -->\n<p>$lead</p>\n<!-- /wp:paragraph -->\n\n"
        . "<!-- wp:paragraph -->\n<p>We wrote this down so we would not forget it: what "
        . "worked, what did not, and what we would change next time.</p>\n"
        . "<!-- /wp:paragraph -->";
}

// posts: [title, status, date, author, categories, tags, excerpt]
$posts = [
    ['Sourdough Starter in Seven Days', 'publish', '2024-01-08 08:30:00', 'jkim', ['Baking'], ['sourdough', 'weekend'],
     'Flour, water and a week of patience: a day-by-day log of our starter.'],
    ['Winter Lentil Soup', 'publish', '2024-01-20 18:00:00', 'mreyes', ['Recipes'], ['vegetarian', 'winter', 'budget'],
     'A pot of brown lentils, smoked paprika and lemon for cold evenings.'],
    ['A Weekend in Porto', 'publish', '2024-02-03 10:15:00', 'admin', ['Travel'], ['weekend', 'coastal'],
     'Two days of tiled facades, river walks and custard tarts.'],
    ['Pruning Roses Before Spring', 'publish', '2024-02-17 09:00:00', 'lsantos', ['Garden'], [],
     'Where to cut, how much to take off, and why late February works for us.'],
    ['Review: The Cast-Iron Skillet We Use Daily', 'publish', '2024-03-02 12:00:00', 'mreyes', ['Reviews'], [],
     'Eighteen months with one heavy pan.'],
    ['Five Quick Weeknight Pastas', 'publish', '2024-03-16 19:30:00', 'jkim', ['Recipes'], ['quick', 'vegetarian', 'family'],
     'Dinners that are on the table in twenty minutes.'],
    ['Seed Swap at the Library', 'publish', '2024-04-06 11:00:00', 'admin', ['Announcements', 'Garden'], [],
     'Bring seeds, take seeds: Saturday at the Elm Road library.'],
    ['Growing Tomatoes on a Balcony', 'publish', '2024-04-20 07:45:00', 'lsantos', ['Garden'], ['tomatoes', 'summer'],
     'Containers, support and watering for six plants in a small space.'],
    ['Lisbon by Tram', 'publish', '2024-05-11 16:20:00', 'admin', ['Travel'], ['coastal'],
     'Line 28 end to end, with stops worth getting off for.'],
    ['Rye Crackers', 'publish', '2024-05-25 14:00:00', 'jkim', ['Baking'], ['quick'],
     'Thin, crisp and made from sourdough discard.'],
    ["Review: Three Budget Chef's Knives", 'publish', '2024-06-08 13:10:00', 'mreyes', ['Reviews'], ['budget'],
     'Which inexpensive knife held its edge after three months.'],
    ['Cold Cucumber Soup', 'publish', '2024-06-22 17:40:00', 'mreyes', ['Recipes'], ['summer', 'vegetarian', 'quick'],
     'No cooking, five ingredients, ten minutes.'],
    ['Hiking the Cinque Terre Coast Path', 'publish', '2024-07-13 06:50:00', 'admin', ['Travel'], ['summer', 'coastal'],
     'Five villages, one long day, and where to refill water.'],
    ['Our Summer Break', 'publish', '2024-08-01 09:00:00', 'admin', ['Announcements'], [],
     'The blog is taking August off; comments stay open.'],
    ['Autumn Apple Cake', 'draft', '2024-09-05 10:00:00', 'jkim', ['Baking'], ['family'], ''],
    ['Notes from Bologna', 'draft', '2024-09-12 10:00:00', 'admin', ['Travel'], ['weekend'], ''],
    ['Composting for Beginners', 'draft', '2024-09-19 10:00:00', 'lsantos', ['Garden'], ['budget'], ''],
    ['Pickled Red Onions', 'pending', '2024-09-26 10:00:00', 'lsantos', ['Recipes'], ['quick', 'vegetarian'], ''],
    ['Review: A Compact Dutch Oven', 'pending', '2024-10-03 10:00:00', 'jkim', ['Reviews'], [], ''],
    ['Spring Market Dates', 'future', '2031-03-01 09:00:00', 'admin', ['Announcements'], [], ''],
    ['Holiday Cookie Box', 'future', '2031-12-01 09:00:00', 'mreyes', ['Baking'], ['winter', 'family'], ''],
    ['Recipe Testing Log', 'private', '2024-10-10 10:00:00', 'admin', ['Recipes'], [], ''],
    ['Old Giveaway Rules', 'trash', '2023-12-01 10:00:00', 'admin', ['Announcements'], [], ''],
];
$pid = [];
foreach ($posts as [$title, $status, $date, $author, $cats, $tags, $excerpt]) {
    $id = wp_insert_post([
        'post_title' => $title, 'post_status' => $status === 'trash' ? 'publish' : $status,
        'post_date' => $date, 'post_date_gmt' => $date, 'edit_date' => true,
        'post_author' => $users[$author], 'post_content' => body($excerpt ?: "Draft notes for $title."),
        'post_excerpt' => $excerpt, 'post_category' => array_map(fn($c) => $cat[$c], $cats),
        'tags_input' => $tags, 'comment_status' => 'open',
    ], true);
    if (is_wp_error($id)) { fwrite(STDERR, $id->get_error_message() . "\n"); exit(1); }
    if ($status === 'trash') { wp_trash_post($id); }
    $pid[$title] = $id;
}
stick_post($pid['Our Summer Break']);

// pages: [title, status, parent, menu_order, content]
$pages = [
    ['About', 'publish', null, 1, 'Lantern Street Notes is written by four neighbours who cook, travel and garden.'],
    ['Our Team', 'publish', 'About', 1, 'Marta edits, Jin bakes, Luis gardens, and the admin keeps the lights on.'],
    ['Contact', 'publish', null, 2, 'Write to hello@lanternstreet.example; we answer within a week.'],
    ['Recipe Index', 'publish', null, 3, 'Every recipe on the blog, by course.'],
    ['Newsletter', 'draft', null, 4, 'A monthly email with the new recipes.'],
];
foreach ($pages as [$title, $status, $parent, $order, $text]) {
    $pid["page:$title"] = wp_insert_post([
        'post_type' => 'page', 'post_title' => $title, 'post_status' => $status,
        'post_date' => '2023-12-15 12:00:00', 'post_date_gmt' => '2023-12-15 12:00:00',
        'edit_date' => true, 'post_author' => 1, 'menu_order' => $order,
        'post_parent' => $parent ? $pid["page:$parent"] : 0,
        'post_content' => "<!-- wp:paragraph -->\n<p>$text</p>\n<!-- /wp:paragraph -->",
        'comment_status' => 'closed',
    ]);
}

// comments: [post, author, email, user, date, status, text, parent index]
$comments = [
    ['Winter Lentil Soup', 'Hannah Ortiz', 'hannah@example.org', null, '2024-01-21 08:12:00', '1', 'Made this twice this week. The lemon at the end makes it.', null],
    ['Winter Lentil Soup', 'Marta Reyes', 'mreyes@lanternstreet.example', 'mreyes', '2024-01-21 10:30:00', '1', 'Thank you, Hannah! A spoon of yogurt on top works too.', 0],
    ['Winter Lentil Soup', 'Tom Becker', 'tom.becker@example.org', null, '2024-01-23 19:05:00', '0', 'Can I use red lentils instead, and would it need less time?', null],
    ['A Weekend in Porto', 'Greta Lind', 'greta.lind@example.org', null, '2024-02-05 12:40:00', '1', 'We followed your river walk in May. The bakery by the bridge was shut, sadly.', null],
    ['A Weekend in Porto', 'Cheap Watches', 'deals@replica-watches.example', null, '2024-02-06 03:14:00', 'spam', 'Best replica watches online, free shipping, click our site now!!!', null],
    ['Sourdough Starter in Seven Days', 'Omar Haddad', 'omar.haddad@example.org', null, '2024-01-10 07:55:00', '1', 'Day four smelled like nail polish, exactly as you said. Day six it doubled.', null],
    ['Sourdough Starter in Seven Days', 'Priya Nair', 'priya.nair@example.org', null, '2024-01-12 21:20:00', '1', 'Does whole wheat flour speed it up?', null],
    ['Sourdough Starter in Seven Days', 'Sven Olsen', 'sven.olsen@example.org', null, '2024-01-15 13:00:00', '0', 'My kitchen is cold, around 17 degrees. Any tips for keeping it warm?', null],
    ['Five Quick Weeknight Pastas', 'Rosa Almeida', 'rosa.almeida@example.org', null, '2024-03-18 20:10:00', '1', 'The lemon and pea one is now a Tuesday regular at our house.', null],
    ['Five Quick Weeknight Pastas', 'SEO Expert', 'rank@seo-boost.example', null, '2024-03-19 04:44:00', 'spam', 'I can get your blog to the first page of search results. Contact me today.', null],
    ['Growing Tomatoes on a Balcony', 'Uma Patel', 'uma.patel@example.org', null, '2024-04-22 18:30:00', '0', 'Which variety did best in the smallest pot?', null],
    ['Growing Tomatoes on a Balcony', 'Paula White', 'pwhite@lanternstreet.example', 'pwhite', '2024-04-23 09:15:00', '1', 'Mine split after heavy rain. Water less after a storm?', null],
    ['Lisbon by Tram', 'Jonas Brandt', 'jonas.brandt@example.org', null, '2024-05-13 15:00:00', '1', 'Go early: by ten the tram was full at every stop.', null],
];
$cid = [];
foreach ($comments as $i => [$post, $name, $email, $user, $date, $status, $text, $parent]) {
    $cid[$i] = wp_insert_comment([
        'comment_post_ID' => $pid[$post], 'comment_author' => $name,
        'comment_author_email' => $email, 'comment_author_url' => '',
        'comment_author_IP' => '127.0.0.1', 'comment_agent' => 'bench-seed',
        'user_id' => $user ? $users[$user] : 0, 'comment_date' => $date,
        'comment_date_gmt' => $date, 'comment_approved' => $status,
        'comment_content' => $text, 'comment_parent' => $parent === null ? 0 : $cid[$parent],
    ]);
}
foreach ($pid as $id) { wp_update_comment_count_now($id); }

// menus
$main = wp_create_nav_menu('Main Menu');
$item = fn($menu, $args) => wp_update_nav_menu_item($menu, 0, $args + ['menu-item-status' => 'publish']);
$item($main, ['menu-item-title' => 'Home', 'menu-item-url' => home_url('/'), 'menu-item-type' => 'custom', 'menu-item-position' => 1]);
foreach (['Recipes' => 2, 'Travel' => 3, 'Garden' => 4] as $c => $pos) {
    $item($main, ['menu-item-object' => 'category', 'menu-item-object-id' => $cat[$c],
                  'menu-item-type' => 'taxonomy', 'menu-item-position' => $pos]);
}
$about = $item($main, ['menu-item-object' => 'page', 'menu-item-object-id' => $pid['page:About'],
                       'menu-item-type' => 'post_type', 'menu-item-position' => 5]);
$item($main, ['menu-item-object' => 'page', 'menu-item-object-id' => $pid['page:Our Team'],
              'menu-item-type' => 'post_type', 'menu-item-parent-id' => $about, 'menu-item-position' => 6]);
$item($main, ['menu-item-object' => 'page', 'menu-item-object-id' => $pid['page:Contact'],
              'menu-item-type' => 'post_type', 'menu-item-position' => 7]);
$footer = wp_create_nav_menu('Footer Links');
foreach (['About', 'Recipe Index', 'Contact'] as $n => $p) {
    $item($footer, ['menu-item-object' => 'page', 'menu-item-object-id' => $pid["page:$p"],
                    'menu-item-type' => 'post_type', 'menu-item-position' => $n + 1]);
}
set_theme_mod('nav_menu_locations', ['primary' => $main, 'footer' => $footer]);

// fixed modification dates (the lists show "Last Modified" for drafts)
$wpdb->query("UPDATE {$wpdb->posts} SET post_modified = post_date, post_modified_gmt = post_date");
flush_rewrite_rules(true);
echo "seeded\n";
