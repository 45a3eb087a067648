"""How often capture agrees with Chromium (through Playwright) on roles and names.

Playwright's AI-mode aria snapshot (``page.aria_snapshot(mode="ai")``) is the oracle.
Its refs resolve to elements through the ``aria-ref=eN`` selector right after the
snapshot, so every interactive element it lists is matched to *the same DOM element*
in our capture (not by position or by name), and its role and accessible name are
compared with ours.

AI mode leaves a name out when the node's children already show it (a link whose
text is a ``code`` child); for those the name is rebuilt from the children's text and
compared with whitespace ignored (a text field's children are its value: no name).

Run it on pages::

    python -m domdex.capture.agreement /usr/share/doc/python3.11/html/library/os.html …
"""

from __future__ import annotations

import asyncio
import json
import re
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import FrameRegistry, capture_page

#: The interactive roles whose role and name must agree.
INTERACTIVE_ROLES = frozenset({
    "link", "button", "textbox", "searchbox", "checkbox", "radio", "combobox", "option",
    "tab", "menuitem", "switch", "slider", "spinbutton",
})

_VALUE_ROLES = frozenset({"textbox", "searchbox", "combobox", "spinbutton", "slider"})
_LINE = re.compile(r"^(?P<indent>\s*)- (?P<body>.*)$")
_KEY = re.compile(r'^(?P<role>[a-z]+)(?: (?P<name>"(?:[^"\\]|\\.)*"))?(?P<rest>.*)$')
_REF = re.compile(r"\[ref=(?P<ref>[a-z0-9]+)\]")
_PEEK_JS = """(el) => {
  const s = window[Symbol.for("domdex")];
  return s && s.doc === document ? s.peek(el) : null;
}"""


@dataclass
class AriaNode:
    """One line of an AI-mode aria snapshot."""

    role: str
    name: str | None
    ref: str | None
    depth: int
    items: list[str | AriaNode] = field(default_factory=list)  # text and children, in order

    def content(self) -> str:
        """The text the node's subtree shows: what a missing name was built from."""
        parts = [i if isinstance(i, str) else (i.name or i.content()) for i in self.items]
        return " ".join(p for p in parts if p)


def _unquote_key(body: str) -> str:
    if body.startswith("'") and (body.endswith("'") or body.endswith("':")):
        inner = body[1:body.rindex("'")]
        rest = body[body.rindex("'") + 1:]
        return inner.replace("''", "'") + rest
    return body


def parse_aria(yaml: str) -> list[AriaNode]:
    """Every element node of an AI-mode aria snapshot, in document order."""
    out: list[AriaNode] = []
    stack: list[AriaNode] = []
    for raw in yaml.splitlines():
        m = _LINE.match(raw)
        if not m:
            continue
        depth = len(m.group("indent")) // 2
        body = _unquote_key(m.group("body"))
        while stack and stack[-1].depth >= depth:
            stack.pop()
        parent = stack[-1] if stack else None
        if body.startswith("/"):
            continue  # a property such as /url
        if body.startswith("text:"):
            if parent is not None:
                parent.items.append(_scalar(body[5:]))
            continue
        km = _KEY.match(body)
        if not km:
            continue
        name = json.loads(km.group("name")) if km.group("name") else None
        rest = km.group("rest")
        ref_m = _REF.search(rest)
        node = AriaNode(km.group("role"), name, ref_m.group("ref") if ref_m else None, depth)
        tail = rest.rsplit("]", 1)[-1] if "]" in rest else rest
        if tail.startswith(":") and tail[1:].strip():
            node.items.append(_scalar(tail[1:]))
        if parent is not None:
            parent.items.append(node)
        out.append(node)
        stack.append(node)
    return out


def _scalar(text: str) -> str:
    text = text.strip()
    if text.startswith('"'):
        try:
            return str(json.loads(text))
        except json.JSONDecodeError:
            return text.strip('"')
    if text.startswith("'") and text.endswith("'"):
        return text[1:-1].replace("''", "'")
    return text


def _squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


@dataclass
class Agreement:
    """The comparison of one page: counts and the disagreements, for a report."""

    url: str
    total: int = 0
    agree: int = 0
    misses: list[tuple[str, str, str, str, str]] = field(default_factory=list)

    @property
    def ratio(self) -> float:
        return self.agree / self.total if self.total else 1.0


async def compare_page(page: Any) -> Agreement:
    """Compare capture with the aria snapshot on the page as it is now."""
    snap = await capture_page(page, FrameRegistry())
    yaml = await page.aria_snapshot(mode="ai")
    nodes = parse_aria(yaml)
    # Refs of the main frame share one prefix ("e", or "f1e" after a navigation), the
    # most common one; frames are compared on their own pages.
    prefixes = Counter(re.sub(r"\d+$", "", n.ref) for n in nodes if n.ref)
    prefix = prefixes.most_common(1)[0][0] if prefixes else "e"
    wanted = [n for n in nodes if n.ref and n.role in INTERACTIVE_ROLES
              and re.sub(r"\d+$", "", n.ref) == prefix]
    ours = await asyncio.gather(*(page.locator(f"aria-ref={n.ref}").evaluate(_PEEK_JS)
                                  for n in wanted))
    result = Agreement(page.url)
    for aria, our_ref in zip(wanted, ours, strict=True):
        result.total += 1
        node = snap.get(our_ref) if our_ref else None
        if node is None:
            result.misses.append((aria.ref or "", aria.role, aria.name or "", "-",
                                  "(not captured)"))
            continue
        if aria.name is not None:
            same_name = node.name == aria.name
        elif aria.role in _VALUE_ROLES:  # their children are the value, not the name
            same_name = node.name == ""
        else:
            same_name = _squash(node.name) == _squash(aria.content())
        if node.role == aria.role and same_name:
            result.agree += 1
        else:
            expected = aria.name if aria.name is not None else "~" + aria.content()
            result.misses.append((aria.ref or "", aria.role, expected, node.role, node.name))
    return result


async def _main(targets: list[str]) -> int:
    from playwright.async_api import async_playwright

    from ..chromium import LAUNCH_ARGS, find_chromium

    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=find_chromium(), args=LAUNCH_ARGS)
        page = await browser.new_page(viewport={"width": 1280, "height": 800})
        total = agree = 0
        for target in targets:
            url = Path(target).resolve().as_uri() if Path(target).exists() else target
            await page.goto(url)
            res = await compare_page(page)
            total += res.total
            agree += res.agree
            print(f"{res.ratio:7.2%}  {res.agree}/{res.total}  {url}")
            for miss in res.misses[:15]:
                print("         aria", miss[0], miss[1], repr(miss[2][:60]), "| ours",
                      miss[3], repr(miss[4][:60]))
        await browser.close()
    print(f"{agree / max(total, 1):7.2%}  {agree}/{total}  all pages")
    return 0


def main(argv: list[str]) -> int:
    """``python -m domdex.capture.agreement PAGE…``: a usage line for no page or ``-h``,
    a sentence (not a traceback) for a page that does not load."""
    helped = argv[:1] in (["-h"], ["--help"])
    if not argv or any(a.startswith("-") for a in argv):
        print("usage: python -m domdex.capture.agreement PAGE [PAGE ...]\n"
              "  PAGE: a file path or an http(s) URL; prints, per page, how many interactive\n"
              "  elements get Chromium's role and name from domdex's capture.",
              file=sys.stdout if helped else sys.stderr)
        return 0 if helped else 2
    try:
        return asyncio.run(_main(argv))
    except Exception as exc:  # a page that does not load, a browser that does not start
        first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
        print(f"agreement: {first}. Check that each PAGE is a file that exists or a URL "
              "that answers.", file=sys.stderr)
        return 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
