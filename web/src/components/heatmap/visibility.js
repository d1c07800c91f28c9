// Off-screen maps are not drawn until they come into view (IntersectionObserver); the figure's
// data-drawn attribute is "true" once its cells show the latest values. A new window width and a
// printout draw them too.
import { measureWidthAgain } from '../watch-width.js';
import { widthRedrawScheduled, widthRedrawDone } from '../width-signal.js';
import { roomBox } from './layout.js';
import { paint, size } from './paint.js';

let observer = null;
const observed = new Set();

/** Watches the map's figure; again for a figure that was out of the page for a while. */
export function observe(hm) {
  if (typeof IntersectionObserver === 'undefined') return;
  // 200 px ahead, so a map scrolled towards is usually drawn before it shows
  observer ??= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      const h = entry.target.heatmap;
      if (!h) continue;
      h.visible = entry.isIntersecting;
      if (h.visible && h.pending) paint(h);
    }
  }, { rootMargin: '200px 0px' });
  // figures of views that were replaced are no longer watched (nor kept alive by the observer)
  for (const figure of observed) {
    if (!figure.isConnected) {
      observer.unobserve(figure);
      observed.delete(figure);
    }
  }
  observer.observe(hm.figure.node());
  observed.add(hm.figure.node());
}

function onScreen(hm) {
  if (typeof IntersectionObserver === 'undefined') return true;
  if (hm.visible !== null) return hm.visible;
  const node = hm.figure.node();
  if (!node.isConnected) return true;
  const r = node.getBoundingClientRect();
  if (r.width === 0 && r.height === 0) return false; // in a hidden view
  return r.bottom > -200 && r.top < window.innerHeight + 200;
}

/** The map is sized now and drawn now if it is in view, else when it comes into view. */
export function schedulePaint(hm) {
  hm.pending = true;
  hm.figure.attr('data-drawn', 'false');
  size(hm);
  if (onScreen(hm)) paint(hm);
}

// A new window width (a phone turned, an iframe resized) sizes every map's cells again, also
// those whose own box did not report the change.
if (typeof window !== 'undefined') {
  let resizeTimer;
  const token = 'heatmaps';
  window.addEventListener('resize', () => {
    clearTimeout(resizeTimer);
    widthRedrawScheduled(token);
    resizeTimer = setTimeout(() => {
      const maps = [...observed].map((figure) => figure.heatmap).filter((hm) => hm?.figure.node().isConnected && hm.spec && hm.layout);
      for (const box of new Set(maps.map(roomBox))) measureWidthAgain(box); // all read, then all drawn
      for (const hm of maps) paint(hm);
      widthRedrawDone(token);
    }, 120);
  });
}

// A printout has no scrolling: every map still waiting is drawn first.
if (typeof window !== 'undefined') {
  window.addEventListener('beforeprint', () => {
    for (const figure of observed) if (figure.heatmap?.pending && figure.isConnected) paint(figure.heatmap);
  });
}
