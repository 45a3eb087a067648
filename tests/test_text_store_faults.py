"""The knowledge store never loses a page and never crashes its caller (issue 13 §6).

Concurrent writers used to lose pages to `sqlite3.OperationalError: database is locked`
(not a DomdexError); a --store that is a directory, not a database, truncated or locked
gave a traceback, and `domdex read` lost the page's text with it.
"""

from __future__ import annotations

import multiprocessing
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from domdex.errors import StoreError
from domdex.text.store import KnowledgeStore
from tests.test_text_store import acme

PAGES_PER_WRITER = 12
WRITERS = 4


def _writer(path: str, who: int) -> None:
    with KnowledgeStore(path) as store:
        for k in range(PAGES_PER_WRITER):
            store.add_page(acme(f"https://w{who}.example/p{k}", f"Page {who}.{k}", [
                ("Body", f"Writer {who} wrote page {k} about topic {who * 100 + k} "
                         "with enough words to be a real section of text.")]))


def test_concurrent_writers_lose_nothing(tmp_path: Path) -> None:
    path = str(tmp_path / "shared.db")
    KnowledgeStore(path).close()
    ctx = multiprocessing.get_context("spawn")
    procs = [ctx.Process(target=_writer, args=(path, w)) for w in range(WRITERS)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(timeout=240)
    assert [p.exitcode for p in procs] == [0] * WRITERS
    with KnowledgeStore(path) as store:
        urls = {p["url"] for p in store.pages()}
    assert len(urls) == WRITERS * PAGES_PER_WRITER


def _broken(tmp_path: Path, kind: str) -> Path:
    if kind == "directory":
        return tmp_path
    path = tmp_path / "store.db"
    if kind == "not a database":
        path.write_text("this is a shopping list, not SQLite\n" * 100)
    elif kind == "truncated":
        with KnowledgeStore(path) as store:
            store.add_page(acme("https://a.example/", "A", [("Body", "some text " * 50)]))
        data = path.read_bytes()
        path.write_bytes(data[: len(data) // 3])
        for extra in ("-wal", "-shm"):
            Path(str(path) + extra).unlink(missing_ok=True)
    return path


@pytest.mark.parametrize("kind", ["directory", "not a database", "truncated"])
def test_a_broken_store_is_one_clear_error(tmp_path: Path, kind: str) -> None:
    path = _broken(tmp_path, kind)
    with pytest.raises(StoreError, match=r"cannot be used.*--no-store"), \
            KnowledgeStore(path) as store:
        store.add_page(acme("https://b.example/", "B", [("Body", "text " * 40)]))
        store.search("text")


def test_a_locked_store_waits_then_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                           ) -> None:
    import domdex.text.store as store_module

    path = tmp_path / "locked.db"
    KnowledgeStore(path).close()
    holder = sqlite3.connect(path)
    holder.execute("BEGIN EXCLUSIVE")
    monkeypatch.setattr(store_module, "BUSY_SECONDS", 0.2)
    try:
        with pytest.raises(StoreError, match="locked"), KnowledgeStore(path) as store:
            store.add_page(acme("https://c.example/", "C", [("Body", "text " * 40)]))
    finally:
        holder.rollback()
        holder.close()


@pytest.mark.browser
def test_read_still_prints_the_page_when_the_store_is_broken(tmp_path: Path) -> None:
    page = Path(__file__).parent / "pages" / "product.html"
    bad = _broken(tmp_path, "not a database")
    run = subprocess.run([sys.executable, "-m", "domdex", "read", str(page), "--store",
                          str(bad)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert "Garden Trowel" in run.stdout
    assert "cannot be used" in run.stderr and "Traceback" not in run.stderr
