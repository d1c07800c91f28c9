// A matrix drawn as a heatmap with D3: labelled rows and columns, a colour legend, optional
// values in the cells and an optional row-sum column. Every heatmap also gets a "Show as table"
// toggle (a real <table> with row and column headers that the arrow keys move through, for
// screen readers and keyboards) and an Export menu (PNG, SVG, CSV, JSON, .npy).
// Interactive cells can be focused with the keyboard (arrow keys), hovered or tapped;
// `onSelect(i, j)` is called for any of them. The cells of any other small map are reachable too
// (issue 15): one Tab stop per map (its picked cell, else the first), the arrow keys move, and the
// focused cell is picked (its exact value written under the map), as a tap picks it.
//
// A heatmap is made once per slot and then updated in place: drawHeatmap() on a container that
// already holds one (or a figure kept by keepHeatmaps() while a view rebuilt its sections)
// joins the new values to the drawn elements instead of building them again.
//
// Two ways to draw the cells, chosen by size:
//   small (≤ SVG_CELL_LIMIT cells)  one SVG <g> per cell with its rect and <title> (and the value
//       written in it when there is room): crisp, each cell its own focus stop and tooltip, and
//       few enough that the DOM stays small.
//   large  the cells are painted into a bitmap, one pixel per cell, shown by one SVG <image>
//       scaled up without smoothing; labels, legend and marks stay SVG. A 1024 × 1024 matrix is
//       then one element instead of three million. Hover, tap and a keyboard cursor write the
//       exact value of the cell under them into a readout; zoom buttons enlarge the image.
// Either way one delegated listener per event serves the whole map.
//
// Off-screen maps are not drawn until they come into view (IntersectionObserver); the figure's
// data-drawn attribute is "true" once its cells show the latest values.
//
// Palettes (ColorBrewer, both colour-blind safe and readable in greyscale):
//   'diverging'  signed values: reversed RdBu, negative blue, zero white, positive red,
//                symmetric around 0 so the sign is never hidden by the colour
//   'weights'    values in [0, 1] (attention weights): sequential Blues, light to dark
import { select, scaleBand, scaleDiverging, scaleSequential, interpolateRdBu, interpolateBlues, max, hsl, range, rgb } from 'd3';
import { cellText, full, num, shapeText, truncate } from '../format.js';
import { addExport } from './export.js';
import { fitText } from './svg-text.js';
import { watchWidth, widthOf, measureWidthAgain } from './watch-width.js';
import { widthRedrawScheduled, widthRedrawDone } from './width-signal.js';

const LABEL_WIDTH = 74;
const HEADER_HEIGHT = 64;
const LEGEND_HEIGHT = 40;
const LEGEND_STEPS = 40;
/** Above this many cells, cells are painted into one image rather than drawn one element each. */
export const SVG_CELL_LIMIT = 256;
/** Width and height (px, before zoom) the image of a large matrix is fitted into. */
const IMAGE_FIT = 400;
const IMAGE_MAX_CELL = 14;
const MAX_ZOOMED_CELL = 28;
/** Labels are written on every k-th row or column so that they are at least this far apart
 * (the column labels are turned, and need more room than the rows). */
const LABEL_SPACING = 12;
const COL_LABEL_SPACING = 16;
/** The table equivalent of a larger matrix shows this many rows and columns at a time. */
const TABLE_PAGE_ROWS = 32;
const TABLE_PAGE_COLS = 16;
/** Cells painted per task (a few milliseconds each). */
const PAINT_SLICE = 1 << 17;
const MOVES = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };

// Tables the learner opened stay open when the view redraws (keyed by matrix name).
const openTables = new Set();
let figureCount = 0;
// Figures taken out of a view that is rebuilding, by name, until the rebuild (synchronous) ends.
const kept = new Map();

/** The colour scale of the values, and whether any is masked (not finite): one pass over them. */
function colourScale(palette, data) {
  let extent = 0;
  let largest = 0;
  let masked = false;
  for (let k = 0; k < data.length; k++) {
    const v = data[k];
    if (!Number.isFinite(v)) masked = true;
    else {
      if (Math.abs(v) > extent) extent = Math.abs(v);
      if (v > largest) largest = v;
    }
  }
  if (palette === 'weights') return { colour: scaleSequential(interpolateBlues).domain([0, 1]), masked };
  // Non-negative counts: sequential, from 0 to the largest count.
  if (palette === 'counts') return { colour: scaleSequential(interpolateBlues).domain([0, largest || 1]), masked };
  extent = extent || 1;
  // Reversed RdBu: negative blue, positive red.
  return { colour: scaleDiverging((t) => interpolateRdBu(1 - t)).domain([-extent, 0, extent]), masked };
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

function textColour(fill) {
  return hsl(fill).l > 0.55 ? '#111' : '#fff';
}

/**
 * Lets the heatmaps under `root` be reused by the drawHeatmap() calls that follow (same name),
 * when a view empties `root` to draw it again. Call it right before emptying `root`.
 */
export function keepHeatmaps(root) {
  if (!root) return;
  for (const figure of root.querySelectorAll('figure.heatmap')) {
    const name = figure.dataset.name;
    if (!kept.has(name)) kept.set(name, []);
    kept.get(name).push(figure);
  }
  // the view draws synchronously; what it did not take back is dropped afterwards
  queueMicrotask(() => kept.clear());
}

/**
 * @param {HTMLElement} container  filled with a <figure>, or the <figure> already in it is updated
 * @param {object} spec  {name, matrix:{rows,cols,data}, rowLabels, colLabels, rowAxis, colAxis,
 *   palette:'diverging'|'weights'|'counts' (non-negative, 0 to max), rowSums?, interactive?, selected?:[i,j], onSelect?, note?,
 *   cell?:[where, code] (the notebook cell the values come from),
 *   valueText?: (value) => string (how a cell value is written; default cellText)}
 * @returns {HTMLElement} the figure
 */
export function drawHeatmap(container, spec) {
  let figure = container.querySelector(':scope > figure.heatmap');
  if (!figure) {
    const reusable = kept.get(spec.name);
    figure = reusable?.shift() ?? null;
    if (figure) container.replaceChildren(figure);
  }
  if (!figure?.heatmap) {
    container.replaceChildren();
    figure = createFigure(container);
  }
  const hm = figure.heatmap;
  observe(hm); // again for a reused figure: it may have been let go while it was out of the page
  update(hm, spec);
  return figure;
}

function createFigure(container) {
  const uid = `hm${++figureCount}`;
  const figure = select(container).append('figure').attr('class', 'heatmap').attr('aria-labelledby', `${uid}-cap`);
  const caption = figure.append('figcaption').attr('id', `${uid}-cap`);
  caption.append('code').attr('class', 'matrix-name');
  caption.append('span').attr('class', 'shape');
  caption.append('span').attr('class', 'axes');
  const ref = figure.append('p').attr('class', 'cell-ref');
  ref.append('span');
  ref.append('code');
  figure.append('p').attr('class', 'heatmap-note');
  const plot = figure.append('div').attr('class', 'heatmap-plot');
  // Chromium gives an SVG element with focus listeners (listen() below) a Tab stop of its own;
  // the map's stop is its cell (or the large map's cursor), so the picture itself takes none.
  const svg = plot.append('svg').style('height', 'auto').attr('tabindex', -1);
  svg.append('g').attr('class', 'row-labels');
  svg.append('g').attr('class', 'col-labels');
  svg.append('g').attr('class', 'cells');
  svg.append('g').attr('class', 'row-sums');
  svg.append('g').attr('class', 'legend');
  const readout = figure.append('p').attr('class', 'cell-readout').attr('id', `${uid}-readout`).attr('aria-live', 'polite');
  const tools = figure.append('div').attr('class', 'heatmap-tools');
  const toggle = tools.append('button').attr('type', 'button').attr('class', 'table-toggle')
    .attr('aria-controls', `${uid}-table`);
  toggle.append('span').attr('class', 'toggle-label');
  toggle.append('span').attr('class', 'visually-hidden');
  const zoom = tools.append('span').attr('class', 'zoom-buttons').attr('hidden', true);
  zoom.append('button').attr('type', 'button').attr('class', 'zoom-out').text('−')
    .append('span').attr('class', 'visually-hidden').text(' zoom out');
  zoom.append('button').attr('type', 'button').attr('class', 'zoom-in').text('+')
    .append('span').attr('class', 'visually-hidden').text(' zoom in');
  const tableBox = figure.append('div').attr('class', 'matrix-table').attr('id', `${uid}-table`).attr('hidden', true);

  const hm = {
    uid, figure, svg, plot, readout, tools, toggle, zoom, tableBox,
    spec: null, colour: null, mode: null, zoomLevel: 0, cursor: [0, 0], selected: null, picked: null,
    pending: false, visible: null, image: null, exportMenu: null, exportName: null,
    exportMatrix: {}, tableOrigin: [0, 0],
  };
  figure.node().heatmap = hm;

  toggle.on('click', () => setTableOpen(hm, tableBox.attr('hidden') !== null));
  zoom.select('.zoom-in').on('click', () => setZoom(hm, hm.zoomLevel + 1));
  zoom.select('.zoom-out').on('click', () => setZoom(hm, hm.zoomLevel - 1));
  listen(hm);
  // a new width (a phone turned) sizes the cells again
  // (drawn at once, on screen or not: a map left with its old geometry would not fit its box)
  watchWidth(plot.node(), () => { if (hm.spec && hm.layout) paint(hm); });
  return figure.node();
}

/** Everything cheap (caption, export data, table) now; the cells when the map is in view. */
function update(hm, spec) {
  const { name, matrix, rowAxis, colAxis } = spec;
  const { rows, cols } = matrix;
  const sameShape = hm.spec && hm.spec.matrix.rows === rows && hm.spec.matrix.cols === cols;
  hm.spec = spec;
  if (!sameShape) {
    // the old positions may not exist any more
    Object.assign(hm, { cursor: [0, 0], picked: null, hover: null, readoutCell: null, tableOrigin: [0, 0] });
    hm.readout.text('');
  }
  const clamp = ([i, j]) => [Math.min(i, rows - 1), Math.min(j, cols - 1)];
  hm.selected = spec.interactive ? clamp(spec.selected ?? hm.selected ?? [0, 0]) : null;
  const { figure } = hm;
  figure.attr('data-name', name);
  figure.select('.matrix-name').text(name);
  figure.select('.shape').text(` ${shapeText(rows, cols)}`);
  figure.select('.axes').text(` rows: ${rowAxis} · columns: ${colAxis}`);
  const ref = figure.select('.cell-ref').attr('hidden', spec.cell ? null : true);
  ref.select('span').text(spec.cell ? `notebook ${spec.cell[0]}: ` : '');
  ref.select('code').text(spec.cell ? spec.cell[1] : '');
  figure.select('.heatmap-note').attr('hidden', spec.note ? null : true).text(spec.note ?? '');
  hm.toggle.select('.visually-hidden').text(` ${name}`);

  // The exported numbers are always the latest, drawn or not.
  Object.assign(hm.exportMatrix, { name, rows, cols, data: matrix.data, rowLabels: spec.rowLabels, colLabels: spec.colLabels, rowAxis, colAxis });
  if (hm.exportName !== name) {
    const open = hm.exportMenu?.open;
    hm.exportMenu?.remove();
    hm.exportMenu = addExport(hm.tools.node(), { name, svg: () => exportSvg(hm), matrices: [hm.exportMatrix] });
    hm.exportMenu.open = Boolean(open);
    hm.exportName = name;
  }

  if (!hm.tableBox.select('table').empty()) hm.tableBox.selectAll('*').remove();
  setTableOpen(hm, openTables.has(name));
  schedulePaint(hm);
}

// ---------------------------------------------------------------- drawing when in view

let observer = null;
const observed = new Set();
function observe(hm) {
  if (typeof IntersectionObserver === 'undefined') return;
  // 200 px ahead, so a map scrolled towards is usually drawn before it shows
  observer ??= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      const h = entry.target.heatmap;
      if (!h) continue;
      h.visible = entry.isIntersecting;
      if (h.visible && h.pending) paint(h);
    }
  }, { rootMargin: '200px 0px' });
  // figures of views that were replaced are no longer watched (nor kept alive by the observer)
  for (const figure of observed) {
    if (!figure.isConnected) {
      observer.unobserve(figure);
      observed.delete(figure);
    }
  }
  observer.observe(hm.figure.node());
  observed.add(hm.figure.node());
}

// A new window width (a phone turned, an iframe resized) sizes every map's cells again, also
// those whose own box did not report the change.
if (typeof window !== 'undefined') {
  let resizeTimer;
  const token = 'heatmaps';
  window.addEventListener('resize', () => {
    clearTimeout(resizeTimer);
    widthRedrawScheduled(token);
    resizeTimer = setTimeout(() => {
      const maps = [...observed].map((figure) => figure.heatmap).filter((hm) => hm?.figure.node().isConnected && hm.spec && hm.layout);
      for (const box of new Set(maps.map(roomBox))) measureWidthAgain(box); // all read, then all drawn
      for (const hm of maps) paint(hm);
      widthRedrawDone(token);
    }, 120);
  });
}

// A printout has no scrolling: every map still waiting is drawn first.
if (typeof window !== 'undefined') {
  window.addEventListener('beforeprint', () => {
    for (const figure of observed) if (figure.heatmap?.pending && figure.isConnected) paint(figure.heatmap);
  });
}

function onScreen(hm) {
  if (typeof IntersectionObserver === 'undefined') return true;
  if (hm.visible !== null) return hm.visible;
  const node = hm.figure.node();
  if (!node.isConnected) return true;
  const r = node.getBoundingClientRect();
  if (r.width === 0 && r.height === 0) return false; // in a hidden view
  return r.bottom > -200 && r.top < window.innerHeight + 200;
}

function schedulePaint(hm) {
  hm.pending = true;
  hm.figure.attr('data-drawn', 'false');
  // the picture keeps its final size while it waits, so nothing moves when it is drawn
  size(hm);
  if (onScreen(hm)) paint(hm);
}

function size(hm) {
  const { rows, cols } = hm.spec.matrix;
  const mode = rows * cols > SVG_CELL_LIMIT ? 'image' : 'svg';
  if (mode !== hm.mode) {
    hm.svg.select('g.cells').selectAll('*').remove();
    hm.mode = mode;
    hm.zoomLevel = 0;
    hm.figure.attr('data-zoom', null);
  }
  hm.figure.classed('image-mode', mode === 'image');
  const layout = geometry(hm);
  hm.layout = layout;
  hm.svg.attr('viewBox', `0 0 ${layout.width} ${layout.height}`)
    .attr('width', layout.width)
    .attr('height', layout.height);
  checkOverflow(hm);
  return layout;
}

/**
 * A map wider than its room scrolls sideways in its own box (the page never does): the box is
 * then a named region and a Tab stop, so the keyboard can scroll it too. Whether it overflows is
 * read when the browser reports a new size of the box or of the picture (the layout is done then).
 */
// Checked in the next frame for every map drawn in this one: its layout is needed for the
// frame anyway, so reading it there costs nothing extra.
const overflowChecks = new Set();
function checkOverflow(hm) {
  if (!overflowChecks.size && typeof requestAnimationFrame !== 'undefined') {
    requestAnimationFrame(() => {
      const plots = [...overflowChecks].filter((plot) => plot.isConnected);
      overflowChecks.clear();
      const scrolls = plots.map((plot) => plot.scrollWidth > plot.clientWidth + 1);
      plots.forEach((plot, k) => markScrolling(plot, scrolls[k]));
    });
  }
  overflowChecks.add(hm.plot.node());
}

function markScrolling(plot, scrolls) {
  const name = plot.closest('figure')?.dataset.name ?? 'matrix';
  plot.classList.toggle('scrolls', scrolls);
  if (scrolls) {
    plot.setAttribute('tabindex', '0');
    plot.setAttribute('role', 'region');
    plot.setAttribute('aria-label', `${name}, scrolls sideways`);
  } else {
    for (const a of ['tabindex', 'role', 'aria-label']) plot.removeAttribute(a);
  }
}


// Maps drawn as images hold a blob: URL and a bitmap canvas. A map whose chapter was left is not
// coming back: its URL is revoked and its canvas emptied, so switching chapters leaks nothing.
// (A map kept across a redraw, keepHeatmaps, is back on the page before any image is encoded.)
const imageMaps = new Set();
function letGoOfLeftMaps() {
  for (const hm of imageMaps) {
    if (hm.figure.node().isConnected) continue;
    imageMaps.delete(hm);
    if (hm.imageUrl) URL.revokeObjectURL(hm.imageUrl);
    hm.imageUrl = null;
    if (hm.canvas) hm.canvas.width = hm.canvas.height = 0;
    hm.canvas = null;
  }
}

// The room a map has: its chapter's width, less the padding of the panels a map may sit in. It
// is read from the chapter (kept from render to render, its width cached by widthOf), not from
// the map's own box: reading each new map's box while the page is being built made the browser
// lay the page out once per map (15 times on the first draw of the notebook chapter).
const PANEL_INSET = 28;
function roomBox(hm) {
  return hm.figure.node().closest('.view') ?? document.body;
}
function roomFor(hm) {
  const width = widthOf(roomBox(hm));
  return width ? Math.max(160, width - PANEL_INSET) : 400;
}

function paint(hm) {
  const start = performance.now();
  hm.pending = false;
  const { spec } = hm;
  const { rows, cols, data } = spec.matrix;
  const scale = colourScale(spec.palette, data);
  hm.colour = scale.colour;
  const layout = size(hm);
  const { cw, ch, gridBottom } = layout;
  const { mode } = hm;
  // a group, not an image: its cells (or the large map's cursor) take the focus and are named
  const svg = hm.svg
    .attr('role', 'group')
    .attr('aria-label', `${spec.name}, ${rows} by ${cols}: rows are ${spec.rowAxis}, columns are ${spec.colAxis}. ${legendText(spec.palette, hm.colour)} The same numbers are in the table below.`);

  drawLabels(hm, layout);
  if (mode === 'svg') drawCellElements(hm, layout);
  else drawCellImage(hm, layout);
  drawRowSums(hm, layout);
  drawLegend(svg.select('g.legend').attr('transform', `translate(${LABEL_WIDTH},${gridBottom + 8})`),
    spec.palette, hm.colour, layout.legendWidth, scale.masked);
  hm.zoom.attr('hidden', mode === 'image' ? null : true);
  hm.zoom.select('.zoom-in').attr('disabled', Math.min(cw, ch) * 2 > MAX_ZOOMED_CELL && cw >= 1 ? true : null);
  hm.zoom.select('.zoom-out').attr('disabled', hm.zoomLevel === 0 ? true : null);
  showMarks(hm);
  if (hm.readoutCell) readOut(hm, ...hm.readoutCell);
  if (!hm.imagePending) hm.figure.attr('data-drawn', 'true');
  // how long drawing takes, for the browser's performance tools (User Timing)
  performance.measure(`draw heatmap ${spec.name}`, { start });
}

function geometry(hm) {
  const { spec, mode } = hm;
  const { rows, cols } = spec.matrix;
  let cw;
  let ch;
  // The picture is never scaled down (its 11 px labels would shrink, unreadable on a phone): the
  // cells are sized to the room there is, and a map that still does not fit scrolls in its box.
  const room = roomFor(hm);
  const fit = Math.min(IMAGE_FIT, Math.max(120, room - LABEL_WIDTH - 30));
  const legendWidth = Math.max(80, Math.min(160, room - LABEL_WIDTH - 108));
  if (mode === 'svg') {
    cw = ch = Math.max(14, Math.min(46, Math.floor(fit / Math.max(cols, 1))));
  } else {
    // fitted into `fit` px each way (cells may be thinner than a pixel: zoom shows them)
    cw = Math.min(IMAGE_MAX_CELL, fit / cols);
    ch = Math.min(IMAGE_MAX_CELL, Math.max(cw, Math.min(fit / rows, 14)));
    const z = 2 ** hm.zoomLevel;
    cw *= z;
    ch *= z;
  }
  const rowStep = Math.max(1, Math.ceil(LABEL_SPACING / ch));
  const colStep = Math.max(1, Math.ceil(COL_LABEL_SPACING / cw));
  const sumWidth = spec.rowSums ? 56 : 0;
  const gridRight = LABEL_WIDTH + cols * cw;
  const width = Math.ceil(Math.max(gridRight + Math.max(sumWidth, labelOverhang(spec.colLabels, cw, colStep)) + 4, LABEL_WIDTH + legendWidth + 104));
  const gridBottom = HEADER_HEIGHT + rows * ch;
  const height = Math.ceil(gridBottom + LEGEND_HEIGHT + 4);
  return { cw, ch, rowStep, colStep, sumWidth, gridRight, gridBottom, width, height, legendWidth, room, showValues: mode === 'svg' && cw >= 36 };
}

function drawLabels(hm, { cw, ch, rowStep, colStep }) {
  const { rowLabels, colLabels } = hm.spec;
  const rowsShown = range(0, rowLabels.length, rowStep);
  const colsShown = range(0, colLabels.length, colStep);
  hm.svg.select('g.row-labels').selectAll('text').data(rowsShown).join('text')
    .attr('x', LABEL_WIDTH - 6).attr('y', (i) => HEADER_HEIGHT + i * ch + Math.min(ch, LABEL_SPACING) / 2).attr('dy', '0.35em')
    .attr('text-anchor', 'end').each(function label(i) { fitText(this, '', rowLabels[i], LABEL_WIDTH - 8); });
  hm.svg.select('g.col-labels').selectAll('text').data(colsShown).join('text')
    .attr('transform', (j) => `translate(${LABEL_WIDTH + j * cw + Math.min(cw, LABEL_SPACING) / 2},${HEADER_HEIGHT - 6}) rotate(-50)`)
    .text((j) => truncate(colLabels[j], 9));
}

/** Small maps: one <g class="cell"> per value, joined by position so a redraw updates them. */
function drawCellElements(hm, { cw, showValues }) {
  const { spec, colour } = hm;
  const { name, rowLabels, colLabels, matrix: { rows, cols, data } } = spec;
  const cells = [];
  for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) cells.push({ i, j, value: data[i * cols + j] });
  const fill = (d) => (Number.isFinite(d.value) ? colour(d.value) : 'var(--masked)');
  const groups = hm.svg.select('g.cells').selectAll('g.cell').data(cells, (d) => `${d.i},${d.j}`).join((enter) => {
    const g = enter.append('g').attr('class', 'cell');
    g.append('rect');
    g.append('title');
    return g;
  });
  groups.attr('data-i', (d) => d.i).attr('data-j', (d) => d.j).attr('data-value', (d) => full(d.value))
    .attr('transform', (d) => `translate(${LABEL_WIDTH + d.j * cw},${HEADER_HEIGHT + d.i * cw})`);
  groups.select('rect').attr('width', cw - 1).attr('height', cw - 1).attr('fill', fill);
  groups.select('title').text((d) => `${name}[${d.i}, ${d.j}] (${rowLabels[d.i]}, ${colLabels[d.j]}) = ${full(d.value)}`);
  groups.selectAll('text').data((d) => (showValues ? [d] : [])).join('text')
    .attr('x', (cw - 1) / 2).attr('y', (cw - 1) / 2).attr('dy', '0.35em').attr('text-anchor', 'middle')
    .attr('fill', (d) => (Number.isFinite(d.value) ? textColour(colour(d.value)) : 'currentColor'))
    .text((d) => (spec.valueText ?? cellText)(d.value));
  if (spec.interactive) {
    const [si, sj] = hm.selected;
    groups.attr('role', 'button')
      .attr('tabindex', (d) => (d.i === si && d.j === sj ? 0 : -1))
      .attr('aria-label', (d) => `${name} row ${rowLabels[d.i]}, column ${colLabels[d.j]}: ${cellText(d.value)}`)
      .classed('selected', (d) => d.i === si && d.j === sj)
      .classed('picked', false);
  } else {
    const [pi, pj] = hm.picked ?? [-1, -1];
    const [ti, tj] = hm.picked ?? [0, 0]; // the map's one Tab stop
    groups.attr('role', 'img')
      .attr('tabindex', (d) => (d.i === ti && d.j === tj ? 0 : -1))
      .attr('aria-label', (d) => `${name} row ${rowLabels[d.i]}, column ${colLabels[d.j]}: ${cellText(d.value)}`)
      .classed('selected', false)
      .classed('picked', (d) => d.i === pi && d.j === pj);
  }
}

/** Large maps: the values painted into a bitmap, one pixel per cell, scaled up without smoothing. */
function drawCellImage(hm, { cw, ch }) {
  const { spec, colour } = hm;
  const { rows, cols, data } = spec.matrix;
  const g = hm.svg.select('g.cells');
  const image = g.selectAll('image.cells-image').data([0]).join((enter) => enter.append('image')
    .attr('class', 'cells-image').attr('preserveAspectRatio', 'none'));
  // the presentation attribute also travels into an exported SVG, which has no stylesheet
  image.attr('x', LABEL_WIDTH).attr('y', HEADER_HEIGHT).attr('width', cols * cw).attr('height', rows * ch)
    .attr('image-rendering', cw >= 1 && ch >= 1 ? 'optimizeSpeed' : 'auto')
    .classed('crisp', cw >= 1 && ch >= 1);
  const cursor = g.selectAll('rect.cells-cursor').data([0]).join((enter) => enter.append('rect')
    .attr('class', 'cells-cursor').attr('fill', 'transparent'));
  cursor.attr('x', LABEL_WIDTH).attr('y', HEADER_HEIGHT).attr('width', cols * cw).attr('height', rows * ch)
    .attr('tabindex', 0).attr('role', 'img').attr('aria-describedby', `${hm.uid}-readout`)
    .attr('aria-label', `${spec.name} as an image of ${rows} by ${cols} cells. Arrow keys move a cursor over the cells${spec.interactive ? ' and choose a weight' : ''}; the cell's exact value is written below the map. Page Up, Page Down, Home and End jump further.`);
  for (const cls of ['mark-selected', 'mark-focus', 'mark-hover']) {
    g.selectAll(`rect.${cls}`).data([0]).join((enter) => enter.append('rect').attr('class', `mark ${cls}`)
      .attr('fill', 'none').attr('pointer-events', 'none').attr('hidden', true));
  }

  const canvas = hm.canvas ?? (hm.canvas = document.createElement('canvas'));
  canvas.width = cols;
  canvas.height = rows;
  const ctx = canvas.getContext('2d');
  const pixels = ctx.createImageData(cols, rows);
  const { lo, hi, table } = colourTable(colour, spec.palette);
  const masked = rgb(getComputedStyle(hm.figure.node()).getPropertyValue('--masked').trim() || '#cfcfcf');
  const last = table.length / 4 - 1;
  const scale = last / (hi - lo);
  const out = new Uint32Array(pixels.data.buffer); // one write per pixel (RGBA, little-endian)
  const packed = new Uint32Array(table.buffer);
  const maskedPixel = (255 << 24 | masked.b << 16 | masked.g << 8 | masked.r) >>> 0;
  const n = rows * cols;
  const version = (hm.imageVersion = (hm.imageVersion ?? 0) + 1);
  hm.imagePending = true;
  // A million cells are painted a slice at a time, so that no task is long.
  let next = 0;
  let encoded = false;
  const paintUpTo = (limit) => {
    const to = Math.min(n, limit);
    for (let k = next; k < to; k++) {
      const v = data[k];
      if (v === v && v !== Infinity && v !== -Infinity) {
        let t = Math.round((v - lo) * scale);
        t = t < 0 ? 0 : t > last ? last : t;
        out[k] = packed[t];
      } else out[k] = maskedPixel;
    }
    next = to;
  };
  const tick = () => {
    if (version !== hm.imageVersion) return;
    paintUpTo(next + PAINT_SLICE);
    if (next < n) setTimeout(tick, 0);
    else encode();
  };
  // Export cannot wait: it finishes the bitmap at once.
  hm.finishImage = () => {
    if (version !== hm.imageVersion) return;
    paintUpTo(n);
    encode();
  };
  tick();
  function encode() {
  if (encoded) return;
  encoded = true;
  ctx.putImageData(pixels, 0, 0);
  hm.finishImage = null; // lets the pixel buffer go: the canvas holds the bitmap now
  // The bitmap is encoded off the main thread (toBlob); the map counts as drawn once it shows.
  canvas.toBlob((blob) => {
    if (version !== hm.imageVersion || !blob) return;
    const url = URL.createObjectURL(blob);
    const node = image.node();
    const old = hm.imageUrl;
    hm.imageUrl = url;
    node.setAttribute('href', url);
    if (old) URL.revokeObjectURL(old);
    imageMaps.add(hm);
    letGoOfLeftMaps();
    hm.imagePending = false;
    if (!hm.pending) hm.figure.attr('data-drawn', 'true');
  }, 'image/png');
  }
}

/** 1024 colours of the scale, so that painting a million cells needs no colour parsing. */
function colourTable(colour, palette) {
  const [lo, hi] = palette === 'weights' ? [0, 1] : [colour.domain()[0], colour.domain()[2]];
  const steps = 1024;
  const table = new Uint8ClampedArray(steps * 4);
  for (let k = 0; k < steps; k++) {
    const c = rgb(colour(lo + ((hi - lo) * k) / (steps - 1)));
    table[k * 4] = c.r; table[k * 4 + 1] = c.g; table[k * 4 + 2] = c.b; table[k * 4 + 3] = 255;
  }
  return { lo, hi, table };
}

function drawRowSums(hm, { gridRight, sumWidth, ch, rowStep }) {
  const g = hm.svg.select('g.row-sums');
  const sums = hm.spec.rowSums ? Array.from(hm.spec.rowSums) : [];
  g.selectAll('text.sum-title').data(sums.length ? [0] : []).join('text').attr('class', 'sum-title')
    .attr('x', gridRight + sumWidth / 2).attr('y', HEADER_HEIGHT - 8).attr('text-anchor', 'middle').text('row sum');
  const shown = range(0, sums.length, rowStep);
  g.selectAll('text.sum').data(shown).join('text').attr('class', 'sum')
    .attr('x', gridRight + sumWidth / 2).attr('y', (i) => HEADER_HEIGHT + i * ch + Math.min(ch, LABEL_SPACING) / 2)
    .attr('dy', '0.35em').attr('text-anchor', 'middle').attr('data-row', (i) => i)
    .text((i) => cellText(sums[i]));
}

function legendText(palette, colour) {
  const [lo, , hi] = palette === 'weights' ? [0, 0, 1] : palette === 'counts' ? [0, 0, colour.domain()[1]] : colour.domain();
  if (palette === 'counts') return `Colour: light for count 0 to dark blue for count ${num(hi)}.`;
  return palette === 'weights'
    ? 'Colour: light for weight 0 to dark blue for weight 1.'
    : `Colour: blue for negative (down to ${num(lo)}), white for 0, red for positive (up to ${num(hi)}).`;
}

/** A colour bar with its end and middle values, drawn in the SVG so it is exported too. */
function drawLegend(g, palette, colour, width, masked) {
  const [lo, mid, hi] = palette === 'weights' ? [0, 0.5, 1]
    : palette === 'counts' ? [0, colour.domain()[1] / 2, colour.domain()[1]] : colour.domain();
  const step = width / LEGEND_STEPS;
  g.selectAll('g.legend-bar').data([0]).join('g').attr('class', 'legend-bar').selectAll('rect').data(range(LEGEND_STEPS)).join('rect')
    .attr('x', (k) => k * step).attr('width', step + 0.5).attr('height', 10)
    .attr('fill', (k) => colour(lo + ((hi - lo) * (k + 0.5)) / LEGEND_STEPS));
  g.selectAll('rect.legend-frame').data([0]).join('rect').attr('class', 'legend-frame').attr('width', width).attr('height', 10).attr('fill', 'none');
  g.selectAll('g.legend-ticks').data([0]).join('g').attr('class', 'legend-ticks').selectAll('text')
    .data([[lo, 'start', 0], [mid, 'middle', width / 2], [hi, 'end', width]]).join('text')
    .attr('x', (d) => d[2]).attr('y', 24).attr('text-anchor', (d) => d[1]).text((d) => cellText(d[0]));
  g.selectAll('text.legend-title').data([0]).join('text').attr('class', 'legend-title').attr('x', width + 8).attr('y', 9)
    .text(palette === 'weights' ? 'weight' : palette === 'counts' ? 'count' : 'value');
  const m = g.selectAll('g.legend-masked').data(masked ? [0] : []).join((enter) => {
    const e = enter.append('g').attr('class', 'legend-masked');
    e.append('rect').attr('width', 10).attr('height', 10).attr('fill', 'var(--masked)');
    e.append('text').attr('x', 14).attr('y', 9).text('masked (−∞)');
    return e;
  });
  m.attr('transform', `translate(${width + 8},14)`);
}

// ---------------------------------------------------------------- interaction

function valueAt(hm, i, j) {
  return hm.spec.matrix.data[i * hm.spec.matrix.cols + j];
}

function readOut(hm, i, j) {
  const { name, rowLabels, colLabels } = hm.spec;
  hm.readoutCell = [i, j];
  hm.readout.text(`${name}[${i}, ${j}] (${rowLabels[i]}, ${colLabels[j]}) = ${full(valueAt(hm, i, j))}`);
}

/** The cell of the large map's image under a pointer event, or null. */
function cellAtPointer(hm, event) {
  const image = hm.svg.select('image.cells-image').node();
  if (!image) return null;
  const r = image.getBoundingClientRect();
  const { rows, cols } = hm.spec.matrix;
  const j = Math.floor(((event.clientX - r.left) / r.width) * cols);
  const i = Math.floor(((event.clientY - r.top) / r.height) * rows);
  return i >= 0 && j >= 0 && i < rows && j < cols ? [i, j] : null;
}

/** One listener per event for the whole map: the cell is found from the event. */
function listen(hm) {
  const svg = hm.svg;
  const cellOf = (event) => {
    if (hm.mode === 'svg') {
      const g = event.target.closest?.('g.cell');
      return g ? [g.__data__.i, g.__data__.j] : null;
    }
    return event.target.classList?.contains('cells-cursor') ? cellAtPointer(hm, event) : null;
  };
  svg.on('pointermove', (event) => {
    const at = cellOf(event);
    if (!at) return;
    if (hm.mode === 'image') {
      hm.hover = at;
      readOut(hm, ...at);
      showMarks(hm);
    }
    if (hm.spec.interactive && (hm.mode === 'svg' ? !sameCell(at, hm.selected) : true)) choose(hm, at);
  });
  svg.on('pointerleave', () => {
    if (hm.mode !== 'image') return;
    hm.hover = null;
    showMarks(hm);
  });
  svg.on('click', (event) => {
    const at = cellOf(event);
    if (!at) return;
    if (hm.spec.interactive) choose(hm, at);
    else pick(hm, at);
    if (hm.mode === 'image') {
      hm.cursor = at;
      showMarks(hm);
    }
  });
  svg.on('focusin', (event) => {
    if (hm.mode === 'svg') {
      const at = cellOf(event);
      if (at && hm.spec.interactive) choose(hm, at);
      else if (at && !sameCell(at, hm.picked)) pick(hm, at);
    } else if (event.target.classList.contains('cells-cursor')) {
      // a click focuses too; the dashed keyboard cursor shows only for keyboard focus
      hm.focused = event.target.matches(':focus-visible');
      readOut(hm, ...hm.cursor);
      if (hm.spec.interactive) choose(hm, hm.cursor);
      showMarks(hm);
    }
  });
  svg.on('focusout', () => {
    hm.focused = false;
    if (hm.mode === 'image') showMarks(hm);
  });
  svg.on('keydown', (event) => {
    const { rows, cols } = hm.spec.matrix;
    const from = hm.mode === 'svg' ? cellOf(event) : hm.cursor;
    if (!from) return;
    let [i, j] = from;
    const page = 8;
    if (MOVES[event.key]) [i, j] = [i + MOVES[event.key][0], j + MOVES[event.key][1]];
    else if (event.key === 'Home') j = 0;
    else if (event.key === 'End') j = cols - 1;
    else if (event.key === 'PageUp') i -= page;
    else if (event.key === 'PageDown') i += page;
    else if ((event.key === 'Enter' || event.key === ' ') && hm.spec.interactive) { event.preventDefault(); choose(hm, from); return; }
    else return;
    if (hm.mode === 'svg' && !MOVES[event.key]) return;
    event.preventDefault();
    i = Math.min(rows - 1, Math.max(0, i));
    j = Math.min(cols - 1, Math.max(0, j));
    if (hm.mode === 'svg') {
      svg.selectAll('g.cell').filter((d) => d.i === i && d.j === j).node()?.focus();
    } else {
      hm.cursor = [i, j];
      hm.focused = true;
      readOut(hm, i, j);
      if (hm.spec.interactive) choose(hm, [i, j]);
      showMarks(hm);
    }
  });
  svg.on('wheel', (event) => {
    // Ctrl + wheel (and a trackpad pinch, which Chromium reports so) zooms a large map
    if (hm.mode !== 'image' || !event.ctrlKey) return;
    event.preventDefault();
    setZoom(hm, hm.zoomLevel + (event.deltaY < 0 ? 1 : -1));
  });
}

function sameCell(a, b) {
  return a && b && a[0] === b[0] && a[1] === b[1];
}

/** Another map's picked cell: its exact value goes under the map; a small map's Tab stop follows it. */
function pick(hm, [i, j]) {
  hm.picked = [i, j];
  readOut(hm, i, j);
  if (hm.mode === 'svg') {
    hm.svg.selectAll('g.cell').attr('tabindex', (d) => (d.i === i && d.j === j ? 0 : -1))
      .classed('picked', (d) => d.i === i && d.j === j);
  } else showMarks(hm);
}

/** The interactive map's selection (the inspector follows it). */
function choose(hm, [i, j]) {
  hm.selected = [i, j];
  if (hm.mode === 'svg') {
    hm.svg.selectAll('g.cell').attr('tabindex', (d) => (d.i === i && d.j === j ? 0 : -1))
      .classed('selected', (d) => d.i === i && d.j === j);
  } else {
    showMarks(hm);
  }
  hm.spec.onSelect?.(i, j);
}

/** The large map's marks: the selection (solid), the keyboard cursor (dashed) and the pointer. */
function showMarks(hm) {
  if (hm.mode !== 'image' || !hm.layout) return;
  const { cw, ch } = hm.layout;
  const place = (cls, at) => {
    const mark = hm.svg.select(`rect.${cls}`);
    if (!at) { mark.attr('hidden', true); return; }
    mark.attr('hidden', null)
      .attr('x', LABEL_WIDTH + at[1] * cw - 1.5).attr('y', HEADER_HEIGHT + at[0] * ch - 1.5)
      .attr('width', Math.max(cw, 3) + 3).attr('height', Math.max(ch, 3) + 3);
  };
  place('mark-selected', hm.spec.interactive ? hm.selected : hm.picked);
  place('mark-focus', hm.focused ? hm.cursor : null);
  place('mark-hover', hm.hover);
  hm.svg.select('rect.cells-cursor')
    .attr('data-i', hm.cursor[0]).attr('data-j', hm.cursor[1])
    .attr('data-value', full(valueAt(hm, ...hm.cursor)));
}

function setZoom(hm, level) {
  if (hm.mode !== 'image') return;
  const next = Math.max(0, level);
  if (next > hm.zoomLevel && hm.layout && Math.min(hm.layout.cw, hm.layout.ch) * 2 > MAX_ZOOMED_CELL && hm.layout.cw >= 1) return;
  if (next === hm.zoomLevel) return;
  hm.zoomLevel = next;
  hm.figure.attr('data-zoom', next);
  // the bitmap is unchanged: only the geometry, labels and marks follow the new cell size
  const layout = geometry(hm);
  hm.layout = layout;
  hm.svg.attr('viewBox', `0 0 ${layout.width} ${layout.height}`).attr('width', layout.width).attr('height', layout.height);
  drawLabels(hm, layout);
  hm.svg.select('image.cells-image').attr('width', hm.spec.matrix.cols * layout.cw).attr('height', hm.spec.matrix.rows * layout.ch)
    .attr('image-rendering', layout.cw >= 1 && layout.ch >= 1 ? 'optimizeSpeed' : 'auto')
    .classed('crisp', layout.cw >= 1 && layout.ch >= 1);
  hm.svg.select('rect.cells-cursor').attr('width', hm.spec.matrix.cols * layout.cw).attr('height', hm.spec.matrix.rows * layout.ch);
  drawRowSums(hm, layout);
  hm.svg.select('g.legend').attr('transform', `translate(${LABEL_WIDTH},${layout.gridBottom + 8})`);
  hm.zoom.select('.zoom-in').attr('disabled', Math.min(layout.cw, layout.ch) * 2 > MAX_ZOOMED_CELL && layout.cw >= 1 ? true : null);
  hm.zoom.select('.zoom-out').attr('disabled', next === 0 ? true : null);
  checkOverflow(hm);
  showMarks(hm);
}

/** For Export: the map drawn now if it waited, its image written into the file (not a blob: URL). */
function exportSvg(hm) {
  if (hm.pending) paint(hm);
  hm.finishImage?.();
  const image = hm.svg.select('image.cells-image');
  if (!image.empty() && hm.canvas) image.attr('href', hm.canvas.toDataURL('image/png'));
  return hm.svg.node();
}

// ---------------------------------------------------------------- table equivalent

function setTableOpen(hm, open) {
  const { toggle, tableBox, spec } = hm;
  toggle.attr('aria-expanded', String(open)).select('.toggle-label').text(open ? 'Hide table' : 'Show as table');
  tableBox.attr('hidden', open ? null : true);
  if (open && tableBox.select('table').empty()) drawTable(hm);
  if (open) openTables.add(spec.name); else openTables.delete(spec.name);
}

/**
 * The matrix as a table: headers on both axes, arrow keys (and Home/End) move between cells.
 * A large matrix is shown a window of rows and columns at a time, moved with buttons or by
 * walking past its edge with the arrow keys, so that a 1024 × 1024 matrix is not a million cells.
 */
function drawTable(hm, focusAt = null) {
  const { spec, tableBox: box } = hm;
  const { name, matrix, rowLabels, colLabels, rowAxis, colAxis } = spec;
  const { rows, cols, data } = matrix;
  const paged = rows > TABLE_PAGE_ROWS || cols > TABLE_PAGE_COLS;
  const pageRows = paged ? Math.min(rows, TABLE_PAGE_ROWS) : rows;
  const pageCols = paged ? Math.min(cols, TABLE_PAGE_COLS) : cols;
  let [r0, c0] = hm.tableOrigin;
  r0 = Math.max(0, Math.min(r0, rows - pageRows));
  c0 = Math.max(0, Math.min(c0, cols - pageCols));
  hm.tableOrigin = [r0, c0];
  box.selectAll('*').remove();
  if (paged) {
    const nav = box.append('div').attr('class', 'table-pager').attr('role', 'group').attr('aria-label', `${name}: which rows and columns the table shows`);
    const go = (dr, dc) => { hm.tableOrigin = [r0 + dr, c0 + dc]; drawTable(hm); };
    nav.append('button').attr('type', 'button').attr('data-page', 'up').text('↑ rows').attr('disabled', r0 === 0 ? true : null).on('click', () => go(-pageRows, 0));
    nav.append('button').attr('type', 'button').attr('data-page', 'down').text('↓ rows').attr('disabled', r0 + pageRows >= rows ? true : null).on('click', () => go(pageRows, 0));
    nav.append('button').attr('type', 'button').attr('data-page', 'left').text('← columns').attr('disabled', c0 === 0 ? true : null).on('click', () => go(0, -pageCols));
    nav.append('button').attr('type', 'button').attr('data-page', 'right').text('→ columns').attr('disabled', c0 + pageCols >= cols ? true : null).on('click', () => go(0, pageCols));
    nav.append('span').attr('class', 'table-window')
      .text(`rows ${r0}–${r0 + pageRows - 1} of ${rows}, columns ${c0}–${c0 + pageCols - 1} of ${cols}`);
  }
  const scroll = box.append('div').attr('class', 'table-scroll').attr('role', 'region')
    .attr('aria-label', `${name} as a table`).attr('tabindex', 0);
  const table = scroll.append('table').attr('class', 'matrix');
  table.append('caption').text(`${name} ${shapeText(rows, cols)}: rows are ${rowAxis}, columns are ${colAxis}.${paged ? ` Shown: rows ${r0} to ${r0 + pageRows - 1}, columns ${c0} to ${c0 + pageCols - 1}.` : ''} Arrow keys move between cells.`);
  const head = table.append('thead').append('tr');
  head.append('th').attr('scope', 'col').text(`${rowAxis} \\ ${colAxis}`);
  for (let j = c0; j < c0 + pageCols; j++) head.append('th').attr('scope', 'col').text(colLabels[j]).append('span').attr('class', 'index').text(` ${j}`);
  const body = table.append('tbody');
  const [fi, fj] = focusAt ?? [r0, c0];
  for (let i = r0; i < r0 + pageRows; i++) {
    const tr = body.append('tr');
    tr.append('th').attr('scope', 'row').text(rowLabels[i]).append('span').attr('class', 'index').text(` ${i}`);
    for (let j = c0; j < c0 + pageCols; j++) {
      const v = data[i * cols + j];
      tr.append('td').attr('data-i', i).attr('data-j', j).attr('tabindex', i === fi && j === fj ? 0 : -1)
        .attr('aria-label', `${name} row ${rowLabels[i]} (${i}), column ${colLabels[j]} (${j}): ${num(v)}`)
        .attr('title', full(v))
        .text(num(v));
    }
  }
  const pick = (i, j) => {
    if (spec.interactive) choose(hm, [i, j]);
    else { hm.picked = [i, j]; readOut(hm, i, j); if (!hm.pending) paintMarksOnly(hm); }
  };
  table.on('keydown', (event) => {
    const td = event.target.closest('td');
    if (!td) return;
    let i = Number(td.dataset.i);
    let j = Number(td.dataset.j);
    if (MOVES[event.key]) [i, j] = [i + MOVES[event.key][0], j + MOVES[event.key][1]];
    else if (event.key === 'Home') j = 0;
    else if (event.key === 'End') j = cols - 1;
    else if (event.key === 'Enter' || event.key === ' ') { event.preventDefault(); pick(i, j); return; }
    else return;
    event.preventDefault();
    i = Math.min(rows - 1, Math.max(0, i));
    j = Math.min(cols - 1, Math.max(0, j));
    if (i < r0 || i >= r0 + pageRows || j < c0 || j >= c0 + pageCols) {
      // past the window's edge: the window follows
      hm.tableOrigin = [i < r0 ? i : i >= r0 + pageRows ? i - pageRows + 1 : r0, j < c0 ? j : j >= c0 + pageCols ? j - pageCols + 1 : c0];
      drawTable(hm, [i, j]);
      box.select(`td[data-i="${i}"][data-j="${j}"]`).node()?.focus();
      return;
    }
    const next = table.select(`td[data-i="${i}"][data-j="${j}"]`);
    table.selectAll('td[tabindex="0"]').attr('tabindex', -1);
    next.attr('tabindex', 0).node().focus();
  });
  table.on('click', (event) => {
    const td = event.target.closest('td');
    if (td) pick(Number(td.dataset.i), Number(td.dataset.j));
  });
}

function paintMarksOnly(hm) {
  if (hm.mode === 'svg') {
    const [pi, pj] = hm.picked ?? [-1, -1];
    hm.svg.selectAll('g.cell').classed('picked', (d) => d.i === pi && d.j === pj);
  } else showMarks(hm);
}
