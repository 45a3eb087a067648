// domdex text fingerprint: a cheap hash of what the document says right now.
//
// The read cache is keyed by URL and this hash, so a cached read is reused only while
// the page's text is unchanged. textContent needs no layout, which keeps a cache hit a
// small fraction of an extraction. Read-only towards the page.
() => {
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
  return { url: location.href, fingerprint: `${hex(h1)}${hex(h2)}-${text.length}-${count}` };
}
