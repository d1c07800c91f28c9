// The trainer's part of the core (wasm/CMakeLists.txt: attention_train), for
// workers/train-worker.js: it loads with the training chapter.
import createAttentionTrainModule from '../wasm/attention_train.js';
import { startCore } from './attention-core.js';

/** Starts it (`{ wasmBinary }` in Node). */
export const loadTrainCore = (options = {}) => startCore(createAttentionTrainModule, options);
