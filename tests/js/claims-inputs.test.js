// Sentences that must follow what the inputs really are, on the real wasm (audit 34):
// what the embedding table is for each source; "mixes" only where the output can change (a
// repeated word's copy changes nothing); the distance card graded by the weight; float32 rounding
// judged by float32's precision; absent words said as absent, each reason once, and a one-feature
// cosine called a sign. Every expectation follows the core's numbers.
import { describe, it, expect, beforeAll } from 'vitest';
import { loadCore } from './load-core.js';
import { num } from '../../web/src/format.js';
import { mixingText } from '../../web/src/views/flow/mixing.js';
import { outputMixing, parametersNote } from '../../web/src/views/flow/text.js';
import { distanceVerdict } from '../../web/src/views/flow/observations.js';
import { selfWeightNote, threeAnswers } from '../../web/src/views/qkv/notebook-panels.js';
import { contextAnswer, trainedInputsAnswer, uniqueReasons } from '../../web/src/views/shared/bank-answers.js';
import { tableStatus } from '../../web/src/views/shared/vector-kind.js';
import { LITTLE_MIXING, OUTPUT_CHANGE, mixingGrade, weightChangeGrade } from '../../web/src/views/shared/thresholds.js';
import { rowOf } from '../../web/src/views/shared/wording.js';
import { buildLabReport, labMarkdown } from '../../web/src/vectors/report.js';

let core;
beforeAll(async () => {
  core = await loadCore();
});

const text = (paragraphs) => paragraphs.map((p) => (Array.isArray(p) ? p : [p]).map((x) => (typeof x === 'string' ? x : 'value' in x ? num(x.value) : x.code)).join('')).join('\n');
const tokensOf = (wb) => Array.from(wb.tokens, (t) => t.text);

describe('the embedding table is said as what it is, for each source', () => {
  it('the flow’s training report: one-hot rows, GloVe’s pretrained rows of the whole table, a file that cannot be judged', () => {
    const row = (options) => core.trainingReport({ form: 'free', ...options }).matrices[0];
    expect(row({}).origin).toMatch(/^np\.random\.default_rng/);
    const onehot = row({ source: 'onehot' });
    expect(onehot.origin).toMatch(/^one-hot rows/);
    expect(onehot.origin).not.toMatch(/random|NumPy/);
    const rows = { name: 'GloVe subset', words: ['bank', 'of', 'the', 'river'], dim: 2, data: new Float32Array([1, 0, 0, 1, 1, 1, 2, 1]) };
    const glove = row({ source: 'pretrained', pretrained: { ...rows, totalWords: 20001, knownTrained: true } });
    expect([glove.shape.rows, glove.shape.cols]).toEqual([20001, 2]);
    expect(glove.origin).toMatch(/^GloVe subset: pretrained rows, trained elsewhere/);
    const file = row({ source: 'pretrained', pretrained: { ...rows, name: 'your file “v.txt”', totalWords: 9 } });
    expect(file.shape.rows).toBe(9);
    expect(file.origin).toMatch(/cannot tell how they were made/);
    expect(file.origin).not.toMatch(/trained elsewhere|pretrained/);
  });

  it('the parameters note and the lab name the table for the source; a file’s vectors are not called trained', () => {
    const r = core.flow({ form: 'free' });
    expect(parametersNote(r, 'numpy')).toMatch(/the NumPy notebook never trains it/);
    for (const source of ['onehot', 'glove', 'file']) {
      expect(parametersNote(r, source)).not.toMatch(/NumPy notebook never trains/);
      expect(parametersNote(r, source)).toContain(tableStatus(source));
    }
    expect(tableStatus('file')).toMatch(/cannot tell/);
    expect(tableStatus('file')).not.toMatch(/trained elsewhere/);
    expect(tableStatus('onehot')).not.toMatch(/random/);

    const e = core.bankExperiment({});
    const state = { source: 'file', sentence: 'Bank of the river', sentence2: 'bank account has money', target: 'bank', scale: true, causal: false, embedSeed: 0, projSeed: 1 };
    const report = buildLabReport({ ...e, first: { ...e.first, oov: { missing: [], policy: 'zero', caseNote: '' }, sourceName: 'your file “v.txt”' } }, state, { fileName: 'v.txt' });
    expect(report.trained_but_frozen).toEqual([]);
    expect(report.frozen_of_unknown_origin.map((p) => p.name)).toEqual(['embedding table']);
    expect(report.frozen_of_unknown_origin[0].how).toMatch(/cannot tell/);
    expect(labMarkdown(report)).not.toMatch(/Trained, but frozen/);
    const glove = buildLabReport({ ...e, first: { ...e.first, oov: { missing: [], policy: 'zero', caseNote: '' }, sourceName: 'GloVe' } }, { ...state, source: 'glove' }, {});
    expect(glove.trained_but_frozen.map((p) => p.name)).toEqual(['embedding table']);
    expect(glove.frozen_of_unknown_origin).toEqual([]);
  });
});

describe('mixing: weight on a copy of the word’s own vector is not mixing', () => {
  it('“the cat saw the cat”: the repeated words give their weight to their copies, and the note says so', () => {
    const wb = core.workbench({ sentence: 'the cat saw the cat' });
    const tokens = tokensOf(wb);
    const [the, cat] = [wb.paramFreeMixing[0], wb.paramFreeMixing[1]];
    expect(the.copies).toEqual([3]);
    expect(the.weightElsewhere).toBeGreaterThan(0.5);
    expect(mixingGrade(the.weightFromDifferent)).toBe('almost-nothing');
    expect(mixingGrade(cat.weightFromDifferent)).toBe('almost-nothing');
    const note = selfWeightNote(wb.paramFreeMixing, tokens, 1, wb.paramFree.attn_weights);
    expect(note).not.toMatch(/do mix|does mix/);
    expect(note).toContain(`“the” gives ${num(the.weightOnCopies)} to the other “the” (the same vector)`);
    expect(note).toMatch(/Here this form mixes almost nothing/);
  });

  it('“bank bank bank”: y₁ = x₁ exactly, so the flow says it mixes nothing; with positional encoding it mixes', () => {
    const r = core.flow({ form: 'free', sentence: 'bank bank bank' });
    const m = r.workbench.paramFreeMixing[0];
    expect(m.weightElsewhere).toBeCloseTo(2 / 3, 12);
    expect(m.weightFromDifferent).toBe(0);
    expect(m.outputShift).toBe(0);
    const tokens = tokensOf(r.workbench);
    const said = text([outputMixing(r, tokens, false, 'numpy')]);
    expect(said).toMatch(/mixes nothing in/);
    expect(said).toMatch(/is x₁ itself/);
    expect(said).not.toMatch(/takes a share of/);
    const why = text(mixingText(m, { tokens, qkv: false, divisor: 1, source: 'numpy', weights: rowOf(r.workbench.paramFree.attn_weights, 0) }));
    expect(why).not.toMatch(/here the output mixes/);
    expect(why).toMatch(/is x₁ exactly: nothing new enters/);

    const placed = core.flow({ form: 'free', sentence: 'bank bank bank', positional: true });
    const p = placed.workbench.paramFreeMixing[0];
    expect(p.copies).toEqual([]);
    expect(p.outputShift).toBeGreaterThan(0);
    expect(text([outputMixing(placed, tokens, false, 'numpy')])).toMatch(mixingGrade(p.weightFromDifferent) === 'almost-nothing' ? /mixes almost nothing/ : /takes a share of/);
  });
});

describe('the distance card grades the weight’s spread, not the scores’', () => {
  it('with positional encoding the scores spread but the weight hardly moves: not “Distance now matters”', () => {
    const r = core.distanceExperiment({ form: 'free', base: 0, other: 3, positional: true });
    expect(r.distanceFree).toBe(false);
    expect(r.weightSpread).toBeLessThan(LITTLE_MIXING);
    expect(weightChangeGrade(r.weightSpread)).toBe('negligible');
    expect(r.scoresMove).toBe(true);
    const said = distanceVerdict('negligible', r, 'river');
    expect(said.lead).not.toMatch(/Distance now matters/);
    expect(said.rest).toContain(num(r.weightSpread));
    expect(said.rest).toMatch(/too little to matter/);
    // a window moves no score: the mask alone ties the weight to positions, and it is said so
    const masked = core.distanceExperiment({ form: 'qkv', base: 0, other: 3, window: 1 });
    expect(masked.scoresMove).toBe(false);
    expect(weightChangeGrade(masked.weightSpread)).toBe('matters');
    const win = distanceVerdict('matters', masked, 'river');
    expect(win.lead).toMatch(/^The scores do not depend on distance/);
    expect(win.rest).toContain(`${masked.maskedCount} placements are hidden by a mask`);
  });
});

describe('an absent word is said as absent, each reason once', () => {
  it('the reasons of the missing comparisons, once each', () => {
    expect(uniqueReasons(['"cat" is not in sentence 1; "cat" is not in sentence 2', '"cat" is not in sentence 1', '"cat" is not in sentence 2', null]))
      .toEqual(['"cat" is not in sentence 1', '"cat" is not in sentence 2']);
  });

  it('t=cat and a sentence without “money”: no “no value” in a sentence about values, for every source', () => {
    const cat = core.bankExperiment({ target: 'cat' });
    // pretrained rows without “money” (the NumPy, PyTorch and one-hot tables hold the course words)
    const rows = { name: 'GloVe', words: ['bank', 'of', 'the', 'river'], dim: 2, data: new Float32Array([1, 0, 0, 1, 1, 1, 2, 1]) };
    const money = core.bankExperiment({ sentence2: 'river the of bank', source: 'pretrained', pretrained: rows });
    for (const source of ['numpy', 'torch', 'onehot', 'glove', 'file']) {
      const a = threeAnswers(cat, { source, target: 'cat' });
      expect(a).not.toMatch(/no value/);
      expect(a).toMatch(/(no raw cosine|none) to show: "cat" is not in sentence 1/);
      expect(a.match(/"cat" is not in sentence 1/g)).toHaveLength(2); // the context answer and the raw one, once each
      const b = threeAnswers(money, { source, target: 'bank' });
      expect(b).not.toMatch(/no value/);
      const rr = money.cosines.find((c) => c.name === 'raw_target_vs_raw_river').value;
      expect(b).toContain(`aw “bank” vs “river” = ${num(rr)}`);
      expect(b).toContain('there is none against “money”: "money" has no row in the table');
    }
    const bank = (source) => trainedInputsAnswer(source, '“bank”', { value: 0.1 }, { value: -0.2 }, num, 8);
    expect(bank('numpy')).toMatch(/are chance values/);
  });
});

describe('one feature: a cosine is only a sign', () => {
  it('d=1: the change is measured on the outputs, and the raw cosines are called signs', () => {
    const e = core.bankExperiment({ dModel: 1, dK: 1, dV: 1 });
    const ctx = e.cosines.find((c) => c.name === 'contextual_target_across_sentences').value;
    expect(Math.abs(ctx)).toBeCloseTo(1, 15);
    expect(e.contextualTargetChange).toBeGreaterThan(OUTPUT_CHANGE);
    const a = threeAnswers(e, { source: 'numpy', target: 'bank' });
    expect(a).not.toMatch(/Not measurably/);
    expect(a).toContain(`Yes. With one feature a cosine can only be +1 or −1`);
    expect(a).toContain(`differ by ${num(e.contextualTargetChange)} of the larger one`);
    expect(a).not.toMatch(/chance values of this seed/);
    expect(a).toMatch(/only whether their signs agree/);
    // the same words in another order: the same output, said as such at one feature too
    const same = core.bankExperiment({ dModel: 1, dK: 1, dV: 1, sentence2: 'river the of bank' });
    expect(contextAnswer({ ctx: 1, raw: 1, target: '“bank”', show: num, width: 1, change: same.contextualTargetChange })).toMatch(/^Not measurably\./);
    // wider outputs keep the cosine
    expect(threeAnswers(core.bankExperiment({}), { source: 'numpy', target: 'bank' })).not.toMatch(/one feature/);
  });
});
