// Every view's part of the core (wasm/CMakeLists.txt: attention_core): the lessons, the
// workbench, tokens, vector files. The page's main thread, core-worker and vectors-worker load it.
import createAttentionCoreModule from '../wasm/attention_core.js';
import { WASM_URL } from './wasm-url.js';
import { startCore } from './attention-core.js';

/**
 * Starts it: `{ wasmBinary }` in Node; `{ onProgress(received, total) }` on the page, which shows
 * the download (the one-file build has no URL: its wasm is inside the script).
 */
export const loadAttentionCore = (options = {}) => startCore(createAttentionCoreModule, { wasmUrl: WASM_URL, ...options });
