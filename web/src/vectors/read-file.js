// Reads a learner's word-vector file with the core's streaming parser, a piece at a time, so a
// large file never sits in memory whole. Used by the vectors worker and, where no worker can
// start (a page opened from disk), on the page itself.
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

// The byte streams being read, held here until their last piece. A read of a Blob's byte stream
// is resolved by the browser, and while it is pending nothing in JS refers to the stream or its
// reader but the suspended reading code itself: a garbage collection in that moment took them,
// and the read never resolved (Chromium 2026: 4 of 8 parses of a 194 MB file stalled so, and 0
// of 40 once the streams were held here; WebKit fixed the same bug in its own code).
const streamsInUse = new Set();

/**
 * The file in pieces of `chunkBytes` (the last one shorter), read from one byte stream into one
 * buffer: each piece is a view of that buffer, valid until the next piece is asked for. So a
 * 200 MB file leaves nothing for the garbage collector (a fresh buffer per piece left up to 40 MB
 * of garbage at once), and it reads faster than a File slice per piece (bench/vector-file.mjs,
 * reading alone in Chromium: text 709 against 576 MB/s, binary 1,295 against 479). Where a Blob
 * gives no byte stream, one File slice per piece.
 */
export async function* piecesOf(file, chunkBytes) {
  let stream;
  let reader;
  try {
    stream = file.stream();
    reader = stream.getReader({ mode: 'byob' });
  } catch {
    for (let offset = 0; offset < file.size; offset += chunkBytes) {
      yield new Uint8Array(await file.slice(offset, offset + chunkBytes).arrayBuffer());
    }
    return;
  }
  const held = { stream, reader };
  streamsInUse.add(held);
  let buffer = new ArrayBuffer(chunkBytes);
  try {
    for (let done = false; !done;) {
      let filled = 0;
      while (filled < chunkBytes) { // a read may give less than asked: fill the piece
        const read = await reader.read(new Uint8Array(buffer, filled, chunkBytes - filled));
        if (read.value) buffer = read.value.buffer; // the same memory, handed back (the view passed in is detached)
        if (read.done) {
          done = true;
          break;
        }
        filled += read.value.byteLength;
      }
      if (filled > 0) yield new Uint8Array(buffer, 0, filled);
    }
  } finally {
    streamsInUse.delete(held);
    reader.cancel().catch(() => {}); // stopped early (cancelled, or a bad file): let the stream go
  }
}

/** The words of wordsText() (one per line) as an array. */
export function splitWords(wordsText) {
  return wordsText === '' ? [] : wordsText.split('\n');
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
      }
      // Grown to the estimate at once, not piece by piece: 40 resizes of an 80 MB table cost
      // 8-10 ms more in V8 (Node, 2026). Pages not yet written take no memory.
      if (need * 4 > buffer.byteLength) buffer.resize(Math.min(buffer.maxByteLength, Math.max(need, expectedFloats) * 4));
      new Float32Array(buffer, used * 4, values.length).set(values);
      used = need;
    },
    /** The rows appended, their buffer cut to them (so the page is handed no spare room). */
    data() {
      if (buffer && buffer.byteLength > used * 4) buffer.resize(used * 4);
      return new Float32Array(buffer ?? new ArrayBuffer(0), 0, used);
    },
  };
}

/**
 * @param {AttentionCore} core
 * @param {File} file
 * @param {{maxWords: number, wanted?: string[], format?: string, chunkBytes: number,
 *          onProgress: (bytes, total) => void, isCancelled: () => boolean, yieldBetweenChunks?: boolean}} options
 * @returns {Promise<{wordsText: string, dim: number, data: Float32Array, summary: object} | null>}
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
    const summary = parser.summary();
    // The words as one string: the page splits them where it indexes them (splitWords).
    return { wordsText: parser.wordsText(), dim: summary.dim, data: table.data(), summary: { ...summary, wasmHeapBytes: core.module.HEAP8.buffer.byteLength } };
  } finally {
    parser.delete();
  }
}

/**
 * Reads two small generated files, word2vec binary and text, with the core's parser, and drops
 * them. V8 compiles a wasm function on its first call and optimizes it only once it has run for a
 * while, so the first file a fresh worker read was the slowest (Chromium, the 84 MB binary file,
 * every row kept, six fresh workers: median about 470 MB/s, and 606 after this). The vectors
 * worker does it before the learner's file arrives; nothing of it is kept.
 * @param {{vectorFileParser: (options: object) => object}} core
 */
export function warmUpParser(core) {
  const dim = 50;
  const count = 10000;
  const encoder = new TextEncoder();
  const row = new Uint8Array(new Float32Array(dim).fill(0.5).buffer);
  const header = encoder.encode(`${count} ${dim}\n`);
  const recordBytes = 7 + row.length + 1; // "w00000 ", the floats, "\n"
  const binary = new Uint8Array(header.length + count * recordBytes);
  binary.set(header);
  for (let i = 0; i < count; i += 1) {
    const at = header.length + i * recordBytes;
    binary.set(encoder.encode(`w${String(i).padStart(5, '0')} `), at);
    binary.set(row, at + 7);
    binary[at + recordBytes - 1] = 10;
  }
  const numbers = ` ${Array(dim).fill('-0.25').join(' ')}\n`;
  const text = encoder.encode(Array.from({ length: count / 5 }, (_, i) => `w${i}${numbers}`).join(''));
  for (const bytes of [binary, text]) {
    for (let pass = 0; pass < 3; pass += 1) {
      const parser = core.vectorFileParser({ maxWords: count, expectedBytes: bytes.length, handOver: true });
      try {
        parser.feed(bytes);
        parser.finish();
        parser.takeValues?.();
        parser.wordsText?.();
      } finally {
        parser.delete();
      }
    }
  }
}
