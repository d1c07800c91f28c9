// The part of the core with the contextual vectors of ambiguous words (wasm/CMakeLists.txt:
// attention_senses), for the embedding-space chapter's main thread; loaded with that chapter
// (views/space-sources.js imports this file when it first needs it). The one-file page swaps it
// for senses-core-none.js.
import createAttentionSensesModule from '../wasm/attention_senses.js';
import { startCore } from './attention-core.js';

/** Starts it (`{ wasmBinary }` in Node). */
export const loadSensesCore = (options = {}) => startCore(createAttentionSensesModule, options);
