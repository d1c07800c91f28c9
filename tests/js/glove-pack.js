// The bundled GloVe subset (public/data/glove-100d.i8.bin and glove-100d.words.txt) read as the
// page reads it, for the JS and end-to-end tests: a header (magic, count, dim), one float32 scale
// per word, then int8 codes; each value is float32(code × scale), decoded by the core.
import { readFileSync } from 'node:fs';

const file = (name) => readFileSync(new URL(`../../public/data/${name}`, import.meta.url));

/**
 * @param {AttentionCore} core  decodes the codes (core.decodeInt8Vectors)
 * @param {string} [name]
 * @returns {{name: string, words: string[], dim: number, data: Float32Array}} row-major, one row per word
 */
export function bundledGlove(core, name = 'GloVe') {
  const bytes = file('glove-100d.i8.bin');
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  const header = new DataView(buffer);
  const count = header.getUint32(4, true), dim = header.getUint32(8, true);
  const scales = new Float32Array(buffer.slice(12, 12 + 4 * count));
  const codes = new Int8Array(buffer, 12 + 4 * count, count * dim);
  const words = file('glove-100d.words.txt').toString('utf8').split('\n').filter(Boolean);
  return { name, words, dim, data: core.decodeInt8Vectors(codes, scales, dim) };
}

/** The given rows of a table, row-major, as a new Float32Array. */
export function rowsOf(table, rows) {
  const out = new Float32Array(rows.length * table.dim);
  rows.forEach((row, r) => out.set(table.data.subarray(row * table.dim, (row + 1) * table.dim), r * table.dim));
  return out;
}
