// @vitest-environment jsdom
// The flow chapter's sections filled in place (issue 33 item 2): a new sentence keeps each
// observation card, its button row, its fold and the rows of its tables that stay, with the new
// numbers in them; a row of a token that is gone leaves; an opened fold stays open. The mixing
// section likewise keeps its rows, its paragraphs and its controls, and the heads sketch its cards,
// bars, table and the reader's step. The numbers are the real
// core's flow chapter (the wasm module in Node).
import { beforeAll, describe, expect, it } from 'vitest';
import { select } from 'd3';
import { loadCore } from '../load-core.js';
import { figureTests, holder } from '../components/figure-setup.js';

figureTests();
let core;
let drawObservations;
let drawMixing;
let drawHeads;
let DEFAULT_STATE;
beforeAll(async () => {
  core = await loadCore();
  ({ drawObservations } = await import('../../../web/src/views/flow/observations.js'));
  ({ drawMixing } = await import('../../../web/src/views/flow/mixing.js'));
  ({ drawHeads } = await import('../../../web/src/views/flow/heads.js'));
  ({ DEFAULT_STATE } = await import('../../../web/src/state.js'));
});

function draw(section, sentence) {
  const chapter = core.flowChapter({ sentence, base: 0 });
  const tokens = Array.from(chapter.flow.workbench.tokens, (t) => t.text);
  drawObservations(section, { chapter, state: DEFAULT_STATE, report: chapter.flow, tokens, update: () => {} });
  return chapter;
}

describe('flow observations', () => {
  it('keep their elements across a new sentence and show its numbers', () => {
    const section = select(holder('section'));
    draw(section, 'Bank of the river');
    const root = section.node();
    const cards = Array.from(root.querySelectorAll('.obs-card'));
    expect(cards.map((c) => c.id)).toEqual(['obs-shuffle', 'obs-distance', 'obs-length', 'obs-training']);
    const result = root.querySelector('#obs-shuffle .obs-result');
    const lengthRows = Array.from(root.querySelectorAll('#obs-length tbody tr'));
    const select_ = root.querySelector('#obs-other');
    const fold = root.querySelector('#obs-distance details.more');
    fold.open = true;

    const chapter = draw(section, 'Bank of the');
    expect(Array.from(root.querySelectorAll('.obs-card'))).toEqual(cards);
    expect(root.querySelector('#obs-shuffle .obs-result')).toBe(result);
    expect(result.querySelector('b').dataset.value).not.toBe('');
    // three tokens now: the rows of lengths 1-3 stay, the fourth leaves
    const rowsNow = Array.from(root.querySelectorAll('#obs-length tbody tr'));
    expect(rowsNow).toEqual(lengthRows.slice(0, 3));
    expect(lengthRows[3].isConnected).toBe(false);
    expect(rowsNow.map((tr) => Number(tr.querySelector('td[data-value]').dataset.value))).toEqual(chapter.length.points.map((p) => p.maxRowSumError));
    expect(root.querySelector('#obs-other')).toBe(select_);
    expect(Array.from(select_.options, (o) => o.textContent)).toEqual(['2. of', '3. the']);
    expect(root.querySelector('#obs-distance details.more')).toBe(fold);
    expect(fold.open).toBe(true);
    expect(Array.from(root.querySelectorAll('#obs-distance .distance-table tbody tr'), (tr) => Number(tr.dataset.position)))
      .toEqual(chapter.distance.points.map((p) => p.position));
  });

  it('says the distance experiment needs two words, and shows it again after', () => {
    const section = select(holder('section'));
    draw(section, 'Bank of the river');
    const result = section.node().querySelector('#obs-distance .obs-result');
    draw(section, 'Bank');
    const tooShort = section.node().querySelector('#obs-distance [data-part="too-short"]');
    expect(tooShort.hidden).toBe(false);
    expect(tooShort.textContent).toMatch(/needs at least two words/);
    expect(result.closest('[hidden]')).not.toBeNull();
    draw(section, 'Bank of');
    expect(section.node().querySelector('#obs-distance .obs-result')).toBe(result);
    expect(result.closest('[hidden]')).toBeNull();
    expect(tooShort.hidden).toBe(true);
  });
});

describe('flow mixing section', () => {
  const drawn = (section, sentence, state = DEFAULT_STATE) => {
    const chapter = core.flowChapter({ sentence, base: 0 });
    const tokens = Array.from(chapter.flow.workbench.tokens, (t) => t.text);
    drawMixing(section, { report: chapter.flow, tokens, state, update: () => {} });
    return chapter;
  };

  it('keeps its rows, paragraphs and controls across a new sentence, with the new numbers', () => {
    const section = select(holder('section'));
    drawn(section, 'Bank of the river');
    const root = section.node();
    const firstRow = root.querySelector('.mixing-table tbody tr');
    const verdict = root.querySelector('.mixing-text p');
    const checkbox = root.querySelector('#mix-unit-rows');
    const why = root.querySelector('.mixing-text details.more');
    why.open = true;
    const chapter = drawn(section, 'Bank of the sea', { ...DEFAULT_STATE, unitRows: true });
    const rows = chapter.flow.workbench.paramFreeMixing;
    expect(root.querySelector('.mixing-table tbody tr')).toBe(firstRow);
    expect(Array.from(root.querySelectorAll('.mixing-table tbody tr'), (tr) => Number(tr.dataset.selfWeight))).toEqual(rows.map((m) => m.selfWeight));
    expect(root.querySelector('.mixing-text p')).toBe(verdict);
    expect(root.querySelector('#mix-unit-rows')).toBe(checkbox);
    expect(checkbox.checked).toBe(true);
    expect(root.querySelector('.mixing-text details.more')).toBe(why);
    expect(why.open).toBe(true);
    expect(root.querySelectorAll('#mix-table-scale')).toHaveLength(1);
  });
});

describe('flow heads sketch', () => {
  const drawn = (section, sentence, heads = 4) => {
    const chapter = core.flowChapter({ sentence, base: 0, form: 'qkv', heads });
    const tokens = Array.from(chapter.flow.workbench.tokens, (t) => t.text);
    drawHeads(section, { chapter, report: chapter.flow, tokens, update: () => {} });
    return chapter;
  };

  it('keeps its cards, bars, table and step across a new sentence, with the new weights', () => {
    const section = select(holder('section'));
    drawn(section, 'Bank of the river');
    const root = section.node();
    const cards = Array.from(root.querySelectorAll('.head-card'));
    expect(cards).toHaveLength(4);
    const bars = cards[0].querySelector('svg');
    root.querySelector('.step-through .step-next').click(); // step 2: one attention per head, with the weights
    const captionBefore = root.querySelector('.step-caption').textContent;
    expect(captionBefore).toMatch(/^Each head scores “Bank”/);
    const chapter = drawn(section, 'Bank of the sea');
    expect(Array.from(root.querySelectorAll('.head-card'))).toEqual(cards);
    expect(cards[0].querySelector('svg')).toBe(bars);
    expect(root.querySelectorAll('.step-through')).toHaveLength(1);
    expect(Array.from(bars.querySelectorAll('.head-value'), (t) => Number(t.dataset.value)))
      .toEqual(Array.from(chapter.headsSketch.perHead[0].baseWeights));
    expect(Array.from(root.querySelectorAll('.heads-table tbody td[data-head="1"]'), (td) => Number(td.dataset.value)))
      .toEqual(Array.from(chapter.headsSketch.perHead[1].baseWeights));
    // the reader's step, with the new numbers in its text
    expect(root.querySelector('.step-caption').textContent).toMatch(/^Each head scores “Bank”/);
    expect(root.querySelector('.step-caption').textContent).not.toBe(captionBefore);
    expect(root.querySelectorAll('.head-card .export-menu')).toHaveLength(4);
    drawn(section, 'Bank of the sea', 2);
    expect(root.querySelectorAll('.head-card')).toHaveLength(2);
    expect(root.querySelectorAll('.heads-table thead th')).toHaveLength(3);
  });
});
