// The worker of the embedding-space benchmark (bench/space.mjs): bench/space.html starts a fresh
// one per task, so every method runs alone, in a worker as the page's layouts do, from a cold
// start. It loads the page's core (the SIMD wasm: every view's part and the chapter's) and the bundled JavaScript peers, decodes the
// bundled GloVe pack as the page does (core.decodeInt8Vectors), keeps the first `n` rows, runs
// one task and posts {result} or {error}.
//   {task: 'tsne', impl, n, iterations, start}   start: Float32Array n × 2, the common first layout
//   {task: 'umap', impl, n, epochs, seed}
//   {task: 'pca', impl, n, repeats}
//   {task: 'score', n, layouts: {name: Float32Array}, k, queryStep}   KL (exact) and k-NN recall
//   {task: 'threads', method, n, iterations | epochs, threads}   ours on that many threads
import { loadAttentionCore } from '/web/src/core/view-core.js';
import { loadSpaceCore, warmUpPca } from '/web/src/core/space-core.js';
import * as peers from '/build/bench-space/space-peers.js';

const PERPLEXITY = 30;
const now = () => performance.now();

self.onmessage = async ({ data: message }) => {
  try {
    // every view's part decodes GloVe; the chapter's part runs the layouts, as on the page, whose
    // worker warms its PCA up as it starts (space-core.js)
    // one thread unless the task asks for more (the 'threads' task): the peers run on one
    const [pageCore, core] = await Promise.all([loadAttentionCore(), loadSpaceCore({ threads: message.threads ?? 1 }).then(warmUpPca)]);
    const points = await glove(pageCore, message.n);
    self.postMessage({ result: await TASKS[message.task](core, points, message) });
  } catch (error) {
    self.postMessage({ error: String(error?.stack ?? error) });
  }
};

async function glove(core, n) {
  const binary = await (await fetch('/public/data/glove-100d.i8.bin')).arrayBuffer();
  const view = new DataView(binary);
  const count = view.getUint32(4, true), dim = view.getUint32(8, true);
  if (n > count) throw new Error(`the GloVe pack has ${count} rows, not ${n}`);
  const scales = new Float32Array(binary.slice(12, 12 + count * 4));
  const codes = new Int8Array(binary, 12 + count * 4, count * dim);
  const all = core.decodeInt8Vectors(codes, scales, dim);
  return { n, d: dim, data: all.slice(0, n * dim) };
}

const rowsOf = ({ n, d, data }) => Array.from({ length: n }, (_, i) => Float64Array.from(data.subarray(i * d, (i + 1) * d)));
const plainRowsOf = (p) => rowsOf(p).map((r) => Array.from(r));
const flat = (rows, dim) => {
  const out = new Float32Array(rows.length * dim);
  rows.forEach((r, i) => { for (let a = 0; a < dim; a++) out[i * dim + a] = r[a]; });
  return out;
};
const autoLearningRate = (n) => Math.max(n / 12 / 4, 50); // sklearn's 'auto', as ours

const TSNE = {
  // ours: TsneLayout, perplexity 30, PCA start, θ = 0.5; early exaggeration 12 for 250 iterations
  // (sklearn's) unless `schedule` gives the peers' (4 for 100)
  ours(core, p, { iterations, schedule }) {
    let t = now();
    const run = core.createTsneLayout(p.data, p.n, p.d, { perplexity: PERPLEXITY, iterations, seed: 0, ...schedule });
    const initMs = now() - t;
    t = now();
    while (!run.done()) run.step(50);
    const loopMs = now() - t;
    const out = { layout: run.layout(), initMs, loopMs, iterations: run.iteration(), ownKl: run.klDivergence() };
    run.delete();
    return out;
  },
  // tsne-js: exact; its own schedule (exaggeration for the first 100 iterations, then its
  // stopping rules), given exaggeration 4 (as the other peers), ours' learning rate and start. It reports each
  // iteration before its update; the run is stopped after `iterations` of them when that is
  // fewer than its schedule (it takes seconds per iteration at N = 1,000).
  'tsne-js'(core, p, { iterations, start }) {
    const model = new peers.TsneJs({ dim: 2, perplexity: PERPLEXITY, earlyExaggeration: 4, learningRate: autoLearningRate(p.n), nIter: iterations, metric: 'euclidean' });
    const stop = new Error('enough iterations');
    let t = now();
    model.init({ data: plainRowsOf(p), type: 'dense' });
    model.outputEmbedding.data.set(start);
    let initMs = null, ran = -1, stopped = false;
    model.on('progressIter', () => {
      if (initMs === null) { initMs = now() - t; t = now(); }
      ran += 1;
      if (ran === iterations) throw stop;
    });
    try {
      model.run();
      ran += 1; // the last one reported was also applied
    } catch (error) {
      if (error !== stop) throw error;
      stopped = true;
    }
    const loopMs = now() - t;
    return { layout: flat(model.getOutput(), 2), initMs, loopMs, iterations: ran, stopped };
  },
  // @keckelt/tsne (Karpathy's tsnejs): exact; its fixed schedule (exaggeration 4 for 100
  // iterations, learning rate 10), given the same start
  '@keckelt/tsne'(core, p, { iterations, start }) {
    const model = new peers.KeckeltTsne({ epsilon: 10, perplexity: PERPLEXITY, dim: 2 });
    let t = now();
    model.initDataRaw(plainRowsOf(p));
    model.initSolution();
    for (let i = 0; i < p.n; i++) for (let a = 0; a < 2; a++) model.Y[i][a] = start[i * 2 + a];
    const initMs = now() - t;
    t = now();
    for (let i = 0; i < iterations; i++) model.step();
    const loopMs = now() - t;
    return { layout: flat(model.getSolution(), 2), initMs, loopMs, iterations };
  },
  // DruidJS TSNE: exact (its own wasm kernel above its size threshold); its fixed schedule
  // (exaggeration 4 for 100 iterations), learning rate 10 (its default), the same start
  druidjs(core, p, { iterations, start }) {
    let t = now();
    const model = new peers.DruidTsne(rowsOf(p), { perplexity: PERPLEXITY, epsilon: 10, d: 2, seed: 1212 });
    model.init();
    model.Y.values.set(start);
    const initMs = now() - t;
    t = now();
    for (let i = 0; i < iterations; i++) model.next();
    const loopMs = now() - t;
    return { layout: Float32Array.from(model.Y.values), initMs, loopMs, iterations };
  },
};

/** A seeded generator for umap-js (mulberry32), so its run is repeatable. */
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const UMAP = {
  ours(core, p, { epochs, seed = 0 }) {
    let t = now();
    const run = core.createUmapLayout(p.data, p.n, p.d, { nNeighbors: 15, minDist: 0.1, epochs, seed });
    const initMs = now() - t;
    t = now();
    while (!run.done()) run.step(25);
    const loopMs = now() - t;
    const out = { layout: run.layout(), initMs, loopMs, iterations: run.iteration() };
    run.delete();
    return out;
  },
  'umap-js'(core, p, { epochs, seed = 0 }) {
    const umap = new peers.UMAP({ nComponents: 2, nNeighbors: 15, minDist: 0.1, nEpochs: epochs, random: mulberry32(seed) });
    let t = now();
    const total = umap.initializeFit(plainRowsOf(p));
    const initMs = now() - t;
    t = now();
    for (let i = 0; i < total; i++) umap.step();
    const loopMs = now() - t;
    return { layout: flat(umap.getEmbedding(), 2), initMs, loopMs, iterations: total };
  },
};

/** FNV-1a over a typed array's bytes, as 8 hex digits. */
function fnv1a(values) {
  const bytes = new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
  let hash = 0x811c9dc5;
  for (const b of bytes) hash = Math.imul(hash ^ b, 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, '0');
}

function timed(fn, repeats) {
  const times = [];
  for (let r = 0; r < repeats; r++) {
    const t = now();
    fn();
    times.push(now() - t);
  }
  const warm = times.slice(1).sort((a, b) => a - b);
  return { firstMs: times[0], warmMedianMs: warm[Math.floor(warm.length / 2)], warmBestMs: warm[0], repeats };
}

const PCA = {
  // what the page's worker does for PCA: 10 components of the loaded points (space-worker.js)
  ours(core, p, { repeats }) {
    const data = core.createSpaceData(p.data, p.n, p.d);
    try {
      return timed(() => data.pca(10), repeats);
    } finally {
      data.delete();
    }
  },
  druidjs(core, p, { repeats }) {
    const rows = rowsOf(p);
    return timed(() => new peers.DruidPca(rows, { d: 10 }).transform(), repeats);
  },
};

const TASKS = {
  tsne: (core, p, m) => ({ ...TSNE[m.impl](core, p, m), impl: m.label ?? m.impl }),
  umap: (core, p, m) => ({ ...UMAP[m.impl](core, p, m), impl: m.impl, seed: m.seed ?? 0 }),
  pca: (core, p, m) => ({ ...PCA[m.impl](core, p, m), impl: m.impl, druidVersion: peers.druidVersion }),
  // ours on the threads the core started with (space-core.js: the threaded part when
  // `threads` > 1, the page's one-thread part otherwise); the layout's bytes hashed, so runs
  // on different thread counts can be compared to the bit
  threads(core, p, m) {
    const run = m.method === 'tsne' ? TSNE.ours(core, p, { iterations: m.iterations }) : UMAP.ours(core, p, { epochs: m.epochs, seed: 0 });
    return { method: m.method, threads: core.threads, initMs: run.initMs, loopMs: run.loopMs, iterations: run.iterations, layoutHash: fnv1a(run.layout) };
  },
  // One function for every layout: KL(P‖Q) from our core on our affinities (perplexity 30), exact
  // (one t-SNE iteration from that layout with θ = 0, so Q's normaliser is the full sum), and
  // 10-NN recall by our neighbours function (cosine in the original space, distance in the layout).
  score(core, p, { layouts, k, queryStep }) {
    const data = core.createSpaceData(p.data, p.n, p.d);
    const queries = Array.from({ length: Math.ceil(p.n / queryStep) }, (_, i) => i * queryStep);
    const out = {};
    try {
      for (const [name, layout] of Object.entries(layouts)) {
        const run = core.createTsneLayout(p.data, p.n, p.d, { perplexity: PERPLEXITY, iterations: 1, exaggerationIterations: 0, theta: 0, initialLayout: layout });
        run.step(1);
        out[name] = { kl: run.klDivergence(), recall: data.knnRecall(layout, 2, k, queries), queries: queries.length };
        run.delete();
      }
    } finally {
      data.delete();
    }
    return out;
  },
};
