// The JavaScript API over the real wasm module, as the page and docs authors use it.
import { describe, it, expect, beforeAll } from 'vitest';
import { loadCore, loadScalarCore } from './load-core.js';
import { matrixAt, matrixRow } from '../../web/src/core/attention-core.js';

let core;
beforeAll(async () => {
  core = await loadCore();
});

function maxAbsDiff(a, b) {
  expect(a.length).toBe(b.length);
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i] - b[i]));
  return worst;
}

describe('the core in parts (wasm/CMakeLists.txt)', () => {
  it('every view’s part refuses a chapter’s code by saying so, and each chapter’s part has it', async () => {
    const notHere = /is not in this part of the core/;
    expect(() => core.createEncoderModel(new Uint8Array(8))).toThrow(notHere);
    expect(() => core.createTrainer({ inputs: 'random' })).toThrow(notHere);
    expect(() => core.createSpaceData(new Float32Array(6), 3, 2)).toThrow(notHere);
    expect(() => core.senseSentences()).toThrow(notHere);
    const [encoder, space, train] = await Promise.all(['encoder', 'space', 'train'].map(loadCore));
    expect(() => encoder.createEncoderModel(new Uint8Array(8))).toThrow(/cut short|not an Attention Whiteboard/);
    expect(() => space.createSpaceData(new Float32Array(6), 3, 2)).toThrow(/zero vector/);
    const trainer = train.createTrainer({ inputs: 'random' });
    expect(trainer.counts().step).toBe(0);
    trainer.delete();
    expect(space.senseSentences().length).toBe(112);
    expect(train.taskVocabulary()).toEqual(space.taskVocabulary());
    // a chapter's part carries only what its worker needs
    expect(() => encoder.workbench({})).toThrow(notHere);
    expect(() => space.createTrainer({ inputs: 'random' })).toThrow(notHere);
  });
});

describe('module start-up', () => {
  it('reports a SIMD build and the course vocabulary', () => {
    expect(core.info.simd).toBe(true);
    expect(core.info.courseVocab).toEqual(['bank', 'of', 'the', 'river', 'account', 'money', 'has', 'today']);
  });
});

describe('errors cross the boundary without leaking', () => {
  it('a refused call leaves no JS value held by the core, and a refused parser reports at first use', () => {
    // guarded() returns the error and the wrapper throws it: a throw from C++ would have left the
    // call's arguments and the Error in the core's handle table for ever (issue 20).
    const handles = () => core.module.count_emval_handles();
    expect(() => core.workbench({ sentence: '' })).toThrow(/token/);
    const before = handles();
    for (let i = 0; i < 50; i++) {
      expect(() => core.workbench({ sentence: '', dModel: 8 })).toThrow(/token/);
      expect(() => core.cosine([1, 2], [1])).toThrow();
    }
    expect(handles()).toBe(before);
    const parser = core.vectorFileParser({ format: 'xml' });
    expect(() => parser.feed(new Uint8Array([65]))).toThrow(/option 'format'/);
    expect(() => parser.result()).toThrow(/option 'format'/);
    parser.delete();
  });
});

describe('workbench', () => {
  it('gives every stage of the class example with its shape', () => {
    const r = core.workbench({});
    expect(r.tokens.map((t) => t.text)).toEqual(['Bank', 'of', 'the', 'river']);
    expect([r.X.rows, r.X.cols]).toEqual([4, 8]);
    expect([r.projected.scores.rows, r.projected.scores.cols]).toEqual([4, 4]);
    expect(r.X.data).toBeInstanceOf(Float64Array);
    const shapes = Object.fromEntries(r.shapes.map((s) => [s.name, [s.rows, s.cols]]));
    expect(shapes).toMatchObject({ X: [4, 8], W_q: [8, 8], Q: [4, 8], attn_weights: [4, 4], Y: [4, 8] });
    for (const s of r.row_sums) expect(Math.abs(s - 1)).toBeLessThan(1e-12);
  });

  it('reproduces the values the Class 05 notes record: Y_literal[0][:3]', () => {
    const r = core.workbench({});
    const recorded = [0.3247, 0.5943, 0.2543];
    recorded.forEach((v, f) => expect(Math.abs(matrixAt(r.projected.Y_literal, 0, f) - v)).toBeLessThan(5e-5));
    // For "Bank" the largest weight goes to "the", as the notes point out.
    const row0 = Array.from(matrixRow(r.projected.attn_weights, 0));
    expect(row0.indexOf(Math.max(...row0))).toBe(2);
  });

  it('follows independent widths d_model, d_k and d_v', () => {
    const r = core.workbench({ dModel: 16, dK: 4, dV: 6 });
    expect([r.W_q.rows, r.W_q.cols, r.W_v.cols]).toEqual([16, 4, 6]);
    expect([r.projected.Y.rows, r.projected.Y.cols]).toEqual([4, 6]);
    expect(r.projected.scale_divisor).toBe(2);
  });

  it('applies the causal mask: zeros above the diagonal', () => {
    const r = core.workbench({ causal: true });
    for (let i = 0; i < 4; i++) for (let j = i + 1; j < 4; j++) expect(matrixAt(r.projected.attn_weights, i, j)).toBe(0);
    expect(matrixAt(r.projected.scores, 0, 1)).toBe(-Infinity);
  });

  it('computes the PyTorch notebook source in float', () => {
    const r = core.workbench({ source: 'torch' });
    for (const s of r.row_sums) expect(Math.abs(s - 1)).toBeLessThan(1e-6);
    // float32 values survive the trip exactly
    expect(Math.fround(r.X.data[0])).toBe(r.X.data[0]);
  });

  it('reports words outside the vocabulary and keeps the course words\' vectors', () => {
    const r = core.workbench({ sentence: 'the cat sat by the river' });
    expect(Array.from(r.table.added)).toEqual(['cat', 'sat', 'by']);
    expect(r.notices.join(' ')).toContain('"cat", "sat", "by"');
    const base = core.workbench({});
    expect(Array.from(matrixRow(r.X, 5))).toEqual(Array.from(matrixRow(base.X, 3)));
  });

  it('treats HTML and script in the sentence as plain words', () => {
    const r = core.workbench({ sentence: '<img src=x onerror=alert(1)> bank' });
    expect(r.tokens.map((t) => t.key)).toEqual(['img', 'src', 'x', 'onerror', 'alert', '1', 'bank']);
  });

  it('caps 2,000 tokens at maxTokens with a notice, and computes up to 2,048', () => {
    const long = Array.from({ length: 2000 }, (_, i) => (i % 3 ? 'river' : 'bank')).join(' ');
    const capped = core.workbench({ sentence: long, maxTokens: 64 });
    expect(capped.X.rows).toBe(64);
    expect(capped.notices.at(-1)).toBe('The sentence has 2000 words; only the first 64 are used.');
    const full = core.workbench({ sentence: long, maxTokens: 2048 });
    expect(full.projected.Y.data.every(Number.isFinite)).toBe(true);
  });
});

describe('errors arrive as Error objects with readable messages', () => {
  it.each([
    [{ sentence: '' }, 'Type a sentence: attention needs at least one token.'],
    [{ sentence: '... !!! ???' }, 'No words found'],
    [{ dModel: 0 }, 'd_model must be between 1 and 1024 (got 0)'],
    [{ dK: 2.5 }, "option 'dK' must be a whole number"],
    [{ embedSeed: 2 ** 31 }, "option 'embedSeed' must be between -2147483648 and 2147483647"],
    [{ source: 'jax' }, 'option \'source\' must be "numpy", "torch", "onehot" or "pretrained"'],
    [{ sentence: 42 }, "option 'sentence' must be a string"],
  ])('%o', (options, message) => {
    let caught;
    try {
      core.workbench(options);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(Error);
    expect(caught.message).toContain(message);
  });

  it('keeps working after an error', () => {
    expect(() => core.cosine([1, 0], [0, 0])).toThrow('zero vector');
    expect(core.cosine([1, 0], [2, 0])).toBe(1);
  });
});

describe('the lower-level functions', () => {
  const X = { rows: 3, cols: 2, data: new Float64Array([1, 0, 2, 2, 0, 1]) };

  it('parameter-free attention: S = X Xᵀ, rows of A sum to 1, Y = A X', () => {
    const r = core.parameterFree(X);
    expect(Array.from(r.S.data)).toEqual([1, 2, 0, 2, 8, 2, 0, 2, 1]);
    for (let i = 0; i < 3; i++) expect(Math.abs(matrixRow(r.attn_weights, i).reduce((a, b) => a + b) - 1)).toBeLessThan(1e-12);
  });

  it('is permutation equivariant without a mask, through the JS boundary', () => {
    const swapped = { rows: 3, cols: 2, data: new Float64Array([0, 1, 1, 0, 2, 2]) }; // rows 2, 0, 1
    const a = core.parameterFree(X).Y;
    const b = core.parameterFree(swapped).Y;
    expect(Array.from(matrixRow(b, 0))).toEqual(Array.from(matrixRow(a, 2)));
    expect(Array.from(matrixRow(b, 1))).toEqual(Array.from(matrixRow(a, 0)));
  });

  it('softmax survives scores of ±1e30', () => {
    const r = core.softmaxRows({ rows: 1, cols: 3, data: [1e30, -1e30, 0] });
    expect(Array.from(r.data)).toEqual([1, 0, 0]);
  });

  it('explainWeight rebuilds the weight the workbench shows', () => {
    const r = core.workbench({});
    for (let i = 0; i < 4; i++) {
      for (let j = 0; j < 4; j++) {
        const e = core.explainWeight(r.projected.Q, r.projected.K, i, j);
        expect(Math.abs(e.weight - matrixAt(r.projected.attn_weights, i, j))).toBeLessThan(1e-15);
        expect(e.divisor).toBeCloseTo(Math.SQRT2 * 2, 15);
      }
    }
  });

  it('rejects a matrix whose data does not match its shape', () => {
    expect(() => core.parameterFree({ rows: 2, cols: 2, data: [1, 2, 3] })).toThrow('does not match rows x cols');
  });

  it('refuses a shape past the limit, multiplied without wrapping (65536 x 65537 is 65536 in 32 bits)', () => {
    const short = new Float64Array(65536);
    expect(() => core.parameterFree({ rows: 65536, cols: 65537, data: short })).toThrow('X is 65536 x 65537: the core takes at most 16777216 values in one matrix');
    expect(() => core.parameterFree({ rows: 2, cols: 2, data: { length: 1e300 } })).toThrow('data must be an array of numbers');
  });

  it('tokenizes like the page does', () => {
    const t = core.tokenize('Noa can be annoying, but she is a great cat');
    expect(t.tokens).toHaveLength(10);
    expect(t.notices[0]).toContain('Punctuation');
  });
});

describe('the scalar (no SIMD) build', () => {
  it('computes the same workbench as the SIMD build', async () => {
    const scalar = await loadScalarCore();
    expect(scalar.info.simd).toBe(false);
    const a = core.workbench({ sentence: 'bank account has money today' });
    const b = scalar.workbench({ sentence: 'bank account has money today' });
    expect(maxAbsDiff(a.projected.Y.data, b.projected.Y.data)).toBeLessThan(1e-12);
  });
});
