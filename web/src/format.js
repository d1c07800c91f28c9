// Number formatting for display only (the numbers themselves come from the core).
import { format } from 'd3';

const fixed3 = format('.3f');
const fixed4 = format('.4f');

/** Short form for a heatmap cell. */
export function cellText(value) {
  if (value === -Infinity) return '−∞';
  if (!Number.isFinite(value)) return String(value);
  const text = Math.abs(value) >= 100 ? format('.3~s')(value) : fixed3(value);
  return text.replace(/-/g, '−');
}

/** Form for text and the inspector: 4 decimals, or scientific for very large or small. */
export function num(value) {
  if (value === -Infinity) return '−∞';
  if (!Number.isFinite(value)) return String(value);
  const abs = Math.abs(value);
  const text = abs !== 0 && (abs >= 1e5 || abs < 1e-4) ? value.toExponential(3) : fixed4(value);
  return text.replace(/-/g, '−');
}

/**
 * A value that may have none (a cosine with a zero or missing vector is not defined): said in
 * words, never as the JavaScript word "undefined", which reads as a bug in the page.
 */
export const NOT_DEFINED = 'not defined';
export function numOrNotDefined(value) {
  return value == null ? NOT_DEFINED : num(value);
}

/** Full precision, as NumPy's repr prints a float64. */
export function full(value) {
  return String(value);
}

export function shapeText(rows, cols) {
  return `(${rows}, ${cols})`;
}

/** A label cut to `n` characters, with an ellipsis when it was longer. */
export function truncate(text, n) {
  return text.length > n ? `${text.slice(0, n - 1)}…` : text;
}
