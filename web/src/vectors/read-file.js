// Reads a learner's word-vector file with the core's streaming parser, a slice at a time, so a
// large file never sits in memory whole. Used by the vectors worker and, where no worker can
// start (a page opened from disk), on the page itself.
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * @param {AttentionCore} core
 * @param {File} file
 * @param {{maxWords: number, wanted?: string[], format?: string, chunkBytes: number,
 *          onProgress: (bytes, total) => void, isCancelled: () => boolean, yieldBetweenChunks?: boolean}} options
 * @returns {Promise<{words: string[], dim: number, data: Float32Array, summary: object} | null>}
 *   null when cancelled
 */
export async function readVectorFile(core, file, { maxWords, wanted = [], format = 'auto', chunkBytes, onProgress, isCancelled, yieldBetweenChunks = false }) {
  const parser = core.vectorFileParser({ maxWords, wanted, format, expectedBytes: file.size }); // the size lets the core size the table once
  try {
    for (let offset = 0; offset < file.size; offset += chunkBytes) {
      const bytes = new Uint8Array(await file.slice(offset, offset + chunkBytes).arrayBuffer());
      if (isCancelled()) return null;
      parser.feed(bytes);
      onProgress(Math.min(file.size, offset + chunkBytes), file.size);
      if (yieldBetweenChunks) await nextTask(); // on the page: let it draw the progress and react
    }
    parser.finish();
    const result = parser.result();
    return { words: Array.from(result.words), dim: result.dim, data: result.data, summary: { ...result.summary, wasmHeapBytes: core.module.HEAP8.buffer.byteLength } };
  } finally {
    parser.delete();
  }
}
