// Has this frame's page changed since the last capture? A MutationObserver plus the
// events that change state without a mutation (typing, choosing, focus, scrolling)
// count changes; nothing is written into the DOM (the counter lives behind a
// non-enumerable Symbol property of the window). Returns the count since the last
// call and resets it, or -1 when the tracker was just installed (nothing is known).
//
// Two changes fire neither a mutation on the document nor an event, and a capture
// reused across them let an old ref act on another row (review 27):
// - mutations inside open shadow roots (a web component re-sorting its rows): a
//   MutationObserver on the document does not see into them. Each shadow root the last
//   capture met (capture.js keeps them in its own state) is observed too; one met for
//   the first time counts as a change, since nobody watched it until now;
// - a field's value, checked state or selection set through its property (an app
//   re-using a row's <input> for another record): no mutation, no event. Every field's
//   state (in the document and those shadow roots) is compared with the last call's
//   (a password's length only, never its value).
() => {
  const KEY = Symbol.for("domdex.changes");
  const WATCH = { subtree: true, childList: true, attributes: true, characterData: true };
  const captured = () => {
    const cap = window[Symbol.for("domdex")];
    const live = cap && cap.doc === document && cap.live;
    return (live && live.shadows) || [];
  };
  // The state of every field, as one string: a password's length only. (A string, not
  // a hash: hashing it char by char in JS cost 30 ms on 6,000 fields, this 3 ms.)
  const fieldsState = (st) => {
    const parts = [];
    const each = (list) => {
      for (let i = 0; i < list.length; i++) {
        const el = list[i];
        parts.push(el.type === "password" ? el.value.length : el.value, el.checked ? 1 : 0,
          el.selectedIndex);
      }
    };
    for (const tag of ["input", "textarea", "select"]) each(document.getElementsByTagName(tag));
    for (const sr of st.roots) {
      if (sr.host && sr.host.isConnected) each(sr.querySelectorAll("input, textarea, select"));
    }
    return parts.join("\u0001");
  };
  let st = window[KEY];
  if (!st || st.doc !== document || st.v !== 2) {  // v: another domdex's tracker
    st = { v: 2, doc: document, n: 0, roots: new Set(), fields: "" };
    const bump = () => { st.n++; };
    st.obs = new MutationObserver(bump);
    st.obs.observe(document, WATCH);
    for (const type of ["input", "change", "focusin", "focusout", "toggle", "transitionend", "animationend"]) {
      document.addEventListener(type, bump, true);
    }
    addEventListener("scroll", bump, { capture: true, passive: true });
    addEventListener("resize", bump);
    Object.defineProperty(window, KEY, { value: st, enumerable: false, configurable: true });
    for (const sr of captured()) {
      st.roots.add(sr);
      st.obs.observe(sr, WATCH);
    }
    st.fields = fieldsState(st);
    return -1;
  }
  for (const sr of captured()) {
    if (st.roots.has(sr)) continue;
    st.roots.add(sr);  // its changes until now went unseen
    st.obs.observe(sr, WATCH);
    st.n++;
  }
  for (const sr of st.roots) if (!sr.host || !sr.host.isConnected) st.roots.delete(sr);
  const fields = fieldsState(st);
  if (fields !== st.fields) { st.fields = fields; st.n++; }
  const n = st.n;
  st.n = 0;
  return n;
}
