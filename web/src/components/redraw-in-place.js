// For a drawing that is still written as one function from data to elements (the flow diagram,
// its step table): the new drawing is made off the page, and the one on the page is then changed
// to match it by morphdom, element by element. The elements that stay are the same ones, with
// their focus, open state and position; only what differs is written, so the browser styles and
// lays out what changed, not the whole drawing. (The figures that changed most often are data
// joins instead: heatmap/, parts.js. This is the step between the two.)
import morphdom from 'morphdom';
import { select } from 'd3';
import { fitTable } from './data-table.js';

/**
 * Makes `current` (an element on the page) look like `fresh` (the same drawing made off the page),
 * keeping every element the two have in common.
 * @param {Element} current
 * @param {Element} fresh  same tag as `current`; it is used up
 */
export function morphInto(current, fresh) {
  if (fresh.isConnected) takeOut(fresh); // drawn beside the drawing on the page (svgBeside)
  morphdom(current, fresh, { onBeforeElUpdated: keepState });
  return current;
}

/**
 * An empty <svg> to draw a new picture into, hidden beside `onPage` (the picture it replaces):
 * on the page, so that its text is measured in the page's fonts (components/svg-text.js), and
 * out of sight. morphInto() takes it out again.
 * @param {SVGSVGElement} onPage
 */
export function svgBeside(onPage) {
  const fresh = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  fresh.style.display = 'none';
  onPage.after(fresh);
  return fresh;
}

function takeOut(fresh) {
  fresh.remove();
  fresh.style.removeProperty('display');
  if (!fresh.getAttribute('style')) fresh.removeAttribute('style');
}

/**
 * Draws a part of a view with `draw(holder)` as it always did (appending to an empty holder),
 * but made off the page after the first time, and the holder on the page changed to match: a
 * fold the reader opened stays open, the focus stays, and only what changed is written. Its
 * tables are fitted to their boxes again (components/data-table.js).
 * @param {HTMLElement} holder  kept from render to render
 * @param {(holder: import('d3').Selection) => void} draw
 */
export function redrawInPlace(holder, draw) {
  if (!holder.firstChild) {
    draw(select(holder));
    return;
  }
  const fresh = holder.cloneNode(false);
  draw(select(fresh));
  morphdom(holder, fresh, { childrenOnly: true, onBeforeElUpdated: keepState });
  for (const table of holder.querySelectorAll('.table-scroll > table')) fitTable(table);
}

// An element that stays keeps what the reader or the page did to it (an open fold, a table shown
// as cards and its cells' column names), and takes the new drawing's d3 data and event handlers: a
// handler made for the old drawing would answer with its old numbers (d3 keeps them on the
// element: __data__, __on).
function keepState(onPage, drawn) {
  // a part drawn from the same data as the page's (its data-sig says so) is left as it is
  if (drawn.dataset?.sig !== undefined && onPage.dataset?.sig === drawn.dataset.sig) return false;
  if (onPage.tagName === 'DETAILS') drawn.open = onPage.open;
  if (onPage.tagName === 'TABLE' && onPage.classList.contains('as-cards')) drawn.classList.add('as-cards');
  if (onPage.hasAttribute('data-label') && !drawn.hasAttribute('data-label')) drawn.setAttribute('data-label', onPage.getAttribute('data-label'));
  if ('__data__' in drawn) onPage.__data__ = drawn.__data__;
  else delete onPage.__data__;
  if (onPage.__on || drawn.__on) {
    const current = select(onPage);
    for (const on of onPage.__on ?? []) current.on(typename(on), null);
    for (const on of drawn.__on ?? []) current.on(typename(on), on.value, on.options);
  }
  return true;
}

const typename = (on) => (on.name ? `${on.type}.${on.name}` : on.type);
