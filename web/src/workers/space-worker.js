// The embedding-space chapter's worker: holds the points in its own copy of the core and runs the
// layout and every measurement, so the page only draws. A layout streams frames: PCA is one
// frame; t-SNE and UMAP post their start at once, then step a few iterations at a time and post the
// layout after each batch, with pause and cancel read between batches.
//
// Every message carries the page's `run` number; the page drops answers to an older run, and a
// newer `load` or `run` here stops the current layout before starting, so no stale frame is sent.
//   in:  {type: 'load', run, points, n, d}        out: {type: 'loaded', run, n, d}
//        {type: 'layout', run, method, outDim}         {type: 'frame', run, layout, outDim, iteration, total, done, kl?, pca?, preparing?}
//        {type: 'pause' | 'resume' | 'cancel', run}    {type: 'cancelled', run}
//        {type: 'neighbours', run, ask, query, k}      {type: 'neighbours', run, ask, original, inLayout}
//        {type: 'report', run, ask, ..., senses?}      {type: 'report', run, ask, ..., senses?: {n, d, grouping, layoutShare?}}
//        {type: 'senseTask', run, ask}                 {type: 'senseTask', run, ask, sentences, vocabulary}
//        {type: 'senseVectors', run, ask, glove, words, senses}  {type: 'senseVectors', run, ask, vectors, baseline}
//          (the contextual vectors of ambiguous words from the untrained block, off the page's thread)
//        errors: {type: 'error', run, ask?, message}
import { loadSpaceCore } from '../core/space-core.js';

const BATCH_MS = 30; // one batch of iterations per frame or two: the layout moves smoothly
let corePromise;
let data = null; // SpaceData
let active = null; // {run, handle, paused, cancelled, layout, outDim}
let layoutNow = null; // {layout: Float32Array, outDim}
let loadError = null; // why the last load was refused
let rawPoints = null; // the loaded values, for the t-SNE/UMAP constructors (they take the array)

self.onmessage = async ({ data: message }) => {
  corePromise ??= loadSpaceCore();
  try {
    const core = await corePromise;
    handlers[message.type](core, message);
  } catch (error) {
    self.postMessage({ type: 'error', run: message.run, ask: message.ask, message: error?.message ?? String(error) });
  }
};

const handlers = {
  load(core, { run, points, n, d }) {
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
    self.postMessage({ type: 'loaded', run, n, d });
  },
  layout(core, { run, method, outDim }) {
    stop();
    if (!data) throw new Error(loadError ?? 'No points are loaded.');
    if (method === 'pca') {
      const started = performance.now();
      const fit = data.pca(Math.min(Math.max(outDim, 10), data.dimension()));
      const ms = performance.now() - started;
      const layout = firstColumns(fit.projected, fit.explainedVarianceRatio.length, outDim);
      layoutNow = { layout, outDim };
      self.postMessage({ type: 'frame', run, layout, outDim, iteration: 1, total: 1, done: true, ms,
        pca: { explainedVariance: fit.explainedVariance, explainedVarianceRatio: fit.explainedVarianceRatio, totalVariance: fit.totalVariance } });
      return;
    }
    const factory = method === 'tsne' ? core.createTsneLayout : core.createUmapLayout;
    if (!factory) throw new Error(`${method === 'tsne' ? 't-SNE' : 'UMAP'} is not in this build of the core yet.`);
    const handle = factory.call(core, rawPoints, data.count(), data.dimension(), { outDim, seed: 0 });
    active = { run, handle, paused: false, cancelled: false, outDim, method };
    // The start is drawn at once; the exact neighbours (seconds for thousands of points) are found
    // by the first step, after this frame is on screen.
    layoutNow = { layout: handle.layout(), outDim };
    self.postMessage({ type: 'frame', run, layout: layoutNow.layout, outDim, iteration: 0, total: handle.totalIterations(), done: false, preparing: true });
    const started = active;
    setTimeout(() => stepLoop(started), 0);
  },
  pause(core, { run }) { if (active?.run === run) active.paused = true; },
  resume(core, { run }) {
    if (active?.run === run && active.paused) { active.paused = false; stepLoop(active); }
  },
  cancel(core, { run }) {
    stop();
    self.postMessage({ type: 'cancelled', run });
  },
  neighbours(core, { run, ask, query, k }) {
    const original = data.nearestByCosine(query, k);
    const inLayout = layoutNow ? data.nearestInLayout(layoutNow.layout, layoutNow.outDim, query, k) : [];
    self.postMessage({ type: 'neighbours', run, ask, query, original, inLayout });
  },
  senseTask(core, { run, ask }) {
    self.postMessage({ type: 'senseTask', run, ask, sentences: core.senseSentences(), vocabulary: core.taskVocabulary() });
  },
  // glove: the GloVe rows of the task's words ({words, dim, data}); words, senses: each sentence's labels
  senseVectors(core, { run, ask, glove, words, senses }) {
    const vectors = core.untrainedSenseVectors(glove, 1);
    const baseline = core.senseGrouping(vectors.contextMean, vectors.rows, vectors.contextCols, words, senses);
    self.postMessage({ type: 'senseVectors', run, ask, vectors, baseline }, [vectors.outputs.buffer, vectors.contextMean.buffer]);
  },
  report(core, { run, ask, k, queries, dimensions, members, analogy, trustPoints, senses }) {
    const n = data.count();
    const out = { type: 'report', run, ask, n, d: data.dimension(), found: members.length, queries: queries.length };
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
    self.postMessage(out);
  },
};

/** The first `keep` of `cols` columns of a row-major N × cols array. */
function firstColumns(values, cols, keep) {
  const n = values.length / cols;
  const out = new Float32Array(n * keep);
  for (let i = 0; i < n; i++) for (let c = 0; c < keep; c++) out[i * keep + c] = values[i * cols + c];
  return out;
}

function stop() {
  if (!active) return;
  active.cancelled = true;
  active.handle.delete();
  active = null;
}

/**
 * Steps the run for about BATCH_MS, posts a frame, and yields so pause/cancel messages are read.
 * Called from timers, outside onmessage's catch: a refusal from the core is reported here.
 */
function stepLoop(run) {
  try {
    stepBatch(run);
  } catch (error) {
    if (active === run) stop();
    self.postMessage({ type: 'error', run: run.run, message: error?.message ?? String(error) });
  }
}

function stepBatch(run) {
  if (run.cancelled || run.paused) return;
  const started = performance.now();
  let step = 1;
  while (!run.handle.done() && performance.now() - started < BATCH_MS) {
    run.handle.step(step);
    step = Math.min(step * 2, 50);
  }
  const layout = run.handle.layout();
  layoutNow = { layout, outDim: run.outDim };
  const done = run.handle.done();
  self.postMessage({
    type: 'frame', run: run.run, layout, outDim: run.outDim, iteration: run.handle.iteration(),
    total: run.handle.totalIterations(), done, kl: run.method === 'tsne' ? run.handle.klDivergence() : undefined,
  });
  if (done) {
    run.handle.delete();
    if (active === run) active = null;
  } else setTimeout(() => stepLoop(run), 0);
}
