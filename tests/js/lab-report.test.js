// The assignment export: the NumPy script it writes, run with Debian's Python and NumPy,
// recomputes the core's attention weights and cosines from the same vectors.
import { describe, it, expect, beforeAll } from 'vitest';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCore } from './load-core.js';
import { buildLabReport, labMarkdown, labNumpyScript } from '../../web/src/vectors/report.js';

let core;
let glove;
beforeAll(async () => {
  core = await loadCore();
  const parser = core.vectorFileParser({});
  try {
    parser.feed(new Uint8Array(readFileSync(new URL('../fixtures/glove_small.txt', import.meta.url))));
    parser.finish();
    const r = parser.result();
    glove = { name: 'glove_small', words: Array.from(r.words), dim: r.dim, data: r.data };
  } finally {
    parser.delete();
  }
});

const BASE = { sentence: 'Bank of the river', sentence2: 'bank account has money', target: 'bank', scale: true, causal: false, embedSeed: 0, projSeed: 1, tieWidths: true, oov: 'zero' };

function runScript(script) {
  const dir = mkdtempSync(join(tmpdir(), 'aw-lab-'));
  const file = join(dir, 'report.py');
  writeFileSync(file, script);
  return JSON.parse(execFileSync('/usr/bin/python3', [file], { encoding: 'utf8' }));
}

function close(a, b, tol) {
  if (a == null || b == null) return expect(a ?? null).toBe(b ?? null);
  expect(Math.abs(a - b)).toBeLessThanOrEqual(tol);
}

const CASES = [
  ['GloVe rows, every word found', { source: 'pretrained', pretrained: () => glove }, 1e-9],
  ['GloVe rows, missing words get random vectors, causal', { source: 'pretrained', pretrained: () => glove, sentence: 'a bank of the zzzq river', oov: 'random', causal: true }, 1e-9],
  ['GloVe rows, missing words skipped', { source: 'pretrained', pretrained: () => glove, sentence: 'a bank of the river', oov: 'skip' }, 1e-9],
  ['NumPy notebook table', { source: 'numpy', dModel: 8, dK: 8, dV: 8 }, 1e-9],
  ['one-hot', { source: 'onehot', sentence2: 'the bank has money' }, 1e-9],
  ['PyTorch notebook (float32)', { source: 'torch', dModel: 8, dK: 8, dV: 8 }, 1e-5],
];

describe('the exported NumPy script reproduces the core', () => {
  for (const [name, extra, tol] of CASES) {
    it(name, () => {
      const state = { ...BASE, ...extra, pretrained: undefined };
      const options = { ...state, pretrained: extra.pretrained?.() };
      const experiment = core.bankExperiment(options);
      const report = buildLabReport(experiment, { ...state, source: extra.source === 'pretrained' ? 'file' : extra.source }, { fileName: 'glove_small.txt' });
      const out = runScript(labNumpyScript(report));
      const A1 = experiment.first.projected.attn_weights;
      expect(out.shapes_1.attn_weights).toEqual([A1.rows, A1.cols]);
      out.attn_weights_1.flat().forEach((v, i) => close(v, A1.data[i], tol));
      out.attn_weights_2.flat().forEach((v, i) => close(v, experiment.second.projected.attn_weights.data[i], tol));
      out.row_sums_1.forEach((v, i) => close(v, experiment.first.row_sums[i], tol));
      for (const c of experiment.cosines) close(out.cosines[c.name], c.value, tol);
      for (const c of experiment.contextualVsRawWords) close(out.contextual_vs_raw_words[c.name], c.value, tol);
      const md = labMarkdown(report);
      expect(md).toContain(`d_model = ${experiment.first.dModel}`);
      expect(md).toContain('## What stays untrained');
    });
  }
});
