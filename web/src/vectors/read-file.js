// Reads a learner's word-vector file with the core's streaming parser, a slice at a time, so a
// large file never sits in memory whole. Used by the vectors worker and, where no worker can
// start (a page opened from disk), on the page itself.
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * The file in pieces of `chunkBytes` (the last one shorter). Where the browser gives a Blob a
 * byte stream, every piece is read into the same buffer (valid until the next piece is asked
 * for), so a 200 MB file leaves no 200 MB of slices for the garbage collector; elsewhere, one
 * File slice per piece.
 */
export async function* piecesOf(file, chunkBytes) {
  let reader = null;
  try {
    reader = file.stream().getReader({ mode: 'byob' });
  } catch {
    reader = null; // not a byte stream here
  }
  if (!reader) {
    for (let offset = 0; offset < file.size; offset += chunkBytes) {
      yield new Uint8Array(await file.slice(offset, offset + chunkBytes).arrayBuffer());
    }
    return;
  }
  let buffer = new ArrayBuffer(chunkBytes);
  try {
    for (let done = false; !done;) {
      let filled = 0;
      while (filled < chunkBytes) { // a read may return less: fill the piece
        const read = await reader.read(new Uint8Array(buffer, filled, chunkBytes - filled));
        if (read.value) buffer = read.value.buffer; // the same memory, handed back (the view passed in is detached)
        if (read.done) { done = true; break; }
        filled += read.value.byteLength;
      }
      if (filled > 0) yield new Uint8Array(buffer, 0, filled);
    }
  } finally {
    reader.cancel().catch(() => {});
  }
}

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
    let read = 0;
    for await (const bytes of piecesOf(file, chunkBytes)) {
      if (isCancelled()) return null;
      parser.feed(bytes); // copied into the core: the piece's buffer is free again after this
      read += bytes.byteLength;
      onProgress(read, file.size);
      if (yieldBetweenChunks) await nextTask(); // on the page: let it draw the progress and react
    }
    parser.finish();
    const result = parser.result();
    return { words: Array.from(result.words), dim: result.dim, data: result.data, summary: { ...result.summary, wasmHeapBytes: core.module.HEAP8.buffer.byteLength } };
  } finally {
    parser.delete();
  }
}
