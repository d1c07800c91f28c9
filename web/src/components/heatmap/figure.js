// The figure a heatmap lives in, made once per container: caption, the notebook cell the values
// come from, a note, the picture, the readout, and the tools (table toggle, zoom, Export). The
// state of the map (`hm`) hangs on the figure element, so a later drawHeatmap() finds it.
import { select } from 'd3';
import { shapeText } from '../../format.js';
import { watchWidth } from '../watch-width.js';
import { listen } from './interaction.js';
import { setZoom } from './zoom.js';
import { isTableOpen, setTableOpen } from './table-view.js';
import { schedulePaint } from './visibility.js';
import { geometry } from './layout.js';

let figureCount = 0;

/** Appends an empty heatmap figure to `container`; returns its state. */
export function createFigure(container) {
  const uid = `hm${++figureCount}`;
  const figure = select(container).append('figure').attr('class', 'heatmap').attr('aria-labelledby', `${uid}-cap`);
  appendCaption(figure, uid);
  const plot = figure.append('div').attr('class', 'heatmap-plot');
  // Chromium gives an SVG element with focus listeners (listen()) a Tab stop of its own; the
  // map's stop is its cell (or the large map's cursor), so the picture itself takes none.
  const svg = plot.append('svg').style('height', 'auto').attr('tabindex', -1);
  for (const part of ['row-labels', 'col-labels', 'cells', 'row-sums', 'legend']) svg.append('g').attr('class', part);
  const readout = figure.append('p').attr('class', 'cell-readout').attr('id', `${uid}-readout`).attr('aria-live', 'polite');
  const tools = figure.append('div').attr('class', 'heatmap-tools');
  const toggle = appendTableToggle(tools, uid);
  const zoom = appendZoomButtons(tools);
  const tableBox = figure.append('div').attr('class', 'matrix-table').attr('id', `${uid}-table`).attr('hidden', true);

  const hm = {
    uid, figure, svg, plot, readout, tools, toggle, zoom, tableBox,
    spec: null, colour: null, mode: null, layout: null, zoomLevel: 0,
    cursor: [0, 0], selected: null, picked: null, hover: null, focused: false, readoutCell: null,
    pending: false, visible: null, canvas: null, exportMenu: null, exportName: null,
    exportMatrix: {}, tableOrigin: [0, 0], tableStop: null,
  };
  figure.node().heatmap = hm;

  toggle.on('click', () => setTableOpen(hm, !isTableOpen(hm)));
  zoom.select('.zoom-in').on('click', () => setZoom(hm, hm.zoomLevel + 1));
  zoom.select('.zoom-out').on('click', () => setZoom(hm, hm.zoomLevel - 1));
  listen(hm);
  // A box that changes width (a scroll bar came, a neighbour's labels grew) is looked at again:
  // when the map's geometry changed with it, the picture is sized again at once, so it fits, and
  // its cells are drawn now if it is in view, else when it comes into view (a keystroke that
  // widened the maps far below the first screen drew them all). The same geometry (the update or
  // a new window width, visibility.js, has drawn for it already) is left as it is.
  watchWidth(plot.node(), () => {
    if (hm.spec && hm.layout && !sameGeometry(geometry(hm), hm.layout)) schedulePaint(hm);
  });
  return hm;
}

function sameGeometry(a, b) {
  return Object.keys(a).every((key) => a[key] === b[key]);
}

function appendCaption(figure, uid) {
  const caption = figure.append('figcaption').attr('id', `${uid}-cap`);
  caption.append('code').attr('class', 'matrix-name');
  caption.append('span').attr('class', 'shape');
  caption.append('span').attr('class', 'axes');
  const ref = figure.append('p').attr('class', 'cell-ref');
  ref.append('span');
  ref.append('code');
  figure.append('p').attr('class', 'heatmap-note');
}

function appendTableToggle(tools, uid) {
  const toggle = tools.append('button').attr('type', 'button').attr('class', 'table-toggle').attr('aria-controls', `${uid}-table`);
  toggle.append('span').attr('class', 'toggle-label');
  toggle.append('span').attr('class', 'visually-hidden');
  return toggle;
}

function appendZoomButtons(tools) {
  const zoom = tools.append('span').attr('class', 'zoom-buttons').attr('hidden', true);
  zoom.append('button').attr('type', 'button').attr('class', 'zoom-out').text('−')
    .append('span').attr('class', 'visually-hidden').text(' zoom out');
  zoom.append('button').attr('type', 'button').attr('class', 'zoom-in').text('+')
    .append('span').attr('class', 'visually-hidden').text(' zoom in');
  return zoom;
}

/** The caption, the notebook cell, the note and the toggle's name, for the spec. */
export function writeCaption(hm, spec) {
  const { name, matrix: { rows, cols }, rowAxis, colAxis } = spec;
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
}
