"""Which captured element a task's expected selector stands for: shared by the find benches.

A task names its element by selector; find answers with a ref from a capture. When the
selector's element is one capture keeps, that is the ref. When capture folds it into its
parent (``<p><span class="price">2 390 ₽</span></p>`` is one node, the ``p``), the nearest
kept ancestor stands for it, but only if that ancestor says little more than the element
itself (its text at most twice as long, plus 20 characters): the card or the section
around a price is not the price. Otherwise there is no ref and the task counts as a miss.
"""

from __future__ import annotations

from typing import Any

#: Evaluated on the expected element: [[ref or null, text length], …] up to the root.
CHAIN_JS = """el => { const s = el.ownerDocument.defaultView[Symbol.for('domdex')];
  const out = [];
  for (let e = el; e; e = e.parentElement || (e.getRootNode && e.getRootNode().host)) {
    const r = s && s.refOf ? s.refOf(e) : null;
    out.push([r == null ? null : String(r), (e.textContent || '').trim().length]);
  }
  return out; }"""


def expected_ref(snapshot: Any, chain: list[list[Any]]) -> str | None:
    """The ref that stands for the expected element in ``snapshot``, or None."""
    if not chain:
        return None
    own = chain[0][1]
    for i, (ref, length) in enumerate(chain):
        if ref is not None and snapshot.get(ref) is not None:
            return ref if i == 0 or length <= 2 * own + 20 else None
    return None
