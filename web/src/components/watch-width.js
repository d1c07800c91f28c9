// Calls `onChange(width)` when an element's width changes: a phone turned, a window or an iframe
// resized. Diagrams that pick their layout from the width they are given redraw through it.
// It waits until resizing pauses and skips changes of height only.
//
// The width is read only inside the ResizeObserver's callback, where the layout is already done,
// so watching costs nothing: reading it when the watch starts (in the middle of a redraw) made the
// browser lay out the whole page once per watched element, several times per keystroke.
import { debounce } from '../debounce.js';
import { widthRedrawScheduled, widthRedrawDone } from './width-signal.js';

/**
 * @param {HTMLElement} element
 * @param {(width: number) => void} onChange
 */
export function watchWidth(element, onChange) {
  let last = null; // the first observation, as soon as the element is laid out, only records
  const changed = debounce(() => {
    if (element.isConnected) onChange(last);
    widthRedrawDone(element);
  }, 120);
  // Not stopped when the element leaves the page: a heatmap holder a view keeps
  // (views/shared/heatmap-holders.js) is taken out during a redraw and put back; an element that never
  // comes back is collected with its observer.
  const observer = new ResizeObserver(() => {
    if (!element.isConnected) return;
    const width = element.clientWidth;
    if (last === null || width === last) {
      last = width;
      return;
    }
    last = width;
    widthRedrawScheduled(element);
    changed();
  });
  observer.observe(element);
}

// The widths of the elements drawings were fitted to, kept up to date by one shared observer.
const widths = new WeakMap();
let sizer = null;

/**
 * The width of an element for a drawing to fit (its clientWidth). It is read from the layout
 * once; after that the observer keeps it, so a redraw that asks again reads no layout.
 * @param {HTMLElement} element
 */
export function widthOf(element) {
  const known = widths.get(element);
  if (known) return known;
  const width = element.clientWidth;
  if (!width || typeof ResizeObserver === 'undefined') return width; // hidden: ask again later
  widths.set(element, width);
  sizer ??= new ResizeObserver((entries) => {
    for (const { target } of entries) {
      if (target.isConnected) widths.set(target, target.clientWidth);
      else { sizer.unobserve(target); widths.delete(target); }
    }
  });
  sizer.observe(element);
  return width;
}

/** Reads an element's width again (after a window resize) for widthOf to hand out. */
export function measureWidthAgain(element) {
  if (widths.has(element)) widths.set(element, element.clientWidth);
}
