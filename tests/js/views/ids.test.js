// @vitest-environment jsdom
// The IDs-to-vectors chapter updated in place (issue 33 item 2): a corpus edit keeps every
// section's elements (the token list, the vocabulary and idf tables, the maps, the folds) and
// changes their numbers; rows of words that stay keep their element, a new word adds one, a word
// gone takes its row away. The numbers are the real core's (the wasm module in Node).
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCore } from '../load-core.js';
import { figureTests, holder } from '../components/figure-setup.js';

figureTests();
let core;
let view;
let DEFAULT_STATE;
beforeAll(async () => {
  core = await loadCore();
  ({ view } = await import('../../../web/src/views/ids/view.js'));
  ({ DEFAULT_STATE } = await import('../../../web/src/state.js'));
});

function mountIds(state) {
  const root = holder('main');
  const mounted = view.mount(root, { core, state, update: () => {}, drawnLater: () => {} });
  mounted.render(state);
  return { root, render: (patch) => mounted.render({ ...state, ...patch }) };
}

const idfRows = (root) => Array.from(root.querySelectorAll('.idf-table tbody tr'));

describe('ids view', () => {
  it('keeps its elements across a corpus edit and shows the new numbers', () => {
    const state = { ...DEFAULT_STATE, repCorpus: 'the dog chased the cat\nthe cat chased the dog\na dog is a loyal pet', repWordA: 'dog', repWordB: 'cat' };
    const { root, render } = mountIds(state);
    const list = root.querySelector('.id-tokens');
    const firstToken = list.querySelector('li');
    const gap = root.querySelector('.id-gap');
    const idfTable = root.querySelector('.idf-table');
    const rowOf = (word) => root.querySelector(`.idf-table tr[data-word="${word}"]`);
    const dogRow = rowOf('dog');
    const loyalRow = rowOf('loyal');
    const figures = Array.from(root.querySelectorAll('figure'));
    expect(figures.length).toBeGreaterThan(0);
    const before = root.getElementsByTagName('*').length;

    const corpus = 'the dog chased the cat\nthe cat chased the dog\na dog is a good pet';
    render({ repCorpus: corpus });
    const r = core.analyseCorpus({ corpus, wordA: 'dog', wordB: 'cat' });
    expect(root.querySelector('.id-tokens')).toBe(list);
    expect(list.querySelector('li')).toBe(firstToken);
    expect(Array.from(list.querySelectorAll('li'), (li) => Number(li.dataset.id))).toEqual(Array.from(r.ids[0]));
    expect(root.querySelector('.id-gap')).toBe(gap);
    expect(gap.dataset.gapSorted).toBe(String(r.gapSorted));
    expect(root.querySelector('.idf-table')).toBe(idfTable);
    // a word that stays keeps its row, with its new idf; a word gone takes its row with it
    expect(rowOf('dog')).toBe(dogRow);
    expect(loyalRow.isConnected).toBe(false);
    expect(rowOf('good')).not.toBeNull();
    expect(idfRows(root).map((tr) => Number(tr.querySelector('td.computed').dataset.value))).toEqual(Array.from(r.idf));
    expect(idfRows(root).map((tr) => tr.dataset.word)).toEqual(Array.from(r.vocabulary));
    // the maps are the same figures, and nothing piled up
    for (const figure of figures) expect(figure.isConnected).toBe(true);
    expect(root.getElementsByTagName('*').length).toBe(before);
  });

  it('hides the dense comparison when word a is in one document only, and shows it again', () => {
    const state = { ...DEFAULT_STATE, repCorpus: 'the dog chased the cat\na dog is a loyal pet', repWordA: 'dog', repWordB: 'cat' };
    const { root, render } = mountIds(state);
    const compare = root.querySelector('.dense-compare');
    expect(compare.closest('[hidden]')).toBeNull();
    render({ repWordA: 'loyal' });
    expect(compare.closest('[hidden]')).not.toBeNull();
    expect(root.querySelector('[data-part="no-pair"]').hidden).toBe(false);
    expect(root.querySelector('[data-part="no-pair"]').textContent).toMatch(/word a \(“loyal”\) must appear/);
    render({ repWordA: 'dog' });
    expect(root.querySelector('.dense-compare')).toBe(compare);
    expect(compare.closest('[hidden]')).toBeNull();
    expect(root.querySelector('[data-part="no-pair"]').hidden).toBe(true);
  });
});
