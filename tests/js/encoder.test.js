// The trained encoder through the wasm boundary, against the package's own TF.js runtime
// (tests/fixtures/use_lite_reference.json; see scripts/use_lite/make_pack.mjs).
import { describe, it, expect, beforeAll } from 'vitest';
import { readFileSync } from 'node:fs';
import { loadCore } from './load-core.js';

const reference = JSON.parse(readFileSync(new URL('../fixtures/use_lite_reference.json', import.meta.url), 'utf8'));
const pack = new Uint8Array(readFileSync(new URL('../../public/models/use-lite-int8.bin', import.meta.url)));

let core; // the trained encoder's part
let pageCore; // every view's part (the class block's bank experiment)
beforeAll(async () => {
  [core, pageCore] = await Promise.all([loadCore('encoder'), loadCore()]);
});

const maxDiff = (ours, rows) => {
  const flat = rows.flat();
  expect(ours.data.length).toBe(flat.length);
  return Math.max(...flat.map((v, k) => Math.abs(v - ours.data[k])));
};

describe('trained encoder (USE-Lite) in wasm', () => {
  it('tokenizes like the package and matches TF.js on the same int8 weights', () => {
    let worst = 0;
    for (const s of reference.sentences) {
      const r = core.encodeSentence(pack, s.text); // the wrapper applies NFKC itself
      expect(r.tokens.map((t) => t.id)).toEqual(s.ids);
      r.layers.forEach((layer, l) => layer.heads.forEach((head, h) => {
        worst = Math.max(worst, maxDiff(head.attn_weights, s.int8.attention[l][h]));
      }));
      worst = Math.max(worst, maxDiff(r.sentenceVector, s.int8.sentence_vector));
    }
    expect(worst).toBeLessThan(2e-5);
  });

  it('compares "bank" across two sentences with trained heads', () => {
    const started = performance.now();
    const c = core.compareTrained(pack, { sentence: 'The bank of the river is muddy today.', sentence2: 'I have money in my bank account.', target: 'bank' });
    console.log(`compareTrained (decodes the 7 MB pack, two sentences): ${(performance.now() - started).toFixed(1)} ms`);
    expect(c.targetPiece).toBe('▁bank');
    expect(c.staticCosine).toBeCloseTo(1, 6);
    expect(c.contextualCosine).toHaveLength(2);
    expect(c.contextualCosine[1]).toBeLessThan(0.95);
    expect(c.focusFirst).toHaveLength(8);
    const topPiece = (focus, report) => focus.filter((f) => f.layer === 1).map((f) => report.tokens[f.keys[0]].piece);
    expect(topPiece(c.focusFirst, c.first)).toContain('▁river');
    expect(topPiece(c.focusSecond, c.second)).toContain('▁money');
  });

  it('gives the same sentence vectors in one batch call (within float rounding)', () => {
    const texts = reference.sentences.map((s) => s.text);
    const batch = core.sentenceVectors(pack, texts);
    expect([batch.rows, batch.cols]).toEqual([texts.length, 512]);
    texts.forEach((text, i) => {
      const single = core.encodeSentence(pack, text).sentenceVector.data;
      const row = batch.data.subarray(i * 512, (i + 1) * 512);
      expect(Math.max(...row.map((v, k) => Math.abs(v - single[k])))).toBeLessThan(1e-6);
    });
  });

  it('refuses a damaged pack and empty text with readable errors', () => {
    expect(() => core.encodeSentence(pack.subarray(0, 1000), 'bank')).toThrow(/model pack/);
    expect(() => core.encodeSentence(new Uint8Array([1, 2, 3]), 'bank')).toThrow(/cut short|not an Attention Whiteboard/);
    expect(() => core.encodeSentence([1, 2, 3], 'bank')).toThrow('must be a Uint8Array');
    expect(() => core.encodeSentence(pack, '')).toThrow('at least one token');
    expect(core.encodeSentence(pack, 'bank').tokens).toHaveLength(1); // and it still works
  });

  it('a resident model (decoded once) answers exactly as the per-call functions, and frees its memory', () => {
    const started = performance.now();
    const model = core.createEncoderModel(pack, { products: 'float' }); // the per-call functions' products
    console.log(`createEncoderModel (decodes the 7 MB pack once): ${(performance.now() - started).toFixed(1)} ms`);
    const options = { sentence: 'The bank of the river is muddy today.', sentence2: 'I have money in my bank account.', target: 'bank' };
    const t0 = performance.now();
    const resident = model.compareTrained(options);
    console.log(`compareTrained on the resident model: ${(performance.now() - t0).toFixed(1)} ms`);
    const perCall = core.compareTrained(pack, options);
    expect(resident.contextualCosine).toEqual(perCall.contextualCosine);
    expect(resident.sentenceCosine).toBe(perCall.sentenceCosine);
    expect(Array.from(resident.first.sentenceVector.data)).toEqual(Array.from(perCall.first.sentenceVector.data));
    const texts = reference.sentences.map((s) => s.text);
    expect(Array.from(model.sentenceVectors(texts).data)).toEqual(Array.from(core.sentenceVectors(pack, texts).data));
    expect(model.encodeSentence('Bank').tokens.map((t) => t.id)).toEqual(core.encodeSentence(pack, 'Bank').tokens.map((t) => t.id));
    expect(() => model.encodeSentence('')).toThrow('at least one token');

    // memory stays flat: after a few calls the wasm heap never grows again over 60 comparisons
    for (let i = 0; i < 5; i++) model.compareTrained(options);
    const heap = core.module.HEAP8.buffer.byteLength;
    for (let i = 0; i < 60; i++) model.compareTrained({ ...options, sentence: `The bank of the river ${i % 7 ? 'is muddy' : 'floods'} today.` });
    expect(core.module.HEAP8.buffer.byteLength).toBe(heap);

    model.delete();
    expect(() => model.compareTrained(options)).toThrow('deleted');
    model.delete(); // twice is harmless
  }, 60000); // a loaded 2-core machine takes seconds over these 70 comparisons

  it('a damaged pack is refused when the model is made, and nothing is left behind', () => {
    expect(() => core.createEncoderModel(pack.subarray(0, 1000))).toThrow(/model pack/);
    expect(() => core.createEncoderModel([1, 2, 3])).toThrow('must be a Uint8Array');
    const model = core.createEncoderModel(pack); // the core still works
    expect(model.encodeSentence('bank').tokens).toHaveLength(1);
    model.delete();
  });
});

describe('the resident model with int8 dot products (issue 19)', () => {
  it('agrees with the float model within what quantizing the activations costs, and refuses an unknown kind', () => {
    const texts = reference.sentences.map((s) => s.text);
    const floats = core.createEncoderModel(pack, { products: 'float' });
    const ints = core.createEncoderModel(pack); // int8 is the default
    const a = floats.sentenceVectors(texts).data, b = ints.sentenceVectors(texts).data;
    expect(Math.max(...a.map((v, k) => Math.abs(v - b[k])))).toBeLessThan(1e-4);
    expect(Array.from(a)).not.toEqual(Array.from(b)); // really another path
    const explicit = core.createEncoderModel(pack, { products: 'int8' });
    expect(Array.from(explicit.sentenceVectors(texts).data)).toEqual(Array.from(b));
    explicit.delete();
    // within 1e-4 of TF.js on the same int8 weights (the float path: 2e-5)
    reference.sentences.forEach((s, i) => {
      const ours = b.subarray(i * 512, (i + 1) * 512);
      expect(Math.max(...s.int8.sentence_vector.map((v, k) => Math.abs(v - ours[k])))).toBeLessThan(1e-4);
    });
    const r = ints.encodeSentence('The bank of the river is muddy today.');
    r.layers[1].heads.forEach((head) => expect(head.attn_weights.data.length).toBe(r.tokens.length ** 2));
    floats.delete();
    ints.delete();
    expect(() => core.createEncoderModel(pack, { products: 'int4' })).toThrow('"float" or "int8"');
  });
});

describe('the same-sense control (issue 16), through the wasm boundary', () => {
  const S1 = 'The bank of the river is muddy today.';
  const S2 = 'I have money in my bank account.';
  const cos = (a, b) => {
    let dot = 0, na = 0, nb = 0;
    for (let k = 0; k < a.length; k++) { dot += a[k] * b[k]; na += a[k] * a[k]; nb += b[k] * b[k]; }
    return dot / Math.sqrt(na * nb);
  };
  const row = (m, i) => Array.from(m.data.subarray(i * m.cols, (i + 1) * m.cols));

  it('trained model: the pair as without a control, the control cosines from the layer outputs, the verdict by the rule', () => {
    for (const control of ['They fished from the bank of the stream.', 'The river bank was steep and wet.']) {
      const plain = core.compareTrained(pack, { sentence: S1, sentence2: S2, target: 'bank' });
      const c = core.compareTrained(pack, { sentence: S1, sentence2: S2, target: 'bank', control });
      expect(plain.control).toBeUndefined();
      expect(c.contextualCosine).toEqual(plain.contextualCosine);
      expect(c.control.tokens[c.targetControl].piece).toBe('▁bank');
      expect(c.controlStaticCosine).toBeCloseTo(1, 6);
      c.controlContextualCosine.forEach((value, layer) => {
        const expected = cos(row(c.first.layers[layer].output, c.targetFirst), row(c.control.layers[layer].output, c.targetControl));
        expect(Math.abs(value - expected)).toBeLessThan(1e-6);
      });
      const s = c.separation;
      expect([s.sameSense, s.differentSense]).toEqual([c.controlContextualCosine[1], c.contextualCosine[1]]);
      expect(s.margin).toBeCloseTo(s.sameSense - s.differentSense, 12);
      expect(s.requiredMargin).toBe(0.1);
      expect(s.verdict).toBe(s.margin >= s.requiredMargin ? 'separates' : s.margin >= 0 ? 'too_close' : 'reversed');
    }
  });

  it('trained model: a control without the word gives no verdict and says why', () => {
    const c = core.compareTrained(pack, { sentence: S1, sentence2: S2, target: 'bank', control: 'The stream was cold.' });
    expect(c.targetControl).toBe(-1);
    expect(c.separation.verdict).toBe('undefined');
    expect(c.separation.margin).toBeNull();
    expect(c.notices.at(-1)).toMatch(/not a single whole-word token in the control sentence/);
    const empty = core.compareTrained(pack, { sentence: S1, sentence2: S2, target: 'bank', control: '' });
    expect(empty.separation).toBeUndefined();
    expect(empty.notices.at(-1)).toMatch(/control sentence is empty/);
  });

  it('class block: the control cosine and verdict as real NumPy (numpy_sense_control.json)', () => {
    const golden = JSON.parse(readFileSync(new URL('../fixtures/numpy_sense_control.json', import.meta.url), 'utf8'));
    for (const g of golden.cases) {
      const e = pageCore.bankExperiment({ source: 'numpy', sentence: g.sentence1, sentence2: g.sentence2, control: g.control, target: 'bank' });
      const without = pageCore.bankExperiment({ source: 'numpy', sentence: g.sentence1, sentence2: g.sentence2, target: 'bank' });
      const named = (list, name) => list.find((x) => x.name === name).value;
      expect(named(e.cosines, 'contextual_target_across_sentences')).toBe(named(without.cosines, 'contextual_target_across_sentences'));
      expect(Math.abs(named(e.controlCosines, 'contextual_target_vs_control') - g.control_cosine)).toBeLessThan(1e-12);
      expect(Math.abs(e.separation.margin - g.margin)).toBeLessThan(1e-12);
      expect(e.separation.verdict).toBe(g.verdict);
      expect(e.targetIndexControl).toBe(g.target_index_control);
    }
    const empty = pageCore.bankExperiment({ source: 'numpy', control: '  ' });
    expect(empty.control).toBeUndefined();
    expect(empty.separation.verdict).toBe('undefined');
    expect(empty.controlCosines[1].whyUndefined).toBe('the control sentence has no words');
  });
});
