// The syllabus chapters' JS API on the real wasm module: what each view asks the core for.
import { readFileSync } from 'node:fs';
import { describe, it, expect, beforeAll } from 'vitest';
import { loadCore } from './load-core.js';

let core;
beforeAll(async () => {
  core = await loadCore();
});

describe('chapter 5: compareVectors and parseVector', () => {
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
    expect(() => core.compareVectors([1, 2], [1, 2, 3])).toThrow(/different numbers of coordinates \(2 and 3\)/);
    expect(() => core.compareVectors([1, NaN], [1, 2])).toThrow(/finite/);
    expect(() => core.parseVector('1, two', 'Vector b')).toThrow(/Vector b: "two" is not a number/);
    expect(() => core.parseVector('   ', 'Vector a')).toThrow(/empty/);
    expect(() => core.parseVector('<script>', 'Vector a')).toThrow(/not a number/);
  });
});

describe('chapter 2: localWindow', () => {
  it('gives the reach sets of "I am going to London" at radius 2', () => {
    const r = core.localWindow({});
    expect(r.tokens.map((t) => t.text)).toEqual(['I', 'am', 'going', 'to', 'London']);
    expect(r.reach.map((row) => Array.from(row))).toEqual([[1, 2], [0, 2, 3], [0, 1, 3, 4], [1, 2, 4], [2, 3]]);
    expect([r.covers.rows, r.covers.cols]).toEqual([5, 5]);
    expect(Array.from(r.attention.data).every((v) => v === 1)).toBe(true);
    expect(r.windowPositions).toBe(5);
  });

  it('"cat" reaches "Noa" by attention at any radius, by a window only at radius 9', () => {
    const base = { sentence: 'Noa can be annoying, but she is a great cat', centre: 9, target: 'noa' };
    for (const radius of [0, 2, 8]) {
      const r = core.localWindow({ ...base, radius });
      expect(r.windowReachesTarget).toBe(false);
      expect(r.attentionReachesTarget).toBe(true);
      expect(r.radiusNeeded).toBe(9);
    }
    expect(core.localWindow({ ...base, radius: 9 }).windowReachesTarget).toBe(true);
    expect(core.localWindow({ ...base, radius: 12, direction: 'right' }).radiusNeeded).toBeNull();
    expect(Array.from(core.localWindow({ ...base, radius: 1, direction: 'left' }).reach[9])).toEqual([8]);
  });

  it('refuses bad options with a message', () => {
    expect(() => core.localWindow({ sentence: '' })).toThrow(/at least one word/);
    expect(() => core.localWindow({ radius: 99 })).toThrow(/radius/);
    expect(() => core.localWindow({ direction: 'up' })).toThrow(/direction/);
    expect(() => core.localWindow({ radius: 1.5 })).toThrow(/whole number/);
  });
});

describe('chapter 3: smoothing against real NumPy', () => {
  const fixture = JSON.parse(readFileSync(new URL('../fixtures/numpy_smoothing.json', import.meta.url), 'utf8'));
  const worst = (ours, theirs) => Math.max(...Array.from(ours, (v, i) => Math.abs(v - theirs[i])));

  it.each(fixture.cases.map((c) => [c.config.seed, c]))('seed %i: series, s and weights within 1e-12', (_, c) => {
    for (const run of c.runs) {
      const r = core.smoothing({ seed: c.config.seed, length: c.config.length, period: c.config.period, noise: c.config.noise_scale, beta: run.beta });
      expect(r.x.length).toBe(c.config.length);
      expect(worst(r.x, c.x)).toBeLessThanOrEqual(1e-12);
      expect(worst(r.signal, c.signal)).toBeLessThanOrEqual(1e-12);
      expect(worst(r.s, run.s)).toBeLessThanOrEqual(1e-12);
      expect(worst(r.lastWeights, run.last_weights)).toBeLessThanOrEqual(1e-12);
      expect(Math.abs(r.mseSmoothed - run.mse_smoothed)).toBeLessThanOrEqual(1e-12);
      expect(r.weightSum).toBeCloseTo(1, 12);
      expect(r.previousShare).toBeCloseTo(1 - run.beta, 15);
    }
  });

  it('refuses β outside (0, 1] and a bad length', () => {
    expect(() => core.smoothing({ beta: 0 })).toThrow(/β must be above 0/);
    expect(() => core.smoothing({ beta: 1.2 })).toThrow(/β/);
    expect(() => core.smoothing({ length: 1 })).toThrow(/length/);
    expect(() => core.smoothing({ seed: -1 })).toThrow(/seed/);
  });
});

describe('chapter 1: analyseCorpus and representationShapes against scikit-learn', () => {
  const fixture = JSON.parse(readFileSync(new URL('../fixtures/sklearn_tfidf.json', import.meta.url), 'utf8'));
  const flat = (rows) => rows.flat();
  const worst = (ours, theirs) => Math.max(...Array.from(ours, (v, i) => Math.abs(v - theirs[i])));

  it.each(fixture.cases.map((c, i) => [i, c]))('corpus %i: vocabulary, counts, idf and TF-IDF within 1e-12', (_, c) => {
    const r = core.analyseCorpus({ corpus: c.documents.join('\n') });
    expect(r.vocabulary).toEqual(c.vocabulary);
    expect(r.documents.map((tokens) => tokens.map((t) => t.key))).toEqual(c.tokens);
    expect(Array.from(r.counts.data)).toEqual(flat(c.counts));
    expect(worst(r.idf, c.idf)).toBeLessThanOrEqual(1e-12);
    expect(worst(r.tfidf.data, flat(c.tfidf))).toBeLessThanOrEqual(1e-12);
    expect(worst(r.tfidfCosine.data, flat(c.tfidf_cosine))).toBeLessThanOrEqual(1e-12);
  });

  it('shows ID gaps under two orderings, one-hot orthogonality and lost word order', () => {
    const r = core.analyseCorpus({ wordA: 'dog', wordB: 'car' });
    expect([r.idASorted, r.idBSorted, r.gapSorted]).toEqual([5, 2, 3]);
    expect([r.idAFirst, r.idBFirst, r.gapFirst]).toEqual([1, 8, 7]);
    expect(r.oneHotDotAB).toBe(0);
    expect(r.sameCounts.map((p) => Array.from(p))).toEqual([[0, 1]]);
    expect(core.analyseCorpus({ wordA: 'zebra' }).gapSorted).toBeNull();
  });

  it('gives shapes for three independent sizes and refuses bad input', () => {
    const shapes = core.representationShapes(10000, 5, 8);
    expect(shapes.find((s) => s.name === 'one-hot').shape).toEqual([5, 10000]);
    expect(shapes.find((s) => s.name === 'embedding table').values).toBe(80000);
    expect(() => core.representationShapes(0, 5, 8)).toThrow(/at least 1/);
    expect(() => core.analyseCorpus({ corpus: '' })).toThrow(/at least one document/);
  });
});

describe('chapter 9: headsLab against real PyTorch (1e-6)', () => {
  const fixture = JSON.parse(readFileSync(new URL('../fixtures/torch_mha_batch.json', import.meta.url), 'utf8'));
  const worst = (ours, theirs) => Math.max(...Array.from(ours, (v, i) => Math.abs(v - theirs[i])));
  const cases = fixture.cases.flatMap((c) => c.config.heads.map((h) => [c.config.d_model, h, c]));

  it.each(cases)('d_model %i, %i heads: both batch items, per-head and mean weights, output', (_, heads, c) => {
    const r = core.headsLab({ sentence1: c.config.sentence1, sentence2: c.config.sentence2, dModel: c.config.d_model, heads, seed: c.config.seed });
    const run = c[`heads_${heads}`];
    expect(r.headDim).toBe(run.head_dim);
    expect(r.batchShapes.find((s) => s.name.startsWith('scores')).dims).toEqual(run.shapes.scores);
    expect(r.batchShapes.find((s) => s.name.startsWith('Kᵀ')).dims).toEqual(run.shapes.k_transposed);
    for (const b of [0, 1]) {
      const s = r.sentences[b];
      expect(worst(s.Y_mha.data, run.Y_mha[b].flat())).toBeLessThanOrEqual(1e-6);
      expect(worst(s.attn_weights_mha.data, run.attn_weights_mha[b].flat())).toBeLessThanOrEqual(1e-6);
      expect(worst(s.concat.data, run.concat[b].flat())).toBeLessThanOrEqual(1e-6);
      s.heads.forEach((head, h) => expect(worst(head.attn_weights.data, run.attn_weights_per_head[b][h].flat())).toBeLessThanOrEqual(1e-6));
      expect(worst(s.handWritten.Y.data, c.hand_written[b].Y.flat())).toBeLessThanOrEqual(1e-6);
    }
  });

  it('offers only divisors, refuses other head counts, and explains unequal lengths', () => {
    expect(core.divisorsOf(12)).toEqual([1, 2, 3, 4, 6, 12]);
    expect(() => core.headsLab({ dModel: 8, heads: 3 })).toThrow(/must be one of 1, 2, 4, 8/);
    const r = core.headsLab({ sentence2: 'the river bank has money' });
    expect(r.batchable).toBe(false);
    expect(r.batchShapes).toEqual([]);
    expect(r.notices.join(' ')).toMatch(/key_padding_mask/);
  });

  it('one head equals the hand-written block once the weights match', () => {
    const s = core.headsLab({ heads: 1 }).sentences[0];
    expect(s.diffHandVsOneHead).toBeGreaterThan(0.01);
    expect(s.diffHandVsMatched).toBeLessThan(1e-12);
  });
});
