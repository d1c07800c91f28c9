// The embedding-space chapter's JS API (core/space-data.js over wasm/space.cpp) on the real wasm
// module, against scikit-learn / NumPy (tests/fixtures/sklearn_space.json) on the same GloVe rows.
import { readFileSync } from 'node:fs';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { loadCore } from './load-core.js';
import { bundledGlove, rowsOf } from './glove-pack.js';

const fixture = JSON.parse(readFileSync(new URL('../fixtures/sklearn_space.json', import.meta.url), 'utf8'));
let core; // the space chapter's part
let pageCore; // every view's part: it decodes the GloVe subset and makes the random table
let space;
let X;
const D = 100;


beforeAll(async () => {
  [core, pageCore] = await Promise.all([loadCore('space'), loadCore()]);
  X = rowsOf(bundledGlove(pageCore), fixture.rows); // the fixture's rows of the bundled GloVe subset
  space = core.createSpaceData(X, fixture.rows.length, D);
});
afterAll(() => space?.delete());

describe('PCA in the wasm core against scikit-learn', () => {
  it('components equal up to sign, the largest entry positive, variances within 1e-9', () => {
    const fit = space.pca(10);
    expect(fit.components.rows).toBe(10);
    expect(fit.projected.length).toBe(fixture.rows.length * 10);
    for (let c = 0; c < 10; c++) {
      const ours = fit.components.data.subarray(c * D, (c + 1) * D);
      const theirs = fixture.pca.components[c];
      const sign = ours.reduce((s, v, i) => s + v * theirs[i], 0) > 0 ? 1 : -1;
      expect(Math.max(...ours.map((v, i) => Math.abs(v - sign * theirs[i])))).toBeLessThan(1e-9);
      const largest = ours.reduce((best, v, i) => (Math.abs(v) > Math.abs(ours[best]) ? i : best), 0);
      expect(ours[largest]).toBeGreaterThan(0);
      expect(Math.abs(fit.explainedVariance[c] - fixture.pca.explained_variance[c])).toBeLessThan(1e-9);
      expect(Math.abs(fit.explainedVarianceRatio[c] - fixture.pca.explained_variance_ratio[c])).toBeLessThan(1e-9);
    }
  });
});

describe('neighbours and scores in the wasm core', () => {
  it('cosine neighbour lists equal NumPy’s exactly', () => {
    for (const q of fixture.neighbours) {
      const found = space.nearestByCosine(q.query, 10);
      expect(found.map((n) => n.index), q.word).toEqual(q.indices);
      found.forEach((n, i) => expect(Math.abs(n.value - q.cosines[i])).toBeLessThan(1e-12));
    }
  });

  it('trustworthiness (cosine) and k-NN recall of the 2-D PCA layout equal scikit-learn’s and NumPy’s', () => {
    const fit = space.pca(2);
    const n = fixture.rows.length;
    expect(space.trustworthiness(fit.projected, 2, 5, n)).toBeCloseTo(fixture.trustworthiness.cosine, 12);
    expect(space.knnRecall(fit.projected, 2, 10, Array.from({ length: n }, (_, i) => i))).toBeCloseTo(fixture.recall_pca2, 12);
  });

  it('the lesson: survival table, analogy cosine and the coordinate search', () => {
    const all = Array.from({ length: fixture.rows.length }, (_, i) => i);
    const table = space.dimensionSurvival([50, 20, 10, 2], 10, all);
    for (const row of table) expect(row.neighboursKept).toBeCloseTo(fixture.survival[String(row.dimensions)], 12);
    const at = (w) => fixture.words.indexOf(w);
    expect(space.differenceCosine(at('king'), at('queen'), at('man'), at('woman'))).toBeCloseTo(fixture.analogy.king_queen_vs_man_woman, 12);
    const royal = ['king', 'queen', 'prince', 'princess', 'royal'].map(at);
    const search = space.coordinateSeparation(royal, 5, 0);
    expect(search.coordinates.length).toBe(D);
    expect(search.chanceBest.length).toBe(5);
    const effects = search.coordinates.map((c) => Math.abs(c.effect));
    expect(effects).toEqual([...effects].sort((a, b) => b - a));
  });

  it('a zero vector, a NaN and too few points are refused with readable messages', () => {
    const zero = new Float32Array([1, 2, 0, 0, 3, 1, 1, 1]);
    expect(() => core.createSpaceData(zero, 4, 2)).toThrow(/point 2 is a zero vector/);
    expect(() => core.createSpaceData(new Float32Array([1, NaN, 1, 1, 2, 2]), 3, 2)).toThrow(/point 1 has a value that is not a finite number/);
    expect(() => core.createSpaceData(new Float32Array([1, 2, 3, 4]), 2, 2)).toThrow(/at least 3 points/);
    expect(() => core.createSpaceData(new Float32Array([1, 2, 3]), 2, 2)).toThrow(/the points: 3 numbers, not 2 × 2 \(points × dimension\)/);
  });

  it('a deleted SpaceData refuses further calls; the random table is NumPy’s default_rng normal', () => {
    const small = core.createSpaceData(new Float32Array([1, 0, 0, 1, 1, 1]), 3, 2);
    small.delete();
    expect(() => small.pca(1)).toThrow(/deleted/);
    const table = pageCore.randomTable(2, 3, 0);
    expect(table.length).toBe(6);
    // np.random.default_rng(0).normal(size=(2, 3)).astype(np.float32)[0, 0]
    expect(table[0]).toBeCloseTo(0.12573022, 6);
  });
});

describe('the analogy query a − b + c in the wasm core against NumPy (tests/fixtures/numpy_analogy.json)', () => {
  const analogyFixture = JSON.parse(readFileSync(new URL('../fixtures/numpy_analogy.json', import.meta.url), 'utf8'));
  it('the 5 nearest by cosine, the three inputs left out, on the page’s 5,000 and all 20,000 words', () => {
    const glove = bundledGlove(pageCore);
    for (const rows of [5000, 20000]) {
      const table = core.createSpaceData(glove.data.slice(0, rows * D), rows, D);
      try {
        for (const c of analogyFixture.cases.filter((x) => x.rows === rows)) {
          const found = table.analogy(...c.indices, analogyFixture.k);
          expect(found.map((n) => n.index), `${c.a} − ${c.b} + ${c.c}`).toEqual(c.nearest.map((n) => n.index));
          found.forEach((n, i) => expect(Math.abs(n.value - c.nearest[i].cosine)).toBeLessThan(1e-12));
        }
        const [king, man, woman] = ['king', 'man', 'woman'].map((w) => glove.words.indexOf(w));
        expect(glove.words[table.analogy(king, man, woman, 1)[0].index]).toBe('queen');
        expect(() => table.analogy(king, man, rows, 5)).toThrow(`row ${rows + 1} does not exist`);
      } finally {
        table.delete();
      }
    }
  });
});
