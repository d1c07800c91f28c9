// valueSummary on the real wasm against real NumPy (tests/fixtures/numpy_stats.json), and the
// page's sentence about W_q's spread, which must follow the measured numbers.
import { describe, it, expect, beforeAll } from 'vitest';
import { readFileSync } from 'node:fs';
import { loadCore } from './load-core.js';
import { spreadNote } from '../../web/src/views/qkv/notebook-panels.js';
import { num } from '../../web/src/format.js';

let core;
const golden = JSON.parse(readFileSync(new URL('../fixtures/numpy_stats.json', import.meta.url), 'utf8'));
beforeAll(async () => {
  core = await loadCore();
});

const matrixOf = (c) => {
  if (c.values) return { rows: c.values.length, cols: c.values[0].length, data: new Float64Array(c.values.flat()) };
  const d = c.notebook_d_model;
  return core.workbench({ dModel: d, dK: d, dV: d, tieWidths: false }).W_q;
};

describe('valueSummary', () => {
  for (const c of golden.cases) {
    it(`matches NumPy: ${c.name}`, () => {
      const m = matrixOf(c);
      if (c.first_values) expect(Array.from(m.data.slice(0, 3))).toEqual(c.first_values);
      const s = core.valueSummary(m, c.bins);
      expect(s.count).toBe(c.count);
      expect(Math.abs(s.mean - c.mean)).toBeLessThanOrEqual(1e-15);
      expect(Math.abs(s.std - c.std)).toBeLessThanOrEqual(1e-15);
      expect([s.min, s.max]).toEqual([c.min, c.max]);
      expect(Array.from(s.binCounts)).toEqual(c.bin_counts);
      Array.from(s.binEdges).forEach((e, k) => expect(Math.abs(e - c.bin_edges[k])).toBeLessThanOrEqual(1e-15));
    });
  }

  it('refuses empty input and bad bin counts with a message', () => {
    expect(() => core.valueSummary({ rows: 0, cols: 0, data: new Float64Array(0) }, 4)).toThrow(/at least one value/);
    expect(() => core.valueSummary({ rows: 1, cols: 1, data: new Float64Array([1]) }, 0)).toThrow(/bins/);
  });

  it('the spread sentence gives the measured numbers and the scale it was drawn with, in NumPy mode only', () => {
    const c = golden.cases[0];
    const s = core.valueSummary(matrixOf(c), c.bins);
    const text = spreadNote(s, 'numpy');
    expect(text).toContain(num(s.std));
    expect(text).toContain(num(s.mean));
    expect(text).toContain('64 values');
    expect(text).toMatch(/0\.5 is the standard deviation/);
    const torch = spreadNote(s, 'torch');
    expect(torch).not.toMatch(/0\.5 is the standard deviation/);
    expect(torch).toContain(num(s.std));
  });
});
