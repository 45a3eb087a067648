// Where to click an element so that the click lands on it and not on a control inside it.
// Called as locator.evaluate(fn); it scrolls the element into view as Playwright would,
// arms a guard for the click that follows (below), and changes nothing else.
//
// Playwright clicks the middle of the element's box and accepts any element there that
// is inside it. For a tree's folder (<li>Olin<ul><li>Kenda</li>…</ul></li>) or a
// clickable row holding links, the middle can be a nested control: the click then goes
// to *Kenda*, and its handler acts (the worst outcome: another element than the one
// named). Returns null when the middle is the element's own (the usual case: click as
// Playwright does) or the element only wraps the control there (it fills 80 % of it and
// the element is no control of its own), [x, y] relative to its padding box for a point
// on its own text, a child that holds no control or else any free point of it, or
// {covered: "<description>"} when none is clear.
//
// The guard: what is under the pointer can change between this look and the click — a
// tile shows its "Delete" button in its middle only on :hover, a layout shifts. Until
// the session disarms it (window[Symbol.for("domdex.clickguard")].stop(), which answers
// what it blocked), a capture listener on the element's window looks at the first
// trusted pointer event: when its target is a control nested in the element (other than
// the one a wrapper was let through to), or is not inside the element at all (`missed:
// …`), that event and the rest of the click are stopped before any page handler sees
// them, so nothing is done. The events after it must reach the element too: one that
// lands elsewhere (`moved: …`, the layout shifted between press and release) is stopped
// as well, and the click reported as not made.
//
// `expect` (from the session; may be null) is who the element is in the capture the
// session resolved it in: `item`, the ref of its row (its item: the largest ancestor
// holding no look-alike), the row's `key` words that tell it from the look-alikes'
// rows (`ids`: those that are ids or numbers, each required), `words` (all its row's
// words), `others` (the look-alikes' rows' words) and `own` (its own name's words).
// A live list can re-sort or patch its rows in place between that capture and the
// click: the same <button>, now in Bob's row, with Bob's handler. So the row is judged
// twice against `expect` — when the guard is armed (answering {changed: "..."} and not
// arming: nothing to click) and at the first trusted event of the click — and the
// element's own words and its row's, read when armed, must not be lost by then
// (`changed: …` verdict: the click is stopped as a nested control's is).
//
// With `expect.keys` (a fill, a select, typing, a key pressed) nothing is clicked: the
// same row judgment guards the keys and text that come (armKeys below).
(el, expect) => {
  const CONTROL = 'a[href],area[href],button,input,select,textarea,summary,' +
    // embedded documents and players: a click in them acts in them
    'iframe,frame,object,embed,video[controls],audio[controls],' +
    // a label clicks its control; an editor takes the caret
    'label[for],label:has(input,select,textarea,button),' +
    '[contenteditable]:not([contenteditable="false"]),[onclick],' +
    '[tabindex]:not([tabindex="-1"]),[role=button],[role=link],[role=menuitem],' +
    '[role=menuitemcheckbox],[role=menuitemradio],[role=option],[role=tab],' +
    '[role=treeitem],[role=checkbox],[role=radio],[role=switch]';
  // A control inside el, other than el: a known control element, an item of a list
  // nested inside el (a tree's file, a submenu's entry), an element that shows a
  // pointer cursor its parent does not (clickable by script: a card's "Delete" <div>),
  // or one with a click listener of its own.
  const GRID = [7, 3]; // columns and rows of the points tried last, across the element
  // controls with an action of their own, whatever holds them
  const NATIVE = "a[href],button,input,select,textarea,summary,iframe,frame,object,embed," +
    "video,audio,label";
  const WRAPPED = 0.8; // share of the element's box a control must fill to be all of it
  const native = el.matches(NATIVE);
  const pointer = (n) => getComputedStyle(n).cursor === "pointer";
  // the parent in the composed tree: out of a shadow tree to its host
  const up = (n) => n.parentElement || (n.parentNode && n.parentNode.host) || null;
  const holds = (anc, n) => {
    for (; n; n = up(n)) if (n === anc) return true;
    return false;
  };
  const within = (n) => holds(el, n);
  // a listener of its own, as capture reads it (capture/listeners.py's probe; a page
  // can reach the probe, so it is called under try and only `true` counts)
  let probe = null;
  try {
    const p = window[Symbol.for("domdex.listens")];
    if (typeof p === "function") probe = p;
  } catch (e) { probe = null; }
  const listens = (n) => {
    if (probe === null) return false;
    try { return probe(n) === true; } catch (e) { return false; }
  };
  const controlAt = (hit) => {
    for (let n = hit; n && n !== el; n = up(n)) {
      if (n.matches(CONTROL)) return n;
      const p = up(n);
      if (n.tagName === "LI" && p && p !== el && within(p)) return n;
      if (p && pointer(n) && !pointer(p)) return n;
      // a tile's trash icon, bound by script (a button's own parts, a ripple's layer,
      // are the button's)
      if (!native && listens(n)) return n;
    }
    return null;
  };
  // inside a shadow tree, the document answers with the host: ask the element's own
  // root, then into the open shadow trees under the point (the element's own included)
  const root = el.getRootNode();
  const at = (x, y) => {
    let hit = (root.elementFromPoint ? root : document).elementFromPoint(x, y);
    for (let depth = 0; hit && hit.shadowRoot && depth < 32; depth++) {
      const inner = hit.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === hit) break;
      hit = inner;
    }
    return hit;
  };
  const ownAt = (x, y) => {
    const hit = at(x, y);
    return !!hit && within(hit) && controlAt(hit) === null;
  };
  const describe = (n) => {
    let s = "<" + n.tagName.toLowerCase() + ">";
    const text = (n.getAttribute("aria-label") || n.textContent || "").trim().replace(/\s+/g, " ");
    if (text) s += ' "' + text.slice(0, 40) + '"';
    return s;
  };
  // Words as domdex's Python side cuts them (index/identity.words): casefolded,
  // accents dropped, runs of letters, digits and "_".
  const cut = (text) => (text || "").normalize("NFKC").toLowerCase().replace(/\u00df/g, "ss")
    .normalize("NFKD").replace(/\p{M}/gu, "").match(/[\p{L}\p{N}_]+/gu) || [];
  // the visible text of a subtree, its open shadow trees included (as captured), but
  // for the subtree at `skip` (a field being typed into: its own text is what changes)
  const shown = (root, limit, skip) => {
    const out = [];
    let size = 0;
    const walk = (n) => {
      for (let c = n.firstChild; c && size < limit; c = c.nextSibling) {
        if (c.nodeType === 3) {
          const p = c.parentElement;
          if (/\S/.test(c.data) && (!p || !p.checkVisibility ||
              p.checkVisibility({ visibilityProperty: true, checkVisibilityCSS: true }))) {
            out.push(c.data);
            size += c.data.length;
          }
        } else if (c.nodeType === 1 && c !== skip) {
          if (c.shadowRoot) walk(c.shadowRoot);
          // a shadow row's <slot> shows the host's light children (a row's name)
          const slotted = c.tagName === "SLOT" ? c.assignedNodes({ flatten: true }) : [];
          if (slotted.length) {
            for (const a of slotted) {
              if (a.nodeType === 3) { out.push(a.data); size += a.data.length; }
              else if (a.nodeType === 1) { out.push(shown(a, limit - size, skip)); }
            }
          } else if (!/^(SCRIPT|STYLE|TEMPLATE|NOSCRIPT)$/.test(c.tagName)) walk(c);
        }
      }
    };
    if (root.shadowRoot) walk(root.shadowRoot);
    walk(root);
    return out.join(" ").replace(/\s+/g, " ").trim();
  };
  // the element's own words: its text and the attributes that name it
  const ownWords = () => {
    const parts = [shown(el, 2000), el.getAttribute("aria-label"), el.getAttribute("title"),
      el.getAttribute("alt"), /^(button|submit|reset)$/.test(el.type || "") ? el.value : ""];
    for (const img of el.querySelectorAll("img[alt]")) parts.push(img.getAttribute("alt"));
    return new Set(cut(parts.filter(Boolean).join(" ")));
  };
  const ROWS = "tr,li,article,[role=row],[role=listitem],[role=option],[role=treeitem]";
  // the element's row: the capture's item when it still holds the element, else the
  // nearest repeating container (a list that re-rendered its rows' wrappers)
  const rowOf = () => {
    const w = el.ownerDocument.defaultView;
    const st = w && w[Symbol.for("domdex")];
    if (expect && expect.item && st && st.doc === el.ownerDocument && st.element) {
      const item = st.element(expect.item);
      if (item && item !== el && item.isConnected && holds(item, el)) {
        return item;
      }
    }
    for (let n = up(el); n; n = up(n)) if (n.matches && n.matches(ROWS)) return n;
    return null;
  };
  const quote = (t) => '"' + (t.length > 60 ? t.slice(0, 60) + "\u2026" : t) + '"';
  // "" when the row still is the one resolved, else what it is now
  // `drop`: words of the field's own text when the guard was armed (a prefilled
  // textarea's, an editable cell's), which the action itself changes; `light`: a later
  // key of the same action, after the page reacted to the earlier ones (a line total, a
  // characters-left count moved): only the record's name and most of its key must stay
  const judge = (row, skip, drop, light) => {
    if (!expect || !row || !(expect.key || []).length) return "";
    const own = new Set(expect.own || []);
    const text = shown(row, 20000, skip);
    const all = cut(text);
    const said = all.filter((w) => !own.has(w));
    const now = new Set(said);
    // words the capture cut otherwise ("King160" where a field sat between two texts)
    const joined = said.join("");
    const has = (w) => now.has(w) || (w.length > 3 && joined.includes(w));
    const kept = (ws) => (ws || []).filter((w) => !(drop && drop.has(w)) &&
      !(light && /\d/.test(w)));
    const key = kept(expect.key);
    const hit = key.filter(has).length;
    const told = "its row now reads " + quote(text);
    const names = kept(expect.names);
    if (light) { // the record's name must stay; with none, one of its key words
      if (names.length) return names.every(has) ? "" : told;
      // … or the field's own label, where no other row has it (a form laid out in rows:
      // *Username*, its hint replaced by "Too short" as the text goes in)
      const others = (expect.others || []).map((o) => new Set(o));
      const telling = [...own].filter((w) => !others.some((o) => o.has(w)));
      if (telling.length && telling.every((w) => all.includes(w))) return "";
      return !key.length || hit > 0 ? "" : told;
    }
    if (kept(expect.ids).some((w) => !has(w)) || hit < 0.5 * key.length) return told;
    // the cell that names the record must still say all of it
    if (names.some((w) => !has(w))) return told;
    // it reads more like another look-alike's row than its own: that row moved here
    const old = new Set(expect.words || []);
    const jaccard = (a, b) => {
      let both = 0;
      for (const x of a) if (b.has(x)) both++;
      const all = a.size + b.size - both;
      return all ? both / all : 1;
    };
    const gained = [...now].some((w) => !old.has(w) && !/^\d{1,2}$/.test(w));
    if (gained) {
      const mine = jaccard(now, old);
      for (const o of expect.others || []) {
        const other = new Set(o.filter((w) => !own.has(w)));
        if (other.size && jaccard(now, other) > mine) return told;
      }
    }
    return "";
  };
  const lost = (before, now) => [...before].filter((w) => !now.has(w));
  const KEY = Symbol.for("domdex.clickguard");
  const EVENTS = ["pointerdown", "mousedown", "pointerup", "mouseup", "click", "auxclick",
    "dblclick"];
  // who the element is now, as a test to run again later: "" while it still is, else
  // "changed: <what>". `typed`: its own text is what the action changes (a fill or keys
  // into it), so it is judged by its row alone, its own subtree left out
  const identity = (typed) => {
    const row = rowOf();
    const skip = typed ? el : null;
    const own0 = typed ? new Set() : ownWords();
    const drop = typed ? new Set(cut(shown(el, 20000))) : null;
    const row0 = row ? new Set(cut(shown(row, 20000, skip))) : null;
    return (light) => {
      if (!el.isConnected) return "changed: it left the page";
      const gone = typed ? [] : lost(own0, ownWords());
      if (gone.length) return "changed: its name changed (no longer says " + quote(gone.join(" ")) + ")";
      if (!row) return "";
      if (!holds(row, el) || !row.isConnected) return "changed: it moved out of its row";
      const said = judge(row, skip, drop, light);
      if (said) return "changed: " + said;
      if (light) return ""; // a hint replaced as the text goes in is no other record
      // no key from the capture: most of its row's words may not go
      const now = new Set(cut(shown(row, 20000, skip)));
      if (!(expect && (expect.key || []).length) && row0.size && lost(row0, now).length > row0.size / 2) {
        return "changed: its row now reads " + quote(shown(row, 2000));
      }
      return "";
    };
  };
  // `listener` on el's window for `types`, capturing (before the page's own), as the
  // one guard the session disarms (the one before it is stopped); stop() answers
  // `verdict()`, or "". Never outlives an action the session lost track of.
  const install = (types, listener, verdict) => {
    const w = el.ownerDocument.defaultView;
    if (w[KEY]) w[KEY].stop();
    const off = () => { for (const type of types) w.removeEventListener(type, listener, true); };
    const guard = { stop: () => { off(); if (w[KEY] === guard) delete w[KEY]; return verdict() || ""; } };
    for (const type of types) w.addEventListener(type, listener, true);
    w[KEY] = guard;
    setTimeout(off, 60000);
    return off;
  };
  // let the click through to el's own points and to `allowed` (a wrapped control) only
  const arm = (allowed) => {
    let verdict; // decided by the first trusted event: "" to let it pass, else the control
    let captured = null; // an ancestor that took the pointer capture during the click
    const opened0 = el.getAttribute("aria-expanded"); // a popup it opens, before the press
    // who the element is now, to be found again at the first event of the click
    const changed = identity(false);
    const listener = (e) => {
      if (!e.isTrusted) return; // a label's click on its field, a page's own dispatch
      if (verdict === undefined) {
        const t = e.composedPath()[0];
        if (t && t.nodeType === 1 && !within(t)) {
          // the pointer is not on the element at all (it shrank as the pointer came over
          // it: an icon swapping to a hover image not loaded yet; something moved in)
          verdict = "missed: " + describe(t);
        } else {
          const c = t && t.nodeType === 1 && t !== el ? controlAt(t) : null;
          verdict = c && c !== allowed ? describe(c) : changed();
        }
      } else if (!verdict) {
        // The press reached the element; the release must too: a bar shown or an error
        // message inserted above it as the press blurred a field moves the element away
        // in between, and the release (a page acting on pointerup: another row's) or the
        // click (sent to what holds both) lands elsewhere. Two are no move: a release
        // the element's own container captured on press (a slider's track, a segmented
        // control) and its click go there; and a press that opened the element's own
        // popup over it (a select that opens on mousedown, as Material UI's does) is
        // done, its release on the popup kept from the page (it would pick an option).
        const t = e.composedPath()[0];
        if (t && t.nodeType === 1 && !within(t)) {
          if (!captured && holds(t, el) && e.pointerId !== undefined &&
              t.hasPointerCapture && t.hasPointerCapture(e.pointerId)) captured = t;
          if (opened0 !== "true" && el.getAttribute("aria-expanded") === "true") {
            e.preventDefault();
            e.stopImmediatePropagation();
          } else if (!captured || !holds(captured, t)) verdict = "moved: " + describe(t);
        }
      }
      if (verdict) {
        e.preventDefault();
        e.stopImmediatePropagation();
      }
      if (e.type === "click") off(); // the click is over: a later one is not ours
    };
    const off = install(EVENTS, listener, () => verdict);
  };
  const answer = (result, allowed) => {
    arm(allowed);
    return result;
  };
  // The keys guard, for a fill, a select, typing or a key pressed on the element: the
  // same row can be patched to another record's while the text goes in (a live list
  // re-sorted on focus, rows rewritten every few ms), and Playwright's fill, select or
  // keys then land in Bob's field. Each keystroke or edit is judged at its first event
  // (listener below); once the element is not the one resolved any more, it and what
  // follows are stopped before any page handler sees them (a select's value put back),
  // until the session disarms the guard. The first is judged in full; later ones only
  // by the record's name and most of its key, the page having reacted to the earlier
  // ones (a line total, a hint replaced), and the field's own text is no part of it.
  const KEYS = ["keydown", "keypress", "keyup", "beforeinput", "input", "change", "paste"];
  const armKeys = () => {
    const changed = identity(true);
    let verdict = "";
    let judged = 0; // keystrokes and edits judged so far
    let keyDown = false; // a keydown of this keystroke was judged (its input follows)
    const options = el.options ? [...el.options].map((o) => o.selected) : null;
    const value = "value" in el ? el.value : null;
    const undo = () => {
      if (options) [...el.options].forEach((o, i) => { o.selected = !!options[i]; });
      else if (value !== null && el.value !== value) el.value = value;
    };
    // Judged once per keystroke or edit, at its first event, before the page's handlers
    // on the element see it: a keydown; a beforeinput with no keydown before it (a
    // fill's text insertion); a select's or a date field's own input event (the value
    // just set). Its keypress, input and keyup come after the page reacted to it (a line
    // total updated) and carry its verdict; a select's change is judged by the name.
    const listener = (e) => {
      const t = e.composedPath()[0];
      if (!t || !(t === el || within(t))) return;
      if (!e.isTrusted && e.type !== "input" && e.type !== "change") return;
      const first = e.type === "keydown" || (e.type === "beforeinput" && !keyDown) ||
        (e.type === "input" && !e.isTrusted) || e.type === "paste";
      if (e.type === "keydown") keyDown = true;
      else if (e.type === "keyup" || e.type === "input") keyDown = false;
      if (!verdict && first) verdict = changed(judged++ > 0);
      // a select's change follows its input, after the page's input handlers: a page
      // that patched another record into the row by then is caught by the name
      else if (!verdict && e.type === "change" && !e.isTrusted) verdict = changed(true);
      if (verdict) {
        if (e.type === "input" || e.type === "change") undo();
        e.preventDefault();
        e.stopImmediatePropagation();
      }
    };
    install(KEYS, listener, () => verdict);
  };
  // the row already is another record's: nothing to click
  const already = judge(rowOf());
  if (already) return { changed: already };
  if (expect && expect.keys) { // no click: guard the keys and text that will come
    armKeys();
    return null;
  }
  let r = el.getBoundingClientRect();
  if (r.width <= 0 || r.height <= 0) return answer(null, null); // hidden: Playwright's to say
  const inView = () => {
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    return x >= 0 && y >= 0 && x < innerWidth && y < innerHeight;
  };
  if (!inView()) { // Playwright would scroll it into view first: do so, then look
    el.scrollIntoView({ block: "center", inline: "nearest" });
    r = el.getBoundingClientRect();
    if (!inView()) return answer(null, null);
  }
  const cx = r.left + r.width / 2;
  const cy = r.top + r.height / 2;
  const hit = at(cx, cy);
  const inner = hit && within(hit) ? controlAt(hit) : null;
  // the middle is the element's own, or something else covers it (Playwright's to say)
  if (inner === null) return answer(null, null);
  // A wrapper around one control (a custom element around a <button>, with a hidden
  // tooltip beside it): that control fills it, and clicking it is clicking the wrapper —
  // unless the wrapper is a control of its own (a card with its own handler, 80 % of it
  // its "Buy now" link): then it is clicked on a point of its own, as any element.
  const b = inner.getBoundingClientRect();
  const shared = Math.max(0, Math.min(b.right, r.right) - Math.max(b.left, r.left)) *
    Math.max(0, Math.min(b.bottom, r.bottom) - Math.max(b.top, r.top));
  const wrapped = shared >= WRAPPED * r.width * r.height;
  const parent = up(el);
  const ownControl = el.matches(CONTROL) || (pointer(el) && !(parent && pointer(parent)));
  // … or the control it is all filled with is one by its markup only (a role, a
  // tabindex, not a link or a button with an action of its own) and says just what it
  // says (a menu's <li> and the <div role=menuitem> "Martelle" in it): one target
  const words = (e) => (e.textContent || "").replace(/\s+/g, " ").trim();
  const same = !inner.matches(NATIVE) && words(el) !== "" && words(el) === words(inner);
  if (wrapped && (!ownControl || same)) return answer(null, inner);
  // Points of el's own: its direct text, then its children (in its shadow tree too)
  // that hold no control.
  const points = [];
  const kids = [...el.childNodes, ...(el.shadowRoot ? el.shadowRoot.childNodes : [])];
  for (const c of kids) {
    if (c.nodeType === 3 && /\S/.test(c.data)) {
      const range = document.createRange();
      range.selectNodeContents(c);
      for (const b of range.getClientRects()) points.push([b.left + b.width / 2, b.top + b.height / 2]);
    } else if (c.nodeType === 1 && !c.matches(CONTROL) && !c.querySelector(CONTROL + ",li")) {
      const b = c.getBoundingClientRect();
      if (b.width > 0 && b.height > 0) points.push([b.left + b.width / 2, b.top + b.height / 2]);
    }
  }
  // then anywhere free in it (a row whose every cell holds a link has padding of its own)
  for (let j = 0; j < GRID[1]; j++) {
    for (let i = 0; i < GRID[0]; i++) {
      points.push([r.left + (i + 0.5) * r.width / GRID[0], r.top + (j + 0.5) * r.height / GRID[1]]);
    }
  }
  for (const [x, y] of points) {
    if (x >= r.left && x < r.right && y >= r.top && y < r.bottom && ownAt(x, y)) {
      return answer([x - r.left - el.clientLeft, y - r.top - el.clientTop], null); // padding box
    }
  }
  // a custom element that is all its one control (<save-button onclick> around a
  // <button>): the component's host, whose inner button is how it is clicked
  if (wrapped && el.tagName.includes("-")) return answer(null, inner);
  return { covered: describe(inner) };
}
