"""One label for an element everywhere (issue 9): views, diff, identity and find.

Three functions once said it with three fallback orders; a field named only by its
placeholder was called by its placeholder in one and by nothing in another.
"""

from __future__ import annotations

import pytest

from domdex import Node
from domdex.index.labels import label


def _n(tag: str, role: str, name: str = "", text: str = "",
       attrs: dict[str, str] | None = None, value: str | None = None) -> Node:
    return Node(ref="e1", parent=None, tag=tag, role=role, name=name, text=text,
                attrs=attrs or {}, value=value)


@pytest.mark.parametrize(("node", "want"), [
    (_n(tag="button", role="button", name="Save", text="Save draft"), "Save"),
    (_n(tag="input", role="textbox", attrs={"placeholder": "Search  docs"}), "Search docs"),
    (_n(tag="div", role="generic", text="  Hello\n world "), "Hello world"),
    (_n(tag="span", role="generic", attrs={"title": "Close"}), "Close"),
    (_n(tag="img", role="img", attrs={"alt": "Logo"}), "Logo"),
    (_n(tag="span", role="generic", name=" ", attrs={"aria-label": "Menu"}), "Menu"),
    (_n(tag="input", role="textbox", value="42"), ""),
])
def test_one_order(node: Node, want: str) -> None:
    assert label(node) == want


def test_a_value_names_a_field_only_for_find() -> None:
    """An unnamed field that shows *42* is found by it, but a view does not call it
    "42": its value is shown as its value."""
    field = _n(tag="input", role="textbox", value="42")
    assert label(field, value=True) == "42"
    assert label(_n(tag="input", role="textbox", name="Age", value="42"), value=True) == "Age"
