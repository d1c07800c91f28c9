// The attention core in a Worker, for the calls that take longer than a frame (1024-wide
// vectors: a projection is a million numbers). Asked by core/core-jobs.js, one call per request
// (kind: the core method, payload: its options); the result's typed arrays are moved, not copied.
import { loadAttentionCore } from '../core/view-core.js';
import { CORE_JOB_METHODS } from '../core/core-jobs.js';
import { moved, serve } from './serve.js';

let corePromise;

const callCore = (method) => async (options) => {
  const core = await (corePromise ??= loadAttentionCore());
  return moved(core[method](options));
};

serve(Object.fromEntries(CORE_JOB_METHODS.map((method) => [method, callCore(method)])));
