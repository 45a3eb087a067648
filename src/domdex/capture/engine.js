// The "domdex" selector engine: resolves `e12` (or `e12@<document id>`) to the element
// capture.js gave that ref in this frame's document. Read-only; nothing in the DOM.
// With a document id, a ref from an earlier document resolves to nothing instead of
// to whatever element now carries the same number.
({
  query(root, selector) {
    const m = /^\s*(e\d+)(?:@([0-9a-z]+))?\s*$/i.exec(selector);
    if (!m) throw new Error('domdex selector "' + selector + '" is not a ref such as e12');
    const doc = root.ownerDocument || root;
    const win = doc.defaultView;
    const state = win && win[Symbol.for("domdex")];
    if (!state || state.doc !== doc) return null;
    if (m[2] && state.documentId !== m[2]) return null;
    const el = state.element(m[1].toLowerCase());
    if (!el) return null;
    if (root.nodeType === 9) return el;
    for (let e = el; e; e = e.parentElement || (e.parentNode && e.parentNode.host)) {
      if (e === root) return el;
    }
    return null;
  },
  queryAll(root, selector) {
    const el = this.query(root, selector);
    return el ? [el] : [];
  },
})
