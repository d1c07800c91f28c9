// The embedding space's part of the core (wasm/CMakeLists.txt: attention_space: PCA, t-SNE, UMAP,
// neighbours, the grouping by sense), for workers/space-worker.js: it loads with that chapter.
import createAttentionSpaceModule from '../wasm/attention_space.js';
import { startCore } from './attention-core.js';

/** Starts it (`{ wasmBinary }` in Node). */
export const loadSpaceCore = (options = {}) => startCore(createAttentionSpaceModule, options);
