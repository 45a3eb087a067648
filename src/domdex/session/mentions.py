"""A record that only mentions the one a request names is not it.

"delete the invoice for Globex" on a page with no Globex invoice: find's best is Acme's
*Delete invoice*, whose row's notes say "Referred by Globex"; "delete Ivy's comment"
over Tom's comment "Ivy made a great point…"; "archive the email from Stripe" over
LinkedIn's "Stripe is hiring…" (review 53: each was done, and answered OK). Every word
of the request is in the row, so :func:`~domdex.session.ambiguity.unmet` lets it
through; but the words that name the record are in the row's running text, not in a
field that names a record (its name, a sender, an author: a short field), so the row
speaks *of* that record.

:func:`mentioned` refuses such a click when it cannot be taken back (delete, archive,
remove …): the refusal lists find's best, and the agent can act by ref. A request that
points at the text itself ("the comment about Ivy", "the email saying …") is left to
find.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..index.identity import candidate_fields, identify, look_alikes, row_text, words
from ..index.labels import label
from ..languages import current_language
from ..render.elements import element_line, in_row
from ..search.lexical import STOPWORDS
from ..search.ranking import undoable
from ..search.records import RECORD_WORDS

if TYPE_CHECKING:
    from ..index import PageIndex
    from ..render.find import FindResult

__all__ = ["POINTERS", "PROSE_WORDS", "mentioned"]

#: A row's field of more words than this, or with a function word, is running text (a
#: note, a comment, a subject line), not a field that names a record (a name, a sender,
#: an id).
PROSE_WORDS = 4
#: Request words that say a record's text is what follows ("the email about …"): no
#: word of the record itself.
POINTERS = frozenset(str.split(
    "about saying says said mention mentions mentioning mentioned contain contains "
    "containing regarding re titled quoting reads"))
#: Request words that point at a record's text, where a mention is what is meant.
_ABOUT = POINTERS | frozenset(str.split("subject text body note notes quote wording words"))


_NAMED = re.compile(r"\b[A-Z][\w]*")


def _names_a_record(field: list[str]) -> bool:
    """Whether a row's field reads as a name (*Acme Corp*, *Bob Stone*, *LB-1017*), not
    as running text: a few words, none of them a function word (*Referred by Globex*,
    *Stripe is hiring*)."""
    return len(field) <= PROSE_WORDS and not any(w in STOPWORDS for w in field)


def mentioned(idx: PageIndex, result: FindResult, action: str) -> str | None:
    """The refusal to give when a click that cannot be taken back would act in a row
    whose only words of the record the request names are in its running text (else
    None)."""
    if action != "click" or not result.ref or current_language() is not None:
        return None
    q = result.ranking.query
    if not q.sequence or _ABOUT & set(q.sequence):
        return None
    node = idx.node(result.ref)
    name = label(node)
    if not undoable(name) and not undoable(q.sequence[0]):
        return None
    pos = idx.pos(result.ref)
    twins = look_alikes(idx, pos)
    if len(twins) < 2:
        return None  # not one of a list's records
    fields = candidate_fields(idx, pos, twins)
    if len(fields) < 2:
        return None  # a row of one field: no name to tell from its text
    own = set(words(name))
    lead = set(identify(idx, pos, twins).lead)
    naming = [f for f in fields if _names_a_record(f)]
    short = {w for f in naming for w in f} | lead
    prose = {w for f in fields if f not in naming for w in f}
    # the words that name a record: written with a capital inside the request, or with
    # a digit ("Globex", "Ivy's", "LB-1017"); a record named by a sentence ("the
    # quarterly budget review email") is found by its words, as find does (review 54)
    names = {w.casefold() for w in _NAMED.findall(q.text[1:])}
    asked = [t for t in q.terms if t.isalnum() and t not in STOPWORDS and
             t not in RECORD_WORDS and t not in own and not undoable(t) and
             (t in names or any(c.isdigit() for c in t))]
    if not asked or any(t in short for t in asked):
        return None
    spoken = [t for t in asked if t in prose]
    if not spoken:
        return None
    row = row_text(idx, result.ref)
    said = ", ".join(repr(t) for t in spoken)
    return (f"{result.query!r}: find's best match, {element_line(node)}{in_row(row)}, "
            f"has {said} only in its row's text, not in a field that names its record, "
            f"so it is a record that mentions it, not the one named; nothing was done "
            f"({action}). Check that the record is on this page (find, grep), or act on "
            f"an element by its ref ({action} <ref>).")
