// The embedding space's part of the core (wasm/CMakeLists.txt: attention_space: PCA, t-SNE, UMAP,
// neighbours, the grouping by sense), for workers/space-worker.js: it loads with that chapter.
import createAttentionSpaceModule from '../wasm/attention_space.js';
import { startCore } from './attention-core.js';

/** Starts it (`{ wasmBinary }` in Node). */
export const loadSpaceCore = (options = {}) => startCore(createAttentionSpaceModule, options);

/**
 * Runs the PCA once on 200 stand-in points of 100 values, and drops the answer. V8 runs a wasm
 * function in its baseline code until it has run for a while, and a call already running is never
 * moved to the optimised code: the first PCA of 20,000 GloVe words took 136-160 ms in Node against
 * 57-62 ms for the next ones. After this small call (10-25 ms, in the worker, while the page
 * fetches the points) the first real one takes 56-84 ms. The points need not be real: only the
 * code runs. Never throws; returns the core.
 */
export function warmUpPca(core) {
  const n = 200, d = 100;
  const points = Float32Array.from({ length: n * d }, (_, i) => ((i * 7919) % 997) / 997 - 0.5);
  try {
    const data = core.createSpaceData(points, n, d);
    try {
      data.pca(10);
    } finally {
      data.delete();
    }
  } catch {
    // only a warm-up: a real call reports its own error
  }
  return core;
}
