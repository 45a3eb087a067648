"""Words: how queries and element texts are cut into comparable tokens.

Both sides go through the same :func:`tokens`, so "Sign-in", "sign in" and "signin"
meet; :func:`stem` strips the endings that make "searching" miss "search"; synonyms
say that a "btn" is a button and "log in" is "sign in". The query side is parsed by
:func:`parse_query`, which pulls out what is not a name at all: role words ("button",
"field"), position words ("in the footer", "second"), the intent verb ("press",
"type into") and a negative clause ("rather than the C API one").
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field
from functools import lru_cache

from ..languages import current_language, snowball_name
from ..structure_words import STRUCTURE_WORDS
from ..words import OTHER_STOPWORDS, fold, has_unspaced, script_stem, snowball_stem, split_unspaced

__all__ = [
    "ACTION_INTENTS",
    "COLUMN_SYNONYMS",
    "ROLE_WORDS",
    "STOPWORDS",
    "SYNONYMS",
    "Query",
    "parse_query",
    "stem",
    "stems",
    "tokens",
    "unplaced_negation",
    "unprefixed",
]

_TOKEN = re.compile(
    r"(?<![\w-])-{1,2}[a-z0-9][a-z0-9_]*|_*[^\W_]+(?:[._]+[^\W_]+)*_*(?:\(\))?|[^\w\s]",
    re.I)
_PHRASES = [  # multi-word names written as one token, before stopwords remove "in"/"up"
    (re.compile(r"\b(sign|log)[\s-]?(in|on)\b"), "signin"),
    (re.compile(r"\b(sign|log)[\s-]?(out|off)\b"), "signout"),
    (re.compile(r"\bsign[\s-]?up\b"), "signup"),
    (re.compile(r"\blook[\s-]?up\b"), "lookup"),
    (re.compile(r"\bcheck[\s-]?out\b"), "checkout"),
    (re.compile(r"\be-?mail\b"), "email"),
    (re.compile(r"\bdrop[\s-]?down\b"), "dropdown"),
    (re.compile(r"\bcheck[\s-]?box\b"), "checkbox"),
    (re.compile(r"\btext[\s-]?(box|field|area)\b"), "textbox"),
    (re.compile(r"\bsearch[\s-]?(box|field|input)\b"), "search box"),
    (re.compile(r"\bside[\s-]?bar\b"), "sidebar"),
    (re.compile(r"\bweb[\s-]?site\b"), "website"),
]

def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


#: Words that carry no meaning in a request. Kept out: words that name things on
#: pages ("about", "next", "up", "all", "more", "home", "back", "top", "first" …).
STOPWORDS = _words(
    """a an the this that these those its it's it of to in on at for from with by as
    and or is are be was were been being do does did please i me my we our you your
    can could would should will shall may might must just which where what who whose
    whom how why when than then there here into onto within inside near under over
    some any each every one that's thing things element elements item's page's s t
    want need like find get let lets see shows show's saying tells telling
    labeled labelled called named"""
) | OTHER_STOPWORDS


#: Question words that ask for a value (the answer), not for the entry naming it.
VALUE_WORDS = _words(
    """what who whom whose when how explanation explain explains definition define
    defines meaning means mean description describe describes summary says say said
    value answer"""
)

#: Words that ask for the entry itself (a term, an option, a heading).
KEY_WORDS = _words("entry term option heading title label name header signature declaration")

#: Key and value words that only say which kind of element is wanted (not its words).
KIND_ONLY = _words("""entry term option signature declaration explanation explain explains
    definition define defines meaning means description describe describes summary answer""")
_DESCRIBING = re.compile(r"\b(one|single|two)[- ]line\b|\bbrief\b|\bshort\b|\bfull\b")

#: Groups of words that mean the same on a page. Every member maps to the group.
_SYN_GROUPS = [
    "signin login logon",
    "signout logout logoff",
    "signup register registration join",
    "button btn",
    "dropdown select combobox listbox picker chooser",
    "search find lookup query seek",
    "textbox field input box textfield",
    "link hyperlink anchor url",
    "checkbox tickbox tick",
    "tick check",  # the verbs: "tick all" is a *Check all* button (not "check" ≈ a box)
    "cart basket bag trolley",
    "delete remove trash erase",
    "close dismiss",
    "expand unfold open toggle show",
    "collapse fold toggle hide",
    "previous prev back preceding",
    "next forward subsequent",
    "settings preferences options configuration config",
    "email mail",
    "phone telephone tel mobile",
    "zip postal postcode",
    "image picture img photo icon",
    "menu navigation nav",
    "quantity qty amount",
    "description summary explanation definition meaning",
    "docs documentation manual",
    "source implementation",
    "edit modify change",
    "cancel abort",
    "buy purchase",
    "add put",
    "account profile",
    "help support faq",
    "subscribe subscription newsletter",
    "submit send",
    "homepage home",
    "password passcode",
    "username user",
    "author editor edited wrote written",
    "heading title headline",
    "permalink anchor",
    "reply respond",
    "bug issue problem defect",
    "message comment",
    "coupon promo voucher discount",
]
#: Words that mean the same as a table's column header, and only there: "what does it
#: cost" asks for the *Price* column, but "the price field" is not *Cost center*, "the
#: order status" no address's *State* (review 50).
_COLUMN_SYN_GROUPS = ["price cost", "status state", "subject topic"]


def _build_synonyms(groups: list[str] | None = None) -> dict[str, frozenset[str]]:
    out: dict[str, set[str]] = {}
    for group in _SYN_GROUPS if groups is None else groups:
        words = group.split()
        for w in words:
            out.setdefault(w, set()).update(x for x in words if x != w)
    return {k: frozenset(v) for k, v in out.items()}


SYNONYMS: dict[str, frozenset[str]] = _build_synonyms()
COLUMN_SYNONYMS: dict[str, frozenset[str]] = _build_synonyms(_COLUMN_SYN_GROUPS)

#: Query words naming a role, and the roles they mean.
ROLE_WORDS: dict[str, frozenset[str]] = {
    k: frozenset(v.split())
    for k, v in {
        "button": "button",
        "btn": "button",
        "link": "link",
        "hyperlink": "link",
        "field": "textbox searchbox combobox spinbutton",
        "input": "textbox searchbox combobox spinbutton checkbox radio",
        "box": "textbox searchbox combobox checkbox",
        "textbox": "textbox searchbox",
        "textarea": "textbox",
        "editor": "textbox",
        "searchbox": "searchbox textbox",
        "checkbox": "checkbox switch",
        "radio": "radio",
        "dropdown": "combobox listbox",
        "select": "combobox listbox",
        "combobox": "combobox listbox",
        "heading": "heading",
        "headline": "heading",
        "tab": "tab",
        "image": "img image",
        "img": "img image",
        "icon": "img image",
        "picture": "img image",
        "slider": "slider",
        "switch": "switch checkbox",
        "toggle": "switch checkbox button",
        "menu": "menu menubar menuitem",
        "table": "table grid",
        "row": "row",
        "cell": "cell gridcell",
        "paragraph": "paragraph",
        "list": "list listbox combobox",
        "dialog": "dialog alertdialog",
    }.items()
}

#: Position words → the position they ask for.
_POSITIONS = [
    (re.compile(r"\b(at|in|on) the (very )?top\b|\btop of\b|\bheader'?s?\b|\bupper\b|"
                r"\bmasthead\b|\btop\b(?![-\s]?level)"), "top"),
    (re.compile(r"\b(at|in|on) the (very )?bottom\b|\bbottom of\b|\bfooter'?s?\b|"
                r"\blower\b|\bbottom\b"), "bottom"),
    (re.compile(r"\bsidebar'?s?\b|\bside panel\b|\baside\b"), "sidebar"),
    (re.compile(r"\bnav(igation)? ?(bar|menu)\b|\bbreadcrumbs?( trail)?\b"), "nav"),
    (re.compile(r"\b(main|body) (content|text)\b"), "main"),
    (re.compile(r"\b(on|at|to) the left\b|\bleft\b(?!-)"), "left"),
    (re.compile(r"\b(on|at|to) the right\b|\bright\b(?!-)"), "right"),
]
_BAR = re.compile(r"\b(top|bottom|header|nav(igation)?|menu|tool|upper|lower)[\s-]?bar\b")
_LANDMARK_WORDS = {"header": "HEADER", "footer": "FOOTER", "sidebar": "ASIDE"}


def _nth(n: int) -> str:
    """1 → "1st", 12 → "12th", 22 → "22nd"."""
    last = n % 10 if n % 100 not in (11, 12, 13) else 0
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(last, 'th')}"


#: A past participle after an ordinal word ("last edited", "first published"), but not
#: one that sorts the items counted ("the second checked box", "the last selected row").
_PARTICIPLE = re.compile(r"[a-z]{3,}ed")
_WHEN_NEXT = frozenset(str.split("date time timestamp on at in ago day"))
_STATE_PARTICIPLES = frozenset(str.split(
    "checked unchecked selected unselected disabled enabled highlighted expanded collapsed "
    "starred flagged pinned marked named labeled labelled called listed tagged assigned "
    "filled blocked muted archived deleted completed finished unread"))
_ORDINALS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6,
    "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10, "last": -1, "final": -1,
    **{_nth(n): n for n in range(1, 101)},  # "the 7th search result"
}
#: A possessive ending ("Tom Becker's"): no word of the name.
_POSSESSIVE = re.compile(r"['’]s\b")
#: Two or more words side by side each written with a capital: a title or a name.
_TITLE_RUN = re.compile(r"(?<![\w'’])[A-Z][\w'’]*(?:\s+[A-Z][\w'’]*)+")
#: An ordinal counted from the end: "second to last", "second-from-last", "the third
#: Delete from the bottom" (``back``: the words that say so). "To the end", "to the
#: bottom", "to the last column" say where something goes ("move the first task to the
#: end"), not how it is counted.
_FROM_END = re.compile(
    r"\b(?P<nth>first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|"
    r"\d{1,3}(?:st|nd|rd|th))\b(?:\W+\w+){0,3}?"
    r"(?P<back>\W+(?:to\W+last|from\W+(?:the\W+)?(?:last|end|bottom))\b)")
#: A line of a grid named by its side ("the top row", "the left column").
_SIDE_LINE = re.compile(r"\b(top|bottom|upper|lower|left|right|leftmost|rightmost)\s+"
                        r"(row|column|line)s?\b")
#: "a second time", "for the first time": when something is done, not which one.
_TIME_PHRASE = (r"\b(?:for )?(?:a|the) (?:first|second|third|last|final) time\b"
                r"(?=\s*(?:$|[.,;!?]|\b(?:to|and|then|when|before|after|please{})\b))")
_TIMES = re.compile(_TIME_PHRASE.format(""))
#: The same before "for / on / in / so" ("type the password a second time for the new
#: account" says "again"), unless the request picks something: "choose a second time for
#: the call" picks a time slot (review 41).
_TYPED_TIMES = re.compile(_TIME_PHRASE.format("|for|on|in|so"))
_PICKS = re.compile(r"^\s*(choose|pick|select|add|book|schedule|set|propose|suggest)\b")
#: "put the oldest runs first", "change the inputs first", "do it last": a first or
#: last that ends the request or a clause says in which order or when, not which one —
#: unless the word before it makes it one ("delete the first", "the one listed first").
_ADVERB_ORDINAL = re.compile(
    r"(\w+)\s+(first|last)(?=\s*(?:$|[.,;!?]|\b(?:then|and|please|so|before|after)\b))")
_ORDINAL_BEFORE = frozenset(str.split(
    "the a an my your its their his her our this that very is are was be being one ones "
    "listed shown appears appear appearing comes come coming came displayed placed "
    "ranked sorted ran began begun went got sent made left won arrived"))
#: "the last 3 days", "the first 10 rows": a span of several, not one item counted.
_SPAN = re.compile(r"\b(?:first|last)\s+(?=\d)")
#: Role words that are also the verb of a control's name when "all" or "none" follows:
#: "select all the books" asks for the *Select all* box, not for a drop-down.
_VERB_ROLES = frozenset({"select"})
#: Role words that open a request as its verb when one of these words follows; any other
#: but "on" or "off" makes it a word of a control's name ("switch account").
_VERB_LEADS = {"switch": frozenset({"to", "the", "between", "from", "my", "this", "it",
                                     "over", "back"})}
_ON_OFF = frozenset({"on", "off"})
#: Words joined by hyphens ("ship-to", "bill-from", "opt-in").
_HYPHENED = re.compile(r"\b[^\W\d_]+(?:-[^\W\d_]+)+\b")
#: Role words that open a request as its verb when an article or a possessive follows:
#: "select the hex nuts row" ticks the row's *Select* box; it asks for no drop-down (the
#: word stays, for names such as *Select SKU-1003*).
_VERB_FIRST_ROLES = frozenset({"select", "toggle"})
_DETERMINERS = frozenset(str.split("the a an this that these those my our your his her "
                                   "their its every each"))
_ALL_OR_NONE = frozenset({"all", "none"})
#: Ordinal words and the position each names (-1: the last).
ORDINAL_WORDS = _ORDINALS
#: Stopwords that are a request's verb when they open it: "like emile's post" (a page
#: "like this one" compares).
_VERB_FIRST = frozenset({"like"})
#: Intents that act on the page (a text that says the request is no target of them).
ACTION_INTENTS = frozenset({"click", "fill", "select", "check", "type", "hover"})
#: What a request may say before its verb: "please", "just", "now", "go ahead and",
#: "could you" ("just hit save" presses *Save*; "hit" is the verb, not a word to find).
_LEAD = (r"^\s*(?:(?:please|just|now|then|so|ok|okay|kindly|go ahead and|and|"
         r"(?:can|could|would|will) you(?: please)?)\s+)*")
_INTENT_VERBS = [
    (re.compile(_LEAD + r"(press|hit) (enter|return) (on|in(to)?)\b"), "fill"),
    (re.compile(_LEAD + r"(click( on)?|press|tap|hit|push)\b"), "click"),
    (re.compile(_LEAD + r"(type( in(to)?)?|enter|fill( in| out)?|write)\b"), "fill"),
    (re.compile(_LEAD + r"(choose|pick)\b"), "select"),
    # "follow the link" navigates; "follow @bob" presses a Follow button
    (re.compile(_LEAD + r"(go( up| over| on| straight)? to|navigate to|"
                r"follow(?= (the|this|that|a|an) )|visit|open)\b"), "navigate"),
    (re.compile(_LEAD + r"(read|show me|tell me)\b"), "read"),
]
_NAMED_QUOTE = re.compile(r"\b(?:named|called|label+ed|titled)\s+['\"‘“]([^'\"’”]{2,80})['\"’”]",
                          re.IGNORECASE)
#: The most words a quoted part may have to be read as a name (longer: a text to type).
_QUOTED_NAME_WORDS = 3
_QUOTED_ROLE = re.compile(r"['\"‘“]([^'\"’”]{2,80})['\"’”]\s+(\w+)")
_QUOTED = re.compile(r"(?:^|\s)['\"‘“]([^'\"’”]{2,80})['\"’”](?=\s|$|[.,;:?!])")
_HEAD_SPLIT = re.compile(r"\b(of|in|under|inside|within|for|on|from|at|near|below|above|"
                         r"beside|next to)\b")
#: A place named from another element: "under the reply box", "next to the Save button"
#: ("under Travel", "under another name" say which group, not where: "the" must follow).
_RELATION = re.compile(r"\b(under|underneath|below|beneath|above|next to|beside)"
                       r"\s+(?:the|this|that)\b")
_META_PAGE = re.compile(r"\b(the|this) (documentation|docs|document|website|site)\b")
#: "the Markers page", "the Tags page in the sidebar": a page named by the word before
#: "page", which only says where the link goes ("Next page", "this page" keep it).
_DESTINATION = re.compile(r"\bthe (?:[\w.-]+ ){0,3}?([\w.-]+) page(?=\s*(?:$|\b(?:from|in|on|"
                          r"at|of|with|via|link)\b))")
_NOT_A_PAGE_NAME = frozenset(str.split(
    "next previous prev last first this that the a an same whole entire every each current "
    "other one single main index title landing web"))


_PAGE_TITLE = re.compile(r"\b(page|main|document|article|top[\s-]level)[\s-]"
                         r"(title|heading|headline|header)\b|\btitle of the (page|article)\b")
_PROSE = re.compile(r"\b(text|paragraph|prose|body text|running text|sentence)\b(?=\s*$)")
_NEGATION = re.compile(r"\b(rather than|instead of|other than|aside from|apart from|but not|"
                       r"not the|except( for)?)\b")
#: Negations that exclude what follows them to the end of the request: "the one that is
#: not Alice", "the user who isn't Alice", "anyone but Bob", "all but the last".
_NEGATION_TAIL = re.compile(
    r"\b(?:is|are|was|were)\s+not\b|['’](?:s|re)\s+not\b|\b(?:isn|aren|wasn|weren)['’]?t\b|"
    r"\b(?:any|every|no)(?:one|body|thing)?\s+but\b|\ball\s+but\b")
#: A negated clause before the request proper: "don't delete Alice, delete Bob". Only
#: with a clause after it: "Don't allow" alone is a button's name.
_NEGATED_CLAUSE = re.compile(
    r"\b(?:do\s+not|don['’]?t|never)\s+([^,;.]+?)(?:[,;.]|\s[-–—]\s)\s*(?=\S)")
#: Words that negate, for a request whose negation the parser could not place
#: (:func:`unplaced_negation`).
_NEGATING = re.compile(r"\b(?:not|never|except|without)\b|n['’]t\b")


def unplaced_negation(text: str, placed: bool) -> bool:
    """Whether ``text`` negates something the parser did not take out of its terms.

    ``placed``: the parse found a negative clause (``Query.negative``). An action by
    query must not act on a request it only half understood: "delete the one that's
    not Alice" keeps "alice" as a word that would pick Alice's row."""
    return not placed and bool(_NEGATING.search(fold(text)))


def unprefixed(word: str) -> str | None:
    """The word an English *un-* word undoes (*unfavourite* → *favourite*, *unstar* →
    *star*), else None: a request says "unfavourite" where the page's toggle says only
    *Favourite*. Bases under three letters and function words aside (*unit*, *undo*,
    *until*); three do count (*unpin*, review 64)."""
    if current_language() is not None or not word.startswith("un") or not word.isalpha():
        return None
    base = word[2:]
    return base if len(base) >= 3 and base not in STOPWORDS else None


def stem(word: str) -> str:
    """A word's stem: Snowball's for the page's language on a page that is not in English
    (:mod:`domdex.languages`), else :func:`english_stem`."""
    lang = current_language()
    return english_stem(word) if lang is None else _stem_in(word, lang)


def stems(words: list[str]) -> list[str]:
    """:func:`stem` of each word, the language read once (a page's whole vocabulary is
    stemmed at each matcher build)."""
    lang = current_language()
    if lang is None:
        return list(map(english_stem, words))
    return [_stem_in(w, lang) for w in words]


@lru_cache(maxsize=65536)
def _stem_in(word: str, language: str) -> str:
    snowball = snowball_name(language)
    if snowball is None or len(word) <= 3 or not word.isalpha() or not _latin(word):
        return english_stem(word)  # other scripts: english_stem asks script_stem
    return snowball_stem(word, snowball)


def _latin(word: str) -> bool:
    return word.isascii() or all(ord(c) < 0x0250 for c in word)


@lru_cache(maxsize=65536)
def english_stem(word: str) -> str:
    """A light English stemmer: plural, -ing, -ed, -ly. Keeps short words whole."""
    w = word
    if len(w) <= 3 or not w.isalpha():
        return w
    if not w.isascii():
        by_script = script_stem(w)  # Snowball for Cyrillic, Greek, Arabic words
        if by_script is not None:
            return by_script
    if w.endswith("ies") and len(w) > 4:
        return w[:-3] + "y"
    if w.endswith(("sses", "shes", "ches", "xes")):
        return w[:-2]
    if w.endswith("s") and not w.endswith(("ss", "us", "is")):
        w = w[:-1]
    elif w.endswith("ing") and len(w) > 5:
        w = w[:-3]
        if len(w) > 2 and w[-1] == w[-2] and w[-1] not in "ls":
            w = w[:-1]
    elif w.endswith("ed") and len(w) > 4:
        w = w[:-2]
        if len(w) > 2 and w[-1] == w[-2] and w[-1] not in "ls":
            w = w[:-1]
    elif w.endswith("ly") and len(w) > 5:
        w = w[:-2]
    return w


_PHRASE_HINT = re.compile(r"sign|log|look|check|mail|drop|box|text|search|side|web")


#: A word each of :data:`_PHRASES` cannot match without: a pattern whose word the text
#: (as it stands by then) lacks is not run. Twelve regex passes over every text that
#: holds a hint ("context", "catalog", "checks") were a third of tokenising a page.
_PHRASE_NEEDS: tuple[tuple[str, ...], ...] = (
    ("sign", "log"), ("sign", "log"), ("sign",), ("look",), ("check",), ("mail",), ("drop",),
    ("check",), ("text",), ("search",), ("side",), ("web",))


def _phrases(text: str) -> str:
    if not _PHRASE_HINT.search(text):
        return text
    for (pattern, repl), needs in zip(_PHRASES, _PHRASE_NEEDS, strict=True):
        for word in needs:
            if word in text:
                text = pattern.sub(repl, text)
                break
    return text


@lru_cache(maxsize=65536)
def tokens(text: str) -> tuple[str, ...]:
    """Lower-case tokens of ``text``: words, dotted names and their parts, option flags.

    ``"os.walk()"`` gives ``os.walk() os.walk os walk`` (as does ``"os.walk(top)"``);
    ``"-OO"`` gives ``-oo oo``; ``"Lib/os.py"`` gives ``lib os.py os py``; lone symbols
    (``¶``, ``«``, ``>>>``) are tokens too; a time of day also as "7:04"
    (:func:`time_tokens`).
    """
    low = _phrases(fold(text))
    return _cut(low) + time_tokens(low)


def tokens_untimed(text: str) -> tuple[str, ...]:
    """:func:`tokens` but the time tokens (a text's raw token, cut alone)."""
    return _cut(_phrases(fold(text)))


def _cut(low: str) -> tuple[str, ...]:
    out: list[str] = []
    for m in _TOKEN.finditer(low):
        raw = m.group(0)
        if raw.endswith("()"):  # a call: "abs()" names the function, "abs" the word
            out.append(raw)
            raw = raw[:-2]
        elif low[m.end():m.end() + 1] == "(" and raw[0].isalpha():
            out.append(raw + "()")  # a signature "len(s)" is the function "len()"
        if raw[0] == "-" and len(raw) > 1:
            bare = raw.lstrip("-")
            out.extend((raw, bare))
        elif "." in raw or "_" in raw:
            out.append(raw)
            out.extend(p for p in re.split(r"[._]", raw) if p)
        elif raw.isalnum() and not raw.isascii() and has_unspaced(raw):
            out.extend(split_unspaced(raw))  # 购物车 → 购物车 购物 物车
        elif raw.isalnum() or (not raw.isspace() and raw not in "\"'(),:;.!?[]{}/|`-_"):
            out.append(raw)
    return tuple(out)


def time_tokens(low: str) -> tuple[str, ...]:
    """A time of day however it is written: "7h04", "07h04", "07:04", "07:04:00" also
    give the token "7:04", "2:30 pm" and "14:30" the token "14:30", "9am" "9:00", so a
    request and a timetable in another convention meet (``low``: folded)."""
    if (":" not in low and "h" not in low and "m" not in low) or not _DIGIT.search(low):
        return ()  # most texts: no clock without a digit (a find's build reads them all)
    return tuple(t for m in TIME_OF_DAY.finditer(low) if m[2] or m[3] for t in _clock(m))


def _clock(m: re.Match[str]) -> tuple[str, ...]:
    """"2:30 pm" is "2:30" as written and "14:30"; "7h04" is "7:04"."""
    hour, half = int(m[1]), (m[3] or "").replace(".", "")
    said = f"{hour}:{m[2] or '00'}"
    if half == "pm" and hour < 12:
        return said, f"{hour + 12}:{m[2] or '00'}"
    if half == "am" and hour == 12:
        return said, f"0:{m[2] or '00'}"
    return (said,)


#: A time of day: hours and minutes ("7h04", "07:04", "10:30:00", "2:30 pm") or hours
#: and a half of the day ("9am"); not a bare number.
_DIGIT = re.compile(r"\d")
TIME_OF_DAY = re.compile(r"(?<![\d:.,])([01]?\d|2[0-3])(?:[:h]([0-5]\d)(?::[0-5]\d)?)?"
                         r"(?: ?([ap]\.?m\.?)(?![a-z]))?(?![\d:])", re.IGNORECASE)


@dataclass(slots=True)
class Query:
    """A request cut into what it names and how it says where and what to do.

    ``terms`` are the meaningful tokens (stopwords, role, position and intent words
    removed; role words kept in ``role_words`` so they can still count as a match on
    the element's role). ``negative`` are tokens of a "rather than …" clause.
    """

    text: str
    terms: list[str] = field(default_factory=list)
    role_words: list[str] = field(default_factory=list)
    roles: set[str] = field(default_factory=set)
    positions: list[str] = field(default_factory=list)
    landmarks: list[str] = field(default_factory=list)
    ordinal: int | None = None
    #: the request counts twice ("the first Add to cart in the second row", "the second
    #: Open in the top row"): find takes one count, which is a guess to act on
    recounts: bool = False
    intent: str | None = None
    negative: list[str] = field(default_factory=list)
    wants_value: bool = False
    wants_key: bool = False
    compounds: list[str] = field(default_factory=list)
    quoted: list[str] = field(default_factory=list)
    #: quoted parts the request says are a name: the file *named* "Deneen"
    named: list[str] = field(default_factory=list)
    head: list[str] = field(default_factory=list)  # "price" in "price of the Garden Trowel"
    zone_terms: list[str] = field(default_factory=list)  # "sidebar" in "hide the sidebar"
    sequence: list[str] = field(default_factory=list)  # the request's words in order
    page_title: bool = False  # "the page title", "the main heading": the top heading
    named_page: bool = False  # "the Markers page": a page named by its link's words
    prose: bool = False  # "in the text", "in the paragraph": a link in running text
    mentions_header: bool = False  # "column", "header", "heading": labels are wanted
    #: "the button under the reply box": where the element sits from another one
    #: ("below", "above", "beside") and that one's words ("reply")
    relation: str = ""
    anchor: list[str] = field(default_factory=list)
    #: "sort the vehicles by year": what an ordering is by ("year"), the words the
    #: control meant must carry (a column's sortable header, not a bare *Sort*)
    by: list[str] = field(default_factory=list)

    @property
    def all_terms(self) -> list[str]:
        return self.terms + self.role_words


#: Verbs of an ordering, whose "by …" names the key: "sort the table by price"
_ORDERING = frozenset({"sort", "order", "rank", "arrange"})


def _content(words: tuple[str, ...]) -> list[str]:
    return [w for w in words if w not in STOPWORDS or w.startswith("-")]


def parse_query(text: str) -> Query:
    """Split a natural-language request into terms, roles, positions, intent, negation."""
    q = Query(text=text)
    low = " " + fold(text).strip() + " "
    foreign = current_language() is not None  # the page is not in English
    if not foreign:
        # "type it a second time" counts no fields: it says "again" (a confirmation
        # field's "Enter password again"), the other times say nothing
        picks = _PICKS.match(low) is not None
        low = (_TIMES if picks else _TYPED_TIMES).sub(
            lambda m: " again " if not picks and "second" in m[0] else " ", low)
        # … after a verb in the past it says which one ("the run that started last")
        low = _ADVERB_ORDINAL.sub(
            lambda m: m[0] if m[1] in _ORDINAL_BEFORE or _PARTICIPLE.fullmatch(m[1])
            else m[1] + " ", low)
        low = _SPAN.sub(" ", low)
    q.quoted = [m.strip() for m in _QUOTED.findall(text)]
    q.named = [m.strip() for m in _NAMED_QUOTE.findall(text)]
    # the "Embed Tweet" button: a quote a role word follows names an element too
    q.named += [m.group(1).strip() for m in _QUOTED_ROLE.finditer(text)
                if m.group(2).lower() in ROLE_WORDS]
    q.sequence = [w for w in _in_english(tokens(low), foreign) if w.isalnum()]
    clause = _NEGATED_CLAUSE.search(low)
    if clause:  # "don't delete Alice, delete Bob": what follows is the request
        negated = _content(tokens(clause.group(1)))
        low = low[: clause.start()] + " " + low[clause.end():]
        kept = set(tokens(low))
        q.negative = [w for w in negated if w not in kept and w not in ROLE_WORDS]
    for pattern, intent in _INTENT_VERBS:
        if pattern.search(low):
            q.intent = intent
            low = pattern.sub(" ", low, count=1)
            break
    q.mentions_header = bool(re.search(r"\b(column|header|heading|th)\b", low))
    # "the second to last Delete", "the third Edit from the bottom": counted from the end
    # (the place words go: "bottom" is no side to prefer here)
    back = _FROM_END.search(low) if not foreign else None
    if back and (n := _ORDINALS.get(back["nth"], 0)) > 0:
        q.ordinal = -n
        low = low[: back.start("back")] + " " + low[back.end("back"):]
    neg = _NEGATION.search(low) or _NEGATION_TAIL.search(low)
    if neg:
        q.negative += [w for w in _content(tokens(low[neg.end():])) if w not in ROLE_WORDS]
        low = low[: neg.start()]
    if _BAR.search(low):  # "the top bar", "the navigation bar": a horizontal strip
        q.positions.append("bar")
    if re.search(r"\bbread-?crumbs?\b", low):
        q.positions.append("breadcrumb")
    for pattern, pos in _POSITIONS:
        for m in pattern.finditer(low):
            word = m.group(0).strip().rstrip("'s")
            for key, lm in _LANDMARK_WORDS.items():
                if key in word and lm not in q.landmarks:
                    q.landmarks.append(lm)
                    q.zone_terms.append(key)  # also a word: "Collapse sidebar" names it
            if pos not in q.positions:
                q.positions.append(pos)
        low = pattern.sub(" ", low)
    if _PAGE_TITLE.search(low):  # "the page title", "the main heading": the h1
        q.page_title = True
        low = _PAGE_TITLE.sub(" heading ", low)
    prose = _PROSE.search(low)
    if prose and low[:prose.start()].split()[-1:] not in ([w] for w in _ORDINALS):
        # "the link in the text"; "the second paragraph" counts paragraphs
        q.prose = True
        low = _PROSE.sub(" ", low)
    q.quoted += [m.strip() for m in re.findall(r"\(([^()]{2,60})\)", text)]
    low = _DESCRIBING.sub(" ", low)
    low = _META_PAGE.sub(" ", low)
    dest = _DESTINATION.search(low) if not foreign else None
    if dest and dest.group(1) not in _NOT_A_PAGE_NAME and dest.group(1) not in _ORDINALS:
        q.named_page = True  # "go to the Markers page": find drops "page" for a navigation
    words = _in_english(tokens(low), foreign)
    # a quoted name made only of small words is asked for: click the "Like" button (a
    # quote to type is a value: type "it is" in the box)
    named: set[str] = set()
    # a small word joined by a hyphen is part of a name: "ship-to ZIP" is the ZIP of
    # *Ship to*, not of *Ship from* (review 61)
    for joined in _HYPHENED.findall(text):
        named.update(t for t in tokens(fold(joined)) if t in STOPWORDS and len(t) > 1)
    for x in q.quoted if q.intent != "fill" else ():
        said = tokens(fold(x))
        if len(x.split()) <= _QUOTED_NAME_WORDS and all(t in STOPWORDS for t in said):
            named.update(said)
    # a title written in capitals is a name, small words and all: "play Let It Be"
    # (every word of which is a small word; review 60), "The Who"
    for run in _TITLE_RUN.finditer(text):
        said = tokens(fold(_POSSESSIVE.sub("", run.group(0))))
        if run.start() > 0:
            named.update(t for t in said if t in STOPWORDS and len(t) > 1)
    # "last edited", "first published": an ordinal before a participle says when, it
    # counts nothing (the page's "Last edited 09:12" is the answer, not a list's last item)
    # ("the first published post" counts posts: a participle before a noun describes
    # the items counted; one that ends the request, or before a date word, says when)
    ahead = dict(itertools.pairwise(words))
    when = {a for a, b in ahead.items()
            if a in _ORDINALS and not a[0].isdigit() and _PARTICIPLE.fullmatch(b)
            and b not in _STATE_PARTICIPLES
            and ("when" in words or ahead.get(b, "date") in _WHEN_NEXT)}
    for n, w in enumerate(words):
        if w in _ORDINALS and q.ordinal is not None and w not in when and \
                not (back and w == back["nth"]):
            q.recounts = True  # a second count: "… in the second row"
        if w in when:
            q.terms.append(w)
        elif w in _ORDINALS and q.ordinal is None:
            q.ordinal = _ORDINALS[w]
        elif back and w == back["nth"]:
            continue  # the count of "second to last", read above
        elif w in _VERB_ROLES and ahead.get(w) in _ALL_OR_NONE:  # "select all": a box
            q.terms.append(w)
            q.role_words.append("checkbox")
            q.roles |= ROLE_WORDS["checkbox"]
        elif n == 0 and w in _VERB_FIRST_ROLES and ahead.get(w) in _DETERMINERS:
            q.terms.append(w)  # "select the hex nuts row": a verb, no drop-down asked for
        elif n == 0 and w in _VERB_LEADS and ahead.get(w) not in _ON_OFF:
            # a verb, no switch asked for: "switch to grid view"; and a word of a
            # control's name unless the words after it say where to ("switch account")
            if ahead.get(w) not in _VERB_LEADS[w]:
                q.terms.append(w)
        elif w in ROLE_WORDS:
            q.role_words.append(w)
            q.roles |= ROLE_WORDS[w]
        elif w in VALUE_WORDS:
            q.wants_value = True
            if w not in STOPWORDS and w not in KIND_ONLY:
                q.terms.append(w)
        elif w in KIND_ONLY:
            q.wants_key = True
        elif w not in STOPWORDS or w.startswith("-") or w in named or \
                (n == 0 and w in _VERB_FIRST):
            q.terms.append(w)
        if w in KEY_WORDS:
            q.wants_key = True
    flags = {t[1:] for t in q.terms if t.startswith("-")}
    q.terms = _dedupe([t for t in q.terms if (t not in _ORDINALS or t in when)
                       and t not in flags])
    split = _HEAD_SPLIT.search(low) if not foreign or _ENGLISH.intersection(words) \
        else _FOREIGN_OF.search(low)  # "in", "for" are German words too, meaning others
    if split:
        head = [t for t in _content(_in_english(tokens(low[: split.start()]), foreign))
                if t in q.terms]
        tail = [t for t in _content(_in_english(tokens(low[split.end():]), foreign))
                if t in q.terms]
        if head and tail:
            q.head = head
            if all(t in _VALUE_OF for t in head):  # "the value of Color": Color's value
                q.terms = [t for t in q.terms if t not in head]
                q.head = []
    rel = _RELATION.search(low)
    if rel:
        named = set(q.terms) | set(q.role_words)
        before = [t for t in _content(tokens(low[: rel.start()])) if t in named]
        anchor = [t for t in _content(tokens(low[rel.end():])) if t in named]
        if before and anchor:
            word = rel.group(1)
            q.relation = "below" if word in ("under", "underneath", "below", "beneath") \
                else "above" if word == "above" else "beside"
            q.anchor = anchor
    q.compounds = [t for t in q.terms if "." in t or "_" in t or t.startswith("-")]
    if not q.terms and q.role_words:
        # "the To field", "the From box": a field named by a small word; "the button":
        # the role word is the name
        small = [w for w, nxt in itertools.pairwise(words)  # the small word before it
                 if w in STOPWORDS and w not in _NOT_A_NAME and nxt in ROLE_WORDS]
        q.terms = _dedupe(small) if small else list(q.role_words)
    else:  # "Like button for @cw": a capitalised small word before a role word is a name
        q.terms += [w for w in _dedupe([m.group(1).lower() for m in _CAPITAL_ROLE.finditer(text)
                                        if m.group(2).lower() in ROLE_WORDS])
                    if w in STOPWORDS and w not in _NOT_A_NAME and w not in q.terms]
    q.zone_terms = [z for z in q.zone_terms if z not in q.terms]
    q.terms += q.zone_terms
    seq = q.sequence
    if seq[:1] and seq[0] in _ORDERING and "by" in seq[1:]:
        at = len(seq) - 1 - seq[::-1].index("by")
        q.by = [w for w in seq[at + 1:] if w in q.terms]
    if q.intent == "navigate" and seq[:1] == ["open"] and q.roles and \
            "link" not in q.roles:  # "open the actions menu", "open the Files tab": a click
        q.intent = "click"
    if q.ordinal is not None and _SIDE_LINE.search(fold(text)):
        q.recounts = True  # "the second Open in the top row"
    if not q.terms and not q.roles and not q.quoted and not q.named:
        # a request of small words only ("to", "from"): they are the name asked for
        q.terms = [w for w in q.sequence if w not in _NOT_A_NAME]
    return q


#: Heads that only ask for what a key holds ("the value of Color", "the contents of Notes"):
#: not words the element carries.
_VALUE_OF = _words("value values content contents")

#: A capitalised word and the word after it (a role word makes the first a name).
_CAPITAL_ROLE = re.compile(r"\b([A-Z][a-z]*)\s+(?=(\w+))")
#: Small words that never name a field by themselves ("the", "please", "it").
_NOT_A_NAME = _words("a an the this that these those its it's it please i me my we our "
                     "you your is are be was were been being do does did")

#: "of" in the languages that say "the price of the …" with a word of their own.
_FOREIGN_OF = re.compile(r"\b(de|del|du|des|da|do|di|della|von|vom)\b")
#: Words that show a request is written in English, whatever the page's language.
_ENGLISH = _words("the of my this with and what where which your")


def _in_english(words: tuple[str, ...], foreign: bool) -> tuple[str, ...]:
    """On a page not in English, a request's role and value words of the page's language
    become the English ones the parser knows (*Tabelle* → table, *сколько* → how)."""
    if not foreign:
        return words
    return tuple(STRUCTURE_WORDS.get(w, w) for w in words)


def _dedupe(items: list[str]) -> list[str]:
    seen: set[str] = set()
    return [x for x in items if not (x in seen or seen.add(x))]  # type: ignore[func-returns-value]
