// A team's own code, shown on its phone only on request: <details data-hide-after="5">.
// Opened by a tap on its summary (that works without this file too), it closes again
// after that many seconds, so the opponents cannot read it off the screen later.
// A static file, not inline script, so the Content-Security-Policy stays strict.
document.addEventListener("toggle", (event) => {
  const box = event.target;
  if (!(box instanceof HTMLDetailsElement) || !box.dataset.hideAfter || !box.open) {
    return;
  }
  const seconds = Number(box.dataset.hideAfter) || 5;
  window.clearTimeout(Number(box.dataset.timer || 0));
  box.dataset.timer = String(window.setTimeout(() => { box.open = false; }, seconds * 1000));
}, true);
