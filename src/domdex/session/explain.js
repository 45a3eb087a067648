// Why can an action not be carried out on this element? Read-only: it only looks.
// Called as locator.evaluate(fn): returns what blocks the element, described for a person.
(el) => {
  const describe = (node) => {
    if (!node || node.nodeType !== 1) return "";
    let s = "<" + node.tagName.toLowerCase();
    if (node.id) s += "#" + node.id;
    else if (node.classList.length) s += "." + Array.from(node.classList).slice(0, 2).join(".");
    s += ">";
    const label = node.getAttribute("aria-label") || "";
    const role = node.getAttribute("role") || "";
    if (role || label) s += " (" + [role, label ? '"' + label.slice(0, 40) + '"' : ""].filter(Boolean).join(" ") + ")";
    return s;
  };
  // The outermost ancestor of the hit that does not contain the element: the overlay itself.
  const overlayOf = (hit) => {
    let top = hit;
    while (top.parentElement && top.parentElement !== document.body &&
           top.parentElement !== document.documentElement && !top.parentElement.contains(el)) {
      top = top.parentElement;
    }
    return top;
  };
  const out = { connected: el.isConnected, visible: false, disabled: false, editable: true,
                covered_by: "", inert: false, box: null, tag: el.tagName.toLowerCase(),
                role: (el.getAttribute("role") || "").trim().split(/\s+/)[0],
                type: String(el.type || ""), limit: el.maxLength > 0 ? el.maxLength : null };
  if (!el.isConnected) return out;
  const style = getComputedStyle(el);
  const rect = el.getBoundingClientRect();
  out.box = [rect.x, rect.y, rect.width, rect.height];
  out.visible = rect.width > 0 && rect.height > 0 && style.visibility !== "hidden" &&
                style.display !== "none" && Number(style.opacity) !== 0;
  out.disabled = !!(el.disabled || el.closest("fieldset:disabled") ||
                    el.getAttribute("aria-disabled") === "true");
  out.editable = !(el.readOnly || el.getAttribute("aria-readonly") === "true");
  out.inert = !!el.closest("[inert]");
  if (out.visible) {
    // Only a centre inside the viewport can be tested; Playwright scrolls the rest first.
    const x = rect.x + rect.width / 2;
    const y = rect.y + rect.height / 2;
    const inView = x >= 0 && y >= 0 && x < innerWidth && y < innerHeight;
    let hit = inView ? document.elementFromPoint(x, y) : null;
    while (hit && hit.shadowRoot && hit.shadowRoot.elementFromPoint) {
      const inner = hit.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === hit) break;
      hit = inner;
    }
    // inside el in the composed tree (its own shadow tree included): a control inside
    // it is no overlay — clickpoint.js clicks beside it or says it is inside
    const contains = (h) => {
      for (let n = h; n; n = n.parentElement || (n.parentNode && n.parentNode.host) || null) {
        if (n === el) return true;
      }
      return false;
    };
    if (hit && !contains(hit) && !(hit.contains && hit.contains(el))) {
      const overlay = overlayOf(hit);
      out.covered_by = describe(overlay);
      // what the overlay says and the controls it offers: the way out is one of them
      out.covered_text = (overlay.innerText || "").replace(/\s+/g, " ").trim().slice(0, 80);
      out.covered_controls = Array.from(overlay.querySelectorAll(
        "button, a[href], [role=button], input[type=button], input[type=submit]"))
        .map((c) => (c.innerText || c.value || c.getAttribute("aria-label") || c.title || "")
          .replace(/\s+/g, " ").trim().slice(0, 30))
        .filter(Boolean).slice(0, 6);
      // its own label drawn over it (an "sr-only" box beside the switch drawn instead)
      const own = hit.closest && hit.closest("label");
      out.covered_by_label = !!(own && own.control === el);
    }
  }
  // A checkbox or radio a person ticks through its label: visually hidden (clipped,
  // transparent, display:none) or under that label, with the label itself shown.
  if ((el.type === "checkbox" || el.type === "radio") && el.labels &&
      (!out.visible || out.covered_by_label)) {
    out.via_label = [...el.labels].some((l) => {
      const b = l.getBoundingClientRect();
      return b.width > 1 && b.height > 1 && (!l.checkVisibility ||
        l.checkVisibility({ visibilityProperty: true, opacityProperty: true }));
    });
  }
  return out;
}
