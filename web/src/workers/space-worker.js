// The embedding-space chapter's worker: holds the points in its own copy of the core and runs the
// layout and every measurement, so the page only draws. A layout streams frames: PCA is one
// frame; t-SNE and UMAP post their start at once, then step a few iterations at a time and post the
// layout after each batch, with pause and cancel read between batches.
//
// A newer `load` or `layout` stops the current layout before starting, so no stale frame is sent;
// the page (views/space/view.js) drops answers to an older run as well.
//   kinds (workers/serve.js):
//     load {points, n, d} → {n, d}
//     layout {outDim, method} → {done | stopped} after frames {layout, outDim, iteration, total, done, kl?, pca?, preparing?,
//       elapsedMs?, estimateMs?, parts?, threads?, threadsAllowed?, threadsFailed?} (t-SNE, UMAP: the time since the request, and the whole run's
//       time extrapolated from the iterations stepped so far, once there are ESTIMATE_AFTER of them;
//       the threads the run used, space-core.js, and whether this page could use more than one;
//       UMAP's last frame: the connected parts of its graph, see partsOf)
//     estimate {method, outDim} → {ms, sample, n}: how long t-SNE or UMAP would take on the loaded
//       points, from a short run on a sample of them (see estimateRun)
//     pause {}, resume {}: the running layout; a cancel of the layout's request stops it
//     neighbours {query, k} → {query, original, inLayout}
//     analogy {a, b, c, k} → [{index, value}]: the k nearest by cosine to a − b + c, inputs left out
//     report {k, queries, dimensions, members, analogy, trustPoints, senses?} → {n, d, ..., senses?: {n, d, grouping, layoutShare?}}
//     senseTask {} → {sentences, vocabulary}
//     senseVectors {glove, words, senses} → {vectors, baseline}
//       (the contextual vectors of ambiguous words from the untrained block, off the page's thread)
import { loadSpaceCore, warmUpPca } from '../core/space-core.js';
import { moved, serve } from './serve.js';

const BATCH_MS = 50; // one batch of iterations per frame: 20 frames a second, and fewer KLs and redraws than at 30 ms
const ESTIMATE_AFTER = 5; // iterations timed before the run's whole time is extrapolated
const SAMPLE_POINTS = 1000; // estimate: the run is timed on this many of the points first
const SAMPLE_ITERATIONS = 20; // … for its set-up and this many iterations
const WARM_ITERATIONS = 5; // … after as many untimed ones
let data = null; // SpaceData
let active = null; // {request, handle, paused, cancelled, outDim, method, finish, fail}
let layoutNow = null; // {layout: Float32Array, outDim}
let loadError = null; // why the last load was refused
let rawPoints = null; // the loaded values, for the t-SNE/UMAP constructors (they take the array)

// The core is loaded (and its PCA warmed up, space-core.js) when the worker starts, while the page
// fetches the points it will send.
const corePromise = loadSpaceCore().then(warmUpPca);
corePromise.catch(() => {}); // a core that cannot load is reported by each request that awaits it
const withCore = (handler) => async (payload, request) => handler(await corePromise, payload ?? {}, request);

const handlers = {
  load(core, { points, n, d }) {
    stop();
    data?.delete();
    data = null;
    layoutNow = null;
    loadError = null;
    try {
      data = core.createSpaceData(points, n, d);
    } catch (error) {
      loadError = error.message; // the layout asked for next says this, not "nothing loaded"
      throw error;
    }
    rawPoints = points;
    return { n, d };
  },
  layout(core, { method, outDim }, request) {
    stop();
    if (!data) throw new Error(loadError ?? 'No points are loaded.');
    if (method === 'pca') {
      const started = performance.now();
      const fit = data.pca(Math.min(Math.max(outDim, 10), data.dimension()));
      const ms = performance.now() - started;
      const layout = firstColumns(fit.projected, fit.explainedVarianceRatio.length, outDim);
      layoutNow = { layout, outDim };
      request.frame({ layout, outDim, iteration: 1, total: 1, done: true, ms,
        pca: { explainedVariance: fit.explainedVariance, explainedVarianceRatio: fit.explainedVarianceRatio, totalVariance: fit.totalVariance } });
      return { done: true };
    }
    const factory = layoutFactory(core, method);
    const handle = factory.call(core, rawPoints, data.count(), data.dimension(), { outDim, seed: 0 });
    return new Promise((finish, fail) => {
      // started: the request's time; prepareMs: the first step (the exact neighbours and the graph
      // or affinities); stepMs and stepped: the time and number of the iterations after it
      const run = { request, handle, paused: false, cancelled: false, outDim, method, finish, fail,
        started: performance.now(), prepareMs: null, stepMs: 0, stepped: 0,
        threads: core.threads, threadsAllowed: core.threadsAllowed, threadsFailed: core.threadsFailed };
      active = run;
      request.onCancel(() => { if (active === run) stop(); });
      // The start is drawn at once; the exact neighbours (seconds for thousands of points) are found
      // by the first step, after this frame is on screen.
      layoutNow = { layout: handle.layout(), outDim };
      request.frame({ layout: layoutNow.layout, outDim, iteration: 0, total: handle.totalIterations(), done: false, preparing: true,
        threads: run.threads, threadsAllowed: run.threadsAllowed, threadsFailed: run.threadsFailed });
      setTimeout(() => stepLoop(run), 0);
    });
  },
  estimate(core, { method, outDim }) {
    if (!data) throw new Error(loadError ?? 'No points are loaded.');
    return estimateRun(core, method, outDim);
  },
  pause() { if (active) active.paused = true; },
  resume() {
    if (active?.paused) { active.paused = false; stepLoop(active); }
  },
  analogy(core, { a, b, c, k }) {
    return data.analogy(a, b, c, k);
  },
  neighbours(core, { query, k }) {
    const original = data.nearestByCosine(query, k);
    const inLayout = layoutNow ? data.nearestInLayout(layoutNow.layout, layoutNow.outDim, query, k) : [];
    return { query, original, inLayout };
  },
  senseTask(core) {
    return { sentences: core.senseSentences(), vocabulary: core.taskVocabulary() };
  },
  // glove: the GloVe rows of the task's words ({words, dim, data}); words, senses: each sentence's labels
  senseVectors(core, { glove, words, senses }) {
    const vectors = core.untrainedSenseVectors(glove, 1);
    const baseline = core.senseGrouping(vectors.contextMean, vectors.rows, vectors.contextCols, words, senses);
    return moved({ vectors, baseline }, [vectors.outputs.buffer, vectors.contextMean.buffer]);
  },
  report(core, { k, queries, dimensions, members, analogy, trustPoints, senses }) {
    const n = data.count();
    const out = { n, d: data.dimension(), found: members.length, queries: queries.length };
    const dims = dimensions.filter((m) => m <= data.dimension());
    out.survival = dims.length ? data.dimensionSurvival(dims, k, queries) : [];
    out.analogy = analogy ? data.differenceCosine(...analogy) : null;
    out.coordinates = members.length >= 2 ? data.coordinateSeparation(members, 20, 0) : null;
    if (layoutNow) {
      out.recall = data.knnRecall(layoutNow.layout, layoutNow.outDim, k, queries);
      const m = Math.min(n, trustPoints);
      out.trust = 2 * k < m ? { value: data.trustworthiness(layoutNow.layout, layoutNow.outDim, k, m), points: m } : null;
    }
    if (senses) { // contextual points: how their senses group, in the original space and on the screen
      out.senses = { n, d: data.dimension(), grouping: core.senseGrouping(rawPoints, n, data.dimension(), senses.words, senses.senses) };
      if (layoutNow) out.senses.layoutShare = core.layoutSameSense(layoutNow.layout, n, layoutNow.outDim, senses.words, senses.senses);
    }
    return out;
  },
};

serve(Object.fromEntries(Object.entries(handlers).map(([kind, handler]) => [kind, withCore(handler)])));

/** The core's constructor of a t-SNE or UMAP run, or the message that this build has none. */
function layoutFactory(core, method) {
  const factory = method === 'tsne' ? core.createTsneLayout : core.createUmapLayout;
  if (!factory) throw new Error(`${method === 'tsne' ? 't-SNE' : 'UMAP'} is not in this build of the core yet.`);
  return factory;
}

/**
 * A whole run's time on this machine, before it starts, so the page can ask first: the layout is
 * set up and stepped on the first SAMPLE_POINTS points (a tenth of a second or so), and the times
 * are scaled to all the points: the set-up as N², the iterations as below. A sample's
 * first iterations cost more than a long run's later ones, so the page says "up to about".
 */
function estimateRun(core, method, outDim) {
  const factory = layoutFactory(core, method);
  const n = data.count(), d = data.dimension();
  const m = Math.min(n, SAMPLE_POINTS);
  // the iterations of the whole run (UMAP's depend on N): asked of a layout of all the points
  const whole = factory.call(core, rawPoints, n, d, { outDim, seed: 0 });
  const total = whole.totalIterations();
  whole.delete();
  const sample = factory.call(core, rawPoints.subarray(0, m * d), m, d, { outDim, seed: 0 });
  try {
    let started = performance.now();
    sample.step(1); // the set-up: neighbours, affinities or graph
    const prepareMs = performance.now() - started;
    sample.step(WARM_ITERATIONS); // not timed: the first calls also compile the wasm's hot code
    started = performance.now();
    const before = sample.iteration();
    sample.step(SAMPLE_ITERATIONS);
    const iterationMs = (performance.now() - started) / Math.max(1, sample.iteration() - before);
    // The set-up is the exact neighbours, every pair: it grows as N². A t-SNE iteration grows as
    // N log N (the Barnes–Hut tree's depth), a UMAP epoch as N (its edges and negative samples).
    // Scaling all by N said 47 s for a 20,000-word t-SNE that took 77 s.
    const ratio = n / m;
    const iterationScale = method === 'tsne' && m > 1 ? ratio * (Math.log(n) / Math.log(m)) : ratio;
    return { ms: ratio * ratio * prepareMs + iterationScale * iterationMs * total, sample: m, n };
  } finally {
    sample.delete();
  }
}

/** The first `keep` of `cols` columns of a row-major N × cols array. */
function firstColumns(values, cols, keep) {
  const n = values.length / cols;
  const out = new Float32Array(n * keep);
  for (let i = 0; i < n; i++) for (let c = 0; c < keep; c++) out[i * keep + c] = values[i * cols + c];
  return out;
}

const PART_POINTS = 12; // the points named of each part apart from the largest

/** UMAP's graph parts: {count, largest, apart: [{size, points (the first PART_POINTS)}]}. */
function partsOf(parts) {
  const sizes = [], points = [];
  parts.forEach((p, i) => {
    sizes[p] = (sizes[p] ?? 0) + 1;
    if (p > 0 && (points[p] ??= []).length < PART_POINTS) points[p].push(i);
  });
  return { count: sizes.length, largest: sizes[0], apart: sizes.slice(1).map((size, i) => ({ size, points: points[i + 1] })) };
}

/** Stops the running layout; its request ends with {stopped: true} (the page has dropped it). */
function stop() {
  if (!active) return;
  const run = active;
  active = null;
  run.cancelled = true;
  run.handle.delete();
  run.finish({ stopped: true });
}

/**
 * Steps the run for about BATCH_MS, posts a frame, and yields so pause/cancel messages are read.
 * Called from timers: a refusal from the core ends the layout's request with that error.
 */
function stepLoop(run) {
  try {
    stepBatch(run);
  } catch (error) {
    if (active === run) {
      active = null;
      run.cancelled = true;
      run.handle.delete();
    }
    run.fail(error);
  }
}

function stepBatch(run) {
  if (run.cancelled || run.paused) return;
  let started = performance.now();
  if (run.prepareMs === null) { // the first step builds the graph: timed apart from the iterations
    run.handle.step(1);
    run.prepareMs = performance.now() - started;
    started = performance.now();
  }
  // One step() call per batch, as many iterations as fit in BATCH_MS at the rate so far: t-SNE
  // computes its KL on the last iteration of every call (a log per affinity, more than an
  // iteration's work at thousands of points), so several short calls per frame cost more in KLs
  // than in iterations (a 5,000-word run took 43 s with calls of 1, 2, 4… iterations; 16 s with one
  // call per frame and the cheaper KL of tsne.cpp).
  const before = run.handle.iteration();
  const perIteration = run.stepped > 0 ? run.stepMs / run.stepped : BATCH_MS;
  if (!run.handle.done()) run.handle.step(Math.max(1, Math.min(50, Math.floor(BATCH_MS / perIteration))));
  const now = performance.now();
  run.stepMs += now - started;
  run.stepped += run.handle.iteration() - before;
  const layout = run.handle.layout();
  layoutNow = { layout, outDim: run.outDim };
  const done = run.handle.done();
  const iteration = run.handle.iteration(), total = run.handle.totalIterations();
  const elapsedMs = now - run.started;
  const estimateMs = run.stepped >= ESTIMATE_AFTER ? elapsedMs + (run.stepMs / run.stepped) * (total - iteration) : undefined;
  run.request.frame({
    layout, outDim: run.outDim, iteration, total, done, elapsedMs, estimateMs, ms: done ? elapsedMs : undefined,
    threads: run.threads, threadsAllowed: run.threadsAllowed, threadsFailed: run.threadsFailed,
    kl: run.method === 'tsne' ? run.handle.klDivergence() : undefined,
    parts: done && run.method === 'umap' ? partsOf(run.handle.graphParts()) : undefined,
  });
  if (done) {
    run.handle.delete();
    if (active === run) active = null;
    run.finish({ done: true });
  } else setTimeout(() => stepLoop(run), 0);
}
