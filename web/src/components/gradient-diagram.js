// The Q/K/V projection diagram with the backward gradient arrows of training (Class 05
// whiteboard, page 5), labelled honestly: what training would change (W_q, W_k, W_v), and that
// on this page they are random and were never trained. Shapes and counts come from the core's
// trainingReport; the arrows are a picture of where gradients would flow, not a computation.
import { select } from 'd3';
import { shapeText, num, full } from '../format.js';
import { stepThrough } from './step-through.js';
import { addExport } from './export.js';

const W = 1000;
const H = 360;
const BOX_W = 132;
const BOX_H = 66;

/**
 * @param {HTMLElement} container  emptied and filled
 * @param {{core, options, form: string, workbench: object}} spec  workbench: the flow report's, for the values in the boxes
 */
export function drawGradientDiagram(container, { core, options, form, workbench }) {
  const root = select(container);
  root.selectAll('*').remove();
  root.append('h3').attr('id', 'grad-title').text('What training would change');
  let report;
  try {
    report = core.trainingReport({ ...options, form: 'qkv' });
  } catch (error) {
    root.append('p').attr('class', 'error').text(error.message);
    return;
  }
  const shape = (name) => {
    const m = report.matrices.find((x) => x.name === name);
    return m ? shapeText(m.shape.rows, m.shape.cols) : '';
  };
  root.append('p').text(
    'Solid arrows: the forward computation this page runs. Dashed arrows: where gradients would flow back from a loss if this block were trained on a task. Only the boxes marked “parameter” would change; the attention weights A would simply be recomputed from the new projections.',
  );
  if (form === 'free') {
    root.append('p').attr('class', 'muted').text(
      'The parameter-free form above has none of the W boxes: there, gradients would have nothing to update in the attention step. This diagram is the Class 05 form.',
    );
  }
  const p = workbench.projected;
  const nodes = {
    X: { x: 20, y: 150, title: 'X', sub: `input ${shape('X')}`, kind: 'input', m: workbench.X, at: 0 },
    Wq: { x: 190, y: 30, title: 'W_q', sub: `parameter ${shape('W_q')}`, kind: 'param', m: workbench.W_q, at: 1 },
    Wk: { x: 190, y: 150, title: 'W_k', sub: `parameter ${shape('W_k')}`, kind: 'param', m: workbench.W_k, at: 1 },
    Wv: { x: 190, y: 270, title: 'W_v', sub: `parameter ${shape('W_v')}`, kind: 'param', m: workbench.W_v, at: 1 },
    Q: { x: 370, y: 30, title: 'Q = X W_q', sub: 'queries', kind: 'computed', m: p.Q, at: 2 },
    K: { x: 370, y: 150, title: 'K = X W_k', sub: 'keys', kind: 'computed', m: p.K, at: 2 },
    V: { x: 370, y: 270, title: 'V = X W_v', sub: 'values', kind: 'computed', m: p.V, at: 2 },
    S: { x: 550, y: 90, title: 'Q Kᵀ', sub: `scores ${shape('scores')}`, kind: 'computed', m: p.scores, at: 3 },
    A: { x: 710, y: 90, title: '÷√d_k, softmax', sub: 'A: computed, not learned', kind: 'computed', m: p.attn_weights, at: 4 },
    Y: { x: 710, y: 270, title: 'Y = A V', sub: `output ${shape('Y')}`, kind: 'computed', m: p.Y, at: 5 },
    L: { x: 862, y: 270, title: 'loss', sub: 'none: no task here', kind: 'missing', m: null, at: 6 },
  };
  // [from, to, the step that draws the arrow]
  const forward = [['X', 'Wq', 1], ['X', 'Wk', 1], ['X', 'Wv', 1], ['Wq', 'Q', 2], ['Wk', 'K', 2], ['Wv', 'V', 2], ['Q', 'S', 3], ['K', 'S', 3], ['S', 'A', 4], ['A', 'Y', 5], ['V', 'Y', 5], ['Y', 'L', 6]];
  const backward = [['L', 'Y', 7], ['Y', 'A', 7], ['Y', 'V', 7], ['A', 'S', 8], ['S', 'Q', 8], ['S', 'K', 8], ['Q', 'Wq', 9], ['K', 'Wk', 9], ['V', 'Wv', 9]];

  const box = root.append('div').attr('class', 'table-scroll').attr('tabindex', 0);
  const svg = box.append('svg').attr('class', 'gradient-svg').attr('viewBox', `0 0 ${W} ${H}`).attr('width', W).attr('height', H)
    .attr('role', 'img')
    .attr('aria-label', 'Forward: X through W_q, W_k, W_v to Q, K, V, then Q Kᵀ, scale and softmax to A, then A V to Y. Backward, dashed: gradients from a loss to Y, A, the scores, Q, K, V and finally W_q, W_k, W_v. No loss exists on this page and nothing was trained.');
  const defs = svg.append('defs');
  for (const [id, cls] of [['grad-fwd', 'fwd-head'], ['grad-back', 'back-head']]) {
    defs.append('marker').attr('id', id).attr('viewBox', '0 0 10 10').attr('refX', 9).attr('refY', 5)
      .attr('markerWidth', 7).attr('markerHeight', 7).attr('orient', 'auto-start-reverse')
      .append('path').attr('d', 'M0,0 L10,5 L0,10 z').attr('class', cls);
  }
  const centre = (n) => [n.x + BOX_W / 2, n.y + BOX_H / 2];
  const edge = (from, to, offset) => {
    const [x1, y1] = centre(nodes[from]);
    const [x2, y2] = centre(nodes[to]);
    const dx = x2 - x1;
    const dy = y2 - y1;
    const len = Math.hypot(dx, dy) || 1;
    // Trim to the box edges (approximately) and shift sideways so both directions show.
    const tx = Math.min(Math.abs((BOX_W / 2 + 4) / (dx || 1e-9)), Math.abs((BOX_H / 2 + 4) / (dy || 1e-9)));
    const ox = (-dy / len) * offset;
    const oy = (dx / len) * offset;
    return [x1 + dx * tx + ox, y1 + dy * tx + oy, x2 - dx * tx + ox, y2 - dy * tx + oy];
  };
  const fwd = svg.append('g').attr('class', 'grad-forward');
  for (const [a, b, at] of forward) {
    const [x1, y1, x2, y2] = edge(a, b, -4);
    fwd.append('line').attr('data-reveal', at).attr('x1', x1).attr('y1', y1).attr('x2', x2).attr('y2', y2).attr('marker-end', 'url(#grad-fwd)');
  }
  const back = svg.append('g').attr('class', 'grad-backward');
  for (const [a, b, at] of backward) {
    const [x1, y1, x2, y2] = edge(a, b, -4);
    back.append('line').attr('data-reveal', at).attr('x1', x1).attr('y1', y1 + 8).attr('x2', x2).attr('y2', y2 + 8).attr('marker-end', 'url(#grad-back)');
  }
  back.append('text').attr('data-reveal', 7).attr('class', 'grad-label').attr('x', 800).attr('y', 250).attr('text-anchor', 'middle').text('gradient (if trained)');
  const g = svg.append('g').attr('class', 'grad-nodes');
  for (const [id, n] of Object.entries(nodes)) {
    const b = g.append('g').attr('class', `grad-node ${n.kind}`).attr('data-node', id).attr('data-reveal', n.at).attr('transform', `translate(${n.x},${n.y})`);
    b.append('rect').attr('width', BOX_W).attr('height', BOX_H).attr('rx', 6);
    b.append('text').attr('x', BOX_W / 2).attr('y', 21).attr('text-anchor', 'middle').attr('class', 'grad-title').text(n.title);
    b.append('text').attr('x', BOX_W / 2).attr('y', 40).attr('text-anchor', 'middle').attr('class', 'grad-sub').text(n.sub);
    if (n.m) {
      // one real number per box; the title has the first row in full
      b.append('text').attr('x', BOX_W / 2).attr('y', 57).attr('text-anchor', 'middle').attr('class', 'grad-value')
        .attr('data-value', full(n.m.data[0])).text(`[0, 0] = ${num(n.m.data[0])}`);
      b.append('title').text(`${n.title}, first row: [${Array.from(n.m.data.subarray(0, n.m.cols), full).join(', ')}]`);
    }
  }
  const notes = root.append('ul').attr('class', 'grad-notes');
  const params = report.matrices.filter((m) => m.isParameter);
  notes.append('li').text(
    `Training would change: ${params.map((m) => `${m.name} ${shapeText(m.shape.rows, m.shape.cols)}`).join(', ')} — ${report.parameterCount} numbers in all.`,
  );
  notes.append('li').text(
    `On this page: random initial values, ${report.trainedCount} of them changed, ${report.gradientSteps} gradient steps taken. There is no task, no labels, no loss and no optimiser here.`,
  );
  const embeddingTrained = params.some((m) => m.name.startsWith('embedding'));
  notes.append('li').text(embeddingTrained
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
  stepThrough(root, { steps, diagram: svg, before: '.table-scroll' });
  addExport(root.node(), { name: 'training_diagram', svg: svg.node() });
}
