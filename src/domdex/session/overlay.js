// Draws refs and region outlines over a screenshot, in a scratch page of our own
// (never in the user's page). arg: {png, width, height, boxes: [{x, y, w, h, label, kind}]}
(arg) => {
  document.body.style.margin = "0";
  const wrap = document.createElement("div");
  wrap.style.cssText = "position:relative;width:" + arg.width + "px;height:" + arg.height + "px";
  const img = document.createElement("img");
  img.src = "data:image/png;base64," + arg.png;
  img.style.cssText = "position:absolute;left:0;top:0;width:" + arg.width + "px;height:" + arg.height + "px";
  wrap.appendChild(img);
  for (const b of arg.boxes) {
    const region = b.kind === "region";
    const color = region ? "rgba(0,102,204,0.9)" : "rgba(220,20,60,0.95)";
    const box = document.createElement("div");
    box.style.cssText = "position:absolute;box-sizing:border-box;left:" + b.x + "px;top:" + b.y +
      "px;width:" + b.w + "px;height:" + b.h + "px;border:" + (region ? "2px dashed " : "2px solid ") + color;
    const tag = document.createElement("span");
    tag.textContent = b.label;
    tag.style.cssText = "position:absolute;left:-2px;top:" + (region || b.y < 16 ? "-2px" : "-16px") +
      ";font:bold 11px/14px monospace;color:#fff;background:" + color + ";padding:0 3px;white-space:nowrap";
    box.appendChild(tag);
    wrap.appendChild(box);
  }
  document.body.appendChild(wrap);
  return new Promise((resolve) => { if (img.complete) resolve(true); else img.onload = () => resolve(true); });
}
