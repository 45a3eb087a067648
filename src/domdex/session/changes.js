// Has this frame's page changed since the last capture? A MutationObserver plus the
// events that change state without a mutation (typing, choosing, focus, scrolling)
// count changes; nothing is written into the DOM (the counter lives behind a
// non-enumerable Symbol property of the window). Returns the count since the last
// call and resets it, or -1 when the tracker was just installed (nothing is known).
() => {
  const KEY = Symbol.for("domdex.changes");
  let st = window[KEY];
  if (!st || st.doc !== document) {
    st = { doc: document, n: 0 };
    const bump = () => { st.n++; };
    new MutationObserver(bump).observe(document, { subtree: true, childList: true,
      attributes: true, characterData: true });
    for (const type of ["input", "change", "focusin", "focusout", "toggle", "transitionend", "animationend"]) {
      document.addEventListener(type, bump, true);
    }
    addEventListener("scroll", bump, { capture: true, passive: true });
    addEventListener("resize", bump);
    Object.defineProperty(window, KEY, { value: st, enumerable: false, configurable: true });
    return -1;
  }
  const n = st.n;
  st.n = 0;
  return n;
}
