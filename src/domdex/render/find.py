"""The find view: the best ref, its place on the page, look-alikes and how they differ.

Shaped like the hybrid seed's answer (region header, ``← BEST MATCH``, a one-line
``SUGGESTION`` that tells look-alikes apart) but cut to what a model needs to act:
about a hundred tokens. With nothing above the threshold it makes no guess unless one
element leads clearly (then it is the answer, ``low``, with a word to check it); else it
lists the closest elements and, from the region term index, the region that probably
holds what the agent meant ("No exact match. Did you mean R2.Cart (…)?").
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..index.identity import row_text, row_twins, words
from ..index.labels import label
from ..index.reveal import revealer
from ..index.roles import is_interactive
from ..search.lexical import ACTION_INTENTS, STOPWORDS
from .base import Line, View
from .elements import ROW_CHARS, element_line, in_row, quote, ref_and_name

if TYPE_CHECKING:
    from ..search.ranking import Match, Ranking

#: Longest element name shown in a find answer (a paragraph can be long).
NAME_LIMIT = 50
#: Characters of a look-alike's row shown beside the other matches (the best: ROW_CHARS).
ROW_LIMIT_OTHERS = 30
#: Alternatives scoring under this share of the best are data only, not text.
SHOW_ALTERNATIVE = 0.6
#: Under the threshold, the best is still given (``low``) when it scores at least this
#: share of the threshold and this many times the runner-up: a clear lead on a page where
#: nothing names the thing as asked ("the list" for an unnamed select).
LEAD_FLOOR = 0.5
LEAD_RATIO = 2.0
#: Intents whose target takes input: a text is no rival of a control for them.
_FIELD_INTENTS = frozenset({"fill", "select", "type"})


def confidence_label(score: float, runner_up: float | None) -> str:
    """``high`` / ``medium`` / ``low``: the score, and how clear the lead over look-alikes is."""
    margin = score - runner_up if runner_up is not None else score
    if score >= 0.6 and margin >= 0.08:
        return "high"
    if score >= 0.42 and margin >= 0.03:
        return "medium"
    return "low"


class FindResult(View):
    """Result of :func:`domdex.find`: ``.ref`` (or ``None``), ``.matches``, ``str()``."""

    kind = "find"
    default_max_tokens = 400

    def __init__(self, index: Any, ranking: Ranking, *, top_k: int = 3, threshold: float = 0.3,
                 explain: bool = False, fuzzy: list[tuple[str, list[str]]] | None = None,
                 max_tokens: int | None = None) -> None:
        super().__init__(max_tokens)
        self.index = index
        self.ranking = ranking
        self.query = ranking.query.text
        self.intent = ranking.intent
        self.threshold = threshold
        self.explain = explain
        self.top_k = top_k
        self.fuzzy = fuzzy or []
        self.matches: list[Match] = ranking.matches[:top_k]
        self._rows: dict[str, str] = {}
        best = self.matches[0] if self.matches else None
        runner = self.matches[1].score if len(self.matches) > 1 else None
        self.score: float = best.score if best else 0.0
        rival = self._rival(best)
        clear_lead = rival is None or self.score >= LEAD_RATIO * rival
        #: True when the answer is under the threshold but leads clearly (``low``)
        #: the best is named only by its id and class words: ``low`` at best, and only
        #: when it leads clearly
        self.guessed = best is not None and (best.guessed or best.unasked or best.undone)
        self.below = best is not None and clear_lead and threshold * LEAD_FLOOR <= self.score \
            and (self.score < threshold or self.guessed)
        self.ref: str | None = best.ref if best and (self.below or (
            self.score >= threshold and not self.guessed)) else None
        #: names the request gives that are nowhere on the page: the best is then
        #: someone else's (another record's *Delete*), ``low`` at most
        self.absent: tuple[str, ...] = ranking.absent
        #: names the records of several look-alikes hold alike: the answer is one of
        #: them, a guess, ``low`` at most
        self.shared: tuple[str, ...] = ranking.shared if not self.absent else ()
        if (self.absent or self.shared) and self.ref:
            self.below = True
        self.confidence = "none" if not self.ref else "low" if self.below else \
            confidence_label(self.score, runner)
        #: the visible control that opens the closed menu or section the answer is in
        self.reveal: str | None = self._revealer()
        self.suggestion = self._suggestion()

    def _rival(self, best: Match | None) -> float | None:
        """The score the best must lead clearly to be given under the threshold: the
        runner-up's, past look-alikes of the best that its record tells apart, that
        record's own text, texts when the request fills or selects, and for any action a
        sentence that holds the whole request (the task shown on the page). Three
        unnamed ``span.delete`` icons of three posts are one guess about what the icon
        does, and "delete Carol's post" says which post: the other posts' icons are not
        rivals when Carol's record holds a word of the request theirs lack."""
        if best is None or len(self.matches) < 2:
            return None
        tree = getattr(self.index, "tree", None)
        if tree is None:
            return self.matches[1].score
        twins = set(row_twins(self.index, best.pos))
        nodes = self.index.nodes
        control = is_interactive(nodes[best.pos])
        row = set(words(self._row(best.ref)))
        asked = {w for w in words(self.query) if w not in STOPWORDS} - \
            set(words(label(nodes[best.pos])))
        mine = asked & row
        for m in self.matches[1:]:
            if m.pos in twins and mine and asked & set(words(self._row(m.ref))) < mine:
                continue  # a look-alike whose record holds less of the request
            if is_interactive(nodes[m.pos]):
                return m.score
            said = words(label(nodes[m.pos]))
            if mine and set(said) <= row:
                continue  # the best's record's own text ("Bob Jones" for Bob's *Reply*)
            if control and self.intent in _FIELD_INTENTS:
                continue  # a text is nothing to fill or select in
            if control and self.intent in ACTION_INTENTS and asked and \
                    asked <= set(said) and len(said) > 2 * len(asked):
                continue  # a sentence that holds the whole request and more: the task
                # shown on the page ("Find the email by Elwira and click the trash icon")
            return m.score
        return None

    def __bool__(self) -> bool:
        return self.ref is not None

    @property
    def best(self) -> Match | None:
        return self.matches[0] if self.ref else None

    # Text ------------------------------------------------------------------------
    def _node(self, ref: str) -> Any:
        return self.index.node(ref)

    def _row(self, ref: str) -> str:
        """The words of the row (list item, card) of a control with visible look-alikes."""
        if ref not in self._rows:
            self._rows[ref] = row_text(self.index, ref) if hasattr(self.index, "tree") else ""
        return self._rows[ref]

    def _line(self, m: Match, limit: int = NAME_LIMIT, row: int = ROW_CHARS) -> str:
        """The element's line; a look-alike's line ends with its row (`` · in "1002 Dee
        Roy"``): ten "Refund" buttons differ only there, and the agent must see which
        one it is about to act on."""
        return self._own_line(m, limit) + in_row(self._row(m.ref), row)

    def _own_line(self, m: Match, limit: int) -> str:
        node = self._node(m.ref)
        if "editable" in node.states and not node.name and node.text:
            node = replace(node, text="")  # an editor's text is what was typed, not its name
        line = element_line(node, limit=limit)
        own = label(node)
        if m.name and m.name != own and (not own or not any(c.isalnum() for c in own)):
            # a note box or definition named from its children
            head, _, rest = line.partition(" ")
            if own:
                rest = rest.replace(quote(own, limit) + " ", "", 1)
            line = f"{head} {quote(m.name, limit)} {rest}"
        elif not own and not m.name:
            # an icon with no name: its id or class is all there is to tell what it is
            key = "class" if node.attrs.get("class") else "id"  # an id is often a serial
            if node.attrs.get(key):
                line += f" [{key}: {quote(node.attrs[key], 40)}]"
        return line

    def _suggestion(self) -> str:
        """One line telling the best match from its closest look-alikes."""
        elsewhere = ("Look for it elsewhere: another page of the list, further down, or "
                     "through the page's search or filter.")
        names = " or ".join(quote(n, 30) for n in self.absent)
        if not self.ref:
            return f"Nothing on the page says {names}. {elsewhere}" if self.absent else \
                self._fuzzy_text()
        if self.absent:
            return (f"Nothing on the page says {names}: @{self.ref} matches only the rest "
                    "of the request, so it is likely not the one meant (acting by query "
                    f"refuses it). {elsewhere}" + self._reveal_hint())
        if self.shared:
            names = " and ".join(quote(n, 30) for n in self.shared)
            return (f"Several look-alikes' rows hold {names}: @{self.ref} is one of them "
                    "(acting by query refuses it). Say which by another word of its row "
                    "or its place, or check the ALTERNATIVES." + self._reveal_hint())
        if self.below:
            first = self.matches[0] if self.matches else None
            why = ("does an action the request does not name" if first and first.unasked
                   else "does not say it does what the request asks" if first and first.undone
                   else "is named only by its class or id") if self.guessed else \
                f"leads clearly but scores under {self.threshold:.2f}"
            return (f"@{self.ref} {why}: check its line before acting on it (acting by "
                    "query refuses it)." + self._hover_hint() + self._reveal_hint())
        return self._tell_apart() + self._hover_hint() + self._reveal_hint()

    def _revealer(self) -> str | None:
        tree = getattr(self.index, "tree", None)
        if not self.ref or tree is None:
            return None
        pos = tree.pos.get(self.ref)
        at = revealer(self.index, pos) if pos is not None else None
        return self.index.nodes[at].ref if at is not None else None

    def _reveal_hint(self) -> str:
        """A best match in a closed menu or section: the control that opens it."""
        if not self.reveal:
            return ""
        return (f" It is hidden: open {ref_and_name(self._node(self.reveal))} first (click "
                "it, or hover it for a menu), then find again.")

    def _hover_hint(self) -> str:
        """A laid-out but invisible best match (a ¶ permalink) shows when its parent is hovered."""
        node = self._node(self.ref or "")
        box = node.box
        if self.reveal or node.visible or box is None or box.width <= 0 or box.height <= 0:
            return ""
        parent = self.index.parent(node.ref) if hasattr(self.index, "parent") else None
        where = f"@{parent.ref}" if parent is not None else "its container"
        return f" It is hidden until hovered: hover {where} first."

    def _tell_apart(self) -> str:
        best = self.matches[0]
        rivals = [m for m in self.matches[1:] if m.score >= best.score * 0.75][:2]
        what = f"{quote(best.name, 30)} {best.role}" if best.name else best.role
        if not rivals:
            return f"@{best.ref} is the clear match."
        same = [m for m in rivals if m.name == best.name]
        if same and self._row(best.ref) and self._row(same[0].ref):
            other = same[0]
            return (f"{what} in several rows: @{best.ref} is the one in "
                    f"{quote(self._row(best.ref), 30)}, @{other.ref} in "
                    f"{quote(self._row(other.ref), 30)}.")
        if same:
            other = same[0]
            where, owhere = best.region or "page", other.region or "page"
            return (f"{what} twice: @{best.ref} is the {self._relative(best, other)} one "
                    f"({where}), @{other.ref} the other ({owhere}).")
        other = rivals[0]
        owhat = f"{quote(other.name, 30)} {other.role}" if other.name else other.role
        return (f"@{best.ref} ({best.region or 'page'}) fits best; @{other.ref} is a {owhat} "
                f"in {other.region or 'the page'}.")

    def _relative(self, m: Match, other: Match) -> str:
        """``higher`` / ``lower`` / ``earlier`` / ``later``: where m is next to other."""
        a, b = self._node(m.ref).box, self._node(other.ref).box
        if a and b and abs(a.y - b.y) > 40:
            return "higher" if a.y < b.y else "lower"
        if a and b and abs(a.x - b.x) > 40:
            return "left" if a.x < b.x else "right"
        return "earlier" if m.pos < other.pos else "later"

    def _fuzzy_text(self) -> str:
        if not self.fuzzy:
            return "Try other words, a role (button, link, field) or grep for a pattern."
        rid, terms = self.fuzzy[0]
        r = self.index.region(rid)
        name = f" {quote(r.name, 30)}" if r.name else ""
        return f"No exact match. Did you mean {rid}{name} ({', '.join(terms)})?"

    def build(self) -> list[Line]:
        intent = f" ({self.intent})" if self.intent else ""
        q = quote(self.query, 40)
        if not self.ref:
            lines = [Line(f"FIND: {q}{intent} → no match above {self.threshold:.2f}", keep=True)]
            if self.matches:
                lines.append(Line("CLOSEST:"))
                lines += [Line(f"  {self._line(m, row=ROW_LIMIT_OTHERS)} in "
                               f"{m.region or 'page'} ({m.score:.2f})")
                          for m in self.matches]
            lines.append(Line(f"SUGGESTION: {self.suggestion}", keep=True, advice=True))
            return lines
        best = self.matches[0]
        lines = [Line(f"FIND: {q}{intent} → @{best.ref} ({self.confidence}, {best.score:.2f})",
                      keep=True)]
        lines += self._place(best)
        if self.explain:
            lines.append(Line("     " + _parts(best)))
        alts = [m for m in self.matches[1:] if m.score >= best.score * SHOW_ALTERNATIVE]
        if alts:
            lines.append(Line("ALTERNATIVES:"))
            for m in alts:
                lines.append(Line(f"  {self._line(m, 40, ROW_LIMIT_OTHERS)} in "
                                  f"{m.region or 'page'} "
                                  f"({m.score:.2f})"))
                if self.explain:
                    lines.append(Line("    " + _parts(m)))
        lines.append(Line(f"SUGGESTION: {self.suggestion}", keep=True, advice=True))
        return lines

    def _place(self, m: Match) -> list[Line]:
        """The region header(s) and the best match under them, as in the hybrid seed."""
        mark = f"{self._line(m)} ← BEST MATCH"
        if not m.region:
            return [Line("  " + mark, keep=True)]
        path = self.index.region_path(m.ref)
        top = path[0]
        name = f" {quote(top.name, 28)}" if top.name else ""
        lines = [Line(f"[{top.id}] {top.landmark}{name}", keep=True)]
        if len(path) > 1:
            sub = path[-1]
            sname = f" {quote(sub.name, 40)}" if sub.name and not _named_by_id(sub) else ""
            lines.append(Line(f"  └─ {sub.id}{sname}", keep=True))
            lines.append(Line(f"     {mark}", keep=True))
        else:
            lines.append(Line(f"  └─ {mark}", keep=True))
        return lines

    # Data ------------------------------------------------------------------------
    def _match_dict(self, m: Match) -> dict[str, Any]:
        d = m.to_dict()
        if row := self._row(m.ref):
            d["row"] = row
        return d

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "view": self.kind,
            "query": self.query,
            "intent": self.intent,
            "ref": self.ref,
            "score": round(self.score, 3),
            "confidence": self.confidence,
            "threshold": self.threshold,
            "matches": [self._match_dict(m) for m in self.matches],
            "suggestion": self.suggestion,
        }
        if self.reveal:
            d["reveal"] = self.reveal
        if self.absent:
            d["absent"] = list(self.absent)
        if self.shared:
            d["shared"] = list(self.shared)
        if self.ranking.route is not None:
            d["route"] = self.ranking.route.to_dict()
        if self.fuzzy:
            d["did_you_mean"] = [{"region": r, "terms": t} for r, t in self.fuzzy]
        return d


def _parts(m: Match) -> str:
    return "score " + " · ".join(f"{k} {v:.2f}" for k, v in m.parts.items())


def _named_by_id(region: Any) -> bool:
    """``R5.NextTopic`` already says "Next topic": no need to print the name again."""
    squashed = "".join(ch for ch in region.name.lower() if ch.isalnum())
    tail = region.id.rsplit(".", 1)[-1].lower()
    return bool(squashed) and (squashed == tail or squashed.startswith(tail))
