"""A seeded, structure-aware fuzzer for the snapshot parsers, grep and find.

Shared by ``tests/test_fuzz_parsers.py`` (a bounded run in the suite) and
``bench/fuzz.py`` (a timed run that prints outcomes by exception type).

Seeds are the suite's own fixtures: domdex JSON (``tests/fixtures/snapshots/*.json``),
aria YAML (``tests/fixtures/foreign/*.yaml``) and accessibility-tree dicts derived from
the aria fixtures. Each mutation changes one thing, the way a broken producer would:
one field of the wrong type or out of range, one odd ``[attr=value]``, one line
re-indented, a cut, deep nesting. Every input runs through ``load_snapshot`` →
``build_index`` → overview / regions / expand → ``find`` and ``grep``; the contract is
that it ends as a result or a :class:`~domdex.DomdexError`, never anything else.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import domdex
from domdex import DomdexError, Snapshot, load_snapshot

FIXTURES = Path(__file__).parent / "fixtures"

#: Values of the wrong type or out of range, put in place of one field.
ODD_VALUES: list[Any] = [
    None, True, False, 0, -1, 213, 2**70, -(2**70), 10**400, 1.5, -0.0, 1e308, -1e308,
    float("inf"), float("-inf"), float("nan"), "", "x", "213", "e1", "\x00", "\ud800",
    "ß" * 3, [], ["x"], [1, 2], [None], [[[]]], {}, {"a": 1}, {"x": "a", "y": []},
    [1.0, 2.0, 3.0, float("inf")], [1e308, 1e308, 1e308, 1e308], ["a", "b", "c", "d"],
]

NODE_FIELDS = ["ref", "parent", "tag", "role", "name", "value", "text", "level", "states",
               "attrs", "options", "box", "visible", "in_viewport", "frame", "index",
               "description"]
TOP_FIELDS = ["schema", "url", "title", "viewport", "scroll", "ready_state", "document_id",
              "captured_at", "source", "frames", "left_out", "page_size", "nodes"]
AX_FIELDS = ["role", "name", "value", "description", "ref", "level", "checked", "pressed",
             "disabled", "expanded", "selected", "states", "children", "bounds", "box",
             "text", "url", "placeholder", "cursor", "haspopup", "valuemin"]

ODD_FLAGS = [
    "[level=213]", "[level=0]", "[level=-3]", "[level=99999999999999999999999]",
    "[level=2.5]", "[level=]", "[level]", "[level=١]", "[box=1e999,0,1,1]",
    "[box=0,0,99999999999999999999999999999999999999999999,1]", "[box=1,2,3]",
    "[box=.,.,.,.]", "[ref=]", "[ref=e0]", "[ref=e1]", "[ref=f99e1]", "[ref=s1e2]",
    "[ref=e99999999999999999999999]", "[ref=../x]", "[checked=mixed]", "[checked=maybe]",
    "[cursor=pointer]", "[x=\x00]", "[disabled=false]", "[expanded]", "[active]",
    "[invalid=spelling]", "[aria-hidden]", "[url=javascript:1]",
]
ODD_TEXT = ['"unterminated', '"\\u12"', '"\\x"', "/regex", "/", "'", "''", ": ", ":",
            ": '", ': "\\', "\t", "\x00", "\ud7ff", "- ", "--", "[", "]", "[ref", "\\",
            "text:", "/url:", "- text: 'a''b'", "　", "\u2028"]

QUERIES = ["search", "sign in button", "the email field", "add to cart", "price", "x",
           "", " ", "\x00", "ref=e1", "@e1", "click submit", "fill name with Bob",
           "(a+)+$", "[", "*", "héllo wörld", "日本語の検索", "🙂🙂", "e1 e2 e3", "\ud800x"]
PATTERN_TOKENS = ["a", "b", "e", "search", "(", ")", "(?:", "(?i)", "(?P<n>", "(?=", "(?<=",
                  "[", "]", "[^", "a-z", "\\", "\\b", "\\d", "\\1", "\\p{L}", "\\x", "\\u00",
                  "+", "*", "?", "{2}", "{2,}", "{,3}", "{99999}", "|", "^", "$", ".", ".*",
                  "é", "日本", "🙂", " ", "\x00", "\n", "#", "-", "(?#", "(?P=n)"]


@dataclass(frozen=True)
class Seed:
    kind: str  # "json" | "aria" | "ax"
    name: str
    data: Any


@dataclass
class Tally:
    """Inputs tried and how each ended: ``ok``, a DomdexError subclass, or a crash."""

    tried: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)
    crashes: dict[str, str] = field(default_factory=dict)  # exception type -> first input

    def add(self, outcome: str, crashed: bool, sample: str) -> None:
        self.tried += 1
        self.outcomes[outcome] += 1
        if crashed:
            self.crashes.setdefault(outcome, sample)

    @property
    def crashed(self) -> int:
        return sum(self.outcomes[k] for k in self.crashes)


# Seeds ---------------------------------------------------------------------------------
def seeds() -> list[Seed]:
    """Every fixture as a seed; the accessibility trees come from the aria fixtures."""
    out: list[Seed] = []
    for path in sorted((FIXTURES / "snapshots").glob("*.json")):
        out.append(Seed("json", path.name, json.loads(path.read_text("utf-8"))))
    for path in sorted((FIXTURES / "foreign").glob("*.yaml")):
        text = path.read_text("utf-8")
        out.append(Seed("aria", path.name, text))
        out.append(Seed("ax", path.name, ax_tree(load_snapshot(text))))
    return out


def ax_tree(snap: Snapshot) -> dict[str, Any]:
    """The snapshot as ``page.accessibility.snapshot()`` would spell it."""
    made: dict[str, dict[str, Any]] = {}
    root: dict[str, Any] = {"role": "WebArea", "name": snap.title, "children": []}
    for n in snap.nodes:
        d: dict[str, Any] = {"role": n.role or "generic", "name": n.name, "ref": n.ref}
        if n.value is not None:
            d["value"] = n.value
        if n.level is not None:
            d["level"] = n.level
        for state in ("checked", "disabled", "expanded", "selected", "required"):
            if state in n.states:
                d[state] = True
        if n.box is not None:
            d["bounds"] = {"x": n.box.x, "y": n.box.y, "width": n.box.width,
                           "height": n.box.height}
        if n.text:
            d["children"] = [{"role": "text", "name": n.text}]
        made[n.ref] = d
        parent = made.get(n.parent) if n.parent else root
        (parent or root).setdefault("children", []).append(d)
    return root


# Mutators ------------------------------------------------------------------------------
def mutate(seed: Seed, rng: random.Random) -> Any:
    """One mutated input made from ``seed``."""
    if rng.random() < 0.02:
        return _deep(rng, seed.kind)
    if seed.kind == "json":
        return _mutate_json(seed.data, rng)
    if seed.kind == "aria":
        return _mutate_aria(seed.data, rng)
    return _mutate_ax(seed.data, rng)


def _odd(rng: random.Random) -> Any:
    return copy.deepcopy(rng.choice(ODD_VALUES))


def _as_text_or_dict(data: Any, rng: random.Random) -> Any:
    if rng.random() < 0.3:
        return data
    text = json.dumps(data, ensure_ascii=rng.random() < 0.5)
    if rng.random() < 0.05:
        text = text[: rng.randrange(1, len(text))]  # cut short
    return text


def _mutate_json(data: dict[str, Any], rng: random.Random) -> Any:
    d = copy.deepcopy(data)
    nodes = d.get("nodes") or []
    roll = rng.random()
    if roll < 0.2 or not nodes:
        key = rng.choice(TOP_FIELDS)
        if key in ("frames", "left_out") and rng.random() < 0.5:
            d[key] = [{"id": _odd(rng), "url": _odd(rng), "owner": _odd(rng)}]
        else:
            d[key] = _odd(rng)
    elif roll < 0.85:
        node = rng.choice(nodes)
        key = rng.choice(NODE_FIELDS)
        if rng.random() < 0.08:
            node.pop(key, None)
        else:
            node[key] = _odd(rng)
    elif roll < 0.95:
        node = rng.choice(nodes)
        key = rng.choice(["options", "box", "attrs", "states"])
        node[key] = _inner_odd(key, rng)
    else:
        i, j = rng.randrange(len(nodes)), rng.randrange(len(nodes))
        nodes.insert(j, copy.deepcopy(nodes[i]))  # duplicate or misplaced node
    return _as_text_or_dict(d, rng)


def _inner_odd(key: str, rng: random.Random) -> Any:
    if key == "options":
        return [rng.choice([_odd(rng), [_odd(rng)], ["a", _odd(rng), _odd(rng)],
                            {"label": _odd(rng), "selected": _odd(rng)}])]
    if key == "box":
        return rng.choice([[_odd(rng), 0, 10, 10], {"x": _odd(rng), "width": 5},
                           [0, 0, _odd(rng), _odd(rng)]])
    if key == "attrs":
        return {rng.choice(["id", "class", "href", "name"]): _odd(rng)}
    return [_odd(rng)]


def _mutate_aria(text: str, rng: random.Random) -> str:
    lines = text.splitlines()
    k = rng.randrange(len(lines))
    line = lines[k]
    roll = rng.random()
    if roll < 0.35:
        at = line.find(" [") if " [" in line and rng.random() < 0.5 else len(line.rstrip(":"))
        lines[k] = line[:at] + " " + rng.choice(ODD_FLAGS) + line[at:]
    elif roll < 0.55:
        pos = rng.randrange(len(line) + 1)
        lines[k] = line[:pos] + rng.choice(ODD_TEXT) + line[pos:]
    elif roll < 0.65:
        lines[k] = " " * rng.choice([1, 2, 3, 4, 6]) + line if rng.random() < 0.6 \
            else line[rng.choice([1, 2]):]
    elif roll < 0.75:
        lines.insert(k, line)
    elif roll < 0.85:
        del lines[k]
    elif roll < 0.95:
        pos = rng.randrange(len(line) + 1)
        lines[k] = line[:pos] + line[pos + rng.randrange(1, 4):]
    else:
        lines[k] = line.replace('"', "", 1)
    return "\n".join(lines)


def _ax_nodes(tree: dict[str, Any]) -> list[dict[str, Any]]:
    out, todo = [], [tree]
    while todo:
        node = todo.pop()
        out.append(node)
        todo.extend(c for c in node.get("children", []) if isinstance(c, dict))
    return out


def _mutate_ax(tree: dict[str, Any], rng: random.Random) -> Any:
    t = copy.deepcopy(tree)
    node = rng.choice(_ax_nodes(t))
    key = rng.choice(AX_FIELDS)
    if rng.random() < 0.1:
        node.pop(key, None)
    elif key in ("bounds", "box") and rng.random() < 0.5:
        node[key] = _inner_odd("box", rng)
    elif key == "children" and rng.random() < 0.5:
        node[key] = [_odd(rng)]
    else:
        node[key] = _odd(rng)
    if rng.random() < 0.15:
        return [t, copy.deepcopy(rng.choice(_ax_nodes(tree)))]  # a multi-root list
    return _as_text_or_dict(t, rng)


def _deep(rng: random.Random, kind: str) -> Any:
    """Nesting deeper than any page: the parsers must refuse it, not overflow the stack."""
    depth = rng.choice([400, 1200, 10_000])
    if kind == "json":
        return rng.choice(["[" * depth, '{"a":' * depth, '{"nodes": ' + "[" * depth])
    if kind == "aria":
        return "\n".join("  " * i + f'- group "g{i}":' for i in range(min(depth, 3000)))
    node: dict[str, Any] = {"role": "text", "name": "leaf"}
    for i in range(depth):
        node = {"role": "group", "name": f"g{i}", "children": [node]}
    return node if rng.random() < 0.5 else _dumps_deep(node, depth)


def _dumps_deep(node: dict[str, Any], depth: int) -> str:
    """JSON text of a deep tree without recursing (json.dumps would overflow)."""
    return '{"role": "group", "children": [' * depth + '{"role": "text", "name": "x"}' \
        + "]}" * depth


def random_query(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.5:
        return rng.choice(QUERIES)
    if roll < 0.9:
        return " ".join(rng.choice(QUERIES) for _ in range(rng.randrange(1, 6)))
    return rng.choice(QUERIES) * rng.randrange(50, 400)  # long: the length cap's side


def random_pattern(rng: random.Random) -> str:
    if rng.random() < 0.05:
        return "a" * rng.randrange(1000, 5000)
    return "".join(rng.choice(PATTERN_TOKENS) for _ in range(rng.randrange(1, 8)))


# Running -------------------------------------------------------------------------------
def outcome_of(call: Callable[[], Any]) -> tuple[str, bool]:
    """(outcome name, crashed): ``ok``, a DomdexError class name, or any other type."""
    try:
        call()
    except DomdexError as exc:
        return type(exc).__name__, False
    except Exception as exc:  # the fuzzer's point: every other type is a finding
        return type(exc).__name__, True
    return "ok", False


def exercise(data: Any, query: str = "search", pattern: str = "e") -> None:
    """The whole offline pipeline over one input."""
    snap = load_snapshot(data)
    idx = domdex.build_index(snap)
    str(idx.overview())
    str(idx.regions_view(max_tokens=400))
    for region in idx.top_regions[:2]:
        str(idx.expand(region.id, max_tokens=300))
    str(domdex.find(idx, query))
    str(domdex.grep(idx, pattern))


def describe(data: Any) -> str:
    """A short printable form of an input, for reports."""
    try:
        text = data if isinstance(data, str) else repr(data)
    except RecursionError:
        text = f"a {type(data).__name__} nested deeper than repr() goes"
    return text[:160] + ("…" if len(text) > 160 else "")


KINDS = ("json", "aria", "ax", "find", "grep")


def _render(call: Callable[[Any, str], Any], idx: Any, text: str) -> str:
    return str(call(idx, text))


def inputs(seed: int, count: int | None = None, kinds: tuple[str, ...] = KINDS,
           ) -> Iterator[tuple[str, Callable[[], Any], str]]:
    """(kind, call, description) for each input, seeded and reproducible; endless when
    ``count`` is None. Kinds: json, aria, ax (snapshots), find, grep (queries)."""
    rng = random.Random(seed)
    pool = [s for s in seeds() if s.kind in kinds]
    indexes = {s.name: domdex.build_index(load_snapshot(s.data)) for s in seeds()
               if s.kind == "json" and not s.name.startswith("pydocs")}
    names = sorted(indexes)
    queries = [k for k in ("find", "grep") if k in kinds]
    n = 0
    while count is None or n < count:
        n += 1
        if queries and (not pool or rng.random() < 0.2):
            idx = indexes[rng.choice(names)]
            if rng.choice(queries) == "find":
                q = random_query(rng)
                yield "find", partial(_render, domdex.find, idx, q), describe(q)
            else:
                p = random_pattern(rng)
                yield "grep", partial(_render, domdex.grep, idx, p), describe(p)
        else:
            s = rng.choice(pool)
            data = mutate(s, rng)
            yield s.kind, partial(exercise, data), f"{s.name}: {describe(data)}"
