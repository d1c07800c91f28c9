// The attention core in a Worker, for the calls that take longer than a frame (1024-wide
// vectors: a projection is a million numbers). It runs one call at a time, as asked by
// core/core-jobs.js, and answers with the result (its typed arrays moved, not copied).
//   in:  {id, method, options}        out: {id, result} | {id, error}
import { loadAttentionCore } from '../core/view-core.js';
import { CORE_JOB_METHODS } from '../core/core-jobs.js';

let corePromise;

self.onmessage = async ({ data: { id, method, options } }) => {
  corePromise ??= loadAttentionCore();
  try {
    if (!CORE_JOB_METHODS.includes(method)) throw new Error(`not a core job: ${method}`);
    const core = await corePromise;
    const result = core[method](options);
    self.postMessage({ id, result }, buffersOf(result));
  } catch (error) {
    self.postMessage({ id, error: error?.message ?? String(error) });
  }
};

/** Every typed array's buffer in a result, to move them to the page instead of copying. */
function buffersOf(value, found = new Set()) {
  if (ArrayBuffer.isView(value)) found.add(value.buffer);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) buffersOf(item, found);
  return [...found];
}
