// Reads a learner's word-vector file with the core's streaming parser, a slice at a time, so a
// large file never sits in memory whole. Used by the vectors worker and, where no worker can
// start (a page opened from disk), on the page itself.
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * The file in pieces of `chunkBytes` (the last one shorter), each read with its own File slice.
 * Each piece is a fresh buffer, garbage once the core has copied it.
 *
 * Byte streams read into one reused buffer (no garbage, and one stream over the whole file reads
 * faster) were tried and dropped: in Chromium (2026) their reads stopped resolving mid-file with
 * this core, and the parse never ended. One stream over a 194 MB text file, every row kept: 6 of
 * 8 parses stalled; a stream per 4 MB piece: the benchmark's 84 MB binary file stalled 3 times
 * in a row. Slices: none in 22 parses and a whole benchmark run.
 */
export async function* piecesOf(file, chunkBytes) {
  for (let offset = 0; offset < file.size; offset += chunkBytes) {
    yield new Uint8Array(await file.slice(offset, offset + chunkBytes).arrayBuffer());
  }
}

/** A resizable buffer of `bytes`, room reserved up to `room` (less if the browser will not reserve that much). */
function reserve(bytes, room) {
  try {
    return new ArrayBuffer(bytes, { maxByteLength: room });
  } catch (error) {
    if (!(error instanceof RangeError) || room <= 2 * bytes) throw error;
    return new ArrayBuffer(bytes, { maxByteLength: 2 * bytes }); // a huge estimate: grow by copies instead
  }
}

/**
 * The kept vectors, gathered as the parser hands them over, in one resizable ArrayBuffer that grows
 * in place: the table never exists twice (the parser's copy is freed as each piece arrives), and the
 * buffer can be transferred to the page as it is.
 */
export function vectorTable() {
  let buffer = null;
  let used = 0; // floats
  return {
    /** @param {Float32Array} values  rows to add; @param {number} expectedFloats  the table's likely size */
    append(values, expectedFloats) {
      if (values.length === 0) return;
      const need = used + values.length;
      if (buffer === null || need * 4 > buffer.maxByteLength) {
        // The first rows, or more rows than the file was estimated to hold: a new reservation (a
        // copy, which the estimate makes rare). Reserved address space costs no memory until used.
        const bigger = reserve(need * 4, Math.max(expectedFloats, 2 * need) * 4);
        if (buffer) new Float32Array(bigger).set(new Float32Array(buffer, 0, used));
        buffer = bigger;
      } else {
        buffer.resize(need * 4);
      }
      new Float32Array(buffer, used * 4, values.length).set(values);
      used = need;
    },
    data() {
      return new Float32Array(buffer ?? new ArrayBuffer(0), 0, used);
    },
  };
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
  // The size lets the core estimate the table's rows; handOver: its vectors are taken after each piece.
  const parser = core.vectorFileParser({ maxWords, wanted, format, expectedBytes: file.size, handOver: true });
  const table = vectorTable();
  const takeRows = () => {
    const expectedFloats = parser.expectedRows() * parser.summary().dim;
    const rows = parser.takeValues(); // a view of the core's memory: copied here, before any other call
    table.append(rows, expectedFloats);
  };
  try {
    let read = 0;
    for await (const bytes of piecesOf(file, chunkBytes)) {
      if (isCancelled()) return null;
      parser.feed(bytes); // copied into the core: the piece's buffer is free again after this
      takeRows();
      read += bytes.byteLength;
      onProgress(read, file.size);
      if (yieldBetweenChunks) await nextTask(); // on the page: let it draw the progress and react
    }
    parser.finish();
    takeRows();
    const result = parser.result();
    return { words: result.words, dim: result.dim, data: table.data(), summary: { ...result.summary, wasmHeapBytes: core.module.HEAP8.buffer.byteLength } };
  } finally {
    parser.delete();
  }
}
