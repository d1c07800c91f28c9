// The trained encoder's part of the core (wasm/CMakeLists.txt: attention_encoder), for
// workers/encoder-worker.js: it loads with the trained-encoder chapter.
import createAttentionEncoderModule from '../wasm/attention_encoder.js';
import { startCore } from './attention-core.js';

/** Starts it (`{ wasmBinary }` in Node). */
export const loadEncoderCore = (options = {}) => startCore(createAttentionEncoderModule, options);
