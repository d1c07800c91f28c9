// @vitest-environment jsdom
// components/gradient-diagram.js (issue 33): the training diagram is made once and updated in
// place. A second drawing keeps the svg, its boxes and the step-through (the reader stays on
// their step), and the boxes show the new numbers; the training step's gradients likewise.
import { describe, expect, it } from 'vitest';
import { figureTests, holder, matrix } from './figure-setup.js';

figureTests();
const { drawGradientDiagram } = await import('../../../web/src/components/gradient-diagram.js');
const { drawTrainingGradients } = await import('../../../web/src/components/training-gradients.js');

const shape = (rows, cols) => ({ rows, cols });
const training = {
  parameterCount: 192, trainedCount: 0, gradientSteps: 0,
  matrices: [
    { name: 'X', shape: shape(4, 8), isParameter: false }, { name: 'W_q', shape: shape(8, 8), isParameter: true },
    { name: 'W_k', shape: shape(8, 8), isParameter: true }, { name: 'W_v', shape: shape(8, 8), isParameter: true },
    { name: 'scores', shape: shape(4, 4), isParameter: false }, { name: 'Y', shape: shape(4, 8), isParameter: false },
  ],
};
const workbench = (v) => {
  const m = (r, c) => matrix(r, c, (i, f) => v + i + f / 10);
  return { X: m(4, 8), W_q: m(8, 8), W_k: m(8, 8), W_v: m(8, 8), projected: { Q: m(4, 8), K: m(4, 8), V: m(4, 8), scores: m(4, 4), attn_weights: m(4, 4), Y: m(4, 8) } };
};
const valueOf = (el, node) => el.querySelector(`.grad-node[data-node="${node}"] .grad-value`).dataset.value;

describe('drawGradientDiagram', () => {
  it('keeps the diagram and the reader’s step, and shows the new numbers', () => {
    const el = holder('section');
    drawGradientDiagram(el, { training, form: 'qkv', workbench: workbench(1) });
    const svg = el.querySelector('svg.gradient-svg');
    const xBox = el.querySelector('.grad-node[data-node="X"]');
    expect(valueOf(el, 'X')).toBe('1');
    el.querySelector('.step-next').click();
    const label = el.querySelector('.step-label').textContent;
    expect(label).toMatch(/^Step 2 of 10/);

    drawGradientDiagram(el, { training, form: 'free', workbench: workbench(2) });
    expect(el.querySelector('svg.gradient-svg')).toBe(svg);
    expect(el.querySelector('.grad-node[data-node="X"]')).toBe(xBox);
    expect(valueOf(el, 'X')).toBe('2');
    expect(el.querySelectorAll('.step-through')).toHaveLength(1);
    expect(el.querySelectorAll('.export-menu')).toHaveLength(1);
    expect(el.querySelector('.step-label').textContent).toBe(label);
    expect(el.querySelector('.step-caption').textContent).toMatch(/W_q\[0, 0\] = 2/);
    // the parameter-free note shows for the free form only; the loss box has no number
    expect(el.querySelector('p.muted').hidden).toBe(false);
    expect(el.querySelector('.grad-node[data-node="L"] .grad-value')).toBeNull();
  });
});

describe('drawTrainingGradients', () => {
  const run = (loss, step) => ({
    config: { batchSize: 4, trainableEmbeddings: false },
    dataset: { train: [{ text: 'the bank of the river', target: 'bank', targetIndex: 1 }] },
    lastStep: step === null ? null : {
      step, loss, batch: [0],
      gradients: { X: matrix(5, 8, () => loss), W_q: matrix(8, 8, () => loss / 2), Y: matrix(5, 8, () => loss / 4) },
    },
  });
  it('says why before a step, then keeps the diagram and the table from step to step', () => {
    const el = holder();
    drawTrainingGradients(el, run(0, null));
    expect(el.querySelector('p.muted').textContent).toMatch(/Press Step/);
    drawTrainingGradients(el, run(0.5, 1));
    expect(el.querySelector('p.muted').hidden).toBe(true);
    const svg = el.querySelector('svg.gradient-svg');
    const row = el.querySelector('tr[data-stage="W_q"]');
    drawTrainingGradients(el, run(0.25, 2));
    expect(el.querySelector('svg.gradient-svg')).toBe(svg);
    expect(el.querySelector('tr[data-stage="W_q"]')).toBe(row);
    expect(row.querySelector('td[data-value]').dataset.value).toBe('0.125');
    expect(valueOf(el, 'L')).toBe('0.25');
    expect(el.querySelectorAll('.export-menu')).toHaveLength(1);
  });
});
