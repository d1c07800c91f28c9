// The vector-file parser and the pretrained source on the real wasm module.
import { describe, it, expect, beforeAll } from 'vitest';
import { readFileSync } from 'node:fs';
import { loadCore } from './load-core.js';
import { piecesOf, readVectorFile, splitWords, vectorTable, warmUpParser } from '../../web/src/vectors/read-file.js';
import { indexed } from '../../web/src/vectors/store.js';
import { GLOVE_FACTS, caseNoteText, tableCaseFacts } from '../../web/src/vectors/case-note.js';

let core;
beforeAll(async () => { core = await loadCore(); });

const fixture = readFileSync(new URL('../fixtures/glove_small.txt', import.meta.url));

function parseBytes(bytes, options = {}, chunk = 4096) {
  const parser = core.vectorFileParser(options);
  try {
    for (let i = 0; i < bytes.length; i += chunk) parser.feed(bytes.subarray(i, i + chunk));
    parser.finish();
    return parser.result();
  } finally {
    parser.delete();
  }
}

describe('vector files through the wasm parser', () => {
  it('reads the GloVe fixture in chunks', () => {
    const r = parseBytes(new Uint8Array(fixture), {}, 1000);
    expect(r.dim).toBe(100);
    expect(r.words[0]).toBe('bank');
    expect(r.data.length).toBe(r.words.length * 100);
    expect(r.data[0]).toBeCloseTo(Number(fixture.toString().split('\n')[0].split(' ')[1]), 6);
    expect(r.summary.format).toBe('text');
  });

  it('gives the same table whatever size the file is said to have (expectedBytes only sizes it)', () => {
    const bytes = new Uint8Array(fixture);
    const plain = parseBytes(bytes, {}, 1000);
    for (const expectedBytes of [bytes.length, 10, 1e9]) {
      const r = parseBytes(bytes, { expectedBytes }, 1000);
      expect(Array.from(r.words)).toEqual(Array.from(plain.words));
      expect(r.data).toEqual(plain.data);
    }
    expect(() => parseBytes(bytes, { expectedBytes: 'big' })).toThrowError("option 'expectedBytes' must be a number");
  });

  it('reads numbers as float32 correctly rounded, a leading + included, and refuses 1e', () => {
    const r = parseBytes(new TextEncoder().encode('a +0.1 1.17549435e-38 3.4028235e38 -1e-45\n'));
    expect(Array.from(r.data)).toEqual([Math.fround(0.1), Math.fround(1.17549435e-38), Math.fround(3.4028235e38), Math.fround(-1e-45)]);
    expect(() => parseBytes(new TextEncoder().encode('a 1e\n'))).toThrowError('Line 1, number 1 of the word "a": "1e" is not a number.');
  });

  it('keeps the first words plus the wanted ones', () => {
    const r = parseBytes(new Uint8Array(fixture), { maxWords: 2, wanted: ['noa'] });
    expect(Array.from(r.words)).toEqual(['bank', 'of', 'noa']);
    expect(r.summary.notices[0]).toMatch(/^Kept 3 of the file's/);
  });

  it('refuses a malformed file with a JS Error naming the line', () => {
    const bytes = new TextEncoder().encode('a 1 2\nb 1 2 3\n');
    expect(() => parseBytes(bytes)).toThrowError(/^Line 2 has 3 numbers after the word "b"/);
    expect(() => parseBytes(new TextEncoder().encode('a 1 NaN\n'))).toThrowError(/not a finite number/);
  });

  it('decodes int8 packs in the core', () => {
    const out = core.decodeInt8Vectors(new Int8Array([127, -127, 2, 0]), new Float32Array([0.5, 0.25]), 2);
    expect(Array.from(out)).toEqual([63.5, -63.5, 0.5, 0]);
    expect(() => core.decodeInt8Vectors(new Int8Array([1]), new Float32Array([1]), 2)).toThrowError(/damaged/);
  });
});

describe('reading a file as the worker does (readVectorFile): vectors taken after every piece', () => {
  // The worker posts the words as one string of lines; the page splits them (store.js).
  const readFile = async (file, options = {}) => {
    const r = await readVectorFile(core, file, {
      maxWords: 50000, chunkBytes: 1000, onProgress: () => {}, isCancelled: () => false, ...options,
    });
    return r && { ...r, words: splitWords(r.wordsText) };
  };
  const read = (bytes, options = {}) => readFile(new Blob([bytes]), options);

  it('gives the same words and vectors as the parser that keeps them all, in a buffer grown in place', async () => {
    const bytes = new Uint8Array(fixture);
    const whole = parseBytes(bytes, {}, 1000);
    for (const chunkBytes of [7, 1000, bytes.length]) {
      const r = await read(bytes, { chunkBytes });
      expect(r.words).toEqual(Array.from(whole.words));
      expect(r.data).toEqual(whole.data);
      expect(r.data.buffer.resizable).toBe(true);
      expect(r.data.buffer.byteLength).toBe(whole.data.length * 4); // nothing beyond the rows
    }
  });

  it('reads a Blob without a byte stream through File slices, with the same result', async () => {
    const bytes = new Uint8Array(fixture);
    const blob = new Blob([bytes]);
    const sliced = [];
    // stream() gives a default (not a byte) stream, which has no BYOB reader: slices are read
    const noByteStream = {
      size: blob.size,
      stream: () => new ReadableStream({ pull(controller) { controller.close(); } }),
      slice: (start, end) => { sliced.push(start); return blob.slice(start, end); },
    };
    const r = await readFile(noByteStream, { chunkBytes: 1000 });
    expect(sliced.length).toBe(Math.ceil(bytes.length / 1000));
    const whole = await read(bytes, { chunkBytes: 1000 });
    expect(r.words).toEqual(whole.words);
    expect(r.data).toEqual(whole.data);
  });

  it('fills each piece from a byte stream that gives a few bytes per read, and stops reading when cancelled', async () => {
    const bytes = new Uint8Array(fixture);
    let pulls = 0;
    let cancelled = false;
    const trickle = () => {
      let at = 0;
      return new ReadableStream({
        type: 'bytes',
        pull(controller) { // 5 bytes at most per read, whatever room the reader offers
          pulls += 1;
          const view = controller.byobRequest.view;
          const n = Math.min(5, view.byteLength, bytes.length - at);
          if (n === 0) { controller.close(); controller.byobRequest.respond(0); return; }
          view.set(bytes.subarray(at, at + n));
          at += n;
          controller.byobRequest.respond(n);
        },
        cancel() { cancelled = true; },
      });
    };
    const file = { size: bytes.length, stream: trickle, slice: () => { throw new Error('no slices when there is a byte stream'); } };
    const pieces = [];
    for await (const piece of piecesOf(file, 1000)) pieces.push(piece.byteLength);
    expect(pieces).toEqual([...Array.from({ length: Math.floor(bytes.length / 1000) }, () => 1000), bytes.length % 1000].filter((n) => n > 0));
    const r = await readFile(file, { chunkBytes: 1000 });
    const whole = await read(bytes, { chunkBytes: 1000 });
    expect(r.words).toEqual(whole.words);
    expect(r.data).toEqual(whole.data);
    // a cancel after the first piece: no more reads, and the stream is let go
    pulls = 0;
    let pieceCount = 0;
    const stopped = await readFile(file, { chunkBytes: 1000, isCancelled: () => pieceCount++ > 0 });
    expect(stopped).toBe(null);
    expect(pulls).toBeLessThanOrEqual(2 * Math.ceil(1000 / 5) + 1);
    expect(cancelled).toBe(true);
  });

  it('copes with a file holding far more rows than its first line suggested, and with caps', async () => {
    // a very long first line makes the core's row estimate (size / first line) short by ~50x
    const long = 'l' + 'o'.repeat(600) + 'ng';
    const first = `${long} 1 2 3\n`;
    const rest = Array.from({ length: 300 }, (_, i) => `w${i} ${i} ${-i} 0.5\n`).join('');
    const bytes = new TextEncoder().encode(first + rest);
    const r = await read(bytes, { chunkBytes: 64 });
    expect(r.words.length).toBe(301);
    expect(Array.from(r.data.subarray(3 * 300, 3 * 301))).toEqual([299, -299, 0.5]);
    const capped = await read(bytes, { maxWords: 10, wanted: ['w250'], chunkBytes: 64 });
    expect(capped.words).toEqual([...Array.from({ length: 10 }, (_, i) => (i === 0 ? long : `w${i - 1}`)), 'w250']);
    expect(Array.from(capped.data.subarray(30))).toEqual([250, -250, 0.5]);
  });

  it('word2vec binary with UTF-8 words: the words arrive joined and split, the rows as views copied once', async () => {
    const dim = 5;
    const words = ['bank', 'café', 'naïve', '日本', ...Array.from({ length: 3000 }, (_, i) => `w${i}`)];
    const values = Float32Array.from({ length: words.length * dim }, (_, i) => Math.fround(Math.sin(i) * 3));
    const encoder = new TextEncoder();
    const parts = [encoder.encode(`${words.length} ${dim}\n`)];
    words.forEach((word, r) => {
      parts.push(encoder.encode(`${word} `), new Uint8Array(values.buffer.slice(r * dim * 4, (r + 1) * dim * 4)), encoder.encode('\n'));
    });
    const bytes = new Uint8Array(await new Blob(parts).arrayBuffer());
    for (const chunkBytes of [37, 4096, bytes.length]) {
      const r = await read(bytes, { chunkBytes });
      expect(r.summary.format).toBe('word2vec binary');
      expect(r.words).toEqual(words);
      expect(r.data).toEqual(values);
    }
    const capped = await read(bytes, { maxWords: 3, wanted: ['w2999'], chunkBytes: 37 });
    expect(capped.words).toEqual(['bank', 'café', 'naïve', 'w2999']);
    expect(Array.from(capped.data.subarray(3 * dim))).toEqual(Array.from(values.subarray((words.length - 1) * dim)));
  });

  it('the warm-up reads its two generated files whole, three times each (binary, then text)', () => {
    const read = [];
    warmUpParser({
      vectorFileParser(options) { // the core's parser, with what it read noted as it is freed
        const parser = core.vectorFileParser(options);
        return {
          feed: (bytes) => parser.feed(bytes),
          finish: () => parser.finish(),
          takeValues: () => parser.takeValues(),
          wordsText: () => parser.wordsText(),
          delete() {
            const { format, vectorsKept, dim } = parser.summary();
            read.push([format, vectorsKept, dim]);
            parser.delete();
          },
        };
      },
    });
    expect(read).toEqual([...Array(3).fill(['word2vec binary', 10000, 50]), ...Array(3).fill(['text', 2000, 50])]);
  });

  it('the table grows by appending, with or without an estimate', () => {
    for (const expected of [0, 4, 1000]) {
      const table = vectorTable();
      table.append(new Float32Array([1, 2]), expected);
      table.append(new Float32Array([]), expected);
      table.append(new Float32Array([3, 4, 5]), expected);
      expect(Array.from(table.data())).toEqual([1, 2, 3, 4, 5]);
      expect(table.data().buffer.byteLength).toBe(5 * 4); // cut to the rows: the page gets no spare room
    }
    expect(vectorTable().data().length).toBe(0);
    // an estimate no browser reserves (2^52 bytes) still gives the table
    const huge = vectorTable();
    huge.append(new Float32Array([1, 2]), 2 ** 50);
    huge.append(new Float32Array([3]), 2 ** 50);
    expect(Array.from(huge.data())).toEqual([1, 2, 3]);
  });
});

describe('the page\'s index of a table (store.js)', () => {
  it('maps every word to its first row, across the slices it is built in (one per task)', async () => {
    const words = Array.from({ length: 60001 }, (_, i) => `w${i}`);
    words[40000] = 'w3'; // a repeat in a later slice: the first row still wins
    words[60000] = 'w59999'; // and one in the same, last-built slice
    const table = await indexed({ name: 'many', words, dim: 1, data: new Float32Array(words.length) });
    expect(table.index.size).toBe(59999);
    expect(table.index.get('w3')).toBe(3);
    expect(table.index.get('w59999')).toBe(59999);
    expect(table.index.get('w0')).toBe(0);
    expect(table.index.get('w40001')).toBe(40001);
    expect(table.index.has('w40000')).toBe(false);
    expect(table.name).toBe('many');
    expect((await indexed({ words: [] })).index.size).toBe(0);
  });
});

describe('pretrained, one-hot and the missing-word policies', () => {
  const table = () => {
    const r = parseBytes(new Uint8Array(fixture));
    return { name: 'glove_small', words: Array.from(r.words), dim: r.dim, data: r.data };
  };

  it('widths follow the vectors (100) and raw bank is the same row in both sentences', () => {
    const e = core.bankExperiment({ source: 'pretrained', pretrained: table(), tieWidths: true, sentence: 'Bank of the river', sentence2: 'bank account has money' });
    expect(e.first.X.cols).toBe(100);
    expect(e.first.W_q.rows).toBe(100);
    expect(e.first.projected.Q.cols).toBe(100);
    expect(e.first.notices.join(' ')).toMatch(/d_model follows the vectors: 100/);
    expect(e.cosines[0].value).toBe(1);
    expect(e.first.oov.missing.length).toBe(0);
  });

  it('missing words: zero, skip and random', () => {
    const base = { source: 'pretrained', pretrained: table(), tieWidths: true, sentence: 'a bank of the zzzq river' };
    const zero = core.workbench({ ...base, oov: 'zero' });
    expect(Array.from(zero.oov.missing)).toEqual(['a', 'zzzq']);
    expect(zero.X.rows).toBe(6);
    expect(Array.from(zero.X.data.subarray(0, 100)).every((v) => v === 0)).toBe(true);
    const skip = core.workbench({ ...base, oov: 'skip' });
    expect(skip.X.rows).toBe(4);
    expect(skip.oov.consequence).toMatch(/left out/);
    const random = core.workbench({ ...base, oov: 'random' });
    expect(random.X.data[0]).not.toBe(0);
    expect(core.workbench({ ...base, oov: 'random' }).X.data[0]).toBe(random.X.data[0]);
    expect(core.workbench({ ...base, oov: 'random', embedSeed: 5 }).X.data[0]).not.toBe(random.X.data[0]);
  });

  it('300-d vectors (word2vec text with a header): every shape follows', () => {
    const words = ['bank', 'of', 'the', 'river', 'account', 'has', 'money'];
    const lines = words.map((w, i) => `${w} ${Array.from({ length: 300 }, (_, f) => (((i + 1) * (f + 3)) % 17 / 17 - 0.5).toFixed(5)).join(' ')}`);
    const r = parseBytes(new TextEncoder().encode(`${words.length} 300\n${lines.join('\n')}\n`));
    const e = core.bankExperiment({ source: 'pretrained', pretrained: { name: 'w2v', words: Array.from(r.words), dim: r.dim, data: r.data }, tieWidths: true });
    const shape = Object.fromEntries(Array.from(e.first.shapes, (s) => [s.name, [s.rows, s.cols]]));
    expect(shape).toMatchObject({ X: [4, 300], W_q: [300, 300], W_k: [300, 300], W_v: [300, 300], Q: [4, 300], V: [4, 300], scores: [4, 4], Y: [4, 300] });
    expect(e.second.X.cols).toBe(300);
  });

  it('vectors wider than the page computes with are refused at load time', () => {
    expect(() => parseBytes(new TextEncoder().encode(`w ${'0.1 '.repeat(1025)}\n`))).toThrowError(/vectors wider than 1024 are not supported/);
  });

  it('one-hot: width is the vocabulary size', () => {
    const r = core.workbench({ source: 'onehot', tieWidths: true, sentence: 'the cat' });
    expect(r.X.cols).toBe(9);
    expect(r.W_v.cols).toBe(9);
  });
});

describe('the case note follows the table in use', () => {
  it('the GloVe subset’s facts are true of the bundled pack: no capitals, single letters or numbers', () => {
    const words = readFileSync(new URL('../../public/data/glove-100d.words.txt', import.meta.url), 'utf8').split('\n').filter(Boolean);
    expect(words.length).toBe(20001);
    expect(words.filter((w) => /[A-Z]/.test(w))).toEqual([]);
    expect(words.filter((w) => /^\p{L}$/u.test(w))).toEqual([]);
    expect(words.filter((w) => /^\d+$/.test(w))).toEqual([]);
    expect(tableCaseFacts('glove', null)).toBe(GLOVE_FACTS);
  });

  it('a learner’s file is described by its own summary, never by the GloVe subset’s facts', () => {
    const file = (lowercaseOnly) => ({ fileName: 'mine.txt', summary: { lowercaseOnly } });
    expect(tableCaseFacts('file', file(false))).toBe('Your file “mine.txt” keeps capitals: a word missing in lowercase is looked up as typed.');
    expect(tableCaseFacts('file', file(true))).toBe('Your file “mine.txt” has only lowercase words, so capitals in a sentence change nothing.');
    const note = caseNoteText('Words are looked up in lowercase first.', 'file', file(false));
    expect(note).toMatch(/^Words are looked up in lowercase first\. Your file/);
    expect(note).not.toMatch(/GloVe subset|single-letter/);
    expect(tableCaseFacts('numpy', null)).toBe('');
  });
});
