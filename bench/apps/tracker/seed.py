"""Seed the Trac bench environment: users, components, milestones, versions, priorities,
severities, ~150 tickets with comments and changes, wiki pages. Through Trac's own API.

Deterministic (random.Random(11), fixed dates in 2026), so tasks written against it stay
true after a re-run. Usage: ``python seed.py ENV_DIR ADMIN_PASSWORD``.
"""

from __future__ import annotations

import random
import sys
from datetime import UTC, datetime, timedelta

from trac.env import Environment
from trac.perm import PermissionSystem
from trac.ticket.model import Component, Milestone, Priority, Severity, Ticket, Type, Version
from trac.wiki.model import WikiPage

T0 = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)

# username, full name, e-mail; several share a first name on purpose
USERS = [
    ("admin", "Sam Admin", "admin@quillpad.example"),
    ("alice.moreau", "Alice Moreau", "alice.moreau@quillpad.example"),
    ("alice.nguyen", "Alice Nguyen", "alice.nguyen@quillpad.example"),
    ("alice.brandt", "Alice Brandt", "alice.brandt@quillpad.example"),
    ("ben.okafor", "Ben Okafor", "ben.okafor@quillpad.example"),
    ("chen.wei", "Chen Wei", "chen.wei@quillpad.example"),
    ("dana.fischer", "Dana Fischer", "dana.fischer@quillpad.example"),
    ("dana.ivanova", "Dana Ivanova", "dana.ivanova@quillpad.example"),
    ("eli.rossi", "Eli Rossi", "eli.rossi@quillpad.example"),
    ("farah.haddad", "Farah Haddad", "farah.haddad@quillpad.example"),
    ("greg.tanaka", "Greg Tanaka", "greg.tanaka@quillpad.example"),
    ("maria.costa", "Maria Costa", "maria.costa@quillpad.example"),
    ("maria.santos", "Maria Santos", "maria.santos@quillpad.example"),
]
DEVS = ["alice.moreau", "alice.nguyen", "alice.brandt", "ben.okafor", "chen.wei",
        "dana.fischer", "dana.ivanova", "eli.rossi", "greg.tanaka"]
REPORTERS = [*DEVS, "farah.haddad", "maria.costa", "maria.santos", "admin"]

COMPONENTS = [("Editor", "alice.moreau", "The note editor: typing, formatting, undo."),
              ("Sync", "ben.okafor", "Cloud and LAN synchronisation of notebooks."),
              ("Export", "chen.wei", "Export to PDF, HTML, Markdown and DOCX."),
              ("Import", "chen.wei", "Import from Evernote, OneNote and plain files."),
              ("Search", "dana.fischer", "Full-text index and the search bar."),
              ("User interface", "alice.nguyen", "Windows, menus, themes, dialogs."),
              ("Installer", "greg.tanaka", "Packages and auto-update."),
              ("Plugins", "eli.rossi", "The plugin API and bundled plugins."),
              ("Documentation", "dana.ivanova", "User guide and developer docs."),
              ("Mobile", "alice.brandt", "The Android and iOS apps.")]
MILESTONES = [("1.4", datetime(2026, 7, 31, 12, tzinfo=UTC),
               datetime(2026, 8, 3, 15, tzinfo=UTC),
               "Stability release: crashes on save, sync stalls.\n\n"
               "== Goals ==\n * no data-loss bugs open\n * sync under 5 s for 1,000 notes\n"),
              ("1.5", datetime(2026, 12, 18, 12, tzinfo=UTC), None,
               "Export overhaul and the new search index.\n\n"
               "== Goals ==\n * PDF export with images and tables\n"
               " * search results ranked by recency\n"),
              ("1.6", datetime(2027, 3, 31, 12, tzinfo=UTC), None,
               "Plugins API v2 and the mobile editor.\n"),
              ("2.0", None, None, "The big redesign. No date yet.\n")]
VERSIONS = [("1.3.2", datetime(2026, 4, 2, tzinfo=UTC)),
            ("1.4.0", datetime(2026, 8, 3, tzinfo=UTC)),
            ("1.4.1", datetime(2026, 9, 14, tzinfo=UTC)),
            ("1.5.0-beta", datetime(2026, 11, 10, tzinfo=UTC))]
PRIORITIES = ["blocker", "critical", "major", "minor", "trivial"]
SEVERITIES = ["data loss", "crash", "functional", "cosmetic", "usability"]
PLATFORMS = ["Windows", "macOS", "Linux", "Android", "iOS"]

# (summary, component, type); look-alike summaries sit next to each other on purpose
FIXED = [
    ("Crash on save", "Editor", "defect"),
    ("Crash on save as", "Editor", "defect"),
    ("Crash on save when disk is full", "Editor", "defect"),
    ("Crash on autosave after resume from sleep", "Editor", "defect"),
    ("Sync stalls on large attachments", "Sync", "defect"),
    ("Sync stalls on large notebooks", "Sync", "defect"),
    ("Sync conflict dialog shows wrong timestamp", "Sync", "defect"),
    ("Export to PDF drops images", "Export", "defect"),
    ("Export to PDF drops tables", "Export", "defect"),
    ("Export to HTML drops images", "Export", "defect"),
    ("Export to Markdown loses checkboxes", "Export", "defect"),
    ("Add export to DOCX", "Export", "enhancement"),
    ("Search ignores accented characters", "Search", "defect"),
    ("Search ignores text in attachments", "Search", "defect"),
    ("Search results should be ranked by recency", "Search", "enhancement"),
    ("Dark theme: toolbar icons invisible", "User interface", "defect"),
    ("Dark theme: selection colour too faint", "User interface", "defect"),
    ("Add a high-contrast theme", "User interface", "enhancement"),
    ("Installer fails on Windows without admin rights", "Installer", "defect"),
    ("Auto-update downloads the wrong architecture on Apple silicon", "Installer", "defect"),
    ("Plugin API: expose note tags", "Plugins", "enhancement"),
    ("Plugin API: expose note attachments", "Plugins", "enhancement"),
    ("Bundled calendar plugin freezes on startup", "Plugins", "defect"),
    ("Document the sync protocol", "Documentation", "task"),
    ("Update screenshots in the user guide", "Documentation", "task"),
    ("Android: keyboard covers the editor", "Mobile", "defect"),
    ("iOS: share sheet import loses formatting", "Mobile", "defect"),
    ("Import from Evernote skips tags", "Import", "defect"),
    ("Import from OneNote fails on nested sections", "Import", "defect"),
    ("Undo after paste removes two paragraphs", "Editor", "defect"),
    ("Undo history lost after switching notes", "Editor", "defect"),
    ("Spell checker underlines URLs", "Editor", "defect"),
    ("Table editing: tab key leaves the table", "Editor", "defect"),
    ("Add word count to the status bar", "User interface", "enhancement"),
    ("Keyboard shortcut for strikethrough", "Editor", "enhancement"),
    ("Notebook list does not remember collapsed state", "User interface", "defect"),
    ("Sync over LAN ignores proxy settings", "Sync", "defect"),
    ("Sync: show progress for each notebook", "Sync", "enhancement"),
    ("Memory leak when many notes are open", "Editor", "defect"),
    ("Slow startup with 10,000 notes", "Search", "defect"),
]
SUBJECTS = {
    "Editor": ["bullet lists", "code blocks", "inline images", "headings", "checklists",
               "footnotes", "math blocks", "links"],
    "Sync": ["the WebDAV backend", "the Dropbox backend", "shared notebooks", "deleted notes",
             "renamed notebooks", "note history"],
    "Export": ["PDF export", "HTML export", "Markdown export", "printing", "EPUB export"],
    "Import": ["Evernote import", "OneNote import", "plain-text import", "Markdown import"],
    "Search": ["the search bar", "saved searches", "tag search", "the search index"],
    "User interface": ["the settings dialog", "the sidebar", "the tab bar",
                       "the notebook picker", "the about box", "the tray icon"],
    "Installer": ["the MSI package", "the DMG", "the Flatpak", "the Debian package",
                  "auto-update"],
    "Plugins": ["the plugin manager", "the calendar plugin", "the kanban plugin",
                "the plugin sandbox"],
    "Documentation": ["the user guide", "the plugin tutorial", "the FAQ", "the API reference"],
    "Mobile": ["the Android widget", "the iOS widget", "offline mode on Android",
               "the iOS share sheet"],
}
PATTERNS = [("{s} is slow with large notes", "defect"),
            ("Typo in {s}", "defect"),
            ("{s} does not respect the system font size", "defect"),
            ("Crash when opening {s}", "defect"),
            ("{s} loses changes after restart", "defect"),
            ("Improve keyboard navigation in {s}", "enhancement"),
            ("Add right-to-left support to {s}", "enhancement"),
            ("Clean up the code of {s}", "task"),
            ("Write tests for {s}", "task"),
            ("{s} flickers on high-DPI screens", "defect")]
COMMENTS = [
    "I can reproduce this on {p} with {v}.",
    "Still happens for me after the last update.",
    "Looks like a race between the autosave timer and the writer thread.",
    "Could you attach the log file from the Help > Diagnostics menu?",
    "Attached the log. It happens every time with the sample notebook.",
    "Workaround: disable autosave in Preferences > Editor.",
    "Moving this to the next milestone, we are out of time for this one.",
    "Fixed in the branch, needs review.",
    "Reviewed and merged. Thanks!",
    "Duplicate of an older ticket, but this one has better steps to reproduce.",
    "I think this is the same root cause as the sync stall.",
    "+1, our whole team hits this daily.",
]
DESCRIPTIONS = [
    "== Steps to reproduce ==\n 1. Open a notebook with a few hundred notes\n"
    " 2. {action}\n 3. Watch the result\n\n== Expected ==\nIt just works.\n\n"
    "== Actual ==\n{actual}\n",
    "{actual}\n\nSeen on {p}, version {v}. Happens about one time in three.\n",
    "It would be great if {want}.\n\nSeveral users asked for this on the forum.\n",
]


def stamp(rng: random.Random, lo: datetime, hi: datetime) -> datetime:
    span = int((hi - lo).total_seconds())
    return lo + timedelta(seconds=rng.randint(0, span))


CONFIG = {
    "project": {"name": "Quillpad", "descr": "Notes for desktop and mobile",
                "footer": "Quillpad bench tracker"},
    "trac": {"default_timezone": "UTC", "show_full_names": "enabled",
             "default_date_format": "iso8601"},
    "logging": {"log_type": "file", "log_level": "WARNING"},
    "header_logo": {"src": "", "alt": "Quillpad", "link": "/"},
    "ticket": {"restrict_owner": "enabled", "default_milestone": "",
               "default_component": "Editor"},
    "ticket-custom": {"platform": "select", "platform.label": "Platform",
                      "platform.options": "|" + "|".join(PLATFORMS), "platform.value": ""},
    "query": {"default_anonymous_query": "status!=closed&cc~=$USER",
              "items_per_page": "50"},
    "components": {"acct_mgr.api.accountmanager": "enabled",
                   "acct_mgr.web_ui.loginmodule": "enabled",
                   "acct_mgr.web_ui.accountmodule": "enabled",
                   "acct_mgr.admin.*": "enabled",
                   "acct_mgr.htfile.htpasswdstore": "enabled",
                   "acct_mgr.pwhash.*": "enabled",
                   "acct_mgr.db.sessionstore": "disabled",
                   "acct_mgr.register.*": "disabled",
                   "trac.web.auth.loginmodule": "disabled"},
}


def configure(env_dir: str) -> None:
    """Write the bench settings into conf/trac.ini (before the environment loads)."""
    from trac.config import Configuration
    conf = Configuration(env_dir + "/conf/trac.ini")
    for section, values in CONFIG.items():
        for k, v in values.items():
            conf.set(section, k, v)
    conf.set("account-manager", "password_store", "HtPasswdStore")
    conf.set("account-manager", "htpasswd_file", env_dir + "/htpasswd")
    conf.set("account-manager", "htpasswd_hash_type", "sha256")
    conf.set("account-manager", "login_attempt_max_count", "0")
    conf.save()


def main(env_dir: str, password: str) -> None:
    rng = random.Random(11)
    configure(env_dir)
    env = Environment(env_dir)

    # users: names and e-mails (session attributes), passwords, permissions
    from acct_mgr.api import AccountManager
    am = AccountManager(env)
    with env.db_transaction as db:
        for user, name, email in USERS:
            db("INSERT OR REPLACE INTO session (sid, authenticated, last_visit) "
               "VALUES (%s, 1, %s)", (user, int(T0.timestamp())))
            for k, v in (("name", name), ("email", email)):
                db("INSERT OR REPLACE INTO session_attribute (sid, authenticated, name, value)"
                   " VALUES (%s, 1, %s, %s)", (user, k, v))
    for user, _, _ in USERS:
        am.set_password(user, password if user == "admin" else user + "-pw")
    perm = PermissionSystem(env)
    perm.grant_permission("admin", "TRAC_ADMIN")
    for p in ("TICKET_ADMIN", "WIKI_ADMIN", "MILESTONE_ADMIN", "REPORT_ADMIN", "ROADMAP_ADMIN"):
        perm.grant_permission("developers", p)
    for user in DEVS:
        perm.grant_permission(user, "developers")
    for user in ("farah.haddad", "maria.costa", "maria.santos"):
        perm.grant_permission(user, "TICKET_MODIFY")

    # enums: drop Trac's examples, add ours
    for cls in (Component, Milestone, Version):
        for obj in list(cls.select(env)):
            obj.delete()
    for name, owner, desc in COMPONENTS:
        c = Component(env)
        c.name, c.owner, c.description = name, owner, desc
        c.insert()
    for name, due, completed, desc in MILESTONES:
        m = Milestone(env)
        m.name, m.due, m.completed, m.description = name, due, completed, desc
        m.insert()
    for name, when in VERSIONS:
        v = Version(env)
        v.name, v.time = name, when
        v.insert()
    # Trac's default priorities are PRIORITIES already
    assert [p.name for p in Priority.select(env)] == PRIORITIES
    for i, name in enumerate(SEVERITIES, 1):
        s = Severity(env)
        s.name, s.value = name, str(i)
        s.insert()
    for name in ("support request",):
        t = Type(env)
        t.name = name
        t.insert()

    # tickets: the hand-written ones first (fixed ids 1..40), then patterned ones
    rows = list(FIXED)
    while len(rows) < 152:
        comp = rng.choice(list(SUBJECTS))
        pat, typ = rng.choice(PATTERNS)
        s = rng.choice(SUBJECTS[comp])
        summary = pat.format(s=s)
        summary = summary[0].upper() + summary[1:]
        if summary not in [r[0] for r in rows]:
            rows.append((summary, comp, typ))
    owners_of = {c: o for c, o, _ in COMPONENTS}
    created = sorted(stamp(rng, T0, datetime(2026, 11, 18, tzinfo=UTC))
                     for _ in rows)
    for i, ((summary, comp, typ), when) in enumerate(zip(rows, created, strict=True), 1):
        t = Ticket(env)
        p, v = rng.choice(PLATFORMS), rng.choice(VERSIONS)[0]
        t["summary"] = summary
        t["type"] = typ
        t["component"] = comp
        t["reporter"] = rng.choice(REPORTERS)
        t["owner"] = owners_of[comp] if rng.random() < 0.6 else rng.choice(DEVS)
        t["priority"] = rng.choices(PRIORITIES, [1, 3, 8, 5, 2])[0]
        t["severity"] = rng.choice(SEVERITIES) if typ == "defect" else ""
        t["version"] = v if typ == "defect" else ""
        t["milestone"] = rng.choices(["1.4", "1.5", "1.6", "2.0", ""], [3, 5, 3, 2, 2])[0]
        if t["milestone"] == "1.4" and when > datetime(2026, 7, 15, tzinfo=UTC):
            t["milestone"] = "1.5"  # too late for the completed milestone
        t["platform"] = p if typ == "defect" else ""
        t["keywords"] = " ".join(rng.sample(["regression", "ux", "perf", "a11y", "needs-info",
                                             "easy", "i18n"], rng.randint(0, 2)))
        t["cc"] = ", ".join(rng.sample(REPORTERS, rng.randint(0, 2)))
        t["status"] = "new"
        desc = rng.choice(DESCRIPTIONS)
        t["description"] = desc.format(
            action=f"Use {summary.lower()[:40]}", actual=f"{summary}. No error is shown.",
            p=p, v=v, want=summary[0].lower() + summary[1:].rstrip("."))
        t.insert(when=when)
        # history: comments and state changes, in time order
        later = when
        n = rng.choices([0, 1, 2, 3, 5], [4, 3, 2, 1, 1])[0]
        if i in (1, 2, 5, 8):  # the look-alikes get a real discussion
            n = 4
        if t["milestone"] == "1.4":  # a completed milestone: its tickets get closed
            n = max(n, 1)
        for k in range(n):
            later = later + timedelta(hours=rng.randint(2, 120))
            if later > datetime(2026, 11, 24, tzinfo=UTC):
                break
            author = rng.choice(REPORTERS)
            if k == 0 and rng.random() < 0.7:
                t["status"] = "assigned" if rng.random() < 0.5 else "accepted"
                author = t["owner"]
            if (k == n - 1 and t["milestone"] == "1.4") or (k == n - 1 and rng.random() < 0.3):
                t["status"] = "closed"
                t["resolution"] = rng.choices(["fixed", "duplicate", "wontfix", "worksforme",
                                               "invalid"], [8, 2, 1, 1, 1])[0]
                author = t["owner"]
            if k == 1 and rng.random() < 0.3:
                t["priority"] = rng.choice(PRIORITIES[:3])
            t.save_changes(author, rng.choice(COMMENTS).format(p=p, v=v), when=later)

    # wiki pages
    for name, text in WIKI.items():
        page = WikiPage(env, name)
        page.text = text
        page.save("admin", "Bench seed", T0 + timedelta(days=10))
    page = WikiPage(env, "ReleaseChecklist")
    page.text = WIKI["ReleaseChecklist"] + " * [ ] announce on the forum\n"
    page.save("dana.ivanova", "add the forum step", T0 + timedelta(days=100))
    env.shutdown()


WIKI = {
    "WikiStart": """= Quillpad development =

Welcome to the tracker of '''Quillpad''', the note-taking app for desktop and mobile.

== Where to start ==
 * [wiki:ReleaseProcess How we release] and the [wiki:ReleaseChecklist release checklist]
 * [wiki:TriageGuidelines Triage guidelines] for new tickets
 * [wiki:SyncProtocol The sync protocol]
 * [wiki:CodingStyle Coding style] and [wiki:KeyboardShortcuts keyboard shortcuts]
 * The [/roadmap roadmap] and [/report/1 active tickets]

== Team ==
||= Area =||= Lead =||= Backup =||
|| Editor || Alice Moreau || Alice Nguyen ||
|| Sync || Ben Okafor || Dana Fischer ||
|| Export and import || Chen Wei || Eli Rossi ||
|| Mobile || Alice Brandt || Greg Tanaka ||
""",
    "ReleaseProcess": """= Release process =

[[PageOutline]]

== Branching ==
Release branches are cut from `main` two weeks before the milestone's due date.

== Freeze ==
After the branch is cut only tickets with priority ''blocker'' or ''critical'' are merged.

== Versions ==
||= Version =||= Branch cut =||= Released =||= Manager =||
|| 1.3.2 || 2026-03-19 || 2026-04-02 || Dana Ivanova ||
|| 1.4.0 || 2026-07-20 || 2026-08-03 || Greg Tanaka ||
|| 1.4.1 || 2026-09-01 || 2026-09-14 || Greg Tanaka ||
|| 1.5.0 || 2026-12-04 || planned || Dana Ivanova ||

== Hotfixes ==
A hotfix gets its own version (1.4.1) and goes through the [wiki:ReleaseChecklist checklist].
""",
    "ReleaseChecklist": """= Release checklist =

== Before the branch ==
 * [ ] all blockers of the milestone closed
 * [ ] translations frozen

== Before the release ==
 * [ ] installers signed (Windows, macOS)
 * [ ] release notes written
 * [ ] screenshots updated
""",
    "TriageGuidelines": """= Triage guidelines =

== Priority ==
||= Priority =||= Meaning =||= Response time =||
|| blocker || Data loss or no workaround for many users || 1 day ||
|| critical || Crash or broken core feature || 3 days ||
|| major || Important, has a workaround || 2 weeks ||
|| minor || Annoying || next milestone ||
|| trivial || Cosmetic || when someone has time ||

== Severity ==
Severity says what happens to the user; priority says how soon we fix it.

== Keywords ==
 * `regression` — worked in an earlier version
 * `needs-info` — waiting for the reporter
 * `easy` — good first ticket
""",
    "SyncProtocol": """= Sync protocol =

[[PageOutline]]

== Overview ==
Each notebook is synced as a journal of operations.

== Messages ==
||= Message =||= Direction =||= Payload =||
|| HELLO || client → server || device id, protocol version ||
|| PULL || client → server || last seen revision ||
|| PUSH || client → server || operations ||
|| ACK || server → client || new revision ||

== Conflicts ==
Conflicting edits to the same paragraph open the conflict dialog.

== Attachments ==
Attachments over 20 MB are uploaded in chunks of 4 MB.
""",
    "CodingStyle": """= Coding style =

== Python ==
 * black, line length 100
 * type hints everywhere

== TypeScript ==
 * prettier defaults
 * no default exports
""",
    "KeyboardShortcuts": """= Keyboard shortcuts =

||= Action =||= Windows / Linux =||= macOS =||
|| Save || Ctrl+S || Cmd+S ||
|| Save as || Ctrl+Shift+S || Cmd+Shift+S ||
|| Find || Ctrl+F || Cmd+F ||
|| Find in all notes || Ctrl+Shift+F || Cmd+Shift+F ||
|| Bold || Ctrl+B || Cmd+B ||
|| Strikethrough || (none yet, see #35) || (none yet) ||
""",
}

if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
