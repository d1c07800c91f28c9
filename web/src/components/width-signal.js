// The page's signal that it has caught up with a new width: body[data-width] is the window width
// that every width-dependent redraw has been made for. Redraws after a resize wait for resizing
// to pause (heatmap.js, watch-width.js); each says when it is scheduled and when it has run, and
// once none is left waiting the width is written. Tests wait on it instead of a fixed delay.
const waiting = new Set();

/** A redraw for a new width is scheduled; `token` names it (the same token when re-scheduled). */
export function widthRedrawScheduled(token) {
  waiting.add(token);
}

/** That redraw has run. */
export function widthRedrawDone(token) {
  waiting.delete(token);
  if (!waiting.size && typeof document !== 'undefined' && document.body) document.body.dataset.width = String(window.innerWidth);
}
