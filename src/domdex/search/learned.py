"""Learned ranking: how find's signals combine, fitted on pages nobody tuned it on.

:func:`~domdex.search.ranking.find_matches` computes, for each shortlisted element,
the signals of its hand-written stages — lexical coverage, name precision, the
embedder, intent and state factors, zones, positions, keys — plus a few facts that
describe the element's kind and place (:data:`FEATURES`). A linear model over them
(a conditional logit: a softmax over the page's candidates) orders the candidates and
says how sure it is: an element's score is its probability of being the one meant.

The weights are not set by hand. ``bench/fit_ranker.py`` fits them on the dev corpus
(real applications, MiniWoB-like forms, the Python docs), validates them leave one
application out, and writes ``ranker.json`` beside this module. Without that file
find falls back to the hand-set product of factors.
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

import numpy as np

from .descriptors import is_multi_line
from .lexical import tokens

__all__ = ["FEATURES", "Ranker", "asked_shapes", "feature_matrix", "has_shape",
           "load_ranker"]

#: The model's inputs, in order. ``bench/fit_ranker.py`` and ``ranker.json`` use these
#: names; a feature the file does not know gets weight 0.
FEATURES = (
    "lex", "prec", "lexical", "emb", "exact_full", "exact_term", "quoted_exact",
    "key_fit", "verbose", "log_intent", "hidden1", "hidden2", "disabled", "in_viewport",
    "primary", "column_header", "interactive", "log_route", "log_role", "log_zone",
    "position", "negative", "head", "verb_match", "prose", "log_hand", "hand_rank",
    "hand_lead", "name_extra", "echo", "first_copy", "log_copies", "key_cover", "col_cover",
    "cell_rowcol", "big_text", "kind_link", "kind_button", "kind_textbox", "kind_check",
    "kind_select", "kind_cell", "kind_heading", "kind_text", "kind_image",
    "click_field", "click_static", "fill_nonfield", "shape",
)
#: Request words that ask for a value of a shape, and the shape ("how many", "when",
#: "what does it cost"). Nouns that name things ("items", "rows", "last") are left out:
#: "the last row" asks for a row, not for a date.
_SHAPE_WORDS = {
    **dict.fromkeys(("when", "date", "dated", "day", "modified", "updated", "created",
                     "published", "timestamp", "since"), "date"),
    **dict.fromkeys(("price", "cost", "costs", "fee", "balance", "salary", "revenue"),
                    "money"),
    **dict.fromkeys(("count", "many"), "count"),
    **dict.fromkeys(("email", "emails"), "email"),
    **dict.fromkeys(("phone", "telephone", "tel", "mobile", "fax"), "phone"),
}
#: every currency sign Unicode knows (category Sc: $ € £ ¥ ₽ ₹ ₩ ₺ ₴ ₪ ฿ …), for prices
#: in any currency, written before or after the amount
_CURRENCY = re.escape("".join(chr(c) for c in range(0x10000)
                              if unicodedata.category(chr(c)) == "Sc"))
_MONTH = r"(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
#: Month names (and their usual short forms) of the other languages find reads: German,
#: French, Spanish, Portuguese, Italian, Dutch, Russian (both cases) and Arabic.
_MONTH_NAMES = """
    januar februar märz maerz mär mai juni juli august oktober okt dezember dez jän
    janvier janv février fevrier févr mars avril avr juin juillet juil août aout
    septembre sept octobre novembre décembre decembre déc
    enero febrero marzo abril mayo junio julio agosto septiembre setiembre octubre
    noviembre diciembre ene abr ago dic
    janeiro fevereiro março marco maio junho julho setembro outubro novembro dezembro
    gennaio febbraio aprile maggio giugno luglio settembre ottobre dicembre
    januari februari maart mei augustus
    января февраля марта апреля мая июня июля августа сентября октября ноября декабря
    январь февраль март апрель май июнь июль август сентябрь октябрь ноябрь декабрь
    янв фев мар апр авг сен окт ноя дек
    يناير فبراير مارس أبريل مايو يونيو يوليو أغسطس سبتمبر أكتوبر نوفمبر ديسمبر
    """
_MONTHS = "|".join(sorted(set(_MONTH_NAMES.split()), key=len, reverse=True))
#: "today" and "yesterday" in those languages (not French *hier*, German "here"), and
#: in Chinese and Japanese
_RELATIVE_DAYS = ("heute|gestern|aujourd'hui|hoy|ayer|hoje|ontem|oggi|ieri|vandaag|"
                  "gisteren|сегодня|вчера|اليوم|أمس")
_SHAPES = {
    "date": re.compile(r"((?<!\d)\d{4}[-/.]\d{1,2}[-/.]\d{1,2}(?!\d)"
                       r"|\b\d{1,2}[/.]\d{1,2}[/.]\d{2,4}\b|\b\d{1,2}:\d{2}\b"
                       rf"|\b{_MONTH} \d{{1,2}}\b|\b\d{{1,2}} {_MONTH}"
                       r"|\b(ago|yesterday|today)\b"
                       rf"|\b\d{{1,2}}\.?\s?(de\s)?({_MONTHS})\b|\b({_MONTHS})\.?\s\d{{1,2}}\b"
                       rf"|\b({_RELATIVE_DAYS})\b"
                       r"|\d{1,4}\s?[年月]\s?\d{1,2}\s?[月日]|今日|昨日|今天|昨天)", re.I),
    "money": re.compile(rf"([{_CURRENCY}]\s?\d|\d\s?[{_CURRENCY}]|\b\d+[.,]\d{{2}}\b"
                        r"|\b(usd|eur|gbp|jpy|cny|rub|chf|inr|brl|pln|sek|nok|dkk|cad|aud)\b)",
                        re.I),
    # a whole number standing alone: "Drafts (3)", "10 Images", "Used 1 time", "42"
    # (not a part of a date, a time, a version or an id such as SKU-1009)
    "count": re.compile(r"(?<![\w.:/,-])\d+(?:,\d{3})*(?![\w.:/-]|,\d)"),
    "email": re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+"),
    # 234-851-5952, (555) 123-4567, +44 20 7946 0958; not a date (2024-07-18, 18.07.2024),
    # a number in groups of three (12.500.000), a version or an address's number
    "phone": re.compile(r"(?<![\w.])(?!\d{1,2}[./-]\d{1,2}[./-]\d{2,4}(?![\w.]))"
                        r"(?!\d{1,3}(?:[.,]\d{3})+(?![\w.]))"
                        r"(?:\+\d{1,3}[\s.-]?)?(?:\(\d{2,4}\)[\s.-]?|\d{2,4}[\s.-])"
                        r"\d{2,4}[\s.-]?\d{3,4}(?![\w.])"),
}
#: A value is a short text: a long paragraph holds numbers by chance.
_SHAPE_MAX = 80


def asked_shapes(q: Any) -> frozenset[str]:
    """The value shapes a request asks for: "how many …" a count, "when …" a date."""
    return frozenset(_SHAPE_WORDS[w] for w in q.sequence if w in _SHAPE_WORDS)


def has_shape(text: str, shapes: frozenset[str]) -> bool:
    """Whether a short ``text`` holds a value of one of ``shapes``."""
    return bool(text) and len(text) < _SHAPE_MAX and \
        any(_SHAPES[sh].search(text) for sh in shapes)


_KINDS = {
    "link": "kind_link", "button": "kind_button", "textbox": "kind_textbox",
    "searchbox": "kind_textbox", "checkbox": "kind_check", "radio": "kind_check",
    "switch": "kind_check", "combobox": "kind_select", "listbox": "kind_select",
    "option": "kind_select", "cell": "kind_cell", "gridcell": "kind_cell",
    "rowheader": "kind_cell", "columnheader": "kind_cell", "heading": "kind_heading",
    "img": "kind_image", "image": "kind_image",
}
_COL = {name: i for i, name in enumerate(FEATURES)}


def _cover(terms: set[str], text: str) -> float:
    if not terms or not text:
        return 0.0
    words = set(tokens(text))
    return sum(1 for t in terms if t in words) / len(terms)


def feature_matrix(si: Any, q: Any, ks: np.ndarray, parts: dict[str, Any]) -> np.ndarray:
    """One row per shortlisted element ``ks``, one column per :data:`FEATURES` name.

    ``parts`` holds the per-element arrays the hand-written stages computed (each
    indexed by element, or a float that applies to all).
    """
    m = len(ks)
    X = np.zeros((m, len(FEATURES)), dtype=np.float64)

    def put(name: str, value: Any) -> None:
        v = value[ks] if isinstance(value, np.ndarray) else value
        X[:, _COL[name]] = v

    for name in ("lex", "prec", "lexical", "emb", "key_fit", "verbose", "position",
                 "negative", "head", "verb_match"):
        put(name, parts[name])
    exact = parts["exact"]
    put("exact_full", exact >= 0.08)
    put("exact_term", (exact > 0) & (exact < 0.08))
    for name in ("intent", "route", "role", "zone"):
        put("log_" + name, np.log(np.maximum(parts[name], 1e-3)))
    put("hidden1", si.hidden == 1)
    put("hidden2", si.hidden == 2)
    put("disabled", si.disabled)
    put("in_viewport", si.in_viewport)
    put("primary", si.primary)
    put("column_header", si.column_header)
    put("interactive", si.interactive)
    put("prose", si.in_prose if q.prose else 0.0)
    hand = parts["hand"][ks].astype(np.float64)
    X[:, _COL["log_hand"]] = np.log(np.maximum(hand, 1e-3))
    order = np.argsort(-hand, kind="stable")
    rank = np.empty(m)
    rank[order] = np.arange(m)
    X[:, _COL["hand_rank"]] = 1.0 / (1.0 + rank)
    X[:, _COL["hand_lead"]] = hand - (float(hand.max()) if m else 0.0)
    terms = set(q.terms) | set(q.role_words)
    quoted = {" ".join(tokens(x)) for x in q.quoted}
    seen: dict[tuple[str, str], int] = {}
    copies: dict[tuple[str, str], int] = {}
    for k in ks:
        copies[si.signature[k]] = copies.get(si.signature[k], 0) + 1
    biggest = _biggest_text_area(si, ks)
    shapes = asked_shapes(q)
    intent = parts.get("intent_name")
    if intent == "click":
        put("click_field", si.role_fillable & ~(si.role_combobox | si.role_slider))
        put("click_static", ~(si.role_clickable | si.interactive))
    elif intent == "fill":
        put("fill_nonfield", ~(si.role_fillable | si.file_input))
    for j, k in enumerate(ks):
        d = si.descriptors[k]
        name_words = si.norm_names[k].split()
        if name_words and terms:
            X[j, _COL["name_extra"]] = sum(1 for w in name_words if w not in terms) / \
                len(name_words)
        if quoted and si.norm_names[k] in quoted:
            X[j, _COL["quoted_exact"]] = 1.0
        text = d.fields.get("text", "")
        n_text = len(tokens(text)) if text else 0
        if n_text > 4 and not si.interactive[k]:
            X[j, _COL["echo"]] = _cover(terms, text) * min(1.0, n_text / max(1, len(terms)))
        sig = si.signature[k]
        X[j, _COL["first_copy"]] = float(sig not in seen)
        seen.setdefault(sig, j)
        X[j, _COL["log_copies"]] = math.log(copies[sig])
        key_c = _cover(terms, d.fields.get("key", ""))
        col_c = _cover(terms, d.column)
        X[j, _COL["key_cover"]] = key_c
        X[j, _COL["col_cover"]] = col_c
        X[j, _COL["cell_rowcol"]] = key_c * col_c
        X[j, _COL["big_text"]] = float(k == biggest)
        if shapes and has_shape(d.label, shapes):
            X[j, _COL["shape"]] = 1.0
        kind = _KINDS.get(d.role, "kind_text" if not si.interactive[k] else "")
        if kind:
            X[j, _COL[kind]] = 1.0
    return X


def _biggest_text_area(si: Any, ks: np.ndarray) -> int:
    """The shortlisted multi-line text field with the largest box ("the editor")."""
    best, area = -1, 0.0
    for k in ks:
        node = si.descriptors[k].node
        if not is_multi_line(node) or node.box is None:
            continue
        a = node.box.width * node.box.height
        if a > area:
            best, area = int(k), a
    return best


@dataclass(frozen=True, slots=True)
class Ranker:
    """A fitted conditional logit: standardised features times weights."""

    weights: np.ndarray
    mean: np.ndarray
    scale: np.ndarray
    meta: dict[str, Any]
    none: float = 0.0  # the outside option's logit: "nothing here is what was meant"

    def logits(self, X: np.ndarray) -> np.ndarray:
        return np.asarray(((X - self.mean) / self.scale) @ self.weights)

    def probabilities(self, X: np.ndarray) -> np.ndarray:
        """Each candidate's chance of being the element meant: a softmax over the
        candidates and the outside option (so they need not add up to 1)."""
        z = self.logits(X)
        top = max(float(z.max()), self.none)
        e = np.exp(z - top)
        return np.asarray(e / (e.sum() + math.exp(self.none - top)))

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Ranker:
        names = d["features"]
        w = np.zeros(len(FEATURES))
        mean = np.zeros(len(FEATURES))
        scale = np.ones(len(FEATURES))
        for i, name in enumerate(names):
            if name in _COL:
                c = _COL[name]
                w[c], mean[c], scale[c] = d["weights"][i], d["mean"][i], d["scale"][i] or 1.0
        return cls(w, mean, scale, {k: v for k, v in d.items()
                                    if k not in ("weights", "mean", "scale", "none")},
                   float(d.get("none", 0.0)))

    def to_dict(self) -> dict[str, Any]:
        return {**self.meta, "features": list(FEATURES), "none": self.none,
                "weights": self.weights.tolist(),
                "mean": self.mean.tolist(), "scale": self.scale.tolist()}


@cache
def load_ranker() -> Ranker | None:
    """The shipped weights (``ranker.json``), or None when the package has none."""
    try:
        text = resources.files(__package__).joinpath("ranker.json").read_text()
    except (FileNotFoundError, OSError):
        return None
    return Ranker.from_dict(json.loads(text))
