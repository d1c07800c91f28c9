// Reads a learner's word-vector file off the main thread. It owns one core and, per file, one
// streaming parser (C++), which it feeds pieces of a few MB and deletes at the end, so a
// 170 MB file never sits in memory whole and the page stays responsive. Nothing is uploaded.
//   in:  {type: 'life', lock} | {type: 'warm'} | {type: 'load', id, file: File, maxWords, wanted: string[]} | {type: 'cancel'}
//        (life: hold the named Web Lock while this worker lives, so the page hears if it is killed;
//        warm: load the core and run its parser on small generated files, before a file is chosen)
//   out: {type: 'alive', lock} | {type: 'progress', id, bytes, total} | {type: 'done', id, wordsText, dim, data, summary}
//        | {type: 'error', id, message} | {type: 'cancelled', id}   (id: the load's, echoed)
import { loadAttentionCore } from '../core/view-core.js';
import { readVectorFile, warmUpParser } from '../vectors/read-file.js';
import { holdLifeLock } from '../core/worker-life.js';

// 2 MB pieces: with 4 MB, parses in Chromium were slower (binary, 20,000 kept: 508-537 MB/s
// against 760-917) and added 8-10 MB more memory (the piece's buffer and its copy in the core).
const CHUNK = 2 * 1024 * 1024;
let corePromise;
let life = Promise.resolve(false); // holding the lock the page watches (worker-life.js)
let job = 0; // the current load; a cancel or a new load makes older ones stop
let warmed = false;

self.onmessage = async (event) => {
  const message = event.data;
  if (message.type === 'cancel') {
    job += 1;
    return;
  }
  if (message.type === 'life') {
    life = holdLifeLock(message.lock);
    if (await life) self.postMessage({ type: 'alive', lock: message.lock });
    return;
  }
  if (message.type === 'warm') {
    if (warmed) return;
    warmed = true;
    corePromise ??= loadAttentionCore();
    try {
      const core = await corePromise;
      if (job === 0) warmUpParser(core); // a file already asked for is read at once instead
    } catch {
      // only a warm-up: a core that fails to load says so when a file is read
    }
    return;
  }
  if (message.type !== 'load') return;
  const mine = ++job;
  await life; // the page can tell this worker's end from the moment work starts
  corePromise ??= loadAttentionCore();
  try {
    const core = await corePromise;
    const result = await readVectorFile(core, message.file, {
      maxWords: message.maxWords, wanted: message.wanted ?? [], format: message.format ?? 'auto', chunkBytes: CHUNK,
      onProgress: (bytes, total) => self.postMessage({ type: 'progress', id: message.id, bytes, total }),
      isCancelled: () => mine !== job,
    });
    if (result === null) {
      self.postMessage({ type: 'cancelled', id: message.id });
      return;
    }
    self.postMessage({ type: 'done', id: message.id, ...result }, [result.data.buffer]);
  } catch (error) {
    if (mine === job) self.postMessage({ type: 'error', id: message.id, message: error.message ?? String(error) });
  }
};
