"""Playwright aria snapshots (YAML) read into a Snapshot.

Agents often already hold a page as ``page.aria_snapshot()`` text or as Playwright
MCP's ``browser_snapshot`` output; reading it lets them use domdex's regions, grep and
find without a second capture. The YAML is a small, regular subset, so it is parsed
line by line rather than with a YAML library: that keeps line numbers for errors and
reads the key grammar (``role "name" [attr] [attr=value]``) that YAML leaves opaque.

What each line may be::

    - role "name" [checked] [level=2] [ref=e5] [cursor=pointer]      a leaf
    - role "name" [ref=e5]: text or value                           a leaf with text
    - role "name" [ref=e5]:                                          children follow
    - text: some text                                                text of the parent
    - /url: ../index.html                                            a property of the parent
    - 'link "a: b" [ref=e7]'                                         a key quoted for YAML

Names are JSON strings, ``/regex/`` (from ``toMatchAriaSnapshot`` templates) or bare
words; values are plain or YAML-quoted scalars. Playwright MCP's whole tool output
(``### Page`` … ```` ```yaml ```` fence) is accepted too, and gives the url and title.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from .. import fields
from ..errors import SnapshotError
from ..snapshot import Box, Snapshot
from .flat import nest_flat
from .outline import MAX_DEPTH, Entry, build_snapshot, normalise_ref, too_deep

_ROLE = re.compile(r"[A-Za-z][\w-]*")
_JSON_NAME = re.compile(r'"(?:[^"\\]|\\.)*"')
_REGEX_NAME = re.compile(r"/(?:[^/\\]|\\.)+/[a-z]*(?=\s|\[|:|$)")
_BARE_NAME = re.compile(r"[^\s\[:'\"/][^\[]*?(?=\s*(?:\[|:\s|:$|$))")
_FLAG = re.compile(r"\s*\[(?P<key>[\w-]+)(?:=(?P<value>[^\]]*))?\]")
_META = re.compile(r"^-\s*Page (?P<key>URL|Title):\s*(?P<value>.*)$")
_SNAPSHOT_HEADER = re.compile(r"^-\s*Page Snapshot\b")
_FENCE_OPEN = re.compile(r"^\s*```\s*ya?ml\s*$", re.IGNORECASE)
_FENCE_CLOSE = re.compile(r"^\s*```\s*$")
_BOX = re.compile(r"^\s*(-?[\d.]+)\s*,\s*(-?[\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*$")

_YAML_ESCAPES = {"\\": "\\", '"': '"', "/": "/", "b": "\b", "f": "\f", "n": "\n",
                 "r": "\r", "t": "\t", "0": "\0", "a": "\a", "v": "\v", "e": "\x1b",
                 " ": " ", "_": "\xa0", "N": "\x85", "L": "\u2028", "P": "\u2029"}
_HEX_ESCAPES = {"x": 2, "u": 4, "U": 8}

#: Bare flags and the state each sets; ``[checked=mixed]`` and ``[pressed=mixed]``
#: set ``mixed`` instead.
_STATE_FLAGS = {"checked": "checked", "disabled": "disabled", "expanded": "expanded",
                "selected": "selected", "pressed": "pressed", "active": "focused",
                "invalid": "invalid", "required": "required", "readonly": "readonly"}


@dataclass
class _Line:
    """One ``- …`` line, with where its children may go."""

    number: int
    indent: int
    entry: Entry | None  # None for text and property lines
    opens: bool  # ends with ':' and no value, so children may follow
    child_indent: int | None = None


def parse_aria(text: str) -> Snapshot:
    """Read aria-snapshot YAML (or Playwright MCP output holding it) into a Snapshot."""
    url, title, lines = _unwrap(fields.clean(text))
    roots = _parse_lines(lines)
    if not roots:
        raise SnapshotError(
            "The aria snapshot has no elements. Pass the YAML that page.aria_snapshot() "
            "or Playwright MCP's browser_snapshot returned."
        )
    return build_snapshot(nest_flat(roots), source="aria-yaml", url=url, title=title)


def looks_like_aria(text: str) -> bool:
    """True when ``text`` has at least one YAML list line, the shape of an aria snapshot."""
    return any(line.lstrip().startswith("-") for line in text.splitlines())


# Framing ---------------------------------------------------------------------------
def _unwrap(text: str) -> tuple[str, str, list[tuple[int, str]]]:
    """Split MCP framing from the tree: (url, title, numbered tree lines)."""
    numbered = list(enumerate(text.splitlines(), start=1))
    start = next((i for i, (_, line) in enumerate(numbered) if _FENCE_OPEN.match(line)), None)
    if start is None:
        body, outside = numbered, numbered
    else:
        end = next((i for i in range(start + 1, len(numbered))
                    if _FENCE_CLOSE.match(numbered[i][1])), len(numbered))
        body = numbered[start + 1:end]
        outside = numbered[:start] + numbered[end + 1:]
    meta: dict[str, str] = {}
    for _, line in outside:
        m = _META.match(line.strip())
        if m:
            meta.setdefault(m.group("key"), m.group("value").strip())
    if start is None:
        body = [(n, line) for n, line in body
                if not (_META.match(line.strip()) or _SNAPSHOT_HEADER.match(line)
                        or line.startswith("#"))]
    return meta.get("URL", ""), meta.get("Title", ""), body


# Lines -----------------------------------------------------------------------------
def _parse_lines(lines: list[tuple[int, str]]) -> list[Entry | str]:
    roots: list[Entry | str] = []
    root_indent: int | None = None
    stack: list[_Line] = []
    for number, raw in lines:
        if not raw.strip():
            continue
        stripped = raw.lstrip(" ")
        indent = len(raw) - len(stripped)
        if stripped.startswith("\t"):
            raise _error(number, "it is indented with a tab; aria snapshots indent with spaces")
        if not (stripped.startswith("- ") or stripped.rstrip() == "-"):
            found = stripped.strip()
            raise _error(number, f"expected a list item '- role \"name\"' but found {found!r:.80}")
        while stack and stack[-1].indent >= indent:
            stack.pop()
        parent = stack[-1] if stack else None
        _check_indent(number, indent, parent, root_indent)
        if parent is None:
            root_indent = indent
        line = _parse_item(number, indent, stripped[1:].strip(), parent)
        if line.entry is not None:
            (parent.entry.children if parent and parent.entry else roots).append(line.entry)
            stack.append(line)
            if len(stack) > MAX_DEPTH:
                raise too_deep(f"line {number}")
    return roots


def _check_indent(number: int, indent: int, parent: _Line | None, root_indent: int | None) -> None:
    if parent is None:
        if root_indent is not None and indent != root_indent:
            raise _error(number, "its indentation matches no earlier line")
        return
    if not parent.opens:
        raise _error(number, f"it is indented under line {parent.number}, which does not end "
                             "with ':' and so cannot have children")
    if parent.child_indent is None:
        parent.child_indent = indent
    elif indent != parent.child_indent:
        raise _error(number, "its indentation matches no earlier line")


def _parse_item(number: int, indent: int, body: str, parent: _Line | None) -> _Line:
    """Parse the text after ``- `` and attach text and properties to ``parent``."""
    if body.startswith("text:") or body == "text":
        text = _scalar(number, body[5:].strip()) if body != "text" else ""
        _owner(number, parent, "text").children.append(text)
        return _Line(number, indent, None, False)
    if body.startswith("/"):
        key, sep, rest = body[1:].partition(":")
        if not sep or not re.fullmatch(r"[\w-]+", key):
            raise _error(number, f"a property line looks like '- /url: value', not {body!r:.80}")
        owner = _owner(number, parent, f"/{key}")
        owner.attrs["href" if key == "url" else key] = _scalar(number, rest.strip())
        return _Line(number, indent, None, False)
    entry, rest = _parse_key(number, body)
    if rest == ":":
        return _Line(number, indent, entry, True)
    if rest.startswith(":") and rest[1:2] in (" ", "\t"):
        entry.children.append(_scalar(number, rest[1:].strip()))
        return _Line(number, indent, entry, False)
    if rest:
        raise _error(number, f"unexpected {rest!r:.40} after the element's key")
    return _Line(number, indent, entry, False)


def _owner(number: int, parent: _Line | None, what: str) -> Entry:
    if parent is None or parent.entry is None:
        raise _error(number, f"'{what}' must be indented under an element")
    return parent.entry


# Keys --------------------------------------------------------------------------------
def _parse_key(number: int, body: str) -> tuple[Entry, str]:
    """Parse ``role "name" [flags]``; returns the entry and the rest of the line."""
    if body.startswith("'"):
        key, rest = _single_quoted(number, body)
        entry, leftover = _parse_key(number, key)
        if leftover:
            raise _error(number, f"unexpected {leftover!r:.40} inside the quoted key")
        return entry, rest.strip()
    m = _ROLE.match(body)
    if not m:
        raise _error(number, f"expected a role such as 'button' but found {body!r:.80}")
    entry = Entry(role=m.group().lower(), where=f"line {number}")
    pos = _parse_name(number, body, m.end(), entry)
    while True:
        flag = _FLAG.match(body, pos)
        if not flag:
            break
        _apply_flag(number, entry, flag.group("key").lower(), flag.group("value"))
        pos = flag.end()
    return entry, body[pos:].strip()


def _parse_name(number: int, body: str, pos: int, entry: Entry) -> int:
    """Read the optional name after the role; returns the position after it."""
    gap = len(body[pos:]) - len(body[pos:].lstrip())
    if not gap:
        return pos
    start = pos + gap
    if body.startswith('"', start):
        m = _JSON_NAME.match(body, start)
        if not m:
            raise _error(number, "the name's closing quote is missing")
        try:
            entry.name = fields.clean(json.loads(m.group()))
        except json.JSONDecodeError as exc:
            raise _error(number, f"the name is not a valid quoted string ({exc.msg})") from exc
        return m.end()
    if body.startswith("/", start):
        m = _REGEX_NAME.match(body, start)
        if m:
            pattern = m.group()
            entry.name = pattern[1:pattern.rindex("/")]
            entry.attrs["name-pattern"] = pattern
            return m.end()
    m = _BARE_NAME.match(body, start)
    if m and m.group().strip():
        entry.name = m.group().strip()
        return m.end()
    return pos


def _apply_flag(number: int, entry: Entry, key: str, value: str | None) -> None:
    if key == "ref":
        if not value:
            raise _error(number, "[ref=] has no value")
        entry.ref = normalise_ref(value, f"line {number}")
    elif key == "level":
        digits = (value or "").strip().lstrip("-")
        if not (digits.isascii() and digits.isdigit()):
            raise _error(number, f"[level={value}] is not a number; write one such as [level=2]")
        entry.level = fields.level(value, f"line {number} [level]")
    elif key in ("checked", "pressed") and value == "mixed":
        entry.states.add("mixed")
    elif key == "cursor":
        if value == "pointer":
            entry.states.add("clickable")
    elif key == "box":
        m = _BOX.match(value or "")
        try:
            raw = [float(g) for g in m.groups()] if m else None
        except ValueError:
            raw = None
        if raw is None:
            raise _error(number, f"[box={value}] is not 'x,y,width,height'")
        entry.box = Box.from_any(raw, f"line {number} [box]")
    elif key in _STATE_FLAGS and value in (None, "true"):
        entry.states.add(_STATE_FLAGS[key])
    elif key == "invalid" and value not in ("false",):
        entry.states.add("invalid")
    elif key == "aria-hidden":
        entry.attrs["aria-hidden"] = "true"
    elif value not in ("false",):
        entry.attrs[key] = "true" if value is None else value


# Scalars -------------------------------------------------------------------------------
def _scalar(number: int, text: str) -> str:
    """A YAML scalar as Playwright writes it: plain, "double-quoted" or 'single-quoted'."""
    if text.startswith('"'):
        value, rest = _double_quoted(number, text)
    elif text.startswith("'"):
        value, rest = _single_quoted(number, text)
    else:
        return text
    if rest.strip():
        raise _error(number, f"unexpected {rest.strip()!r:.40} after a quoted value")
    return value


def _double_quoted(number: int, text: str) -> tuple[str, str]:
    out: list[str] = []
    i = 1
    while i < len(text):
        c = text[i]
        if c == '"':
            return fields.clean("".join(out)), text[i + 1:]
        if c != "\\":
            out.append(c)
            i += 1
            continue
        esc = text[i + 1:i + 2]
        if esc in _HEX_ESCAPES:
            width = _HEX_ESCAPES[esc]
            digits = text[i + 2:i + 2 + width]
            if len(digits) != width or not all(d in "0123456789abcdefABCDEF" for d in digits):
                raise _error(number, f"'\\{esc}{digits}' is not a valid escape")
            out.append(chr(int(digits, 16)))
            i += 2 + width
        elif esc in _YAML_ESCAPES:
            out.append(_YAML_ESCAPES[esc])
            i += 2
        else:
            raise _error(number, f"'\\{esc}' is not a valid escape in a quoted value")
    raise _error(number, "a quoted value has no closing '\"'")


def _single_quoted(number: int, text: str) -> tuple[str, str]:
    out: list[str] = []
    i = 1
    while i < len(text):
        if text[i] == "'":
            if text[i + 1:i + 2] == "'":
                out.append("'")
                i += 2
                continue
            return "".join(out), text[i + 1:]
        out.append(text[i])
        i += 1
    raise _error(number, "a quoted key has no closing \"'\"")


def _error(number: int, problem: str) -> SnapshotError:
    return SnapshotError(
        f"The aria snapshot cannot be read at line {number}: {problem}. Pass the YAML "
        "that page.aria_snapshot() or Playwright MCP's browser_snapshot returned."
    )
