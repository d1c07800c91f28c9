// t-SNE and UMAP through the wasm boundary (wasm/space_layouts.cpp, core/attention-core.js):
// the same layout as the native build for a seed (tests/fixtures/space_layouts_native.json,
// written by the native test, see tests/native/space/test_layout_fixture.cpp), streaming by
// steps, determinism, readable errors, and .delete().
import { describe, it, expect, beforeAll } from 'vitest';
import { readFileSync } from 'node:fs';
import { loadCore } from './load-core.js';
import { bundledGlove } from './glove-pack.js';

const native = JSON.parse(readFileSync(new URL('../fixtures/space_layouts_native.json', import.meta.url), 'utf8'));

// The first n rows of the bundled GloVe subset, decoded as the page does (code * scale).
let glove;
function gloveRows(n) {
  glove ??= bundledGlove(pageCore);
  return { points: glove.data.slice(0, n * glove.dim), n, d: glove.dim };
}

const maxAbsDiff = (a, b) => a.reduce((worst, v, k) => Math.max(worst, Math.abs(v - b[k])), 0);
const maxAbs = (a) => a.reduce((worst, v) => Math.max(worst, Math.abs(v)), 0);

let core, pageCore; // the space chapter's part; every view's (it decodes the GloVe subset)
beforeAll(async () => {
  [core, pageCore] = await Promise.all([loadCore('space'), loadCore()]);
});

const makers = {
  tsne: (...args) => core.createTsneLayout(...args),
  umap: (...args) => core.createUmapLayout(...args),
};

describe.each(Object.keys(native.cases))('%s in wasm', (name) => {
  const c = native.cases[name];
  const make = (options = c.options) => {
    const { points, n, d } = gloveRows(c.rows);
    return makers[c.method](points, n, d, options);
  };

  it('gives the native layout for the same seed, within float tolerance', () => {
    const run = make();
    while (!run.done()) run.step(c.chunk);
    const ours = run.layout();
    expect(ours.length).toBe(c.layout.length);
    const scale = maxAbs(c.layout);
    console.log(`${name}: max |wasm − native| = ${maxAbsDiff(ours, c.layout).toExponential(2)} (layout scale ${scale.toFixed(2)})`);
    expect(maxAbsDiff(ours, c.layout)).toBeLessThan(1e-4 * scale);
    if (c.method === 'tsne') expect(run.klDivergence()).toBeCloseTo(c.kl_divergence, 5);
    run.delete();
  });

  it('streams: the layout moves between steps and the count stops at the total', () => {
    const run = make();
    expect(run.iteration()).toBe(0);
    expect(run.totalIterations()).toBe(c.options.iterations ?? c.options.epochs);
    let before = run.layout();
    let steps = 0;
    while (!run.done()) {
      const ran = run.step(c.chunk);
      expect(ran).toBeGreaterThan(0);
      const after = run.layout();
      expect(maxAbsDiff(after, before)).toBeGreaterThan(0);
      before = after;
      steps += 1;
    }
    expect(steps).toBeGreaterThan(1);
    expect(run.iteration()).toBe(run.totalIterations());
    expect(run.step(10)).toBe(0);
    run.delete();
  });

  it('is deterministic: same seed, same bytes; another seed, another layout', () => {
    const a = make(), b = make(), other = make({ ...c.options, seed: c.options.seed + 1 });
    for (const r of [a, b, other]) while (!r.done()) r.step(1000);
    expect(Buffer.from(a.layout().buffer).equals(Buffer.from(b.layout().buffer))).toBe(true);
    expect(maxAbsDiff(a.layout(), other.layout())).toBeGreaterThan(0);
    for (const r of [a, b, other]) r.delete();
  });

  it('refuses further calls after .delete()', () => {
    const run = make();
    run.delete();
    expect(() => run.step(1)).toThrow('This layout run was deleted.');
    run.delete(); // twice is harmless
  });

  it('reports bad input as a readable Error', () => {
    const { points, d } = gloveRows(c.rows);
    const nan = points.slice();
    nan[3 * d + 1] = NaN;
    expect(() => makers[c.method](nan, c.rows, d, c.options)).toThrow(/cannot place point 4: its vector has a NaN or infinite value/);
    expect(() => makers[c.method](points, c.rows, d + 1, c.options)).toThrow(/the points: \d+ numbers, not \d+ × \d+/);
    expect(() => makers[c.method](Array.from(points), c.rows, d, c.options)).toThrow('the points must be a Float32Array');
    expect(() => makers[c.method](points, c.rows, d, { ...c.options, outDim: 4 })).toThrow(/2 or 3 dimensions, not 4/);
    expect(() => makers[c.method](points, c.rows, d, { ...c.options, init: 'circle' })).toThrow(/option 'init' must be/);
    expect(() => makers[c.method](points.subarray(0, 5 * d), 5, d, c.options)).toThrow(/needs more than|needs at least/);
  });
});

describe('t-SNE from a given layout (initialLayout)', () => {
  const n = 200;
  let points, d;
  beforeAll(() => ({ points, d } = gloveRows(n)));

  it('starts there, and scores it: the KL of its own PCA start, given back, is the KL it reports from that start', () => {
    const options = { perplexity: 10, iterations: 1, exaggerationIterations: 0, theta: 0 };
    const own = core.createTsneLayout(points, n, d, options);
    const start = own.layout(); // the PCA start, before any step
    own.step(1);
    const given = core.createTsneLayout(points, n, d, { ...options, initialLayout: start });
    expect(Buffer.from(given.layout().buffer).equals(Buffer.from(start.buffer))).toBe(true);
    given.step(1);
    // the same layout up to float32 rounding of the start: the same exact KL to 6 places
    expect(given.klDivergence()).toBeCloseTo(own.klDivergence(), 6);
    const elsewhere = core.createTsneLayout(points, n, d, { ...options, initialLayout: start.map((v) => v * 1e4) }); // spread out: another Q
    elsewhere.step(1);
    expect(Math.abs(elsewhere.klDivergence() - own.klDivergence())).toBeGreaterThan(1e-3);
    for (const r of [own, given, elsewhere]) r.delete();
  });

  it('refuses a layout of the wrong size or with a NaN, with a readable Error', () => {
    expect(() => core.createTsneLayout(points, n, d, { perplexity: 10, initialLayout: new Float32Array(2 * n - 2) })).toThrow(/one row per point/);
    const nan = new Float32Array(2 * n);
    nan[5] = NaN;
    expect(() => core.createTsneLayout(points, n, d, { perplexity: 10, initialLayout: nan })).toThrow(/starting layout must be finite/);
  });
});

describe('UMAP’s graph parts in wasm', () => {
  it('two far groups are two parts, the largest numbered 0; t-SNE has none', () => {
    const n = 42, points = new Float32Array(n * 3);
    for (let i = 0; i < n; i++) points.set([(i < 30 ? 0 : 1000) + (i % 7), (i * 13) % 11, (i % 5) * 0.5], i * 3);
    const run = core.createUmapLayout(points, n, 3, { nNeighbors: 5, epochs: 10 });
    expect(Array.from(run.graphParts())).toEqual(Array.from({ length: n }, (_, i) => (i < 30 ? 0 : 1)));
    expect(run.iteration()).toBe(0);
    run.delete();
    const tsne = core.createTsneLayout(points, n, 3, { perplexity: 5 });
    expect(tsne.graphParts()).toBe(null);
    tsne.delete();
  });
});

describe('threads', () => {
  it('the one-thread part keeps one thread whatever is asked (the threaded part is attention_space_mt)', () => {
    expect(core.module.setThreadCount(4)).toBe(1);
    expect(core.module.threadCount()).toBe(1);
  });
});
