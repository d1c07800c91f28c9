// The page's signal that it has caught up with a new width: body[data-width] is the window width
// that every width-dependent redraw has been made for. Redraws after a resize wait for resizing
// to pause (heatmap/visibility.js, watch-width.js); each says when it is scheduled and when it has run, and
// once none is left waiting the width is written. Tests wait on it instead of a fixed delay.
//
// A resize removes the attribute at once, so an old width is never read as the new one; and a
// resize that changes no drawing's width still gets its signal: two frames later (the first
// frame's layout has then run every ResizeObserver, which schedules any redraw) it is written if
// no redraw is waiting.
const waiting = new Set();

function writeWidth() {
  if (!waiting.size && typeof document !== 'undefined' && document.body) document.body.dataset.width = String(window.innerWidth);
}

if (typeof window !== 'undefined') {
  window.addEventListener('resize', () => {
    if (document.body) delete document.body.dataset.width;
    requestAnimationFrame(() => requestAnimationFrame(writeWidth));
  });
}

/** A redraw for a new width is scheduled; `token` names it (the same token when re-scheduled). */
export function widthRedrawScheduled(token) {
  waiting.add(token);
  if (typeof document !== 'undefined' && document.body) delete document.body.dataset.width;
}

/** That redraw has run. */
export function widthRedrawDone(token) {
  waiting.delete(token);
  writeWidth();
}
