// Class 05's points through the wasm boundary (issue 34): soft against exact lookup in the Q/K/V
// chapter's call, linearity and rows computed alone in the flow chapter's call (against NumPy,
// tests/fixtures/numpy_class05_points.json), and the trained encoder split into other head counts.
import { describe, it, expect, beforeAll } from 'vitest';
import { readFileSync } from 'node:fs';
import { loadCore } from './load-core.js';
import { matrixRow } from '../../web/src/core/attention-core.js';
import { lookupGrade, differenceGrade, TRACE_EFFECT } from '../../web/src/views/shared/thresholds.js';
import { verdictText } from '../../web/src/views/qkv/soft-lookup.js';
import { linearityVerdict, verdictKind } from '../../web/src/views/flow/linearity.js';
import { aloneText, otherText } from '../../web/src/views/flow/parallel-rows.js';
import { headsVerdict } from '../../web/src/views/trained/heads-change.js';

const golden = JSON.parse(readFileSync(new URL('../fixtures/numpy_class05_points.json', import.meta.url), 'utf8'));
const pack = new Uint8Array(readFileSync(new URL('../../public/models/use-lite-int8.bin', import.meta.url)));

let core;
let encoder;
beforeAll(async () => {
  [core, encoder] = await Promise.all([loadCore(), loadCore('encoder')]);
});

const close = (a, b, tol = 1e-12) => expect(Math.abs(a - b)).toBeLessThanOrEqual(tol * Math.max(1, Math.abs(b)));

describe('soft lookup in the Q/K/V chapter call', () => {
  it('matches NumPy with the scale on and off, and grades the rows', () => {
    for (const [scale, key] of [[true, 'scaled'], [false, 'unscaled']]) {
      const chapter = core.qkvChapter({ scale });
      expect(chapter.softLookup).toHaveLength(4);
      chapter.softLookup.forEach((r, i) => {
        const want = golden.soft_lookup[key][i];
        expect(r.hardKey).toBe(want.hard_key);
        close(r.topShare, want.top_share);
        close(r.relativeDistance, want.relative_distance);
        close(r.cosine, want.cosine);
        expect(r.sharpTopShare).toBeInstanceOf(Float64Array);
        r.sharpTopShare.forEach((v, k) => close(v, want.sharp_top_share[k]));
        // the soft answer is row i of the chapter's own Y
        expect(Array.from(r.soft)).toEqual(Array.from(matrixRow(chapter.report.projected.Y, i)));
      });
    }
    const rows = core.qkvChapter({}).softLookup;
    expect(rows.map((r) => lookupGrade(r.topShare, r.tiedKeys))).toEqual(['mix', 'leans', 'leans', 'mix']);
    const tokens = ['Bank', 'of', 'the', 'river'];
    expect(verdictText(rows[0], tokens, { scale: true })).toMatch(/^A real mix, not a lookup: “Bank”’s largest weight, on “the”, is only 0\.3881/);
    const sharp = core.qkvChapter({ scale: false }).softLookup;
    expect(lookupGrade(sharp[2].topShare, 1)).toBe('exact'); // "the" without ÷√d_k
    expect(verdictText(sharp[2], tokens, { scale: false })).toMatch(/^Almost an exact lookup/);
  });
});

describe('linearity and rows alone in the flow chapter call', () => {
  it('the projections are linear to rounding, the block is not, as NumPy finds', () => {
    const { linearity } = core.flowChapter({ form: 'qkv' });
    const byName = Object.fromEntries(linearity.checks.map((c) => [c.name, c]));
    for (const name of ['projection_sum', 'projection_double', 'scores_double', 'mix_sum']) expect(differenceGrade(byName[name].relative)).toBe('same');
    for (const name of ['softmax_double', 'output_double', 'output_sum']) {
      close(byName[name].maxDifference, golden.linearity[name].max_difference);
      expect(differenceGrade(byName[name].relative)).toBe('differs');
    }
    expect(verdictKind(linearity)).toBe('nonlinear');
    expect(linearityVerdict(linearity, [])).toMatch(/^The projections are linear to rounding/);
    const one = core.flowChapter({ sentence: 'bank' }).linearity;
    expect(verdictKind(one)).toBe('one-token');
  });

  it('each row computed alone equals the full computation, in both forms', () => {
    for (const form of ['free', 'qkv']) {
      const { parallel } = core.flowChapter({ form, base: 2 });
      expect(parallel.form).toBe(form);
      expect(parallel.rows).toHaveLength(4);
      expect(parallel.maxDifference).toBeLessThanOrEqual(1e-15);
      expect(differenceGrade(parallel.maxRelative)).toBe('same');
      expect(parallel.stages.map((s) => s.name)).toEqual(['query', 'keys and values', 'score row', 'weight row', 'output row']);
      expect(parallel.base).toBe(2);
      expect(parallel.other).toBe(3);
      expect(parallel.otherInputEffect).toBeGreaterThan(0);
      expect(aloneText(parallel)).toMatch(/The rows do not depend on each other/);
    }
    const { parallel } = core.flowChapter({ form: 'qkv' });
    parallel.rows.forEach((r, i) => expect(Math.max(...Array.from(r.y, (v, f) => Math.abs(v - golden.rows_alone.Y_row_by_row[i][f])))).toBeLessThan(1e-12));
    // the sentence about another token's input follows its size: a trace is not said to "move" the row
    const tokens = ['Bank', 'of', 'the', 'river'];
    const trace = core.flowChapter({ form: 'free', base: 0 }).parallel; // Bank gives river almost no weight
    expect(trace.otherInputEffect).toBeLessThan(TRACE_EFFECT);
    expect(otherText(trace, tokens)).toMatch(/moves the output of “Bank” \(row 1, the base token\) by only .*barely in these numbers/);
    expect(otherText(trace, tokens)).not.toMatch(/Independent rows are not independent tokens/);
    const moves = core.flowChapter({ form: 'qkv', base: 0 }).parallel;
    expect(moves.otherInputEffect).toBeGreaterThanOrEqual(TRACE_EFFECT);
    expect(otherText(moves, tokens)).toMatch(/^Independent rows are not independent tokens: adding 1 .* moves the output of “Bank”/);
    const causal = core.flowChapter({ form: 'qkv', causal: true, base: 0 }).parallel;
    expect(causal.otherMasked).toBe('causal');
    expect(causal.otherInputEffect).toBe(0);
  });
});

describe('the trained encoder split into other head counts', () => {
  it('4 heads is the trained run, others move the outputs, a non-divisor is refused', () => {
    const model = encoder.createEncoderModel(pack);
    try {
      const r = model.headsChange('The bank of the river is muddy today.', [4, 8, 1]);
      expect(r.trainedHeads).toBe(4);
      const [four, eight, one] = r.rows;
      expect(four.layers.map((l) => l.relativeDifference)).toEqual([0, 0]);
      close(four.sentenceCosine, 1, 1e-6);
      expect(eight.layers.map((l) => l.headWidth)).toEqual([32, 64]);
      expect(eight.layers.map((l) => [l.qkvKernel.rows, l.qkvKernel.cols])).toEqual([[256, 768], [512, 1536]]);
      for (const row of [eight, one]) {
        expect(differenceGrade(row.layers[1].relativeDifference)).toBe('differs');
        expect(row.sentenceCosine).toBeLessThan(1);
      }
      expect(headsVerdict(r, eight)).toMatch(/^With 8 heads \(slices of 32 and 64 columns instead of 64 and 128\) the weights still load/);
      expect(headsVerdict(r, four)).toMatch(/trained split/);
      expect(() => model.headsChange('bank', [3])).toThrow(/must divide them: 1, 2, 4, 8, 16, 32, 64, 128, 256/);
      expect(() => model.headsChange('bank', [2.5])).toThrow(/whole number/);
      expect(core.divisorsOf(256)).toContain(8);
    } finally {
      model.delete();
    }
  });
});
