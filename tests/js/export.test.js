// The export formats: .npy bytes identical to numpy.save's (fixtures written by NumPy 1.24 with
// scripts/make_npy_fixture.py), and CSV/JSON that keep every bit of every double.
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { matrixNpy, matrixCsv, matricesJson, numberText, fileStem } from '../../web/src/components/export-formats.js';
import { loadCore } from './load-core.js';

const fixture = (name) => new Uint8Array(readFileSync(new URL(`../fixtures/npy/${name}`, import.meta.url)));

describe('.npy', () => {
  it('matches numpy.save byte for byte', () => {
    const cases = [
      ['matrix_3x2.npy', { name: 'm', rows: 3, cols: 2, data: [0.1, -2.5e-300, -Infinity, 1 / 3, 123456789.125, -0] }],
      ['matrix_1x1.npy', { name: 'm', rows: 1, cols: 1, data: [1] }],
      ['matrix_4x10.npy', { name: 'm', rows: 4, cols: 10, data: Array.from({ length: 40 }, (_, k) => k / 7) }],
    ];
    for (const [file, m] of cases) expect(matrixNpy(m)).toEqual(fixture(file));
  });

  it('refuses a shape that does not match the values', () => {
    expect(() => matrixNpy({ name: 'X', rows: 2, cols: 2, data: [1, 2, 3] })).toThrow(/shape \(2, 2\)/);
  });

  it('holds a core matrix exactly', async () => {
    const core = await loadCore();
    const { attn_weights: A } = core.workbench({ causal: true }).projected;
    const bytes = matrixNpy({ name: 'attn_weights', ...A });
    const values = new Float64Array(bytes.buffer.slice(bytes.length - 8 * A.data.length));
    expect(Array.from(values)).toEqual(Array.from(A.data));
    expect((bytes.length - 8 * A.data.length) % 64).toBe(0);
  });
});

describe('CSV and JSON', () => {
  const m = { name: 'scores', rows: 2, cols: 2, data: [0.1 + 0.2, -Infinity, 1e-7, -0], rowLabels: ['Bank', 'a,"b"'], colLabels: ['Bank', 'of'], rowAxis: 'queries', colAxis: 'keys' };

  it('writes labels, quotes what needs quoting, and round-trips every value', () => {
    const csv = matrixCsv(m);
    expect(csv).toBe('queries \\ keys,Bank,of\nBank,0.30000000000000004,-inf\n"a,""b""",1e-7,-0.0\n');
    expect(Number(csv.split('\n')[1].split(',')[1])).toBe(0.1 + 0.2);
  });

  it('keeps a label that a spreadsheet would run as a formula as text', () => {
    expect(matrixCsv({ ...m, rowLabels: ['=cmd()', '-1'] }).split('\n')[1].startsWith('"=cmd()"')).toBe(true);
  });

  it('keys JSON by the notebook name, with the shape and non-finite values as NumPy spells them', () => {
    const obj = JSON.parse(matricesJson([m]));
    expect(obj.scores.shape).toEqual([2, 2]);
    expect(obj.scores.values).toEqual([[0.30000000000000004, '-inf'], [1e-7, '-0.0']]);
    expect(obj.scores.row_labels).toEqual(['Bank', 'a,"b"']);
  });

  it('names files as the notebook does', () => {
    expect(fileStem('attn_weights')).toBe('attn_weights');
    expect(fileStem('Y = A X')).toBe('Y_A_X');
    expect(fileStem('../../etc')).toBe('.._.._etc');
    expect(numberText(NaN)).toBe('nan');
  });
});
