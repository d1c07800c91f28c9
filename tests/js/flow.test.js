// The whiteboard flow's JS API on the real wasm module: every step's numbers, and the four
// observations, against the core's own matrices and the NumPy fixture.
import { describe, it, expect, beforeAll } from 'vitest';
import { readFileSync } from 'node:fs';
import { loadCore } from './load-core.js';
import { matrixAt, matrixRow } from '../../web/src/core/attention-core.js';

let core;
const fixture = JSON.parse(readFileSync(new URL('../fixtures/numpy_positional.json', import.meta.url), 'utf8'));
beforeAll(async () => {
  core = await loadCore();
});

const maxAbs = (a, b) => {
  expect(a.length).toBe(b.length);
  return Math.max(0, ...Array.from(a, (v, k) => Math.abs(v - b[k])));
};

describe('flow', () => {
  it('parameter-free: the last partial sum is row i of Y = A X, coefficients sum to 1', () => {
    const wb = core.workbench({});
    for (let i = 0; i < 4; i++) {
      const f = core.flow({ form: 'free', base: i });
      expect(f.base).toBe(i);
      expect(f.form).toBe('free');
      expect(f.weights).toBeInstanceOf(Float64Array);
      expect(maxAbs(matrixRow(f.partialSums, 3), f.y)).toBe(0);
      expect(maxAbs(f.y, matrixRow(wb.paramFree.Y, i))).toBeLessThan(1e-12);
      expect(maxAbs(f.weights, matrixRow(wb.paramFree.attn_weights, i))).toBe(0);
      expect(maxAbs(f.rawScores, matrixRow(wb.paramFree.S, i))).toBe(0);
      expect(Math.abs(f.weightSum - 1)).toBeLessThan(1e-12);
      expect(f.divisor).toBe(1);
      expect(f.maxDeviation).toBeLessThan(1e-12);
      expect(Array.from(f.masked)).toEqual(['', '', '', '']);
    }
  });

  it('projected: query, keys and values come from W_q, W_k, W_v; y_i is row i of Y = A V', () => {
    const wb = core.workbench({});
    const f = core.flow({ form: 'qkv', base: 2 });
    expect(maxAbs(f.query, matrixRow(wb.projected.Q, 2))).toBe(0);
    expect(maxAbs(f.keys.data, wb.projected.K.data)).toBe(0);
    expect(maxAbs(f.values.data, wb.projected.V.data)).toBe(0);
    expect(f.divisor).toBeCloseTo(Math.SQRT2 * 2, 14);
    expect(maxAbs(f.y, matrixRow(wb.projected.Y, 2))).toBeLessThan(1e-12);
    expect(f.scoreAsymmetry).toBeGreaterThan(1e-3);
  });

  it('raw scores symmetric, coefficients not (parameter-free)', () => {
    const f = core.flow({ form: 'free', base: 1 });
    expect(maxAbs(f.rawScores, f.rawScoresColumn)).toBeLessThan(1e-12);
    expect(maxAbs(f.weights, f.weightsColumn)).toBeGreaterThan(0.5); // a_{1,3} vs a_{3,1}
  });

  it('a causal mask or a local window hides keys with weight exactly 0', () => {
    const c = core.flow({ form: 'free', base: 1, causal: true });
    expect(Array.from(c.masked)).toEqual(['', '', 'causal', 'causal']);
    expect(c.weights[2]).toBe(0);
    expect(c.scores[3]).toBe(-Infinity);
    const w = core.flow({ form: 'qkv', base: 0, window: 1 });
    expect(Array.from(w.masked)).toEqual(['', '', 'window', 'window']);
    expect(w.weights[3]).toBe(0);
    const wb = core.workbench({ window: 1 });
    expect(maxAbs(wb.paramFree.attn_weights.data, fixture.param_free_window1.A.flat())).toBeLessThan(1e-12);
  });

  it('refuses a base token outside the sentence, and an unknown form, with a message', () => {
    expect(() => core.flow({ base: 9 })).toThrow(/base token 10 does not exist: the sentence has 4 tokens/);
    expect(() => core.flow({ form: 'both' })).toThrow(/option 'form'/);
  });
});

describe('positional encoding', () => {
  it('matches NumPy', () => {
    expect(maxAbs(core.positionalEncoding(7, 5).data, fixture.pe_tables['7x5'].flat())).toBeLessThan(1e-15);
    const wb = core.workbench({ positional: true });
    expect(maxAbs(wb.PE.data, fixture.PE.flat())).toBeLessThan(1e-15);
    expect(maxAbs(wb.X.data, fixture.X_plus_PE.flat())).toBeLessThan(1e-15);
    expect(maxAbs(wb.paramFree.Y.data, fixture.param_free_pe.Y.flat())).toBeLessThan(1e-12);
    expect(core.workbench({}).PE).toBeNull();
  });
});

describe('observations', () => {
  it('(a) shuffle: outputs permute without PE, and stop doing so with it', () => {
    const off = core.shuffleExperiment({ form: 'free', permutation: [2, 0, 3, 1] });
    expect(off.permutation).toEqual([2, 0, 3, 1]);
    expect(off.shuffledTokens.map((t) => t.text)).toEqual(['the', 'Bank', 'river', 'of']);
    expect(off.equivariant).toBe(true);
    expect(off.maxDeviation).toBeLessThan(1e-12);
    expect(Math.abs(off.maxDeviationWithPE - fixture.shuffle.max_deviation_with_pe)).toBeLessThan(1e-12);
    const on = core.shuffleExperiment({ form: 'qkv', positional: true, shuffleSeed: 3 });
    expect(on.equivariant).toBe(false);
    expect(on.maxDeviation).toBeGreaterThan(0.01);
    expect([...on.permutation].sort()).toEqual([0, 1, 2, 3]);
    expect(() => core.shuffleExperiment({ permutation: [0, 0, 1, 2] })).toThrow(/exactly once/);
  });

  it('(b) distance: the score does not change with distance, until PE or a mask', () => {
    const free = core.distanceExperiment({ form: 'free', base: 0, other: 3 });
    expect(free.points.map((p) => p.distance)).toEqual([-1, 1, 2, 3]);
    expect(free.distanceFree).toBe(true);
    expect(core.distanceExperiment({ form: 'free', base: 0, other: 3, positional: true }).distanceFree).toBe(false);
    const win = core.distanceExperiment({ form: 'qkv', base: 0, other: 3, window: 1 });
    expect(win.maskedCount).toBe(2);
    expect(win.points.filter((p) => p.masked === 'window').every((p) => p.weight === 0)).toBe(true);
  });

  it('(c) any length; (d) nothing trained', () => {
    const lengths = core.lengthExperiment({ form: 'qkv', sentence: 'Noa can be annoying, but she is a great cat' });
    expect(lengths.points.map((p) => p.scores.rows)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(lengths.parameterCount).toBe(192);
    const t = core.trainingReport({ form: 'qkv' });
    expect(t.matrices.filter((m) => m.isParameter).map((m) => m.name)).toEqual(['W_q', 'W_k', 'W_v']);
    expect(t.matrices.every((m) => m.trained === false)).toBe(true);
    expect([t.trainedCount, t.gradientSteps]).toEqual([0, 0]);
    expect(core.trainingReport({ form: 'free' }).parameterCount).toBe(0);
  });
});

describe('matrixAt sanity for the flow matrices', () => {
  it('scaled values are a_ij times v_j, as the core computed them', () => {
    const f = core.flow({ form: 'qkv', base: 1 });
    expect(matrixAt(f.scaledValues, 2, 0)).toBe(f.weights[2] * matrixAt(f.values, 2, 0));
  });
});

describe('heads sketch', () => {
  it('four heads of width 2: each base row sums to 1 and the concatenation holds the head outputs', () => {
    const s = core.headsSketch({ heads: 4, base: 0 });
    expect([s.heads, s.headDim]).toEqual([4, 2]);
    expect(s.perHead).toHaveLength(4);
    s.perHead.forEach((h, k) => {
      expect(Math.abs(h.baseWeights.reduce((a, b) => a + b, 0) - 1)).toBeLessThan(1e-12);
      expect(Array.from(s.concatBase.slice(2 * k, 2 * k + 2))).toEqual(Array.from(h.baseOutput));
    });
    const one = core.headsSketch({ heads: 1, base: 1 });
    expect(maxAbs(one.concatBase, matrixRow(core.workbench({}).projected.Y, 1))).toBeLessThan(1e-12);
    expect(() => core.headsSketch({ heads: 3 })).toThrow(/do not divide d_model = 8/);
  });
});
