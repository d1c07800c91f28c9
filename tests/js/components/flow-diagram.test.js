// @vitest-environment jsdom
// The flow diagram updated in place (issue 33 item 2): drawFlowDiagram() on a container that holds
// it keeps its svg and its rows; a row is drawn again only when something it shows changed (a
// keystroke before the scores are revealed changes one token's row), a new step redraws the rows
// whose parts it reveals, and a click on a kept row's token answers with the latest spec.
import { describe, expect, it, vi } from 'vitest';
import { figureTests, holder, matrix } from './figure-setup.js';

const { drawFlowDiagram } = await import('../../../web/src/components/flow-diagram.js');

figureTests();

/** A parameter-free flow report with what the diagram reads; token `changed` gets other numbers. */
function report(n, d, { changed = -1, base = 0 } = {}) {
  const x = (i, f) => (i === changed ? 0.25 : 0.1 * (i + 1)) * (f % 2 ? -1 : 1); // the same colour range
  const X = matrix(n, d, x);
  const weights = new Float64Array(n).fill(1 / n);
  const scaled = matrix(n, d, (j, f) => weights[j] * x(j, f));
  const partial = matrix(n, d, (j, f) => Array.from({ length: j + 1 }, (_, k) => scaled.data[k * d + f]).reduce((a, b) => a + b));
  return {
    form: 'free', base, divisor: 1, rowMax: 1, expSum: n, weightSum: 1, maxDeviation: 0,
    workbench: { X }, keys: X, values: X, query: X.data.subarray(base * d, (base + 1) * d), xBase: X.data.subarray(base * d, (base + 1) * d),
    masked: Array(n).fill(''), rawScores: new Float64Array(n).fill(1), scores: new Float64Array(n).fill(1),
    expTerms: new Float64Array(n).fill(1), weights, scaledValues: scaled, partialSums: partial,
    y: partial.data.subarray((n - 1) * d, n * d),
  };
}

const stepsFor = (n) => [{ kind: 'vectors' }, { kind: 'base' }, { kind: 'compare' }, { kind: 'normalise' }, { kind: 'coefficients' },
  ...Array.from({ length: n }, (_, j) => ({ kind: 'term', j })), { kind: 'output' }];

function draw(container, n, step, extra = {}, options = {}) {
  return drawFlowDiagram(container, { report: report(n, 4, options), steps: stepsFor(n), step, tokens: ['bank', 'of', 'the', 'river', 'water'].slice(0, n), ...extra });
}


const row = (root, j) => root.querySelector(`g.flow-row[data-j="${j}"]`);
const stripValues = (root, j) => Array.from(row(root, j).querySelectorAll('.strip[data-name^="x"] rect'), (r) => r.getAttribute('fill'));

describe('the flow diagram, drawn again in place', () => {
  it('keeps its svg and rows; a keystroke before the scores redraws only the row that changed', () => {
    const root = holder();
    const svg = draw(root, 4, 0);
    const rows = [0, 1, 2, 3].map((j) => row(root, j));
    const children = rows.map((g) => Array.from(g.children));
    const before = stripValues(root, 2);

    expect(draw(root, 4, 0, {}, { changed: 2 })).toBe(svg);
    expect([0, 1, 2, 3].map((j) => row(root, j))).toEqual(rows);
    for (const j of [0, 1, 3]) expect(Array.from(rows[j].children)).toEqual(children[j]); // left as they were
    expect(Array.from(rows[2].children)).not.toEqual(children[2]);
    expect(stripValues(root, 2)).not.toEqual(before);
  });

  it('follows the sentence length and the step', () => {
    const root = holder();
    draw(root, 3, 0);
    draw(root, 5, 0);
    expect(root.querySelectorAll('g.flow-row')).toHaveLength(5);
    draw(root, 2, 0);
    expect(root.querySelectorAll('g.flow-row')).toHaveLength(2);
    // step 2 (compare) reveals the scores: the score boxes get their text, the rows are drawn again
    const ghostScores = root.querySelectorAll('g.flow-row .score.ghost');
    expect(ghostScores).toHaveLength(2);
    draw(root, 2, 2);
    expect(root.querySelectorAll('g.flow-row .score.ghost')).toHaveLength(0);
    expect(root.querySelectorAll('g.flow-row .score.current')).toHaveLength(2);
    expect(row(root, 0).querySelector('.scalar[data-kind="score"] text').textContent).toBe('1.000');
  });

  it('a click on a kept row’s token answers with the latest handler', () => {
    const root = holder();
    const first = vi.fn();
    const latest = vi.fn();
    draw(root, 3, 0, { onPickToken: first });
    const token = row(root, 1).querySelector('.row-token');
    draw(root, 3, 0, { onPickToken: latest });
    expect(row(root, 1).querySelector('.row-token')).toBe(token); // the row was not drawn again
    token.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(first).not.toHaveBeenCalled();
    expect(latest).toHaveBeenCalledWith(1);
  });
});
