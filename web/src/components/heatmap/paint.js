// Drawing the map from its spec: the picture's size first (it keeps its final size while it waits
// to be drawn, so nothing moves), then labels, cells, row sums, legend and marks.
import { cellMode, geometry, sizeSvg, LABEL_WIDTH } from './layout.js';
import { colourScale } from './colour.js';
import { drawLabels, drawRowSums } from './labels.js';
import { drawSvgCells } from './svg-cells.js';
import { drawCanvasCells } from './canvas-cells.js';
import { drawLegend, legendText } from './legend.js';
import { checkOverflow } from './overflow.js';
import { readOut, showMarks } from './marks.js';
import { showZoomButtons } from './zoom.js';

/** Sizes the picture for the spec; a change between cells and image starts the cells afresh. */
export function size(hm) {
  const mode = cellMode(hm.spec.matrix);
  if (mode !== hm.mode) {
    hm.svg.select('g.cells').selectAll('*').remove();
    hm.mode = mode;
    hm.zoomLevel = 0;
    hm.figure.attr('data-zoom', null);
  }
  hm.figure.classed('image-mode', mode === 'image');
  const layout = geometry(hm);
  hm.layout = layout;
  sizeSvg(hm, layout);
  checkOverflow(hm);
  return layout;
}

export function paint(hm) {
  const start = performance.now();
  hm.pending = false;
  const { spec } = hm;
  const scale = colourScale(spec.palette, spec.matrix.data);
  hm.colour = scale.colour;
  const layout = size(hm);
  nameThePicture(hm);
  drawLabels(hm, layout);
  if (hm.mode === 'svg') drawSvgCells(hm, layout);
  else drawCanvasCells(hm, layout);
  drawRowSums(hm, layout);
  drawLegend(hm.svg.select('g.legend').attr('transform', `translate(${LABEL_WIDTH},${layout.gridBottom + 8})`),
    spec.palette, hm.colour, layout.legendWidth, scale.masked);
  showZoomButtons(hm);
  showMarks(hm);
  if (hm.readoutCell) readOut(hm, ...hm.readoutCell);
  if (!hm.imagePending) hm.figure.attr('data-drawn', 'true');
  // how long drawing takes, for the browser's performance tools (User Timing)
  performance.measure?.(`draw heatmap ${spec.name}`, { start });
}

// a group, not an image: its cells (or the large map's cursor) take the focus and are named
function nameThePicture(hm) {
  const { name, matrix: { rows, cols }, rowAxis, colAxis, palette } = hm.spec;
  hm.svg.attr('role', 'group')
    .attr('aria-label', `${name}, ${rows} by ${cols}: rows are ${rowAxis}, columns are ${colAxis}. ${legendText(palette, hm.colour)} The same numbers are in the table below.`);
}
