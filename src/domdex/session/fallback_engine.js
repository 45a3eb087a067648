// The `domdex=` selector engine of the fallback backend: a ref to its element.
{
  query(root, selector) {
    const st = window[Symbol.for("domdex")];
    const el = st && st.element(selector.trim());
    return el && (root === document || root.contains(el) || root === el) ? el : null;
  },
  queryAll(root, selector) {
    const el = this.query(root, selector);
    return el ? [el] : [];
  }
}
