"""Which captured elements a task's expected selector stands for: shared by the find benches.

A task names its element by selector; find answers with a ref from a capture.

- When the selector's element is one capture keeps, that is the ref. When capture folds
  it into its parent (``<p><span class="price">2 390 ₽</span></p>`` is one node, the
  ``p``), the nearest kept ancestor stands for it, but only if that ancestor says little
  more than the element itself (its text at most twice as long, plus 20 characters): the
  card or the section around a price is not the price.
- A wrapper and the one control inside it are one target: JupyterLab's
  ``<jp-button aria-label="Restart the kernel"><button aria-label="Restart the kernel">``
  is two nodes with one name, and clicking either does the same. So the kept elements
  directly above or below the expected one that carry exactly its (non-empty) name are
  accepted too (``also``). "Below" is read from the capture's own tree, not from the
  DOM, so a control inside the wrapper's shadow root counts (JupyterLab's is).
"""

from __future__ import annotations

from typing import Any

#: Evaluated on the expected element: {chain: [[ref|null, text length], …] up to the root,
#: inner: refs of the elements inside it (at most 40), frames: the refs of the <iframe>s
#: it sits in (see _in_frame)}.
CHAIN_JS = """el => { const s = el.ownerDocument.defaultView[Symbol.for('domdex')];
  const refOf = (e) => { const r = s && s.refOf ? s.refOf(e) : null;
                         return r == null ? null : String(r); };
  const chain = [];
  for (let e = el; e; e = e.parentElement || (e.getRootNode && e.getRootNode().host)) {
    chain.push([refOf(e), (e.textContent || '').trim().length]);
  }
  const inner = [...el.querySelectorAll('*')].slice(0, 40).map(refOf).filter(r => r);
  const frames = [];  // the <iframe>'s ref in each enclosing document, innermost first
  for (let w = el.ownerDocument.defaultView; w && w.frameElement; w = w.parent) {
    const ps = w.parent[Symbol.for('domdex')];
    const r = ps && ps.refOf ? ps.refOf(w.frameElement) : null;
    frames.push(r == null ? null : String(r));
  }
  return {chain, inner, frames}; }"""


def _in_frame(snapshot: Any, found: dict[str, Any]) -> dict[str, Any]:
    """``found`` with its refs as the snapshot spells them: an element inside a frame
    has its frame's ref in its own document (``e14``), and the snapshot prefixes the
    frame's id (``f1e14``), found from the ``<iframe>`` that owns it, outermost first.
    Unchanged on the top document; chain and inner emptied when a frame is not known."""
    frames = found.get("frames") or []
    if not frames:
        return found
    prefix = ""
    owners = {f.owner: f.id for f in getattr(snapshot, "frames", ())}
    for owner in reversed(frames):
        fid = owners.get(prefix + owner) if owner is not None else None
        if fid is None:
            return {"chain": [], "inner": []}
        prefix = fid
    return {"chain": [[prefix + r if r is not None else None, n] for r, n in found["chain"]],
            "inner": [prefix + r for r in found.get("inner") or []]}


def expected_refs(snapshot: Any, found: dict[str, Any]) -> tuple[str | None, list[str]]:
    """(the ref that stands for the expected element, or None; the refs equal to it)."""
    found = _in_frame(snapshot, found)
    chain = found.get("chain") or []
    ref = None
    if chain:
        own = chain[0][1]
        for i, (r, length) in enumerate(chain):
            if r is not None and snapshot.get(r) is not None:
                ref = r if i == 0 or length <= 2 * own + 20 else None
                break
    if ref is None:
        return None, []
    name = (snapshot.get(ref).name or "").strip()
    if not name:
        return ref, []
    near = list(found.get("inner") or []) + [r for r, _ in chain[1:4] if r]
    near += named_below(snapshot, ref)
    also = [r for r in dict.fromkeys(near) if r != ref and (n := snapshot.get(r)) is not None
            and (n.name or "").strip() == name]
    return ref, also


def named_below(snapshot: Any, ref: str, depth: int = 2) -> list[str]:
    """Kept elements at most ``depth`` levels under ``ref`` (shadow roots included, as
    capture keeps them) that carry exactly its non-empty name."""
    top = snapshot.get(ref)
    name = (top.name or "").strip() if top is not None else ""
    if not name:
        return []
    level = {ref: 0}
    out = []
    for node in snapshot:  # document order: a parent comes before its children
        d = level.get(node.parent) if node.parent is not None else None
        if d is None or d >= depth:
            continue
        level[node.ref] = d + 1
        if (node.name or "").strip() == name:
            out.append(node.ref)
    return out
