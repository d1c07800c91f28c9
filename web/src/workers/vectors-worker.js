// Reads a learner's word-vector file off the main thread. It owns one core and, per file, one
// streaming parser (C++), which it feeds pieces of a few MB and deletes at the end, so a
// 170 MB file never sits in memory whole and the page stays responsive. Nothing is uploaded.
//   kinds (workers/serve.js): warm (load the core and run its parser on small generated files,
//     before a file is chosen) | load {file: File, maxWords, wanted: string[]} →
//     {wordsText, dim, data, summary} (progress: {bytes, total}; a cancel stops the read)
import { loadAttentionCore } from '../core/view-core.js';
import { readVectorFile, warmUpParser } from '../vectors/read-file.js';
import { moved, serve } from './serve.js';

// 2 MB pieces: with 4 MB, parses in Chromium were slower (binary, 20,000 kept: 508-537 MB/s
// against 760-917) and added 8-10 MB more memory (the piece's buffer and its copy in the core).
const CHUNK = 2 * 1024 * 1024;
let corePromise;
let loadsAsked = 0;
let warmed = false;

serve({
  async warm() {
    if (warmed) return;
    warmed = true;
    try {
      const core = await (corePromise ??= loadAttentionCore());
      if (loadsAsked === 0) warmUpParser(core); // a file already asked for is read at once instead
    } catch {
      // only a warm-up: a core that fails to load says so when a file is read
    }
  },
  async load({ file, maxWords, wanted = [], format = 'auto' }, request) {
    loadsAsked += 1;
    const core = await (corePromise ??= loadAttentionCore());
    const result = await readVectorFile(core, file, {
      maxWords, wanted, format, chunkBytes: CHUNK,
      onProgress: (bytes, total) => request.progress({ bytes, total }),
      isCancelled: () => request.cancelled, // a cancel, or a newer load (the page cancels the older)
    });
    return result === null ? null : moved(result, [result.data.buffer]);
  },
});
