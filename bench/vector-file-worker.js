// The vector-file benchmark's worker: one build of the core (its glue's URL in the query string),
// one file, read exactly as the page's vectors worker reads it (web/src/vectors/read-file.js,
// 2 MB pieces of the file's byte stream fed to the C++ streaming parser). Once its module is
// ready it warms up the parser as the page's worker does before a file is chosen (warmUpParser),
// then reports, so the benchmark can read the process's memory before the parse; it times one
// parse on request.
import { piecesOf, readVectorFile, warmUpParser } from '/web/src/vectors/read-file.js';
import { checkedModule } from '/web/src/core/attention-core.js';

const CHUNK = 2 * 1024 * 1024; // as web/src/workers/vectors-worker.js
const glue = new URL(self.location.href).searchParams.get('core');
const modulePromise = import(glue).then(({ default: factory }) => factory());

// An earlier build's parser has no takeValues(): it is read as the page read files then, the
// whole table kept in the core and copied out at the end.
async function readAsBefore(core, file, { maxWords, chunkBytes }) {
  const parser = core.vectorFileParser({ maxWords, expectedBytes: file.size });
  try {
    for await (const bytes of piecesOf(file, chunkBytes)) parser.feed(bytes);
    parser.finish();
    const result = parser.result();
    return { words: result.words, dim: result.dim, data: result.data, summary: result.summary };
  } finally {
    parser.delete();
  }
}

function countLines(text) {
  if (text === '') return 0;
  let lines = 1;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) lines += 1;
  return lines;
}

self.onmessage = async ({ data: { file, maxWords, readOnly } }) => {
  try {
    if (readOnly) { // the ceiling: the same pieces read and touched, nothing parsed
      const t0 = performance.now();
      let sum = 0;
      for await (const bytes of piecesOf(file, CHUNK)) sum += bytes[bytes.length - 1];
      self.postMessage({ type: 'read', ms: performance.now() - t0, sum });
      return;
    }
    const module = checkedModule(await modulePromise);
    const core = { module, vectorFileParser: (options) => new module.VectorFileParser(options) };
    const parserClass = module.VectorFileParser.prototype;
    // An earlier core that hands rows over but has no wordsText(): its words as it gave them (an
    // array from result()), joined.
    if (typeof parserClass.takeValues === 'function' && typeof parserClass.wordsText !== 'function') {
      parserClass.wordsText = function wordsText() { return this.result().words.join('\n'); };
    }
    const read = typeof parserClass.takeValues === 'function' ? readVectorFile : readAsBefore;
    const t0 = performance.now();
    const result = await read(core, file, {
      maxWords, chunkBytes: CHUNK, onProgress: () => {}, isCancelled: () => false,
    });
    const ms = performance.now() - t0;
    const keptBytes = result.data.byteLength;
    // The words: an earlier core's array, or this one's string of lines, counted without splitting
    // it (the page splits it on its own thread).
    const words = result.words?.length ?? countLines(result.wordsText);
    // The kept table leaves the worker as the page's does: its buffer transferred, not copied.
    self.postMessage({
      type: 'done', ms, keptBytes, words, dim: result.data.length / Math.max(1, words),
      heapBytes: module.HEAP8.buffer.byteLength, format: result.summary.format, data: result.data,
    }, [result.data.buffer]);
  } catch (error) {
    self.postMessage({ type: 'error', message: String(error?.message ?? error) });
  }
};
modulePromise.then((module) => {
  warmUpParser({ vectorFileParser: (options) => new module.VectorFileParser(options) });
  self.postMessage({ type: 'ready' });
}).catch((error) => self.postMessage({ type: 'error', message: String(error) }));
