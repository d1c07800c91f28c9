// The JavaScript face of the C++ core. It starts the WebAssembly module once and exposes
// plain functions: objects and typed arrays in, objects and typed arrays out. Every number
// returned was computed in C++; nothing here does arithmetic on them.
//
// In the browser:   const core = await loadAttentionCore();
// In Node (tests):  const core = await loadAttentionCore({ wasmBinary: readFileSync(wasmPath) });
import createAttentionCoreModule from '../wasm/attention_core.js';

/** A matrix as it crosses the boundary: row-major values with their shape. */
/** @typedef {{rows: number, cols: number, data: Float64Array}} Matrix */

export class AttentionCore {
  /** @param {object} wasmModule the instantiated embind module */
  constructor(wasmModule) {
    this.module = wasmModule;
    this.info = wasmModule.buildInfo();
  }

  /**
   * Everything the Q/K/V workbench shows for one sentence.
   * @param {{sentence?: string, source?: 'numpy'|'torch'|'onehot'|'pretrained', dModel?: number,
   *          dK?: number, dV?: number, embedSeed?: number, projSeed?: number, scale?: boolean,
   *          causal?: boolean, maxTokens?: number, tieWidths?: boolean, oov?: 'skip'|'zero'|'random',
   *          pretrained?: {name: string, words: string[], dim: number, data: Float32Array}}} options
   *   With 'onehot' and 'pretrained', d_model is the vectors' width (and d_k = d_v with tieWidths);
   *   `pretrained` holds the rows the sentence needs (see vectors/store.js).
   */
  workbench(options = {}) {
    return this.module.runWorkbench(options);
  }

  /**
   * The two-sentence experiment: one shared table and projections, raw and contextual cosines
   * of `target` ("bank") across the sentences and against raw words.
   * @param {object} options  workbench options plus {sentence2?: string, target?: string}
   */
  bankExperiment(options = {}) {
    return this.module.runBankExperiment(options);
  }

  /** Class 04: S = X Xᵀ, A = softmax_rows(S), Y = A X. */
  parameterFree(X, { causal = false } = {}) {
    return this.module.parameterFree(X, causal);
  }

  /** Class 05: Q/K/V projections, scores, attn_weights, Y = A V and Y_literal = A X. */
  projected(X, W_q, W_k, W_v, { scale = true, causal = false } = {}) {
    return this.module.projected(X, W_q, W_k, W_v, { scale, causal });
  }

  /** How attn_weights[i][j] was made from Q and K (dot, scale, softmax). */
  explainWeight(Q, K, i, j, { scale = true, causal = false } = {}) {
    return this.module.explainWeight(Q, K, i, j, { scale, causal });
  }

  /** Stable row softmax of a matrix. */
  softmaxRows(scores) {
    return this.module.softmaxRows(scores);
  }

  cosine(a, b) {
    return this.module.cosine(a, b);
  }

  dot(a, b) {
    return this.module.dot(a, b);
  }

  /**
   * A streaming parser for one word-vector file (GloVe/word2vec/fastText text, word2vec binary).
   * Feed it Uint8Array chunks with .feed(bytes), then .finish() and .result() ->
   * {summary, words, dim, data: Float32Array}. It holds wasm memory: the caller (the vectors
   * worker) must call .delete() when done, also after an error.
   * @param {{maxWords?: number, wanted?: string[], format?: 'auto'|'text'|'binary'}} options
   */
  vectorFileParser(options = {}) {
    return new this.module.VectorFileParser(options);
  }

  /**
   * Decodes the bundled int8 GloVe pack: value = code * scale of its vector.
   * @param {Int8Array} codes  count * dim codes
   * @param {Float32Array} scales  one per vector
   * @param {number} dim
   * @returns {Float32Array}
   */
  decodeInt8Vectors(codes, scales, dim) {
    return this.module.decodeInt8Vectors(codes, scales, dim);
  }

  tokenize(sentence, maxTokens = 64) {
    return this.module.tokenize(String(sentence), maxTokens);
  }
}

/**
 * Starts the core. `moduleOptions` go to the Emscripten factory: pass `{ wasmBinary }` in
 * Node, where the module cannot fetch its .wasm by URL.
 */
export async function loadAttentionCore(moduleOptions = {}) {
  if (typeof WebAssembly !== 'object') {
    throw new Error('This browser has no WebAssembly, which the page needs to compute.');
  }
  const wasmModule = await createAttentionCoreModule(moduleOptions);
  return new AttentionCore(wasmModule);
}

/** Value at (i, j) of a boundary matrix. */
export function matrixAt(matrix, i, j) {
  return matrix.data[i * matrix.cols + j];
}

/** Row i of a boundary matrix, as a view (no copy). */
export function matrixRow(matrix, i) {
  return matrix.data.subarray(i * matrix.cols, (i + 1) * matrix.cols);
}
