// Small pieces of wording that several chapters share: lists of quoted words, and the keys that
// tie for a row's largest weight, named as ties (the tie itself is decided in thresholds.js).
import { largestTied } from './thresholds.js';

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
 * `others`, among the keys other than `self`.
 */
export function topKeys(weights, { self = -1, others = false } = {}) {
  const among = weights.map((_, j) => j).filter((j) => !others || j !== self);
  return largestTied(weights, among);
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
