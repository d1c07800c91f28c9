// File formats for exporting a matrix, as pure functions (no DOM), so Node tests can check the
// bytes. Numbers are written at full precision: JavaScript's shortest round-trip form of the
// double, which parses back to the same bits (as NumPy's repr does). JSON and CSV have no
// infinities, so non-finite values are written as NumPy spells them: -inf, inf, nan.

/** @typedef {{name: string, rows: number, cols: number, data: ArrayLike<number>,
 *   rowLabels?: string[], colLabels?: string[], rowAxis?: string, colAxis?: string}} ExportMatrix */

/** A double as text that parses back to the same value (Python float() and np.loadtxt read it). */
export function numberText(v) {
  if (Number.isNaN(v)) return 'nan';
  if (v === Infinity) return 'inf';
  if (v === -Infinity) return '-inf';
  if (Object.is(v, -0)) return '-0.0';
  return String(v);
}

/** A name usable as a file name: the notebook's variable name where there is one ("attn_weights"). */
export function fileStem(name) {
  const stem = String(name).trim().replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/^_+|_+$/g, '');
  return stem || 'matrix';
}

function csvField(text) {
  const s = String(text);
  return /[",\n\r]/.test(s) || /^[=+\-@\t]/.test(s) && !/^-?[\d.]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * CSV with a header row of column labels and a first column of row labels
 * (the corner cell names both axes). `np.genfromtxt(f, delimiter=',', skip_header=1)[:, 1:]`
 * gives the matrix back.
 * @param {ExportMatrix} m
 */
export function matrixCsv(m) {
  const { rows, cols, data } = m;
  const colLabels = m.colLabels ?? Array.from({ length: cols }, (_, j) => String(j));
  const rowLabels = m.rowLabels ?? Array.from({ length: rows }, (_, i) => String(i));
  const corner = `${m.rowAxis ?? 'row'} \\ ${m.colAxis ?? 'column'}`;
  const lines = [[corner, ...colLabels].map(csvField).join(',')];
  for (let i = 0; i < rows; i++) {
    const values = [];
    for (let j = 0; j < cols; j++) values.push(numberText(data[i * cols + j]));
    lines.push([csvField(rowLabels[i]), ...values].join(','));
  }
  return `${lines.join('\n')}\n`;
}

function jsonValue(v) {
  return Number.isFinite(v) && !Object.is(v, -0) ? v : numberText(v);
}

/** One matrix as a plain object: its name, shape, labels and values as a list of rows. */
function matrixObject(m) {
  const { rows, cols, data } = m;
  const values = [];
  for (let i = 0; i < rows; i++) {
    const row = [];
    for (let j = 0; j < cols; j++) row.push(jsonValue(data[i * cols + j]));
    values.push(row);
  }
  return {
    name: m.name, shape: [rows, cols],
    rows: m.rowAxis ?? null, columns: m.colAxis ?? null,
    row_labels: m.rowLabels ?? null, column_labels: m.colLabels ?? null,
    values,
  };
}

/**
 * JSON of one or more matrices, keyed by name: {"X": {...}, "W_q": {...}}.
 * `np.array(obj["X"]["values"], dtype=float)` gives the matrix back (also "-inf" strings).
 * @param {ExportMatrix[]} matrices  @param {object} [about]  stored under "about"
 */
export function matricesJson(matrices, about) {
  const out = {};
  if (about) out.about = about;
  for (const m of matrices) out[m.name] = matrixObject(m);
  return `${JSON.stringify(out, null, 1)}\n`;
}

/**
 * A NumPy .npy file (format version 1.0) of a row-major matrix: little-endian float64 ('<f8'),
 * C order, header padded with spaces to a multiple of 64 bytes as numpy.save writes it.
 * @returns {Uint8Array}
 */
export function matrixNpy(m) {
  const { rows, cols, data } = m;
  if (!(Number.isInteger(rows) && Number.isInteger(cols) && rows >= 0 && cols >= 0 && data.length === rows * cols)) {
    throw new Error(`cannot write ${m.name}: shape (${rows}, ${cols}) does not match ${data.length} values`);
  }
  let header = `{'descr': '<f8', 'fortran_order': False, 'shape': (${rows}, ${cols}), }`;
  const preamble = 10; // magic (6) + version (2) + header length (2)
  const total = Math.ceil((preamble + header.length + 1) / 64) * 64;
  header = `${header.padEnd(total - preamble - 1, ' ')}\n`;
  const bytes = new Uint8Array(total + 8 * rows * cols);
  bytes.set([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0], 0); // \x93NUMPY, version 1.0
  const view = new DataView(bytes.buffer);
  view.setUint16(8, header.length, true);
  for (let k = 0; k < header.length; k++) bytes[preamble + k] = header.charCodeAt(k);
  for (let k = 0; k < rows * cols; k++) view.setFloat64(total + 8 * k, data[k], true);
  return bytes;
}
