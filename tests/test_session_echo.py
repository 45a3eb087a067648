"""An action's answer shows the element as it is after the action (issue 11).

Why: the answer line was built from the capture taken before acting, so `fill … 3`
answered `[value: "1"]` and `select` answered the old choice although both worked. An
agent that reads its own answer must not be told the action did nothing.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from domdex import Session

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def s(server: str) -> Iterator[Session]:
    with Session.start(f"{server}/checkout.html") as session:
        yield session


def test_fill_echoes_the_new_value(s: Session) -> None:
    first = s.fill(query="city", value="Lyon")
    assert '[value: "Lyon"]' in first.text, first.text
    again = s.fill(first.ref, "Paris")
    assert '[value: "Paris"]' in again.text and "Lyon" not in again.text, again.text
    assert s.act("type", query="coupon code", value="SAVE10").text.count("SAVE10") == 1


def test_select_echoes_the_new_choice(s: Session) -> None:
    before = s.find("country select", intent="select")
    first = s.select(before.ref, "France")
    assert '[selected: "France"]' in first.text, first.text
    second = s.select(before.ref, "Japan")
    assert '[selected: "Japan"]' in second.text and "France" not in second.text, second.text


def test_check_and_uncheck_echo_the_new_state(s: Session) -> None:
    box = s.find("same as shipping checkbox", intent="click").ref
    checked = s.act("check", box)
    assert "[checked]" in checked.text, checked.text
    unchecked = s.act("uncheck", box)
    assert "[checked]" not in unchecked.text, unchecked.text


def test_back_says_what_happened(server: str) -> None:
    """Back to an entry without an HTTP response (about:blank, a #fragment) did navigate."""
    with Session.start() as fresh:  # starts on about:blank
        fresh.open(f"{server}/product.html")
        fresh.open(f"{server}/product.html#reviews")
        to_fragment = fresh.back()
        assert "NOTHING" not in to_fragment.text, to_fragment.text
        assert to_fragment.url.endswith("/product.html"), to_fragment.url
        to_blank = fresh.back()
        assert "NOTHING" not in to_blank.text and "about:blank" in to_blank.text, to_blank.text
        nothing = fresh.back()
        assert "NOTHING to go back to" in nothing.text, nothing.text
