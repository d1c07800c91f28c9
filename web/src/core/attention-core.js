// The JavaScript face of the C++ core. It starts the WebAssembly module once and exposes
// plain functions: objects and typed arrays in, objects and typed arrays out. Every number
// returned was computed in C++; nothing here does arithmetic on them.
//
// The core comes in parts, one wasm module each (wasm/CMakeLists.txt), so that a chapter's code
// loads with that chapter; each part has its loader file beside this one, which imports that
// part's Emscripten glue: view-core.js (every view: the main thread, core-worker, vectors-worker),
// encoder-core.js, space-core.js, train-core.js. This file imports none of them.
//
// In the browser:   const core = await loadAttentionCore();   (from view-core.js)
// In Node (tests):  const core = await loadAttentionCore({ wasmBinary: readFileSync(wasmPath) });
import { SpaceData } from './space-data.js';

/** A matrix as it crosses the boundary: row-major values with their shape. */
/** @typedef {{rows: number, cols: number, data: Float64Array}} Matrix */

/**
 * A core call's answer, or its error thrown here: a call that fails in C++ returns
 * {awCoreError: message} (wasm/convert.hpp, guarded), because throwing across the boundary leaks.
 */
export function checked(result) {
  if (result !== null && typeof result === 'object' && typeof result.awCoreError === 'string') {
    throw new Error(result.awCoreError);
  }
  return result;
}

// embind classes (EncoderModel, VectorFileParser, ...) are functions whose prototype has delete()
const isEmbindClass = (value) => typeof value === 'function' && typeof value.prototype?.delete === 'function';

/** An instance of an embind class whose every method's answer goes through checked(). */
function checkedInstance(instance) {
  const methods = new Map();
  return new Proxy(instance, {
    get(target, key) {
      const value = Reflect.get(target, key);
      if (typeof value !== 'function') return value;
      if (!methods.has(key)) methods.set(key, (...args) => checked(value.apply(target, args)));
      return methods.get(key);
    },
  });
}

/**
 * The embind module as the rest of the page uses it: every function's and every class method's
 * answer goes through checked(), so a core error is thrown in JavaScript as an Error.
 */
export function checkedModule(raw) {
  const wrapped = new Map();
  return new Proxy(raw, {
    get(target, key) {
      const value = Reflect.get(target, key);
      if (value === undefined && isBindingName(key)) return elsewhere(key);
      if (typeof value !== 'function') return value;
      if (!wrapped.has(key)) {
        wrapped.set(key, isEmbindClass(value)
          ? new Proxy(value, { construct: (Class, args) => checkedInstance(new Class(...args)) })
          : (...args) => checked(value.apply(target, args)));
      }
      return wrapped.get(key);
    },
  });
}

// Names a caller may probe on any object (awaiting, printing): never a binding.
const PROBED = new Set(['then', 'toJSON', 'asymmetricMatch', 'nodeType', 'constructor', 'inspect']);
const isBindingName = (key) => typeof key === 'string' && /^[A-Za-z]\w*$/.test(key) && !PROBED.has(key);

/**
 * What a binding of another part of the core (wasm/CMakeLists.txt) is in this one: a function
 * (also called with `new`) that throws saying so, rather than "undefined is not a function".
 */
function elsewhere(name) {
  return function notInThisPart() {
    throw new Error(`${name} is not in this part of the core: load the part that has it (wasm/CMakeLists.txt lists them).`);
  };
}

/** A run made by a core constructor, or its refusal thrown (the run's configError()) and freed. */
function madeOrThrown(handle) {
  try {
    handle.configError();
  } catch (error) {
    handle.delete();
    throw error;
  }
  return handle;
}

export class AttentionCore {
  /** @param {object} wasmModule the instantiated embind module */
  constructor(wasmModule) {
    this.module = checkedModule(wasmModule);
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
   *   Mixing controls (issue 16; off by default): freeScale (parameter-free form divides X Xᵀ by
   *   √d_model), unitRows (each row of X scaled to length 1), tableScale (each row of X times this
   *   number, in (0, 100]). The report's paramFreeMixing and projectedMixing give, per row, the
   *   self weight a_ii, the strongest other key with its score and weight, logOdds =
   *   ln(a_ii / a_ij), weightElsewhere = 1 − a_ii, effectiveTokens = exp(entropy) and topKey.
   */
  workbench(options = {}) {
    return this.module.runWorkbench(options);
  }

  /**
   * The two-sentence experiment: one shared table and projections, raw and contextual cosines
   * of `target` ("bank") across the sentences and against raw words: contextualVsRawWords for
   * sentence 1's contextual target, contextualVsRawWordsSecond for sentence 2's. A cosine that
   * cannot be computed has value null and whyUndefined naming the missing word and sentence.
   * With `control` (a third sentence, the target in the same sense as in sentence 1): control,
   * targetIndexControl, controlCosines and `separation` ({sameSense, differentSense, margin,
   * requiredMargin, verdict}, core/math/sense_control.hpp).
   * @param {object} options  workbench options plus {sentence2?: string, target?: string, control?: string}
   */
  bankExperiment(options = {}) {
    return this.module.runBankExperiment(options);
  }

  /**
   * Kinds of attention beside self-attention (issue 16), for sentence A (`sentence`) and B
   * (`sentence2`) with one shared table and projections: `a`, `b` (each sentence's workbench
   * report), `cross` (queries from A, keys and values from B: scores (n_A, n_B)), `mha`
   * (nn.MultiheadAttention's `self` = mha(X_A, X_A, X_A) and `cross` = mha(X_A, X_B, X_B), with
   * keyValueError for mha(X_A, X_B, X_A)), `batch` (padded (2, nMax, nMax)), `concat` (one
   * sequence without and with the block mask, crossSharePlain/crossShareMasked per row and the
   * max differences from the batch), `uniform` (every weight 1/n), `minMax` (row min–max of A's
   * scores) and `transpose` (the core's error for Q·K, or the product when n_A = d_k).
   * @param {object} options  workbench options plus {sentence2?: string}
   */
  attentionKinds(options = {}) {
    return this.module.runAttentionKinds(options);
  }

  /**
   * The Q/K/V chapter in one call, each of its two sentences computed once
   * (core/lessons/qkv_chapter.hpp): {report (sentence A's workbench), experiment (the bank
   * experiment on A and B, or null when B has no words), experimentError, kinds (the other kinds
   * of attention, or null), kindsError}. experiment.first is `report` itself, and so is kinds.a
   * when there is no mask to drop. softLookup: per query row of `report`, the exact lookup
   * against the soft one (core/math/soft_lookup.hpp): {query, hardKey (largest weight), tiedKeys,
   * topShare, hard (V[hardKey]), soft (Y[query]), distance, relativeDistance, cosine (null for a
   * zero vector), factors, sharpTopShare, sharpRelativeDistance (the scores times each factor)}.
   * @param {object} options  workbench options plus {sentence2?: string, target?: string}
   */
  qkvChapter(options = {}) {
    return this.module.runQkvChapter(options);
  }

  /** How many sentences this core has computed since it started (tests read it: one per sentence per edit). */
  sentencesComputed() {
    return this.module.sentencesComputed();
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

  /**
   * A matrix's values taken together: {count, mean, std (population, as np.std), min, max,
   * binEdges, binCounts (as np.histogram with `bins` equal bins)}.
   */
  valueSummary(matrix, bins = 12) {
    return this.module.valueSummary(matrix, bins);
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
   * {summary, words, dim, data: Float32Array}; .wordsText() gives the words kept so far as one
   * string, a word per line (splitWords() in vectors/read-file.js). With handOver: true, .takeValues() after each
   * piece returns the rows read since the last call as a view of wasm memory: copy it before
   * calling anything else (another call may free or move that memory). It holds wasm memory: the
   * caller (the vectors worker) must call .delete() when done, also after an error.
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

  // ---- the whiteboard flow (core/flow.hpp, core/observations.hpp) ----------------------
  // Each takes the workbench options (sentence, source, widths, seeds, scale, causal) plus
  // {positional?: boolean, window?: number (radius, -1 = off), form?: 'free'|'qkv'}.

  /**
   * Every number of one base token's flow: scores, row max, exp terms and their sum, the
   * coefficients, each scaled vector, the running partial sums and y_i (with row i of the core's
   * Y beside it).
   * @param {object} options  workbench options plus {form?: 'free'|'qkv', base?: number,
   *                          positional?: boolean, window?: number}
   */
  flow(options = {}) {
    return this.module.runFlow(options);
  }

  /**
   * The flow chapter in one call, its sentence computed once (core/lessons/flow_chapter.hpp):
   * {flow (as flow()), shuffle, distance (null with one token), length, training (observation d,
   * the chosen form), trainingQkv (the Class 05 roles), heads (the count used), headsSketch (null
   * when d_k or d_v differs from d_model), headsError, linearity (core/lessons/linearity.hpp:
   * {checks: [{name, maxDifference, relative}] for projection_sum, projection_double,
   * scores_double, softmax_double, mix_sum, output_double, output_sum; weightsRowSumDouble,
   * tokens, reversedDiffers}), parallel (core/lessons/parallel_rows.hpp: each output row computed
   * alone, {rows: [{row, y, maxDifference, identical}], maxDifference, maxRelative, identicalRows, stages:
   * [{name, needs, numbersRead}], base, other, otherInputEffect, otherMasked})}.
   * @param {object} options  flow options plus {shuffleSeed?: number, other?: number (the word
   *   observation b moves; else the last token), heads?: number (else 4, or the largest divisor)}
   */
  flowChapter(options = {}) {
    return this.module.runFlowChapter(options);
  }

  /**
   * Observation (a): shuffle the tokens and compare the outputs with the permuted originals,
   * with and without positional encoding.
   * @param {object} options  flow options plus {permutation?: number[], shuffleSeed?: number}
   */
  shuffleExperiment(options = {}) {
    return this.module.shuffleExperiment(options);
  }

  /**
   * Observation (b): move token `other` to every position and read the score and weight from
   * token `base` to it.
   * @param {object} options  flow options plus {base: number, other: number}
   */
  distanceExperiment(options = {}) {
    return this.module.distanceExperiment(options);
  }

  /** Observation (c): shapes and row sums for the sentence's first 1, 2, ..., n tokens. */
  lengthExperiment(options = {}) {
    return this.module.lengthExperiment(options);
  }

  /** Observation (d): every matrix with its role (parameter, input, computed) and whether trained. */
  trainingReport(options = {}) {
    return this.module.trainingReport(options);
  }

  /**
   * The parallel-heads sketch: the projections split into `heads` column slices, one attention
   * per slice (÷ √head_dim), the base token's weights and output per head, and the concatenation
   * (no output projection). Needs d_k = d_v = d_model.
   * @param {object} options  workbench options plus {heads?: number (default 4), base?: number}
   */
  headsSketch(options = {}) {
    return this.module.headsSketch(options);
  }

  /** Sinusoidal positional encoding (tokens, d), as in "Attention Is All You Need". */
  positionalEncoding(tokens, d) {
    return this.module.positionalEncoding(tokens, d);
  }

  // ---- syllabus chapters (1-4, 8) --------------------------------------------------------

  /**
   * The dot-product chapter: a and b compared. Returns {a, b, products, dot, normA, normB, cosine|null,
   * angleDegrees|null, whyUndefined, aIsUnit, bIsUnit, dotEqualsCosine, unitA|null, unitB|null,
   * dotWith2b, cosineWith2b|null, unitTolerance}. Throws an Error for mismatched lengths or
   * non-finite values.
   * @param {ArrayLike<number>} a
   * @param {ArrayLike<number>} b
   */
  compareVectors(a, b) {
    return this.module.compareVectors(Array.from(a), Array.from(b));
  }

  /**
   * Reads a vector typed by the learner ("1, -2.5, 3"); throws an Error naming `name` when
   * the text is not a list of finite numbers.
   * @returns {Float64Array}
   */
  parseVector(textValue, name = 'vector') {
    return this.module.parseVector(String(textValue), String(name));
  }

  /**
   * The local-context chapter: which positions a sliding window around each centre word reaches, against
   * all-to-all attention. Returns {tokens, notices, radius, windowPositions, centre,
   * reach: number[][] (positions other than the centre), covers: Matrix (1 = inside the window,
   * centre included), attention: Matrix (all ones), targetIndex (-1 if absent), distance,
   * windowReachesTarget, radiusNeeded|null (null: this direction never reaches it),
   * attentionReachesTarget}.
   * @param {{sentence?: string, radius?: number, direction?: 'both'|'left'|'right',
   *          centre?: number, target?: string, maxTokens?: number}} options
   */
  localWindow(options = {}) {
    return this.module.localWindow(options);
  }

  /**
   * The reweighting chapter: a noisy sine drawn with NumPy's default_rng(seed) and its exponential smoothing
   * s_t = β x_t + (1 − β) s_{t−1} (s_0 = x_0). Returns Float64Arrays {t, signal, x, s,
   * lastWeights} (lastWeights[j]: how much x_j counts in the last s) and numbers {beta,
   * previousShare (1 − β), weightSum, mseNoisy, mseSmoothed, languageLag, weightAtLanguageLag, weightNow}.
   * @param {{seed?: number, length?: number, period?: number, noise?: number, beta?: number}} options
   */
  smoothing(options = {}) {
    return this.module.runSmoothing(options);
  }

  /**
   * The IDs-to-vectors chapter: a corpus (one document per line) as token IDs, one-hot rows, bag-of-words
   * counts and TF-IDF with scikit-learn's TfidfVectorizer defaults, words split by tokenize().
   * Returns {documents (tokens per document), notices, vocabulary (sorted), firstAppearance,
   * ids, focus, oneHot, oneHotGram, counts, documentFrequency, idf, tfidf, tfidfCosine
   * (Matrices / arrays), sameCounts ([a, b] document pairs with equal counts), idASorted,
   * idBSorted, idAFirst, idBFirst, gapSorted, gapFirst, oneHotDotAB, oneHotCosineAB (null when
   * a word is missing)}.
   * @param {{corpus?: string, focus?: number, wordA?: string, wordB?: string}} options
   */
  analyseCorpus(options = {}) {
    return this.module.analyseCorpus(options);
  }

  /**
   * The IDs-to-vectors chapter, "how word vectors are learned": what CBOW, skip-gram, GloVe, fastText
   * and ELMo read as the context of `word` in the corpus (core/lessons/word_contexts.hpp). Returns
   * {word (its key), window, ngram, vocabulary (sorted), occurrences, cbow: [{document, position,
   * context: string[], target}], skipgram: [{document, position, target, context, offset}],
   * cooccurrenceCounts, cooccurrenceWeighted (Float64Array per vocabulary word; GloVe's 1/distance),
   * bracketed ("<word>"), charNgrams, elmo: [{document, position, left, right}], distinctContexts}.
   * Throws an Error for a word not in the corpus, a window outside 1–10 or n outside 1–6.
   * @param {{corpus?: string, word?: string, window?: number, ngram?: number}} options
   */
  wordContexts(options = {}) {
    return this.module.wordContexts(options);
  }

  /**
   * The local-context chapter, "I am going to London": the word each question (who, where, when)
   * needs, found by a stated rule, and the workbench's attn_weights row of token `centre`
   * (core/lessons/context_questions.hpp). Returns {tokens, notices, centre, attentionRow
   * (Float64Array), rowSum, questions: [{question, needs, answer: number[], cue, weight}],
   * answeredWeight (the row's weight on every answering word, each once),
   * sourceName, dModel, dK, pairs: {oneProduct, pairByPair (Q Kᵀ both ways), maxDifference,
   * dotProducts, macs}}.
   * @param {object} options  workbench options plus {centre?: number}
   */
  contextQuestions(options = {}) {
    return this.module.contextQuestions(options);
  }

  /**
   * The local-context chapter, other data as tokens: an image in patches, a sound in frames, and the
   * size of their attention (core/lessons/modality_tokens.hpp). Returns {counts: [{name ('text',
   * 'image', 'audio'), tokens, perToken, leftOver, pairs (T²), scoreMacs, weightedMacs (T²·d),
   * projectionMacs (3·T·d²), recurrentSteps (T)}], patchesDown, patchesAcross, frameSamples,
   * hopSamples, audioSamples, width}. Throws an Error for a patch larger than the image, a frame
   * longer than the sound, or a zero size.
   * @param {{imageHeight?, imageWidth?, patch?, channels?, audioSeconds?, sampleRate?, frameMs?,
   *          hopMs?, textTokens?, width?: number}} options
   */
  modalityTokens(options = {}) {
    return this.module.modalityTokens(options);
  }

  /**
   * The IDs-to-vectors chapter: the shape of every representation for a vocabulary size, a sequence length and
   * an embedding width. Returns [{name, shape: number[], axes, values}].
   */
  representationShapes(vocabularySize, sequenceLength, width) {
    return this.module.representationShapes(vocabularySize, sequenceLength, width);
  }

  /**
   * The multi-head chapter: nn.MultiheadAttention (bias=False, batch_first, torch 1.13 slow path) from the
   * PyTorch notebook's stream, on two sentences. Returns {notices, dModel, heads, headDim,
   * divisors (valid head counts), featureLabels ("h<head>·<i>" per feature), vocab, in_proj_weight, out_proj_weight, W_q, W_k, W_v,
   * sentences: [{tokens, X, Q, K, V, heads: [{Q, K, V, attn_weights, output}], concat, Y_mha,
   * attn_weights_mha, handWritten: {attn_weights, Y}, oneHead: {attn_weights, concat, Y_mha},
   * oneHeadMatched, diffHandVsOneHead, diffHandVsMatched, diffOneHeadBeforeOutProj}] (two),
   * batchable (equal lengths), batchShapes: [{name, dims, axes}], wrongTranspose|null,
   * paramsInProj, paramsOutProj}. Throws an Error when heads does not divide dModel.
   * @param {{sentence1?: string, sentence2?: string, dModel?: number, heads?: number,
   *          seed?: number, maxTokens?: number}} options
   */
  headsLab(options = {}) {
    return this.module.runHeadsLab(options);
  }

  /**
   * The training chapter: each parameter now against the same one before (step 0, or before an
   * evaluation). `now`, `before`: [{name, rows, cols, data}] in the same order. Returns
   * {parameters: [{name, difference (now − before), changed (entries that differ), count, maxAbs}],
   * changed, count (every parameter number)}.
   */
  parameterChanges(now, before) {
    return this.module.parameterChanges(now, before);
  }

  /**
   * The training chapter's bank question: the word's contextual row (Y = softmax(Q Kᵀ/√d_k) V)
   * in three sentences, `first`, `otherSense` and `sameSense` (each {X, target}), through the
   * `initial` and the `trained` projections ({W_q, W_k, W_v}); each judged against the control
   * as the trained chapter does. Returns {raw, initial, trained}, each {sameSense,
   * differentSense, margin, requiredMargin, verdict}.
   */
  trainedSenseCheck(options) {
    return this.module.trainedSenseCheck(options);
  }

  /** The multi-head chapter: the valid head counts for a width, every divisor of `dModel` in order. */
  divisorsOf(dModel) {
    return this.module.divisorsOf(dModel);
  }

  /**
   * Issue 18: a training run of one attention block + task head on the sense task (core/train/).
   * The caller owns it: call `.delete()` when done. Throws an Error for a bad configuration.
   * @param {{inputs?: 'random'|'glove', trainableEmbeddings?: boolean, dModel?: number, dK?: number,
   *          seed?: number, optimizer?: 'sgd'|'adam', learningRate?: number, batchSize?: number,
   *          trainSet?: 'full'|'eight', glove?: {words: string[], dim: number, data: Float32Array,
   *          index?: Map<string, number>}}} config  glove: the page's GloVe table (vectors/store.js)
   * @returns {Trainer}
   */
  createTrainer(config = {}) {
    const { glove, ...options } = config;
    if (options.inputs === 'glove') options.gloveRows = taskRowsOf(glove, this.module.trainingVocabulary());
    const handle = new this.module.TrainerHandle(options);
    try {
      handle.configError(); // throws the core's message for a refused configuration
    } catch (error) {
      handle.delete();
      throw error;
    }
    return new Trainer(handle);
  }

  /**
   * Decodes the trained encoder's pack once and keeps the model in the core's memory, for every
   * request that follows (the free functions below decode the 7 MB pack on each call). The caller
   * owns it: call `.delete()` when done. Throws on a damaged pack.
   * `products`: how the dense layers multiply: 'int8' (the default: int8 weights and int16
   * activations through widening integer dot products, the faster; its kernels are never decoded
   * to float) or 'float' (float SIMD kernels, as the per-call functions below). bench/encoder.mjs
   * measures both.
   * @param {Uint8Array} pack
   * @param {{products?: 'int8'|'float'}} [options]
   * @returns {EncoderModel}
   */
  createEncoderModel(pack, { products = 'int8' } = {}) {
    const handle = new this.module.EncoderModel();
    try {
      handle.load(pack, products);
    } catch (error) {
      handle.delete();
      throw error;
    }
    return new EncoderModel(handle);
  }

  /**
   * A t-SNE run resident in the core's memory: the affinities are built here (throws a readable
   * Error for bad input), then `.step(k)` runs up to k more iterations and `.layout()` copies the
   * layout out (Float32Array, n * outDim, row-major). The caller owns it: `.delete()` when done.
   * @param {Float32Array} points  n * d values, one row per point
   * @param {number} n
   * @param {number} d
   * @param {{outDim?: 2|3, perplexity?: number, iterations?: number, exaggerationIterations?: number,
   *   earlyExaggeration?: number, learningRate?: number, theta?: number, seed?: number, init?: 'pca'|'random',
   *   initialLayout?: Float32Array}} [options]  initialLayout: n * outDim values, the start instead of init.
   *   Ranges (core/space/tsne.hpp; outside them the core's Error names the option): perplexity 1 to 100 and
   *   below n, earlyExaggeration 1 to 100, learningRate 0 (auto) or 1 to 100,000, theta 0 to 1, iterations
   *   and exaggerationIterations 0 to 10,000.
   * @returns {SpaceLayout}
   */
  createTsneLayout(points, n, d, options = {}) {
    return new SpaceLayout(madeOrThrown(new this.module.TsneLayout(points, n, d, options)));
  }

  /**
   * A UMAP run resident in the core's memory: the fuzzy k-NN graph is built here (throws a
   * readable Error for bad input), then `.step(k)` runs up to k more epochs. Same object as
   * createTsneLayout's, without a KL divergence. The caller owns it: `.delete()` when done.
   * @param {Float32Array} points  n * d values, one row per point
   * @param {number} n
   * @param {number} d
   * @param {{outDim?: 2|3, nNeighbors?: number, minDist?: number, epochs?: number, seed?: number, init?: 'pca'|'random'}} [options]
   *   Ranges (core/space/umap.hpp): nNeighbors 2 to 100 and below n, minDist 0 to 1, epochs 0 (auto) or 1 to 10,000.
   * @returns {SpaceLayout}
   */
  createUmapLayout(points, n, d, options = {}) {
    return new SpaceLayout(madeOrThrown(new this.module.UmapLayout(points, n, d, options)));
  }

  /**
   * The trained encoder (Universal Sentence Encoder Lite) on one sentence: subword tokens,
   * static token vectors, per layer and head Q, K, V and attn_weights, each layer's token
   * vectors, and the 512-d sentence vector. `pack` is the bytes of models/use-lite-int8.bin
   * (see loadEncoderPack). The text is NFKC-normalised here, as the model's tokenizer expects.
   * @param {Uint8Array} pack
   * @param {string} text
   */
  encodeSentence(pack, text) {
    return this.module.encodeSentence(pack, String(text).normalize('NFKC'));
  }

  /**
   * The trained encoder's 512-d sentence vectors for many texts, decoding the pack once:
   * a {rows: texts.length, cols: 512, data} matrix, one unit-length row per text.
   * @param {Uint8Array} pack
   * @param {string[]} texts
   */
  sentenceVectors(pack, texts) {
    return this.module.sentenceVectors(pack, Array.from(texts, (t) => String(t).normalize('NFKC')));
  }

  /**
   * The two-sentence "bank" comparison with the trained encoder: static and per-layer
   * contextual cosines of `target`, the sentence cosine, and for each layer and head the keys
   * the target attends to most (focusFirst / focusSecond). With `control` (the target in the
   * same sense as in `sentence`): control, targetControl, controlStaticCosine,
   * controlContextualCosine, controlSentenceCosine, and `separation` ({sameSense,
   * differentSense, margin, requiredMargin, verdict}) after the last layer.
   * @param {Uint8Array} pack
   * @param {{sentence?: string, sentence2?: string, target?: string, control?: string}} options
   */
  compareTrained(pack, { sentence, sentence2, target, control } = {}) {
    const nfkc = (s) => (s === undefined ? undefined : String(s).normalize('NFKC'));
    return this.module.compareTrained(pack, { sentence: nfkc(sentence), sentence2: nfkc(sentence2), target: nfkc(target), control: nfkc(control) });
  }

  /**
   * Points for the embedding-space chapter, held in the core (see space-data.js). `points` is a
   * row-major Float32Array of n × d. Throws the core's message for bad data (NaN, a zero vector).
   * @returns {SpaceData}
   */
  createSpaceData(points, n, d) {
    const handle = new this.module.SpaceData();
    try {
      handle.load(points, n, d);
    } catch (error) {
      handle.delete();
      throw error;
    }
    return new SpaceData(handle);
  }

  /** The training task's words, in the order of a trainer's embedding rows. */
  taskVocabulary() {
    return this.module.trainingVocabulary();
  }

  /** np.random.default_rng(seed).normal(size=(n, d)) as a row-major Float32Array. */
  randomTable(n, d, seed = 0) {
    return this.module.spaceRandomTable(n, d, seed);
  }

  /**
   * The training task's sentences (core/train/sentences.tsv), training first:
   * [{sentence, word, sense, target (word position), split}].
   */
  senseSentences() {
    return this.module.spaceSenseSentences();
  }

  /**
   * The ambiguous word's output row Y in every task sentence, from the class's untrained block on
   * GloVe (the bank chapter's GloVe set-up: NumPy projections from default_rng(projSeed), d_k =
   * d_v = 100, ÷√d_k), each sentence on its own; and the mean of the other words' GloVe rows:
   * {rows, cols, outputs: Float32Array, contextMean: Float32Array, contextCols}, and how the word's
   * attention row mixes: topWeight (Float64Array, its largest weight per sentence), topWord (that
   * key's word), rowsOver90 (rows giving more than 0.9 to one key), medianTopWeight,
   * commonTopWord / commonTopCount (the word most often taking the largest weight).
   * @param {{name?: string, words: string[], dim: number, data: Float32Array, index?: Map}} glove
   */
  untrainedSenseVectors(glove, projSeed = 1) {
    return this.module.spaceUntrainedSenseVectors(taskRowsOf(glove, this.module.trainingVocabulary()), projSeed);
  }

  /**
   * How labelled rows group by sense: {words: [{word, within, across, gap, withinPairs,
   * acrossPairs}], meanGap, neighbourSameSense, neighbourChance} (mean cosines within and across
   * a word's senses; the share of rows whose nearest row of the same word has the same sense).
   */
  senseGrouping(points, n, d, words, senses) {
    return this.module.spaceSenseGrouping(points, n, d, Array.from(words), Array.from(senses));
  }

  /** The same neighbour share in a layout (Float32Array n × dim), by distance. */
  layoutSameSense(layout, n, dim, words, senses) {
    return this.module.spaceLayoutSameSense(layout, n, dim, Array.from(words), Array.from(senses));
  }
}

const nfkc = (text) => String(text).normalize('NFKC');
const nfkcOrUndefined = (text) => (text === undefined ? undefined : nfkc(text));

/**
 * A decoded trained encoder resident in the core's memory (made by createEncoderModel). The same
 * answers as AttentionCore's encodeSentence / sentenceVectors / compareTrained, without decoding
 * the pack each time. Free it with `.delete()`; a deleted model refuses further calls.
 */
export class EncoderModel {
  constructor(handle) {
    this.handle = handle;
  }

  #live() {
    if (!this.handle) throw new Error('This trained model was deleted.');
    return this.handle;
  }

  /** @param {string} text */
  encodeSentence(text) {
    return this.#live().encodeSentence(nfkc(text));
  }

  /** @param {string[]} texts  @returns {{rows: number, cols: number, data: Float32Array}} */
  sentenceVectors(texts) {
    return this.#live().sentenceVectors(Array.from(texts, nfkc));
  }

  /** @param {{sentence?: string, sentence2?: string, target?: string, control?: string}} options */
  compareTrained({ sentence, sentence2, target, control } = {}) {
    return this.#live().compareTrained({
      sentence: nfkcOrUndefined(sentence), sentence2: nfkcOrUndefined(sentence2), target: nfkcOrUndefined(target), control: nfkcOrUndefined(control),
    });
  }

  /**
   * The trained weights split into other head counts (core/encoder/heads_change.hpp): for each
   * count in `heads` (at most 16, each dividing every layer's query width, else an Error saying
   * which do), {heads, sentenceCosine (the sentence vector against the trained 4-head one),
   * layers: [{qkvKernel: {rows, cols} (the same for any count), width, headWidth, maxDifference,
   * relativeDifference (the layer's output against the trained one)}]}; with {trainedHeads, tokens}.
   * @param {string} text  @param {number[]} heads
   */
  headsChange(text, heads) {
    return this.#live().headsChange(nfkc(text), Array.from(heads));
  }

  /**
   * Rows first .. first + count − 1 of the token table (clipped to the vocabulary), decoded from
   * int8 as the forward pass reads them: {pieces: string[] ("▁" marks a word start), dim, data:
   * Float32Array (pieces × dim)}.
   */
  tokenTable(first, count) {
    return this.#live().tokenTable(first, count);
  }

  /**
   * For each text, the last layer's output at the token that is the whole word words[i]:
   * {rows, cols: 512, data: Float32Array}. Throws naming a text where the word is not one token.
   */
  wordVectorsInContext(texts, words) {
    return this.#live().wordVectorsInContext(Array.from(texts, nfkc), Array.from(words, nfkc));
  }

  /** Frees the model's memory in the core. */
  delete() {
    this.handle?.delete();
    this.handle = null;
  }
}

/**
 * The rows of a GloVe table for the training task's words, in the task's order (a lookup and a
 * copy; the core checks and uses them). Throws an Error naming the words the table lacks.
 */
export function taskRowsOf(glove, vocabulary) {
  if (!glove?.words || !glove?.data || !glove?.dim) {
    throw new Error('GloVe inputs need the GloVe table: load the bundled GloVe subset first.');
  }
  const index = glove.index ?? new Map(glove.words.map((w, i) => [w, i]));
  const data = new Float32Array(vocabulary.length * glove.dim);
  const missing = [];
  vocabulary.forEach((word, row) => {
    const at = index.get(word);
    if (at === undefined) missing.push(word);
    else data.set(glove.data.subarray(at * glove.dim, (at + 1) * glove.dim), row * glove.dim);
  });
  if (missing.length) throw new Error(`The GloVe table lacks these task words: ${missing.join(', ')}.`);
  return { name: glove.name ?? 'GloVe', words: vocabulary, dim: glove.dim, data };
}

/**
 * A training run in the core's memory (made by createTrainer). Every number comes from C++;
 * matrices are {rows, cols, data: Float32Array} copies. A deleted trainer refuses further calls.
 */
export class Trainer {
  constructor(handle) {
    this.handle = handle;
  }

  #live() {
    if (!this.handle) throw new Error('This training run was deleted.');
    return this.handle;
  }

  /** {examples, batchesPerEpoch, step, epoch, batchInEpoch} */
  counts() {
    return this.#live().counts();
  }

  /**
   * One optimizer step on the next batch: {loss (the batch mean before the update, null when
   * refused), step, epoch, batchInEpoch, examples, batchesPerEpoch, batch (example indices),
   * batchCorrect, diverged, message?, gradients}. gradients: W_q, W_k, W_v, W_head, b_head
   * (and embeddings when trainable) of the batch's mean loss, and d loss / d stage output for
   * the batch's first sentence: logits, y, Y, A, S (scaled scores), QK (raw scores), Q, K, V, X.
   * After divergence every step is refused with the same message; the weights stay finite.
   */
  step() {
    return this.#live().step();
  }

  /**
   * The rest of the current epoch, then the loss and accuracy on the whole training and
   * validation sets: {trainLoss, trainAccuracy, validationLoss, validationAccuracy,
   * meanBatchLoss (of this epoch's steps), epoch, step, batchInEpoch, diverged, message?}.
   */
  runEpoch() {
    return this.#live().runEpoch();
  }

  /** {trainLoss, trainAccuracy, validationLoss, validationAccuracy}; changes nothing. */
  evaluate() {
    return this.#live().evaluate();
  }

  /**
   * One sentence through the current weights (inference, changes nothing): {tokens, targetIndex,
   * n, weights: Float32Array (n*n, row-major A), probabilities, predicted, label, loss}.
   * @param {number} sentenceIndex
   * @param {'train'|'validation'} split
   */
  attention(sentenceIndex, split = 'validation') {
    return this.#live().attention(sentenceIndex, split);
  }

  /** Copies of {W_q, W_k, W_v, W_head, b_head, embeddings} now. */
  parameters() {
    return this.#live().parameters();
  }

  /** The same at step 0. */
  initialParameters() {
    return this.#live().initialParameters();
  }

  /**
   * {train, validation: [{text, target (the ambiguous word), targetIndex, sense, label (index
   * into classes), tokens}], classes, vocabulary (the rows of the embeddings)}.
   */
  dataset() {
    return this.#live().dataset();
  }

  /** The example indices of every step's batch so far (for the exported PyTorch script). */
  batchOrder() {
    return this.#live().batchOrder();
  }

  /** The resolved configuration (dModel is GloVe's width with GloVe inputs) and divergedLossBound. */
  config() {
    return this.#live().config();
  }

  /** Frees the run's memory in the core. */
  delete() {
    this.handle?.delete();
    this.handle = null;
  }
}

/**
 * A layout run (t-SNE or UMAP) in the core's memory, made by createTsneLayout / createUmapLayout.
 * A deleted run refuses further calls.
 */
export class SpaceLayout {
  constructor(handle) {
    this.handle = handle;
  }

  #live() {
    if (!this.handle) throw new Error('This layout run was deleted.');
    return this.handle;
  }

  /**
   * Runs up to `iterations` more (epochs for UMAP); returns how many ran. Throws the core's Error
   * if a step would leave float's range: the run is then stopped and layout() is the last one given.
   */
  step(iterations) {
    return this.#live().step(iterations);
  }

  /** @returns {Float32Array} a copy of the layout, n * outDim row-major */
  layout() {
    return this.#live().layout();
  }

  /**
   * UMAP only: each point's connected part of the graph its epochs sample, numbered by size
   * (0 = the largest): an Int32Array of n. Null for t-SNE.
   */
  graphParts() {
    const handle = this.#live();
    return handle.graphParts ? handle.graphParts() : null;
  }

  /** t-SNE only: KL(P || Q) at the last iteration run (Barnes–Hut estimate), NaN before any. */
  klDivergence() {
    const handle = this.#live();
    return handle.klDivergence ? handle.klDivergence() : NaN;
  }

  iteration() {
    return this.#live().iteration();
  }

  totalIterations() {
    return this.#live().totalIterations();
  }

  done() {
    return this.#live().done();
  }

  /** Frees the run's memory in the core. */
  delete() {
    this.handle?.delete();
    this.handle = null;
  }
}

/**
 * Fetches the trained encoder's pack (about 7 MB) with progress, only when asked for.
 * @param {string} url
 * @param {(received: number, total: number) => void} [onProgress]
 * @returns {Promise<Uint8Array>}
 */
export async function loadEncoderPack(url, onProgress = () => {}) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The trained model could not be loaded (${response.status} ${response.statusText}).`);
  const total = Number(response.headers.get('Content-Length')) || 0;
  if (!response.body) {
    const bytes = new Uint8Array(await response.arrayBuffer());
    onProgress(bytes.length, bytes.length);
    return bytes;
  }
  const reader = response.body.getReader();
  const chunks = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    onProgress(received, total);
  }
  const bytes = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

/**
 * Starts a part of the core from its Emscripten factory (the part's loader file passes it).
 * `moduleOptions` go to the factory: pass `{ wasmBinary }` in Node, where the module cannot fetch
 * its .wasm by URL. With `onProgress(received, total)` and the part's `wasmUrl` (the page's
 * first load), the .wasm is downloaded here so its progress can be shown, and still compiled
 * while it streams in; `total` is 0 when unknown (a compressed response's length is not the
 * file's). A method whose code is in another part throws saying so.
 */
export async function startCore(factory, { onProgress, wasmUrl, ...moduleOptions } = {}) {
  if (typeof WebAssembly !== 'object') {
    throw new Error('This browser has no WebAssembly, which the page needs to compute.');
  }
  if (onProgress && wasmUrl && !moduleOptions.wasmBinary && typeof WebAssembly.instantiateStreaming === 'function') {
    let failed;
    const failure = new Promise((_, reject) => { failed = reject; });
    const started = factory({
      ...moduleOptions,
      // Emscripten's hook: instantiate the module ourselves and hand it the instance.
      instantiateWasm(imports, receiveInstance) {
        instantiateWithProgress(wasmUrl, imports, onProgress)
          .then(({ instance, module }) => receiveInstance(instance, module))
          .catch(failed);
        return {};
      },
    });
    return new AttentionCore(await Promise.race([started, failure]));
  }
  return new AttentionCore(await factory(moduleOptions));
}

/** Fetches and compiles a .wasm as it arrives, reporting the bytes received. */
async function instantiateWithProgress(url, imports, onProgress) {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`The attention core could not be downloaded (${response.status} ${response.statusText}).`);
  const total = response.headers.get('Content-Encoding') ? 0 : Number(response.headers.get('Content-Length')) || 0;
  let received = 0;
  onProgress(0, total);
  const counted = response.body.pipeThrough(new TransformStream({
    transform(chunk, controller) {
      received += chunk.byteLength;
      onProgress(received, total);
      controller.enqueue(chunk);
    },
  }));
  return WebAssembly.instantiateStreaming(new Response(counted, { headers: { 'Content-Type': 'application/wasm' } }), imports);
}

/** Value at (i, j) of a boundary matrix. */
export function matrixAt(matrix, i, j) {
  return matrix.data[i * matrix.cols + j];
}

/** Row i of a boundary matrix, as a view (no copy). */
export function matrixRow(matrix, i) {
  return matrix.data.subarray(i * matrix.cols, (i + 1) * matrix.cols);
}
