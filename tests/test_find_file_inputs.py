"""A file input is found and filled by words (issue 11: `upload -q "résumé" FILE`).

Why: Chromium gives <input type=file> the role button, so find's fill intent ranked it
as a non-field and `upload` by words found nothing. It is a field that takes files.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from domdex import Session

pytestmark = pytest.mark.browser

CV = Path(__file__).parent / "pages" / "forms" / "cv.txt"


@pytest.fixture(scope="module")
def s(server: str) -> Iterator[Session]:
    with Session.start(f"{server}/forms/apply.html") as session:
        yield session


def test_find_a_file_input_by_its_label(s: Session) -> None:
    hit = s.find("résumé", intent="fill")
    assert hit.ref and _id(s, hit.ref) == "cv", str(hit)
    assert "[file input: upload]" in str(hit)
    letter = s.find("the cover letter file", intent="fill")
    assert letter.ref and _id(s, letter.ref) == "letter", str(letter)


def test_upload_by_words_reaches_the_right_input(s: Session) -> None:
    done = s.act("upload", query="résumé", value=str(CV))
    assert "Résumé" in done.text, done.text
    picked = s._call(lambda: s.current.pw.evaluate(
        "document.getElementById('picked').textContent"))
    assert picked == "cv:cv.txt;", picked


def _id(s: Session, ref: str) -> str | None:
    node = s.index().snapshot.get(ref)
    return node.attrs.get("id") if node else None
