// domdex text fingerprint: a cheap hash of what the document says right now.
//
// The read cache is keyed by URL and this hash, so a cached read is reused only while
// the page's text is unchanged. textContent needs no layout, which keeps a cache hit a
// small fraction of an extraction. Read-only towards the page.
//
// With `{refs: true}` it also hashes the refs capture gave the controls inside tables
// and the states extract.js shows with them: a table re-rendered with the same text, a
// box checked, or a table captured for the first time since the last read, is read again.
(options) => {
  const body = document.body;
  const text = body ? body.textContent || "" : "";
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995);
  }
  const count = body ? body.getElementsByTagName("*").length : 0;
  const hex = (n) => (n >>> 0).toString(16).padStart(8, "0");
  let refs = "";
  const state = options && options.refs ? window[Symbol.for("domdex")] : null;
  if (body && state && state.doc === document && typeof state.peek === "function") {
    // the controls of extract.js's CONTROLS, inside tables
    const controls = body.querySelectorAll(
      ["a[href]", "button", "input:not([type=hidden])", "select", "textarea", "[role=button]",
        "[role=link]", "[role=checkbox]", "[role=switch]", "[role=radio]", "[role=menuitem]",
        "[role=tab]", "[role=combobox]", "[contenteditable=true]"]
        .map((c) => `table ${c}`).join(","));
    let h = 0x811c9dc5;
    for (const el of controls) {
      // the ref, and the state extract.js shows (checked, the chosen option)
      const r = `${state.peek(el) || "-"}${el.checked ? "+" : ""}${el.selectedIndex ?? ""}`;
      for (let i = 0; i < r.length; i++) h = Math.imul(h ^ r.charCodeAt(i), 0x01000193);
      h = Math.imul(h ^ 44, 0x01000193);
    }
    refs = `-r${state.documentId}${hex(h)}`;
  }
  return { url: location.href, fingerprint: `${hex(h1)}${hex(h2)}-${text.length}-${count}${refs}` };
}
