// domdex text extraction: the visible text of a document as a flat list of blocks.
//
// Evaluated by Python as a function expression: `(options) => JSON text`. Read-only
// towards the page: it walks the rendered DOM (open shadow roots included), asks the
// browser what is displayed, and returns plain data. Nothing is written to the page.
//
// Every block is one unit of reading kept whole: a heading, a paragraph, a list, a
// table, a code block, a quote, a caption, or a run of inline text directly inside a
// container. Each block names its container (an index into `containers`), so the
// Python side can score containers for main content without touching the DOM again.
(options) => {
  "use strict";
  const opts = options || {};
  const SKIP = new Set([
    "SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "SVG", "CANVAS", "IFRAME", "OBJECT",
    "EMBED", "HEAD", "META", "LINK", "BUTTON", "SELECT", "OPTION", "TEXTAREA", "INPUT",
    "AUDIO", "VIDEO", "MAP", "DIALOG",
  ]);
  const HEADINGS = new Set(["H1", "H2", "H3", "H4", "H5", "H6"]);
  const BLOCKY = "p,div,h1,h2,h3,h4,h5,h6,ul,ol,dl,table,pre,section,article,blockquote,figure,header,footer,nav,aside,main";
  const LANDMARK_TAGS = {
    HEADER: "header", NAV: "nav", FOOTER: "footer", ASIDE: "aside", MAIN: "main",
    ARTICLE: "article", FORM: "form",
  };
  const LANDMARK_ROLES = {
    banner: "header", navigation: "nav", contentinfo: "footer", complementary: "aside",
    main: "main", article: "article", form: "form", search: "form",
  };

  const containers = [];
  const containerIndex = new Map();
  const blocks = [];
  const styleCache = new Map();
  let lastHeadingLevel = 0;

  function style(el) {
    let s = styleCache.get(el);
    if (!s) {
      s = getComputedStyle(el);
      styleCache.set(el, s);
    }
    return s;
  }

  function hidden(el) {
    const s = style(el);
    if (s.display === "none" || s.visibility === "hidden" || s.visibility === "collapse") {
      return true;
    }
    if (el.getAttribute("aria-hidden") === "true" && !opts.includeAriaHidden) {
      return true;
    }
    if (s.position === "absolute" || s.position === "fixed") {
      // Screen-reader-only text: clipped to a 1px box off screen.
      const r = el.getBoundingClientRect();
      if (r.width <= 1 && r.height <= 1) return true;
    }
    return false;
  }

  function isInline(el) {
    const d = style(el).display;
    return d.startsWith("inline") || d === "contents" || d === "ruby";
  }

  function parentOf(node) {
    if (node.assignedSlot) return node.assignedSlot;
    if (node.parentElement) return node.parentElement;
    const root = node.parentNode;
    return root && root.host ? root.host : null;
  }

  function xpathStep(el) {
    const tag = el.localName;
    let n = 1;
    for (let s = el.previousElementSibling; s; s = s.previousElementSibling) {
      if (s.localName === tag) n++;
    }
    let more = false;
    for (let s = el.nextElementSibling; s && !more; s = s.nextElementSibling) {
      more = s.localName === tag;
    }
    return n > 1 || more ? `${tag}[${n}]` : tag;
  }

  function landmarkOf(el) {
    const role = (el.getAttribute("role") || "").toLowerCase();
    return LANDMARK_ROLES[role] || LANDMARK_TAGS[el.tagName] || "";
  }

  function container(el) {
    if (!el) return -1;
    const known = containerIndex.get(el);
    if (known !== undefined) return known;
    const up = parentOf(el);
    const parent = up && up !== document.documentElement ? container(up) : -1;
    const parentXpath = parent >= 0 ? containers[parent].xpath : "/html";
    const attrs = [
      el.id, typeof el.className === "string" ? el.className : "",
      el.getAttribute("itemprop") || "", el.getAttribute("itemtype") || "",
      el.getAttribute("data-testid") || "", el.getAttribute("data-component") || "",
    ].join(" ").toLowerCase().slice(0, 300);
    const index = containers.length;
    containers.push({
      tag: el.localName, attrs, role: (el.getAttribute("role") || "").toLowerCase(),
      landmark: landmarkOf(el), parent, xpath: `${parentXpath}/${xpathStep(el)}`,
    });
    containerIndex.set(el, index);
    return index;
  }

  function box(rect) {
    return [
      Math.round(rect.left + scrollX), Math.round(rect.top + scrollY),
      Math.round(rect.width), Math.round(rect.height),
    ];
  }

  function squash(text) {
    return text.replace(/[ \t\r\n\f\u00a0\u200b]+/g, " ");
  }

  // Text of inline content, honouring <br> and skipping what is not displayed.
  function inlineText(node, acc) {
    if (node.nodeType === Node.TEXT_NODE) {
      const t = squash(node.data);
      acc.text += t;
      if (acc.inLink) acc.link += t.trim().length;
      return;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    const el = node;
    if (SKIP.has(el.tagName) || hidden(el)) return;
    if (el.tagName === "BR") {
      acc.text += "\n";
      return;
    }
    if (el.tagName === "IMG") return;
    const wasLink = acc.inLink;
    if (el.tagName === "A") acc.inLink = true;
    const display = style(el).display;
    const spaced = display !== "inline" && display !== "contents";
    if (spaced) acc.text += " ";
    const kids = el.shadowRoot ? el.shadowRoot.childNodes : el.childNodes;
    for (const child of kids) inlineText(child, acc);
    if (!isInline(el) && !acc.text.endsWith("\n")) acc.text += "\n";
    else if (spaced) acc.text += " ";
    acc.inLink = wasLink;
  }

  function tidy(text) {
    return text.split("\n").map((l) => l.replace(/ +/g, " ").trim()).filter(Boolean).join("\n");
  }

  function linkChars(el) {
    let n = 0;
    const anchors = el.tagName === "A" ? [el] : el.querySelectorAll("a");
    for (const a of anchors) {
      // innerText is exact but costly; only anchors with markup inside need it.
      const t = a.firstElementChild ? a.innerText || "" : a.textContent || "";
      if (t && a.firstElementChild === null && hidden(a)) continue;
      n += squash(t).trim().length;
    }
    return n;
  }

  function emit(kind, text, el, containerEl, extra) {
    if (kind === "code") text = text.replace(/\s+$/, "").replace(/^\n+/, "");
    else if (kind === "list") text = text.split("\n").map((l) => l.trimEnd()).filter((l) => l.trim()).join("\n");
    else text = tidy(text);
    if (!text) return;
    const s = style(el.nodeType === Node.ELEMENT_NODE ? el : containerEl);
    const rect = (extra && extra.rect) || el.getBoundingClientRect();
    const b = {
      kind, text, container: container(containerEl),
      xpath: el === containerEl && extra && extra.run
        ? containers[container(containerEl)].xpath
        : `${containers[container(containerEl)].xpath}/${xpathStep(el)}`,
      links: extra && extra.links !== undefined ? extra.links : linkChars(el),
      box: box(rect), font: parseFloat(s.fontSize) || 0,
      weight: parseInt(s.fontWeight, 10) || 400, level: (extra && extra.level) || 0,
      tag: el.nodeType === Node.ELEMENT_NODE ? el.localName : "",
    };
    if (el === containerEl) b.xpath = containers[container(containerEl)].xpath;
    if (extra && extra.marked) b.marked = tidy(extra.marked);
    blocks.push(b);
  }

  function listText(el, depth) {
    const lines = [];
    let n = parseInt(el.getAttribute("start") || "1", 10) || 1;
    const ordered = el.tagName === "OL";
    for (const li of el.children) {
      if (hidden(li)) continue;
      if (li.tagName !== "LI") {
        const t = tidy(li.innerText || "");
        if (t) lines.push("  ".repeat(depth) + t.replace(/\n/g, " "));
        continue;
      }
      const own = { text: "", link: 0, inLink: false };
      const nested = [];
      for (const child of li.childNodes) {
        if (child.nodeType === Node.ELEMENT_NODE && (child.tagName === "UL" || child.tagName === "OL")) {
          if (!hidden(child)) nested.push(listText(child, depth + 1));
        } else {
          inlineText(child, own);
        }
      }
      const marker = ordered ? `${n}. ` : "- ";
      n++;
      const body = tidy(own.text).replace(/\n/g, " ");
      if (body) lines.push("  ".repeat(depth) + marker + body);
      for (const sub of nested) if (sub) lines.push(sub);
    }
    return lines.join("\n");
  }

  // The refs capture gave the controls of a table's rows (`Delete @e45`), so that a
  // model reading a table can act on a row. Only refs the page already has: read
  // assigns none (an element capture never saw has no ref), and a frame's refs would
  // need its frame id, so only the main document asks (opts.refs). fingerprint.js hashes
  // the same refs, so a cached read never shows refs of elements since replaced.
  const CONTROLS = "a[href],button,input:not([type=hidden]),select,textarea,[role=button]," +
    "[role=link],[role=checkbox],[role=switch],[role=radio],[role=menuitem],[role=tab]," +
    "[role=combobox],[contenteditable=true]";
  const refState = (() => {
    if (!opts.refs) return null;
    const s = window[Symbol.for("domdex")];
    return s && s.doc === document && typeof s.peek === "function" ? s : null;
  })();
  let marked = false; // did any table cell get a ref

  // A control as a cell shows it, with its ref: `Delete @e45`, `[checkbox, checked @e41]`.
  function controlText(el, ref) {
    const kind = el.tagName === "SELECT" ? "select" : el.tagName === "TEXTAREA" ? "textbox"
      : el.tagName === "INPUT" ? (el.type || "text").toLowerCase() : "";
    if (kind === "checkbox" || kind === "radio") {
      return `[${kind}, ${el.checked ? "checked" : "unchecked"} @${ref}]`;
    }
    if (kind === "select") {
      const chosen = el.selectedOptions && el.selectedOptions[0];
      return `[select: ${tidy(chosen ? chosen.text : "").slice(0, 40)} @${ref}]`;
    }
    if (kind === "button" || kind === "submit" || kind === "reset") {
      return `${tidy(el.value || "") || kind} @${ref}`;
    }
    if (kind) return `[${kind === "text" ? "textbox" : kind} @${ref}]`;  // never a value
    const own = tidy(el.innerText || "").replace(/\n/g, " ");
    if (own) return `${own} @${ref}`;
    const named = tidy(el.getAttribute("aria-label") || el.getAttribute("title") || "");
    return `[${el.getAttribute("role") || el.localName}${named ? ` "${named}"` : ""} @${ref}]`;
  }

  // A cell's text with ` @eN` after each control that has a ref.
  function markedCell(node, parts) {
    if (node.nodeType === Node.TEXT_NODE) {
      parts.push(squash(node.data));
      return;
    }
    if (node.nodeType !== Node.ELEMENT_NODE || hidden(node)) return;
    const ref = node.matches(CONTROLS) ? refState.peek(node) : null;
    if (ref) {
      parts.push(" ", controlText(node, ref), " ");
      marked = true;
      return;
    }
    if (!node.querySelector(CONTROLS)) {
      parts.push(" ", node.innerText || "", " ");
      return;
    }
    const kids = node.shadowRoot ? node.shadowRoot.childNodes : node.childNodes;
    for (const child of kids) markedCell(child, parts);
  }

  function cellText(cell) {
    const plain = tidy(cell.innerText || "").replace(/\n/g, " ");
    if (!refState || !cell.querySelector(CONTROLS)) return [plain, plain];
    const parts = [];
    for (const child of cell.childNodes) markedCell(child, parts);
    return [plain, tidy(parts.join("").replace(/\n/g, " "))];
  }

  // [plain text, text with the refs of the rows' controls]
  function tableText(el) {
    const rows = [];
    const withRefs = [];
    for (const row of el.rows) {
      if (hidden(row)) continue;
      const cells = [];
      for (const cell of row.cells) if (!hidden(cell)) cells.push(cellText(cell));
      if (cells.some(([plain, mine]) => plain || mine)) {
        rows.push(cells.map(([plain]) => plain).join(" | "));
        withRefs.push(cells.map(([, mine]) => mine).join(" | "));
      }
    }
    return [rows.join("\n"), withRefs.join("\n")];
  }

  function dlText(el) {
    const lines = [];
    for (const child of el.children) {
      if (hidden(child)) continue;
      const t = tidy(child.innerText || "").replace(/\n/g, " ");
      if (!t) continue;
      lines.push(child.tagName === "DD" ? `  ${t}` : t);
    }
    return lines.join("\n");
  }

  function headingLevel(el) {
    if (HEADINGS.has(el.tagName)) return parseInt(el.tagName[1], 10);
    if (el.getAttribute("role") === "heading") {
      return parseInt(el.getAttribute("aria-level") || "2", 10) || 2;
    }
    return 0;
  }

  // Lists, tables and quotes stay whole unless they are really page layout: then
  // their children are walked like any other container.
  function isLayout(el) {
    if (el.querySelector("h1,h2,h3,h4,h5,h6,[role=heading]")) return true;
    if (el.tagName === "TABLE") {
      if (el.querySelector("table")) return true;
      for (const b of el.querySelectorAll("p,div,ul,ol,pre")) {
        if ((b.textContent || "").length > 400) return true;
      }
      return false;
    }
    if (el.tagName === "DL") {
      // Sphinx-style API docs: every <dt id> is an anchor worth its own section.
      return !!el.querySelector(":scope > dt[id]");
    }
    if (el.tagName === "UL" || el.tagName === "OL") {
      for (const li of el.children) {
        if (li.querySelector("p,pre,table,figure") && (li.textContent || "").length > 400) return true;
      }
    }
    return false;
  }

  let termDepth = 0;

  function atom(el) {
    const level = headingLevel(el);
    if (level) {
      lastHeadingLevel = level;
      emit("heading", el.innerText || "", el, parentOf(el), { level });
      return true;
    }
    switch (el.tagName) {
      case "P": case "ADDRESS":
        if (el.querySelector(BLOCKY)) return false;
        emit("paragraph", el.innerText || "", el, parentOf(el));
        return true;
      case "PRE":
        emit("code", el.innerText || "", el, parentOf(el));
        return true;
      case "FIGCAPTION":
        emit("caption", el.innerText || "", el, parentOf(el));
        return true;
      case "UL": case "OL":
        if (isLayout(el)) return false;
        emit("list", listText(el, 0), el, parentOf(el));
        return true;
      case "TABLE": {
        if (isLayout(el)) return false;
        marked = false;
        const [plain, withRefs] = tableText(el);
        emit("table", plain, el, parentOf(el), marked ? { marked: withRefs } : undefined);
        return true;
      }
      case "DL":
        if (isLayout(el)) return sphinxList(el);
        emit("list", dlText(el), el, parentOf(el));
        return true;
      case "BLOCKQUOTE":
        if (isLayout(el)) return false;
        emit("quote", el.innerText || "", el, parentOf(el));
        return true;
      default:
        return false;
    }
  }

  function sphinxList(el) {
    const base = lastHeadingLevel;
    termDepth++;
    const kids = [...el.children].filter((c) => !hidden(c));
    for (let i = 0; i < kids.length; i++) {
      const child = kids[i];
      if (child.tagName !== "DT") {
        walk(child);
        continue;
      }
      // Several signatures of one API entry (overloads) make one heading.
      const names = [];
      let j = i;
      for (; j < kids.length && kids[j].tagName === "DT"; j++) {
        names.push(tidy((kids[j].innerText || "").replace(/¶\s*$/, "")).replace(/\n/g, " "));
      }
      emit("heading", names.filter(Boolean).join(" / "), child, el, { level: Math.min(6, base + termDepth) });
      i = j - 1;
    }
    termDepth--;
    lastHeadingLevel = base;
    return true;
  }

  function flush(run, el) {
    if (!run.length) return;
    const acc = { text: "", link: 0, inLink: false };
    for (const n of run) inlineText(n, acc);
    if (!acc.text.trim()) return;
    const range = document.createRange();
    range.setStartBefore(run[0]);
    range.setEndAfter(run[run.length - 1]);
    emit("text", acc.text, el, el, { rect: range.getBoundingClientRect(), links: acc.link, run: true });
  }

  function blockish(node) {
    if (node.nodeType !== Node.ELEMENT_NODE) return false;
    if (SKIP.has(node.tagName)) return false;
    if (!isInline(node)) return true;
    return !!node.querySelector(BLOCKY);
  }

  function walk(el) {
    if (SKIP.has(el.tagName) || hidden(el)) return;
    if (atom(el)) return;
    const kids = el.shadowRoot ? el.shadowRoot.childNodes : el.childNodes;
    let run = [];
    for (const child of kids) {
      if (child.nodeType === Node.ELEMENT_NODE && child.tagName === "SLOT") {
        flush(run, el);
        run = [];
        for (const n of child.assignedNodes({ flatten: true })) {
          if (n.nodeType === Node.ELEMENT_NODE) walk(n);
        }
      } else if (blockish(child)) {
        flush(run, el);
        run = [];
        walk(child);
      } else {
        run.push(child);
      }
    }
    flush(run, el);
  }

  const body = document.body;
  if (body) walk(body);
  // One JSON string crosses the protocol much faster than a large object graph.
  return JSON.stringify({
    url: location.href,
    title: document.title || "",
    lang: document.documentElement.lang || "",
    fingerprint: opts.fingerprint || "",
    containers,
    blocks,
  });
}
