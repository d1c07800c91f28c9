// The first whiteboard page: tokens → vectors → one self-attention block (REWEIGH) → one
// output per token, on the sentence's real numbers, stepped with stepThrough. Each vector is a
// colour strip of its numbers (titles give them in full); a click on a row picks the base token
// of the detailed flow below.
import { select } from 'd3';
import { num, full } from '../format.js';
import { idx, palette, pixelColours, vectorText, STRIP_CELL_LIMIT } from './flow-diagram.js';
import { fitText } from './svg-text.js';
import { widthOf } from './watch-width.js';
import { stepThrough } from './step-through.js';
import { addExport } from './export.js';

const ROW_H = 26;
const TOP = 30;
const WIDE = { tokenW: 78, gap: 34, stripW: 120, blockW: 110, tail: 40, compact: false };

/** Column widths for a box `boxWidth` px wide: the wide drawing, or a compact one that fits a phone. */
function overviewLayout(boxWidth) {
  const width = WIDE.tokenW + 3 * WIDE.gap + 2 * WIDE.stripW + WIDE.blockW + WIDE.tail;
  if (boxWidth === 0 || boxWidth >= width) return WIDE;
  const narrow = { tokenW: 56, gap: 16, blockW: 78, tail: 26, compact: true };
  const room = Math.max(boxWidth, 240) - narrow.tokenW - 3 * narrow.gap - narrow.blockW - narrow.tail;
  return { ...narrow, stripW: Math.max(36, Math.floor(room / 2)) };
}

/**
 * @param {HTMLElement} container  filled the first time; after that its diagram is updated in
 *   place (a data join on the rows); its width picks the layout
 * @param {{report: object, tokens: string[], onPick: (i: number) => void, step?: number}} spec
 *   report  the core's flow report (its workbench has X and both forms' outputs)
 *   step    the step to show first (default 0); a redraw stays on the reader's step
 * @returns {{show(k: number): void, step(): number, setSteps(steps: object[]): void}} its stepper (stepThrough)
 */
export function drawOverview(container, { report, tokens, onPick, step = 0 }) {
  const kept = drawn.get(container);
  if (kept && container.contains(kept.svg.node())) {
    const { steps, matrices } = drawDiagram(container, kept.svg, { report, tokens, onPick });
    kept.matrices.forEach((m, k) => Object.assign(m, matrices[k])); // the Export menu's
    kept.stepper.setSteps(steps); // marks what entered with the reader's step
    return kept.stepper;
  }
  const section = select(container);
  section.node().replaceChildren();
  section.append('h3').attr('id', 'overview-title').text('The whole block: tokens in, one output per token out');
  const svg = section.append('div').attr('class', 'overview-box').append('svg');
  const state = { svg };
  const { steps, matrices } = drawDiagram(container, svg, { report, tokens, onPick });
  state.stepper = stepThrough(section, { steps, diagram: svg, before: '.overview-box', start: step });
  state.matrices = matrices;
  addExport(section.node(), { name: 'overview', svg: svg.node(), matrices });
  drawn.set(container, state);
  return state.stepper;
}

// The overview drawn in each container: its svg, step-through and the matrices its Export menu
// saves. (Each drawing sets the rows' click handler again, with the newest onPick.)
const drawn = new WeakMap();

// A wide vector's strip is a band of pixels, one per value, in one image per column (X, Y): the
// image has ROW_H / 2 pixel rows per token, drawn at 2 px each, the band in pixel rows
// BAND_TOP..BAND_TOP + BAND_ROWS - 1 and the rest see-through. One image per column, not one per
// row: a 64-token sentence made 128 images per keystroke.
const BAND_TOP = 1;
const BAND_ROWS = (ROW_H - 8) / 2;
const STRIP_Y = 2 * BAND_TOP; // where a strip's band starts in its row (the narrow strips too)

/** Draws the picture into `svg`, updating what is there; returns the steps' texts and the matrices. */
function drawDiagram(container, svg, { report, tokens, onPick }) {
  const wb = report.workbench;
  const qkv = report.form === 'qkv';
  const X = wb.X;
  const Y = qkv ? wb.projected.Y : wb.paramFree.Y;
  const n = X.rows;
  const row = (m, i) => m.data.subarray(i * m.cols, (i + 1) * m.cols);
  const colour = palette([...X.data, ...Y.data]);
  const colourKey = colour.domain().join(' ');

  const { tokenW: TOKEN_W, gap: GAP, stripW: STRIP_W, blockW: BLOCK_W, compact } = overviewLayout(widthOf(container));
  const xStrip = TOKEN_W + GAP;
  const blockX = xStrip + STRIP_W + GAP;
  const yStrip = blockX + BLOCK_W + GAP;
  const width = yStrip + STRIP_W + (compact ? 26 : 40);
  const height = TOP + n * ROW_H + 8;
  svg.attr('class', 'overview-svg').attr('viewBox', `0 0 ${width} ${height}`)
    .attr('width', width).attr('height', height).style('max-width', '100%').style('height', 'auto')
    .attr('role', 'group').attr('aria-label', `${n} tokens become ${n} vectors of width ${X.cols}, go through one self-attention block together, and come out as ${n} outputs of width ${Y.cols}. Click a row to build its output below.`);

  const heads = [
    { x: TOKEN_W, text: 'tokens', at: 0, anchor: 'end' },
    { x: xStrip, text: compact ? 'vectors' : `vectors (${X.cols} numbers each)`, at: 1, anchor: null },
    { x: yStrip, text: compact ? 'outputs' : `outputs (${Y.cols} each)`, at: 3, anchor: null },
  ];
  svg.selectAll('text.overview-head').data(heads).join('text').attr('class', 'overview-head')
    .attr('x', (h) => h.x).attr('y', 16).attr('data-reveal', (h) => h.at).attr('text-anchor', (h) => h.anchor).text((h) => h.text);

  const block = svg.selectAll('g.overview-block').data([null]).join((enter) => {
    const g = enter.append('g').attr('data-reveal', 2).attr('class', 'overview-block');
    g.append('rect').attr('rx', 8);
    g.append('text').attr('class', 'overview-block-name').attr('text-anchor', 'middle');
    g.append('text').attr('class', 'overview-sub').attr('text-anchor', 'middle');
    return g;
  });
  const mid = TOP - 4 + (n * ROW_H) / 2;
  block.select('rect').attr('x', blockX).attr('y', TOP - 4).attr('width', BLOCK_W).attr('height', n * ROW_H);
  block.select('.overview-block-name').attr('x', blockX + BLOCK_W / 2).attr('y', mid - 6).text(compact ? 'attention' : 'self-attention');
  block.select('.overview-sub').attr('x', blockX + BLOCK_W / 2).attr('y', mid + 10).text(qkv ? '(Q, K, V)' : '(reweigh)');

  // the wide strips' images, under the rows (whose see-through parts take the clicks)
  const columns = [{ name: 'x', matrix: X, x: xStrip, at: 1 }, { name: 'y', matrix: Y, x: yStrip, at: 3 }]
    .filter((c) => c.matrix.cols > STRIP_CELL_LIMIT);
  svg.selectAll('image.overview-column').data(columns, (c) => c.name)
    .join((enter) => enter.insert('image', 'g.overview-row').attr('class', 'overview-column').attr('preserveAspectRatio', 'none'))
    .attr('data-reveal', (c) => c.at).attr('x', (c) => c.x).attr('y', TOP).attr('width', STRIP_W).attr('height', n * ROW_H)
    .classed('crisp', (c) => STRIP_W / c.matrix.cols >= 1)
    .each(function image(c) {
      const key = `${colourKey}|${c.matrix.rows}|${c.matrix.cols}`;
      if (this.__key === key && sameValues(this.__values, c.matrix.data)) return;
      this.__key = key;
      this.__values = Float64Array.from(c.matrix.data);
      this.setAttribute('href', columnImage(c.matrix, colour));
    });

  const rows = svg.selectAll('g.overview-row').data(Array.from({ length: n }, (_, i) => i)).join(enterRow);
  rows.attr('class', (i) => `overview-row${i === report.base ? ' base' : ''}`).attr('data-row', (i) => i)
    .attr('transform', (i) => `translate(0,${TOP + i * ROW_H})`).on('click', (_, i) => onPick(i))
    .each(function placeRow(i) {
      const token = tokens[i];
      const g = select(this);
      // the same layout as the last drawing: only the numbers (and the token) can have changed
      const layout = `${width} ${TOKEN_W} ${xStrip} ${yStrip} ${STRIP_W} ${blockX} ${BLOCK_W}`;
      if (this.__layout !== layout) {
        this.__layout = layout;
        this.__token = null;
        g.select('.overview-hit').attr('width', width);
        const middle = ROW_H / 2 - 1;
        const arrows = [[TOKEN_W + 6, xStrip - 6], [xStrip + STRIP_W + 4, blockX - 4], [blockX + BLOCK_W + 4, yStrip - 6]];
        g.selectAll('line.overview-arrow').attr('x1', (_, k) => arrows[k][0]).attr('x2', (_, k) => arrows[k][1]).attr('y1', middle).attr('y2', middle);
        g.select('.overview-token').attr('x', TOKEN_W);
        g.select('.overview-out').attr('x', yStrip + STRIP_W + 6);
      }
      const label = `${token} ${i === report.base}`; // the base token is bold: measured again
      if (this.__token !== label) {
        this.__token = label;
        fitText(g.select('.overview-token').node(), '', token, TOKEN_W - 2);
      }
      g.select('.overview-out').text(idx('y', i + 1));
      drawStrip(g.select('.overview-strip.x'), row(X, i), xStrip, idx('x', i + 1));
      drawStrip(g.select('.overview-strip.y'), row(Y, i), yStrip, idx('y', i + 1));
    });

  // one row's strip: its numbers (data-value, the title) and, for a narrow vector, a rect per value
  function drawStrip(strip, values, x, name) {
    const node = strip.node();
    const key = `${colourKey} ${x} ${STRIP_W} ${name}`;
    if (node.__key === key && sameValues(node.__values, values)) return;
    node.__key = key;
    node.__values = Float64Array.from(values);
    const fullText = Array.from(values, full);
    strip.attr('data-value', fullText.join(','));
    strip.select('title').text(`${name} = ${vectorText(values)}; full precision: [${fullText.join(', ')}]`);
    const cell = STRIP_W / values.length;
    const wide = values.length > STRIP_CELL_LIMIT;
    // a wide strip is drawn by its column's image; this see-through rect gives it its title on hover
    strip.selectAll('rect.overview-strip-area').data(wide ? [null] : []).join('rect').attr('class', 'overview-strip-area')
      .attr('x', x).attr('y', STRIP_Y).attr('width', STRIP_W).attr('height', ROW_H - 8).attr('fill', 'transparent');
    strip.selectAll('rect.overview-cell').data(wide ? [] : Array.from(values)).join('rect').attr('class', 'overview-cell')
      .attr('x', (_, k) => x + k * cell).attr('y', STRIP_Y)
      .attr('width', Math.max(cell - (cell > 4 ? 1 : 0), 0.5)).attr('height', ROW_H - 8).attr('fill', (v) => colour(v));
  }

  const b = report.base;
  const first3 = (values) => `[${Array.from(values.subarray(0, 3), num).join(', ')}${values.length > 3 ? ', …' : ''}]`;
  const weights = Array.from(report.weights, (w, j) => `${num(w)} on “${tokens[j]}”`).join(', ');
  const steps = [
    { title: 'tokens', text: `${n} token${n === 1 ? '' : 's'} go in: ${tokens.map((t) => `“${t}”`).join(', ')}.` },
    { title: 'tokens become vectors', text: `Each token is looked up and becomes a vector of ${X.cols} numbers, one row of X: ${idx('x', b + 1)} (“${tokens[b]}”) = ${first3(row(X, b))}. So far no token knows about any other.` },
    {
      title: 'one block reweighs them all',
      text: `All ${n} vectors enter the same block together. Each output is a weighted sum of ${qkv ? 'the value vectors V' : 'all the input vectors'}, with weights from one row of softmax(${qkv ? 'Q Kᵀ / √d_k' : 'X Xᵀ'}). For “${tokens[b]}” the weights are ${weights} (they add up to 1).`,
    },
    { title: 'one output per token', text: `${n} in, ${n} out: each token gets its own contextual vector of ${Y.cols} numbers, ${idx('y', b + 1)} = ${first3(row(Y, b))}. Click a row to build that output step by step below.` },
  ];
  const matrices = [
    { name: 'X', ...X, rowLabels: tokens, colLabels: Array.from({ length: X.cols }, (_, f) => `f${f + 1}`), rowAxis: 'tokens', colAxis: 'features' },
    { name: 'Y', ...Y, rowLabels: tokens, colLabels: Array.from({ length: Y.cols }, (_, f) => `f${f + 1}`), rowAxis: 'tokens', colAxis: 'features' },
  ];
  return { steps, matrices };
}

/** The elements of one row, made once; drawDiagram places them and writes their numbers. */
function enterRow(enter) {
  const g = enter.append('g');
  // the whole row takes the click (the token buttons below do the same from the keyboard)
  g.append('rect').attr('class', 'overview-hit').attr('height', ROW_H).attr('fill', 'transparent');
  g.append('text').attr('class', 'overview-token').attr('y', ROW_H / 2).attr('dy', '0.35em').attr('text-anchor', 'end').attr('data-reveal', 0);
  g.append('line').attr('class', 'overview-arrow').attr('data-reveal', 1);
  g.append('g').attr('class', 'overview-strip x').attr('data-reveal', 1).append('title');
  g.append('line').attr('class', 'overview-arrow').attr('data-reveal', 2);
  g.append('line').attr('class', 'overview-arrow').attr('data-reveal', 3);
  g.append('g').attr('class', 'overview-strip y').attr('data-reveal', 3).append('title');
  g.append('text').attr('class', 'overview-out').attr('y', ROW_H / 2).attr('dy', '0.35em').attr('data-reveal', 3);
  return g;
}

function sameValues(a, b) {
  if (!a || a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (!Object.is(a[k], b[k])) return false;
  return true;
}

/** One image for a column of wide strips: a band of pixels per token, one pixel per value. */
function columnImage(matrix, colour) {
  const { rows, cols, data } = matrix;
  const rowsPerToken = ROW_H / 2;
  const canvas = document.createElement('canvas');
  canvas.width = cols;
  canvas.height = rows * rowsPerToken;
  const ctx = canvas.getContext('2d');
  const pixels = ctx.createImageData(cols, rows * rowsPerToken);
  const band = new Uint8ClampedArray(cols * 4);
  const put = pixelColours(colour);
  for (let i = 0; i < rows; i++) {
    for (let f = 0; f < cols; f++) put(data[i * cols + f], band, f * 4);
    for (let r = 0; r < BAND_ROWS; r++) pixels.data.set(band, ((i * rowsPerToken + BAND_TOP + r) * cols) * 4);
  }
  ctx.putImageData(pixels, 0, 0);
  return canvas.toDataURL('image/png');
}
