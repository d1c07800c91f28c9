// Calls `onChange(width)` when an element's width changes: a phone turned, a window or an iframe
// resized. Diagrams that pick their layout from the width they are given redraw through it.
// It waits until resizing pauses, skips changes of height only, and stops by itself once the
// element has left the page (a view was replaced).
import { debounce } from '../debounce.js';

/**
 * @param {HTMLElement} element
 * @param {(width: number) => void} onChange
 */
export function watchWidth(element, onChange) {
  let last = element.clientWidth;
  const observer = new ResizeObserver(debounce(() => {
    if (!element.isConnected) {
      observer.disconnect();
      return;
    }
    const width = element.clientWidth;
    if (width === last) return;
    last = width;
    onChange(width);
  }, 120));
  observer.observe(element);
}
