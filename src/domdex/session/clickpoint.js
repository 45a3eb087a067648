// Where to click an element so that the click lands on it and not on a control inside it.
// Called as locator.evaluate(fn); it scrolls the element into view as Playwright would, and
// changes nothing else.
//
// Playwright clicks the middle of the element's box and accepts any element there that
// is inside it. For a tree's folder (<li>Olin<ul><li>Kenda</li>…</ul></li>) or a
// clickable row holding links, the middle can be a nested control: the click then goes
// to *Kenda*, and its handler acts (the worst outcome: another element than the one
// named). Returns null when the middle is the element's own (the usual case: click as
// Playwright does) or the element only wraps the control there (it fills 80 % of it),
// [x, y] relative to its padding box for a point on its own text, a child that holds no
// control or else any free point of it, or {covered: "<description>"} when none is clear.
(el) => {
  const CONTROL = 'a[href],button,input,select,textarea,summary,[onclick],' +
    '[tabindex]:not([tabindex="-1"]),[role=button],[role=link],[role=menuitem],' +
    '[role=menuitemcheckbox],[role=menuitemradio],[role=option],[role=tab],' +
    '[role=treeitem],[role=checkbox],[role=radio],[role=switch]';
  // A control inside el, other than el: a known control element, an item of a list
  // nested inside el (a tree's file, a submenu's entry), or an element that shows a
  // pointer cursor its parent does not (clickable by script: a card's "Delete" <div>).
  const GRID = [7, 3]; // columns and rows of the points tried last, across the element
  const WRAPPED = 0.8; // share of the element's box a control must fill to be all of it
  const pointer = (n) => getComputedStyle(n).cursor === "pointer";
  const controlAt = (hit) => {
    for (let n = hit; n && n !== el; n = n.parentElement) {
      if (n.matches(CONTROL)) return n;
      const up = n.parentElement;
      if (n.tagName === "LI" && up && up !== el && el.contains(up)) return n;
      if (up && pointer(n) && !pointer(up)) return n;
    }
    return null;
  };
  // inside a shadow tree, the document answers with the host: ask the element's own root
  const root = el.getRootNode();
  const at = (x, y) => (root.elementFromPoint ? root : document).elementFromPoint(x, y);
  const ownAt = (x, y) => {
    const hit = at(x, y);
    return !!hit && (hit === el || el.contains(hit)) && controlAt(hit) === null;
  };
  const describe = (n) => {
    let s = "<" + n.tagName.toLowerCase() + ">";
    const text = (n.getAttribute("aria-label") || n.textContent || "").trim().replace(/\s+/g, " ");
    if (text) s += ' "' + text.slice(0, 40) + '"';
    return s;
  };
  let r = el.getBoundingClientRect();
  if (r.width <= 0 || r.height <= 0) return null; // hidden: Playwright's to say
  const inView = () => {
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    return x >= 0 && y >= 0 && x < innerWidth && y < innerHeight;
  };
  if (!inView()) { // Playwright would scroll it into view first: do so, then look
    el.scrollIntoView({ block: "center", inline: "nearest" });
    r = el.getBoundingClientRect();
    if (!inView()) return null;
  }
  const cx = r.left + r.width / 2;
  const cy = r.top + r.height / 2;
  const hit = at(cx, cy);
  const inner = hit && (hit === el || el.contains(hit)) ? controlAt(hit) : null;
  // the middle is the element's own, or something else covers it (Playwright's to say)
  if (inner === null) return null;
  // A wrapper around one control (a custom element around a <button>, with a hidden
  // tooltip beside it): that control fills it, and clicking it is clicking the wrapper.
  const b = inner.getBoundingClientRect();
  const shared = Math.max(0, Math.min(b.right, r.right) - Math.max(b.left, r.left)) *
    Math.max(0, Math.min(b.bottom, r.bottom) - Math.max(b.top, r.top));
  if (shared >= WRAPPED * r.width * r.height) return null;
  // Points of el's own: its direct text, then its children that hold no control.
  const points = [];
  for (let c = el.firstChild; c; c = c.nextSibling) {
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
      return [x - r.left - el.clientLeft, y - r.top - el.clientTop]; // padding box
    }
  }
  return { covered: describe(inner) };
}
