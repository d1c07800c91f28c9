// A table of numbers or facts that fits any width. When it is wider than its box (a sentence of
// many tokens), or has three or more columns on a phone, each row becomes a small card (styles.css, table.as-cards), and each
// cell then shows its column's name, copied here from the header row into data-label. It is
// measured again whenever its box changes width. The heatmaps' table equivalents (heatmap/table-view.js)
// are not made here: they keep their 2-D grid, moved through with the arrow keys.
import { watchWidth } from './watch-width.js';

/**
 * A box for tables, appended to `parent`, that refits the table inside it when its width changes.
 * @param {d3.Selection} parent
 * @returns {d3.Selection} the box
 */
export function tableBox(parent) {
  const box = parent.append('div').attr('class', 'table-scroll').attr('tabindex', 0);
  const node = box.node();
  watchWidth(node, () => {
    const table = node.querySelector(':scope > table');
    if (table) fitTable(table);
  });
  return box;
}

/**
 * A table in its box. The caller fills it as usual; it is labelled and fitted right after (a
 * microtask, so after the caller's synchronous drawing code has run).
 * @param {d3.Selection} parent
 * @returns {d3.Selection} the <table>
 */
export function dataTable(parent) {
  const table = tableBox(parent).append('table');
  fitTable(table.node());
  return table;
}

// Below this box width, a table of three or more columns reads better as cards even if it fits.
const PHONE_WIDTH = 480;

// Tables waiting to be fitted. They are fitted together, once the drawing code that made them
// has run: first every write that changes their size, then every measurement, then every class.
// So a redraw that makes ten tables lays the page out once for all of them, not ten times.
const waiting = new Set();

/**
 * Labels the cells with their columns' names, and shows the rows as cards if the table is too
 * wide for its box, or has three or more columns on a phone. Done in a microtask, with the
 * other tables asked for in the same task.
 */
export function fitTable(table) {
  if (!waiting.size) queueMicrotask(fitWaiting);
  waiting.add(table);
}

function fitWaiting() {
  const tables = [...waiting];
  waiting.clear();
  for (const table of tables) {
    labelColumns(table);
    if (table.classList.contains('as-cards')) table.classList.remove('as-cards');
  }
  // A table in a closed <details> is not measured: it has no width there, and Chromium lays out
  // each closed fold on its own to answer (one forced layout per fold). Its box's width changes
  // when the fold opens, and the table is fitted then (tableBox).
  const boxWidths = tables.map((table) => (table.isConnected && !table.closest('details:not([open])') ? table.parentElement.clientWidth : 0));
  const tooWide = tables.map((table, k) => boxWidths[k] > 0 && table.offsetWidth > boxWidths[k] + 1);
  const asCards = tables.map((table, k) => {
    if (boxWidths[k] === 0) return false; // not on screen (a closed <details>): fitted when it opens
    const columns = table.querySelector('tr')?.cells.length ?? 0;
    return tooWide[k] || (boxWidths[k] < PHONE_WIDTH && columns >= 3);
  });
  tables.forEach((table, k) => { if (asCards[k]) table.classList.add('as-cards'); });
  // A box that scrolls must be reachable from the keyboard; one that does not is no Tab stop.
  // (Measured again only where the cards may still be too wide: a second layout, rarely.) Every
  // box is measured before any is written: a tabindex written between two measurements made the
  // browser style and lay the page out again for the next one (four layouts per flow keystroke).
  const scrolls = tables.map((table, k) => boxWidths[k] > 0 && (asCards[k] ? table.offsetWidth > boxWidths[k] + 1 : tooWide[k]));
  tables.forEach((table, k) => {
    if (boxWidths[k] === 0) return;
    const box = table.parentElement;
    if (scrolls[k] && box.getAttribute('tabindex') !== '0') box.setAttribute('tabindex', '0');
    else if (!scrolls[k] && box.hasAttribute('tabindex')) box.removeAttribute('tabindex');
  });
}

/** Gives every body and footer cell the text of its column's header as data-label. */
function labelColumns(table) {
  const heads = Array.from(table.querySelectorAll('thead tr:last-child > th'), (th) => th.textContent.trim());
  for (const row of table.querySelectorAll('tbody > tr, tfoot > tr')) {
    Array.from(row.cells).forEach((cell, k) => {
      // (written only when it differs: an attribute written again restyles the cell)
      if (heads[k] && cell.tagName === 'TD' && cell.dataset.label !== heads[k]) cell.dataset.label = heads[k];
    });
  }
}
