"""Actions on a single page through the public API: ``page.click(query=…, diff=True)``."""

from __future__ import annotations

import pytest

import domdex

pytestmark = pytest.mark.browser


def test_page_actions_sync(server: str) -> None:
    with domdex.launch() as browser:
        page = browser.open(f"{server}/product.html")
        result = page.click(query="Add to Cart", diff=True)
        assert '"Cart (3)" → "Cart (4)"' in result.render()
        assert result.to_dict()["diff"]["elements"]
        page.select(query="Quantity", option="2")
        assert page.playwright_page.evaluate("document.querySelector('select').value") == "2"
        view = page.diff()
        assert "[selected: \"2\"]" in view.render() or "2" in view.render()
        page.fill(query="Search products", value="gloves")
        assert "gloves" in page.regions().render() or page.playwright_page.evaluate(
            "document.querySelector('input[type=search]').value") == "gloves"


def test_page_actions_async(server: str) -> None:
    import anyio

    async def main() -> str:
        async with await domdex.async_launch() as browser:
            page = await browser.open(f"{server}/spa.html")
            milk = (await page.index()).snapshot  # any capture gives refs
            ref = next(n.ref for n in milk.nodes if n.name == "Done Buy milk")
            await page.click(query="Refresh")  # re-creates every list node
            result = await page.click(ref)
            assert result.recovery is not None and result.recovery.recovered
            return str(await page.playwright_page.evaluate(
                "Array.from(document.querySelectorAll('li.done span')).map(e => e.textContent)"
                ".join()"))

    assert anyio.run(main) == "Buy milk"
