// Sentences that must follow what the inputs really are, on the real wasm (audit 34):
// what the embedding table is for each source. Every expectation follows the core's numbers.
import { describe, it, expect, beforeAll } from 'vitest';
import { loadCore } from './load-core.js';
import { parametersNote } from '../../web/src/views/flow/text.js';
import { tableStatus } from '../../web/src/views/shared/vector-kind.js';
import { buildLabReport, labMarkdown } from '../../web/src/vectors/report.js';

let core;
beforeAll(async () => {
  core = await loadCore();
});

describe('the embedding table is said as what it is, for each source', () => {
  it('the flow’s training report: one-hot rows, GloVe’s pretrained rows of the whole table, a file that cannot be judged', () => {
    const row = (options) => core.trainingReport({ form: 'free', ...options }).matrices[0];
    expect(row({}).origin).toMatch(/^np\.random\.default_rng/);
    const onehot = row({ source: 'onehot' });
    expect(onehot.origin).toMatch(/^one-hot rows/);
    expect(onehot.origin).not.toMatch(/random|NumPy/);
    const rows = { name: 'GloVe subset', words: ['bank', 'of', 'the', 'river'], dim: 2, data: new Float32Array([1, 0, 0, 1, 1, 1, 2, 1]) };
    const glove = row({ source: 'pretrained', pretrained: { ...rows, totalWords: 20001, knownTrained: true } });
    expect([glove.shape.rows, glove.shape.cols]).toEqual([20001, 2]);
    expect(glove.origin).toMatch(/^GloVe subset: pretrained rows, trained elsewhere/);
    const file = row({ source: 'pretrained', pretrained: { ...rows, name: 'your file “v.txt”', totalWords: 9 } });
    expect(file.shape.rows).toBe(9);
    expect(file.origin).toMatch(/cannot tell how they were made/);
    expect(file.origin).not.toMatch(/trained elsewhere|pretrained/);
  });

  it('the parameters note and the lab name the table for the source; a file’s vectors are not called trained', () => {
    const r = core.flow({ form: 'free' });
    expect(parametersNote(r, 'numpy')).toMatch(/the NumPy notebook never trains it/);
    for (const source of ['onehot', 'glove', 'file']) {
      expect(parametersNote(r, source)).not.toMatch(/NumPy notebook never trains/);
      expect(parametersNote(r, source)).toContain(tableStatus(source));
    }
    expect(tableStatus('file')).toMatch(/cannot tell/);
    expect(tableStatus('file')).not.toMatch(/trained elsewhere/);
    expect(tableStatus('onehot')).not.toMatch(/random/);

    const e = core.bankExperiment({});
    const state = { source: 'file', sentence: 'Bank of the river', sentence2: 'bank account has money', target: 'bank', scale: true, causal: false, embedSeed: 0, projSeed: 1 };
    const report = buildLabReport({ ...e, first: { ...e.first, oov: { missing: [], policy: 'zero', caseNote: '' }, sourceName: 'your file “v.txt”' } }, state, { fileName: 'v.txt' });
    expect(report.trained_but_frozen).toEqual([]);
    expect(report.frozen_of_unknown_origin.map((p) => p.name)).toEqual(['embedding table']);
    expect(report.frozen_of_unknown_origin[0].how).toMatch(/cannot tell/);
    expect(labMarkdown(report)).not.toMatch(/Trained, but frozen/);
    const glove = buildLabReport({ ...e, first: { ...e.first, oov: { missing: [], policy: 'zero', caseNote: '' }, sourceName: 'GloVe' } }, { ...state, source: 'glove' }, {});
    expect(glove.trained_but_frozen.map((p) => p.name)).toEqual(['embedding table']);
    expect(glove.frozen_of_unknown_origin).toEqual([]);
  });
});
