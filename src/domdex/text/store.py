"""The knowledge store: what an agent has read, across pages, in one SQLite file.

Why SQLite: it is in the standard library, a single file an agent can keep between
sessions (``~/.cache/domdex/knowledge.db``, ``--store PATH``, or ``:memory:``), and its
FTS5 extension gives a real full-text index with BM25 ranking. Embeddings sit next to
the text as float32 blobs and are compared with NumPy, which is fast enough for the
tens of thousands of sections a browsing session produces.

Tables::

    pages     one row per URL (title, fingerprint, content hash, when read)
    texts     section texts stored once: near-duplicates (the same footer, cookie
              banner or menu on every page of a site) share one row; ``boilerplate``
              is set when pages of the same site share it. Embedding (float16 blob),
              simhash.
    texts_fts FTS5 index over texts (heading, text; external content, so the text is
              not stored twice), rowid = texts.id
    sections  page → section (id, heading path, xpath, kind) → text;
              ``parent_id`` is the section of the enclosing heading (heading → section)
    concepts, section_concepts, page_concepts
              the graph: section → concepts, concept ↔ pages

Search mixes FTS5 BM25 with embedding cosine like ``read``; the graph questions
(``related``, ``concepts``, ``path``) live in :mod:`.graph`, mixed into the store.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import re
import sqlite3
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import numpy as np

from ..errors import QueryError, StoreError
from ..render.read import StoreSearchResult
from .concepts import Concept, extract_concepts, merge
from .graph import ConceptGraph
from .relevance import (
    EMBED_CHARS,
    Embedder,
    default_embedder,
    named_embedder,
    section_document,
    terms,
)
from .sections import BOILERPLATE, PageText, Section

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE IF NOT EXISTS pages(
    id INTEGER PRIMARY KEY, url TEXT UNIQUE NOT NULL, host TEXT, title TEXT,
    fingerprint TEXT, content_hash TEXT, read_at REAL, tokens INTEGER);
CREATE TABLE IF NOT EXISTS texts(
    id INTEGER PRIMARY KEY, hash TEXT UNIQUE NOT NULL, simhash INTEGER, heading TEXT,
    text TEXT NOT NULL, tokens INTEGER, embedding BLOB, boilerplate INTEGER DEFAULT 0);
CREATE TABLE IF NOT EXISTS sections(
    id INTEGER PRIMARY KEY, page_id INTEGER NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
    sid TEXT, position INTEGER, path TEXT, heading TEXT, level INTEGER, kind TEXT,
    xpath TEXT, text_id INTEGER REFERENCES texts(id), parent_id INTEGER);
CREATE INDEX IF NOT EXISTS sections_text ON sections(text_id);
CREATE INDEX IF NOT EXISTS sections_page ON sections(page_id);
CREATE VIRTUAL TABLE IF NOT EXISTS texts_fts USING fts5(
    heading, text, content = 'texts', content_rowid = 'id', tokenize = 'porter unicode61');
CREATE TABLE IF NOT EXISTS concepts(id INTEGER PRIMARY KEY, key TEXT UNIQUE, name TEXT);
CREATE TABLE IF NOT EXISTS section_concepts(
    section_id INTEGER REFERENCES sections(id) ON DELETE CASCADE,
    concept_id INTEGER REFERENCES concepts(id), weight REAL,
    PRIMARY KEY(section_id, concept_id));
CREATE TABLE IF NOT EXISTS page_concepts(
    page_id INTEGER REFERENCES pages(id) ON DELETE CASCADE,
    concept_id INTEGER REFERENCES concepts(id), weight REAL,
    PRIMARY KEY(page_id, concept_id));
CREATE INDEX IF NOT EXISTS page_concepts_concept ON page_concepts(concept_id);
"""

#: Embeddings are kept as float16: half the size, so a row (text + vector) stays on
#: its B-tree page instead of spilling into overflow pages; cosine changes by < 1e-3.
EMBEDDING_DTYPE = np.float16
#: Bits two simhashes may differ by and still be the same text (of 64).
NEAR_DUPLICATE_BITS = 3
#: Texts shorter than this many words are only matched exactly (simhash is noisy).
NEAR_MIN_WORDS = 8
#: Seconds a writer waits for another's lock before giving up one attempt.
BUSY_SECONDS = 10.0
WRITE_ATTEMPTS = 3
_DIGITS = re.compile(r"\d+")
_WORDS = re.compile(r"[^\W_]+", re.UNICODE)


def default_path() -> Path:
    """``$DOMDEX_STORE``, else ``$XDG_CACHE_HOME/domdex/knowledge.db``
    (``~/.cache/domdex/knowledge.db``): one rule for every front end."""
    if os.environ.get("DOMDEX_STORE"):
        return Path(os.environ["DOMDEX_STORE"]).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "domdex" / "knowledge.db"


def normalise(text: str) -> str:
    """What makes two texts "the same": case, spacing and numbers (dates, counts) ignored."""
    return " ".join(_DIGITS.sub("0", text.lower()).split())


def simhash(text: str) -> int:
    """64-bit SimHash of a text's word 3-shingles (a signed SQLite-safe integer)."""
    words = _WORDS.findall(text)
    shingles = [" ".join(words[i : i + 3]) for i in range(max(len(words) - 2, 1))]
    if not shingles:
        return 0
    hashes = np.array(
        [
            int.from_bytes(hashlib.blake2b(s.encode(), digest_size=8).digest(), "little")
            for s in shingles
        ],
        dtype=np.uint64,
    )
    bits = (hashes[:, None] >> np.arange(64, dtype=np.uint64)) & np.uint64(1)
    votes = bits.sum(axis=0) * 2 > len(shingles)
    value = int(sum(1 << i for i, v in enumerate(votes) if v))
    return value - (1 << 64) if value >= 1 << 63 else value


@dataclass(frozen=True)
class StoreHit:
    """A section of a stored page that answers a query (``score`` in [0, 1])."""

    url: str
    title: str
    section: str
    path: tuple[str, ...]
    score: float
    text: str
    boilerplate: bool
    also_on: int = 0

    def to_dict(self) -> dict[str, Any]:
        d = dataclasses.asdict(self)
        d["path"] = list(self.path)
        return d


class KnowledgeStore(ConceptGraph):
    """Pages, sections, embeddings, full-text index and concept graph in SQLite."""

    def __init__(
        self, path: str | os.PathLike[str] | None = None,
        embedder: Embedder | str | None = None,
    ) -> None:
        target = default_path() if path is None else path
        if str(target) != ":memory:":
            target = Path(target).expanduser()
        self.file = str(target)
        self.embedder = named_embedder(embedder) or default_embedder()  # "minilm" too
        if isinstance(target, Path):
            try:  # a folder that cannot be made (/proc/…, a file in the way) is a StoreError
                target.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise self._unusable(exc) from exc
        try:
            if Path(self.file).is_dir():
                raise sqlite3.OperationalError("it is a directory")
            # Several writers (CLI runs, MCP servers) share one file: WAL lets readers go
            # on during a write, and the busy timeout makes a writer wait its turn
            # instead of failing with "database is locked".
            self.db = sqlite3.connect(self.file, timeout=BUSY_SECONDS)
            self.db.execute("PRAGMA foreign_keys = ON")
            self.db.execute(
                "PRAGMA journal_mode = WAL"
                if self.file != ":memory:"
                else "PRAGMA journal_mode = MEMORY"
            )
            self.db.executescript(SCHEMA)
            self._check_embedder()
        except sqlite3.Error as exc:
            raise self._unusable(exc) from exc
        self._matrix: tuple[np.ndarray, np.ndarray] | None = None
        self._hubs: set[int] = set()
        self._simhashes: tuple[np.ndarray, np.ndarray] | None = None

    def __enter__(self) -> KnowledgeStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if hasattr(self, "db"):
            self.db.close()

    def _unusable(self, exc: BaseException) -> StoreError:
        reason = str(exc).strip() or type(exc).__name__
        return StoreError(
            f"The knowledge store {self.file} cannot be used ({reason}). Point --store (or "
            "DOMDEX_STORE) at another file, use --no-store, or move this file away.")

    def __repr__(self) -> str:
        return f"KnowledgeStore({self.file!r})"

    def _check_embedder(self) -> None:
        name = f"{type(self.embedder).__name__}:{self.embedder.embed('x').shape[0]}"
        row = self.db.execute("SELECT value FROM meta WHERE key='embedder'").fetchone()
        if row is None:
            self.db.execute("INSERT INTO meta VALUES('embedder', ?)", (name,))
            self.db.commit()
        elif row[0] != name:
            raise QueryError(
                f"The store {self.file} holds {row[0]} embeddings, not {name}; open it with "
                "the same embedder or use another --store file."
            )

    # -- adding pages ---------------------------------------------------------------
    def add_page(self, page: PageText) -> PageText:
        """Learn a page; returns it with sections seen on the same site marked boilerplate.

        A write that still finds the file locked after the busy timeout is tried again
        (three times in all); any other database failure is a :class:`StoreError`.
        """
        for attempt in range(WRITE_ATTEMPTS):
            try:
                return self._add_page(page)
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) and "busy" not in str(exc):
                    raise self._unusable(exc) from exc
                if attempt == WRITE_ATTEMPTS - 1:
                    raise self._unusable(exc) from exc
                time.sleep(0.2 * (attempt + 1))
            except sqlite3.Error as exc:
                raise self._unusable(exc) from exc
        raise AssertionError("unreachable")

    def _add_page(self, page: PageText) -> PageText:
        url = page.url
        row = self.db.execute("SELECT id, content_hash FROM pages WHERE url=?", (url,)).fetchone()
        if row and row[1] == page.content_hash:
            self.db.execute("UPDATE pages SET read_at=? WHERE id=?", (time.time(), row[0]))
            self.db.commit()
            return self._relabel(page, row[0])
        with self.db:
            if row:
                self.db.execute("DELETE FROM pages WHERE id=?", (row[0],))
            host = urlsplit(url).netloc
            cur = self.db.execute(
                "INSERT INTO pages(url, host, title, fingerprint, content_hash, read_at, tokens) "
                "VALUES(?,?,?,?,?,?,?)",
                (
                    url,
                    host,
                    page.title,
                    page.fingerprint,
                    page.content_hash,
                    time.time(),
                    page.tokens,
                ),
            )
            page_id = int(cur.lastrowid or 0)
            self._add_sections(page_id, host, page.sections)
        self._matrix = None
        return self._relabel(page, page_id)

    def add_pages(self, pages: Sequence[PageText]) -> None:
        for page in pages:
            self.add_page(page)

    def _add_sections(self, page_id: int, host: str, sections: Sequence[Section]) -> None:
        parents: list[tuple[int, int]] = []  # (level, section row id) of open headings
        section_concepts: list[list[Concept]] = []
        new = [s for s in sections if (s.text or s.heading)]
        texts = self._text_ids(new)
        for position, (s, text_id) in enumerate(zip(new, texts, strict=True)):
            while parents and parents[-1][0] >= s.level and s.level:
                parents.pop()
            parent = parents[-1][1] if parents else None
            cur = self.db.execute(
                "INSERT INTO sections(page_id, sid, position, path, heading, level, kind, xpath, "
                "text_id, parent_id) VALUES(?,?,?,?,?,?,?,?,?,?)",
                (
                    page_id,
                    s.id,
                    position,
                    json.dumps(s.path),
                    s.heading,
                    s.level,
                    s.kind,
                    s.xpath,
                    text_id,
                    parent,
                ),
            )
            row_id = int(cur.lastrowid or 0)
            if s.heading and s.level:
                parents.append((s.level, row_id))
            self._mark_shared(text_id, page_id, host)
            if s.kind != BOILERPLATE:
                found = extract_concepts(s.heading, s.text)
                section_concepts.append(found)
                self._link_concepts("section_concepts", "section_id", row_id, found)
        self._link_concepts("page_concepts", "page_id", page_id, merge(section_concepts))

    def _text_ids(self, sections: Sequence[Section]) -> list[int]:
        """The ``texts`` row of every section, inserting (and embedding) new ones."""
        ids: list[int | None] = []
        fresh: list[tuple[int, Section, str, int]] = []
        repeats: dict[int, str] = {}
        seen: set[str] = set()
        for n, s in enumerate(sections):
            norm = normalise(f"{s.heading}\n{s.text}")
            digest = hashlib.sha1(norm.encode()).hexdigest()
            if digest in seen:  # the same text twice on one page
                ids.append(None)
                repeats[n] = digest
                continue
            seen.add(digest)
            row = self.db.execute("SELECT id FROM texts WHERE hash=?", (digest,)).fetchone()
            sim = simhash(norm)
            if row is None and len(norm.split()) >= NEAR_MIN_WORDS:
                row = self._near_duplicate(sim)
            if row is not None:
                ids.append(int(row[0]))
                continue
            ids.append(None)
            fresh.append((n, s, digest, sim))
        if fresh:
            docs = [section_document(s)[:EMBED_CHARS] for _, s, _, _ in fresh]
            vectors = self.embedder.embed_many(docs).astype(np.float32)
            for (n, s, digest, sim), vec in zip(fresh, vectors, strict=True):
                cur = self.db.execute(
                    "INSERT INTO texts(hash, simhash, heading, text, tokens, embedding, "
                    "boilerplate) VALUES(?,?,?,?,?,?,0)",
                    (digest, sim, s.title, s.text, s.tokens, vec.astype(EMBEDDING_DTYPE).tobytes()),
                )
                text_id = int(cur.lastrowid or 0)
                self.db.execute(
                    "INSERT INTO texts_fts(rowid, heading, text) VALUES(?,?,?)",
                    (text_id, s.title, s.text),
                )
                ids[n] = text_id
            self._simhashes = None
        for n, digest in repeats.items():
            ids[n] = self.db.execute("SELECT id FROM texts WHERE hash=?", (digest,)).fetchone()[0]
        return [int(i or 0) for i in ids]

    def _near_duplicate(self, sim: int) -> tuple[int] | None:
        if self._simhashes is None:
            rows = self.db.execute("SELECT id, simhash FROM texts").fetchall()
            self._simhashes = (
                np.array([r[0] for r in rows], dtype=np.int64),
                np.array([r[1] for r in rows], dtype=np.int64).view(np.uint64),
            )
        ids, hashes = self._simhashes
        if not ids.size:
            return None
        distance = np.bitwise_count(hashes ^ np.array([sim], dtype=np.int64).view(np.uint64))
        best = int(np.argmin(distance))
        return (int(ids[best]),) if distance[best] <= NEAR_DUPLICATE_BITS else None

    def _mark_shared(self, text_id: int, page_id: int, host: str) -> None:
        """A text on two pages of one site is that site's furniture."""
        other = self.db.execute(
            "SELECT 1 FROM sections s JOIN pages p ON p.id = s.page_id "
            "WHERE s.text_id=? AND p.id != ? AND p.host=? LIMIT 1",
            (text_id, page_id, host),
        ).fetchone()
        if other:
            self.db.execute("UPDATE texts SET boilerplate=1 WHERE id=?", (text_id,))

    def _link_concepts(self, table: str, column: str, owner: int, found: Sequence[Concept]) -> None:
        for c in found:
            self.db.execute(
                "INSERT OR IGNORE INTO concepts(key, name) VALUES(?,?)", (c.key, c.name)
            )
            (cid,) = self.db.execute("SELECT id FROM concepts WHERE key=?", (c.key,)).fetchone()
            self.db.execute(
                f"INSERT OR REPLACE INTO {table}({column}, concept_id, weight) VALUES(?,?,?)",
                (owner, cid, c.weight),
            )

    def _relabel(self, page: PageText, page_id: int) -> PageText:
        shared = {
            sid
            for (sid,) in self.db.execute(
                "SELECT s.sid FROM sections s JOIN texts t ON t.id = s.text_id "
                "WHERE s.page_id=? AND t.boilerplate=1",
                (page_id,),
            )
        }
        if not shared:
            return page
        sections = tuple(
            dataclasses.replace(s, kind=BOILERPLATE) if s.id in shared else s for s in page.sections
        )
        return dataclasses.replace(page, sections=sections)

    # -- questions ------------------------------------------------------------------
    def search(self, query: str, limit: int = 10, boilerplate: bool = False) -> list[StoreHit]:
        try:
            return self._search(query, limit, boilerplate)
        except sqlite3.Error as exc:
            raise self._unusable(exc) from exc

    def search_view(self, query: str, limit: int = 10,
                    boilerplate: bool = False) -> StoreSearchResult:
        """:meth:`search` as a view: the hits by page, fenced as page text, within a
        token budget when rendered (what ``domdex search`` and the MCP tool print)."""
        return StoreSearchResult(query, self.search(query, limit, boilerplate))

    def _search(self, query: str, limit: int, boilerplate: bool) -> list[StoreHit]:
        """Which pages say what about ``query``: the best sections, best first."""
        words = terms(query)
        if not words and not query.strip():
            raise QueryError("Give search some words to look for.")
        lexical = self._fts(words)
        semantic = self._semantic(query)
        top_lex = max(lexical.values(), default=0.0) or 1.0
        top_sem = max(semantic.values(), default=0.0) or 1.0
        scores: dict[int, float] = {}
        for text_id in set(lexical) | set(semantic):
            lex = lexical.get(text_id, 0.0) / top_lex
            sem = semantic.get(text_id, 0.0) / top_sem
            if lexical and not lex and sem < 0.6:
                continue
            scores[text_id] = 0.6 * lex + 0.4 * sem
        ranked = sorted(scores.items(), key=lambda kv: -kv[1])
        hits: list[StoreHit] = []
        for text_id, score in ranked:
            hit = self._hit(text_id, score)
            if hit is None or (hit.boilerplate and not boilerplate):
                continue
            hits.append(hit)
            if len(hits) >= limit:
                break
        return hits

    def _fts(self, words: Sequence[str]) -> dict[int, float]:
        if not words:
            return {}
        match = " OR ".join('"' + w.replace('"', "") + '"' for w in dict.fromkeys(words))
        rows = self.db.execute(
            "SELECT rowid, -bm25(texts_fts, 2.0, 1.0) FROM texts_fts WHERE texts_fts MATCH ? "
            "ORDER BY bm25(texts_fts, 2.0, 1.0) LIMIT 200",
            (match,),
        ).fetchall()
        return {int(r): float(s) for r, s in rows}

    def _semantic(self, query: str, top: int = 200) -> dict[int, float]:
        ids, matrix = self._embeddings()
        if not ids.size:
            return {}
        sims = matrix @ self.embedder.embed(query).astype(np.float32)
        best = np.argsort(-sims)[:top]
        return {int(ids[i]): float(sims[i]) for i in best if sims[i] > 0}

    def _embeddings(self) -> tuple[np.ndarray, np.ndarray]:
        if self._matrix is None:
            rows = self.db.execute("SELECT id, embedding FROM texts").fetchall()
            ids = np.array([r[0] for r in rows], dtype=np.int64)
            matrix = (
                np.stack([np.frombuffer(r[1], dtype=EMBEDDING_DTYPE) for r in rows]).astype(
                    np.float32
                )
                if rows
                else np.zeros((0, 1), dtype=np.float32)
            )
            self._matrix = (ids, matrix)
        return self._matrix

    def _hit(self, text_id: int, score: float) -> StoreHit | None:
        rows = self.db.execute(
            "SELECT p.url, p.title, s.sid, s.path, t.text, t.boilerplate OR s.kind = 'boilerplate' "
            "FROM sections s "
            "JOIN pages p ON p.id = s.page_id JOIN texts t ON t.id = s.text_id "
            "WHERE s.text_id=? ORDER BY p.read_at DESC",
            (text_id,),
        ).fetchall()
        if not rows:
            return None
        url, title, sid, path, text, boiler = rows[0]
        return StoreHit(
            url,
            title,
            sid,
            tuple(json.loads(path)),
            round(score, 4),
            text,
            bool(boiler),
            also_on=len({r[0] for r in rows}) - 1,
        )

    def pages(self) -> list[dict[str, Any]]:
        """Every stored page, most recently read first."""
        rows = self.db.execute(
            "SELECT url, title, read_at, tokens, (SELECT COUNT(*) FROM sections s "
            "WHERE s.page_id = p.id) FROM pages p ORDER BY read_at DESC"
        ).fetchall()
        return [
            {"url": u, "title": t, "read_at": r, "tokens": n, "sections": c}
            for u, t, r, n, c in rows
        ]

    def outline(self, url: str) -> list[dict[str, Any]]:
        """A stored page's heading → section tree: each section with its parent's id."""
        rows = self.db.execute(
            "SELECT s.sid, s.path, s.kind, s.level, p.sid, t.tokens, t.boilerplate "
            "FROM sections s LEFT JOIN sections p ON p.id = s.parent_id "
            "JOIN texts t ON t.id = s.text_id WHERE s.page_id=? ORDER BY s.position",
            (self._page_id(url),),
        ).fetchall()
        return [
            {"id": sid, "path": json.loads(path), "kind": "boilerplate" if shared else kind,
             "level": level, "parent": parent, "tokens": tokens}
            for sid, path, kind, level, parent, tokens, shared in rows
        ]

    def stats(self) -> dict[str, int]:
        """Counts of pages, sections, stored texts, boilerplate texts and concepts."""
        one = self.db.execute
        return {
            "pages": one("SELECT COUNT(*) FROM pages").fetchone()[0],
            "sections": one("SELECT COUNT(*) FROM sections").fetchone()[0],
            "texts": one("SELECT COUNT(*) FROM texts").fetchone()[0],
            "boilerplate_texts": one("SELECT COUNT(*) FROM texts WHERE boilerplate=1").fetchone()[
                0
            ],
            "concepts": one("SELECT COUNT(*) FROM concepts").fetchone()[0],
        }
