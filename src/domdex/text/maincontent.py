"""Main content versus boilerplate: which blocks of a page are what it is about.

Pure and offline: it works on the blocks and containers that ``extract.js`` returns
(plain dicts), so it is tested and tuned without a browser.

Why this shape: a page's main text sits in one container (an ``<article>``, a
``div.story-body``) whose paragraphs are long, comma-rich and mostly unlinked, while
navigation, footers and "related" lists are short and link-dense. Scoring containers
by the paragraphs under them (as Readability does) finds that container even on
pages with no ``<main>``/``<article>``; landmarks and class names then confirm or
veto it, and a second pass drops link-dense or clearly-labelled furniture inside it
(share bars, "read more", newsletter boxes). Everything outside is boilerplate but is
still read: nothing is dropped, only labelled.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

_NEGATIVE = re.compile(
    r"(?:^|[\s_-])(?:comment|comments|meta|footer|footnote|foot|masthead|menu|nav|navbar|"
    r"sidebar|side|aside|related|relatedlinks|share|sharing|social|promo|promotion|sponsor|"
    r"sponsored|ad|ads|advert|advertisement|banner|newsletter|subscribe|subscription|signup|"
    r"popup|modal|cookie|consent|breadcrumb|breadcrumbs|tags|tagline|widget|outbrain|taboola|"
    r"recommend|recommended|recirc|trending|popular|most-popular|byline|author|toolbar|"
    r"skip|hidden|print|login|teaser|more-stories|read-more|readmore|newsletter-signup|"
    r"caption|credit|disclaimer|pagination|pager|rating|topics)(?:$|[\s_-])",
)
_POSITIVE = re.compile(
    r"(?:^|[\s_-])(?:article|articlebody|article-body|body|content|entry|entry-content|main|"
    r"post|post-body|post-content|story|story-body|storytext|text|blog|prose|rich-text|"
    r"richtext|paragraph|body-text|page-content)(?:$|[\s_-])",
)
#: Readability's "unlikely candidates": a subtree so named is furniture unless its own
#: name also says content (``_MAYBE``).
_UNLIKELY = re.compile(
    r"(?:^|[\s_-])(?:ad|ads|ai2html|banner|breadcrumbs?|combx|comment|comments|community|"
    r"cover-wrap|disqus|extra|footer|gdpr|legends|menu|related|remark|replies|rss|shoutbox|"
    r"sidebar|skyscraper|social|sponsor|sponsored|supplemental|ad-break|agegate|pagination|"
    r"pager|popup|yom-remote|newsletter|outbrain|taboola|recirc|cookie|cookies|consent)"
    r"(?:$|[\s_\d-])"
)
_MAYBE = re.compile(r"and|article|body|column|content|main|shadow")
_BAD_LANDMARKS = {"nav", "footer", "aside", "form"}
_PARAGRAPH_KINDS = {"paragraph", "text", "quote"}
_COMMAS = re.compile(r"[,，、]")


@dataclass(frozen=True)
class Tuning:
    """Weights of the scorer, kept together so a benchmark can try others."""

    min_paragraph: int = 25
    class_weight: float = 25.0
    sibling_ratio: float = 0.2
    max_link_density: float = 0.5
    levels: int = 5


DEFAULT_TUNING = Tuning()


def class_weight(attrs: str, tag: str, landmark: str, tuning: Tuning = DEFAULT_TUNING) -> float:
    """Readability's class/id weight: + for content-like names, - for furniture."""
    weight = 0.0
    if _NEGATIVE.search(attrs):
        weight -= tuning.class_weight
    if _POSITIVE.search(attrs) or "articlebody" in attrs.replace(" ", ""):
        weight += tuning.class_weight
    if landmark in ("main", "article") or tag == "article":
        weight += tuning.class_weight
    if landmark in _BAD_LANDMARKS:
        weight -= tuning.class_weight * 2
    return weight


def _unlikely(container: dict[str, Any]) -> bool:
    """Whether a container is furniture by its landmark or its name."""
    if container["landmark"] in _BAD_LANDMARKS:
        return True
    if container["tag"] in ("body", "html", "a", "main", "article"):
        return False
    attrs = container["attrs"]
    return bool(_UNLIKELY.search(attrs)) and not _MAYBE.search(attrs)


def _scaled(weight: float, text_len: int) -> float:
    """A content-like name lifts a container only as far as it holds text (a 40-character
    "content-title" div is not the article); a furniture name always counts in full."""
    return weight if weight < 0 else weight * min(1.0, text_len / 500)


def _is_article(container: dict[str, Any]) -> bool:
    return container["tag"] == "article" or container["landmark"] == "article"


def _ancestors(containers: Sequence[dict[str, Any]], index: int) -> list[int]:
    chain = []
    while index >= 0:
        chain.append(index)
        index = containers[index]["parent"]
    return chain


def _paragraph_score(text: str) -> float:
    return 1.0 + len(_COMMAS.findall(text)) + min(len(text) / 100.0, 3.0)


def main_blocks(raw: dict[str, Any], tuning: Tuning = DEFAULT_TUNING) -> list[bool]:
    """For each block of ``raw``, whether it belongs to the page's main content."""
    containers: list[dict[str, Any]] = raw["containers"]
    blocks: list[dict[str, Any]] = raw["blocks"]
    if not blocks:
        return []
    for block in blocks:  # hidden menus can make an anchor longer than the visible text
        block["links"] = min(block["links"], len(block["text"]))
    page = _Page(containers, blocks, tuning)
    keep = page.choose(strict=True)
    kept_chars = sum(len(b["text"]) for b, k in zip(blocks, keep, strict=True) if k)
    if kept_chars < 250:  # as Readability does: retry without the "unlikely" veto
        loose = page.choose(strict=False)
        if sum(len(b["text"]) for b, k in zip(blocks, loose, strict=True) if k) > kept_chars:
            keep = loose
    return keep


class _Page:
    """Container statistics of one page, computed once for both passes."""

    def __init__(
        self, containers: list[dict[str, Any]], blocks: list[dict[str, Any]], tuning: Tuning
    ) -> None:
        self.containers, self.blocks, self.tuning = containers, blocks, tuning
        self.chains = [_ancestors(containers, b["container"]) for b in blocks]
        self.text_len = [0] * len(containers)
        self.link_len = [0] * len(containers)
        for block, chain in zip(blocks, self.chains, strict=True):
            for c in chain:
                self.text_len[c] += len(block["text"])
                self.link_len[c] += block["links"]
        self.weights = [
            class_weight(c["attrs"], c["tag"], c["landmark"], tuning) for c in containers
        ]
        holds_article = [False] * len(containers)
        articles = [0] * len(containers)
        for box in containers:
            if box["landmark"] in ("main", "article") or box["tag"] == "article":
                for a in _ancestors(containers, box["parent"]):
                    holds_article[a] = True
                    articles[a] += _is_article(box)
        title = next((b for b in blocks if b["kind"] == "heading" and b["level"] == 1), None)
        if title is not None:  # the article sits right around its title
            for a in _ancestors(containers, title["container"])[:3]:
                self.weights[a] += tuning.class_weight * 0.6
        for i, n in enumerate(articles):
            if n >= 2 and self.weights[i] > 0:  # a feed of posts, not one post
                self.weights[i] = 0.0
        # A wrapper around the <article> is layout, whatever its class ("has-sidebar").
        self.banned = [_unlikely(c) and not holds_article[i] for i, c in enumerate(containers)]

    def choose(self, strict: bool) -> list[bool]:
        chains = self.chains
        if strict:
            chains = [[] if any(self.banned[c] for c in ch) else ch for ch in chains]
        final = self._scores(chains)
        if strict and not any(final):
            return [False] * len(self.blocks)  # let the loose pass decide
        if not any(final):
            return [
                _plain_main(b, ch, self.containers)
                for b, ch in zip(self.blocks, self.chains, strict=True)
            ]
        top = self._promote(max(range(len(final)), key=final.__getitem__))
        chosen = _with_siblings(
            top, self.containers, final, self.text_len, self.link_len, self.tuning
        )
        return [
            _keep(b, ch, chosen, self.containers, self.weights, self.tuning)
            for b, ch in zip(self.blocks, chains, strict=True)
        ]

    def _promote(self, top: int) -> int:
        """The page's own ``main`` landmark when the best container is a part of it.

        API documentation nests its text in definition lists: the richest container is
        one function's description, but the page's main content is all of them.
        """
        for c in _ancestors(self.containers, self.containers[top]["parent"]):
            container = self.containers[c]
            if container["landmark"] != "main":
                continue
            dense = self.link_len[c] > 0.3 * max(self.text_len[c], 1)
            if not dense and self.text_len[c] >= 2 * self.text_len[top]:
                return c
            break
        return top

    def _scores(self, chains: Sequence[Sequence[int]]) -> list[float]:
        tuning = self.tuning
        score = [0.0] * len(self.containers)
        for block, chain in zip(self.blocks, chains, strict=True):
            text = block["text"]
            if block["kind"] not in _PARAGRAPH_KINDS or len(text) < tuning.min_paragraph:
                continue
            if block["links"] > tuning.max_link_density * len(text):
                continue
            base = _paragraph_score(text)
            for depth, c in enumerate(chain[: tuning.levels]):
                score[c] += base / (1 if depth == 0 else 2 if depth == 1 else depth * 3)
        return [
            (s + _scaled(self.weights[i], self.text_len[i]))
            * (1.0 - self.link_len[i] / max(self.text_len[i], 1))
            if s > 0
            else 0.0
            for i, s in enumerate(score)
        ]


def _with_siblings(
    top: int,
    containers: Sequence[dict[str, Any]],
    final: Sequence[float],
    text_len: Sequence[int],
    link_len: Sequence[int],
    tuning: Tuning,
) -> set[int]:
    """The top container plus siblings that carry enough unlinked text of their own."""
    chosen = {top}
    me = containers[top]
    if me["attrs"].strip() and not _is_article(me):
        # An article body split by an ad slot or a pull-quote: same tag, same class.
        for i, c in enumerate(containers):
            if (
                i != top and final[i] > 0 and c["tag"] == me["tag"] and c["attrs"] == me["attrs"]
                and link_len[i] < 0.25 * max(text_len[i], 1)
            ):
                chosen.add(i)
    parent = me["parent"]
    if parent < 0:
        return chosen
    threshold = max(10.0, final[top] * tuning.sibling_ratio)
    for i, c in enumerate(containers):
        if c["parent"] != parent or i == top:
            continue
        density = link_len[i] / max(text_len[i], 1)
        if _is_article(c) and _is_article(containers[top]):
            continue  # the next post of a feed, not more of this one
        if final[i] >= threshold and density < 0.25:
            chosen.add(i)
    return chosen


def _keep(
    block: dict[str, Any],
    chain: Sequence[int],
    chosen: set[int],
    containers: Sequence[dict[str, Any]],
    weights: Sequence[float],
    tuning: Tuning,
) -> bool:
    """Whether a block is main content, given the chosen container(s)."""
    below: list[int] = []
    for c in chain:
        if c in chosen:
            break
        below.append(c)
    else:
        return False
    if any(weights[c] < 0 and containers[c]["tag"] not in ("p", "a") for c in below):
        return False
    text = block["text"]
    density = block["links"] / max(len(text), 1)
    if block["kind"] == "heading":  # API docs link their own names in headings
        return density < 0.75
    if block["kind"] in ("list", "table"):
        return density < 0.6
    if density > tuning.max_link_density:
        return False
    return not (block["kind"] == "text" and len(text) < 20 and density > 0)


def _plain_main(
    block: dict[str, Any], chain: Sequence[int], containers: Sequence[dict[str, Any]]
) -> bool:
    """Fallback for pages with no paragraph at all: everything not in page furniture."""
    if any(containers[c]["landmark"] in _BAD_LANDMARKS | {"header"} for c in chain):
        return False
    return block["links"] < 0.5 * max(len(block["text"]), 1)
