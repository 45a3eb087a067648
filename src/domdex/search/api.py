"""grep and find as pure functions over a page index (or a snapshot, or a live page).

``Page.grep`` / ``Page.find`` and ``IndexedPage.grep`` / ``IndexedPage.find`` delegate
here; the CLI and the MCP server call the same functions.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ..errors import QueryError
from .lexical import parse_query
from .patterns import CONTEXTS, compile_pattern, grep_hits
from .ranking import find_matches
from .routing import fuzzy_regions

if TYPE_CHECKING:
    from ..render.find import FindResult
    from ..render.grep import GrepResult

__all__ = ["MAX_QUERY_CHARS", "as_index", "find", "grep", "prepare_find"]

_REGEX_META = re.compile(r"[\\^$.|?*+()\[\]{}]")

#: Longest find query or grep pattern, in characters. Finding one element takes a few
#: words; text far longer was pasted by mistake, and find's cost grows faster than the
#: query (a 40,000-character CJK query took 31 s), so it is refused, not run.
MAX_QUERY_CHARS = 2_000


def _check_length(text: object, what: str, advice: str) -> None:
    if not isinstance(text, str):
        raise QueryError(f"The {what} must be text, not {type(text).__name__}.")
    if len(text) > MAX_QUERY_CHARS:
        raise QueryError(f"The {what} is {len(text):,} characters long; domdex reads up to "
                         f"{MAX_QUERY_CHARS:,}. {advice}")


def as_index(target: Any) -> Any:
    """A PageIndex from a PageIndex, a Snapshot, or anything with ``.index()`` (a Page)."""
    if hasattr(target, "tree") and hasattr(target, "regions"):
        return target
    from ..snapshot import Snapshot

    if isinstance(target, Snapshot):
        from ..index import build_index

        return build_index(target)
    index = getattr(target, "index", None)
    if callable(index):
        return index()
    raise TypeError(
        f"grep/find need a PageIndex, a Snapshot or a Page, not {type(target).__name__}."
    )


def _regions(regions: str | list[str] | tuple[str, ...] | None) -> list[str] | None:
    if regions is None:
        return None
    if isinstance(regions, str):
        regions = [x for x in re.split(r"[,\s]+", regions) if x]
    return list(regions) or None


def grep(
    index: Any,
    pattern: str,
    regions: str | list[str] | None = None,
    context: str = "element",
    expand: bool = False,
    role: str | None = None,
    ignore_case: bool = True,
    include_hidden: bool = False,
    max_tokens: int | None = None,
) -> GrepResult:
    """Elements whose role, name, value, placeholder or label match ``pattern``, by region.

    ``regions`` limits the search (sub-regions included); ``context`` is ``"element"``,
    ``"region"`` (folds crowded sub-regions to a summary) or ``"path"`` (landmark path
    and xpath per match); ``expand`` adds the other controls nearby. Hidden elements
    are left out unless ``include_hidden``. An invalid regex raises
    :class:`~domdex.errors.QueryError` saying how to search for the literal text.
    """
    from ..render.grep import GrepResult

    if context not in CONTEXTS:
        raise QueryError(f"context must be one of {', '.join(CONTEXTS)}, not {context!r}.")
    _check_length(pattern, "grep pattern", "Search for a few words or a short regex.")
    idx = as_index(index)
    regex = compile_pattern(pattern, ignore_case)
    scope = _regions(regions)
    if scope:
        scope = [idx.region(r).id for r in scope]
    hits, match_all = grep_hits(idx, regex, regions=scope, role=role,
                                include_hidden=include_hidden)
    best = _best_of(idx, pattern, hits) if not match_all and len(hits) > 1 else None
    fuzzy = fuzzy_regions(idx, parse_query(_words(pattern))) if not hits else None
    return GrepResult(idx, pattern, hits, match_all=match_all, regions=scope, context=context,
                      expand=expand, best=best, fuzzy=fuzzy, max_tokens=max_tokens)


def _words(pattern: str) -> str:
    return _REGEX_META.sub(" ", pattern)


def _best_of(idx: Any, pattern: str, hits: list[Any]) -> str | None:
    """The match find would pick for the pattern's words, if it clearly leads."""
    words = _words(pattern).strip()
    if not words:
        return None
    refs = {h.ref for h in hits}
    ranking = find_matches(idx, words, top_k=len(hits))
    ranked = [m for m in ranking.matches if m.ref in refs]
    if not ranked:
        return None
    if len(ranked) > 1 and ranked[0].score - ranked[1].score < 0.08:
        return None  # no clear winner: the region grouping says more than a guess
    return ranked[0].ref


def find(
    index: Any,
    query: str,
    intent: str | None = None,
    region: str | None = None,
    role: str | None = None,
    top_k: int = 3,
    threshold: float = 0.3,
    lexical_weight: float = 0.6,
    embedding_weight: float = 0.4,
    explain: bool = False,
    max_tokens: int | None = None,
) -> FindResult:
    """The element a natural-language ``query`` means: ``.ref`` (``None`` below threshold).

    ``intent`` (click, fill, select, read, navigate) restricts and boosts roles;
    ``region`` and ``role`` scope the search; ``top_k`` alternatives come with the
    region each sits in and a suggestion that tells them apart; ``explain`` adds the
    score breakdown. Nothing above ``threshold``: no guess, the closest elements and
    the region whose terms fit.
    """
    from ..render.find import FindResult

    _check_length(query, "find query",
                  "Describe the element in a few words, e.g. 'Add to Cart button'.")
    if top_k < 1:
        raise QueryError("top_k must be at least 1.")
    idx = as_index(index)
    if region:
        region = idx.region(region).id
    ranking = find_matches(idx, query, intent=intent, region=region, role=role, top_k=top_k,
                           lexical_weight=lexical_weight, embedding_weight=embedding_weight,
                           explain=explain)
    best = ranking.matches[0].score if ranking.matches else 0.0
    fuzzy = fuzzy_regions(idx, ranking.query) if best < threshold else None
    return FindResult(idx, ranking, top_k=top_k, threshold=threshold, explain=explain,
                      fuzzy=fuzzy, max_tokens=max_tokens)


def prepare_find(index: Any, background: bool = False) -> None:
    """Build now what the first :func:`find` on ``index`` would build (its matcher:
    every element described, its words indexed and embedded; the look-alike groups its
    answer is told apart by), so that find answers at once. A second call, or a find
    racing this one, reuses the same build. ``background``: built beside other work (a
    session's warmer), so the garbage collector is not paused for it: a pause is
    process-wide, and seconds of it kept the next capture's garbage alive."""
    from ..index.identity import look_alike_groups
    from .matcher import SearchIndex

    idx = as_index(index)
    SearchIndex.for_index(idx, pause_gc=not background)
    look_alike_groups(idx)
