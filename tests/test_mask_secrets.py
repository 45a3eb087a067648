"""Secrets stay masked by what a field is for, not only by its current type (issue 13 §3b).

A "show password" toggle turns ``type=password`` into ``type=text``; a one-time code or a
field named ``user_passwd`` never was a password field. None of their values may reach
the model — in the snapshot, in a find answer or in an action's echo.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from domdex.session import Session, SessionOptions

pytestmark = pytest.mark.browser

SECRETS = {"pw": "hunter2-shown", "pin": "493817", "fresh": "n3w-Secret!",
           "old": "old-Secret!", "confirm_pwd": "confirm-Secret!"}


@pytest.fixture(scope="module")
def s() -> Iterator[Session]:
    with Session.start(options=SessionOptions(action_timeout=1.5)) as session:
        yield session


def _everything(s: Session) -> str:
    return "\n".join([s.overview().render(), s.regions().render(),
                      s.find("password").render(), s.find("PIN").render(),
                      s.grep("Secret|hunter|4938|north").render()])


def test_a_shown_password_and_secret_purposes_stay_masked(s: Session, server: str) -> None:
    s.open(f"{server}/hardening/show-password.html")
    for field, value in SECRETS.items():
        s._call(lambda f=field, v=value: s.current.pw.fill(f"#{f}", v))
    s._call(lambda: s.current.pw.fill("#compass", "north-west"))
    s._call(lambda: s.current.pw.click("#show"))
    assert s._call(lambda: s.current.pw.evaluate("document.getElementById('pw').type")) == "text"
    seen = _everything(s)
    for value in SECRETS.values():
        assert value not in seen, value
    assert "••••" in seen
    assert "north-west" in seen  # an ordinary field still shows its value


def test_typing_into_a_shown_password_echoes_no_secret(s: Session, server: str) -> None:
    s.open(f"{server}/hardening/show-password.html")
    s._call(lambda: s.current.pw.click("#show"))  # shown after open's first look
    echo = s.fill(query="Password", value="typed-Secret-9").render()
    echo += s.grep("typed").render()
    assert "typed-Secret-9" not in echo
