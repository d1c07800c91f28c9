// Large maps (> SVG_CELL_LIMIT cells): the values are painted into a canvas, one pixel per cell,
// shown in the SVG (a <foreignObject>) scaled up without smoothing; labels, legend and marks stay
// SVG. A 1024 × 1024 matrix is then one element instead of three million. The canvas, the cursor
// and the marks are made once per map; an update paints the same canvas again.
//
// The canvas is shown as it is. It used to be encoded to a PNG (toBlob), given a blob: URL and
// shown by an SVG <image>: per large map and keystroke an encoding, a URL made and revoked
// (about a millisecond each on the main thread in Chromium) and a decoding, so the Q/K/V
// chapter's maps at 64 tokens showed a frame or more after the rest of the edit. The <image>
// stays, without a picture: it gives the pointer its cell (interaction.js) and carries the
// picture into an exported file (export-menu.js), where a canvas cannot go.
import { rgb } from 'd3';
import { colourTable } from './colour.js';
import { LABEL_WIDTH, HEADER_HEIGHT } from './layout.js';

/** Cells painted per task (a few milliseconds each). */
const PAINT_SLICE = 1 << 17;

// Maps drawn on a canvas hold its bitmap. A map whose chapter was left is not coming back: its
// canvas is emptied, so switching chapters leaks nothing. This is looked at in a task of its own,
// after the render that painted: a holder a view takes out while it redraws is back on the page by then.
const imageMaps = new Set();
let letGoQueued = false;
function letGoOfLeftMaps() {
  letGoQueued = false;
  for (const hm of imageMaps) {
    if (hm.figure.node().isConnected) continue;
    imageMaps.delete(hm);
    if (hm.canvas) hm.canvas.width = hm.canvas.height = 0;
    hm.canvas = null;
  }
}
function queueLetGo() {
  if (letGoQueued) return;
  letGoQueued = true;
  setTimeout(letGoOfLeftMaps, 0);
}

export function drawCanvasCells(hm, layout) {
  const canvas = drawImageElements(hm, layout);
  hm.canvas = canvas;
  const { rows, cols } = hm.spec.matrix;
  // (setting a canvas's size clears it, even to the same size: the last picture stays until the new one is ready)
  if (canvas.width !== cols) canvas.width = cols;
  if (canvas.height !== rows) canvas.height = rows;
  const version = (hm.imageVersion = (hm.imageVersion ?? 0) + 1);
  const ctx = canvas.getContext('2d');
  // no 2D context (a DOM without canvas, as in unit tests): the elements stand, nothing is painted
  if (!ctx) {
    hm.imagePending = false;
    hm.finishImage = null;
    return;
  }
  hm.imagePending = true;
  paintInSlices(hm, ctx, version, () => {
    imageMaps.add(hm);
    queueLetGo();
    hm.imagePending = false;
    if (!hm.pending) hm.figure.attr('data-drawn', 'true');
  });
}

/**
 * The canvas (in a <foreignObject>), the <image> without a picture, the transparent cursor that
 * takes focus and pointer, and the three marks; returns the canvas.
 */
function drawImageElements(hm, { cw, ch }) {
  const { spec } = hm;
  const { rows, cols } = spec.matrix;
  const g = hm.svg.select('g.cells');
  const crisp = cw >= 1 && ch >= 1;
  const shown = g.selectAll('.cells-canvas').data([0]).join((enter) => enter.append('foreignObject')
    .attr('class', 'cells-canvas').attr('aria-hidden', 'true')
    .call((fo) => fo.append('xhtml:canvas')));
  shown.attr('x', LABEL_WIDTH).attr('y', HEADER_HEIGHT).attr('width', cols * cw).attr('height', rows * ch)
    .select('canvas').classed('crisp', crisp);
  const image = g.selectAll('image.cells-image').data([0]).join((enter) => enter.append('image')
    .attr('class', 'cells-image').attr('preserveAspectRatio', 'none'));
  // the presentation attribute also travels into an exported SVG, which has no stylesheet
  image.attr('x', LABEL_WIDTH).attr('y', HEADER_HEIGHT).attr('width', cols * cw).attr('height', rows * ch)
    .attr('image-rendering', crisp ? 'optimizeSpeed' : 'auto')
    .classed('crisp', crisp);
  const cursor = g.selectAll('rect.cells-cursor').data([0]).join((enter) => enter.append('rect')
    .attr('class', 'cells-cursor').attr('fill', 'transparent'));
  cursor.attr('x', LABEL_WIDTH).attr('y', HEADER_HEIGHT).attr('width', cols * cw).attr('height', rows * ch)
    .attr('tabindex', 0).attr('role', 'img').attr('aria-describedby', `${hm.uid}-readout`)
    .attr('aria-label', `${spec.name} as an image of ${rows} by ${cols} cells. Arrow keys move a cursor over the cells${spec.interactive ? ' and choose a weight' : ''}; the cell's exact value is written below the map. Page Up, Page Down, Home and End jump further.`);
  for (const cls of ['mark-selected', 'mark-focus', 'mark-hover']) {
    g.selectAll(`rect.${cls}`).data([0]).join((enter) => enter.append('rect').attr('class', `mark ${cls}`)
      .attr('fill', 'none').attr('pointer-events', 'none').attr('hidden', true));
  }
  return shown.select('canvas').node();
}

/** The picture's size after a zoom (the bitmap is unchanged). */
export function resizeImage(hm, { cw, ch }) {
  const { rows, cols } = hm.spec.matrix;
  const crisp = cw >= 1 && ch >= 1;
  hm.svg.select('.cells-canvas').attr('width', cols * cw).attr('height', rows * ch)
    .select('canvas').classed('crisp', crisp);
  hm.svg.select('image.cells-image').attr('width', cols * cw).attr('height', rows * ch)
    .attr('image-rendering', crisp ? 'optimizeSpeed' : 'auto')
    .classed('crisp', crisp);
  hm.svg.select('rect.cells-cursor').attr('width', cols * cw).attr('height', rows * ch);
}

/** A million cells are painted a slice at a time, so that no task is long; `done` then. */
function paintInSlices(hm, ctx, version, done) {
  const { spec, colour } = hm;
  const { rows, cols, data } = spec.matrix;
  const pixels = ctx.createImageData(cols, rows);
  const { lo, hi, table } = colourTable(colour, spec.palette);
  const masked = rgb(getComputedStyle(hm.figure.node()).getPropertyValue('--masked').trim() || '#cfcfcf');
  const last = table.length / 4 - 1;
  const scale = last / (hi - lo);
  const out = new Uint32Array(pixels.data.buffer); // one write per pixel (RGBA, little-endian)
  const packed = new Uint32Array(table.buffer);
  const maskedPixel = (255 << 24 | masked.b << 16 | masked.g << 8 | masked.r) >>> 0;
  const n = rows * cols;
  let next = 0;
  let finished = false;
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
  const finish = () => {
    if (finished) return;
    finished = true;
    ctx.putImageData(pixels, 0, 0);
    hm.finishImage = null; // lets the pixel buffer go: the canvas holds the bitmap now
    done();
  };
  const tick = () => {
    if (version !== hm.imageVersion) return;
    paintUpTo(next + PAINT_SLICE);
    if (next < n) setTimeout(tick, 0);
    else finish();
  };
  // Export cannot wait: it finishes the bitmap at once.
  hm.finishImage = () => {
    if (version !== hm.imageVersion) return;
    paintUpTo(n);
    finish();
  };
  tick();
}
