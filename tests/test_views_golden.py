"""Golden-text tests for the views on captured snapshots (no browser).

The expected text lives in tests/fixtures/views/; after an intended change run
``pytest tests/test_views_golden.py --update-golden`` and review the diff.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from domdex import build_index, count_tokens

from .conftest import load_fixture_snapshot

VIEWS = Path(__file__).parent / "fixtures" / "views"

CASES = [
    ("dashboard", "overview", None),
    ("dashboard", "regions", None),
    ("dashboard", "expand", "R2.Filters"),
    ("dashboard", "expand", "R2"),
    ("checkout", "regions", None),
    ("checkout", "expand", "R1.BillingAddress"),
    ("checkout", "context", "@select#state"),
    ("product", "regions", None),
    ("product", "expand", "R0"),
    ("nolandmarks", "regions", None),
    ("iframe", "regions", None),
    ("shadow", "regions", None),
    ("pydocs-os", "regions", None),
    ("pydocs-search", "regions", None),
    ("pydocs-modindex", "regions", None),
]


def _ref_of(idx, selector: str) -> str:  # type: ignore[no-untyped-def]
    """``@select#state`` → the ref of the first node with that tag and id."""
    tag, _, ident = selector.lstrip("@").partition("#")
    return next(n.ref for n in idx.nodes if n.tag == tag and n.attrs.get("id") == ident)


def _render(name: str, view: str, arg: str | None) -> str:
    idx = build_index(load_fixture_snapshot(name))
    if view == "overview":
        return idx.overview().render()
    if view == "regions":
        return idx.regions_view().render()
    if view == "expand":
        return idx.expand(arg or "").render()
    return idx.context(_ref_of(idx, arg or "")).render()


@pytest.mark.parametrize(("name", "view", "arg"), CASES,
                         ids=[f"{n}-{v}-{a or ''}" for n, v, a in CASES])
def test_view_matches_golden(name: str, view: str, arg: str | None,
                             update_golden: bool) -> None:
    text = _render(name, view, arg)
    slug = f"{name}.{view}" + (f".{arg.replace('@', '').replace('#', '-')}" if arg else "")
    path = VIEWS / f"{slug}.txt"
    if update_golden or not path.exists():
        VIEWS.mkdir(parents=True, exist_ok=True)
        path.write_text(text + "\n", encoding="utf-8")
        if not update_golden:
            pytest.fail(f"golden file {path.name} was missing; written now, review it")
    assert text + "\n" == path.read_text(encoding="utf-8")


FIXTURES = ["dashboard", "checkout", "product", "contact", "nolandmarks", "iframe", "shadow",
            "pydocs-os", "pydocs-search", "pydocs-modindex", "pydocs-glossary"]


@pytest.mark.parametrize("name", FIXTURES)
def test_regions_view_stays_small(name: str) -> None:
    idx = build_index(load_fixture_snapshot(name))
    assert count_tokens(idx.regions_view().render()) < 600


@pytest.mark.parametrize("name", FIXTURES)
@pytest.mark.parametrize("budget", [60, 150, 400])
def test_every_view_honours_max_tokens_and_says_what_it_cut(name: str, budget: int) -> None:
    idx = build_index(load_fixture_snapshot(name))
    biggest = max(idx.top_regions, key=lambda r: r.size)
    ref = biggest.interactive[0] if biggest.interactive else idx.nodes[0].ref
    for view in (idx.regions_view(), idx.expand(biggest.id), idx.context(ref)):
        text = view.render(max_tokens=budget)
        cut = text.splitlines()[-1].startswith("… cut")
        header = sum(1 for line in view.lines if line.keep)  # lines that always stay
        # Within budget, or cut with a note (only the always-kept header may overflow).
        assert count_tokens(text) <= budget or (cut and len(text.splitlines()) <= header + 1)
        if not cut and count_tokens(text) > budget:
            pytest.fail(f"{view.kind} exceeds {budget} tokens without saying what it cut")


def test_regions_view_compacts_before_it_cuts() -> None:
    idx = build_index(load_fixture_snapshot("pydocs-os"))
    full = idx.regions_view().render(max_tokens=100_000)
    compact = idx.regions_view().render(max_tokens=300)
    assert count_tokens(compact) <= 300
    assert "… cut" not in compact  # every top region is still named
    for r in idx.top_regions:
        assert f"[{r.id}]" in compact or r.id in compact
    assert count_tokens(compact) < count_tokens(full)


def test_seed_scenarios_have_their_named_sections() -> None:
    dash = build_index(load_fixture_snapshot("dashboard"))
    ids = {r.id.split(".")[-1] for r in dash.regions}
    assert {"Filters", "Pagination", "TableActions"} <= ids
    checkout = build_index(load_fixture_snapshot("checkout"))
    billing = checkout.region("Billing Address")
    names = {checkout.node(ref).name.rstrip(" *") for ref in billing.interactive}
    assert {"Street Address", "City", "State", "ZIP Code", "Country"} <= names
    product = build_index(load_fixture_snapshot("product"))
    add = next(n for n in product.nodes if n.name == "Add to Cart")
    assert product.region_of(add.ref).id.endswith("ProductActions")
    assert [r.landmark for r in build_index(load_fixture_snapshot("nolandmarks")).top_regions] \
        == ["HEADER", "MAIN", "FOOTER"]


def test_frames_and_shadow_roots_are_inside_regions() -> None:
    frame = build_index(load_fixture_snapshot("iframe"))
    inner = [n for n in frame.nodes if n.frame]
    assert inner and all(frame.region_of(n.ref) is not None for n in inner)
    assert any(n.name == "Log in" for n in inner)
    shadow = build_index(load_fixture_snapshot("shadow"))
    apply = next(n for n in shadow.nodes if n.name == "Apply")
    assert shadow.region_of(apply.ref) is not None


def test_hidden_toast_is_a_hidden_region() -> None:
    product = build_index(load_fixture_snapshot("product"))
    toast = next(n for n in product.nodes if "Added to cart" in n.text)
    assert not toast.visible
    region = product.region_of(toast.ref)
    assert region is not None and not region.visible
