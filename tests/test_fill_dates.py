"""Filling date and time inputs with dates as people write them.

Why: ``<input type="date">`` only takes ``2010-05-20``; assigned "05/20/2010" it stays
empty, and Playwright's fill returns without an error, so the action was reported done
while the field was blank (MiniWoB's enter-date failed on every seed for this). The
date is now written in the field's own format, and a text that does not state every
part the field needs is refused — never guessed.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from domdex import ActionError, DomdexError, Session
from domdex.session.datefields import DATE_TYPES, input_value


@pytest.mark.parametrize(("text", "kind", "order", "want"), [
    ("05/20/2010", "date", "mdy", "2010-05-20"),
    ("20/05/2010", "date", "mdy", "2010-05-20"),  # 20 cannot be a month
    ("10/11/2011", "date", "mdy", "2011-10-11"),  # the locale says month first
    ("10/11/2011", "date", "dmy", "2011-11-10"),  # … or day first
    ("20.05.2010", "date", "dmy", "2010-05-20"),
    ("05.03.2024", "date", "mdy", "2024-03-05"),  # dots are written day first (review 48)
    ("May 20, 2010", "date", "mdy", "2010-05-20"),
    ("2010-05-20", "date", "dmy", "2010-05-20"),
    ("3:30 PM", "time", "mdy", "15:30"),
    ("14:05:09", "time", "mdy", "14:05:09"),
    ("May 20, 2010 3:30 pm", "datetime-local", "mdy", "2010-05-20T15:30"),
    ("May 2010", "month", "mdy", "2010-05"),
    ("2010-05-20", "week", "mdy", "2010-W20"),
])
def test_dates_as_people_write_them(text: str, kind: str, order: str, want: str) -> None:
    assert input_value(text, kind, order) == want


@pytest.mark.parametrize(("text", "kind", "missing"), [
    ("May 2010", "date", "the day"),
    ("20 May", "date", "the year"),
    ("05/20/2010", "datetime-local", "the time of day"),
    ("15", "time", "the time of day"),
    ("banana", "date", "not a date"),
    ("", "date", "not a date"),
    ("1" * 500, "date", "not a date"),
])
def test_a_date_that_leaves_a_part_out_is_refused(text: str, kind: str, missing: str) -> None:
    with pytest.raises(ActionError, match=missing):
        input_value(text, kind)


def test_any_text_ends_as_a_value_or_a_clear_refusal() -> None:
    rng = random.Random(7)
    alphabet = "0123456789/-.:, TWamp" + "MayJunDec" + "年月日é\x00\u200b"
    for _ in range(3000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 24)))
        kind = rng.choice(list(DATE_TYPES))
        try:
            out = input_value(text, kind, rng.choice(("mdy", "dmy", "ymd")))
        except DomdexError as exc:
            assert "Give the value in full" in str(exc)
        else:
            assert out and out.isascii(), (text, kind, out)



@pytest.fixture(scope="module")
def s(server: str) -> Iterator[Session]:
    with Session.start(f"{server}/forms/dates.html") as session:
        yield session


@pytest.mark.browser
def test_fill_writes_the_date_in_the_fields_format(s: Session) -> None:
    done = s.fill(query="arrival date", value="05/20/2010")
    assert '[value: "2010-05-20"]' in done.text, done.text
    assert '[value: "15:30"]' in s.fill(query="check-in time", value="3:30 PM").text
    assert '[value: "2010-05"]' in s.fill(query="card expiry month", value="May 2010").text
    assert '[value: "note 1"]' in s.fill(query="note", value="note 1").text  # text as it is


@pytest.mark.browser
def test_a_date_the_field_cannot_hold_is_refused_and_loses_nothing(s: Session) -> None:
    ref = s.find("departure date", intent="fill").ref
    with pytest.raises(ActionError, match="does not say the day"):
        s.fill(ref, "December 2026")
    with pytest.raises(ActionError, match="keeps its old value"):
        s.fill(ref, "2026-02-30")  # the shape of a date, and not one
    assert '[value: "2026-12-24"]' in s.find("departure date", intent="fill").text
