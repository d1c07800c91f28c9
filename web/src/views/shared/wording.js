// Small pieces of wording that several chapters share: lists of quoted words, and the keys that
// tie for a row's largest weight, named as ties (the tie itself is decided in thresholds.js).
import { LITTLE_MIXING, largestTied } from './thresholds.js';

/** “a”; “a” and “b”; “a”, “b” and “c”. */
export function quotedList(words) {
  const q = words.map((w) => `“${w}”`);
  return q.length < 2 ? q.join('') : `${q.slice(0, -1).join(', ')} and ${q.at(-1)}`;
}

/** Row i of a boundary matrix {rows, cols, data}, as a plain array. */
export function rowOf(matrix, i) {
  return Array.from(matrix.data.subarray(i * matrix.cols, (i + 1) * matrix.cols));
}

/**
 * The keys of `weights` (one row) tied for the largest weight, among every key or, with
 * `others`, among the keys other than `self`; keys in `except` (copies of self's vector, whose
 * weight changes nothing) are left out too.
 */
export function topKeys(weights, { self = -1, others = false, except = [] } = {}) {
  const skip = new Set(except);
  const among = weights.map((_, j) => j).filter((j) => (!others || j !== self) && !skip.has(j));
  return largestTied(weights, among);
}

/**
 * The tokens a mixing row (the core's RowMixing) gives weight to although they carry the same
 * vector as its own token (`copies`), named for a sentence: “the other “the”” or “the copies of
 * its vector”; '' when there are none or their weight is below LITTLE_MIXING.
 */
export function copiesText(m, tokens, self, qkv = false) {
  if (!m.copies?.length || m.weightOnCopies < LITTLE_MIXING) return '';
  const what = qkv ? 'value' : 'vector';
  const names = m.copies.map((j) => tokens[j]);
  if (names.every((w) => w === tokens[self])) {
    return m.copies.length === 1 ? `the other “${tokens[self]}” (the same ${what})` : `the ${m.copies.length} other “${tokens[self]}” tokens (the same ${what})`;
  }
  return `${quotedList(names)}, which ${names.length === 1 ? 'has' : 'have'} the same ${what} as “${tokens[self]}”`;
}

/**
 * “of” or “of”, “the” and “river” (tied): the keys named, a tie said as one (`inParens`: the
 * text already stands in brackets, so “…, tied”).
 */
export function keysText(keys, tokens, { inParens = false } = {}) {
  const names = quotedList(keys.map((j) => tokens[j]));
  if (keys.length < 2) return names;
  return inParens ? `${names}, tied` : `${names} (tied)`;
}
