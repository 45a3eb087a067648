"""The arrows point one way: no import cycle among domdex's modules (issue 9).

The graph is read from the source with ``ast``: every ``import`` counts, at module level,
inside a function or under ``if TYPE_CHECKING:``. A lazy import inside a function hides a
cycle from the interpreter but not from a reader, so it is a cycle here too.
"""

from __future__ import annotations

import ast
import importlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

import domdex

SRC = Path(domdex.__file__).parent
PACKAGE = "domdex"

@dataclass(frozen=True)
class Import:
    source: str  # the importing module
    target: str  # the imported domdex module
    line: int
    where: str  # "module", "function" or "type-checking"

    def __str__(self) -> str:
        return f"{self.source} -> {self.target} ({self.where}, line {self.line})"


def modules() -> dict[str, Path]:
    """Every module of the package, by dotted name (a package by its own name)."""
    out = {}
    for path in sorted(SRC.rglob("*.py")):
        parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _base(module: str, path: Path, level: int) -> list[str]:
    """The package a relative import of ``level`` dots starts from."""
    parts = module.split(".")
    if path.name != "__init__.py":
        parts.pop()
    return parts[:len(parts) - (level - 1)]


def _targets(module: str, path: Path, node: ast.Import | ast.ImportFrom,
             known: dict[str, Path]) -> Iterator[str]:
    """The domdex modules an import statement loads (a name imported from a package
    counts as its submodule when it is one)."""
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    else:
        prefix = node.module or ""
        if node.level:
            prefix = ".".join(_base(module, path, node.level) + ([prefix] if prefix else []))
        names = [f"{prefix}.{a.name}" if f"{prefix}.{a.name}" in known else prefix
                 for a in node.names]
    for name in names:
        while name and name not in known:
            name = name.rpartition(".")[0]
        if name.split(".")[0] == PACKAGE and name != module:
            yield name


def _imports(module: str, path: Path, known: dict[str, Path]) -> Iterator[Import]:
    def walk(node: ast.AST, where: str) -> Iterator[Import]:
        for child in ast.iter_child_nodes(node):
            inner = where
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                inner = "function"
            elif isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                inner = "type-checking"
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                for target in _targets(module, path, child, known):
                    yield Import(module, target, child.lineno, inner)
            yield from walk(child, inner)

    yield from walk(ast.parse(path.read_text(encoding="utf-8")), "module")


def import_graph() -> dict[str, dict[str, Import]]:
    """module -> imported module -> the first import statement that loads it."""
    known = modules()
    graph: dict[str, dict[str, Import]] = {name: {} for name in known}
    for name, path in known.items():
        for imp in _imports(name, path, known):
            graph[name].setdefault(imp.target, imp)
    return graph


def cycles(graph: dict[str, dict[str, Import]]) -> list[list[Import]]:
    """One cycle (as its imports) through each strongly connected group of modules."""
    out = []
    for group in _groups(graph):
        if len(group) > 1:
            out.append(_cycle_in(graph, group))
    return out


def _groups(graph: dict[str, dict[str, Import]]) -> list[set[str]]:
    """Tarjan's strongly connected components, iteratively."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(graph[root]))]
        index[root] = low[root] = len(index)
        stack.append(root)
        while work:
            node, edges = work[-1]
            nxt = next(edges, None)
            if nxt is not None:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    work.append((nxt, iter(graph[nxt])))
                elif nxt in stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = set()
                while True:
                    member = stack.pop()
                    group.add(member)
                    if member == node:
                        break
                groups.append(group)
    return groups


def _cycle_in(graph: dict[str, dict[str, Import]], group: set[str]) -> list[Import]:
    """A shortest path from the group's first module back to itself, inside the group."""
    start = min(group)
    paths: dict[str, list[Import]] = {start: []}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for target, imp in sorted(graph[node].items()):
            if target == start:
                return [*paths[node], imp]
            if target in group and target not in paths:
                paths[target] = [*paths[node], imp]
                queue.append(target)
    raise AssertionError(f"no cycle through {start}")


@pytest.mark.parametrize("module", sorted(set(modules()) - {"domdex.__main__"}))  # runs the CLI
def test_every_module_imports(module: str) -> None:
    importlib.import_module(module)


def test_the_graph_sees_every_kind_of_import() -> None:
    kinds = {imp.where for targets in import_graph().values() for imp in targets.values()}
    assert kinds == {"module", "function", "type-checking"}


def test_no_import_cycles() -> None:
    found = cycles(import_graph())
    message = "\n\n".join("\n".join(f"  {imp}" for imp in cycle) for cycle in found)
    assert not found, f"import cycles among domdex modules:\n{message}"


def _reachable(graph: dict[str, dict[str, Import]], start: str) -> set[str]:
    seen, todo = set(), [start]
    while todo:
        for target in graph[todo.pop()]:
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return seen


@pytest.mark.parametrize("module", ["domdex.driver", "domdex.bridge"])
def test_what_the_session_stands_on_stays_below_it(module: str) -> None:
    """The session launches, attaches, captures and locates through domdex.driver, and
    its sync twin runs on domdex.bridge; browser.py's Page and AsyncPage sit above the
    session (issue 9, cycle 1)."""
    above = {m for m in _reachable(import_graph(), module)
             if m == "domdex.browser" or m.startswith("domdex.session")}
    assert not above, f"{module} reaches {sorted(above)}"


#: What a front end may import besides the public API (``domdex``) and other front
#: ends: the session it serves, and the package's plumbing.
FRONT_END_REACH = ("domdex.errors", "domdex.fence", "domdex.options", "domdex.policy",
                   "domdex.session")
FRONT_ENDS = ("domdex.cli", "domdex.mcp", "domdex.http", "domdex.holder")


def _is_front_end(module: str) -> bool:
    return any(module == f or module.startswith(f + ".") for f in FRONT_ENDS)


def test_front_ends_use_the_public_api() -> None:
    """The CLI, MCP and HTTP servers reach find, grep, read and the store through
    ``domdex``'s public names, as a user's program does, never past them into
    ``search``, ``render``, ``index`` or ``text`` (issue 9)."""
    graph = import_graph()
    past = [str(imp) for source, targets in graph.items() if _is_front_end(source)
            for target, imp in targets.items()
            if target != PACKAGE and not _is_front_end(target)
            and not any(target == r or target.startswith(r + ".") for r in FRONT_END_REACH)]
    assert not past, "front ends importing past the public API:\n" + "\n".join(past)
