"""JavaScript dialogs (alert / confirm / prompt / beforeunload) handled by a policy.

A dialog blocks the page until someone answers it, and an agent cannot answer in the
middle of a click. So the session answers at once — by its policy, or by the answer
the agent set for the next dialog — and reports what happened in its next response
("DIALOG confirm "Clear your browsing history?" → accepted").
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, Literal

logger = logging.getLogger("domdex")

__all__ = ["DialogEvent", "DialogPolicy", "Policy"]

Policy = Literal["accept", "dismiss"]


@dataclass(frozen=True, slots=True)
class DialogEvent:
    """One dialog the page opened and how it was answered."""

    type: str
    message: str
    accepted: bool
    text: str | None = None
    url: str = ""

    def line(self) -> str:
        answer = "accepted" if self.accepted else "dismissed"
        typed = f" with {self.text!r}" if self.text is not None and self.accepted else ""
        return f'DIALOG {self.type} "{" ".join(self.message.split())[:200]}" → {answer}{typed}'

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "message": self.message, "accepted": self.accepted,
                "text": self.text, "url": self.url}


class DialogPolicy:
    """Answers dialogs: the session's policy, or a one-shot answer set for the next one.

    ``alert`` can only be acknowledged; ``confirm``/``prompt``/``beforeunload`` follow
    the policy. Events queue up until :meth:`drain` hands them to the next response.
    """

    def __init__(self, policy: Policy = "accept", prompt_text: str | None = None) -> None:
        self.policy: Policy = policy
        self.prompt_text = prompt_text
        self._next: tuple[bool, str | None] | None = None
        self._events: list[DialogEvent] = []

    def answer_next(self, accept: bool, text: str | None = None) -> None:
        """Answer only the next dialog this way (then the policy applies again)."""
        self._next = (accept, text)

    async def handle(self, dialog: Any) -> None:
        """The Playwright ``dialog`` event handler."""
        kind = dialog.type
        accept, text = self._next if self._next is not None else \
            (self.policy == "accept", self.prompt_text)
        self._next = None
        if kind == "alert":
            accept = True
        if kind != "prompt":
            text = None
        elif text is None:
            text = dialog.default_value
        try:
            if accept:
                await dialog.accept(text) if text is not None else await dialog.accept()
            else:
                await dialog.dismiss()
        except Exception as exc:  # the page closed while the dialog was open
            logger.debug("dialog answer failed: %r", exc)
        url = getattr(dialog.page, "url", "") if getattr(dialog, "page", None) else ""
        self._events.append(DialogEvent(kind, dialog.message, accept, text, url))
        logger.info("dialog %s %r %s", kind, dialog.message, "accepted" if accept else "dismissed")

    def drain(self) -> list[DialogEvent]:
        """Events since the last drain, oldest first."""
        out, self._events = self._events, []
        return out
