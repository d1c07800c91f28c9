// The heatmap holders of a part of a view, kept from render to render. A view that writes a part
// again on each render (its text, its tables) asks for each map's holder by key: the first render
// makes it, every later one gets the same element back, placed where the map goes now, and
// drawHeatmap() then updates the figure in it in place (its cells, selection, zoom and open table
// stay) instead of building a new one.
const holdersOf = new WeakMap();

/**
 * The holder `key` of `scope` (the d3 selection of the part that owns the maps), appended to
 * `parent` (moved there when it was placed before); returns the holder element.
 */
export function heatmapHolder(scope, parent, key) {
  let holders = holdersOf.get(scope.node());
  if (!holders) holdersOf.set(scope.node(), (holders = new Map()));
  let holder = holders.get(key);
  if (!holder) {
    holder = document.createElement('div');
    holder.className = 'heatmap-holder';
    holders.set(key, holder);
  }
  // moved only when it is not there yet: moving a figure makes the browser style and lay out
  // all of it again, although nothing in it changed
  if (holder.parentNode !== parent.node()) parent.node().append(holder);
  return holder;
}
