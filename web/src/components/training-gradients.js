// Class 05's gradient-arrow diagram (components/gradient-diagram.js) for a real training step:
// each box shows the gradient of the batch loss with respect to that stage, as the trainer
// computed it for the step just taken (the first sentence of the batch for the per-sentence
// stages Q, K, V, the scores, A and Y; the whole batch for the parameters).
import { select } from 'd3';
import { drawArrowDiagram } from './gradient-diagram.js';
import { keptExport } from './export.js';
import { part, parts, shown, headedTable } from './parts.js';
import { num, full, shapeText } from '../format.js';

// The diagram's boxes and the trainer's stage names (core.createTrainer's step().gradients):
// [box, stage, title, kind]. The per-sentence stages are the batch's first sentence's.
const BOXES = [
  ['X', 'X', 'X', 'input'], ['Wq', 'W_q', 'W_q', 'param'], ['Wk', 'W_k', 'W_k', 'param'], ['Wv', 'W_v', 'W_v', 'param'],
  ['Q', 'Q', 'Q = X W_q', 'computed'], ['K', 'K', 'K = X W_k', 'computed'], ['V', 'V', 'V = X W_v', 'computed'],
  ['S', 'S', 'S = Q Kᵀ ÷ √d_k', 'computed'], ['A', 'A', 'A = softmax(S)', 'computed'], ['Y', 'Y', 'Y = A V', 'computed'],
];

/** A gradient as the trainer returns it, as a {rows, cols, data} matrix (or null when absent). */
function gradientMatrix(g) {
  if (!g) return null;
  const data = g.data ?? g;
  const rows = g.rows ?? g.shape?.[0] ?? 1;
  const cols = g.cols ?? g.shape?.[1] ?? data.length;
  return { rows, cols, data };
}

/**
 * Made in `container` once and updated in place after each step (the diagram's boxes, its text,
 * the table's rows); before a step, or after a refused one, only a sentence saying why is shown.
 * @param {HTMLElement} container
 * @param {object} run  the training run (views/training/view.js): lastStep holds the step's gradients
 */
export function drawTrainingGradients(container, run) {
  const root = select(container);
  const s = run.lastStep;
  const none = !s || s.diverged;
  shown(part(root, 'p.muted', 'none'), none).text(!none ? '' : s?.diverged
    ? 'The last step was refused (the loss diverged), so it has no gradients to show.'
    : 'Press Step to take one step: this diagram then shows the gradients of that step’s batch loss, stage by stage. (Epoch and Train run many steps at once and draw the curves instead.)');
  const drawn = shown(part(root, 'div', 'drawn'), !none);
  if (none) return;
  const grads = s.gradients ?? {};
  const loss = { rows: 1, cols: 1, data: Float64Array.of(s.loss) };
  // Only the ambiguous word's row of Y feeds the head, so the gradients of Y, A, S and Q are zero
  // outside that row: those boxes show the entry in the word's row.
  const first = run.dataset.train[s.batch?.[0]];
  const wordRow = first?.targetIndex ?? 0;
  const nodes = {};
  for (const [box, stage, title, kind] of BOXES) {
    const m = gradientMatrix(grads[stage]);
    const param = kind === 'param' || (box === 'X' && run.config.trainableEmbeddings);
    const cell = ['Q', 'S', 'A', 'Y'].includes(box) && m && wordRow < m.rows ? [wordRow, 0] : [0, 0];
    nodes[box] = {
      title, kind: param ? 'param' : kind, m, at: 0, cell, valueName: `∂L/∂${stage}`, valuePrefix: '∂L ',
      sub: m ? `${param ? 'parameter' : 'gradient'} ${shapeText(m.rows, m.cols)}` : 'no gradient',
      lines: [param ? 'parameter' : 'gradient', m ? shapeText(m.rows, m.cols) : ''],
    };
  }
  nodes.L = { title: 'loss', sub: `batch of ${run.config.batchSize}`, lines: ['cross-entropy', `step ${s.step}`], kind: 'param-free', m: loss, at: 0, valueName: 'loss', valueLabel: '=' };
  const sentence = first ? ` The per-sentence boxes (X, Q, K, V, S, A, Y) are for the batch’s first sentence, “${first.text}”, whose “${first.target}” is token ${wordRow}: Y, A, S and Q show the entry in that row, the only row the head reads, so the only one with a gradient.` : '';
  part(drawn, 'p', 'about').text(
    `Step ${s.step}: the batch loss is ${num(s.loss)}. Solid arrows: the forward pass. Dashed arrows: the gradients flowing back from the loss, the same diagram as Class 05, now with the numbers of this step. ` +
      `Each box shows one entry of the gradient of the loss with respect to that stage (hover a box for a whole row); the boxes marked parameter are what the optimiser updates.${sentence}`,
  );
  const svg = drawArrowDiagram(drawn, nodes, {
    gradLabel: `gradients of step ${s.step}`,
    ariaLabel: `The block's forward pass and, dashed, the gradients of step ${s.step}'s loss flowing back to Y, A, the scores, Q, K, V and the parameters W_q, W_k, W_v. The values are in the table below.`,
  });
  svg.attr('data-step', String(s.step));
  drawGradientTable(drawn, grads);
  keptExport(drawn.node(), { name: 'training_gradients', svg: svg.node(), matrices: [] });
}

/** Every stage's gradient, its shape and first entries: the diagram's table equivalent. */
function drawGradientTable(root, grads) {
  const details = part(root, 'details.gradient-table', 'table');
  part(details, 'summary', 'summary').text('Every stage’s gradient as a table');
  const body = headedTable(details, 'table', 'checks', ['stage', 'shape', 'first entries']);
  const stages = Object.entries(grads).map(([stage, g]) => [stage, gradientMatrix(g)]).filter(([, m]) => m);
  parts(body, 'tr', stages, ([stage]) => stage, (tr, [stage, m]) => {
    tr.attr('data-stage', stage);
    part(tr, 'th', 'stage').attr('scope', 'row').text(`∂L/∂${stage}`);
    part(tr, 'td', 'shape').text(shapeText(m.rows, m.cols));
    part(tr, 'td', 'first').attr('data-value', full(m.data[0])).text(Array.from(m.data.subarray(0, Math.min(4, m.data.length)), num).join(', '));
  });
}
