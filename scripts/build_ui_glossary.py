"""Build find's English → other-language glossary of interface words from Chromium's own
translations (issue 10).

    .venv/bin/python scripts/build_ui_glossary.py [--locales DIR] [--english PAK]

Writes ``src/domdex/ui_glossary.json.gz``: for each page language, the English words of
short interface strings and the words their translations use for them ("apply" →
*appliquer*, *применить*, 適用). Nothing in it is written by hand.

The source is Debian's ``chromium-l10n`` (Chromium's interface in ~50 languages, BSD-3-Clause
like the rest of Chromium) and ``en-US.pak`` from the ``chromium`` package of the same
version: each ``.pak`` holds the same numbered strings, so a string's id pairs its
English with its translation. Without ``--locales`` / ``--english`` the script takes
``/usr/lib/chromium/locales/en-US.pak`` if the installed chromium is the version apt
serves, else downloads both packages with ``apt-get download`` and unpacks them with
``dpkg -x`` into a temporary directory.

Alignment, per language, over the pairs whose English has at most :data:`MAX_EN_WORDS`
words: an English word and a translation unit (a word's stem, or for Chinese and Japanese
a run of 2–8 characters) are counted together once per distinct pair, and kept by their
Dice coefficient ``2·both / (english + unit)``. A unit must be seen with the word at least
twice, or be the translation of the word alone ("Apply" → "Appliquer"). Of the units
a word keeps, the best and those nearly as good (:data:`NEAR_BEST`), at most
:data:`PER_WORD`; of runs of characters, the longest of those that score alike.
"""

from __future__ import annotations

import argparse
import gzip
import itertools
import json
import re
import struct
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

from domdex.search.lexical import STOPWORDS, english_stem
from domdex.words import OTHER_STOPWORDS, WORD, fold, has_unspaced, is_unspaced_char

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "domdex" / "ui_glossary.json.gz"

#: Page language → Chromium's locales for it.
LOCALES = {"de": ["de"], "fr": ["fr"], "es": ["es", "es-419"], "it": ["it"],
           "pt": ["pt-BR", "pt-PT"], "nl": ["nl"], "ru": ["ru"],
           "ar": ["ar"], "he": ["he"], "el": ["el"], "zh": ["zh-CN", "zh-TW"],
           "ja": ["ja"], "ko": ["ko"], "th": ["th"]}

#: Longest English string read (in words), and longest translation (in units).
MAX_EN_WORDS = 4
MAX_UNITS = 40
#: A unit kept for a word: Dice at least this, and this share of the word's best.
MIN_DICE = 0.2
NEAR_BEST = 0.6
#: Units kept per English word.
PER_WORD = 3
#: Character runs tried in unspaced scripts.
MIN_RUN, MAX_RUN = 2, 8

#: Chromium's licence, which the glossary carries with it (the words are derived from
#: Chromium's translations).
NOTICE = """Copyright The Chromium Authors. All rights reserved.
Redistribution and use in source and binary forms, with or without modification, are
permitted provided that the following conditions are met:
* Redistributions of source code must retain the above copyright notice, this list of
  conditions and the following disclaimer.
* Redistributions in binary form must reproduce the above copyright notice, this list of
  conditions and the following disclaimer in the documentation and/or other materials
  provided with the distribution.
* Neither the name of Google Inc. nor the names of its contributors may be used to
  endorse or promote products derived from this software without specific prior written
  permission.
THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS" AND ANY
EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE IMPLIED WARRANTIES OF
MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE DISCLAIMED. IN NO EVENT SHALL THE
COPYRIGHT OWNER OR CONTRIBUTORS BE LIABLE FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL,
EXEMPLARY, OR CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF
SUBSTITUTE GOODS OR SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION)
HOWEVER CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR
TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE OF THIS
SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE."""

_PLACEHOLDER = re.compile(r"\$\d|<[^>]*>|\{[^}]*\}|%[sd]|\(&\w\)|&(?=\w)")


def read_pak(path: Path) -> dict[int, str]:
    """The strings of a Chromium ``.pak`` (format 5), by id; binary entries left out."""
    data = path.read_bytes()
    version, encoding, count, aliases = struct.unpack_from("<IIHH", data, 0)
    if version != 5 or encoding != 1:
        raise SystemExit(f"{path}: not a UTF-8 .pak of format 5 ({version}, {encoding})")
    entries = [struct.unpack_from("<HI", data, 12 + 6 * i) for i in range(count + 1)]
    raw = {rid: data[off:nxt] for (rid, off), (_, nxt) in itertools.pairwise(entries)}
    base = 12 + 6 * (count + 1)
    for i in range(aliases):
        rid, index = struct.unpack_from("<HH", data, base + 4 * i)
        raw[rid] = raw[entries[index][0]]
    out = {}
    for rid, blob in raw.items():
        try:
            out[rid] = blob.decode("utf-8")
        except UnicodeDecodeError:
            continue  # a compressed resource, not a string
    return out


def english_words(text: str) -> set[str]:
    """The stems of a short English string's content words; none for a long string or a
    plural/select message (``{COUNT, plural, …}``)."""
    if "{" in text:
        return set()
    words = re.findall(r"[a-z]+", _PLACEHOLDER.sub(" ", text).lower())
    if not 1 <= len(words) <= MAX_EN_WORDS:
        return set()
    return {english_stem(w) for w in words if len(w) >= 3 and w not in STOPWORDS}


def units(text: str) -> set[str]:
    """A translation's units: its words, and in unspaced scripts its runs of characters."""
    out: set[str] = set()
    for word in WORD.findall(fold(_PLACEHOLDER.sub(" ", text))):
        spaced = "".join(" " if is_unspaced_char(c) else c for c in word).split()
        out.update(w for w in spaced if len(w) >= 2 and not w.isdigit()
                   and w not in OTHER_STOPWORDS)
        if has_unspaced(word):
            for run in "".join(c if is_unspaced_char(c) else " " for c in word).split():
                out.update(_runs(run))
    return out


#: Japanese particles: a run of characters starting with one, or ending with one but
#: の and に, is a phrase's piece ("を適用" in "テーマを適用"), not a word.
_PARTICLES = frozenset("をにのはがでとへもや")


def _runs(chunk: str) -> list[str]:
    """Every run of :data:`MIN_RUN` … :data:`MAX_RUN` characters of ``chunk``."""
    return [chunk[i:j] for i in range(len(chunk))
            for j in range(i + MIN_RUN, min(len(chunk), i + MAX_RUN) + 1)
            if chunk[i] not in _PARTICLES and chunk[j - 1] not in _PARTICLES - {"の", "に"}]


def _whole(text: str) -> str:
    """A translation as one unit, if it is one word or one run ("Appliquer", "適用")."""
    words = WORD.findall(fold(_PLACEHOLDER.sub(" ", text)))
    return words[0] if len(words) == 1 else ""


def align(pairs: list[tuple[set[str], str]]) -> dict[str, str]:
    """English word (stemmed) → the units its translations use for it, best first, by spaces.

    Units are ranked by Dice; a unit that is the whole translation of a string naming the
    word alone ("Apply" → "Appliquer") comes first. Of runs of characters, the first kept
    stands for those it contains and those containing it.
    """
    n_en: Counter[str] = Counter()
    n_unit: Counter[str] = Counter()
    both: Counter[tuple[str, str]] = Counter()
    alone: set[tuple[str, str]] = set()
    for en, text in pairs:
        us = units(text)
        if len(us) > MAX_UNITS:
            continue
        n_en.update(en)
        n_unit.update(us)
        whole = _whole(text) if len(en) == 1 else ""
        for e in en:
            for u in us:
                both[e, u] += 1
            if whole:
                alone.add((e, whole))
    scored: dict[str, list[tuple[bool, float, int, str]]] = defaultdict(list)
    for (e, u), n in both.items():
        direct = (e, u) in alone
        if n < 2 and not direct:
            continue
        dice = 2 * n / (n_en[e] + n_unit[u])
        if dice >= MIN_DICE:
            scored[e].append((direct, dice, n, u))
    out: dict[str, list[str]] = {}
    for e, cands in scored.items():
        cands.sort(key=lambda c: (not c[0], -c[1], -c[2], -len(c[3]), c[3]))
        best = max(c[1] for c in cands)
        kept: list[str] = []
        for direct, dice, _n, u in cands:
            if len(kept) == PER_WORD:
                break
            if (direct or dice >= NEAR_BEST * best) and \
                    not any(u in k or k in u for k in kept):
                kept.append(u)
        kept = [k for k in kept if k != e]  # "page" → "page": the exact match has it
        if kept:
            out[e] = " ".join(kept)
    return dict(sorted(out.items()))


def _installed_version(package: str) -> str:
    got = subprocess.run(["dpkg-query", "-W", "-f=${Version}", package],
                         capture_output=True, text=True, check=False)
    return got.stdout.strip() if got.returncode == 0 else ""


def fetch(workdir: Path) -> tuple[Path, Path]:
    """Chromium's locale directory and its en-US.pak, of one version, from Debian."""
    policy = subprocess.run(["apt-cache", "policy", "chromium-l10n"], capture_output=True,
                            text=True, check=True).stdout
    version = re.search(r"Candidate:\s*(\S+)", policy)
    if version is None or version.group(1) == "(none)":
        raise SystemExit("apt serves no chromium-l10n: run apt-get update first.")
    ver = version.group(1)
    wanted = [f"chromium-l10n={ver}"]
    english = Path("/usr/lib/chromium/locales/en-US.pak")
    if _installed_version("chromium") != ver or not english.exists():
        wanted.append(f"chromium={ver}")
        english = workdir / "x/usr/lib/chromium/locales/en-US.pak"
    subprocess.run(["apt-get", "download", *wanted], cwd=workdir, check=True)
    for deb in workdir.glob("*.deb"):
        subprocess.run(["dpkg", "-x", str(deb), str(workdir / "x")], check=True)
    return workdir / "x/usr/lib/chromium/locales", english


def _alternatives(us: str, gb: str, tr: str) -> list[tuple[str, str, str]]:
    """A string naming alternatives ("Favorites/Bookmarks" → "Favoris/Favoritos") as one
    pair per alternative, when both sides have as many; else the string whole."""
    parts = us.split("/"), gb.split("/"), tr.split("/")
    if len(parts[0]) > 1 and len(parts[0]) == len(parts[2]) and "<" not in us:
        if len(parts[1]) != len(parts[0]):
            parts = parts[0], parts[0], parts[2]
        return list(zip(*parts, strict=True))
    return [(us, gb, tr)]


def build(locales: Path, english_pak: Path) -> dict[str, object]:
    en_us = read_pak(english_pak)
    en_gb = read_pak(locales / "en-GB.pak")
    languages = {}
    for language, names in LOCALES.items():
        seen: set[tuple[str, str]] = set()
        pairs: list[tuple[set[str], str]] = []
        for name in names:
            for rid, text in read_pak(locales / f"{name}.pak").items():
                if rid not in en_us or (en_us[rid], text) in seen:
                    continue
                seen.add((en_us[rid], text))
                for us, gb, tr in _alternatives(en_us[rid], en_gb.get(rid, ""), text):
                    en = english_words(us) | english_words(gb)
                    if en:
                        pairs.append((en, tr))
        languages[language] = align(pairs)
        print(f"{language}: {len(pairs)} pairs, {len(languages[language])} words",
              file=sys.stderr)
    return {"source": "Chromium's interface strings and their translations, Debian's "
                      "chromium and chromium-l10n (BSD-3-Clause); made by "
                      "scripts/build_ui_glossary.py",
            "license": NOTICE,
            "languages": languages}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--locales", type=Path, help="a directory of Chromium's locale .pak files")
    ap.add_argument("--english", type=Path, help="the en-US.pak of the same version")
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        locales, english = args.locales, args.english
        if locales is None or english is None:
            locales, english = fetch(Path(tmp))
        data = build(locales, english)
    raw = (json.dumps(data, ensure_ascii=False, separators=(",", ":"), indent=0) + "\n"
           ).encode("utf-8")
    args.out.write_bytes(gzip.compress(raw, compresslevel=9, mtime=0))
    print(f"wrote {args.out} ({len(raw) // 1024} KB, gzipped "
          f"{args.out.stat().st_size // 1024} KB)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
