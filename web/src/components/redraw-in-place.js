// For a drawing that is still written as one function from data to elements (the flow diagram,
// its step table): the new drawing is made off the page, and the one on the page is then changed
// to match it by morphdom, element by element. The elements that stay are the same ones, with
// their focus, open state and position; only what differs is written, so the browser styles and
// lays out what changed, not the whole drawing. (The figures that changed most often are data
// joins instead: heatmap/, parts.js. This is the step between the two.)
import morphdom from 'morphdom';
import { select } from 'd3';

/**
 * Makes `current` (an element on the page) look like `fresh` (the same drawing made off the page),
 * keeping every element the two have in common.
 * @param {Element} current
 * @param {Element} fresh  same tag as `current`; it is used up
 */
export function morphInto(current, fresh) {
  morphdom(current, fresh, { onBeforeElUpdated: keepD3State });
  return current;
}

// An element that stays takes the new drawing's d3 data and event handlers: a handler made for
// the old drawing would answer with its old numbers (d3 keeps them on the element: __data__, __on).
function keepD3State(onPage, drawn) {
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
