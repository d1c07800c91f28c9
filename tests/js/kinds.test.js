// Other kinds of attention (issue 16, item 5) on the real wasm: the core's attentionKinds report
// against real NumPy and PyTorch (tests/fixtures/numpy_kinds.json, torch_kinds.json, written by
// scripts/make_kinds_golden.py), and the section's sentences, which must follow those numbers.
import { describe, it, expect, beforeAll } from 'vitest';
import { readFileSync } from 'node:fs';
import { loadCore } from './load-core.js';
import { matrixAt } from '../../web/src/core/attention-core.js';
import { batchText, crossText, mhaText, minMaxText, transposeText, uniformText } from '../../web/src/views/qkv/kinds.js';
import { num } from '../../web/src/format.js';
import { ROUNDING_EPSILONS } from '../../web/src/views/shared/thresholds.js';

const fixture = (name) => JSON.parse(readFileSync(new URL(`../fixtures/${name}.json`, import.meta.url), 'utf8'));
const numpyKinds = fixture('numpy_kinds');
const torchKinds = fixture('torch_kinds');
let core;
beforeAll(async () => {
  core = await loadCore();
});

/** Largest |ours - theirs| of a core matrix against a JSON matrix (null = -infinity). */
function maxDiff(ours, theirs) {
  expect(ours.rows).toBe(theirs.length);
  expect(ours.cols).toBe(theirs[0].length);
  let worst = 0;
  theirs.forEach((row, i) => row.forEach((v, j) => {
    const a = matrixAt(ours, i, j);
    const b = v === null ? -Infinity : v;
    if (a !== b) worst = Math.max(worst, Math.abs(a - b));
  }));
  return worst;
}
const tokens = (report) => Array.from(report.tokens, (t) => t.text);
const run = (pair, extra = {}) => core.attentionKinds({ sentence: pair.sentence_a, sentence2: pair.sentence_b, ...extra });

describe('attentionKinds (wasm) against NumPy', () => {
  it('cross-attention, padded batch, concatenation with and without the block mask, uniform, min–max, Q·K', () => {
    expect(numpyKinds.pairs).toHaveLength(3);
    for (const p of numpyKinds.pairs) {
      const k = run(p);
      expect(k.float32).toBe(false);
      expect(maxDiff(k.cross.scores, p.cross.scores)).toBeLessThan(1e-13);
      expect(maxDiff(k.cross.attn_weights, p.cross.attn_weights)).toBeLessThan(1e-14);
      expect(maxDiff(k.cross.Y, p.cross.Y)).toBeLessThan(1e-13);
      expect([k.cross.scores.rows, k.cross.scores.cols]).toEqual([p.keys_a.length, p.keys_b.length]);
      expect(k.batch.nMax).toBe(p.batch.n_max);
      for (const b of [0, 1]) {
        expect(maxDiff(k.batch.scores[b], p.batch.scores[b])).toBeLessThan(1e-13);
        expect(maxDiff(k.batch.attn_weights[b], p.batch.attn_weights[b])).toBeLessThan(1e-14);
      }
      expect(maxDiff(k.concat.attn_weights, p.concat.attn_weights)).toBeLessThan(1e-14);
      expect(maxDiff(k.concat.maskedScores, p.concat.masked_scores)).toBeLessThan(1e-13);
      expect(maxDiff(k.concat.maskedWeights, p.concat.masked_attn_weights)).toBeLessThan(1e-14);
      expect(maxDiff(k.concat.maskedY, p.concat.masked_Y)).toBeLessThan(1e-13);
      p.concat.cross_share_plain.forEach((v, i) => expect(Math.abs(k.concat.crossSharePlain[i] - v)).toBeLessThan(1e-14));
      expect(Array.from(k.concat.crossShareMasked).every((v) => v === 0)).toBe(true);
      expect(k.concat.maskedVsBatchedMaxDiff).toBeLessThan(1e-14);
      expect(Math.abs(k.concat.plainVsBatchedMaxDiff - p.concat.plain_vs_batched_max_diff)).toBeLessThan(1e-13);
      expect(maxDiff(k.uniform.Y, p.uniform.Y)).toBeLessThan(1e-15);
      expect(p.uniform.row_spread).toBe(0);
      expect(k.uniform.rowSpread).toBeLessThan(1e-15);
      expect(Math.abs(k.uniform.attentionRowSpread - p.uniform.attention_row_spread)).toBeLessThan(1e-13);
      expect(maxDiff(k.minMax.weights, p.min_max.weights)).toBeLessThan(1e-14);
      expect(Array.from(k.minMax.minKey)).toEqual(p.min_max.min_key);
      expect(Array.from(k.minMax.maxKey)).toEqual(p.min_max.max_key);
      p.min_max.row_sums.forEach((v, i) => expect(Math.abs(k.minMax.rowSums[i] - v)).toBeLessThan(1e-13));
      if (p.transpose.numpy_error === null) {
        expect(k.transpose.hasShape).toBe(true);
        expect(maxDiff(k.transpose.product, p.transpose.product)).toBeLessThan(1e-13);
      } else {
        expect(k.transpose.hasShape).toBe(false);
        expect(k.transpose.error).toContain(`Q is (${p.keys_a.length}, 8) and K is (${p.keys_a.length}, 8)`);
        expect(p.transpose.numpy_error).toContain(`size ${p.keys_a.length} is different from 8`);
      }
    }
  });
});

describe('attentionKinds (wasm) against PyTorch', () => {
  it('nn.MultiheadAttention(X_A, X_A, X_A) and (X_A, X_B, X_B) with 1 and 2 heads; cross-attention in float32', () => {
    for (const p of torchKinds.pairs) {
      for (const heads of ['heads1', 'heads2']) {
        const k = run(p, { source: 'torch', mhaHeads: p[heads].num_heads });
        expect(k.float32).toBe(true);
        expect(k.mha.usesPageVectors).toBe(true);
        expect(maxDiff(k.mha.self.attn_weights, p[heads].self_weights)).toBeLessThan(2e-7);
        expect(maxDiff(k.mha.self.output, p[heads].self_output)).toBeLessThan(2e-6);
        expect(maxDiff(k.mha.cross.attn_weights, p[heads].cross_weights)).toBeLessThan(2e-7);
        expect(maxDiff(k.mha.cross.output, p[heads].cross_output)).toBeLessThan(2e-6);
        expect(maxDiff(k.cross.attn_weights, p.cross.attn_weights)).toBeLessThan(2e-7);
        expect(Boolean(k.mha.keyValueError)).toBe(p.key_value_error != null);
      }
      // NumPy mode: the module still gets the PyTorch notebook's rows and weights
      const np = run(p);
      expect(np.mha.usesPageVectors).toBe(false);
      expect(maxDiff(np.mha.cross.attn_weights, p.heads1.cross_weights)).toBeLessThan(2e-7);
    }
  });
});

describe('the section’s sentences follow the numbers', () => {
  const [bankPair, noaPair, londonPair] = numpyKinds.pairs;

  it('cross: the shapes named are the matrices’ shapes, and the equal-length remark only when n_A = n_B', () => {
    const equal = crossText(run(bankPair)).join(' ');
    expect(equal).toContain('scores is (4, 4)');
    expect(equal).toContain('Both sentences have 4 words');
    const noa = crossText(run(noaPair)).join(' ');
    expect(noa).toContain('scores is (10, 4)');
    expect(noa).toContain('Y = A V is (10, 8)');
    expect(noa).not.toContain('Both sentences have');
  });

  it('mha: the refusal of mha(X_A, X_B, X_A) is quoted only when the lengths differ; where X comes from', () => {
    const same = mhaText(run(bankPair)).join(' ');
    expect(same).toContain('(4, 4)');
    expect(same).toContain('would run');
    expect(same).toContain('PyTorch notebook’s own table');
    const differ = mhaText(run(noaPair, { source: 'torch' })).join(' ');
    expect(differ).toContain('weights are (10, 4)');
    expect(differ).toContain('“key has 4 tokens but value has 10');
    expect(differ).toContain('page’s rows in PyTorch mode');
  });

  it('batch: shapes, padding only when the lengths differ, the shares across and the masked equality', () => {
    const k = run(noaPair);
    const text = batchText(k, tokens(k.a), tokens(k.b)).join(' ');
    expect(text).toContain('(2, 10, 10)');
    expect(text).toContain('6 padding keys');
    expect(text).toContain('scores is (14, 14)');
    const max = k.concat.crossSharePlainMaxRow;
    expect(text).toContain(num(k.concat.crossSharePlain[max]));
    expect(text).toContain('exactly 0 in every row');
    expect(text).toContain('equal the batched ones');
    const equal = batchText(run(bankPair), ['Bank', 'of', 'the', 'river'], ['bank', 'account', 'has', 'money']).join(' ');
    expect(equal).toContain('(2, 4, 4)');
    expect(equal).not.toContain('padded');
  });

  it('batch in PyTorch mode: float32 rounding between the masked concatenation and the batch is called rounding', () => {
    for (const pair of [bankPair, noaPair]) {
      const k = run(pair, { source: 'torch' });
      expect(k.float32).toBe(true);
      expect(k.epsilon).toBe(2 ** -23);
      expect(k.concat.maskedVsBatchedRelative).toBeLessThanOrEqual(ROUNDING_EPSILONS * k.epsilon);
      const text = batchText(k, tokens(k.a), tokens(k.b)).join(' ');
      expect(text).toContain('equal the batched ones');
      expect(text).not.toContain('outputs differ from the batched ones (largest');
      if (k.concat.maskedVsBatchedMaxDiff > 0) expect(text).toContain('rounding in float32');
    }
    // the same sentence for a difference well above float32's rounding is a difference
    const k = run(bankPair, { source: 'torch' });
    const off = { ...k, concat: { ...k.concat, maskedVsBatchedMaxDiff: 0.05, maskedVsBatchedRelative: 0.05 } };
    expect(batchText(off, tokens(k.a), tokens(k.b)).join(' ')).toContain('differ from the batched ones (largest difference 0.0500)');
  });

  it('uniform: every row the same (spread 0) against attention’s rows that differ', () => {
    const k = run(bankPair);
    expect(k.uniform.rowSpread).toBeLessThan(1e-15);
    const text = uniformText(k).join(' ');
    expect(text).toContain('1/4 = 0.2500');
    expect(text).toContain('every row of its Y is the same vector');
    expect(text).toContain(`differ, by up to ${num(k.uniform.attentionRowSpread)}`);
    const one = uniformText(core.attentionKinds({ sentence: 'bank' })).join(' ');
    expect(one).toContain('With one word there is nothing to mix');
  });

  it('min–max: the word with 0 and the row sum are the core’s; one word has no range', () => {
    const k = run(bankPair);
    const words = tokens(k.a);
    const text = minMaxText(k, words).join(' ');
    expect(text).toContain(`“${words[k.minMax.minKey[0]]}” gets 0.0000`);
    expect(text).toContain(`sums to ${num(k.minMax.rowSums[0])}, not 1`);
    expect(k.minMax.rowSums[0]).not.toBeCloseTo(1, 3);
    const one = core.attentionKinds({ sentence: 'bank' });
    expect(minMaxText(one, ['bank']).join(' ')).toContain('no range (one key)');
  });

  it('transpose: the core’s message for (4, 8)·(4, 8); with 8 words Q·K has a shape and the text warns', () => {
    const k = run(bankPair);
    expect(k.transpose.error).toBe('Q·K cannot be computed: Q is (4, 8) and K is (4, 8); a matrix product needs the columns of Q (8) to equal the rows of K (4).');
    expect(transposeText(k).join(' ')).toContain('the core refuses');
    const eight = run(londonPair);
    expect(eight.transpose.hasShape).toBe(true);
    expect(transposeText(eight).join(' ')).toContain('exactly d_k = 8 words');
  });

  it('bad input: an empty sentence B is refused with a message', () => {
    expect(() => core.attentionKinds({ sentence: 'Bank of the river', sentence2: '  ' })).toThrow(/Sentence B has no words/);
  });
});
