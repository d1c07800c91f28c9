// The trained encoder through the wasm boundary, against the package's own TF.js runtime
// (tests/fixtures/use_lite_reference.json; see scripts/use_lite/make_pack.mjs).
import { describe, it, expect, beforeAll } from 'vitest';
import { readFileSync } from 'node:fs';
import { loadCore } from './load-core.js';

const reference = JSON.parse(readFileSync(new URL('../fixtures/use_lite_reference.json', import.meta.url), 'utf8'));
const pack = new Uint8Array(readFileSync(new URL('../../public/models/use-lite-int8.bin', import.meta.url)));

let core;
beforeAll(async () => {
  core = await loadCore();
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

  it('gives the same sentence vectors in one batch call', () => {
    const texts = reference.sentences.map((s) => s.text);
    const batch = core.sentenceVectors(pack, texts);
    expect([batch.rows, batch.cols]).toEqual([texts.length, 512]);
    texts.forEach((text, i) => {
      const single = core.encodeSentence(pack, text).sentenceVector.data;
      expect(Array.from(batch.data.subarray(i * 512, (i + 1) * 512))).toEqual(Array.from(single));
    });
  });

  it('refuses a damaged pack and empty text with readable errors', () => {
    expect(() => core.encodeSentence(pack.subarray(0, 1000), 'bank')).toThrow(/model pack/);
    expect(() => core.encodeSentence(new Uint8Array([1, 2, 3]), 'bank')).toThrow(/cut short|not an Attention Whiteboard/);
    expect(() => core.encodeSentence([1, 2, 3], 'bank')).toThrow('must be a Uint8Array');
    expect(() => core.encodeSentence(pack, '')).toThrow('at least one token');
    expect(core.encodeSentence(pack, 'bank').tokens).toHaveLength(1); // and it still works
  });
});
