"""A fill by words refuses a field in another section than the one the request names
(``ambiguity.sectioned``; review 53: "minimum number of bedrooms" filled *Minimum
price*, under *Price*, while the *Bedrooms* group held a *Min* field)."""

from __future__ import annotations

from typing import Any

import pytest

from domdex.errors import ActionError

from .conftest import page_showing

pytestmark = pytest.mark.browser

_FILTERS = (
    "<aside aria-label=Filters><h2>Price</h2><div><input id=pmin type=number "
    "placeholder=Min aria-label='Minimum price'><input id=pmax type=number placeholder=Max "
    "aria-label='Maximum price'></div><h2>Bedrooms</h2><div role=group "
    "aria-labelledby=bed><span id=bed>Bedrooms</span><input id=bmin type=number "
    "placeholder=Min><input id=bmax type=number placeholder=Max></div></aside>"
    "<main><h1>Homes</h1></main>")


def _values(page: Any) -> dict[str, str]:
    return dict(page.playwright_page.evaluate(
        "Object.fromEntries([...document.querySelectorAll('input')].map(e => [e.id, e.value]))"))


@pytest.mark.parametrize(("query", "filled"), [
    ("minimum number of bedrooms", None),
    ("minimum price", "pmin"),
    ("maximum price", "pmax"),
])
def test_a_field_in_another_section_than_named_is_refused(domdex_browser: Any, query: str,
                                                          filled: str | None) -> None:
    with page_showing(domdex_browser, _FILTERS) as p:
        if filled is None:
            with pytest.raises(ActionError, match="not in the section"):
                p.fill(value="2", query=query)
            assert not any(_values(p).values())
            return
        p.fill(value="2", query=query)
        assert [k for k, v in _values(p).items() if v] == [filled]
