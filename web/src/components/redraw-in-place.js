// For a drawing that is still written as one function from data to elements (the flow chapter's
// step table, mixing and observations sections, the lab's report): the new drawing is made off
// the page, and the one on the page is then changed to match it by morphdom, element by element. The elements that stay are the same ones, with
// their focus, open state and position; only what differs is written, so the browser styles and
// lays out what changed, not the whole drawing. (The figures that change most often are data
// joins instead: heatmap/, parts.js, the flow diagram and its overview. This is the step between.)
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
  morphdom(current, fresh, { onBeforeElUpdated: keepState });
  return current;
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
