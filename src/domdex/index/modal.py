"""The open modal dialog, and what lies behind it.

While a modal dialog is open (``<dialog>`` opened by ``showModal()``, or an element
with ``aria-modal="true"`` that is on screen with a backdrop over the rest of the
viewport, which capture marks ``modal``), the rest of the page is inert: a click there
lands on the backdrop, a key goes nowhere. An agent's "click Delete", "save", "close"
means the dialog's control, and the page's own *Delete* behind it is no rival (review
53: ten such requests were refused as ties). A cookie strip, a chat widget or a closed
drawer left mounted off screen that says ``aria-modal`` blocks nothing (review 54).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from . import PageIndex

__all__ = ["behind_modal", "open_modal"]

_KEY = "modal.open"


def open_modal(idx: PageIndex) -> int | None:
    """The position of the open modal dialog (the last in document order, which is
    the one on top when dialogs stack), or None."""
    if _KEY not in idx.cache:
        found = None
        for i, n in enumerate(idx.nodes):
            if "modal" in n.states and n.visible:
                found = i
        idx.cache[_KEY] = found
    got = idx.cache[_KEY]
    return got if isinstance(got, int) else None


def behind_modal(idx: PageIndex, pos: int) -> bool:
    """Whether the element at ``pos`` lies behind the open modal dialog (inert): before
    it in the document. What comes after it is drawn over it: a list box or menu that
    a control of the dialog opened, rendered at the end of the body (Radix, MUI)."""
    top = open_modal(idx)
    return top is not None and pos < top
