import { readVectorFile, splitWords } from './read-file.js';
import { packUrl } from '../pack-url.js';
import { createWorkerClient, isDropped } from '../core/worker-client.js';
// The page's pretrained word vectors: the bundled GloVe subset (fetched only when chosen) and
// the learner's own file (read in a Web Worker, never uploaded). Tables are kept here as
// {name, words, dim, data: Float32Array, index: Map}; for each computation the rows a sentence
// needs are looked up and handed to the core, which does all the arithmetic (decoding too).

/** The state's `source` values and what the core calls them. */
export const SOURCES = [
  { value: 'numpy', label: 'NumPy notebook (random)' },
  { value: 'torch', label: 'PyTorch notebook (random)' },
  { value: 'onehot', label: 'One-hot' },
  { value: 'glove', label: 'GloVe 6B 100-d (bundled subset)' },
  { value: 'file', label: 'My own vector file' },
];
export const SOURCE_VALUES = SOURCES.map((s) => s.value);
export const isPretrained = (source) => source === 'glove' || source === 'file';

const GLOVE_NAME = 'GloVe 6B 100-d (20,001-word int8 subset)';
const tables = { glove: null, file: null };
const loading = { glove: null };
let nextLoad = 0; // each load's number: a table indexed after a newer load began is dropped

export function tableFor(source) {
  return tables[source] ?? null;
}

// Words indexed per task: 100,000 words took 26 ms of the page's main thread in one piece, in
// the same task as receiving them. A MessageChannel, not a timer: a hidden tab's timers wait 1 s.
const INDEX_SLICE = 25000;
const nextTask = () => new Promise((resolve) => {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    resolve();
  };
  channel.port2.postMessage(null);
});

/** The table with `index`: word → row, a slice of the words per task. */
export async function indexed(table) {
  const index = new Map();
  const { words } = table;
  // Backwards, so that a word's first row wins without a has() per word (half the hashing).
  for (let end = words.length; end > 0; end -= INDEX_SLICE) {
    if (end < words.length) await nextTask();
    for (let i = end - 1; i >= Math.max(0, end - INDEX_SLICE); i -= 1) index.set(words[i], i);
  }
  return { ...table, index };
}

/** Fetches and decodes the bundled GloVe subset once (about 2.2 MB). */
// Why the last GloVe load failed (shown instead of "Loading…"); cleared when the learner picks
// GloVe again, so a failure is retried on request, not in a loop.
let gloveError = null;
export function gloveFailure() {
  return gloveError;
}
export function clearGloveFailure() {
  gloveError = null;
}

export function loadGlove(core) {
  if (tables.glove) return Promise.resolve(tables.glove);
  loading.glove ??= (async () => {
    if (window.location.protocol === 'file:') {
      throw new Error('it is a separate file, and a page opened from disk cannot read the files beside it. Serve the page (bash scripts/serve.sh), or choose your own vector file.');
    }
    const [wordsText, binary] = await Promise.all([
      fetch(packUrl('data/glove-100d.words.txt')).then((r) => { if (!r.ok) throw new Error(`GloVe words: HTTP ${r.status}`); return r.text(); }),
      fetch(packUrl('data/glove-100d.i8.bin')).then((r) => { if (!r.ok) throw new Error(`GloVe vectors: HTTP ${r.status}`); return r.arrayBuffer(); }),
    ]);
    const view = new DataView(binary);
    const magic = String.fromCharCode(...new Uint8Array(binary, 0, 4));
    const count = view.getUint32(4, true);
    const dim = view.getUint32(8, true);
    const words = wordsText.split('\n').filter((w) => w.length > 0);
    if (magic !== 'AWV1' || words.length !== count || binary.byteLength !== 12 + count * 4 + count * dim) {
      throw new Error('The bundled GloVe pack is damaged (its header does not match its size).');
    }
    const scales = new Float32Array(binary.slice(12, 12 + count * 4));
    const codes = new Int8Array(binary, 12 + count * 4, count * dim);
    const data = core.decodeInt8Vectors(codes, scales, dim);
    tables.glove = await indexed({ name: GLOVE_NAME, words, dim, data, summary: { vectorsKept: count, lowercaseOnly: true, format: 'int8 pack' } });
    return tables.glove;
  })().catch((error) => {
    loading.glove = null;
    gloveError = error.message;
    throw error;
  });
  return loading.glove;
}

export function gloveLoading() {
  return Boolean(loading.glove) && !tables.glove;
}

// The reading worker (workers/vectors-worker.js), watched so that its end is heard even when the
// browser sends no event (worker-client.js); the next load after a failure starts a new one.
const reader = createWorkerClient({
  start: () => new Worker(new URL('../workers/vectors-worker.js', import.meta.url), { type: 'module' }),
  name: 'vector reader',
  life: 'vectors',
  stoppedText: (cause, detail) => {
    if (cause === 'start') return `The vector reader could not start here (${detail}).`;
    if (cause === 'exit') return 'The vector reader stopped unexpectedly (the browser may have run short of memory: a lower word cap needs less). Choose the file again to retry.';
    return `The vector reader stopped: ${detail}. Choose the file again to retry.`;
  },
});
let warmAsked = false; // of the worker running now

/**
 * Starts the reading worker, if it is not running, and has it load its core and warm up its
 * parser (read-file.js, warmUpParser): called when the file picker is shown, so the learner's
 * file is read by optimized code. Where no worker can start, nothing is done.
 */
export function prepareVectorReader() {
  if (reader.running && warmAsked) return;
  if (!reader.running) warmAsked = false;
  if (!reader.start()) return;
  warmAsked = true;
  // a worker whose script failed is dropped by the client: the learner's load starts a new one
  reader.request('warm').catch(() => {});
}

// The reader ends once a file is read and nothing else is asked of it: its core's memory grew to
// hold the file's pieces and its table, and a wasm memory never shrinks (about 25 MB after a
// 1024-d file, for the rest of the visit). The next file starts a new reader.
function endIdleReader() {
  if (!reader.busy) reader.dispose();
}

const cancelledError = () => Object.assign(new Error('Loading was cancelled.'), { cancelled: true });

/**
 * Reads a learner's file in the worker. Resolves to the table; `onProgress(bytes, total)`.
 * Returns {promise, cancel}.
 */
export function loadVectorFile(file, { core, maxWords = 20000, wanted = [], onProgress = () => {} } = {}) {
  const id = ++nextLoad;
  let cancelled = false;
  // The words arrive as one string, a word per line: split here, where they are indexed. The
  // table is used only if no cancel or newer load came while it was indexed.
  const keep = async ({ wordsText, ...result }) => {
    const table = await indexed({ name: `your file “${file.name}”`, fileName: file.name, words: splitWords(wordsText), ...result });
    if (cancelled || id !== nextLoad) throw cancelledError();
    tables.file = table;
    return tables.file;
  };
  if (!reader.running) warmAsked = true; // started for this file: warming up now would only delay it
  if (!reader.start()) {
    const isCancelled = () => cancelled || id !== nextLoad;
    return { promise: readOnPage(file, { core, maxWords, wanted, onProgress, isCancelled }).then(keep), cancel() { cancelled = true; } };
  }
  // a newer load supersedes this one on the channel: the worker is told to stop reading it
  const reading = reader.request('load', { file, maxWords, wanted }, {
    channel: 'load',
    onUpdate: (type, { bytes, total }) => onProgress(bytes, total),
  });
  const promise = reading.then((result) => {
    endIdleReader();
    if (result === null) throw cancelledError();
    return keep(result);
  }, (error) => {
    throw isDropped(error) ? cancelledError() : error;
  });
  return {
    promise,
    cancel() {
      cancelled = true;
      reading.cancel();
    },
  };
}

// No worker here (a page opened from disk): read on the page itself, in 1 MB pieces with a pause
// after each, so the progress bar moves and the tab stays usable.
async function readOnPage(file, { core, maxWords, wanted, onProgress, isCancelled }) {
  if (!core) throw new Error('No worker can start here, and no core was given to read the file on the page.');
  const result = await readVectorFile(core, file, { maxWords, wanted, chunkBytes: 1024 * 1024, onProgress, yieldBetweenChunks: true, isCancelled });
  if (result === null) throw cancelledError();
  return result;
}

/**
 * The rows of a table that some sentences need (by lowercase key and as typed), as the core's
 * `pretrained` option. A lookup only: no arithmetic.
 */
export function rowsFor(core, table, sentences, maxTokens) {
  const wanted = new Set();
  for (const sentence of sentences) {
    for (const t of core.tokenize(sentence, maxTokens).tokens) { wanted.add(t.key); wanted.add(t.text); }
  }
  const words = [...wanted].filter((w) => table.index.has(w));
  const data = new Float32Array(words.length * table.dim);
  words.forEach((w, r) => {
    const i = table.index.get(w);
    data.set(table.data.subarray(i * table.dim, (i + 1) * table.dim), r * table.dim);
  });
  return { name: table.name, words, dim: table.dim, data };
}

/**
 * Core options for a state: the source mapped to the core's, and for pretrained sources the
 * rows the sentences need. Returns {options} or {waiting: message} while vectors are missing.
 */
export function coreOptions(core, state, { sentences, maxTokens }) {
  const options = { ...state, maxTokens };
  if (!isPretrained(state.source)) return { options };
  const table = tableFor(state.source);
  if (!table) {
    return {
      waiting: state.source === 'glove'
        ? (gloveError ? `The GloVe subset could not be loaded: ${gloveError}` : 'Loading the bundled GloVe subset (about 2.2 MB, once)…')
        : 'Choose a vector file with the picker (GloVe, word2vec or fastText; text or word2vec binary). It is read here, in your browser, and never uploaded.',
    };
  }
  options.source = 'pretrained';
  // the core gets only the rows the sentences need, so it is told the whole table's size, and
  // whether the vectors are known to be trained (the bundled GloVe; a learner's file may be anything)
  options.pretrained = { ...rowsFor(core, table, sentences, maxTokens), totalWords: table.words.length, knownTrained: state.source === 'glove' };
  return { options, table };
}

/** Words every page example uses, kept from a learner's file even beyond the cap. */
export const EXAMPLE_WORDS = ['bank', 'of', 'the', 'river', 'account', 'money', 'has', 'today', 'noa', 'can', 'be',
  'annoying', 'but', 'she', 'is', 'a', 'great', 'cat', 'i', 'am', 'going', 'to', 'london', 'king', 'queen', 'man',
  'woman', 'husband', 'wife'];
