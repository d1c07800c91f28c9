// A matrix drawn as a heatmap with D3: labelled rows and columns, a colour legend, optional
// values in the cells and an optional row-sum column, a "Show as table" toggle (a real <table>,
// table-view.js) and an Export menu (PNG, SVG, CSV, JSON, .npy).
//
// A heatmap is made once per container and then updated in place: drawHeatmap() on a container
// that already holds one keeps its figure, joins the new values to the drawn cells (svg-cells.js;
// canvas-cells.js paints large matrices into the same canvas), updates the table, and keeps the
// selection, the zoom level and an open table. Views keep their holders from render to render
// (views/shared/heatmap-holders.js) so that their maps are updated rather than built again.
//
// The parts: figure.js (the figure and its state), layout.js, colour.js, labels.js, legend.js,
// svg-cells.js / canvas-cells.js (small / large matrices), marks.js, interaction.js, zoom.js,
// table-view.js, export-menu.js, paint.js and visibility.js (drawn when in view).
import { createFigure, writeCaption } from './figure.js';
import { updateExportMenu } from './export-menu.js';
import { restoreTable } from './table-view.js';
import { clearReadout } from './marks.js';
import { observe, schedulePaint } from './visibility.js';

export { SVG_CELL_LIMIT } from './layout.js';

/**
 * @param {HTMLElement} container  filled with a <figure>, or the <figure> already in it is updated
 * @param {object} spec  {name, matrix:{rows,cols,data}, rowLabels, colLabels, rowAxis, colAxis,
 *   palette:'diverging'|'weights'|'counts' (non-negative, 0 to max), rowSums?, interactive?, selected?:[i,j], onSelect?, note?,
 *   cell?:[where, code] (the notebook cell the values come from),
 *   valueText?: (value) => string (how a cell value is written; default cellText)}
 * @returns {HTMLElement} the figure
 */
export function drawHeatmap(container, spec) {
  let hm = container.querySelector(':scope > figure.heatmap')?.heatmap;
  if (!hm) {
    container.replaceChildren();
    hm = createFigure(container);
  }
  observe(hm); // again for a figure whose holder was out of the page for a while
  update(hm, spec);
  return hm.figure.node();
}

/** Everything cheap (caption, export data, table) now; the cells when the map is in view. */
function update(hm, spec) {
  keepPositions(hm, spec.matrix);
  hm.spec = spec;
  hm.selected = spec.interactive ? clampTo(spec.selected ?? hm.selected ?? [0, 0], spec.matrix) : null;
  writeCaption(hm, spec);
  updateExportMenu(hm, spec);
  restoreTable(hm);
  schedulePaint(hm);
}

function clampTo([i, j], { rows, cols }) {
  return [Math.min(i, rows - 1), Math.min(j, cols - 1)];
}

function inside(at, { rows, cols }) {
  return Boolean(at) && at[0] < rows && at[1] < cols;
}

/** The cursor, the picked cell and the readout stay where they still exist in the new shape. */
function keepPositions(hm, matrix) {
  hm.cursor = clampTo(hm.cursor, matrix);
  hm.hover = null;
  if (!inside(hm.picked, matrix)) hm.picked = null;
  if (hm.readoutCell && !inside(hm.readoutCell, matrix)) clearReadout(hm);
}
