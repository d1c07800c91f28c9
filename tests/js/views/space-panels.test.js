// @vitest-environment jsdom
// views/space/panels.js and senses.js (issue 33): the space chapter's panels are filled in place.
// A second report keeps each table row and list item that stays (by key) and shows the new
// numbers; a section that has nothing to show is hidden, not removed.
import { describe, expect, it } from 'vitest';
import { select } from 'd3';
import { figureTests, holder } from '../components/figure-setup.js';

figureTests();
const { renderNeighbours, renderReport, renderVariance } = await import('../../../web/src/views/space/panels.js');
const { renderSenses } = await import('../../../web/src/views/space/senses.js');
const { UNITS } = await import('../../../web/src/views/space/text.js');

const words = ['king', 'queen', 'man', 'woman', 'river'];
const report = (recall, kept) => ({
  d: 100, queries: 5, recall, trust: { value: 0.9, points: 5 },
  survival: [{ dimensions: 2, varianceKept: 0.2, neighboursKept: kept }, { dimensions: 10, varianceKept: 0.5, neighboursKept: 0.6 }],
  analogy: 0.4, coordinates: null, found: [],
});

describe('space panels', () => {
  it('the report keeps its rows and writes the new numbers; sentences hide the word exercises', () => {
    const box = select(holder());
    const options = { k: 10, method: 'PCA', outDim: 2, unit: UNITS.word };
    renderReport(box, report(0.3, 0.1), options);
    const row = box.node().querySelector('#space-survival-table tr[data-dimensions="2"]');
    renderReport(box, report(0.5, 0.25), options);
    expect(box.node().querySelector('#space-survival-table tr[data-dimensions="2"]')).toBe(row);
    expect(row.querySelector('td[data-value]:last-child').dataset.value).toBe('0.25');
    expect(box.node().querySelector('#space-recall').dataset.value).toBe('0.5');
    expect(box.node().querySelectorAll('#space-survival-table')).toHaveLength(1);
    expect(box.node().querySelector('#space-coordinates-table').closest('[hidden]')).not.toBeNull();
    renderReport(box, report(0.5, 0.25), { ...options, wordExercises: false });
    expect(box.node().querySelector('#space-analogy').hidden).toBe(true);
  });

  it('the neighbour lists keep the items that stay', () => {
    const box = select(holder());
    const picked = (values) => ({ query: 0, original: [{ index: 1, value: values[0] }, { index: 2, value: values[1] }], inLayout: [{ index: 1, value: 0.2 }, { index: 3, value: 0.4 }] });
    renderNeighbours(box, { picked: picked([0.8, 0.5]), words, k: 2, outDim: 2, onPick: () => {} });
    const queen = box.node().querySelector('#space-neighbours-original li[data-word="queen"]');
    expect(box.node().querySelector('#space-neighbours-original li[data-word="man"]').classList.contains('differs')).toBe(true);
    renderNeighbours(box, { picked: picked([0.7, 0.6]), words, k: 2, outDim: 2, onPick: () => {} });
    expect(box.node().querySelector('#space-neighbours-original li[data-word="queen"]')).toBe(queen);
    expect(queen.dataset.value).toBe('0.7');
    expect(queen.querySelector('.differs-mark').hidden).toBe(true);
    expect(box.node().querySelectorAll('#space-neighbours-original li')).toHaveLength(2);
  });

  it('the variance table and the senses table are filled again in place', () => {
    const box = select(holder());
    renderVariance(box, { explainedVarianceRatio: [0.5, 0.3], explainedVariance: [2, 1.2] }, 5, 100, 2);
    const first = box.node().querySelector('#space-variance-table tbody tr');
    renderVariance(box, { explainedVarianceRatio: [0.6, 0.2], explainedVariance: [2.4, 0.8] }, 5, 100, 2);
    expect(box.node().querySelector('#space-variance-table tbody tr')).toBe(first);
    expect(first.lastChild.textContent).toBe('60.0 %');
    const senses = select(holder());
    const grouping = (gap) => ({ neighbourSameSense: 0.7, neighbourChance: 0.5, meanGap: gap, words: [{ word: 'bank', within: 0.8, across: 0.6, gap, withinPairs: 3, acrossPairs: 4 }] });
    const context = { source: 'encoder', method: 'PCA', outDim: 2 };
    renderSenses(senses, { grouping: grouping(0.2), n: 8, d: 512 }, context);
    const bank = senses.node().querySelector('#space-senses-table tr[data-word="bank"]');
    renderSenses(senses, { grouping: grouping(0.25), n: 8, d: 512 }, context);
    expect(senses.node().querySelector('#space-senses-table tr[data-word="bank"]')).toBe(bank);
    expect(bank.querySelector('td[data-value]').dataset.value).toBe('0.25');
  });

  it('a learner’s file is described as a file: its rows, never the slider that does not apply to it', () => {
    const box = select(holder());
    renderReport(box, { ...report(0.5, 0.25), analogy: null }, { k: 10, method: 'PCA', outDim: 2, unit: UNITS.fileWord });
    expect(box.node().querySelector('#space-recall').textContent).toMatch(/spread over the rows of your file/);
    expect(box.node().querySelector('#space-trust').textContent).toMatch(/first words of your file/);
    expect(box.node().querySelector('#space-analogy-text').textContent).toBe('One of king, queen, man, woman is not among these words.');
    // the bundled table: its words are frequency-ranked, and the slider takes more of them
    renderReport(box, { ...report(0.5, 0.25), analogy: null }, { k: 10, method: 'PCA', outDim: 2, unit: UNITS.word });
    expect(box.node().querySelector('#space-recall').textContent).toMatch(/spread over the frequency ranks/);
    expect(box.node().querySelector('#space-analogy-text').textContent).toMatch(/: take more words with the slider\.$/);
  });

  it('the difference directions are graded by their cosine; on a random table they are chance', () => {
    const box = select(holder());
    const options = { k: 10, method: 'PCA', outDim: 2, unit: UNITS.word };
    const said = (analogy, random = false) => {
      renderReport(box, { ...report(0.5, 0.25), analogy }, { ...options, random });
      return box.node().querySelector('#space-analogy-text').textContent;
    };
    expect(said(0.0935, true)).toMatch(/This table is random, so this cosine is chance/);
    expect(said(0.0935, true)).not.toMatch(/tendency/);
    expect(said(0.0935)).toMatch(/no analogy shows in these numbers/);
    expect(said(0.0935)).not.toMatch(/tendency/);
    expect(said(0.4)).toMatch(/a weak tendency at most/);
    expect(said(0.8)).toMatch(/Here the analogy shows in the numbers, as a tendency/);
  });
});
