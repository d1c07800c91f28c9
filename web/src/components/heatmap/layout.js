// The heatmap's geometry: where the labels, cells, row sums and legend go, and how big the cells
// are for the room the map has. Pixel layout only; the numbers drawn are the core's.
import { truncate } from '../../format.js';
import { widthOf } from '../watch-width.js';

export const LABEL_WIDTH = 74;
export const HEADER_HEIGHT = 64;
const LEGEND_HEIGHT = 40;
/** Above this many cells, cells are painted into one image rather than drawn one element each. */
export const SVG_CELL_LIMIT = 256;
/** Width and height (px, before zoom) the image of a large matrix is fitted into. */
const IMAGE_FIT = 400;
const IMAGE_MAX_CELL = 14;
const MAX_ZOOMED_CELL = 28;
/** Labels are written on every k-th row or column so that they are at least this far apart
 * (the column labels are turned, and need more room than the rows). */
export const LABEL_SPACING = 12;
const COL_LABEL_SPACING = 16;
// The room a map has is its chapter's width, less the padding of the panels a map may sit in.
const PANEL_INSET = 28;

/** 'svg' (one element per cell) for small matrices, 'image' (one bitmap) for large ones. */
export function cellMode({ rows, cols }) {
  return rows * cols > SVG_CELL_LIMIT ? 'image' : 'svg';
}

/** Whether the large map's zoom-in would make cells bigger than is useful. */
export function zoomedInFully({ cw, ch }) {
  return Math.min(cw, ch) * 2 > MAX_ZOOMED_CELL && cw >= 1;
}

// It is read from the chapter (kept from render to render, its width cached by widthOf), not from
// the map's own box: reading each new map's box while the page is being built made the browser
// lay the page out once per map (15 times on the first draw of the notebook chapter).
export function roomBox(hm) {
  return hm.figure.node().closest('.view') ?? document.body;
}

function roomFor(hm) {
  const width = widthOf(roomBox(hm));
  return width ? Math.max(160, width - PANEL_INSET) : 400;
}

// The column labels are turned 50° upwards and run right of their column; room is kept for the
// last ones (at most 7 px a character at the labels' 11 px, and the turned glyphs' height) so
// that they are not cut off.
function labelOverhang(colLabels, cell, step = 1) {
  let reach = 0;
  const last = Math.floor((colLabels.length - 1) / step) * step;
  for (let k = last; k >= Math.max(0, last - 12 * step); k -= step) {
    const r = Math.cos(Math.PI * 50 / 180) * 7 * truncate(colLabels[k], 9).length + 4 - cell / 2 - (colLabels.length - 1 - k) * cell;
    reach = Math.max(reach, r);
  }
  return Math.ceil(reach);
}

/** Cell sizes, label steps and the picture's size for the map's spec, mode and zoom level. */
export function geometry(hm) {
  const { spec, mode } = hm;
  const { rows, cols } = spec.matrix;
  // The picture is never scaled down (its 11 px labels would shrink, unreadable on a phone): the
  // cells are sized to the room there is, and a map that still does not fit scrolls in its box.
  const room = roomFor(hm);
  const fit = Math.min(IMAGE_FIT, Math.max(120, room - LABEL_WIDTH - 30));
  const legendWidth = Math.max(80, Math.min(160, room - LABEL_WIDTH - 108));
  const [cw, ch] = mode === 'svg' ? svgCellSize(fit, cols) : imageCellSize(fit, rows, cols, hm.zoomLevel);
  const rowStep = Math.max(1, Math.ceil(LABEL_SPACING / ch));
  const colStep = Math.max(1, Math.ceil(COL_LABEL_SPACING / cw));
  const sumWidth = spec.rowSums ? 56 : 0;
  const gridRight = LABEL_WIDTH + cols * cw;
  const width = Math.ceil(Math.max(gridRight + Math.max(sumWidth, labelOverhang(spec.colLabels, cw, colStep)) + 4, LABEL_WIDTH + legendWidth + 104));
  const gridBottom = HEADER_HEIGHT + rows * ch;
  const height = Math.ceil(gridBottom + LEGEND_HEIGHT + 4);
  return { cw, ch, rowStep, colStep, sumWidth, gridRight, gridBottom, width, height, legendWidth, room, showValues: mode === 'svg' && cw >= 36 };
}

function svgCellSize(fit, cols) {
  const side = Math.max(14, Math.min(46, Math.floor(fit / Math.max(cols, 1))));
  return [side, side];
}

// fitted into `fit` px each way (cells may be thinner than a pixel: zoom shows them)
function imageCellSize(fit, rows, cols, zoomLevel) {
  const cw = Math.min(IMAGE_MAX_CELL, fit / cols);
  const ch = Math.min(IMAGE_MAX_CELL, Math.max(cw, Math.min(fit / rows, 14)));
  const z = 2 ** zoomLevel;
  return [cw * z, ch * z];
}

/** The picture takes the layout's size (viewBox and attributes). */
export function sizeSvg(hm, layout) {
  hm.svg.attr('viewBox', `0 0 ${layout.width} ${layout.height}`)
    .attr('width', layout.width)
    .attr('height', layout.height);
}
