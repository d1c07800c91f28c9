// The first whiteboard page: tokens → vectors → one self-attention block (REWEIGH) → one
// output per token, on the sentence's real numbers, stepped with stepThrough. Each vector is a
// colour strip of its numbers (titles give them in full); a click on a row picks the base token
// of the detailed flow below.
import { select } from 'd3';
import { num, full } from '../format.js';
import { idx, palette, vectorText, stripImage, STRIP_CELL_LIMIT } from './flow-diagram.js';
import { fitText } from './svg-text.js';
import { widthOf } from './watch-width.js';
import { morphInto, svgBeside } from './redraw-in-place.js';
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
 * @param {HTMLElement} container  filled the first time, its diagram changed in place after; its
 *   width picks the layout
 * @param {{report: object, tokens: string[], onPick: (i: number) => void, step?: number}} spec
 *   report  the core's flow report (its workbench has X and both forms' outputs)
 *   step    the step to show first (default 0); a redraw stays on the reader's step
 * @returns {{show(k: number): void, step(): number, setSteps(steps: object[]): void}} its stepper (stepThrough)
 */
export function drawOverview(container, { report, tokens, onPick, step = 0 }) {
  const kept = drawn.get(container);
  const onPage = container.querySelector(':scope > .overview-box > svg.overview-svg');
  // drawn before: the diagram is made off the page and the one on it changed to match
  // (components/redraw-in-place.js); the step-through keeps its place, with the new numbers
  if (kept && onPage) {
    const fresh = select(svgBeside(onPage));
    const { steps, matrices } = drawDiagram(container, fresh, { report, tokens, onPick });
    morphInto(onPage, fresh.node());
    kept.matrices.forEach((m, k) => Object.assign(m, matrices[k])); // the Export menu's
    kept.stepper.setSteps(steps);
    return kept.stepper;
  }
  const section = select(container);
  section.node().replaceChildren();
  section.append('h3').attr('id', 'overview-title').text('The whole block: tokens in, one output per token out');
  const svg = section.append('div').attr('class', 'overview-box').append('svg');
  const { steps, matrices } = drawDiagram(container, svg, { report, tokens, onPick });
  const stepper = stepThrough(section, { steps, diagram: svg, before: '.overview-box', start: step });
  addExport(section.node(), { name: 'overview', svg: svg.node(), matrices });
  drawn.set(container, { stepper, matrices });
  return stepper;
}

// The overview drawn in each container: its step-through and the matrices its Export menu saves.
const drawn = new WeakMap();

/** Draws the picture into `svg` (on the page or off it); returns the steps' texts and the matrices. */
function drawDiagram(container, svg, { report, tokens, onPick }) {
  const wb = report.workbench;
  const qkv = report.form === 'qkv';
  const X = wb.X;
  const Y = qkv ? wb.projected.Y : wb.paramFree.Y;
  const n = X.rows;
  const row = (m, i) => m.data.subarray(i * m.cols, (i + 1) * m.cols);
  const colour = palette([...X.data, ...Y.data]);

  const { tokenW: TOKEN_W, gap: GAP, stripW: STRIP_W, blockW: BLOCK_W, compact } = overviewLayout(widthOf(container));
  const xStrip = TOKEN_W + GAP;
  const blockX = xStrip + STRIP_W + GAP;
  const yStrip = blockX + BLOCK_W + GAP;
  const width = yStrip + STRIP_W + (compact ? 26 : 40);
  const height = TOP + n * ROW_H + 8;
  svg.attr('class', 'overview-svg').attr('viewBox', `0 0 ${width} ${height}`)
    .attr('width', width).attr('height', height).style('max-width', '100%').style('height', 'auto')
    .attr('role', 'group').attr('aria-label', `${n} tokens become ${n} vectors of width ${X.cols}, go through one self-attention block together, and come out as ${n} outputs of width ${Y.cols}. Click a row to build its output below.`);

  const head = (x, text, at) => svg.append('text').attr('class', 'overview-head').attr('x', x).attr('y', 16)
    .attr('data-reveal', at).text(text);
  head(TOKEN_W, 'tokens', 0).attr('text-anchor', 'end');
  head(xStrip, compact ? 'vectors' : `vectors (${X.cols} numbers each)`, 1);
  head(yStrip, compact ? 'outputs' : `outputs (${Y.cols} each)`, 3);

  const block = svg.append('g').attr('data-reveal', 2).attr('class', 'overview-block');
  block.append('rect').attr('x', blockX).attr('y', TOP - 4).attr('width', BLOCK_W).attr('height', n * ROW_H).attr('rx', 8);
  const mid = TOP - 4 + (n * ROW_H) / 2;
  block.append('text').attr('x', blockX + BLOCK_W / 2).attr('y', mid - 6).attr('text-anchor', 'middle').text(compact ? 'attention' : 'self-attention');
  block.append('text').attr('x', blockX + BLOCK_W / 2).attr('y', mid + 10).attr('text-anchor', 'middle').attr('class', 'overview-sub')
    .text(qkv ? '(Q, K, V)' : '(reweigh)');

  const strip = (g, values, x, name) => {
    const cell = STRIP_W / values.length;
    const s = g.append('g').attr('class', 'overview-strip');
    s.append('title').text(`${name} = ${vectorText(values)}; full precision: [${Array.from(values, full).join(', ')}]`);
    if (values.length > STRIP_CELL_LIMIT) {
      // wide vectors: one image, a pixel per value, not a rect per value
      s.append('image').attr('href', stripImage(Array.from(values), colour)).attr('x', x).attr('y', 3)
        .attr('width', STRIP_W).attr('height', ROW_H - 8).attr('preserveAspectRatio', 'none')
        .attr('class', cell >= 1 ? 'crisp' : null);
      return s;
    }
    s.selectAll('rect').data(Array.from(values)).join('rect').attr('x', (_, k) => x + k * cell).attr('y', 3)
      .attr('width', Math.max(cell - (cell > 4 ? 1 : 0), 0.5)).attr('height', ROW_H - 8).attr('fill', (v) => colour(v));
    return s;
  };
  for (let i = 0; i < n; i++) {
    const g = svg.append('g').attr('class', `overview-row${i === report.base ? ' base' : ''}`).attr('data-row', i)
      .attr('transform', `translate(0,${TOP + i * ROW_H})`).on('click', () => onPick(i));
    // the whole row takes the click (the token buttons below do the same from the keyboard)
    g.append('rect').attr('class', 'overview-hit').attr('width', width).attr('height', ROW_H).attr('fill', 'transparent');
    const label = g.append('text').attr('x', TOKEN_W).attr('y', ROW_H / 2).attr('dy', '0.35em').attr('text-anchor', 'end')
      .attr('data-reveal', 0);
    fitText(label.node(), '', tokens[i], TOKEN_W - 2);
    const mid = ROW_H / 2 - 1;
    g.append('line').attr('class', 'overview-arrow').attr('x1', TOKEN_W + 6).attr('x2', xStrip - 6).attr('y1', mid).attr('y2', mid).attr('data-reveal', 1);
    strip(g, row(X, i), xStrip, idx('x', i + 1)).attr('data-reveal', 1).attr('data-value', Array.from(row(X, i), full).join(','));
    g.append('line').attr('class', 'overview-arrow').attr('x1', xStrip + STRIP_W + 4).attr('x2', blockX - 4).attr('y1', mid).attr('y2', mid).attr('data-reveal', 2);
    g.append('line').attr('class', 'overview-arrow').attr('x1', blockX + BLOCK_W + 4).attr('x2', yStrip - 6).attr('y1', mid).attr('y2', mid).attr('data-reveal', 3);
    strip(g, row(Y, i), yStrip, idx('y', i + 1)).attr('data-reveal', 3).attr('data-value', Array.from(row(Y, i), full).join(','));
    g.append('text').attr('x', yStrip + STRIP_W + 6).attr('y', ROW_H / 2).attr('dy', '0.35em').attr('data-reveal', 3).text(idx('y', i + 1));
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
