// The Q/K/V projection diagram with the backward gradient arrows of training (Class 05
// whiteboard, page 5), labelled honestly: what training would change (W_q, W_k, W_v), and that
// on this page they are random and were never trained. Shapes and counts come from the core's
// trainingReport; the arrows are a picture of where gradients would flow, not a computation.
import { select } from 'd3';
import { shapeText, num, full } from '../format.js';
import { stepThrough } from './step-through.js';
import { keptExport } from './export.js';
import { part, shown } from './parts.js';
import { watchWidth, widthOf } from './watch-width.js';

// Two layouts: left to right for a wide box, and top to bottom (the three projections side by
// side, then scores → A → Y → loss) for a phone. The portrait one takes the box's width (from
// 300 px up), so that its 11 px type is never scaled below 11 px on a 360 px phone (issue 15);
// its boxes give each fact a line of its own instead of one long subtitle.
const LANDSCAPE = {
  name: 'landscape', width: 1000, height: 360, boxW: 132, boxH: 66, shift: 8,
  at: { X: [20, 150], Wq: [190, 30], Wk: [190, 150], Wv: [190, 270], Q: [370, 30], K: [370, 150], V: [370, 270], S: [550, 90], A: [710, 90], Y: [710, 270], L: [862, 270] },
  label: [800, 250],
  lines: { title: 21, sub: 40, value: 57 },
};
const PORTRAIT_MIN = 300;
const PORTRAIT_MAX = 420;

function portrait(boxWidth) {
  const width = Math.max(PORTRAIT_MIN, Math.min(PORTRAIT_MAX, Math.floor(boxWidth)));
  const gap = 10;
  const boxW = Math.floor((width - 2 * gap) / 3);
  const boxH = 76;
  const step = boxH + 30; // a box and the arrows to the next row
  const col = [0, boxW + gap, 2 * (boxW + gap)];
  const mid = Math.round((col[0] + col[1]) / 2); // S and A, under Q and K
  const row = (k) => 8 + k * step;
  return {
    name: 'portrait', width: col[2] + boxW, height: row(5) + boxH + 8, boxW, boxH, shift: 0,
    at: { X: [col[1], row(0)], Wq: [col[0], row(1)], Wk: [col[1], row(1)], Wv: [col[2], row(1)], Q: [col[0], row(2)], K: [col[1], row(2)], V: [col[2], row(2)], S: [mid, row(3)], A: [mid, row(4)], Y: [col[2], row(4)], L: [col[2], row(5)] },
    // under A, left of the loss
    label: [mid + boxW / 2, row(5) + boxH / 2],
    lines: { title: 18, sub: 34, sub2: 49, value: 67 },
  };
}

/** The layout for a box `boxWidth` px wide (0: not laid out yet, the wide one). */
export function gradientLayout(boxWidth) {
  return boxWidth === 0 || boxWidth >= 760 ? LANDSCAPE : portrait(boxWidth);
}

// The step-through of each container's diagram, made with it and given new texts after.
const steppers = new WeakMap();

/**
 * Made in `container` on the first call and updated in place on later ones: the text, the boxes'
 * numbers, the notes and the step-through's texts change; the reader stays on their step.
 * @param {HTMLElement} container
 * @param {{training: object, form: string, workbench: object}} spec  training: the flow chapter's
 *   Class 05 roles (trainingQkv), for the boxes' shapes; workbench: the flow report's, for their values
 */
export function drawGradientDiagram(container, { training: report, form, workbench }) {
  const root = select(container);
  part(root, 'h3', 'title').attr('id', 'grad-title').text('What training would change');
  const shape = (name) => {
    const m = report.matrices.find((x) => x.name === name);
    return m ? shapeText(m.shape.rows, m.shape.cols) : '';
  };
  part(root, 'p', 'about').text(
    'Solid arrows: the forward computation this page runs. Dashed arrows: where gradients would flow back from a loss if this block were trained on a task. Only the boxes marked “parameter” would change; the attention weights A would simply be recomputed from the new projections.',
  );
  shown(part(root, 'p.muted', 'free-form'), form === 'free').text(
    'The parameter-free form above has none of the W boxes: there, gradients would have nothing to update in the attention step. This diagram is the Class 05 form.',
  );
  const p = workbench.projected;
  // `lines`: the portrait layout's two short lines in place of the subtitle
  const shapeOf = (m) => shapeText(m.rows, m.cols);
  const nodes = {
    X: { title: 'X', sub: `input ${shape('X')}`, lines: ['input', shape('X')], kind: 'input', m: workbench.X, at: 0 },
    Wq: { title: 'W_q', sub: `parameter ${shape('W_q')}`, lines: ['parameter', shape('W_q')], kind: 'param', m: workbench.W_q, at: 1 },
    Wk: { title: 'W_k', sub: `parameter ${shape('W_k')}`, lines: ['parameter', shape('W_k')], kind: 'param', m: workbench.W_k, at: 1 },
    Wv: { title: 'W_v', sub: `parameter ${shape('W_v')}`, lines: ['parameter', shape('W_v')], kind: 'param', m: workbench.W_v, at: 1 },
    Q: { title: 'Q = X W_q', sub: 'queries', lines: ['queries', shapeOf(p.Q)], kind: 'computed', m: p.Q, at: 2 },
    K: { title: 'K = X W_k', sub: 'keys', lines: ['keys', shapeOf(p.K)], kind: 'computed', m: p.K, at: 2 },
    V: { title: 'V = X W_v', sub: 'values', lines: ['values', shapeOf(p.V)], kind: 'computed', m: p.V, at: 2 },
    S: { title: 'Q Kᵀ', sub: `scores ${shape('scores')}`, lines: ['scores', shape('scores')], kind: 'computed', m: p.scores, at: 3 },
    A: { title: '÷√d_k, softmax', sub: 'A: computed, not learned', lines: ['A: computed,', 'not learned'], kind: 'computed', m: p.attn_weights, at: 4 },
    Y: { title: 'Y = A V', sub: `output ${shape('Y')}`, lines: ['output', shape('Y')], kind: 'computed', m: p.Y, at: 5 },
    L: { title: 'loss', sub: 'none: no task here', lines: ['none:', 'no task here'], kind: 'missing', m: null, at: 6 },
  };
  const svg = drawArrowDiagram(root, nodes, {
    gradLabel: 'gradient (if trained)',
    ariaLabel: 'Forward: X through W_q, W_k, W_v to Q, K, V, then Q Kᵀ, scale and softmax to A, then A V to Y. Backward, dashed: gradients from a loss to Y, A, the scores, Q, K, V and finally W_q, W_k, W_v. No loss exists on this page and nothing was trained.',
  });
  const notes = part(root, 'ul.grad-notes', 'notes');
  const params = report.matrices.filter((m) => m.isParameter);
  part(notes, 'li', 'changes').text(
    `Training would change: ${params.map((m) => `${m.name} ${shapeText(m.shape.rows, m.shape.cols)}`).join(', ')} — ${report.parameterCount} numbers in all.`,
  );
  part(notes, 'li', 'here').text(
    `On this page: random initial values, ${report.trainedCount} of them changed, ${report.gradientSteps} gradient steps taken. There is no task, no labels, no loss and no optimiser here.`,
  );
  const embeddingTrained = params.some((m) => m.name.startsWith('embedding'));
  part(notes, 'li', 'not-parameters').text(embeddingTrained
    ? 'Not parameters: the scores, the attention weights A and the output Y, computed for each input. X is a lookup into embedding.weight, which is a parameter here: training would change its rows, and through them X.'
    : 'Not parameters: X (the input), the scores, the attention weights A and the output Y. They are computed for each input; training changes them only indirectly, through the W matrices.');
  const at00 = (id) => num(nodes[id].m.data[0]);
  const steps = [
    { title: 'the input X', text: `Forward pass. X holds one row per token, ${shape('X')}; X[0, 0] = ${at00('X')}.` },
    { title: 'three projections: parameters', text: `W_q, W_k and W_v are the parameters: W_q[0, 0] = ${at00('Wq')}, random here. Training would change them${embeddingTrained ? ' (and, in PyTorch, the embedding table behind X)' : ''}.` },
    { title: 'queries, keys, values', text: `Q = X W_q, K = X W_k, V = X W_v are computed from X for this sentence: Q[0, 0] = ${at00('Q')}, K[0, 0] = ${at00('K')}, V[0, 0] = ${at00('V')}.` },
    { title: 'scores', text: `Each query meets each key: scores = Q Kᵀ ÷ √d_k, ${shape('scores')}; scores[0, 0] = ${at00('S')}.` },
    { title: 'softmax: attention weights', text: `Each row of scores is normalised: A[0, 0] = ${at00('A')}. A is computed for this input, not learned: it is not a parameter.` },
    { title: 'the output', text: `Y = A V: Y[0, 0] = ${at00('Y')}. Here the forward pass ends on this page.` },
    { title: 'a loss (there is none)', text: 'Training would compare Y with a target through a loss. This page has no task, no labels and no loss, so nothing below happens here.' },
    { title: 'backward: to Y, A and V', text: 'If there were a loss, its gradient would flow back (dashed) into Y, and from Y into the weights A and the values V.' },
    { title: 'backward: to the scores, Q and K', text: 'Through the softmax into the scores, and from there into Q and K.' },
    { title: 'backward: into the parameters', text: `Finally into W_q, W_k and W_v${embeddingTrained ? ', and through X into embedding.weight' : ''}: the parameters an optimiser would update (${report.parameterCount} numbers). On this page ${report.gradientSteps} gradient steps were taken, so they keep their random starting values.` },
  ];
  const stepper = steppers.get(container);
  if (stepper) stepper.setSteps(steps);
  else steppers.set(container, stepThrough(root, { steps, diagram: svg, before: '.gradient-box' }));
  keptExport(root.node(), { name: 'training_diagram', svg: svg.node(), matrices: [] });
}

/**
 * The boxes and arrows of the diagram, forward solid and backward dashed, laid out for the box's
 * width and laid out again when it changes. `nodes`: {X, Wq, Wk, Wv, Q, K, V, S, A, Y, L}, each
 * {title, sub, lines: [two short lines for phones], kind, m: a matrix whose [0, 0] the box shows
 * (or null), at: the reveal step, valueName?, valuePrefix?, cell?: [i, j] the entry shown ([0, 0]
 * by default), valueLabel?: what stands before the value instead of the entry's indices}.
 * Made in `root` on the first call; a later call writes the new nodes into the same elements.
 * Returns the <svg> (a d3 selection).
 */
export function drawArrowDiagram(root, nodes, { gradLabel, ariaLabel }) {
  let diagram = arrowDiagrams.get(root.node());
  if (!diagram || !root.node().contains(diagram.svg.node())) {
    diagram = makeArrowDiagram(root);
    arrowDiagrams.set(root.node(), diagram);
  }
  diagram.set(nodes, { gradLabel, ariaLabel });
  return diagram.svg;
}

const arrowDiagrams = new WeakMap();
const BOX_IDS = ['X', 'Wq', 'Wk', 'Wv', 'Q', 'K', 'V', 'S', 'A', 'Y', 'L'];

function makeArrowDiagram(root) {
  // [from, to, the step that draws the arrow]
  const forward = [['X', 'Wq', 1], ['X', 'Wk', 1], ['X', 'Wv', 1], ['Wq', 'Q', 2], ['Wk', 'K', 2], ['Wv', 'V', 2], ['Q', 'S', 3], ['K', 'S', 3], ['S', 'A', 4], ['A', 'Y', 5], ['V', 'Y', 5], ['Y', 'L', 6]];
  const backward = [['L', 'Y', 7], ['Y', 'A', 7], ['Y', 'V', 7], ['A', 'S', 8], ['S', 'Q', 8], ['S', 'K', 8], ['Q', 'Wq', 9], ['K', 'Wk', 9], ['V', 'Wv', 9]];

  const box = root.append('div').attr('class', 'gradient-box');
  const svg = box.append('svg').attr('class', 'gradient-svg').attr('role', 'img');
  const defs = svg.append('defs');
  for (const [id, cls] of [['grad-fwd', 'fwd-head'], ['grad-back', 'back-head']]) {
    defs.append('marker').attr('id', id).attr('viewBox', '0 0 10 10').attr('refX', 9).attr('refY', 5)
      .attr('markerWidth', 7).attr('markerHeight', 7).attr('orient', 'auto-start-reverse')
      .append('path').attr('d', 'M0,0 L10,5 L0,10 z').attr('class', cls);
  }
  // The elements are made once; place() puts them where a layout says, so that a new width
  // moves them without losing the step the learner is on, and set() writes new numbers.
  const fwd = svg.append('g').attr('class', 'grad-forward');
  const forwardLines = forward.map(([a, b, at]) => ({ a, b, line: fwd.append('line').attr('data-reveal', at).attr('marker-end', 'url(#grad-fwd)') }));
  const back = svg.append('g').attr('class', 'grad-backward');
  const backwardLines = backward.map(([a, b, at]) => ({ a, b, line: back.append('line').attr('data-reveal', at).attr('marker-end', 'url(#grad-back)') }));
  const label = back.append('text').attr('data-reveal', 7).attr('class', 'grad-label').attr('text-anchor', 'middle');
  const g = svg.append('g').attr('class', 'grad-nodes');
  const boxes = BOX_IDS.map((id) => {
    const b = g.append('g').attr('data-node', id);
    b.append('rect').attr('rx', 6);
    b.append('text').attr('text-anchor', 'middle').attr('class', 'grad-title');
    b.append('text').attr('text-anchor', 'middle').attr('class', 'grad-sub');
    b.append('text').attr('text-anchor', 'middle').attr('class', 'grad-sub grad-sub2');
    return { id, b };
  });
  let nodes = null;
  let layout = gradientLayout(widthOf(root.node()));

  const place = () => {
    const { boxW, boxH } = layout;
    svg.attr('viewBox', `0 0 ${layout.width} ${layout.height}`).attr('width', layout.width).attr('height', layout.height)
      .attr('data-layout', layout.name).classed('portrait', layout.name === 'portrait');
    const centre = (id) => [layout.at[id][0] + boxW / 2, layout.at[id][1] + boxH / 2];
    // from box to box, trimmed to the box edges (approximately) and shifted sideways, so that
    // the forward and backward arrows between the same two boxes both show
    const edge = (from, to, offset) => {
      const [x1, y1] = centre(from);
      const [x2, y2] = centre(to);
      const dx = x2 - x1;
      const dy = y2 - y1;
      const len = Math.hypot(dx, dy) || 1;
      const t = Math.min(Math.abs((boxW / 2 + 4) / (dx || 1e-9)), Math.abs((boxH / 2 + 4) / (dy || 1e-9)));
      const ox = (-dy / len) * offset;
      const oy = (dx / len) * offset;
      return [x1 + dx * t + ox, y1 + dy * t + oy, x2 - dx * t + ox, y2 - dy * t + oy];
    };
    for (const { a, b, line } of forwardLines) {
      const [x1, y1, x2, y2] = edge(a, b, -4);
      line.attr('x1', x1).attr('y1', y1).attr('x2', x2).attr('y2', y2);
    }
    for (const { a, b, line } of backwardLines) {
      const [x1, y1, x2, y2] = edge(a, b, -4);
      line.attr('x1', x1).attr('y1', y1 + layout.shift).attr('x2', x2).attr('y2', y2 + layout.shift);
    }
    label.attr('x', layout.label[0]).attr('y', layout.label[1]);
    for (const { id, b } of boxes) {
      const n = nodes[id];
      b.attr('transform', `translate(${layout.at[id][0]},${layout.at[id][1]})`);
      b.select('rect').attr('width', boxW).attr('height', boxH);
      b.selectAll('text').attr('x', boxW / 2);
      const tall = Boolean(layout.lines.sub2);
      b.select('.grad-title').attr('y', layout.lines.title);
      b.select('.grad-sub').attr('y', layout.lines.sub).text(tall ? n.lines[0] : n.sub);
      b.select('.grad-sub2').attr('y', layout.lines.sub2 ?? 0).attr('display', tall ? null : 'none').text(tall ? n.lines[1] : '');
      // the portrait box is a third of a phone: "[0,0]" spares the width of " = "
      if (n.m) b.select('.grad-value').attr('y', layout.lines.value).text(`${tall ? '' : n.valuePrefix ?? ''}${n.valueLabel ?? cellLabel(n.cell ?? [0, 0], tall)} ${num(valueOf(n))}`); // a phone's box has no room for the prefix
    }
  };

  const set = (next, { gradLabel, ariaLabel }) => {
    nodes = next;
    svg.attr('aria-label', ariaLabel);
    label.text(gradLabel);
    for (const { id, b } of boxes) {
      const n = nodes[id];
      b.attr('class', `grad-node ${n.kind}`).attr('data-reveal', n.at);
      b.select('.grad-title').text(n.title);
      // one real number per box that has a matrix; the title has the entry's row in full
      const row = (n.cell ?? [0, 0])[0];
      b.selectAll(':scope > .grad-value').data(n.m ? [n] : []).join((enter) => enter.append('text').attr('text-anchor', 'middle').attr('class', 'grad-value'))
        .attr('data-value', (d) => full(valueOf(d)));
      b.selectAll(':scope > title').data(n.m ? [n] : []).join('title')
        .text(`${n.valueName ?? n.title}, ${row === 0 ? 'first row' : `row ${row}`}: [${n.m ? Array.from(n.m.data.subarray(row * n.m.cols, (row + 1) * n.m.cols), full).join(', ') : ''}]`);
    }
    place();
  };
  watchWidth(box.node(), (width) => {
    layout = gradientLayout(width);
    if (nodes) place();
  });
  return { svg, set };
}

/** The entry a box shows: m[i, j] for its `cell`, [0, 0] by default. */
function valueOf(n) {
  const [i, j] = n.cell ?? [0, 0];
  return n.m.data[i * n.m.cols + j];
}

/** "[i, j] =" (or "[i,j]" in a phone's narrow box). */
function cellLabel([i, j], tall) {
  return tall ? `[${i},${j}]` : `[${i}, ${j}] =`;
}
