// Class 04's extra panels (issue 34) on the real wasm module: word contexts (ids chapter), the
// questions a sentence can answer and other data as tokens (window chapter), against the goldens
// of scripts/make_class04_golden.py.
import { readFileSync } from 'node:fs';
import { describe, it, expect, beforeAll } from 'vitest';
import { loadCore } from './load-core.js';

const golden = JSON.parse(readFileSync(new URL('../fixtures/class04_extras.json', import.meta.url), 'utf8'));
let core;
beforeAll(async () => {
  core = await loadCore();
});

describe('wordContexts', () => {
  it('matches the Python golden for every case', () => {
    for (const g of golden.word_contexts) {
      const r = core.wordContexts({ word: g.word, window: g.window, ngram: g.ngram });
      expect(Array.from(r.vocabulary)).toEqual(g.vocabulary);
      expect(r.cbow.map((e) => [e.document, e.position, Array.from(e.context)])).toEqual(g.cbow.map((e) => [e.document, e.position, e.context]));
      expect(r.skipgram.map((p) => [p.document, p.position, p.context, p.offset])).toEqual(g.skipgram.map((p) => [p.document, p.position, p.context, p.offset]));
      expect(Array.from(r.cooccurrenceCounts)).toEqual(g.cooccurrence_counts);
      Array.from(r.cooccurrenceWeighted).forEach((v, j) => expect(v).toBeCloseTo(g.cooccurrence_weighted[j], 14));
      expect(Array.from(r.charNgrams)).toEqual(g.char_ngrams);
      expect(r.elmo.map((e) => [Array.from(e.left), Array.from(e.right)])).toEqual(g.elmo.map((e) => [e.left, e.right]));
      expect(r.distinctContexts).toBe(g.distinct_contexts);
    }
  });

  it('refuses a word that is not in the corpus, and impossible sizes', () => {
    expect(() => core.wordContexts({ word: 'zebra' })).toThrow(/not in the corpus/);
    expect(() => core.wordContexts({ word: '' })).toThrow(/Type a word/);
    expect(() => core.wordContexts({ word: 'dog', window: 0 })).toThrow(/window/);
    expect(() => core.wordContexts({ word: 'dog', ngram: 9 })).toThrow(/n-gram/);
  });
});

describe('contextQuestions', () => {
  it('finds who and where in “I am going to London” and no word for when; the row is the workbench’s', () => {
    const r = core.contextQuestions({ sentence: 'I am going to London', centre: 2 });
    expect(r.questions.map((q) => [q.question, Array.from(q.answer)])).toEqual([['who', [0]], ['where', [4]], ['when', []]]);
    const wb = core.workbench({ sentence: 'I am going to London' });
    const n = wb.tokens.length;
    expect(Array.from(r.attentionRow)).toEqual(Array.from(wb.projected.attn_weights.data.subarray(2 * n, 3 * n)));
    expect(r.questions[2].weight).toBe(0);
    expect(r.pairs.maxDifference).toBeLessThan(1e-12);
    expect(r.pairs.dotProducts).toBe(25);
  });

  it('answers when once a time word is typed, and refuses an empty sentence', () => {
    const r = core.contextQuestions({ sentence: 'I am going to London tomorrow', centre: 2 });
    expect(Array.from(r.questions[2].answer)).toEqual([5]);
    expect(r.questions[2].weight).toBe(r.attentionRow[5]);
    expect(() => core.contextQuestions({ sentence: '  ' })).toThrow();
  });
});

describe('modalityTokens', () => {
  it('matches the Python golden', () => {
    for (const g of golden.modality_tokens) {
      const o = g.options;
      const r = core.modalityTokens({
        imageHeight: o.image_height, imageWidth: o.image_width, patch: o.patch, channels: o.channels, audioSeconds: o.audio_seconds,
        sampleRate: o.sample_rate, frameMs: o.frame_ms, hopMs: o.hop_ms, textTokens: o.text_tokens, width: o.width,
      });
      expect(r.counts.map((c) => [c.name, c.tokens, c.perToken, c.leftOver, c.pairs, c.scoreMacs, c.weightedMacs, c.projectionMacs]))
        .toEqual(g.counts.map((c) => [c.name, c.tokens, c.per_token, c.left_over, c.pairs, c.score_macs, c.weighted_macs, c.projection_macs]));
    }
  });

  it('refuses a patch larger than the image and zero sizes', () => {
    expect(() => core.modalityTokens({ patch: 300 })).toThrow(/larger than/);
    expect(() => core.modalityTokens({ hopMs: 0 })).toThrow(/more than 0 ms/);
    expect(() => core.modalityTokens({ imageWidth: 0 })).toThrow(/at least 1 pixel/);
    expect(() => core.modalityTokens({ patch: 1.5 })).toThrow(/whole number/);
  });
});
