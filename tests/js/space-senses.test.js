// The embedding space's new sources through the wasm boundary (issue 17): the task's sentences,
// the untrained block's rows on GloVe against NumPy (tests/fixtures/sense_space.json) and against
// the workbench run directly, the sense grouping, and the trained encoder's token table and
// words in context against its full forward pass.
import { readFileSync } from 'node:fs';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { loadCore } from './load-core.js';
import { bundledGlove } from './glove-pack.js';
import { senseLabels, findPoint } from '../../web/src/views/space/sources.js';

const fixture = JSON.parse(readFileSync(new URL('../fixtures/sense_space.json', import.meta.url), 'utf8'));
const pack = new Uint8Array(readFileSync(new URL('../../public/models/use-lite-int8.bin', import.meta.url)));
let core; // the space chapter's part, as its worker loads it
let pageCore; // every view's part: the GloVe subset, the workbench
let model; // from the encoder's part
let glove;

beforeAll(async () => {
  let encoderCore;
  [core, pageCore, encoderCore] = await Promise.all([loadCore('space'), loadCore(), loadCore('encoder')]);
  glove = bundledGlove(pageCore);
  model = encoderCore.createEncoderModel(pack);
});
afterAll(() => model?.delete());

const expectGrouping = (g, want) => {
  expect(g.words.map((w) => w.word)).toEqual(want.words.map((w) => w.word));
  g.words.forEach((w, i) => {
    expect(w.within).toBeCloseTo(want.words[i].within, 9);
    expect(w.across).toBeCloseTo(want.words[i].across, 9);
    expect(w.gap).toBeCloseTo(want.words[i].gap, 9);
    expect(w.withinPairs).toBe(want.words[i].within_pairs);
    expect(w.acrossPairs).toBe(want.words[i].across_pairs);
  });
  expect(g.meanGap).toBeCloseTo(want.mean_gap, 9);
  expect(g.neighbourSameSense).toBeCloseTo(want.neighbour_same_sense, 12);
  expect(g.neighbourChance).toBeCloseTo(want.neighbour_chance, 12);
};

describe('contextual vectors of ambiguous words: the untrained block on GloVe', () => {
  it('the task sentences: 112, training first, each with its word at `target`', () => {
    const sentences = core.senseSentences();
    expect(sentences.length).toBe(112);
    expect(sentences[0]).toEqual({ sentence: fixture.first_sentence, word: 'bank', sense: 'river', target: 5, split: 'train' });
    expect(sentences.filter((s) => s.split === 'validation').length).toBe(32);
    for (const s of sentences) expect(s.sentence.split(' ')[s.target]).toBe(s.word);
  });

  it('rows equal NumPy’s and the workbench’s Y for the same sentence; groupings equal NumPy’s', () => {
    const v = core.untrainedSenseVectors(glove);
    expect([v.rows, v.cols, v.contextCols]).toEqual([112, 100, 100]);
    expect(v.outputs.length).toBe(112 * 100);
    v.outputs.subarray(0, 100).forEach((x, c) => expect(x).toBeCloseTo(fixture.first_output[c], 5));
    v.outputs.subarray(111 * 100).forEach((x, c) => expect(x).toBeCloseTo(fixture.last_output[c], 5));
    const sentences = core.senseSentences();
    const s = sentences[40];
    const words = [...new Set(s.sentence.split(' '))];
    const data = new Float32Array(words.length * 100);
    words.forEach((w, r) => { const at = glove.words.indexOf(w); data.set(glove.data.subarray(at * 100, (at + 1) * 100), r * 100); });
    const report = pageCore.workbench({ sentence: s.sentence, source: 'pretrained', tieWidths: true, pretrained: { name: 'GloVe', words, dim: 100, data } });
    const Y = report.projected.Y;
    expect(Array.from(v.outputs.subarray(40 * 100, 41 * 100))).toEqual(Array.from(Y.data.subarray(s.target * Y.cols, (s.target + 1) * Y.cols), Math.fround));
    expect(Array.from(v.topWeight).map((w, i) => Math.abs(w - fixture.top_weight[i]) < 1e-9)).toEqual(Array(112).fill(true));
    expect(v.topWord).toEqual(fixture.top_word);
    expect([v.rowsOver90, v.commonTopWord]).toEqual([fixture.rows_over_90, fixture.common_top_word]);
    expect(v.commonTopCount).toBe(fixture.top_word.filter((w) => w === fixture.common_top_word).length);
    expect(v.medianTopWeight).toBeCloseTo(fixture.median_top_weight, 12);
    const labels = senseLabels(sentences);
    expectGrouping(core.senseGrouping(v.outputs, 112, 100, labels.words, labels.senses), fixture.untrained);
    expectGrouping(core.senseGrouping(v.contextMean, 112, 100, labels.words, labels.senses), fixture.context_mean);
  });

  it('labels: one class per word and sense, 14 sentences each, short unique point labels', () => {
    const labels = senseLabels(core.senseSentences());
    expect(labels.classes.map((c) => c.key)).toEqual(['bank (river)', 'bank (money)', 'plant (factory)', 'plant (flora)', 'bat (animal)', 'bat (sport)', 'cell (prison)', 'cell (biology)']);
    expect(labels.classes.map((c) => c.count)).toEqual(Array(8).fill(14));
    expect(new Set(labels.colours).size).toBe(8);
    expect(new Set(labels.labels).size).toBe(112);
    expect(labels.labels[0]).toBe('bank (river) 1');
    expect(findPoint(labels.labels, 'Bank (river) 1')).toBe(0);
  });

  it('a layout’s same-sense share, and clear errors for bad labels', () => {
    const layout = new Float32Array([0, 0, 0, 1, 5, 5, 5, 6]);
    expect(core.layoutSameSense(layout, 4, 2, ['a', 'a', 'a', 'a'], ['x', 'x', 'y', 'y'])).toBe(1);
    expect(core.layoutSameSense(layout, 4, 2, ['a', 'a', 'a', 'a'], ['x', 'y', 'x', 'y'])).toBe(0);
    const points = new Float32Array([1, 0, 0.9, 0.1, 0, 1, 0.1, 0.9]);
    expect(core.senseGrouping(points, 4, 2, ['a', 'a', 'a', 'a'], ['x', 'x', 'y', 'y']).neighbourSameSense).toBe(1);
    expect(() => core.senseGrouping(points, 4, 2, ['a', 'a', 'a'], ['x', 'x', 'y', 'y'])).toThrow(/a word and a sense label/);
    expect(() => core.senseGrouping(points, 4, 2, ['a', 'a', 'a', 'b'], ['x', 'x', 'y', 'y'])).toThrow(/only one point/);
    expect(() => core.senseGrouping(layout, 4, 2, ['a', 'a', 'a', 'a'], ['x', 'x', 'y', 'y'])).toThrow(/point 1 is a zero vector/);
    expect(() => core.untrainedSenseVectors({ name: 'tiny', words: ['bank'], dim: 1, data: new Float32Array([1]) })).toThrow(/lacks these task words/);
  });
});

describe('the trained encoder: token table and words in context', () => {
  it('token-table rows with their pieces: the row a sentence’s token reads', () => {
    const t = model.tokenTable(6, 3000);
    expect(t.pieces.length).toBe(3000);
    expect(t.dim).toBe(256);
    expect(t.data.length).toBe(3000 * 256);
    expect(t.vocabulary).toBeGreaterThan(3000);
    expect(t.wordStarts).toBe(t.pieces.filter((p) => p.startsWith('\u2581')).length);
    const r = model.encodeSentence('the bank');
    const bank = r.tokens.findIndex((x) => x.piece === '\u2581bank');
    const row = r.tokens[bank].id - 6;
    expect(t.pieces[row]).toBe('\u2581bank');
    expect(Array.from(t.data.subarray(row * 256, (row + 1) * 256))).toEqual(Array.from(r.staticVectors.data.subarray(bank * 256, (bank + 1) * 256), Math.fround));
    expect(findPoint(t.pieces, 'bank')).toBe(row);
    expect(model.tokenTable(t.vocabulary - 2, 100).pieces.length).toBe(2);
    expect(() => model.tokenTable(t.vocabulary, 1)).toThrow(/cannot be read/);
  });

  it('each task sentence’s word: the last layer’s row at its token, as the full forward pass gives', () => {
    const sentences = core.senseSentences();
    const v = model.wordVectorsInContext(sentences.map((s) => s.sentence), sentences.map((s) => s.word));
    expect([v.rows, v.cols]).toEqual([112, 512]);
    for (const i of [0, 57, 111]) {
      const r = model.encodeSentence(sentences[i].sentence);
      const at = r.tokens.findIndex((x) => x.piece === `\u2581${sentences[i].word}`);
      const out = r.layers[1].output;
      const mine = v.data.subarray(i * 512, (i + 1) * 512);
      mine.forEach((x, c) => expect(x).toBeCloseTo(out.data[at * 512 + c], 4));
    }
    expect(() => model.wordVectorsInContext(['the river'], ['bank'])).toThrow(/not a single whole-word token/);
  });
});
