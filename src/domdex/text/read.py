"""``read``: a live page's text by sections, cached, searchable, never truncated.

The async core works on any Playwright page (``playwright.async_api.Page``); the sync
``domdex.Page`` wrapper drives it. One call:

1. asks the page for a cheap fingerprint of its text (``fingerprint.js``) and reuses
   the cached :class:`PageText` for ``(url, fingerprint)`` if it is fresh;
2. otherwise runs ``extract.js`` once and builds sections (heading → content, main
   content told apart from boilerplate);
3. selects what was asked (``scope``, ``section``, ``query``) and returns a
   :class:`~domdex.render.read.ReadResult`, whose ``render(max_tokens)`` shows the
   outline plus what fits and says how to read the rest.

A knowledge store, when given, learns every page read (and tells ``read`` which
sections it has already seen on other pages, i.e. site boilerplate).
"""

from __future__ import annotations

import dataclasses
import json
import logging
import time
from typing import TYPE_CHECKING, Any

from ..capture.deadline import evaluate_in
from ..errors import NavigationError, QueryError, StoreError
from ..render.read import ReadResult
from .cache import ReadCache
from .frames import frame_fingerprints, frame_sections, renumber, visible_frames
from .relevance import Embedder, named_embedder, rank
from .scripts import script
from .sections import PageText, build_page_text

if TYPE_CHECKING:
    from .store import KnowledgeStore

SCOPES = (None, "all", "main")
logger = logging.getLogger("domdex")

_default_cache: ReadCache | None = None


def default_cache() -> ReadCache:
    """The process-wide read cache (made on first use: nothing runs at import)."""
    global _default_cache
    if _default_cache is None:
        _default_cache = ReadCache()
    return _default_cache


async def _evaluate(page: Any, name: str, arg: Any = None) -> Any:
    """Run one of our scripts; a document replaced meanwhile (a redirect, a client-side
    navigation) is waited for and read once more instead of failing the read."""
    for attempt in range(2):
        try:
            return await evaluate_in(page, script(name), arg, what=name)
        except Exception as exc:
            message = str(exc)
            if "context was destroyed" not in message and "navigat" not in message:
                raise NavigationError(
                    f"The page could not be read: {message.splitlines()[0]}"
                ) from exc
            if attempt:
                raise NavigationError(
                    "The page kept navigating while it was being read; wait for it to "
                    "settle and read again."
                ) from exc
            try:
                await page.wait_for_load_state("domcontentloaded", timeout=10_000)
            except Exception:  # the retry below reports what is wrong
                logger.debug("no load state after a navigation during read", exc_info=True)
    raise AssertionError("unreachable")


async def fingerprint(page: Any) -> tuple[str, str]:
    """``(url, fingerprint)`` of the page's current text (its frames' included), without
    extracting it."""
    found = await _evaluate(page, "fingerprint", {"refs": True})
    frames = await visible_frames(page)
    return found["url"], found["fingerprint"] + await frame_fingerprints(frames)


async def extract(page: Any, fingerprint_value: str | None = None) -> PageText:
    """Extract the page's sections now (then its frames'), bypassing any cache."""
    if fingerprint_value is None:
        _, fingerprint_value = await fingerprint(page)
    started = time.perf_counter()
    raw = json.loads(await _evaluate(page, "extract",
                                     {"fingerprint": fingerprint_value, "refs": True}))
    text = build_page_text(raw)
    frames = await visible_frames(page)
    if frames:
        sections = renumber([*text.sections, *await frame_sections(frames)])
        text = dataclasses.replace(text, sections=sections)
    return dataclasses.replace(text, extraction_ms=(time.perf_counter() - started) * 1000)


async def page_text(
    page: Any, nocache: bool = False, cache: ReadCache | None = None
) -> tuple[PageText, bool]:
    """The page's :class:`PageText` and whether it came from the cache."""
    cache = cache if cache is not None else default_cache()
    url, fp = await fingerprint(page)
    if not nocache:
        hit = cache.get(url, fp)
        if hit is not None:
            return hit, True
    text = await extract(page, fp)
    cache.put(text)
    return text, False


async def read(
    page: Any,
    scope: str | None = None,
    section: str | None = None,
    offset: int = 0,
    query: str | None = None,
    limit: int = 3,
    max_tokens: int | None = None,
    nocache: bool = False,
    *,
    cache: ReadCache | None = None,
    store: KnowledgeStore | None = None,
    embedder: Embedder | str | None = None,
) -> ReadResult:
    """Read a page's text by sections.

    ``scope="main"`` keeps the main content only; ``section="s7"`` one section;
    ``query`` the ``limit`` sections most relevant to it (lexical + semantic, scored);
    ``offset`` skips that many characters of the selection (to continue a cut read);
    ``max_tokens`` is the budget of the result's default rendering (``str(result)``);
    ``nocache`` forces a fresh extraction. Nothing is ever dropped: a budget only
    shortens the rendering, which then says how to get the rest.
    """
    if scope not in SCOPES:
        raise QueryError(f"scope must be 'main' or omitted (all sections), not {scope!r}.")
    if offset < 0:
        raise QueryError("offset must be 0 or more characters.")
    page = getattr(page, "playwright_page", page)  # a domdex AsyncPage works too
    embedder = named_embedder(embedder)  # "hashing", "minilm" or an object
    if embedder is None and store is not None:  # the query is ranked as the store ranks
        embedder = store.embedder
    text, cached = await page_text(page, nocache=nocache, cache=cache)
    store_error = None
    if store is not None:
        try:
            text = store.add_page(text)
        except StoreError as exc:  # the page's text is still the answer; say what failed
            store_error = str(exc)
    result = select(
        text,
        scope=scope,
        section=section,
        offset=offset,
        query=query,
        limit=limit,
        max_tokens=max_tokens,
        cached=cached,
        embedder=embedder,
    )
    result.store_error = store_error
    return result


def select(
    text: PageText,
    scope: str | None = None,
    section: str | None = None,
    offset: int = 0,
    query: str | None = None,
    limit: int = 3,
    max_tokens: int | None = None,
    cached: bool = False,
    embedder: Embedder | None = None,
) -> ReadResult:
    """The part of an extracted page that ``read`` was asked for (pure, offline)."""
    sections = text.main if scope == "main" else text.sections
    if scope == "main" and not sections:
        sections = text.sections
    scores: dict[str, float] = {}
    closest: tuple[tuple[str, str, float], ...] = ()
    if section:
        found = text.section(section)
        if found is None:
            valid = ", ".join(s.id for s in text.sections[:12])
            more = " …" if len(text.sections) > 12 else ""
            raise QueryError(
                f"This page has no section {section!r}. Sections are {valid}{more}; "
                "call read() without section to see the outline."
            )
        sections = (found,)
    elif query:
        hits = rank(sections, query, limit=limit, embedder=embedder)
        if hits and not any(h.lexical for h in hits):
            # Scores are relative to the page's best section, so something always comes
            # first; when no section holds any word of the request, nothing answers it.
            # Say so and name the closest by meaning, instead of printing them as answers.
            closest = tuple((h.section.id, h.section.heading or h.section.title, h.score)
                            for h in hits)
            hits = []
        sections = tuple(h.section for h in hits)
        scores = {h.section.id: h.score for h in hits}
    result = ReadResult(
        page=text,
        sections=tuple(sections),
        scope=scope,
        section=section,
        offset=offset,
        query=query,
        scores=scores,
        cached=cached,
        max_tokens=max_tokens,
    )
    result.closest = closest
    return result
