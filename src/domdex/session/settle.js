// Resolves after two animation frames: handlers that ran on the event have rendered.
() => new Promise((resolve) => {
  const done = () => resolve(true);
  if (document.visibilityState === "hidden") { setTimeout(done, 16); return; }
  requestAnimationFrame(() => requestAnimationFrame(done));
  setTimeout(done, 200);
})
