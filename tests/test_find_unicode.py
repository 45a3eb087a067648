"""find, regions, terms and region lookup on a page that is not in English (issue 10).

The page (tests/pages/unicode/magazin.html) is a small Russian shop checkout with a
French and a Chinese line. Before Unicode-aware words, regions reported no terms for
its Russian regions, named the "Адрес доставки" sub-section "Section", and find
answered "no match" for "подписаться".
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from domdex import Session

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def s(server: str) -> Iterator[Session]:
    with Session.start(f"{server}/unicode/magazin.html") as session:
        yield session


def _id(s: Session, ref: str | None) -> str | None:
    node = s.index().snapshot.get(ref) if ref else None
    return node.attrs.get("id") if node else None


@pytest.mark.parametrize(("query", "intent", "element"), [
    ("подписаться", None, "subscribe"),
    ("поле город в адресе доставки", "fill", "city"),
    ("улица", "fill", "street"),
    ("оплата наличными", "click", "cash"),
    ("conditions generales", None, "cgv"),        # typed without accents
    ("购物车", None, "cart-zh"),                   # part of an unspaced name
])
def test_find_in_other_scripts(s: Session, query: str, intent: str | None,
                               element: str) -> None:
    hit = s.find(query, intent=intent)
    assert _id(s, hit.ref) == element, str(hit)
    assert hit.confidence != "low", str(hit)


def test_regions_have_terms_and_named_subsections(s: Session) -> None:
    text = str(s.regions())
    assert "GREP-INDEX: 0 terms" not in text
    assert "доставки" in text and "AdresDostavki" in text, text
    assert 'NAV "Главное меню"' in text


def test_region_lookup_by_display_name_in_any_script(s: Session) -> None:
    assert "Почтовый индекс" in str(s.expand("Адрес доставки"))
    assert "Почтовый индекс" in str(s.expand("адрес ДОСТАВКИ"))
