// domdex capture: one read-only pass over a frame's composed tree.
//
// Evaluated as a function expression with one argument ({maxText, maxOptions}); it
// returns ONE JSON string (a string crosses the Playwright boundary several times
// faster than nested arrays). The element <-> ref map lives in a closure reachable
// only through a non-enumerable Symbol.for("domdex") property of the window: nothing
// is ever written into the DOM. Refs are per document ("e12"); Python adds the frame
// prefix. Row layout (read by capture/rows.py; trailing nulls are cut off):
//   [ref, parent, tag, role, name (1 = same as text), text, attrs, box, flags, index,
//    value, level, states, options, contentOffset, description]
// Refs travel as numbers (12 for e12); tag, role, attribute names and class values as
// indexes into the payload's `strings`; attrs as [name, value, name, value, …].
// flags: 1 = visible, 2 = display:none subtree (no box), 4 = rendered without a size.
(args) => {
  "use strict";
  const KEY = Symbol.for("domdex");
  const maxText = (args && args.maxText) || 300;
  const maxOptions = (args && args.maxOptions) || 200;

  // ---- per-document state ---------------------------------------------------
  // A password is masked by what the field is for, not only by its current type: a "show
  // password" toggle turns it into type=text. Secret: type=password now or ever before in
  // this document, autocomplete current-/new-password or one-time-code, or a name or id
  // that says password / passwd / pwd / passcode / passphrase. The session's read of a
  // field after an action (session/actions.py) asks the same question through the state.
  const SECRET_AUTOCOMPLETE = /(?:^|\s)(?:current-password|new-password|one-time-code)(?:\s|$)/i;
  const SECRET_NAME = /pass(?:word|wd|code|phrase)|(?:^|[^a-z])pwd(?:[^a-z]|$)/i;

  // Refs are numbers in a WeakMap; the way back (ref -> element) is looked up only when
  // asked (actions, the selector engine): in the last capture's rows, which hold their
  // elements until the next capture anyway, else by one pass over the document. Nothing
  // per element is kept beyond the element's life.
  const makeState = () => {
    const numOf = new WeakMap();
    const secret = new WeakSet(); // fields seen as type=password: masked once shown as text
    let counter = 0;
    const rnd = new Uint32Array(2);
    crypto.getRandomValues(rnd);
    const documentId = rnd[0].toString(36) + rnd[1].toString(36);
    const live = {}; // incremental capture: the last capture's rows and a MutationObserver
    let byNum = null; // num -> element, made from live.rows on the first lookup
    let byNumRows = null;
    const scan = (num) => {
      const walk = (root) => {
        const it = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
        for (let el = it.nextNode(); el; el = it.nextNode()) {
          if (numOf.get(el) === num) return el;
          if (el.shadowRoot) {
            const found = walk(el.shadowRoot);
            if (found) return found;
          }
        }
        return null;
      };
      return walk(document);
    };
    return Object.freeze({
      doc: document,
      documentId,
      isSecret(el) {
        if (el.tagName !== "INPUT") return false;
        if ((el.type || "").toLowerCase() === "password") {
          secret.add(el);
          return true;
        }
        return secret.has(el) || SECRET_AUTOCOMPLETE.test(el.getAttribute("autocomplete") || "")
          || SECRET_NAME.test(el.getAttribute("name") || "") || SECRET_NAME.test(el.id || "");
      },
      live,
      num(el) {
        let n = numOf.get(el);
        if (n === undefined) numOf.set(el, n = ++counter);
        return n;
      },
      ref(el) { return "e" + this.num(el); },
      peek(el) {
        const n = numOf.get(el);
        return n === undefined ? null : "e" + n;
      },
      refOf(el) { return this.peek(el); },
      element(ref) {
        const num = Number(ref.slice(1));
        if (!(num > 0) || num > counter) return null;
        if (byNumRows !== live.rows) {
          byNumRows = live.rows;
          byNum = new Map();
          for (const r of byNumRows || []) byNum.set(r.num, r.el);
        }
        let el = byNum.get(num);
        if (el === undefined) {
          el = scan(num); // an element the last capture did not keep
          byNum.set(num, el);
        }
        return el && el.isConnected && numOf.get(el) === num ? el : null;
      },
    });
  };
  let state = window[KEY];
  if (!state || state.doc !== document) {
    state = makeState();
    Object.defineProperty(window, KEY, { value: state, enumerable: false, configurable: true });
  } else if (!state.live) {
    // made by an older capture.js: keep its ref map, add the incremental state
    state = Object.freeze({ ...state, live: {} });
    Object.defineProperty(window, KEY, { value: state, enumerable: false, configurable: true });
  }

  // ---- vocabulary ------------------------------------------------------------
  const SKIP = new Set(["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "HEAD", "META", "LINK",
    "BASE", "TITLE"]);
  const TEXT_BLOCK = new Set(["P", "LI", "DT", "DD", "TD", "TH", "PRE", "BLOCKQUOTE", "CAPTION",
    "FIGCAPTION", "LABEL", "LEGEND", "SUMMARY", "H1", "H2", "H3", "H4", "H5", "H6", "OPTION"]);
  const STRUCT = new Set(["HEADER", "NAV", "MAIN", "ASIDE", "FOOTER", "SECTION", "ARTICLE",
    "FORM", "FIELDSET", "DIALOG", "TABLE", "TR", "UL", "OL", "DL", "IFRAME", "FRAME",
    "SEARCH", "DETAILS", "MENU", "FIGURE", "VIDEO", "AUDIO", "CANVAS"]);
  const CONTAINER = new Set(["DIV", "SECTION"]);
  const WIDGET_ROLES = new Set(["button", "checkbox", "combobox", "link", "listbox", "menuitem",
    "menuitemcheckbox", "menuitemradio", "option", "radio", "scrollbar", "searchbox", "slider",
    "spinbutton", "switch", "tab", "textbox", "treeitem", "gridcell"]);
  const NAME_FROM_CONTENT = new Set(["button", "cell", "checkbox", "columnheader", "gridcell",
    "heading", "link", "menuitem", "menuitemcheckbox", "menuitemradio", "option", "radio", "row",
    "rowheader", "switch", "tab", "tooltip", "treeitem"]);
  const DESC_NAME_FROM_CONTENT = new Set(["", "caption", "code", "contentinfo", "definition",
    "deletion", "emphasis", "insertion", "list", "listitem", "mark", "none", "paragraph",
    "presentation", "region", "row", "rowgroup", "section", "strong", "subscript",
    "superscript", "table", "term", "time"]);
  const NAMING_PROHIBITED = new Set(["caption", "code", "definition", "deletion", "emphasis",
    "generic", "insertion", "mark", "paragraph", "presentation", "strong", "subscript",
    "suggestion", "superscript", "term", "time"]);
  const VALID_ROLES = new Set(("alert alertdialog application article banner blockquote button " +
    "caption cell checkbox code columnheader combobox complementary contentinfo definition " +
    "deletion dialog directory document emphasis feed figure form generic grid gridcell group " +
    "heading img insertion link list listbox listitem log main mark marquee math meter menu " +
    "menubar menuitem menuitemcheckbox menuitemradio navigation none note option paragraph " +
    "presentation progressbar radio radiogroup region row rowgroup rowheader scrollbar search " +
    "searchbox separator slider spinbutton status strong subscript superscript switch tab table " +
    "tablist tabpanel term textbox time timer toolbar tooltip tree treegrid treeitem").split(" "));
  const INPUT_ROLE = { button: "button", checkbox: "checkbox", image: "button",
    number: "spinbutton",
    radio: "radio", range: "slider", reset: "button", submit: "button", file: "button" };
  const TAG_ROLE = { ARTICLE: "article", ASIDE: "complementary", BLOCKQUOTE: "blockquote",
    BUTTON: "button", CAPTION: "caption", CODE: "code", DATALIST: "listbox", DD: "definition",
    DEL: "deletion", DETAILS: "group", DFN: "term", DIALOG: "dialog", DT: "term", EM: "emphasis",
    FIELDSET: "group", FIGURE: "figure", H1: "heading", H2: "heading", H3: "heading",
    H4: "heading", H5: "heading", H6: "heading", HR: "separator", HTML: "document",
    INS: "insertion", LI: "listitem", MAIN: "main", MARK: "mark", MATH: "math", MENU: "list",
    METER: "meter", NAV: "navigation", OL: "list", OPTGROUP: "group", OPTION: "option",
    OUTPUT: "status", P: "paragraph", PROGRESS: "progressbar", SEARCH: "search", STRONG: "strong",
    SUB: "subscript", SUP: "superscript", SVG: "img", TABLE: "table", IFRAME: "iframe",
    FRAME: "iframe",
    TBODY: "rowgroup", TEXTAREA: "textbox", TFOOT: "rowgroup", THEAD: "rowgroup", TIME: "time",
    TR: "row", UL: "list" };
  const GLOBAL_ARIA = ["aria-atomic", "aria-busy", "aria-controls", "aria-current",
    "aria-describedby", "aria-details", "aria-dropeffect", "aria-flowto", "aria-grabbed",
    "aria-hidden", "aria-keyshortcuts", "aria-label", "aria-labelledby", "aria-live",
    "aria-owns", "aria-relevant", "aria-roledescription"];
  const ATTRS = ["id", "name", "type", "placeholder", "href", "title", "alt", "for", "action",
    "method", "autocomplete", "aria-label", "aria-controls", "aria-haspopup", "aria-current",
    "role", "data-testid"];
  const LANDMARK_BLOCKERS = "article, aside, main, nav, section, [role=article], " +
    "[role=complementary], [role=main], [role=navigation], [role=region]";

  // ---- helpers ---------------------------------------------------------------
  const ZW = /[\u200b\u00ad]/g;
  const ODD_SPACE = /\s\s|[^\S ]/; // a run of spaces, or a space other than U+0020
  const ws = (s) => {
    if (s === "") return s;
    if (s.indexOf("\u200b") >= 0 || s.indexOf("\u00ad") >= 0) s = s.replace(ZW, "");
    if (!ODD_SPACE.test(s)) { // single plain spaces only: at most an end to trim
      const n = s.length;
      return n && s.charCodeAt(0) !== 32 && s.charCodeAt(n - 1) !== 32 ? s : s.trim();
    }
    return s.replace(/\s+/g, " ").trim();
  };
  const cap = (s, n) => (s.length > n ? s.slice(0, n - 1) + "\u2026" : s);
  const tagOf = (el) => {
    const t = el.tagName;
    return t.charCodeAt(0) > 96 ? t.toUpperCase() : t; // svg and other XML: lower case
  };
  const composedParent = (el) => el.parentElement ||
    (el.parentNode && el.parentNode.host) || null;
  const closestCross = (el, sel) => {
    for (let e = el; e; e = composedParent(e)) {
      const c = e.closest(sel);
      if (c) return c;
      const root = e.getRootNode();
      e = root && root.host ? root.host : null;
      if (!e) return null;
      if (e.matches(sel)) return e;
    }
    return null;
  };
  const idRefs = (el, attr) => {
    const v = el.getAttribute(attr);
    if (!v) return [];
    const root = el.getRootNode();
    const out = [];
    for (const id of v.split(/\s+/)) {
      if (!id) continue;
      const t = root.getElementById ? root.getElementById(id) : document.getElementById(id);
      if (t && !out.includes(t)) out.push(t);
    }
    return out;
  };

  // Per-element facts, reused by name computation: the walk fills them for every element
  // it reads the style of, name computation for the others.
  // bit 1: display is not inline; bit 2: hidden for aria (display none, visibility,
  // aria-hidden); bit 4: display:none subtree.
  const facts = new Map();
  // Roles the walk computed (with its ancestor context), reused by name computation.
  const roles = new Map();
  const styleFacts = (el) => {
    let f = facts.get(el);
    if (f !== undefined) return f;
    const s = getComputedStyle(el);
    f = s.display === "inline" ? 0 : 1;
    if (s.display === "none" || s.visibility !== "visible" ||
        el.getAttribute("aria-hidden") === "true") f |= 2;
    if (s.display === "none") f |= 4;
    facts.set(el, f);
    return f;
  };

  // ---- roles -----------------------------------------------------------------
  const explicitRole = (el) => {
    const v = el.getAttribute("role");
    if (!v) return null;
    for (const r of v.toLowerCase().split(/\s+/)) if (VALID_ROLES.has(r)) return r;
    return null;
  };
  const TEXT_INPUTS = new Set(["email", "search", "tel", "text", "url", ""]);
  const BUTTON_INPUTS = new Set(["button", "submit", "reset"]);
  const PLACEHOLDER_INPUTS = new Set(["text", "password", "number", "search", "tel", "email",
    "url"]);
  const RANGE_ROLES = new Set(["progressbar", "scrollbar", "slider", "spinbutton", "meter"]);
  const hasGlobalAria = (el) => GLOBAL_ARIA.some((a) => el.hasAttribute(a));
  const focusable = (el) => {
    const t = tagOf(el);
    if (el.disabled) return false;
    if (t === "BUTTON" || t === "SELECT" || t === "TEXTAREA" || t === "DETAILS") return true;
    if ((t === "A" || t === "AREA") && el.hasAttribute("href")) return true;
    if (t === "INPUT" && !el.hidden) return true;
    return el.hasAttribute("tabindex") && !Number.isNaN(Number(el.getAttribute("tabindex")));
  };
  const inputRole = (el) => {
    const type = (el.type || "").toLowerCase();
    if (TEXT_INPUTS.has(type)) {
      const list = idRefs(el, "list")[0];
      if (list && tagOf(list) === "DATALIST") return "combobox";
      return type === "search" ? "searchbox" : "textbox";
    }
    if (type === "hidden") return "";
    return INPUT_ROLE[type] || "textbox";
  };
  const thRole = (el) => {
    const scope = el.getAttribute("scope");
    if (scope === "col" || scope === "colgroup") return "columnheader";
    if (scope === "row" || scope === "rowgroup") return "rowheader";
    const next = el.nextElementSibling, prev = el.previousElementSibling;
    const isTh = (e) => !!e && tagOf(e) === "TH";
    const dataCell = (e) => !!e && tagOf(e) === "TD" &&
      !!(e.textContent.trim() || e.children.length);
    if (!next && !prev) {
      const row = el.parentElement && tagOf(el.parentElement) === "TR" ? el.parentElement : null;
      const table = row && row.closest("table");
      if (table && table.rows.length <= 1) return "";
      return "columnheader";
    }
    if (isTh(next) && isTh(prev)) return "columnheader";
    if (dataCell(next) || dataCell(prev)) return "rowheader";
    return "columnheader";
  };
  const implicitRole = (el, t, ctx) => {
    switch (t) {
      case "A": case "AREA": return el.hasAttribute("href") ? "link" : "";
      case "FOOTER": return ctx.noLandmark ? "" : "contentinfo";
      case "HEADER": return ctx.noLandmark ? "" : "banner";
      case "FORM": case "SECTION":
        return el.hasAttribute("aria-label") || el.hasAttribute("aria-labelledby")
          ? (t === "FORM" ? "form" : "region") : "";
      case "IMG":
        return el.getAttribute("alt") === "" && !el.getAttribute("title") && !hasGlobalAria(el) &&
          !el.hasAttribute("tabindex") ? "presentation" : "img";
      case "INPUT": return inputRole(el);
      case "SELECT": return el.multiple || el.size > 1 ? "listbox" : "combobox";
      case "TD": return ctx.grid ? "gridcell" : "cell";
      case "TH": return thRole(el);
      default: return TAG_ROLE[t] || "";
    }
  };
  const roleOf = (el, t, ctx, ha) => {
    const ex = ha === false ? null : explicitRole(el);
    if (!ex) {
      const imp = implicitRole(el, t, ctx);
      if (imp && ctx.presentational && PRESENTATION_CHILD[t]) return "";
      return imp;
    }
    if (ex === "none" || ex === "presentation") {
      const imp = implicitRole(el, t, ctx);
      if (hasGlobalAria(el) || focusable(el)) return imp;
      return "";
    }
    return ex;
  };
  const PRESENTATION_CHILD = { LI: 1, TD: 1, TH: 1, TR: 1, TBODY: 1, THEAD: 1, TFOOT: 1, DT: 1,
    DD: 1 };

  // ---- accessible names ------------------------------------------------------
  // A compact reading of accname 1.2 as Chromium applies it; `target` is the element
  // being named, `hiddenOk` lets a hidden target (a mobile-menu copy) keep its name.
  const valueOfControl = (el, role) => {
    const t = tagOf(el);
    if (role === "textbox" || role === "searchbox") {
      if (t === "INPUT") return valueOf(el, t) || "";  // a secret stays masked in names
      return t === "TEXTAREA" ? el.value : el.textContent;
    }
    if (role === "combobox" || role === "listbox") {
      if (t === "SELECT") {
        let sel = [...el.selectedOptions];
        if (!sel.length && el.options.length) sel = [el.options[0]];
        return sel.map((o) => ws(o.label || o.textContent)).join(" ");
      }
      return t === "INPUT" ? el.value : "";
    }
    if (RANGE_ROLES.has(role)) {
      return el.getAttribute("aria-valuetext") || el.getAttribute("aria-valuenow") ||
        el.getAttribute("value") || (t === "INPUT" ? el.value : "");
    }
    return null;
  };

  // Name computation follows id references (aria-labelledby, labels), and an element met
  // twice in one computation gives "": then a text depends on the path that reached it.
  // `jumps` counts both; a subtree's text computed without any is the same wherever the
  // descent reaches it, so it is kept (`textMemo`, one map per flag set) and reused: a
  // table row's name and its cells' own names read each cell once. A computation that
  // used a kept text and then jumped is redone without them (see `named`).
  let jumps = 0;
  let memoFrom = -1; // `jumps` when the current computation started; -1: no reuse
  let memoUsed = false;
  const textMemo = [];
  const contentText = (el, nc) => {
    const key = (nc.hiddenOk ? 1 : 0) | (nc.inLabelledBy ? 2 : 0) | (nc.inLabel ? 4 : 0);
    const memo = textMemo[key] || (textMemo[key] = new Map());
    if (memoFrom === jumps) {
      const known = memo.get(el);
      if (known !== undefined) {
        memoUsed = true;
        return known;
      }
    }
    const j0 = jumps;
    const out = contentWalk(el, nc);
    if (jumps === j0 && !cut) memo.set(el, out); // a cut text is not the subtree's
    return out;
  };
  // A name is cut to 500 characters (emitRow), so a name from content stops reading once
  // it holds more than 500 characters that ws() keeps: a table cell holding a whole
  // column of links (genindex-all.html) is not read to its end. Its text so far is then a
  // prefix of the full one, and whatever the computation adds on its way out comes after
  // it, so the cut name is the same. Only before the computation's first jump (see above):
  // until then its text is the same with or without the kept texts, and redone or not.
  const NAME_CAP = 500;
  const CUT_CHECK = 2048; // raw characters read between two counts of the shown ones
  const NOT_SHOWN = /[\s\u200b\u00ad]+/g; // what ws() drops or folds into one space
  let cutStart = -1; // `jumps` when the current name computation started; -1: none
  let cut = false;
  let cutRaw = 0, cutNext = 0, cutShown = 0;
  const cutLeaves = [];
  const cutReset = (start) => {
    cutStart = start;
    cut = false;
    cutRaw = cutShown = 0;
    cutNext = CUT_CHECK;
    cutLeaves.length = 0;
  };
  const cutCount = () => {
    cutShown += cutLeaves.join("").replace(NOT_SHOWN, "").length;
    cutLeaves.length = 0;
    if (cutShown > NAME_CAP) cut = true;
    else cutNext = cutRaw + CUT_CHECK;
  };
  const contentWalk = (el, nc) => {
    let out = "";
    const list = kidsOf(el, tagOf(el));
    for (let i = 0, ch = list ? list[0] : el.firstChild; ch && !cut;
      ch = list ? list[++i] : ch.nextSibling) {
      if (ch.nodeType === 3) {
        const d = ch.data;
        out += d;
        if (cutStart === jumps) {
          cutLeaves.push(d);
          if ((cutRaw += d.length) >= cutNext) cutCount();
        }
        continue;
      }
      if (ch.nodeType !== 1) continue;
      const ct = tagOf(ch);
      if (SKIP.has(ct)) continue;
      const f = styleFacts(ch);
      if ((f & 2) && !nc.hiddenOk) continue;
      let s = textAlt(ch, nc, false);
      if (f & 1 || ct === "BR") s = " " + s + " ";
      out += s;
    }
    return out;
  };

  // The text alternative of `el` (accname step 2) when it is the target (self=true)
  // or a descendant / label / labelledby target of the element being named.
  const textAlt = (el, nc, self) => {
    if (nc.visited.has(el)) {
      jumps++;
      return "";
    }
    nc.visited.add(el);
    const t = tagOf(el);
    let role = roles.get(el);
    if (role === undefined) role = roleOf(el, t, ctxFor(el, t));
    if (self && NAMING_PROHIBITED.has(role)) return "";
    if (!nc.inLabelledBy) {
      const lb = idRefs(el, "aria-labelledby");
      if (lb.length) {
        jumps++;
        const parts = lb.map((r) => {
          const sub = { visited: nc.visited, inLabelledBy: true, embedded: true,
            hiddenOk: nc.hiddenOk || (styleFacts(r) & 2) !== 0 };
          if (r !== el) return textAlt(r, sub, false);
          // The element itself in its own list (<button id=d aria-labelledby="d n">Delete
          // </button>, the pattern for a row's actions): its own text alternative, from
          // aria-label or its content, as Chromium gives it ("Delete Alice Archer") —
          // not "" for an element already visited, which named every action of the row
          // by the row alone.
          nc.visited.delete(el);
          return textAlt(el, sub, self);
        });
        const s = ws(parts.join(" "));
        if (s) return s;
      }
    }
    if (!self && nc.embedded) {
      const v = valueOfControl(el, role);
      if (v !== null && role !== "button") return v || "";
    }
    const al = el.getAttribute("aria-label");
    if (al && al.trim()) return al;
    if (t === "INPUT") {
      const type = (el.type || "").toLowerCase();
      if (BUTTON_INPUTS.has(type)) {
        if ((el.value || "").trim()) return el.value;
        if (type === "submit") return "Submit";
        if (type === "reset") return "Reset";
        return el.getAttribute("title") || "";
      }
      if (type === "image") {
        const s = labelsText(el, nc);
        if (s) return s;
        return el.getAttribute("alt") || el.getAttribute("title") || "Submit";
      }
      if (type === "file") return labelsText(el, nc) || "Choose File";
    }
    if (t === "INPUT" || t === "TEXTAREA" || t === "SELECT" || t === "BUTTON" ||
        t === "METER" || t === "PROGRESS" || t === "OUTPUT") {
      if (!el.hasAttribute("aria-labelledby")) {
        const s = labelsText(el, nc);
        if (s) return s;
        if (t !== "BUTTON") {
          const title = el.getAttribute("title") || "";
          const usePh = t === "TEXTAREA" ||
            (t === "INPUT" && PLACEHOLDER_INPUTS.has((el.type || "").toLowerCase()));
          if (!usePh || title) return title;
          return el.getAttribute("placeholder") || "";
        }
      }
    }
    if (t === "FIELDSET" || t === "FIGURE" || t === "TABLE") {
      const want = t === "FIELDSET" ? "LEGEND" : t === "FIGURE" ? "FIGCAPTION" : "CAPTION";
      for (let c = el.firstElementChild; c; c = c.nextElementSibling) {
        if (tagOf(c) === want) {
          return contentText(c, { visited: nc.visited, hiddenOk: nc.hiddenOk, embedded: true });
        }
      }
      if (t === "TABLE" && el.getAttribute("summary")) return el.getAttribute("summary");
      if (t !== "TABLE") return el.getAttribute("title") || "";
    }
    if (t === "IMG" || t === "AREA") {
      const alt = el.getAttribute("alt") || "";
      if (alt.trim()) return alt;
      return el.getAttribute("title") || "";
    }
    if (t === "SVG") {
      for (let c = el.firstElementChild; c; c = c.nextElementSibling) {
        if (c.localName === "title") return c.textContent;
      }
    }
    const allow = NAME_FROM_CONTENT.has(role) || (t === "SUMMARY" && role !== "presentation") ||
      (!self && DESC_NAME_FROM_CONTENT.has(role)) || nc.inLabelledBy || nc.inLabel;
    if (allow) {
      const s = contentText(el, { visited: nc.visited, hiddenOk: nc.hiddenOk, embedded: true,
        inLabelledBy: nc.inLabelledBy, inLabel: nc.inLabel });
      if (s.trim()) return s;
      // a part of a name whose content reads as blank (a space, a <br>) gives that, not
      // its title: <i title="Trash">&nbsp;</i>Delete is "Delete", as in Playwright's
      // snapshot; one whose content reads as nothing at all (an empty icon, an
      // aria-hidden svg, an img alt="") says its title: <span title="Choose a Date">
      if (!self) {
        if (s !== "") return s;
        // nor does one whose content is there but not rendered (display:none; an
        // aria-hidden icon is no such content)
        for (let c = el.firstElementChild; c; c = c.nextElementSibling) {
          if (styleFacts(c) & 4) return s;
        }
      }
    }
    if (!self && el.hasAttribute("title")) {
      // nor does a part that says it is none
      const r = (el.getAttribute("role") || "").trim().toLowerCase();
      if (r === "presentation" || r === "none") return "";
    }
    if (role !== "presentation" || t === "IFRAME") return el.getAttribute("title") || "";
    return "";
  };
  // `el.labels` walks the element's whole tree scope on its first read (Chromium keeps the
  // list only until the next DOM change), so reading it for every control of a large form
  // is quadratic: 43 s of a 32k-element capture went there. One pass over the <label>s
  // (document and the open shadow roots met) gives the same lists, in tree order.
  let labelMap = null;
  const labelsOf = (el) => {
    if (labelMap === null) {
      labelMap = new Map();
      const add = (list) => {
        for (const l of list) {
          const c = l.control;
          if (!c) continue;
          const known = labelMap.get(c);
          if (known) known.push(l);
          else labelMap.set(c, [l]);
        }
      };
      add(document.getElementsByTagName("label"));
      for (const sr of new Set([...shadows, ...(live.shadows || [])])) {
        if (sr.host && sr.host.isConnected) add(sr.querySelectorAll("label"));
      }
    }
    return labelMap.get(el) || EMPTY;
  };
  const labelsText = (el, nc) => {
    const labels = labelsOf(el);
    if (!labels.length) return "";
    jumps++;
    const parts = [];
    for (const l of labels) {
      const s = textAlt(l, { visited: nc.visited, inLabel: true, embedded: true,
        hiddenOk: nc.hiddenOk || (styleFacts(l) & 2) !== 0 }, false);
      if (s.trim()) parts.push(s);
    }
    return parts.join(" ");
  };
  // The accessible description: aria-describedby, aria-description, else a title that
  // did not already serve as the name.
  // `aria`: whether the element has an aria-* attribute (else only the title can serve).
  const describe = (el, name, aria) => {
    const refs = aria ? idRefs(el, "aria-describedby") : EMPTY;
    let d = "";
    if (refs.length) {
      d = refs.map((r) => contentText(r, { visited: new Set([el]), hiddenOk: true,
        embedded: true, inLabelledBy: true })).join(" ");
    } else if (aria && el.hasAttribute("aria-description")) {
      d = el.getAttribute("aria-description");
    } else {
      d = el.getAttribute("title") || "";
    }
    d = ws(d);
    return d && d !== name ? cap(d, 300) : null;
  };
  // The text alternative of `el` as the target, reusing kept subtree texts; redone
  // without them when the computation jumped after reusing one (the jump might have met
  // an element inside a reused subtree, which a fresh descent would have marked visited).
  const named = (el, hiddenOk) => {
    const start = memoFrom = jumps;
    memoUsed = false;
    cutReset(start);
    let s = textAlt(el, { visited: new Set(), hiddenOk, embedded: false }, true);
    if (memoUsed && jumps !== start) {
      memoFrom = -1;
      cutReset(jumps);
      s = textAlt(el, { visited: new Set(), hiddenOk, embedded: false }, true);
    }
    memoFrom = -1;
    cutReset(-1);
    return s;
  };
  const accName = (el, hiddenOk) => ws(named(el, hiddenOk));
  // Role context for elements reached outside the walk (names, labels): computed only
  // for the few tags whose role depends on their ancestors.
  const NO_CTX = { noLandmark: false, grid: false, presentational: false };
  const ctxFor = (el, t) => {
    if (t === "HEADER" || t === "FOOTER") {
      return { noLandmark: !!closestCross(composedParent(el) || el, LANDMARK_BLOCKERS),
        grid: false, presentational: false };
    }
    if (!PRESENTATION_CHILD[t]) return NO_CTX;
    const parent = el.parentElement;
    const pr = parent ? explicitRole(parent) : null;
    const presentational = (pr === "none" || pr === "presentation") &&
      PRESENTATIONAL_PARENTS.has(parent.tagName);
    let grid = false;
    if (t === "TD") {
      const table = el.closest("table");
      const r = table ? explicitRole(table) : null;
      grid = r === "grid" || r === "treegrid";
    }
    return presentational || grid ? { noLandmark: false, grid, presentational } : NO_CTX;
  };

  // ---- the walk ----------------------------------------------------------------
  let rows = [];
  const shadows = []; // open shadow roots met by the walk (observed for changes)
  const active = (() => {
    let a = document.activeElement;
    while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
    return a;
  })();

  const statesOf = (el, t, clickable, editable, aria) => {
    const out = clickable ? ["clickable"] : [];
    if (editable) out.push("editable");
    // Without aria-* attributes only native states are possible (most text blocks: none).
    const get = aria ? (n) => el.getAttribute(n) : () => null;
    const ac = get("aria-checked");
    if (t === "INPUT" && (el.type === "checkbox" || el.type === "radio")) {
      if (el.indeterminate) out.push("mixed");
      else if (el.checked) out.push("checked");
    } else if (ac === "true") out.push("checked");
    else if (ac === "mixed") out.push("mixed");
    if (t === "OPTION" ? el.selected : get("aria-selected") === "true") out.push("selected");
    const ae = get("aria-expanded");
    if (ae === "true") out.push("expanded");
    else if (ae === "false") out.push("collapsed");
    else if (t === "SUMMARY" && el.parentElement && tagOf(el.parentElement) === "DETAILS") {
      out.push(el.parentElement.open ? "expanded" : "collapsed");
    }
    if (FORM_TAGS.has(t) && el.matches(":disabled")) out.push("disabled");
    else if (get("aria-disabled") === "true") out.push("disabled");
    if (el.required === true || get("aria-required") === "true") out.push("required");
    if (el === active && active !== document.body) out.push("focused");
    if (el.readOnly === true || get("aria-readonly") === "true") out.push("readonly");
    if (get("aria-pressed") === "true") out.push("pressed");
    const ai = get("aria-invalid");
    if (ai && ai !== "false") out.push("invalid");
    if (el.multiple === true) out.push("multiple");
    // a dialog opened by showModal(), or one that says it is modal and blocks the page
    if (t === "DIALOG" ? el.matches(":modal") : get("aria-modal") === "true" && blocks(el)) {
      out.push("modal");
    }
    return out.length ? out.join(" ") : null;
  };
  const FORM_TAGS = new Set(["BUTTON", "INPUT", "SELECT", "TEXTAREA", "OPTION", "OPTGROUP",
    "FIELDSET"]);
  // Whether an element that says aria-modal="true" blocks the page: it is on screen and
  // every point of the viewport's edge outside it lands on it or on a backdrop (a box
  // over the whole viewport with no text of its own). A cookie strip, a chat widget or a
  // closed drawer left mounted off screen says aria-modal too, and blocks nothing.
  const blocks = (el) => {
    const r = el.getBoundingClientRect();
    const vw = innerWidth, vh = innerHeight;
    if (r.width <= 0 || r.height <= 0 || r.right <= 0 || r.bottom <= 0 || r.left >= vw ||
        r.top >= vh || getComputedStyle(el).opacity === "0") return false;
    const own = (el.textContent || "").trim().length;
    let outside = 0;
    for (const [x, y] of [[2, 2], [vw - 3, 2], [2, vh - 3], [vw - 3, vh - 3], [vw / 2, 2],
      [vw / 2, vh - 3], [2, vh / 2], [vw - 3, vh / 2]]) {
      if (x >= r.left && x <= r.right && y >= r.top && y <= r.bottom) continue;
      outside++;
      const hit = document.elementFromPoint(x, y);
      if (!hit || hit === document.body || hit === document.documentElement) return false;
      if (el.contains(hit)) continue;
      const b = hit.getBoundingClientRect();
      const text = (hit.textContent || "").trim().length;
      // an overlay around the dialog holds its text and little more
      if (b.width < vw * 0.9 || b.height < vh * 0.9 ||
          text > (hit.contains(el) ? own + 40 : 0)) return false;
    }
    return outside > 0;
  };

  // One pass over the attribute names (el.attributes would make an Attr object per
  // attribute); id, class and href go first, the others in the element's order.
  const attrsOf = (el, t, names) => {
    if (names === null) return null;
    let id = null, cls = null, href = null, rest = null;
    for (const n of names) {
      if (n === "id") id = el.getAttribute(n);
      else if (n === "class") cls = el.getAttribute(n);
      else if (n === "href") href = el.getAttribute(n);
      else if (ATTR_SET.has(n) || (n === "src" && (t === "IFRAME" || t === "FRAME"))) {
        (rest || (rest = [])).push(n);
      }
    }
    let out = null;
    if (id !== null) out = putAttr(out, "id", id);
    if (cls !== null) out = putAttr(out, "class", cls);
    if (href !== null) out = putAttr(out, "href", href);
    if (rest !== null) for (const n of rest) out = putAttr(out, n, el.getAttribute(n));
    return out;
  };
  // [name code, value, …]: names (and class values, which repeat) go by string table
  const putAttr = (out, n, v) => {
    if (n === "class") v = v.trim().split(/\s+/).slice(0, 2).join(" ");
    if (v === "") return out;
    (out || (out = [])).push(intern(n),
      n === "class" ? intern(v) : v.length > 300 ? cap(v, 300) : v);
    return out;
  };
  const ATTR_SET = new Set(ATTRS);
  // Roles whose unnamed elements are read for an icon, and what of it: an svg's or an
  // icon font's class, a sprite's fragment, data-icon, an image's file name.
  const ICON_ROLES = new Set(["button", "link", "menuitem", "tab"]);
  const ICON_CLASS = /icon|^fa|^bi|^mdi|glyph|lucide|^ti-|feather|octicon|codicon/i;
  const iconHint = (el) => {
    const out = [];
    let k = 0;
    for (const e of el.querySelectorAll("svg, i, span, use, img")) {
      if (++k > 8) break;
      const d = e.getAttribute("data-icon") || e.getAttribute("data-lucide");
      if (d) out.push(d);
      const t = e.localName;
      if (t === "use") {
        const h = e.getAttribute("href") || e.getAttribute("xlink:href") || "";
        if (h.includes("#")) out.push(h.slice(h.indexOf("#") + 1));
      } else if (t === "img") {
        const src = e.getAttribute("src") || "";
        if (!src.startsWith("data:")) out.push(src.split(/[?#]/)[0].split("/").pop());
      } else {
        const c = e.getAttribute("class") || "";
        if (t === "svg" || c.split(/\s+/).some((w) => ICON_CLASS.test(w))) out.push(c);
      }
    }
    return cap(ws(out.join(" ")), 120);
  };

  const optionsOf = (el) => {
    const opts = el.options || el.querySelectorAll("option");
    const out = [];
    for (let i = 0; i < opts.length && i < maxOptions; i++) {
      const o = opts[i];
      out.push([ws(o.label || o.textContent || ""), o.value, o.selected ? 1 : 0,
        o.disabled ? 1 : 0]);
    }
    return out;
  };

  const isSecret = (el, type) => (state.isSecret ? state.isSecret(el) : type === "password");

  const valueOf = (el, t) => {
    if (t === "INPUT") {
      const type = (el.type || "").toLowerCase();
      if (NO_VALUE_INPUTS.has(type)) return null;
      if (isSecret(el, type)) return el.value ? "\u2022\u2022\u2022\u2022" : "";
      if (type === "file") return [...(el.files || [])].map((x) => x.name).join(", ");
      return el.value;
    }
    if (t === "TEXTAREA") return el.value;
    if (t === "SELECT") {
      return [...el.selectedOptions].map((o) => ws(o.label || o.textContent || "")).join(", ");
    }
    return null;
  };
  // A widget that only says its value in ARIA (a slider or spin button made of divs):
  // the value it announces, so the agent sees where a slider stands before it sets it.
  const rangeValue = (el, role) => {
    if (!RANGE_ROLES.has(role) || role === "scrollbar") return null;
    const v = el.getAttribute("aria-valuetext") || el.getAttribute("aria-valuenow");
    return v === null ? null : ws(v);
  };
  const NO_VALUE_INPUTS = new Set(["checkbox", "radio", "button", "submit", "reset", "image",
    "hidden"]);

  // Tags whose children are all "phrasing" make an element with direct text a text block.
  const PHRASING = new Set(["A", "ABBR", "B", "BDI", "BDO", "BR", "CITE", "CODE", "DATA", "DFN",
    "EM", "I", "IMG", "KBD", "MARK", "Q", "S", "SAMP", "SMALL", "SPAN", "STRONG", "SUB", "SUP",
    "TIME", "U", "VAR", "WBR", "LABEL", "INPUT", "BUTTON", "SELECT", "TEXTAREA", "SVG", "FONT",
    "TT", "DEL", "INS", "OUTPUT", "METER", "PROGRESS"]);
  const round = (v) => Math.round(v * 10) / 10;
  const NO_LANDMARK_TAGS = new Set(["ARTICLE", "ASIDE", "MAIN", "NAV", "SECTION"]);
  const NO_LANDMARK_ROLES = new Set(["article", "complementary", "main", "navigation", "region"]);
  const PRESENTATIONAL_PARENTS = new Set(["TABLE", "UL", "OL", "DL", "TR", "TBODY", "THEAD",
    "TFOOT"]);
  const NO_DESCENT = new Set(["IFRAME", "FRAME", "SELECT", "DATALIST", "SVG", "OBJECT", "EMBED"]);

  // Composed children: a shadow root replaces the light DOM (slots pull light nodes back
  // in), a slot shows its assigned nodes (or its fallback content).
  const kidsOf = (el, t) => {
    if (el.shadowRoot) {
      shadows.push(el.shadowRoot);
      return el.shadowRoot.childNodes;
    }
    if (t === "SLOT") {
      const assigned = el.assignedNodes({ flatten: true });
      if (assigned.length) return assigned;
    }
    return null; // light DOM: iterate firstChild / nextSibling
  };
  // 0: no direct text; 1: direct text among phrasing children only; 2: mixed with blocks.
  const directText = (el, list) => {
    let text = false, block = false;
    for (let i = 0, ch = list ? list[0] : el.firstChild; ch;
      ch = list ? list[++i] : ch.nextSibling) {
      const type = ch.nodeType;
      if (type === 3) { if (!text && /\S/.test(ch.data)) text = true; }
      else if (type === 1 && !block) {
        const ct = tagOf(ch);
        if (!PHRASING.has(ct) && !SKIP.has(ct)) block = true;
      }
    }
    return text ? (block ? 2 : 1) : 0;
  };
  // A strip of items made clickable together by the cursor of their container
  // (`.toolbar { cursor: pointer }` around "Reply" and "Forward"): 2-8 element children,
  // each with a short text of its own, all different, and no loose text beside them. Its
  // items are kept as click targets: a click in the container's middle can miss them all.
  // A card whose parts hold controls of their own (a device's tile: its name, then its
  // *Power* and *Dim* buttons) is no strip: its controls are the targets, and its name
  // is text.
  const STRIP_TEXT = 40;
  const CONTROLS = "a[href],button,input,select,textarea,[role=button],[role=switch]," +
    "[role=checkbox],[role=link],[role=menuitem],[role=tab],[tabindex]";
  const isStrip = (el) => {
    const kids = el.children;
    if (kids.length < 2 || kids.length > 8) return false;
    const seen = new Set();
    for (const k of kids) {
      const t = k.textContent.trim();
      if (!t || t.length > STRIP_TEXT || seen.has(t)) return false;
      seen.add(t);
    }
    for (const k of kids) if (k.querySelector(CONTROLS)) return false;
    for (let n = el.firstChild; n; n = n.nextSibling) {
      if (n.nodeType === 3 && /\S/.test(n.data)) return false;
    }
    return true;
  };
  // A clickable row of a data grid made of <div>s (React tables): 3-40 element children
  // side by side (the first two on one line, left to right), most of them with text.
  const isGridRow = (el) => {
    const kids = el.children;
    if (kids.length < 3 || kids.length > 40) return false;
    const a = kids[0].getBoundingClientRect(), b = kids[1].getBoundingClientRect();
    if (Math.abs(a.top - b.top) > 4 || b.left < a.right - 1 || a.height > 200) return false;
    let texts = 0;
    for (const k of kids) if ((k.textContent || "").trim()) texts++;
    return texts * 2 >= kids.length;
  };
  // Clickable by a script listener alone (`$(".reply").on("click", …)` on an icon span
  // whose pointer shows only on hover): the session installs, through the DevTools
  // protocol, a window function that answers whether an element has a click-like
  // listener of its own (capture/listeners.py). A listener on a container is how pages
  // delegate clicks to its items (a toolbar's Bold / Italic, a calendar's days), so only
  // a leaf-like target counts: no container tag, at most one child element with text of
  // its own, no block of text (heading, paragraph, list …) and no control inside, a short
  // text. Only elements with attributes are asked (a script binds by class or id; asking
  // every <li> and <dd> of a long page costs 10-15 % of the walk, bench/capture_ab.py).
  // The page can reach the probe: it is read and called under try, and only `true` is yes.
  let LISTENS = null;
  try {
    const probe = window[Symbol.for("domdex.listens")];
    if (typeof probe === "function") LISTENS = probe;
  } catch (e) { LISTENS = null; }
  const LISTENER_TARGET_KIDS = 8;
  const LISTENER_TARGET_TEXT = 80;
  const CONTAINER_TAGS = new Set(["TABLE", "THEAD", "TBODY", "TFOOT", "TR", "UL", "OL", "DL",
    "FORM", "FIELDSET", "NAV", "MAIN", "SECTION", "ARTICLE", "ASIDE", "HEADER", "FOOTER",
    "SELECT", "DATALIST", "IFRAME", "BODY", "HTML"]);
  const CONTROL_INSIDE = "a[href], button, input, select, textarea, [role], [tabindex], " +
    "[contenteditable], [onclick]";
  // blocks of text inside: a container of prose (a Markdown panel that listens for its
  // links' clicks holds a heading and a paragraph), never one target
  const BLOCK_INSIDE = "h1, h2, h3, h4, h5, h6, p, ul, ol, li, dl, table, pre, blockquote, " +
    "section, article, form";
  // An element focusable only by its tabindex that holds blocks of text or controls is
  // a container made reachable by keyboard (a scrolling <main tabindex=0>, a code block,
  // a panel), not one control: as Chromium does, its contents are kept. Taken for a
  // control, it kept nothing inside but controls: Streamlit's whole page (its <main> has
  // tabindex=0) lost its headings and tables. A click handler of its own keeps it one
  // control as before (a focusable card that opens its project, with a Delete inside).
  const focusOnlyContainer = (el, t) => !(t in NATIVE_FOCUS) &&
    !el.hasAttribute("onclick") && el.querySelector(CONTAINED) !== null && !listens(el);
  const NATIVE_FOCUS = { A: 1, BUTTON: 1, INPUT: 1, SELECT: 1, TEXTAREA: 1, SUMMARY: 1 };
  // what no single control holds (a focusable card of paragraphs stays one target)
  const CONTAINED = "h1, h2, h3, h4, h5, h6, table, form, ul, ol, dl, pre, section, " +
    "article, a[href], button, input, select, textarea";
  const listens = (el) => {
    if (LISTENS === null) return false;
    try { return LISTENS(el) === true; } catch (e) { return false; }
  };
  const listenerTarget = (el, t) => {
    if (LISTENS === null || CONTAINER_TAGS.has(t) || holdsList(el, t)) return false;
    if (el.childElementCount > LISTENER_TARGET_KIDS || !listens(el)) return false;
    if (el.textContent.trim().length > LISTENER_TARGET_TEXT) return false;
    if (el.firstElementChild === null) return true;
    let worded = 0; // children with text: two or more are items the listener delegates for
    for (let c = el.firstElementChild; c; c = c.nextElementSibling) {
      if (/\S/.test(c.textContent) && ++worded > 1) return false;
    }
    return el.querySelector(CONTROL_INSIDE) === null && el.querySelector(BLOCK_INSIDE) === null;
  };
  // A list, or a list item that holds a nested list (a tree's folder, a menu item with
  // its submenu), clickable by the cursor alone is no single target: a click at its
  // middle lands on whichever item sits there. Its label and its items are the targets.
  const LISTS = new Set(["UL", "OL"]);
  const holdsList = (el, t) => {
    if (LISTS.has(t)) return true;
    if (t !== "LI") return false;
    let nested = false;
    for (let n = el.firstChild; n; n = n.nextSibling) {
      // a label of bare text ("File" before its submenu) has no element to be the target:
      // the item stays one
      if (n.nodeType === 3 && /\S/.test(n.data)) return false;
      if (n.nodeType === 1 && LISTS.has(tagOf(n))) nested = true;
    }
    return nested;
  };
  // Inside a text block, elements that make a name differ from the plain text.
  const NAME_SPECIAL_TAGS = new Set(["IMG", "SVG", "INPUT", "SELECT", "TEXTAREA", "BUTTON",
    "IFRAME", "SLOT", "AREA", "METER", "PROGRESS", "OUTPUT"]);

  let special = 0;   // count of name-special elements seen (see NAME_SPECIAL_TAGS)
  let lastFlags = 0; // the facts bits of the element visit() returned from
  let lastPlain = ""; // the text visit() returned but its controls' (see `plain`)

  // Visit `el` under `ctx` (facts about its ancestors); `parentRow` is the nearest kept
  // (or tentatively kept) ancestor's row, `pcur` the parent's cursor. Returns the
  // element's visible text for an enclosing text block when ctx.collect is set.
  const visit = (el, t, ctx, parentRow, pcur) => {
    const isSvg = t === "SVG" || el.namespaceURI === SVG_NS;
    if (isSvg && t !== "SVG") { lastFlags = 0; return ""; }
    let f = 0;
    let cursor = pcur;
    let style = null;
    // Most elements have no attributes at all: skip every attribute read for them.
    const ha = el.hasAttributes();
    const ownHidden = ha && el.getAttribute("aria-hidden") === "true";
    // content the page lays out but does not draw (content-visibility: hidden): what a
    // closed <details> holds besides its summary, an element hidden "until-found". Its
    // boxes have a size when asked for one, so only this tells it is not shown.
    const skipped = ctx.skipped || (ha && el.getAttribute("hidden") === "until-found");
    if (ctx.none) {
      f = 4 | 2 | 8;
    } else {
      const s = style = getComputedStyle(el);
      const d = s.display;
      if (d !== "inline") f |= 1;
      if (d === "none") f |= 4 | 2 | 8;
      else if (s.visibility !== "visible" || skipped) f |= 2 | 8;
      facts.set(el, (f & 7) | (ownHidden ? 2 : 0)); // what styleFacts(el) would find
    }
    const ariaHidden = ctx.ariaHidden || ownHidden;
    if (ariaHidden) f |= 2;

    const role = roleOf(el, t, ctx, ha);
    roles.set(el, role);
    const list = NO_DESCENT.has(t) ? EMPTY : kidsOf(el, t);
    const tabindex = ha ? el.getAttribute("tabindex") : null;
    // the root of a contenteditable editor (Chromium: a generic that is editable)
    const editable = ha && el.hasAttribute("contenteditable") && el.isContentEditable &&
      !(el.parentElement && el.parentElement.isContentEditable);
    let interactive =
      (t === "A" && el.hasAttribute("href")) || t === "BUTTON" ||
      (t === "INPUT" && el.type !== "hidden") || t === "SELECT" ||
      t === "TEXTAREA" || t === "SUMMARY" ||
      (tabindex !== null && tabindex !== "" && Number(tabindex) >= 0 &&
        !focusOnlyContainer(el, t)) ||
      WIDGET_ROLES.has(role) || editable;
    // The cursor tells a clickable element of its own, and its children whether they are
    // one: not read for an interactive element without element children, nor under
    // display:none (nothing there is clickable).
    if (style !== null && !(f & 4) &&
        (!interactive || (list === null ? el.firstElementChild !== null : list.length > 0))) {
      cursor = style.cursor;
    }
    // Clickable by script or styling only: the snapshot marks it with a "clickable" state.
    let clickable = false;
    let holder = false;
    if (!interactive && ha && el.hasAttribute("onclick")) clickable = interactive = true;
    // (inside a box that is clickable by its cursor alone, a listener of its own still
    // makes a target: `.controls span:hover { cursor: pointer }` must not swallow, while
    // hovered, the icon it wraps)
    if (!interactive && ha && !ctx.inControl && listenerTarget(el, t)) {
      clickable = interactive = true;
    }
    if (!interactive && cursor === "pointer" && !(f & 4) && (pcur !== "pointer" ||
        // a click target positioned on its own, out of its clickable parent's box
        (ctx.inInteractive && (style.position === "fixed" || style.position === "absolute")))) {
      if (!ctx.inInteractive && holdsList(el, t)) holder = true;
      else clickable = interactive = true;
    }
    // the items of a clickable strip or list see no pointer above them: each is a target
    const kidCursor = holder ||
      (clickable && cursor === "pointer" && !el.shadowRoot && isStrip(el)) ? "" : cursor;
    const free = !ctx.inBlock && !ctx.inInteractive;
    const direct = free && !isSvg ? directText(el, list) : 0;
    // a cell of a clickable row laid out as a grid (a data grid of <div>s, as a <tr>'s
    // <td>): kept, and its text its own
    const cell = ctx.inInteractive && ctx.gridRow === el.parentElement && !interactive;
    // (the row may be the clickable element, or a box inside it: Label Studio's clickable
    // wrapper holds the row of cells)
    const gridHere = (clickable || (ctx.inInteractive && !interactive)) && t !== "TR" &&
      !cell && el.childElementCount >= 3 && isGridRow(el);
    const textBlock = TEXT_BLOCK.has(t) || role === "heading" || direct === 1 || cell;
    const hasRole = ha && el.hasAttribute("role");
    const explicit = hasRole && role !== "" && role !== "generic" && role !== "presentation" &&
      role !== "none";
    const struct = STRUCT.has(t) || explicit || (t === "IMG" && role === "img") ||
      (isSvg && !!accName(el, true));
    let keep;
    // a clickable table row keeps its cells, as Chromium does: "the stock of this book"
    // is a cell of a row that opens the book (Directus's item tables)
    if (ctx.inInteractive) keep = interactive || cell || ((t === "TD" || t === "TH") &&
      !!parentRow && parentRow.t === "TR" && parentRow.el === el.parentElement);
    else if (ctx.inBlock) keep = interactive || textBlock || struct;
    else {
      keep = interactive || textBlock || struct || direct === 2 ||
        (ha && CONTAINER.has(t) && !!el.id);
    }
    const tentative = !keep && free && CONTAINER.has(t);
    if (ctx.collect && (NAME_SPECIAL_TAGS.has(t) || hasRole || ariaHidden ||
        (ha && (el.hasAttribute("aria-label") || el.hasAttribute("aria-labelledby"))))) {
      special++;
    }

    let row = null;
    if (keep || tentative) {
      row = { el, parent: parentRow, t, role, f, kids: 0, text: "", interactive,
        clickable, editable, textBlock, tentative, drop: false, simple: false, ctx, pcur,
        num: 0, arr: null, bsx: 0, bsy: 0, fresh: true,
        // kept whatever its children are (a re-walk of it cannot change its parent's rows)
        solid: !tentative && t !== "TD" && t !== "TH" && (interactive || TEXT_BLOCK.has(t) ||
          role === "heading" || (struct && !isSvg) || (ha && CONTAINER.has(t) && !!el.id)) };
      rows.push(row);
      if (parentRow) parentRow.kids++;
    }
    const collector = row !== null && !tentative && (textBlock || interactive);
    // Children share the context object unless something changes.
    const none = (f & 4) !== 0;
    const noLandmark = ctx.noLandmark || NO_LANDMARK_TAGS.has(t) || NO_LANDMARK_ROLES.has(role);
    const grid = t === "TABLE" ? role === "grid" || role === "treegrid" : ctx.grid;
    const presentational = role === "" && hasRole && PRESENTATIONAL_PARENTS.has(t);
    const inBlock = ctx.inBlock || collector;
    const inInteractive = ctx.inInteractive || (row !== null && interactive);
    const inControl = ctx.inControl || (row !== null && interactive && !clickable);
    let cctx = ctx;
    const gridRow = gridHere ? el : ctx.gridRow;
    if (none !== ctx.none || ariaHidden !== ctx.ariaHidden || noLandmark !== ctx.noLandmark ||
        grid !== ctx.grid || presentational !== ctx.presentational || inBlock !== ctx.inBlock ||
        inInteractive !== ctx.inInteractive || inControl !== ctx.inControl ||
        gridRow !== ctx.gridRow || skipped !== !!ctx.skipped) {
      cctx = { none, ariaHidden, noLandmark, grid, presentational, inBlock, inInteractive,
        inControl, collect: inBlock, gridRow, skipped };
    }
    // A closed <details> draws its first <summary> only: the rest is skipped content.
    let summary = null;
    let sctx = cctx;
    if (t === "DETAILS" && !el.open && !skipped && !none) {
      let other = null;
      for (let c = el.firstElementChild; c; c = c.nextElementSibling) {
        if (tagOf(c) === "SUMMARY" && !summary) summary = c;
        else if (!other) other = c;
      }
      // (unless the page's style draws it anyway: details::details-content)
      if (!other || !other.checkVisibility || !other.checkVisibility()) {
        sctx = { ...cctx, skipped: true };
      }
    }

    const special0 = special;
    let text = "";
    let plain = ""; // the text collected but the controls' (a structural element's own)
    let own = "";
    const childParent = row || parentRow;
    const collect = cctx.collect;
    for (let i = 0, ch = list ? list[0] : el.firstChild; ch;
      ch = list ? list[++i] : ch.nextSibling) {
      const type = ch.nodeType;
      if (type === 3) {
        if (sctx !== cctx) continue; // a closed <details>'s loose text is not drawn
        if (collect) { text += ch.data; plain += ch.data; } else if (row) own += ch.data;
        continue;
      }
      if (type !== 1) continue;
      const ct = tagOf(ch);
      if (SKIP.has(ct)) continue;
      const sub = visit(ch, ct, ch === summary ? cctx : sctx, childParent, kidCursor);
      // a line break parts words as a space does ("Jordan Parks<br>jparks@…" read as
      // "Parksjparks")
      if (collect && ct === "BR" && !(lastFlags & 8)) { text += " "; plain += " "; }
      if (collect && sub) {
        const cf = lastFlags;
        if (!(cf & 8) || (f & 8)) {
          const pad = (cf & 1) || ct === "BR";
          text += pad ? " " + sub + " " : sub;
          const sp = lastPlain;
          if (sp) plain += pad ? " " + sp + " " : sp;
        }
      }
    }

    // a child whose content reads as nothing, with a title (a calendar icon's <span
    // title="Choose a Date">), may give its title to the name of the control around it
    // (accname 2I, as in Playwright's snapshot): textAlt decides, so no shortcut here
    if (collect && ha && !text.trim() && el.hasAttribute("title")) special++;
    if (row) {
      if (tentative && row.kids < 2) {
        row.drop = true;
        if (parentRow) parentRow.kids += row.kids - 1;
      }
      // a structural element inside a text block (an <article> in an <li>, a <footer>
      // in a comment) keeps the text its block collected through it, but its controls'
      // (they keep theirs): the block does not take it, so it was lost
      row.text = collector ? text : struct && collect ? plain : own;
      row.simple = collector && special === special0;
    }
    lastFlags = f;
    lastPlain = "";
    if (!ctx.collect) return "";
    if (row && !row.interactive && (row.textBlock || struct)) {
      special++; // its text is its own: an enclosing name must be computed in full
      return "";
    }
    if (!(row !== null && interactive)) lastPlain = plain;
    return text;
  };
  const EMPTY = [];
  // Repeated strings (tags, roles, attribute names, class values) travel once.
  const table = [];
  const tableIndex = new Map();
  const intern = (str) => {
    let i = tableIndex.get(str);
    if (i === undefined) {
      i = table.length;
      table.push(str);
      tableIndex.set(str, i);
    }
    return i;
  };
  // 1-based position among same-tag element siblings (for xpaths), counted only for
  // kept elements.
  // Rows are emitted in document order: the count stops at the nearest same-tag sibling
  // already emitted.
  const indexMemo = new Map();
  const indexOf = (el) => {
    const tag = el.tagName;
    let i = 1;
    for (let s = el.previousElementSibling; s; s = s.previousElementSibling) {
      if (s.tagName === tag) {
        const known = indexMemo.get(s);
        if (known !== undefined) { i += known; break; }
        i++;
      }
    }
    indexMemo.set(el, i);
    return i;
  };
  // Elements named by a child element (legend, figcaption, caption, svg title).
  const NAMED_BY_CHILD = new Set(["FIELDSET", "FIGURE", "TABLE", "SVG", "SUMMARY"]);
  const SVG_NS = "http://www.w3.org/2000/svg";

  const root = document.documentElement;
  const vw = window.innerWidth, vh = window.innerHeight;
  const sx = window.scrollX, sy = window.scrollY;

  // A control with no name from its content or attributes may be named by CSS generated
  // content, as Chromium names it: an icon font's ligature drawn from an attribute
  // (Directus's <i data-icon="delete"> with content: attr(data-icon)) is "delete" to
  // Chromium and Playwright's snapshot. Read only for such controls, over their first
  // few elements; private-use code points (Font Awesome's glyphs) are no words.
  const PRIVATE_USE = /[\uE000-\uF8FF]/g;
  const GENERATED_NAMES = new Set(["button", "link", "menuitem", "tab"]);
  const generated = (el) => {
    let out = "";
    let seen = 0;
    for (let e = el; e && seen < 12; seen++) {
      for (const pseudo of ["::before", "::after"]) {
        const c = getComputedStyle(e, pseudo).content;
        if (c && c.length > 2 && c[0] === '"' && c[c.length - 1] === '"') {
          out += " " + c.slice(1, -1).replace(PRIVATE_USE, "");
        }
      }
      if (e.firstElementChild) e = e.firstElementChild;
      else {
        while (e && e !== el && !e.nextElementSibling) e = e.parentElement;
        e = e && e !== el ? e.nextElementSibling : null;
      }
    }
    return ws(out);
  };

  // ---- emit one row --------------------------------------------------------------
  const emitRow = (r) => {
    let p = r.parent;
    while (p && p.drop) p = p.parent;
    const el = r.el;
    // The attribute names, read once: an element without aria-* attributes (most of those
    // with attributes: a link's href, a span's class) skips every aria-* read below.
    const names = el.hasAttributes() ? el.getAttributeNames() : null;
    let aria = false;
    if (names !== null) {
      for (const n of names) {
        if (n.startsWith("aria-")) { aria = true; break; }
      }
    }
    const full = ws(r.text);
    const text = cap(full, maxText);
    let name;
    const fromContent = NAME_FROM_CONTENT.has(r.role);
    if (r.simple && fromContent && r.t !== "INPUT" &&
        !(aria && (el.hasAttribute("aria-label") || el.hasAttribute("aria-labelledby")))) {
      // Name from content with nothing special inside: the name is the text.
      name = full || ws(el.getAttribute("title") || "");
    } else if (!fromContent && !NAMED_BY_CHILD.has(r.t) && !LABELABLE.has(r.t) &&
        names === null) {
      name = ""; // no attribute to name it, no content allowed to: a plain text block
      // (a bare <input> is no such block: the <label> around it names it)
    } else {
      name = accName(el, (r.f & 2) !== 0);
    }
    if (!name && GENERATED_NAMES.has(r.role)) name = generated(el);
    name = cap(name, NAME_CAP);
    // an unnamed control's icon says what it does (lucide-copy, fa-trash, #icon-star)
    const icon = !name && ICON_ROLES.has(r.role) && el.firstElementChild ? iconHint(el) : "";
    let box = null;
    let visible = 0;
    if (!(r.f & 4)) {
      const b = el.getBoundingClientRect();
      box = [round(b.x), round(b.y), round(b.width), round(b.height)];
      // 4: rendered but without a size of its own (display:contents, collapsed floats):
      // visible when something inside it is (decided in rows.py).
      visible = r.f & 8 ? 0 : (b.width > 0 && b.height > 0 ? 1 : 4);
    }
    r.bsx = sx; // the scroll its client box was read at
    r.bsy = sy;
    let level = null;
    if (r.role === "heading") {
      const m = /^H([1-6])$/.exec(r.t);
      level = m ? Number(m[1]) : Number(el.getAttribute("aria-level")) || 2;
    }
    let co = null;
    if (r.t === "IFRAME" || r.t === "FRAME") {
      const cs = getComputedStyle(el);
      co = [el.clientLeft + (parseFloat(cs.paddingLeft) || 0),
        el.clientTop + (parseFloat(cs.paddingTop) || 0)];
    }
    if (!r.num) r.num = state.num ? state.num(el) : Number(state.ref(el).slice(1));
    const row = [
      r.num, p ? p.num : null, intern(el.localName),
      intern(r.role || (explicitRole(el) ? "none" : "generic")),
      name !== "" && name === text ? 1 : name, text,
      icon ? putAttr(attrsOf(el, r.t, names), "dx-icon", icon) : attrsOf(el, r.t, names), box,
      visible | (r.f & 4 ? 2 : 0), indexOf(el), valueOf(el, r.t) ?? rangeValue(el, r.role),
      level,
      statesOf(el, r.t, r.clickable, r.editable, aria),
      r.t === "SELECT" || r.t === "DATALIST" ? optionsOf(el) : null, co,
      names === null ? null : describe(el, name, aria),
    ];
    let n = row.length;
    while (n > 10 && row[n - 1] === null) n--;
    row.length = n;
    return row;
  };

  // ---- incremental state ------------------------------------------------------------
  // The last capture's emitted rows stay in the page (state.live) with a MutationObserver
  // over the document and every open shadow root; the next capture with args.seq equal to
  // live.seq re-walks only the subtrees that changed and returns a patch. Whatever it cannot
  // vouch for makes it a full capture (reason in `full`).
  const live = state.live;
  const OBS = { subtree: true, childList: true, attributes: true, characterData: true };
  const MAX_RECORDS = 400;
  const STYLING = new Set(["STYLE", "LINK"]);
  const CONTROL = new Set(["INPUT", "SELECT", "TEXTAREA", "OPTION"]);
  const LABELABLE = new Set(["INPUT", "SELECT", "TEXTAREA", "BUTTON", "METER", "PROGRESS",
    "OUTPUT"]);
  const controlSig = (el) => el.value + "\u0001" + el.checked + el.indeterminate + el.disabled +
    el.selectedIndex + (el.files ? el.files.length : "");
  if (!live.listening) {
    live.listening = true;
    live.moves = 0;
    document.addEventListener("mouseover", (e) => {
      live.moves++;
      live.hoverEl = e.composedPath()[0];
    }, true);
    // Layout that moves without a mutation.
    live.layout = 0;
    live.sheets = 0;
    const relayout = (e) => {
      live.layout++;
      const t = e && e.target;
      if (t && t.nodeType === 1 && STYLING.has(tagOf(t))) live.sheets++; // a sheet loaded
    };
    for (const type of ["load", "error", "transitionstart", "transitionend",
      "animationstart", "animationend", "toggle", "scrollend"]) {
      document.addEventListener(type, relayout, true);
    }
    if (document.fonts) document.fonts.addEventListener("loadingdone", relayout);
    addEventListener("resize", () => { live.resized = true; });
  }
  // Does any :hover / :focus rule (1) or :has() rule (2) change what the walk reads
  // (display, visibility, cursor, position)? Then a moved pointer or focus (1) or any
  // mutation (2) may change rows outside the subtree that changed.
  const pseudoSensitive = () => {
    let found = 0;
    const STYLE_PROPS = ["display", "visibility", "cursor", "position", "content"];
    const scan = (rules) => {
      for (const r of rules) {
        if (r.cssRules && r.cssRules.length && !r.selectorText) {
          if (scan(r.cssRules)) return true;
          continue;
        }
        const sel = r.selectorText;
        if (!sel || !/:(hover|focus|active|has)/.test(sel)) continue;
        if (!STYLE_PROPS.some((prop) => r.style.getPropertyValue(prop))) continue;
        found |= sel.includes(":has(") ? 2 : 1;
        if (/:(hover|focus|active)/.test(sel)) found |= 1;
      }
      return found === 3;
    };
    try {
      for (const sheet of document.styleSheets) if (scan(sheet.cssRules)) return found;
      for (const sr of shadows) {
        for (const sheet of sr.styleSheets || []) if (scan(sheet.cssRules)) return found;
        for (const sheet of sr.adoptedStyleSheets || []) if (scan(sheet.cssRules)) return found;
      }
      for (const sheet of document.adoptedStyleSheets || []) if (scan(sheet.cssRules)) return found;
    } catch (e) {
      // A sheet we may not read (cross-origin, file://): assume :hover / :focus rules;
      // :has() rules that hide or show are rare enough to take the risk.
      return found | 1;
    }
    return found;
  };
  // A cheap signature of the document's style sheets: catches sheets added or removed
  // and rules inserted or deleted through the CSSOM (no mutation for the observer).
  const sheetSig = () => {
    let n = document.styleSheets.length * 100003 + (document.adoptedStyleSheets || []).length;
    for (const sheet of document.styleSheets) {
      try { n += sheet.cssRules.length; } catch (e) { /* cross-origin */ }
    }
    return n;
  };
  // The nearest composed ancestor-or-self of both elements.
  const commonAncestor = (a, b) => {
    const seen = new Set();
    for (let x = a; x; x = composedParent(x)) seen.add(x);
    for (let x = b; x; x = composedParent(x)) if (seen.has(x)) return x;
    return null;
  };

  const full = (reason) => {
    if (live.obs) { live.obs.disconnect(); live.obs = null; }
    live.shadows = [];
    rows = [];
    shadows.length = 0;
    const t0 = performance.now();
    if (document.body) {
      const ctx = { none: false, ariaHidden: false, noLandmark: false, grid: false,
        presentational: false, inBlock: false, inInteractive: false, inControl: false,
        collect: false };
      visit(document.body, "BODY", ctx, null, "auto");
      labelMap = null; // a name read during the walk saw only the shadow roots met so far
    }
    const t1 = performance.now();
    const out = [];
    const kept = [];
    for (const r of rows) {
      if (r.drop) continue;
      const row = emitRow(r);
      r.arr = row;
      r.fresh = false;
      kept.push(r);
      out.push(row);
    }
    const t2 = performance.now();
    remember(kept, true);
    return { ms: [round(t1 - t0), round(t2 - t1)], nodes: out, full: reason };
  };

  // Subtree ends (exclusive index) from parent links; the rows are in document order.
  const remember = (kept, isFull) => {
    const stack = [];
    const byEl = new Map();
    const ctrls = [];
    const reach = [];
    for (let i = 0; i < kept.length; i++) {
      const r = kept[i];
      let p = r.parent;
      while (p && p.drop) p = p.parent;
      while (stack.length && stack[stack.length - 1] !== p) stack.pop().end = i;
      r.idx = i;
      stack.push(r);
      byEl.set(r.el, r);
      if (CONTROL.has(r.t)) {
        r.sig = controlSig(r.el);
        ctrls.push(r);
      }
      const el = r.el;
      if ((el.hasAttributes() && (el.hasAttribute("aria-labelledby") ||
          el.hasAttribute("aria-describedby"))) ||
          (LABELABLE.has(r.t) && labelsOf(el).length)) reach.push(r);
    }
    while (stack.length) stack.pop().end = kept.length;
    live.rows = kept;
    live.byEl = byEl;
    live.ctrls = ctrls;
    live.reach = reach;
    live.sx = sx;
    live.sy = sy;
    const se = document.scrollingElement || root;
    live.pw = se ? se.scrollWidth : 0;
    live.ph = se ? se.scrollHeight : 0;
    live.layoutSeen = live.layout;
    live.sheetsSeen = live.sheets;
    live.sheetSig = sheetSig();
    live.complete = document.readyState === "complete";
    live.seq = (live.seq || 0) + 1;
    live.active = active;
    live.moves0 = live.moves;
    live.hover0 = live.hoverEl;
    live.resized = false;
    live.vw = vw;
    live.vh = vh;
    live.maxText = maxText;
    if (isFull) live.sensitive = pseudoSensitive(); // style changes make a full capture
    live.count = 0;
    live.records = [];
    live.overflow = false;
    if (live.obs) live.obs.disconnect();
    const roots = new Set(shadows);
    for (const sr of live.shadows || []) if (sr.host && sr.host.isConnected) roots.add(sr);
    live.shadows = [...roots];
    const obs = new MutationObserver((recs) => {
      if (live.obs !== obs) return;
      live.count += recs.length;
      if (live.count > MAX_RECORDS) live.overflow = true;
      else for (const m of recs) live.records.push(m);
    });
    live.obs = obs;
    obs.observe(document, OBS);
    for (const sr of live.shadows) obs.observe(sr, OBS);
  };

  // The nearest kept row at or above `x` whose row does not feed an enclosing text
  // (its visit context does not collect) and whose keeping does not depend on its kids.
  const boundaryFrom = (x, solid) => {
    for (; x; x = composedParent(x)) {
      const r = live.byEl.get(x);
      if (r && !r.tentative && !r.ctx.collect && (r.solid || !solid)) return r;
      solid = false;
    }
    return null;
  };

  const incremental = () => {
    if (!args || !args.seq || live.seq !== args.seq || args.doc !== state.documentId ||
        !live.obs || !live.rows) return "no state";
    if (live.maxText !== maxText) return "arguments";
    if (live.resized || live.vw !== vw || live.vh !== vh) return "viewport";
    if (live.sensitive & 2) return ":has() styles";
    // A page still loading (style sheets arriving) or a sheet loaded since: styles may have
    // changed anywhere without a mutation.
    if (!live.complete) return "the last capture was made while the page loaded";
    if (live.sheets !== live.sheetsSeen || live.sheetSig !== sheetSig()) {
      return "style sheets changed";
    }
    const recs = live.records.concat(live.obs.takeRecords());
    live.count += recs.length - live.records.length;
    if (live.overflow || live.count > MAX_RECORDS) return "many mutations";
    // Where to look for a boundary: an attribute may change the element's own row and its
    // siblings' styles (start at the parent); a child list or a text changes what is
    // inside an element (start at the element itself if its row does not depend on it).
    const starts = [];
    const solid = [];
    const styling = (n) => n.nodeType === 1 && (STYLING.has(tagOf(n)) ||
      (n.firstElementChild !== null && n.querySelector("style, link") !== null));
    for (const m of recs) {
      let t = m.target;
      if (m.type === "characterData") t = t.parentNode;
      if (t && t.nodeType === 1 && STYLING.has(tagOf(t))) return "style sheets changed";
      if (m.type === "childList") {
        for (const n of m.addedNodes) if (styling(n)) return "style sheets changed";
        for (const n of m.removedNodes) if (styling(n)) return "style sheets changed";
      }
      if (!t || !t.isConnected) continue; // inside a removed subtree: its removal is recorded
      if (t.nodeType === 11) t = t.host; // a shadow root's own child list
      if (!t || t.nodeType !== 1) continue;
      if (m.type === "attributes") {
        starts.push(composedParent(t));
        solid.push(false);
      } else {
        starts.push(t);
        solid.push(true);
      }
    }
    const refresh = new Set();
    // With :hover / :focus styles, the elements whose state changed are below the
    // common ancestor of the old and the new target: re-walk from there.
    if (live.sensitive & 1) {
      for (const [a, b] of [[live.hover0, live.hoverEl], [live.active, active]]) {
        if (a === b) continue;
        if (!a || !b || !a.isConnected || !b.isConnected) return "hover or focus moved";
        starts.push(commonAncestor(a, b));
        solid.push(false);
      }
    }
    if (live.active !== active) {
      for (const el of [live.active, active]) {
        if (el && el.isConnected) {
          starts.push(composedParent(el));
          solid.push(false);
          const r = live.byEl.get(el);
          if (r) refresh.add(r);
        }
      }
    }
    for (const r of live.ctrls) {
      if (r.el.isConnected && controlSig(r.el) !== r.sig) {
        starts.push(composedParent(r.el));
        solid.push(false);
      }
    }
    // Boundaries: distinct, none inside another.
    const found = new Set();
    for (let i = 0; i < starts.length; i++) {
      const x = starts[i];
      if (!x) return "change at the top";
      const b = boundaryFrom(x, solid[i]);
      if (!b) return "change at the top";
      found.add(b);
    }
    let bounds = [...found].sort((a, b) => a.idx - b.idx);
    const outer = [];
    let reach = -1;
    let span = 0;
    for (const b of bounds) {
      if (b.idx < reach) continue;
      outer.push(b);
      reach = b.end;
      span += b.end - b.idx;
    }
    bounds = outer;
    if (span > Math.max(150, live.rows.length * 0.3)) return "large change";
    // Re-walk each boundary's subtree with the context it had.
    const t0 = performance.now();
    const splices = [];
    const pairs = []; // [old boundary row, new boundary row]
    const next = [];
    let at = 0;
    for (const b of bounds) {
      for (; at < b.idx; at++) next.push(live.rows[at]);
      rows = [];
      visit(b.el, tagOf(b.el), b.ctx, b.parent, b.pcur);
      labelMap = null;
      const fresh = rows.filter((r) => !r.drop);
      if (!fresh.length || fresh[0].el !== b.el) return "boundary changed";
      fresh[0].num = b.num;
      for (let k = b.idx; k < b.end; k++) live.rows[k].gone = true;
      const out = [];
      for (const r of fresh) {
        const row = emitRow(r);
        r.arr = row;
        out.push(row);
        next.push(r);
      }
      splices.push([b.num, b.end - b.idx, out]);
      pairs.push([b, fresh[0]]);
      at = b.end;
      // Names of kept ancestors may come from the content (a row, a cell)
      for (let p = b.parent; p; p = p.parent) if (!p.drop) refresh.add(p);
    }
    for (; at < live.rows.length; at++) next.push(live.rows[at]);
    const t1 = performance.now();
    // Rows whose names or states reach elsewhere (labels, aria-labelledby/-describedby)
    // are re-emitted; the other rows' boxes are re-read when the layout may have moved:
    // a re-walked subtree's own box changed, the page scrolled or changed size, or
    // something laid it out again without a mutation (an image or font loaded, an
    // animation ran, the document was still loading).
    for (const r of live.reach) if (!r.gone) refresh.add(r);
    const se = document.scrollingElement || root;
    let moved = live.layout !== live.layoutSeen || document.readyState !== "complete" ||
      sx !== live.sx || sy !== live.sy || (se && (se.scrollWidth !== live.pw ||
        se.scrollHeight !== live.ph));
    // Has a row's box (document coordinates) or visibility code changed?
    const boxChanged = (r, box, flags) => {
      const o = r.arr[7];
      if (!o || !box) return !o !== !box;
      return r.arr[8] !== flags || o[0] + r.bsx !== box[0] + sx || o[1] + r.bsy !== box[1] + sy ||
        o[2] !== box[2] || o[3] !== box[3];
    };
    for (const [b, nb] of pairs) if (boxChanged(b, nb.arr[7], nb.arr[8])) moved = true;
    const rowsOut = [];
    const boxes = [];
    for (const r of refresh) {
      if (r.fresh || r.gone) continue;
      r.arr = emitRow(r);
      rowsOut.push(r.arr);
    }
    if (moved) {
      for (const r of next) {
        if (r.fresh || (r.f & 4) || refresh.has(r)) continue;
        const b = r.el.getBoundingClientRect();
        const box = [round(b.x), round(b.y), round(b.width), round(b.height)];
        const flags = r.f & 8 ? 0 : (b.width > 0 && b.height > 0 ? 1 : 4);
        if (boxChanged(r, box, flags)) {
          r.arr[7] = box;
          r.arr[8] = flags;
          r.bsx = sx;
          r.bsy = sy;
          boxes.push([r.num, box, flags]);
        }
      }
    }
    for (const r of next) r.fresh = false;
    const t2 = performance.now();
    remember(next, false);
    return { ms: [round(t1 - t0), round(t2 - t1)], splices, rows: rowsOut, boxes,
      patch: true };
  };

  let result = incremental();
  if (typeof result === "string") result = full(result);
  const se = document.scrollingElement || root;
  result.url = location.href;
  result.title = document.title;
  result.lang = (root && root.getAttribute("lang")) || "";
  result.ready = document.readyState;
  result.doc = state.documentId;
  result.vw = vw; result.vh = vh; result.sx = sx; result.sy = sy;
  result.pw = se ? se.scrollWidth : 0;
  result.ph = se ? se.scrollHeight : 0;
  result.seq = live.seq;
  result.strings = table;
  return JSON.stringify(result);
}
