// Issue 16 on the real wasm: the mixing report and its controls against real NumPy
// (tests/fixtures/numpy_mixing.json), and the page's sentences about mixing, reach, importance
// and parameters, which are pure functions of the core's numbers: each must change with them.
import { describe, it, expect, beforeAll } from 'vitest';
import { readFileSync } from 'node:fs';
import { loadCore } from './load-core.js';
import { matrixAt } from '../../web/src/core/attention-core.js';
import { mixingText } from '../../web/src/views/flow/mixing.js';
import { BARELY_MIXES } from '../../web/src/views/shared/thresholds.js';
import { outputMixing, parametersNote, stepText } from '../../web/src/views/flow/text.js';
import { distanceFreeText } from '../../web/src/views/flow/observations.js';
import { largestWeightNote, selfWeightNote } from '../../web/src/views/qkv/notebook-panels.js';
import { trainedVerdict } from '../../web/src/views/trained/view.js';
import { cosineItems, readingOf } from '../../web/src/views/bank/view.js';
import { num } from '../../web/src/format.js';

let core;
const golden = JSON.parse(readFileSync(new URL('../fixtures/numpy_mixing.json', import.meta.url), 'utf8'));
const NOA = 'Noa can be annoying, but she is a great cat';
beforeAll(async () => {
  core = await loadCore();
});

const text = (paragraphs) => paragraphs.map((p) => (Array.isArray(p) ? p : [p]).map((x) => (typeof x === 'string' ? x : 'value' in x ? num(x.value) : x.code)).join('')).join('\n');
const optionsFor = (c) => ({
  sentence: c.sentence,
  freeScale: c.control === 'free_scale',
  unitRows: c.control === 'unit_rows',
  tableScale: c.control === 'table_scale' ? golden.table_scale : 1,
});
const tokensOf = (wb) => Array.from(wb.tokens, (t) => t.text);

describe('mixing report (wasm) against NumPy', () => {
  it('every case: A and each row’s self weight, strongest other key, gap, share elsewhere', () => {
    expect(golden.cases).toHaveLength(8);
    for (const c of golden.cases) {
      const wb = core.workbench(optionsFor(c));
      expect(wb.paramFree.divisor).toBe(c.divisor);
      c.A.forEach((row, i) => row.forEach((a, j) => expect(Math.abs(matrixAt(wb.paramFree.attn_weights, i, j) - a)).toBeLessThan(1e-12)));
      c.rows.forEach((e, i) => {
        const m = wb.paramFreeMixing[i];
        expect(m.row).toBe(i);
        expect(m.other).toBe(e.other);
        expect(m.topKey).toBe(e.top_key);
        expect(Math.abs(m.selfWeight - e.self_weight)).toBeLessThan(1e-12);
        expect(Math.abs(m.otherWeight - e.other_weight)).toBeLessThan(1e-12);
        expect(Math.abs(m.logOdds - e.log_odds)).toBeLessThan(1e-12);
        expect(Math.abs(m.weightElsewhere - e.weight_elsewhere)).toBeLessThan(1e-12);
        expect(Math.abs(m.effectiveTokens - e.effective_tokens)).toBeLessThan(1e-12);
      });
    }
  });

  it('the issue’s numbers: a₁₂ = 1.3e-5, a₁₄ = 1.6e-7 as taught; Noa’s weight on “cat” 3.5e-6; each control raises them', () => {
    const plain = core.workbench({});
    expect(matrixAt(plain.paramFree.attn_weights, 0, 1)).toBeCloseTo(1.31e-5, 7);
    expect(matrixAt(plain.paramFree.attn_weights, 0, 3)).toBeLessThan(2e-7);
    const noa = core.workbench({ sentence: NOA });
    const cat = noa.tokens.length - 1;
    expect(matrixAt(noa.paramFree.attn_weights, 0, cat)).toBeLessThan(4e-6);
    for (const control of [{ freeScale: true }, { unitRows: true }, { tableScale: 0.25 }, { source: 'onehot' }]) {
      const river = matrixAt(core.workbench(control).paramFree.attn_weights, 0, 3);
      const noaCat = matrixAt(core.workbench({ ...control, sentence: NOA }).paramFree.attn_weights, 0, cat);
      expect(river, JSON.stringify(control)).toBeGreaterThan(1e-3);
      expect(noaCat, JSON.stringify(control)).toBeGreaterThan(1e-3);
    }
    expect(() => core.workbench({ tableScale: 0 })).toThrow(/table scale/);
  });

  it('bank experiment: sentence 2’s contextual “bank” against raw money and river, as NumPy; missing words named', () => {
    const e = core.bankExperiment({});
    const byName = Object.fromEntries(e.cosines.map((c) => [c.name, c.value]));
    for (const [name, value] of Object.entries(golden.bank_cosines)) expect(Math.abs(byName[name] - value), name).toBeLessThan(1e-12);
    expect(e.contextualVsRawWordsSecond).toHaveLength(e.second.table.words.length);
    const missing = core.bankExperiment({ sentence2: 'the account has money' });
    const across = missing.cosines.find((c) => c.name === 'contextual_target_across_sentences');
    expect(across.value).toBeNull();
    expect(across.whyUndefined).toBe('"bank" is not in sentence 2');
    const items = cosineItems(missing);
    expect(new Set(items.map((x) => x.key)).size).toBe(items.length);
    expect(items.filter((x) => /“(river|money)”$/.test(x.short ?? '') && x.group === 'words')).toHaveLength(0);
    for (const item of items.filter((x) => x.value == null)) {
      expect(readingOf(item)).toMatch(/not in sentence 2/);
      expect(readingOf(item)).not.toMatch(/Exactly 1/);
    }
  });
});

describe('sentences that follow the numbers', () => {
  it('the flow’s output step says “mixes almost nothing” as taught and “takes a share” once a control is on', () => {
    const tokens = ['Bank', 'of', 'the', 'river'];
    const plain = core.flow({ form: 'free', base: 0 });
    const said = text([outputMixing(plain, tokens, false)]);
    expect(said).toMatch(/mixes almost nothing/);
    expect(said).not.toMatch(/by how strongly/);
    const unit = core.flow({ form: 'free', base: 0, unitRows: true });
    expect(text([outputMixing(unit, tokens, false)])).toMatch(/takes a share of 0\.45/);
    const allText = text(stepText({ kind: 'output' }, { r: plain, tokens, qkv: false }));
    expect(allText).not.toMatch(/mixes information from the other tokens by how strongly/);
  });

  it('the output step says what a task head would still do, with the shapes of this Y', () => {
    for (const options of [{ form: 'free' }, { form: 'qkv', dV: 6 }, { form: 'free', sentence: 'Noa can be annoying, but she is a great cat' }]) {
      const r = core.flow({ base: 0, ...options });
      const n = r.workbench.tokens.length;
      const width = r.y.length;
      const said = text(stepText({ kind: 'output' }, { r, tokens: Array.from(r.workbench.tokens, (t) => t.text), qkv: options.form === 'qkv' }));
      expect(said).toContain(`Y, of shape (${n}, ${width}), is an intermediate representation, not a prediction`);
      expect(said).toContain(`W_head of shape (${width}, C)`);
      expect(said).toContain(`giving (${n}, C)`);
    }
  });

  it('the mixing explanation gives |x₁|², x₁·x₂ and the gap, and changes its verdict with the numbers', () => {
    const tokens = ['Bank', 'of', 'the', 'river'];
    const rowZero = (wb) => Array.from(wb.paramFree.attn_weights.data.subarray(0, 4));
    const plainWb = core.workbench({});
    const plain = plainWb.paramFreeMixing[0];
    const said = text(mixingText(plain, { tokens, qkv: false, divisor: 1, source: 'numpy', weights: rowZero(plainWb) }));
    expect(said).toContain(num(plain.selfRawScore));
    expect(said).toContain(num(plain.otherRawScore));
    expect(said).toContain(`exp(${num(plain.logOdds)})`);
    expect(said).toMatch(/mixes almost nothing/);
    const scaled = core.workbench({ freeScale: true }).paramFreeMixing[0];
    expect(scaled.logOdds).toBeCloseTo(plain.logOdds / Math.sqrt(8), 12);
    const mixedWb = core.workbench({ tableScale: 0.25 });
    const mixed = mixedWb.paramFreeMixing[0];
    expect(mixed.weightElsewhere).toBeGreaterThan(BARELY_MIXES);
    expect(text(mixingText(mixed, { tokens, qkv: false, divisor: 1, source: 'numpy', weights: rowZero(mixedWb) }))).toMatch(/here the output mixes/);
  });

  it('the distance card claims a distant word counts only when its weight says so', () => {
    const tiny = core.distanceExperiment({ form: 'free', base: 0, other: 3 });
    expect(tiny.distanceFree).toBe(true);
    expect(distanceFreeText(tiny.points[0].weight, 'river')).toMatch(/matters as little far away as next door/);
    expect(distanceFreeText(tiny.points[0].weight, 'river')).not.toMatch(/as much as a neighbour/);
    const big = core.distanceExperiment({ form: 'free', base: 0, other: 3, unitRows: true });
    expect(distanceFreeText(big.points[0].weight, 'river')).toMatch(/count as much as a neighbour/);
  });

  it('qkv: the largest key of each row is named from the numbers, with the untrained caveat', () => {
    const wb = core.workbench({});
    const tokens = tokensOf(wb);
    const note = largestWeightNote(wb.projected.attn_weights, tokens);
    expect(wb.projectedMixing[0].topKey).toBe(2); // the notes: Bank's largest weight is on "the"
    expect(note).toContain(`“Bank” puts its largest weight on “the” (${num(wb.projectedMixing[0].topWeight)})`);
    expect(note).toMatch(/untrained/);
    const torch = core.workbench({ source: 'torch' });
    expect(largestWeightNote(torch.projected.attn_weights, tokensOf(torch))).toContain(`“${tokens[torch.projectedMixing[0].topKey]}” (${num(torch.projectedMixing[0].topWeight)})`);
    // As taught, three rows keep their own vector and "of" mixes (mostly "river"): said row by row.
    const free = selfWeightNote(wb.paramFreeMixing, tokens, 1, wb.paramFree.attn_weights);
    expect(free).toMatch(/“Bank”, “the”, “river” keep more than 0\.9900 on themselves/);
    expect(free).toContain(`“of” takes ${num(wb.paramFreeMixing[1].weightElsewhere)} from the others, most from “river”`);
    const onehot = core.workbench({ source: 'onehot' });
    const hot = selfWeightNote(onehot.paramFreeMixing, tokens, 1, onehot.paramFree.attn_weights);
    expect(hot).toMatch(/those outputs do mix/);
    expect(hot).not.toMatch(/keep more than/);
  });

  it('parameters: PyTorch mode names embedding.weight; NumPy mode says trainable or frozen', () => {
    const torch = parametersNote(core.flow({ form: 'qkv', source: 'torch' }));
    expect(torch).toMatch(/embedding\.weight/);
    expect(torch).toMatch(/in_proj_weight/);
    expect(torch).not.toMatch(/only parameters/);
    const numpy = parametersNote(core.flow({ form: 'free' }));
    expect(numpy).toMatch(/trainable/);
    expect(numpy).toMatch(/frozen/);
    const roles = core.trainingReport({ form: 'free' }).matrices.find((m) => m.name === 'embedding table');
    expect(roles.origin).toMatch(/trainable/);
    expect(roles.origin).not.toMatch(/not a model parameter/);
  });

  it('trained chapter: a separation the random block passes as well is not credited to training', () => {
    const e = core.bankExperiment({ source: 'numpy', sentence: 'The bank of the river is muddy today.', sentence2: 'I have money in my bank account.', control: 'They fished from the bank of the stream.', target: 'bank' });
    const trained = { sameSense: 0.8, differentSense: 0.5, margin: 0.8 - 0.5, requiredMargin: 0.1, verdict: 'separates' };
    const said = trainedVerdict({ trained, untrained: e.separation });
    expect(said).not.toMatch(/shows that the trained layers separate/);
    expect(said.includes('does not show what training added')).toBe(e.separation.verdict === 'separates');
    expect(said).toContain(num(e.separation.sameSense));
  });

  it('exponents use one minus sign', () => {
    expect(num(-1.31e-5)).toBe('−1.310e−5');
    expect(num(1.6e-7)).not.toContain('-');
  });
});
