// Fallback capture used only while domdex.browser is not installed: one pass over one
// frame's DOM (open shadow roots included). Read-only towards the page: the element
// <-> ref map lives in a closure behind a non-enumerable Symbol.for("domdex") property.
(frame) => {
  const KEY = Symbol.for("domdex");
  if (!window[KEY]) {
    const map = new WeakMap(), refs = new Map();
    let next = 1;
    const doc = Math.random().toString(36).slice(2, 12);
    Object.defineProperty(window, KEY, { enumerable: false, value: {
      doc,
      refOf(el) { let r = map.get(el); if (!r) { r = frame + "e" + next++; map.set(el, r); refs.set(r, new WeakRef(el)); } return r; },
      element(ref) { const w = refs.get(ref); const el = w && w.deref(); return el && el.isConnected ? el : null; },
    }});
  }
  const st = window[KEY];
  const SKIP = new Set(["script", "style", "noscript", "template", "head", "meta", "link", "title", "br", "path", "g", "defs", "use"]);
  const TEXTY = new Set(["p", "li", "td", "th", "h1", "h2", "h3", "h4", "h5", "h6", "a", "button", "label", "dt", "dd", "caption", "legend", "summary", "option", "span", "output", "small", "strong", "em", "code"]);
  const LANDMARK_SCOPE = "article, aside, main, nav, section";
  const norm = (s) => (s || "").replace(/\s+/g, " ").trim();
  const txt = (el) => norm(el.innerText !== undefined && el.checkVisibility && el.checkVisibility() ? el.innerText : el.textContent);
  const byId = (el, id) => (el.getRootNode().getElementById ? el.getRootNode().getElementById(id) : document.getElementById(id));
  function role(el) {
    const explicit = (el.getAttribute("role") || "").split(" ")[0];
    if (explicit) return explicit;
    const t = el.tagName.toLowerCase(), type = (el.getAttribute("type") || "text").toLowerCase();
    switch (t) {
      case "a": return el.hasAttribute("href") ? "link" : "generic";
      case "button": case "summary": return "button";
      case "input":
        if (["checkbox", "radio"].includes(type)) return type;
        if (["button", "submit", "reset", "image"].includes(type)) return "button";
        if (type === "search") return "searchbox";
        if (type === "hidden") return "";
        return el.hasAttribute("list") ? "combobox" : "textbox";
      case "textarea": return "textbox";
      case "select": return el.multiple || el.size > 1 ? "listbox" : "combobox";
      case "option": return "option";
      case "h1": case "h2": case "h3": case "h4": case "h5": case "h6": return "heading";
      case "nav": return "navigation";
      case "main": return "main";
      case "aside": return "complementary";
      case "header": return el.closest(LANDMARK_SCOPE) ? "generic" : "banner";
      case "footer": return el.closest(LANDMARK_SCOPE) ? "generic" : "contentinfo";
      case "form": return "form";
      case "section": return "region";
      case "dialog": return "dialog";
      case "ul": case "ol": return "list";
      case "li": return "listitem";
      case "table": return "table";
      case "tr": return "row";
      case "td": return "cell";
      case "th": return "columnheader";
      case "p": return "paragraph";
      case "img": return "img";
      case "fieldset": return "group";
      case "output": return "status";
      case "iframe": return "iframe";
      default: return "generic";
    }
  }
  function name(el, r) {
    const lb = el.getAttribute("aria-labelledby");
    if (lb) { const s = norm(lb.split(/\s+/).map((id) => { const x = byId(el, id); return x ? x.textContent : ""; }).join(" ")); if (s) return s; }
    const al = norm(el.getAttribute("aria-label")); if (al) return al;
    const t = el.tagName.toLowerCase();
    if (["input", "textarea", "select"].includes(t)) {
      if (el.type === "submit" || el.type === "button" || el.type === "reset") return norm(el.value) || (el.type === "submit" ? "Submit" : "");
      if (el.labels && el.labels.length) return norm(Array.from(el.labels).map((l) => l.textContent).join(" "));
      return norm(el.getAttribute("title") || el.getAttribute("placeholder"));
    }
    if (t === "img") return norm(el.getAttribute("alt") || el.getAttribute("title"));
    if (t === "fieldset") { const lg = el.querySelector(":scope > legend"); return lg ? norm(lg.textContent) : ""; }
    if (t === "iframe") return norm(el.getAttribute("title"));
    if (["button", "link", "heading", "option", "cell", "columnheader", "listitem", "tab", "menuitem", "checkbox", "radio"].includes(r)) return txt(el).slice(0, 200);
    return norm(el.getAttribute("title"));
  }
  function states(el) {
    const s = [];
    if (el.checked || el.getAttribute("aria-checked") === "true") s.push("checked");
    if (el.disabled || el.getAttribute("aria-disabled") === "true") s.push("disabled");
    if (el.required || el.getAttribute("aria-required") === "true") s.push("required");
    if (el.readOnly && ["input", "textarea"].includes(el.tagName.toLowerCase())) s.push("readonly");
    const ex = el.getAttribute("aria-expanded"); if (ex === "true") s.push("expanded"); else if (ex === "false") s.push("collapsed");
    if (el.getAttribute("aria-pressed") === "true") s.push("pressed");
    if (el.getAttribute("aria-invalid") === "true") s.push("invalid");
    if (el.tagName === "DETAILS") s.push(el.open ? "expanded" : "collapsed");
    if (document.activeElement === el) s.push("focused");
    return s;
  }
  const ATTRS = ["id", "class", "name", "type", "placeholder", "href", "title", "alt", "aria-label", "for", "data-testid"];
  const out = [];
  const sx = scrollX, sy = scrollY;
  function visit(el, parent) {
    const t = el.tagName.toLowerCase();
    if (SKIP.has(t)) return;
    const r = role(el);
    const ref = st.refOf(el);
    const rect = el.getBoundingClientRect();
    const visible = el.checkVisibility ? el.checkVisibility({ visibilityProperty: true }) && (rect.width > 0 || rect.height > 0 || el.children.length > 0) : rect.width > 0;
    const attrs = {};
    for (const a of ATTRS) { const v = el.getAttribute(a); if (v) attrs[a] = v.slice(0, 200); }
    let text = "";
    if (TEXTY.has(t)) text = txt(el).slice(0, 300);
    else text = norm(Array.from(el.childNodes).filter((n) => n.nodeType === 3).map((n) => n.textContent).join(" ")).slice(0, 300);
    let index = 1;
    for (let p = el.previousElementSibling; p; p = p.previousElementSibling) if (p.tagName === el.tagName) index++;
    const node = { ref, parent, tag: t, role: r, name: name(el, r), text, states: states(el), attrs,
                   box: [rect.x + sx, rect.y + sy, rect.width, rect.height], visible,
                   in_viewport: rect.bottom > 0 && rect.right > 0 && rect.top < innerHeight && rect.left < innerWidth, index };
    if (frame) node.frame = frame;
    if (/^h[1-6]$/.test(t)) node.level = Number(t[1]);
    if (["input", "textarea"].includes(t) && !["checkbox", "radio", "submit", "button", "reset"].includes(el.type)) node.value = el.type === "password" ? (el.value ? "••••" : "") : el.value;
    if (t === "select") node.options = Array.from(el.options).map((o) => [norm(o.label), o.value, o.selected ? 1 : 0, o.disabled ? 1 : 0]);
    out.push(node);
    const assigned = t === "slot" ? el.assignedElements() : [];
    const kids = el.shadowRoot ? el.shadowRoot.children : (assigned.length ? assigned : el.children);
    for (const c of kids) visit(c, ref);
  }
  visit(document.body || document.documentElement, null);
  return JSON.stringify({ doc: st.doc, nodes: out, url: location.href, title: document.title,
                          viewport: [innerWidth, innerHeight], scroll: [sx, sy], ready: document.readyState,
                          size: [document.documentElement.scrollWidth, document.documentElement.scrollHeight] });
}
