// The wasm core against the golden fixtures written from real NumPy and PyTorch runs.
import { describe, it, expect, beforeAll } from 'vitest';
import { readFileSync } from 'node:fs';
import { loadCore } from './load-core.js';

const fixture = (name) => JSON.parse(readFileSync(new URL(`../fixtures/${name}.json`, import.meta.url), 'utf8'));

// Flattens a fixture matrix (list of rows, nulls for -inf) to compare with {rows, cols, data}.
function expectClose(label, ours, theirs, tol) {
  const rows = Array.isArray(theirs[0]) ? theirs : [theirs];
  const flat = rows.flat().map((v) => (v === null ? -Infinity : v));
  const data = ours.data ?? ours;
  expect(data.length, `${label}: size`).toBe(flat.length);
  let worst = 0;
  flat.forEach((v, k) => {
    if (v !== data[k]) worst = Math.max(worst, Math.abs(v - data[k]));
  });
  expect(worst, `${label}: max |diff|`).toBeLessThanOrEqual(tol);
}

function optionsFrom(config) {
  const torch = config.source === 'torch';
  return {
    sentence: config.sentence1,
    sentence2: config.sentence2,
    source: config.source,
    dModel: config.d_model,
    dK: config.d_k,
    dV: config.d_v,
    embedSeed: torch ? config.seed : config.embed_seed,
    projSeed: torch ? 1 : config.proj_seed,
    scale: config.scale,
    causal: config.causal,
  };
}

function checkSentence(report, golden, tol) {
  for (const name of ['X']) expectClose(name, report[name], golden[name], tol);
  for (const name of ['Q', 'K', 'V', 'raw_scores', 'scores', 'attn_weights', 'Y']) expectClose(name, report.projected[name], golden[name], tol);
  expectClose('row_sums', report.row_sums, golden.row_sums, tol);
  if (golden.Y_literal) {
    expectClose('Y_literal', report.projected.Y_literal, golden.Y_literal, tol);
    expectClose('y1_manual', report.y1_manual, golden.y1_manual, tol);
    expect(report.y1_allclose).toBe(golden.allclose_Y_literal0_y1_manual);
  }
  if (golden.param_free) {
    expectClose('S', report.paramFree.S, golden.param_free.S, tol);
    expectClose('A', report.paramFree.attn_weights, golden.param_free.A, tol);
    expectClose('param-free Y', report.paramFree.Y, golden.param_free.Y, tol);
  }
}

let core;
beforeAll(async () => {
  core = await loadCore();
});

describe.each(['numpy_notebook', 'numpy_seed3_d16', 'numpy_dk4_dv6_causal_noscale'])('NumPy fixture %s (1e-12)', (name) => {
  it('reproduces the table, the projections, both sentences and the cosines', () => {
    const g = fixture(name);
    const r = core.bankExperiment(optionsFrom(g.config));
    const words = Array.from(r.second.table.words);
    for (const [word, vector] of Object.entries(g.embedding_table.vectors)) {
      const i = words.indexOf(word);
      expect(i, word).toBeGreaterThanOrEqual(0);
      expectClose(word, r.second.table.vectors.data.subarray(i * vector.length, (i + 1) * vector.length), vector, 0);
    }
    expectClose('W_q', r.first.W_q, g.W_q, 0);
    expectClose('W_k', r.first.W_k, g.W_k, 0);
    expectClose('W_v', r.first.W_v, g.W_v, 0);
    checkSentence(r.first, g.sentence1, 1e-12);
    checkSentence(r.second, g.sentence2, 1e-12);
    const cos = Object.fromEntries(r.cosines.map((c) => [c.name, c.value]));
    const pairs = {
      raw_target_vs_raw_river: 'raw_bank_vs_raw_river',
      contextual_target_vs_raw_river: 'contextual_bank_vs_raw_river',
      raw_target_across_sentences: 'raw_bank_across_sentences',
      contextual_target_across_sentences: 'contextual_bank_across_sentences',
      contextual_target_vs_raw_money: 'river_sentence_contextual_bank_vs_raw_money',
    };
    for (const [ours, theirs] of Object.entries(pairs)) {
      if (theirs in g.cosines) expect(Math.abs(cos[ours] - g.cosines[theirs]), ours).toBeLessThanOrEqual(1e-12);
      else expect(cos[ours], `${ours} is undefined`).toBeNull();
    }
  });
});

describe.each(['torch_notebook', 'torch_seed5_d16'])('PyTorch fixture %s (1e-6)', (name) => {
  it('reproduces the parameters bit for bit and the outputs within 1e-6', () => {
    const g = fixture(name);
    const r = core.bankExperiment(optionsFrom(g.config));
    expect(Array.from(r.second.table.words)).toEqual(g.vocab);
    expectClose('embedding.weight', r.second.table.vectors, g.params['embedding.weight'], 0);
    checkSentence(r.first, g.sentence1, 1e-6);
    checkSentence(r.second, g.sentence2, 1e-6);
    expect(r.rawTargetVectorsEqual).toBe(g.cosines.raw_bank_equal);
    const contextual = r.cosines.find((c) => c.name === 'contextual_target_across_sentences').value;
    expect(Math.abs(contextual - g.cosines.contextual_bank_cosine_float64)).toBeLessThan(1e-6);
  });
});

describe('PyTorch one-head nn.MultiheadAttention (1e-6)', () => {
  it('reproduces in_proj/out_proj from the stream, Y_mha and the weights', () => {
    const g = fixture('torch_notebook');
    const r = core.workbench(optionsFrom(g.config));
    expectClose('in_proj_weight', r.mha.in_proj_weight, g.params['mha.in_proj_weight'], 0);
    expectClose('out_proj.weight', r.mha.out_proj_weight, g.params['mha.out_proj.weight'], 0);
    expectClose('Y_mha', r.mha.Y_mha, g.mha.Y_mha, 1e-6);
    expectClose('attn_weights_mha', r.mha.attn_weights_mha, g.mha.attn_weights_mha, 1e-6);
  });
});

describe('the values recorded in the Class 05 notes', () => {
  it('PyTorch contextual-bank cosine 0.814038…', () => {
    const r = core.bankExperiment({ source: 'torch', sentence: 'bank of the river', sentence2: 'bank account has money' });
    const contextual = r.cosines.find((c) => c.name === 'contextual_target_across_sentences').value;
    expect(contextual.toFixed(6)).toBe('0.814038');
    expect(r.rawTargetVectorsEqual).toBe(true);
  });
});
