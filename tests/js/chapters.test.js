// The chapters' one-call reports on the real wasm (issue 33, item 1): qkvChapter and flowChapter
// give the numbers the separate calls gave, and compute each sentence once (sentencesComputed).
import { describe, it, expect, beforeAll } from 'vitest';
import { loadCore } from './load-core.js';

let core;
beforeAll(async () => {
  core = await loadCore();
});

/** How many sentences `call` makes the core compute. */
function sentencesIn(call) {
  const before = core.sentencesComputed();
  const answer = call();
  return { answer, sentences: core.sentencesComputed() - before };
}

describe('qkvChapter', () => {
  for (const source of ['numpy', 'torch']) {
    for (const causal of [false, true]) {
      it(`${source}${causal ? ', causal' : ''}: the bank experiment and the kinds of attention, two sentences`, () => {
        const options = { sentence: 'Bank of the river', sentence2: 'bank account has money', target: 'bank', source, causal };
        const { answer, sentences } = sentencesIn(() => core.qkvChapter(options));
        expect(sentences).toBe(2);
        const bank = core.bankExperiment(options);
        const kinds = core.attentionKinds(options);
        expect(answer.experiment.first).toBe(answer.report);
        expect(answer.report.projected.attn_weights.data).toEqual(bank.first.projected.attn_weights.data);
        expect(answer.experiment.cosines).toEqual(bank.cosines);
        expect(answer.kinds.a.projected.attn_weights.data).toEqual(kinds.a.projected.attn_weights.data);
        expect(answer.kinds.cross.attn_weights.data).toEqual(kinds.cross.attn_weights.data);
        expect(answer.kinds.concat.maskedY.data).toEqual(kinds.concat.maskedY.data);
        // unmasked, the kinds' sentence A is the chapter's own report (converted once)
        expect(answer.kinds.a === answer.report).toBe(!causal);
        expect(answer.experimentError).toBe('');
        expect(answer.kindsError).toBe('');
        // the pair shares its W: sentence B's W_q, W_k, W_v are sentence A's arrays, not copies
        for (const name of ['W_q', 'W_k', 'W_v']) {
          expect(answer.experiment.second[name]).toBe(answer.report[name]);
          expect(bank.second[name]).toBe(bank.first[name]);
          expect(answer.kinds.b[name]).toBe(answer.kinds.a[name]);
          expect(answer.report[name].data).toEqual(kinds.a[name].data);
        }
      });
    }
  }

  it('sentence B with no words: sentence A alone, computed once, and why for both panels', () => {
    const { answer, sentences } = sentencesIn(() => core.qkvChapter({ sentence: 'Bank of the river', sentence2: '  ' }));
    expect(sentences).toBe(1);
    expect(answer.experiment).toBeNull();
    expect(answer.kinds).toBeNull();
    expect(answer.experimentError).toMatch(/Type a sentence/);
    expect(answer.kindsError).toMatch(/Sentence B has no words/);
    expect(answer.report.projected.Y.data).toEqual(core.workbench({ sentence: 'Bank of the river' }).projected.Y.data);
  });

  it('sentence A refused: the workbench\'s message', () => {
    expect(() => core.qkvChapter({ sentence: '', sentence2: 'bank account has money' })).toThrow(/Type a sentence/);
  });
});

describe('flowChapter', () => {
  for (const form of ['free', 'qkv']) {
    it(`${form}: the flow, the four observations and the heads sketch, one sentence`, () => {
      const options = { sentence: 'Noa can be annoying, but she is a great cat', form, base: 2, shuffleSeed: 2, heads: 2 };
      const { answer, sentences } = sentencesIn(() => core.flowChapter(options));
      expect(sentences).toBe(1);
      expect(answer.flow.weights).toEqual(core.flow(options).weights);
      expect(answer.shuffle.Y_shuffled.data).toEqual(core.shuffleExperiment(options).Y_shuffled.data);
      const last = answer.flow.workbench.tokens.length - 1;
      expect(answer.distance.other).toBe(last);
      expect(answer.distance.points).toEqual(core.distanceExperiment({ ...options, other: last }).points);
      expect(answer.length).toEqual(core.lengthExperiment(options));
      expect(answer.training).toEqual(core.trainingReport(options));
      expect(answer.trainingQkv).toEqual(core.trainingReport({ ...options, form: 'qkv' }));
      expect(answer.heads).toBe(2);
      expect(answer.headsSketch.concat.data).toEqual(core.headsSketch(options).concat.data);
    });
  }

  it('the moved word and the head count the page asks for, or the defaults', () => {
    const options = { sentence: 'Bank of the river', form: 'free', base: 3 };
    expect(core.flowChapter({ ...options, other: 1 }).distance.other).toBe(1);
    expect(core.flowChapter({ ...options, other: 3 }).distance.other).toBe(0); // the base itself, last: the first
    expect(core.flowChapter({ ...options, heads: 3 }).heads).toBe(4); // 3 does not divide 8
    expect(core.flowChapter({ sentence: 'bank', base: 0 }).distance).toBeNull();
    const unequal = core.flowChapter({ ...options, dK: 4 });
    expect(unequal.headsSketch).toBeNull();
    expect(unequal.headsError).toMatch(/d_k = d_v = d_model/);
  });
});
