"""Acting by query on pages in other languages: the action's checks read the request
the way find does, in the page's language.

Why: on the tuned set of ``bench/i18n.py`` find's best was right for most tasks, but
acting on it refused: "ajouter la theiere au panier" lacked *la* (a French function word
no card needs to carry), "收货地址的城市" lacked *址的* (a pair of characters across the
particle 的 that no element holds), and a French *Annuler l'abonnement* was no undoable
control to the checks, which ran without the page's language.
"""

from __future__ import annotations

from typing import Any

import pytest

from domdex.errors import ActionError

from .conftest import page_showing

pytestmark = pytest.mark.browser

LEDGER = "<script>window.log = []; function rec(x) { window.log.push(x); }</script>"


def _shop(lang: str, items: list[tuple[str, str]], add: str) -> str:
    cards = "".join(f"<li><h3>{name}</h3><p>{price}</p><button onclick=\"rec('{name}')\">"
                    f"{add}</button></li>" for name, price in items)
    return f"<html lang={lang}><body>{LEDGER}<main><h1>Boutique</h1><ul>{cards}</ul></main>"


FR = _shop("fr", [("Théière en fonte", "39,90 €"), ("Miel de lavande", "12,50 €"),
                  ("Tasse en grès", "9,90 €"), ("Boîte à thé", "14,00 €")], "Ajouter au panier")
ZH = (f"<html lang=zh><body>{LEDGER}<main><h1>结算</h1><form><h2>收货地址</h2>"
      "<label>姓名 <input id=name></label><label>城市 <input id=city></label>"
      "<label>街道 <input id=street></label><h2>付款</h2><label>卡号 <input id=card></label>"
      "</form></main>")


def test_a_function_word_of_the_page_language_names_no_record(domdex_browser: Any) -> None:
    with page_showing(domdex_browser, FR) as page:
        page.click(query="ajouter la théière au panier")
        assert page.playwright_page.evaluate("window.log") == ["Théière en fonte"]


def test_a_pair_of_characters_no_element_holds_names_no_record(domdex_browser: Any) -> None:
    with page_showing(domdex_browser, ZH) as page:
        page.fill(query="收货地址的城市", value="上海")
        assert page.playwright_page.evaluate("city.value") == "上海"


def test_a_word_of_another_record_still_refuses(domdex_browser: Any) -> None:
    """A content word of the page that the best's card lacks still tells records apart:
    "ajouter le sucre au panier" where no card is sugar's is no click on any card."""
    with page_showing(domdex_browser, FR) as page:
        with pytest.raises(ActionError):
            page.click(query="ajouter la tasse de lavande au panier")
        assert page.playwright_page.evaluate("window.log") == []
