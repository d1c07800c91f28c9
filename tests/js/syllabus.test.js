// The syllabus chapters' JS API on the real wasm module: what each view asks the core for.
import { describe, it, expect, beforeAll } from 'vitest';
import { loadCore } from './load-core.js';

let core;
beforeAll(async () => {
  core = await loadCore();
});

describe('chapter 4: compareVectors and parseVector', () => {
  it('reports dot, lengths, cosine and angle for the default vectors', () => {
    const r = core.compareVectors(core.parseVector('2, 1'), core.parseVector('1, 2'));
    expect(r.dot).toBe(4);
    expect(r.normA).toBeCloseTo(Math.sqrt(5), 15);
    expect(r.cosine).toBeCloseTo(0.8, 15);
    expect(r.angleDegrees).toBeCloseTo(36.86989764584402, 12);
    expect(Array.from(r.products)).toEqual([2, 2]);
    expect(r.dotEqualsCosine).toBe(false);
    expect(r.dotWith2b).toBe(8);
    expect(r.cosineWith2b).toBeCloseTo(r.cosine, 15);
  });

  it('normalising with the core makes the dot product equal the cosine', () => {
    const r = core.compareVectors([3, 1, -2], [0.5, 4, 1]);
    const unit = core.compareVectors(r.unitA, r.unitB);
    expect(unit.aIsUnit && unit.bIsUnit).toBe(true);
    expect(unit.dotEqualsCosine).toBe(true);
    expect(unit.dot).toBeCloseTo(r.cosine, 14);
  });

  it('gives a zero vector a dot product but no cosine', () => {
    const r = core.compareVectors([0, 0], [1, 1]);
    expect(r.cosine).toBeNull();
    expect(r.unitA).toBeNull();
    expect(r.whyUndefined).toMatch(/zero vector/);
  });

  it('turns bad input into Errors with a message', () => {
    expect(() => core.compareVectors([1, 2], [1, 2, 3])).toThrow(/different lengths \(2 and 3\)/);
    expect(() => core.compareVectors([1, NaN], [1, 2])).toThrow(/finite/);
    expect(() => core.parseVector('1, two', 'Vector b')).toThrow(/Vector b: "two" is not a number/);
    expect(() => core.parseVector('   ', 'Vector a')).toThrow(/empty/);
    expect(() => core.parseVector('<script>', 'Vector a')).toThrow(/not a number/);
  });
});
