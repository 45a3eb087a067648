"""Unnamed icon buttons named by their icon: capture reads what the icon is (an svg's or
an icon font's class, a sprite's fragment, an image's file name) into ``dx-icon``, and
the index turns the glyph into words and the act it pictures (a pencil edits, a trash
can deletes). Such a name is a guess: find ranks by it, answers ``low`` at best, and an
action by words still refuses it (Prefect's and MLflow's icon buttons were unfindable)."""

from __future__ import annotations

from typing import Any

import pytest

from domdex.index.labels import icon_words
from domdex.search.api import find
from domdex.snapshot import Node

from .conftest import page_showing

ICONS = """<main><h1>Run festive-newt</h1><div><span>ID 46cfe885</span>
<button class="inline-flex h-8 w-8"><svg class="lucide lucide-copy size-4" aria-hidden="true"
 viewBox="0 0 24 24"><rect/></svg></button>
<button class="inline-flex"><svg class="lucide lucide-trash-2" aria-hidden="true"><path/></svg>
</button>
<button><i class="fa fa-pencil" aria-hidden="true"></i></button>
<a href="#"><span class="bi bi-download"></span></a>
<button><svg aria-hidden=true><use href="#icon-star"></use></svg></button>
<button>Cancel</button></div></main>"""


@pytest.mark.browser
@pytest.mark.parametrize(("query", "hint"), [
    ("copy the run id", "lucide-copy"),
    ("delete the run", "lucide-trash-2"),
    ("edit the run", "fa-pencil"),
    ("download it", "bi-download"),
    ("star this run", "icon-star"),
])
def test_an_unnamed_control_is_found_by_its_icon(domdex_browser: Any, query: str,
                                                 hint: str) -> None:
    with page_showing(domdex_browser, ICONS) as page:
        idx = page.index()
        result = find(idx, query, intent="click")
        best = idx.node(result.matches[0].ref)
        assert hint in best.attrs.get("dx-icon", ""), str(result)
        assert result.confidence in ("low", "none")  # a guess, never acted on by words


@pytest.mark.parametrize(("hint", "words"), [
    ("lucide lucide-trash-2", "trash delete"),
    ("fa-solid fa-pen-to-square", "pen edit to"),
    ("chevron-left.svg", "chevron previous"),
    ("icon-star", "star"),
    ("size-4 h-4", ""),
])
def test_icon_words_read_the_glyph_not_the_library(hint: str, words: str) -> None:
    node = Node(ref="e1", parent=None, role="button", tag="button", attrs={"dx-icon": hint})
    assert icon_words(node) == words

