// Reads a learner's word-vector file off the main thread. It owns one core and, per file, one
// streaming parser (C++), which it feeds File slices of a few MB and deletes at the end, so a
// 170 MB file never sits in memory whole and the page stays responsive. Nothing is uploaded.
//   in:  {type: 'load', id, file: File, maxWords, wanted: string[]} | {type: 'cancel'}
//   out: {type: 'progress', id, bytes, total} | {type: 'done', id, words, dim, data, summary}
//        | {type: 'error', id, message} | {type: 'cancelled', id}   (id: the load's, echoed)
import { loadAttentionCore } from '../core/attention-core.js';

const CHUNK = 4 * 1024 * 1024;
let corePromise;
let job = 0; // the current load; a cancel or a new load makes older ones stop

self.onmessage = async (event) => {
  const message = event.data;
  if (message.type === 'cancel') {
    job += 1;
    return;
  }
  if (message.type !== 'load') return;
  const mine = ++job;
  corePromise ??= loadAttentionCore();
  let parser;
  try {
    const core = await corePromise;
    parser = core.vectorFileParser({ maxWords: message.maxWords, wanted: message.wanted ?? [], format: message.format ?? 'auto' });
    const { file } = message;
    for (let offset = 0; offset < file.size; offset += CHUNK) {
      const bytes = new Uint8Array(await file.slice(offset, offset + CHUNK).arrayBuffer());
      if (mine !== job) {
        self.postMessage({ type: 'cancelled', id: message.id });
        return;
      }
      parser.feed(bytes);
      self.postMessage({ type: 'progress', id: message.id, bytes: Math.min(file.size, offset + CHUNK), total: file.size });
    }
    parser.finish();
    const result = parser.result();
    const words = Array.from(result.words);
    const summary = { ...result.summary, wasmHeapBytes: core.module.HEAP8.buffer.byteLength };
    self.postMessage({ type: 'done', id: message.id, words, dim: result.dim, data: result.data, summary }, [result.data.buffer]);
  } catch (error) {
    if (mine === job) self.postMessage({ type: 'error', id: message.id, message: error.message ?? String(error) });
  } finally {
    parser?.delete();
  }
};
