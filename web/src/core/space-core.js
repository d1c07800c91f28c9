// The embedding space's part of the core (wasm/CMakeLists.txt: attention_space: PCA, t-SNE, UMAP,
// neighbours, the grouping by sense), for workers/space-worker.js: it loads with that chapter.
import createAttentionSpaceModule from '../wasm/attention_space.js';
import { startCore } from './attention-core.js';
import { threadedSpaceModule } from './space-threads.js';

/**
 * Starts it (`{ wasmBinary }` in Node): on threads where the page may use them (space-threads.js),
 * as many as the machine has cores, up to the core's four; on one thread everywhere else, or
 * with `{ threads: 1 }`, or if the threaded part fails to start. The core's `threads` says
 * how many its layouts use, `threadsAllowed` whether more than one could be used here and
 * `threadsFailed` whether the threaded part was tried here and did not start.
 */
export async function loadSpaceCore({ threads, ...options } = {}) {
  const threaded = threads === 1 || options.wasmBinary ? null : await threadedSpaceModule();
  if (threaded) {
    try {
      const core = await startCore(threaded.factory, { ...options, ...threaded.options });
      const wanted = threads ?? globalThis.navigator?.hardwareConcurrency ?? 2;
      core.threads = core.module.setThreadCount(wanted);
      core.threadsAllowed = true;
      core.threadsFailed = false;
      return core;
    } catch {
      // shared memory refused after all (a browser setting): the one-thread part below
    }
  }
  const core = await startCore(createAttentionSpaceModule, options);
  core.threads = 1;
  core.threadsAllowed = Boolean(threaded);
  core.threadsFailed = Boolean(threaded);
  return core;
}

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
