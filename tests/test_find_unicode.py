"""find, regions, terms and region lookup on a page that is not in English (issue 10).

The page (tests/pages/unicode/magazin.html) is a small Russian shop checkout with a
French and a Chinese line. Before Unicode-aware words, regions reported no terms for
its Russian regions, named the "Адрес доставки" sub-section "Section", and find
answered "no match" for "подписаться".
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import domdex
from domdex import Session, Snapshot
from domdex.search.api import find

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


ADMIN = """<!doctype html><html lang="de-DE"><body><main><h1>Benutzer</h1>
<table class="users"><tr><th>Name</th><th>E-Mail</th><th>Letzte Anmeldung</th><th></th></tr>
{}</table>
<nav aria-label="Seiten"><button>1</button><button>2</button><button>3</button></nav>
</main></body></html>""".format("".join(
    f'<tr><th scope="row">{n}</th><td>{n.split()[0][0].lower()}@example.de</td><td>{d}</td>'
    f'<td><button aria-label="Bearbeiten">✎</button></td></tr>'
    for n, d in [("Ayşe Demir", "heute"), ("Klaus Becker", "gestern"),
                 ("Sabine Krause", "02.05.2025")]))


def test_positions_on_a_page_of_few_words(domdex_browser: domdex.Browser) -> None:
    """A German admin table (names, dates, icons) holds too few German function words to
    tell its language; ``<html lang>`` tells it, so "den letzten Benutzer bearbeiten"
    counts rows and "the second page" the pager (issue 10's second held-out set)."""
    page = domdex_browser.new_page()
    try:
        page.playwright_page.set_content(ADMIN)
        idx = page.index()
        assert idx.snapshot.language == "de-DE"
        assert Snapshot.from_dict(idx.snapshot.to_dict()).language == "de-DE"
        edits = [n.ref for n in idx.nodes if n.name == "Bearbeiten"]
        assert find(idx, "den letzten Benutzer bearbeiten", intent="click").ref == edits[-1]
        pages = [n.ref for n in idx.nodes if n.role == "button" and n.name == "2"]
        assert find(idx, "go to the second page of users", intent="click").ref == pages[0]
    finally:
        page.close()


def test_a_long_declared_language_is_cut_alike_in_capture_and_load(
        domdex_browser: domdex.Browser) -> None:
    """A page's 200-character ``lang`` is cut the same way live and from JSON, so a
    snapshot round-trips unchanged (a review found the capture kept all of it)."""
    page = domdex_browser.new_page()
    try:
        page.playwright_page.set_content(f'<html lang="de-{"x" * 200}"><body>Hallo</body>')
        snap = page.index().snapshot
        assert len(snap.language) <= 35 and snap.language.startswith("de-")
        assert Snapshot.from_dict(snap.to_dict()).language == snap.language
    finally:
        page.close()
