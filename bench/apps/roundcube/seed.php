<?php
/*
 * Seed the bench's Roundcube database for nora (Nora Whitfield, Aldermoor Architects),
 * through Roundcube's own classes (rcube_user, rcube_contacts). Run by setup.sh after
 * seed.py has logged in once (so the user row exists), with ROUNDCUBE_CONFIG_DIR set to
 * the bench's config: `php seed.php`.
 *
 * Made: the default identity filled in (name, organisation, signature) and a second one
 * (the practice's projects address, same name); 25 contacts in "Personal Addresses"
 * (two Lenas, two Toms, two Jameses, two Priyas; three people at Kestrel Build and three
 * at Brightwell Structures) with phones, addresses, job titles and notes; the groups
 * "Harbourside Library team" and "Consultants"; four responses; and some preferences
 * changed (date format d/m/Y, sort by date, previews never mark mail read, no draft
 * autosave, reply above the quote, Archive as the archive folder).
 */

define('INSTALL_PATH', '/var/lib/roundcube/');
require_once INSTALL_PATH . 'program/include/clisetup.php';

$rcmail = rcmail::get_instance();
$db = $rcmail->get_dbh();
$row = $db->fetch_assoc($db->query("SELECT `user_id` FROM `users` WHERE `username` = ?", 'nora'));
if (!$row) {
    fwrite(STDERR, "no Roundcube user 'nora': seed.py's login did not happen\n");
    exit(1);
}
$user = new rcube_user($row['user_id']);
$rcmail->user = $user;
$domain = 'aldermoor-arch.example';

// identities
$sig = "Nora Whitfield\nProject Manager, Aldermoor Architects\n"
    . "14 Cumberland Wharf, Bristol BS1 6XJ\n+44 117 496 0321";
$ids = $user->list_identities();
$user->update_identity($ids[0]['identity_id'], [
    'name' => 'Nora Whitfield', 'email' => "nora.whitfield@$domain",
    'organization' => 'Aldermoor Architects', 'signature' => $sig, 'html_signature' => 0,
    'reply-to' => '', 'bcc' => '', 'standard' => 1,
]);
$user->insert_identity([
    'name' => 'Nora Whitfield', 'email' => "projects@$domain",
    'organization' => 'Aldermoor Architects', 'reply-to' => "nora.whitfield@$domain",
    'bcc' => '', 'signature' => "Aldermoor Architects – Projects\n+44 117 496 0300",
    'html_signature' => 0, 'standard' => 0,
]);

// preferences
$user->save_prefs([
    'date_format' => 'd/m/Y',
    'time_format' => 'H:i',
    'date_short' => 'D H:i',
    'date_long' => 'd/m/Y H:i',
    'message_sort_col' => 'date',
    'message_sort_order' => 'DESC',
    'mail_read_time' => -1,
    'draft_autosave' => 0,
    'reply_mode' => 1,
    'archive_mbox' => 'Archive',
    'show_images' => 1,
]);

// contacts
$work = function ($street, $locality, $zip) {
    return [['street' => $street, 'locality' => $locality, 'zipcode' => $zip,
             'country' => 'United Kingdom']];
};
$brightwell = $work('8 Temple Gate', 'Bristol', 'BS1 6PL');
$kestrel = $work('Unit 4, Avonside Trading Estate', 'Bristol', 'BS2 0UX');
$council = $work('City Hall, College Green', 'Bristol', 'BS1 5TR');
$trust = $work('Harbourside Library, Anchor Road', 'Bristol', 'BS1 5DB');
$office = $work('14 Cumberland Wharf', 'Bristol', 'BS1 6XJ');
$C = [
    // key, first, last, email, organization, job title, work phone, mobile, address, notes
    ['okafor', 'Lena', 'Okafor', 'lena.okafor@brightwell-structures.example',
     'Brightwell Structures', 'Associate Structural Engineer', '+44 117 496 0142',
     '+44 7700 900142', $brightwell, 'Structural engineer on Harbourside and Quarry Lane.'],
    ['raj', 'Raj', 'Patel', 'raj.patel@brightwell-structures.example',
     'Brightwell Structures', 'Director', '+44 117 496 0140', '', $brightwell,
     'Sends Brightwell\'s invoices.'],
    ['owen', 'Owen', 'Hughes', 'owen.hughes@brightwell-structures.example',
     'Brightwell Structures', 'Fire Engineer', '+44 117 496 0148', '+44 7700 900148',
     $brightwell, ''],
    ['baines', 'Tom', 'Baines', 'tom.baines@kestrelbuild.example', 'Kestrel Build Ltd',
     'Site Manager', '+44 117 496 0510', '+44 7700 900510', $kestrel,
     'On site at Harbourside Mon-Thu.'],
    ['gareth', 'Gareth', 'Lloyd', 'gareth.lloyd@kestrelbuild.example', 'Kestrel Build Ltd',
     'Quantity Surveyor', '+44 117 496 0514', '', $kestrel, ''],
    ['nair', 'Priya', 'Nair', 'accounts@kestrelbuild.example', 'Kestrel Build Ltd',
     'Accounts Manager', '+44 117 496 0519', '', $kestrel, 'Invoices: quote the valuation no.'],
    ['marsh', 'Lena', 'Marsh', 'lena.marsh@bristol-planning.example', 'Bristol City Council',
     'Planning Officer', '+44 117 496 0922', '', $council,
     'Case officer for Quarry Lane (26/01873/F).'],
    ['chen', 'David', 'Chen', 'david.chen@bristol-planning.example', 'Bristol City Council',
     'Development Management Officer', '+44 117 496 0925', '', $council, ''],
    ['ellis', 'Margaret', 'Ellis', 'margaret.ellis@harbourside-trust.example',
     'Harbourside Library Trust', 'Chair of Trustees', '+44 117 496 0600',
     '+44 7700 900600', $trust, 'Client lead for Harbourside Library.'],
    ['ruth', 'Ruth', 'Adebayo', 'ruth.adebayo@harbourside-trust.example',
     'Harbourside Library Trust', 'Access Group Coordinator', '+44 117 496 0604', '',
     $trust, ''],
    ['carter', 'James', 'Carter', 'james.carter@quarrylanehomes.example', 'Quarry Lane Homes',
     'Development Director', '+44 117 496 0701', '+44 7700 900701',
     $work('2 Quarry Lane', 'Bristol', 'BS16 1QR'), 'Client for Quarry Lane Housing.'],
    ['hannah', 'Hannah', 'Price', 'hannah.price@quarrylanehomes.example', 'Quarry Lane Homes',
     'Sales and Marketing Manager', '+44 117 496 0705', '',
     $work('2 Quarry Lane', 'Bristol', 'BS16 1QR'), ''],
    ['ashworth', 'Tom', 'Ashworth', "tom.ashworth@$domain", 'Aldermoor Architects',
     'Director', '+44 117 496 0301', '+44 7700 900301', $office, ''],
    ['felix', 'Felix', 'Morgan', "felix.morgan@$domain", 'Aldermoor Architects',
     'Architect', '+44 117 496 0305', '', $office, ''],
    ['amelia', 'Amelia', 'Rhodes', "amelia.rhodes@$domain", 'Aldermoor Architects',
     'Office Manager', '+44 117 496 0300', '', $office, ''],
    ['sam', 'Sam', 'Kowalski', "sam.kowalski@$domain", 'Aldermoor Architects',
     'Part 2 Architectural Assistant', '+44 117 496 0307', '', $office, ''],
    ['fox', 'Martin', 'Fox', 'martin.fox@clearview-glazing.example', 'Clearview Glazing',
     'Estimator', '+44 117 496 0777', '', $work('Unit 9, Severn Road', 'Avonmouth', 'BS11 9YW'),
     ''],
    ['okoro', 'James', 'Okoro', 'james.okoro@clearview-glazing.example', 'Clearview Glazing',
     'Accounts', '+44 117 496 0778', '', $work('Unit 9, Severn Road', 'Avonmouth', 'BS11 9YW'),
     ''],
    ['isla', 'Isla', 'Grant', 'isla.grant@greenroof-systems.example', 'Greenroof Systems',
     'Technical Manager', '+44 1452 960 210', '+44 7700 900210',
     $work('Brunswick Road', 'Gloucester', 'GL1 1JJ'), ''],
    ['shah', 'Priya', 'Shah', 'priya.shah@greenroof-systems.example', 'Greenroof Systems',
     'Sales Administrator', '+44 1452 960 212', '',
     $work('Brunswick Road', 'Gloucester', 'GL1 1JJ'), ''],
    ['chloe', 'Chloe', 'Hollis', 'chloe@hollis-landscape.example', 'Hollis Landscape',
     'Landscape Architect', '+44 1225 960 330', '+44 7700 900330',
     $work('3 Walcot Street', 'Bath', 'BA1 5BN'), 'Quarry Lane landscape, fee agreed in Sept.'],
    ['ortiz', 'Ben', 'Ortiz', 'ben.ortiz@westfield-survey.example', 'Westfield Surveying',
     'Senior Surveyor', '+44 117 496 0880', '+44 7700 900880',
     $work('41 Gloucester Road', 'Bristol', 'BS7 8AD'), ''],
    ['blake', 'Fiona', 'Blake', 'fiona.blake@blakeandco.example', 'Blake & Co Accountants',
     'Partner', '+44 117 496 0990', '', $work('5 Queen Square', 'Bristol', 'BS1 4JQ'), ''],
    ['daniel', 'Daniel', 'Whitfield', 'dan.whitfield@fastmail.example', '', '', '',
     '+44 7700 900999', [], 'Home.'],
    ['okafor2', 'Lena', 'Okafor', 'lena.okafor@fastmail.example', '', '', '', '', [],
     'Lena\'s personal address (for the cycling club).'],
];

$abook = new rcube_contacts($db, $user->ID);
$cid = [];
foreach ($C as [$key, $first, $last, $email, $org, $job, $phone, $mobile, $addr, $notes]) {
    $rec = ['name' => "$first $last", 'firstname' => $first, 'surname' => $last,
            'email:work' => [$email]];
    if ($key === 'daniel' || $key === 'okafor2') {
        $rec = ['name' => "$first $last", 'firstname' => $first, 'surname' => $last,
                'email:home' => [$email]];
    }
    if ($org !== '') {
        $rec['organization'] = $org;
    }
    if ($job !== '') {
        $rec['jobtitle'] = $job;
    }
    if ($phone !== '') {
        $rec['phone:work'] = [$phone];
    }
    if ($mobile !== '') {
        $rec['phone:mobile'] = [$mobile];
    }
    if ($addr) {
        $rec['address:work'] = $addr;
    }
    if ($notes !== '') {
        $rec['notes'] = $notes;
    }
    $id = $abook->insert($rec);
    if (!$id) {
        fwrite(STDERR, "inserting contact $first $last failed\n");
        exit(1);
    }
    $cid[$key] = $id;
}

$groups = [
    'Harbourside Library team' => ['okafor', 'owen', 'baines', 'gareth', 'ellis', 'ruth',
                                   'felix', 'fox'],
    'Consultants' => ['okafor', 'raj', 'owen', 'isla', 'chloe', 'ortiz'],
];
foreach ($groups as $name => $members) {
    $g = $abook->create_group($name);
    if (!$g) {
        fwrite(STDERR, "creating group $name failed\n");
        exit(1);
    }
    $abook->add_to_group($g['id'], array_map(function ($k) use ($cid) { return $cid[$k]; },
                                             $members));
}

// responses
$responses = [
    ['Site visit confirmed', "Thanks — I'll be on site at 10:00 as agreed. Hard hat and "
        . "boots packed.\n\nNora"],
    ['Drawings received', "Thank you, drawings received. I'll review them and come back "
        . "to you by the end of the week.\n\nNora"],
    ['Invoice passed to accounts', "Thanks — your invoice has been passed to our accounts "
        . "team for payment in the next run (we pay on Fridays).\n\nNora"],
    ['Out of office on site', "I'm on site today with limited access to email. For anything "
        . "urgent please call the office on +44 117 496 0300.\n\nNora"],
];
foreach ($responses as [$name, $text]) {
    $user->insert_response(['name' => $name, 'data' => $text, 'is_html' => 0]);
}

echo "seeded identities, prefs, " . count($cid) . " contacts, " . count($groups)
    . " groups, " . count($responses) . " responses\n";
