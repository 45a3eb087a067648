"""Whether find's best can do what the request's verb asks, before a click by words.

find ranks by words, and the words of a request are mostly the thing acted on: "take
*Paper Moons* off this order", "put the discount back", "open order LB-1017". The element
that carries those words best is often the thing itself — the order line's button that
opens it, the discount's slider, the row's checkbox — and a click on it lands, is
reported done, and does something else than asked. These checks refuse such a click
(the refusal lists find's best, so the agent can act by ref); they never pick another
element. They were written from the wrong actions of the dev corpus (``bench/
find_corpus.py``: 8 of its 14), so their effect there is in-sample; the held-out measure
is an outside review's.

- :func:`undone`: the request asks for an act only a control does (save, delete,
  unlink, "take … off", "put … back") and the best names the thing, not the act: a tab
  or link that shows it, a button named by it alone, a field a click only focuses.
- :func:`untoggled`: the request asks to open, go to, download, submit … and the best is
  a checkbox, radio or switch whose name does not say that verb: a click ticks it.
- :func:`miscast`: the best's name opens with another act than the request's ("publish
  my edit" over *Show preview*), not a synonym of it.
- :func:`unroled`: the request names the kind of control ("open the menu of Aiko's
  annotation") and the best is of another kind (her avatar), its name not saying it.
- :func:`overreach`: the best's name says one act of the request and the request asks
  for another too, or for the act later ("schedule send", "send and archive" over
  *Send*).

:func:`undone` also holds a record's own link to an act the lists do not know, when
the page's buttons open their names with the request's first word or the request says
it as an order ("suspend Jon Smith" over his name's link; review 58).

English requests only (the verb lists are English), but for :func:`undone`'s tab and
link form, which needs only the request's first word to be one of its verbs.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..index.identity import record_item, records_beside, words
from ..index.labels import label
from ..index.roles import by_cursor, is_interactive
from ..languages import current_language
from ..render.elements import element_line
from ..search.lexical import STOPWORDS, SYNONYMS, english_stem
from ..search.ranking import ACTION_VERBS, undoable

if TYPE_CHECKING:
    from ..index import PageIndex
    from ..render.find import FindResult
    from ..snapshot import Node

__all__ = ["BY_ANY_CLICK", "DONE_BY_CONTROL", "IMPERATIVE", "TOGGLE_ROLES", "carded",
           "miscast", "overreach", "undone", "unroled", "untoggled"]

#: Verbs of a request that only a control doing that can answer: a tab or a link named
#: by the thing acted on (*Logs* for "save these logs") only shows it.
DONE_BY_CONTROL = frozenset(str.split(
    "save delete remove download upload print share copy subscribe unsubscribe undo redo "
    "reset export import submit send duplicate archive restore publish unpublish approve "
    "reject invite accept decline rename clear empty install uninstall unlink detach "
    "disconnect unassign discard revert"))
#: More acts that change a record's state, which a tab, a link or a field named by the
#: record cannot do either ("move the checkout redesign to Done" over the card's title
#: link, "reopen the React upgrade", "apply the bulk action" over its drop-down; review
#: 56). Kept apart from DONE_BY_CONTROL, which other checks read as verbs a control's
#: name must say; "follow" is left out (one follows a link), and so are acts that
#: opening the record begins (edit, complete, create).
_CHANGES_STATE = frozenset(str.split(
    "move reopen close merge assign book apply resolve pin unpin star unstar mute unmute "
    "block unblock lock unlock cancel retry rerun restart stop pause resume deploy like "
    "unlike upvote downvote snooze flag unflag claim vote mark enable disable activate "
    "deactivate schedule reschedule refund pay buy purchase transfer"))
#: Verbs a click on text or a picture may answer whatever the page does with it.
BY_ANY_CLICK = frozenset(str.split(
    "open view show select click press tap hit toggle expand collapse play copy print sort "
    "filter choose pick highlight zoom enlarge focus read see find check look go visit "
    "navigate hover scroll"))
#: A request that opens with a verb given as an order: its first word, then an article,
#: a demonstrative or a possessive ("rotate the …", "archive my …", "bookmark sara's …").
IMPERATIVE = re.compile(r"\s*[^\W\d_]+\s+(?:(?:the|a|an|this|that|these|those|my|our|your|"
                        r"his|her|their|its|all|every|each)\b|[^\W\d_]+['’]s\b)", re.I)
#: First words of a request that a record's own link answers: it opens the record, and
#: opening is where editing, completing or following it begins.
_BY_OPENING = BY_ANY_CLICK | frozenset(str.split(
    "edit complete create follow browse watch listen explore learn discover"))
#: A verb and a particle later in the request that together ask for such an act ("take
#: Paper Moons off this order", "put the discount back"); "take me back" is a way back.
_PHRASAL = {("take", "off"): "remove", ("take", "out"): "remove", ("take", "away"): "remove",
            ("put", "back"): "restore", ("set", "back"): "reset", ("bring", "back"): "restore"}
#: Roles that show or lead somewhere rather than do.
_SHOWING_ROLES = frozenset({"tab", "link"})
#: Roles a click names by what they act on when they carry no verb (an order line's
#: button that opens the line).
_DOING_ROLES = frozenset({"button", "menuitem"})
#: Roles of the parts of a page no record reaches past.
_LANDMARKS = frozenset({"main", "navigation", "banner", "contentinfo", "complementary",
                        "region", "form", "search", "dialog"})
#: Roles of the controls a row's act may be said by (WordPress's row actions are links).
_SAYING_ROLES = _DOING_ROLES | {"link"}
#: Roles a click only focuses or opens: it cannot save, delete or reset anything.
_FIELD_ROLES = frozenset({"textbox", "searchbox", "spinbutton", "slider", "combobox"})
#: Words of a field's name that say its kind, not the thing ("range slider for Discount").
_KIND_WORDS = frozenset(str.split("range slider number input field box text for of"))
#: Verbs a checkbox, radio or switch does not do unless its name says so: a click on it
#: ticks it ("open order LB-1017" over the order row's checkbox).
_NOT_BY_TOGGLE = frozenset(str.split(
    "open go view visit navigate download upload submit send publish save edit rename print "
    "export import search sort close create file"))
#: Roles a click ticks or switches (public: the acting checks read it too).
TOGGLE_ROLES = frozenset({"checkbox", "radio", "switch", "menuitemcheckbox", "menuitemradio"})
#: Marks a record is given by a button of its own, whatever it is called there ("unstar
#: the birthday cake" over the photo's selection box, its *Favourite* beside it).
_MARKS = frozenset(str.split("star unstar pin unpin like unlike upvote downvote flag unflag "
                             "snooze bookmark"))
#: Verbs a click on a checkbox, radio or switch answers, its name aside ("turn the
#: heating on", "use the 24-hour clock"); a record's acts (star, pin, mute …) only where
#: its name says them (*Starred*), not over a record's selection box.
_BY_TOGGLE = frozenset(str.split(
    "tick untick check uncheck select deselect unselect toggle enable disable turn switch "
    "flip activate deactivate mark unmark choose pick opt include exclude allow disallow "
    "show hide display use set make keep remember accept agree require want notify email "
    "hold click press tap hit"))
#: Every verb a control's name may open with, to tell a name that says an act (and
#: their synonyms: *Change my password* says an act).
_VERBS = frozenset(w for v in ACTION_VERBS | DONE_BY_CONTROL | _NOT_BY_TOGGLE
                   for w in (v, *SYNONYMS.get(v, ())))
#: Request verbs that ask only for a click on the thing ("open the search options" over
#: a *Search* link that opens them): no act of their own for :func:`miscast` to miss.
_JUST_CLICK = frozenset(str.split("open show view go visit navigate expand toggle select "
                                   "click press tap hit push"))
#: Acts that make something new, which a request to open or show a thing does not ask.
_MAKES = frozenset(str.split("add create new duplicate copy upload import generate invite"))
#: The words a request may say adding with ("open the new card form" over *Add card*).
_MAKING = frozenset(str.split("add adds adding added create creates creating created new"))
#: Acts that end or undo something, which a request must say by name or synonym.
_ENDING = frozenset(str.split("close cancel reject decline discard delete remove archive "
                              "revoke disable deactivate block ban lock unpublish "
                              "unsubscribe leave reset clear"))
_MAKES_OR_ENDS = _MAKES | _ENDING


def _stem(word: str) -> str:
    return english_stem(word.casefold())


#: The stems of the verbs a control's name may open with (stemmed once, not per check).
_ACT_STEMS = frozenset(_stem(w) for w in _VERBS)
#: The stems of every verb a name may say an act with.
_VERB_STEMS = _ACT_STEMS | {_stem(w) for w in _CHANGES_STATE}


#: Acts a control does that ticking a box does not (*clear* unticks one).
_CONTROL_ACTS = DONE_BY_CONTROL - {"clear"}


def _lemmas(word: str) -> tuple[str, ...]:
    """``word`` and, for a verb's -ing form, the verb ("archiving": *archive*)."""
    if len(word) > 5 and word.endswith("ing"):
        return word, word[:-3], word[:-3] + "e", word[:-4]  # (running: run)
    return (word,)


def _says(name_words: set[str], verb: str) -> bool:
    """Whether a name's (stemmed) words say ``verb`` or a synonym of it."""
    return any(_stem(w) in name_words for w in (verb, *SYNONYMS.get(verb, ())))


def _submits(verb: str, node: Node) -> bool:
    """Whether a request to submit or send meets a form's submit button, whatever its
    name (*Change my password*)."""
    return verb in ("submit", "send") and node.attrs.get("type") == "submit"


def _asked_act(result: FindResult) -> str | None:
    """The act a request asks for that only a control does ("save …", "take … off")."""
    seq = result.ranking.query.sequence
    if not seq:
        return None
    if seq[0] in DONE_BY_CONTROL or seq[0] in _CHANGES_STATE:
        return seq[0]
    if current_language() is not None:
        return None
    return next((act for (verb, particle), act in _PHRASAL.items()
                 if seq[0] == verb and particle in seq[1:]), None)


def _unlisted_act(idx: PageIndex, result: FindResult) -> str | None:
    """The first word of a request when it asks for an act the lists here do not know
    ("suspend Jon Smith", "hide the backend engineer job", "compare with Trailblazer
    1"): a word the page's own buttons open their names with (the other rows'
    *Suspend*), or one said as an order (:data:`IMPERATIVE`); not a word that opening
    or clicking a thing answers (:data:`_BY_OPENING`). English requests only."""
    seq = result.ranking.query.sequence
    if not seq or current_language() is not None:
        return None
    first = seq[0]
    if len(seq) > 1 and seq[0] + seq[1] in result.ranking.query.terms:
        first = seq[0] + seq[1]  # a verb written in two words: "roll back" (*Rollback*)
    if first in _BY_OPENING and first not in BY_ANY_CLICK and result.ref and \
            _said_beside(idx, result.ref, first):
        return first  # "edit Ana Gomez": the other rows' *Edit*, none in hers (review 58)
    if first in _BY_OPENING or first in STOPWORDS or not first.isalpha():
        return None
    if IMPERATIVE.match(result.ranking.query.text) or _stem(first) in _control_verbs(idx):
        return first
    if result.ref and _said_beside(idx, result.ref, first, anywhere=True):
        return first  # "email Ana" over her name's link, her menu's *Send email* (review 61)
    return None


def _said_beside(idx: PageIndex, ref: str, verb: str, *, anywhere: bool = False) -> bool:
    """Whether the element's own record, or the records beside it, hold a control whose
    name opens with ``verb`` (``anywhere``: a button of its own record holds it): the
    page edits a user by each row's *Edit* (a card by its menu's *Edit*), not by a
    name's link, and a row without one (an invited user's) is not edited by its name's
    link either."""
    pos = idx.pos(ref)
    tree, nodes, want = idx.tree, idx.nodes, _stem(verb)
    item = record_item(idx, pos)
    if item is None:
        # no look-alike tells its record (three file cards, each named by its file):
        # the widest box around it that holds no other element of its kind
        node, item = nodes[pos], None
        for a in tree.ancestors(pos):
            if nodes[a].role in _LANDMARKS or any(
                    j != pos and nodes[j].role == node.role and nodes[j].tag == node.tag
                    and nodes[j].visible for j in tree.subtree(a)):
                break
            item = a
        if item is None:
            return False

    def said(j: int) -> bool:
        n = nodes[j]
        if not n.name:
            return False
        if anywhere:  # a button of its own: *Send email*
            return n.role in _DOING_ROLES and j != pos and \
                any(_stem(w) == want for w in words(n.name))
        return n.role in _SAYING_ROLES and _stem(_first_word(n.name)) == want

    def says(record: int) -> bool:
        return any(said(j) for j in tree.subtree(record))

    if says(item):
        return True  # its own *Edit* (in a closed menu too) is the way, not its title
    # (a word anywhere in a button's name says an act only in the element's own record:
    # "email Ana" by her menu's *Send email*)
    return not anywhere and any(says(o) for o in records_beside(idx, item))


def _control_verbs(idx: PageIndex) -> frozenset[str]:
    """The stems of the first words of the page's buttons and menu items (once a page)."""
    found: frozenset[str] | None = idx.cache.get("verbfit.control_verbs")
    if found is None:
        firsts = set()
        for n in idx.nodes:
            if n.role in _DOING_ROLES and n.name:
                ws = [w for w in words(n.name) if w.isalpha()]
                if ws and ws[0] not in STOPWORDS:
                    firsts.add(_stem(ws[0]))
        found = idx.cache["verbfit.control_verbs"] = frozenset(firsts)
    return found


def undone(idx: PageIndex, result: FindResult, action: str) -> str | None:
    """The refusal to give when a click's best names the thing the request acts on but
    not the act: a tab or link ("save these logs to my computer" over the *Logs* tab;
    Prefect's first run), a button named by the thing alone ("take *Paper Moons and
    Kites* off this order" over the order line, which opens it), or a field a click
    only focuses ("put the discount back" over its slider). The click would land and be
    reported done while nothing was saved, removed or reset."""
    if action != "click" or not result.ref or not result.matches:
        return None
    act = _asked_act(result)
    node = idx.node(result.ref)
    if act is None and node.role in _SHOWING_ROLES:
        act = _unlisted_act(idx, result)  # "suspend Jon Smith" over his name's link
        changes = True
    else:
        changes = act in _CHANGES_STATE
    if act is None:
        return None
    own = {_stem(w) for w in words(label(node)) if w not in STOPWORDS}
    # a name the request quotes is the record's, whatever verb it holds: "delete the
    # 'Remove deprecated API' issue" is no click on that title (review 60)
    quoted = {_stem(w) for x in result.ranking.query.quoted for w in words(x)}
    acts = own - quoted if node.role in _SHOWING_ROLES else own
    if _says(acts, act) or any(_stem(w) in acts for w in _PHRASAL_WORDS.get(act, ())):
        return None
    asked = {_stem(t) for t in result.ranking.query.terms}
    if node.role in _SHOWING_ROLES:
        # it names the thing only: all its words are the request's ("Logs"), none says
        # what is done ("Move to the Trash" for "send … to the trash", a "✖" that removes);
        # a link does download or print a file named by more words, but no link named by
        # a record ("WEB-104 Upgrade React to 18") moves, reopens or assigns it
        # (a name that opens with a verb may say the act otherwise: "Move to the Trash";
        # one that holds a verb further on is a record's title: "Agent crashes when
        # config file is empty" assigns nothing, review 59)
        if not own or not (own <= asked or (changes and own & asked and
                                            not _opens_with_verb(label(node)))):
            return None
    elif node.role in _DOING_ROLES:
        # named by the thing (a word of the request's besides the act), with no verb of
        # its own: *Paper Moons and Kites (Hardcover) × 5*; an icon's "✖" names nothing;
        # nor does its group say the act (*CSV* under "Download as", review 54)
        if current_language() is not None or not own & (asked - {_stem(act)}) or \
                own & _ACT_STEMS or undoable(label(node)) or \
                _submits(act, node) or _group_says(idx, result.ref, act):
            return None
    elif node.role in _FIELD_ROLES:
        if current_language() is not None or not (own - _KIND_WORDS) & asked:
            return None
    else:
        return None
    return (f"{result.query!r} asks to {act}, and find's best match, {element_line(node)}, "
            f"is a {node.role} that names what is acted on, not the act, so a click would "
            f"{'focus it' if node.role in _FIELD_ROLES else 'show it'} and do nothing "
            f"else; nothing was done ({action}). Find the control that does it (it may "
            f"be on the page the element leads to), or act on an element by its ref "
            f"({action} <ref>).")


def _opens_with_verb(name: str) -> bool:
    """Whether a name's first word (not a small one) is a verb a name may say an act
    with."""
    first = _first_word(name)
    return bool(first) and _stem(first) in _VERB_STEMS


def _first_word(name: str) -> str:
    """A name's first word that is not a small one ("" for none): where it says its act."""
    return next((w for w in words(name) if w.isalpha() and w not in STOPWORDS), "")


#: The words a name may say the phrasal acts with (*Remove*, *Delete*, *Reset*, *Undo*).
_PHRASAL_WORDS = {"remove": ("delete", "trash", "clear", "unlink", "detach", "discard"),
                  "restore": ("reset", "undo", "revert", "default"),
                  "reset": ("restore", "undo", "revert", "default")}


#: Roles of a record's container, named by its content rather than by its author.
_RECORD_ROLES = frozenset({"listitem", "row", "article", "treeitem", "gridcell", "cell"})
#: How far up a control's ancestors a group naming its act may be.
_GROUP_DEPTH = 4


def _group_says(idx: PageIndex, ref: str, verb: str) -> bool:
    """Whether a group around the control, or the heading or text just before that
    group, says ``verb`` (*Download as* over *CSV* / *PDF*; a *Sort by* radio group)."""
    pos = idx.pos(ref)
    tree = idx.tree
    for p in tree.ancestors(pos)[:_GROUP_DEPTH]:
        # a record's name is its content (a ticket's "Kim Sato · Open"), not a group's
        # word for what its controls do (review 62: "open ticket 4824" ticked its box)
        said = "" if idx.nodes[p].role in _RECORD_ROLES else label(idx.nodes[p])
        lead = tree.child_pos[p][0] if tree.child_pos[p] else -1
        if lead >= 0 and lead != pos and not tree.contains(lead, pos) and \
                idx.nodes[lead].role not in _RECORD_ROLES:  # another record, no heading
            said += " " + (label(idx.nodes[lead]) or idx.nodes[lead].text)[:80]
        if said and _says({_stem(w) for w in words(said)}, verb):
            return True
    return False


def untoggled(idx: PageIndex, result: FindResult, action: str) -> str | None:
    """The refusal to give when a click's best is a checkbox, radio or switch and the
    request asks to open, go to, download, submit … what its name does not say ("open
    order LB-1017" over the order row's checkbox): a click would tick it."""
    if action != "click" or not result.ref or current_language() is not None:
        return None
    node = idx.node(result.ref)
    if node.role not in TOGGLE_ROLES:
        return None
    seq = result.ranking.query.sequence
    verb = seq[0] if seq else ""
    own = {_stem(w) for w in words(label(node))}
    ends = bool(undoable(verb))  # "delete the Billing role" over a *Billing Delete* box
    # an act only a control does, said first or just after ("duplicate new-checkout",
    # "confirm archiving dark-mode-v2" over the flag's switch: review 61)
    known = verb in _NOT_BY_TOGGLE or ends
    done = "" if known else \
        next((a for w in seq[:2] for a in _lemmas(w) if a in _CONTROL_ACTS), "")
    if not (known or done) and verb not in _BY_TOGGLE:
        # an act no list here holds, given as an order, that a button of the box's own
        # record says ("rotate the harbor boats photo" over the photo's selection box,
        # its *Rotate* in a closed menu: review 62); "add a child seat" over the *Child
        # seat* option, with no *Add* of its own, is the option asked for
        # (or a box named by the act whose record's button says it too: *Auto-refill*
        # beside *Request refill*, for "refill Metformin": review 62)
        done = verb if _unlisted_act(idx, result) == verb and (
            verb in _MARKS or _said_beside(idx, result.ref, verb)
            or (_says(own, verb)
                and _said_beside(idx, result.ref, verb, anywhere=True))) else ""
    if not (known or done):
        return None
    verb = done or verb
    # a box named by an undoable act is a permission or a setting: a click ticks it,
    # it deletes nothing (review 59's permission matrix); unless a button of its own
    # record says the act too: the order is the button's, even a disabled one's
    # ("refill Metformin" over the prescription's *Auto-refill* switch, beside its
    # *Request refill*: review 62)
    if not ends and (_says(own, verb) or _group_says(idx, result.ref, verb)) and \
            not _said_beside(idx, result.ref, verb, anywhere=True):
        return None
    # the box is the setting asked for: its name says the rest of the request ("open
    # external links in a new window" over *External links in new window*); a record's
    # box named by the record is no setting that duplicates or archives it
    rest = {_stem(t) for t in result.ranking.query.terms if t != verb and t not in STOPWORDS}
    if not done and rest and len(rest & own) * 3 >= 2 * len(rest) and \
            not any(c.isdigit() for t in rest for c in t):  # an id names a record's box
        return None
    return (f"{result.query!r} asks to {verb}, and find's best match, {element_line(node)}, "
            f"is a {node.role}: a click would tick or untick it and do nothing else, so "
            f"nothing was done ({action}). Act on an element by its ref ({action} <ref>).")


def carded(idx: PageIndex, result: FindResult, action: str) -> str | None:
    """The refusal to give when a click's best is a box clickable as a whole (by its
    cursor or a listener, no control's role) that holds controls of its own, and the
    request opens with an act the box's words do not say ("turn on the air purifier"
    over the purifier's tile, whose *Power* switch does it; review 62): a click on the
    tile's middle opens it at most, and would be reported done."""
    if action != "click" or not result.ref or current_language() is not None:
        return None
    seq = result.ranking.query.sequence
    verb = seq[0] if seq else ""
    if not verb.isalpha() or verb in STOPWORDS or verb in _BY_OPENING:
        return None
    pos = idx.pos(result.ref)
    node = idx.nodes[pos]
    if not by_cursor(node) or _stem(verb) in {_stem(w) for w in words(label(node))}:
        return None
    # (the box itself is clickable by its cursor, so the walk does not count it)
    if not any(is_interactive(n) and not by_cursor(n)
               for n in map(idx.nodes.__getitem__, idx.tree.subtree(pos))):
        return None
    return (f"{result.query!r} asks to {verb}, and find's best match, {element_line(node)}, "
            f"is a box clickable as a whole that holds controls of its own: a click on its "
            f"middle may do nothing or only open it, so nothing was done ({action}). Act "
            f"on the control inside it that does this by its ref ({action} <ref>).")


def _plain_first(text: str, verb: str) -> bool:
    """Whether the request's first word is ``verb`` as written, a plain word: not a
    piece of "don't", nor a negation ("never delete …")."""
    first = (text.split() or [""])[0].casefold().strip(",.;:!?\"'")
    return first == verb and first not in ("never", "not", "no", "dont")


#: Words that put an act off ("send later", "schedule send", "publish it tomorrow"): a
#: control that does the act now is not what such a request asks.
_DEFERRED = frozenset(str.split("later tomorrow tonight schedule scheduled delay delayed "
                                "defer deferred"))
#: Verbs a request joins to its first act that no list above holds ("save and continue",
#: "save and exit", "save and add another").
_VERB_LIKE = frozenset(str.split("continue exit quit close next finish proceed return add "
                                 "new another go leave stay notify"))
#: Acts a request may join to another ("send and archive", "schedule send").
_JOINED_ACTS = (DONE_BY_CONTROL | _CHANGES_STATE) - {"schedule"}


def overreach(idx: PageIndex, result: FindResult, action: str) -> str | None:
    """The refusal to give when the best's name says one act of the request and the
    request asks for more: a second act in a verb's place (its first word, or after
    "and" / "then": "send and archive", "delete and block …"), or the act put off
    ("schedule send", "send later"). *Send* would send now, and only send (review 58:
    "schedule send" sent the mail)."""
    if action != "click" or not result.ref or current_language() is not None:
        return None
    node = idx.node(result.ref)
    if node.role not in _DOING_ROLES:
        return None
    own = {_stem(w) for w in words(label(node))}
    seq = result.ranking.query.sequence
    placed = [w for j, w in enumerate(seq)
              if w in _JOINED_ACTS and (j == 0 or seq[j - 1] in ("and", "then"))]
    said = [w for w in placed if _says(own, w)]
    if not said:
        said = [w for w in seq if w in _JOINED_ACTS and _says(own, w)]
    if not said:
        return None
    more = [w for w in placed if not _says(own, w)]
    # any other verb after "and" ("save and continue" over *Save draft*), unless the
    # name says it too (*Save and continue*)
    more += [w for j, w in enumerate(seq) if j and seq[j - 1] in ("and", "then")
             and w.isalpha() and w not in STOPWORDS and w not in _JOINED_ACTS
             and w in _VERB_LIKE and not _says(own, w)]
    later = [w for w in seq if w in _DEFERRED and _stem(w) not in own]
    if not (more or later):
        return None
    extra = more[0] if more else later[0]
    return (f"{result.query!r} asks for more than to {said[0]} now ({extra!r}), and find's "
            f"best match, {element_line(node)}, says only {said[0]}: a click would "
            f"{said[0]} now and do nothing else, so nothing was done ({action}). Find the "
            f"control that does what is asked (it may be in a menu beside it), or act on "
            f"an element by its ref ({action} <ref>).")


def miscast(idx: PageIndex, result: FindResult, action: str) -> str | None:
    """The refusal to give when the best's name opens with another act than the one the
    request opens with, and not a synonym of it ("publish my edit" over *Show preview*,
    picked by the word "edit"): the click would do that other act."""
    if action != "click" or not result.ref or current_language() is not None:
        return None
    seq = result.ranking.query.sequence
    verb = seq[0] if seq else ""
    # a verb the lists do not know ("merge the pull request" over *Close pull request*,
    # review 55) is held to it only against an act that undoes or ends something: a
    # paraphrase ("keep it as a draft" over *Save draft*) is let through otherwise
    if not verb.isalpha() or verb in STOPWORDS:
        return None
    node = idx.node(result.ref)
    name = [w.casefold() for w in words(label(node))]
    if verb in _JUST_CLICK:
        # "open the first card in Done" over *+ Add card* (review 55): opening, showing,
        # expanding a thing is no making or ending one, unless the request says so
        rest = set(seq[1:]) | {_stem(w) for w in seq[1:]}
        if not name or name[0] not in _MAKES_OR_ENDS or \
                rest & (_MAKING if name[0] in _MAKING else {name[0], _stem(name[0])}):
            return None
        return (f"{result.query!r} asks to {verb} something, and find's best match, "
                f"{element_line(node)}, says it does something else ({name[0]}), so "
                f"nothing was done ({action}). Act on it by its ref ({action} <ref>) if "
                f"it is the one meant.")
    # a name may open with a verb any click answers ("add Slow River to a playlist" over
    # *Play Slow River*, review 62): that is its act too
    if not name or (name[0] not in _VERBS and name[0] not in BY_ANY_CLICK) or \
            name[0] == verb:
        return None
    if verb in _MAKES and name[0] in _MAKES:
        return None  # "add a card" over *Create card*: making either way
    if verb not in _VERBS and verb not in _MAKES and (
            (name[0] not in _ENDING and not undoable(name[0])) or
            not _plain_first(result.ranking.query.text, verb)):
        return None
    if _says({_stem(w) for w in name}, verb) or verb in SYNONYMS.get(name[0], ()) or \
            _submits(verb, node) or name[0] in seq[1:]:
        return None  # "choose Delete from the menu": the request says the control's act
    return (f"{result.query!r} asks to {verb}, and find's best match, {element_line(node)}, "
            f"says it does something else ({name[0]}), so nothing was done ({action}). "
            f"Act on it by its ref ({action} <ref>) if it is the one meant.")


#: Controls that requests call buttons, links, tabs or menu entries alike.
_PRESSABLE = frozenset({"button", "link", "menuitem", "tab", "option", "treeitem",
                        "menuitemcheckbox", "menuitemradio"})
#: The kinds a control named by a word of the request may be (``ROLE_WORDS`` is what
#: find boosts; this is what a click may still land on: a custom drop-down is a button,
#: an icon is a button or a link).
_FITS: dict[str, frozenset[str]] = {
    **dict.fromkeys(("button", "btn", "link", "hyperlink"), _PRESSABLE | {"switch"}),
    "menu": frozenset({"menu", "menubar", "menuitem", "button", "combobox"}),
    "tab": _PRESSABLE,
    **dict.fromkeys(("checkbox", "tickbox"), frozenset({"checkbox", "switch",
                                                        "menuitemcheckbox"})),
    "radio": frozenset({"radio", "menuitemradio"}),
    **dict.fromkeys(("switch", "toggle"), frozenset({"switch", "checkbox", "button"})),
    "slider": frozenset({"slider", "spinbutton"}),
    **dict.fromkeys(("field", "textbox", "textarea", "searchbox", "editor"), _FIELD_ROLES),
    **dict.fromkeys(("dropdown", "select", "combobox"),
                    frozenset({"combobox", "listbox", "button", "menu"})),
    **dict.fromkeys(("image", "img", "picture", "icon"), frozenset({"img", "image", "button",
                                                                   "link"})),
}
#: A role word that says where the control is ("from the top menu", "in the toolbar's
#: dropdown").
_PLACE = (r"\b(?:from|in|on|at|within|inside|under|of|for)\s+(?:the\s+|a\s+|an\s+)?"
          r"(?:[\w'-]+\s+){{0,2}}{}\b")
#: Verbs whose object a role word names, not the control clicked ("close the dialog").
_ACTS_ON = frozenset(str.split("close cancel dismiss exit leave hide collapse minimize "
                               "maximize expand"))
#: States that make any element a menu's opener.
_OPENER_STATES = frozenset({"expanded", "collapsed"})


def unroled(idx: PageIndex, result: FindResult, action: str) -> str | None:
    """The refusal to give when the request names the kind of control it means and the
    best is of another kind whose name does not say it either ("open the menu for the
    Low model confidence view" over the view's *tab*, "open the menu of Aiko Tanaka's
    annotation" over her avatar; Label Studio's first run): the click would open the
    view or do nothing, and be reported done."""
    if action not in ("click", "fill", "select") or not result.ref or \
            current_language() is not None:
        return None
    q = result.ranking.query
    lead = q.sequence[0] if q.sequence else ""
    text = q.text.casefold()
    if lead in DONE_BY_CONTROL or lead in _ACTS_ON:
        return None  # "save and close the editor": the kind is what is acted on
    # "select the lgbm-dart run": the verb, not a drop-down; "from the top menu": where
    # the control is, not what it is; "edit the Checkbox component": a capitalised kind
    # word names a record
    named = {m.group(0).casefold() for m in re.finditer(r"\b[A-Z][a-z]+", q.text[1:])}
    asked = [w for w in q.role_words if w in _FITS and w != lead and w not in named and
             not re.search(_PLACE.format(re.escape(w)), text)]
    if not asked:
        return None
    node = idx.node(result.ref)
    if node.attrs.get("aria-haspopup") or node.states & _OPENER_STATES:
        return None  # it opens something: a menu, a list, a dialog
    own = {_stem(w) for w in words(label(node))}
    if any(node.role in _FITS[w] or _stem(w) in own for w in asked):
        return None
    kind = asked[0]
    return (f"{result.query!r} asks for a {kind}, and find's best match, "
            f"{element_line(node)}, is a {node.role} that says no {kind}, so nothing was "
            f"done ({action}). The {kind} may be unnamed (find it by its place or "
            f"neighbours) or shown only on hover; or act on an element by its ref "
            f"({action} <ref>).")
