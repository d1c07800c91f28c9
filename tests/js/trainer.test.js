// The training API (core.createTrainer, issue 18) on the real wasm: the contract's shapes,
// losses equal to PyTorch's (tests/fixtures/torch_training.json), divergence, Stop, inference
// that changes nothing, determinism.
import { describe, it, expect, beforeAll } from 'vitest';
import { readFileSync } from 'node:fs';
import { loadCore } from './load-core.js';
import { bundledGlove } from './glove-pack.js';

const golden = JSON.parse(readFileSync(new URL('../fixtures/torch_training.json', import.meta.url), 'utf8'));

let core; // the training chapter's part
let pageCore; // every view's part, which decodes the GloVe subset
beforeAll(async () => {
  [core, pageCore] = await Promise.all([loadCore('train'), loadCore()]);
});

const small = (overrides = {}) => ({
  inputs: 'random', trainableEmbeddings: false, dModel: 8, dK: 4, seed: 4,
  optimizer: 'sgd', learningRate: 0.5, batchSize: 8, trainSet: 'full', ...overrides,
});

const withTrainer = (config, body) => {
  const trainer = core.createTrainer(config);
  try {
    return body(trainer);
  } finally {
    trainer.delete();
  }
};

const allFinite = (params) => Object.values(params).every((m) => m.data.every(Number.isFinite));

describe('core.createTrainer', () => {
  it('counts examples, batches, steps and epochs (ten batches = ten steps = one epoch)', () => withTrainer(small(), (t) => {
    expect(t.counts()).toEqual({ examples: 80, batchesPerEpoch: 10, step: 0, epoch: 0, batchInEpoch: 0 });
    const first = t.step();
    expect(first).toMatchObject({ step: 1, epoch: 0, batchInEpoch: 1, diverged: false });
    expect(first.batch).toHaveLength(8);
    for (let i = 0; i < 9; i++) t.step();
    expect(t.counts()).toMatchObject({ step: 10, epoch: 1, batchInEpoch: 0 });
    expect(t.batchOrder()).toHaveLength(10);
    expect(t.batchOrder().flat().sort((a, b) => a - b)).toEqual([...Array(80).keys()]);
  }));

  it('evaluates each ambiguous word’s held-out sentences beside its word-identity baseline', () => withTrainer(small({ optimizer: 'adam', learningRate: 0.01 }), (t) => {
    t.runEpoch();
    const e = t.evaluate();
    expect(e.validationWords.map((w) => w.word).sort()).toEqual(['bank', 'bat', 'cell', 'plant']);
    for (const w of e.validationWords) {
      expect(w).toMatchObject({ sentences: 8, baseline: 0.5 });
      expect(w.accuracy).toBe(w.correct / 8);
    }
    const correct = e.validationWords.reduce((sum, w) => sum + w.correct, 0);
    expect(correct / 32).toBeCloseTo(e.validationAccuracy, 12);
    expect(e.wordIdentityBaseline).toBe(0.5);
    // every epoch's evaluation carries them, so the page can show before and after
    expect(t.runEpoch().validationWords).toHaveLength(4);
  }));

  it('returns each stage\'s gradient with its shape', () => withTrainer(small({ trainableEmbeddings: true }), (t) => {
    const { gradients } = t.step();
    const n = t.dataset().train[t.batchOrder()[0][0]].tokens.length;
    expect(gradients.W_q).toMatchObject({ rows: 8, cols: 4 });
    expect(gradients.W_head).toMatchObject({ rows: 4, cols: 8 });
    expect(gradients.b_head).toMatchObject({ rows: 1, cols: 8 });
    expect(gradients.embeddings.rows).toBe(t.dataset().vocabulary.length);
    expect(gradients.A).toMatchObject({ rows: n, cols: n });
    expect(gradients.logits).toMatchObject({ rows: 1, cols: 8 });
    for (const name of ['W_q', 'W_k', 'W_v', 'W_head', 'b_head', 'logits', 'y', 'Y', 'A', 'S', 'QK', 'Q', 'K', 'V', 'X']) {
      expect(gradients[name].data).toBeInstanceOf(Float32Array);
      expect(gradients[name].data.length).toBe(gradients[name].rows * gradients[name].cols);
    }
  }));

  it('gives PyTorch\'s losses for the same run (random inputs, SGD and Adam)', () => {
    for (const c of golden.cases.filter((g) => g.config.inputs === 'random')) {
      withTrainer(c.config, (t) => {
        const losses = Array.from({ length: c.steps }, () => t.step().loss);
        const worst = Math.max(...losses.map((l, i) => Math.abs(l - c.losses[i])));
        expect(worst).toBeLessThan(1e-9);
        expect(t.batchOrder()).toEqual(c.batches);
      });
    }
  });

  it('gives PyTorch\'s losses on GloVe inputs, from the page\'s table object', () => {
    const glove = bundledGlove(pageCore);
    const c = golden.cases.find((g) => g.config.inputs === 'glove');
    withTrainer({ ...c.config, glove }, (t) => {
      expect(t.config().dModel).toBe(100);
      const losses = Array.from({ length: 10 }, () => t.step().loss);
      expect(Math.max(...losses.map((l, i) => Math.abs(l - c.losses[i])))).toBeLessThan(1e-9);
    });
    expect(() => core.createTrainer({ ...c.config, glove: undefined })).toThrow(/GloVe table/);
    expect(() => core.createTrainer({ ...c.config, glove: { ...glove, words: glove.words.map((w) => (w === 'bank' ? 'bnak' : w)), index: undefined } })).toThrow(/lacks these task words: bank/);
  });

  it('stops a diverging run with a message and finite weights; later steps are refused', () => withTrainer(small({ learningRate: 1e6 }), (t) => {
    let r;
    for (let i = 0; i < 20; i++) {
      r = t.step();
      if (r.diverged) break;
    }
    expect(r.diverged).toBe(true);
    expect(r.message).toMatch(/diverged/);
    expect(r.loss).toBeNull();
    const kept = t.parameters();
    expect(allFinite(kept)).toBe(true);
    const epoch = t.runEpoch();
    expect(epoch.diverged).toBe(true);
    expect(Number.isFinite(epoch.trainLoss)).toBe(true);
    expect(t.parameters()).toEqual(kept);
  }));

  it('keeps the weights reached when training stops between steps (Stop)', () => withTrainer(small(), (t) => {
    for (let i = 0; i < 4; i++) t.step();
    const reached = t.parameters();
    expect(reached.W_q.data).not.toEqual(t.initialParameters().W_q.data);
    t.evaluate();
    expect(t.parameters()).toEqual(reached);
    expect(t.counts().step).toBe(4);
  }));

  it('inference (evaluate, attention) changes no weight, count or result', () => withTrainer(small(), (t) => {
    t.runEpoch();
    const before = { params: t.parameters(), counts: t.counts(), evaluation: t.evaluate() };
    const a1 = t.attention(0, 'validation');
    const a2 = t.attention(0, 'validation');
    expect(a1.weights).toEqual(a2.weights);
    expect(a1.n * a1.n).toBe(a1.weights.length);
    expect(a1.tokens[a1.targetIndex]).toBe(t.dataset().validation[0].target);
    expect(t.parameters()).toEqual(before.params);
    expect(t.counts()).toEqual(before.counts);
    expect(t.evaluate()).toEqual(before.evaluation);
    expect(() => t.attention(99, 'validation')).toThrow(/no validation sentence 99/);
  }));

  it('is deterministic: the same configuration gives the same losses and weights', () => {
    const run = () => withTrainer(small({ optimizer: 'adam', learningRate: 0.01, seed: 9 }), (t) => {
      const epochs = [t.runEpoch(), t.runEpoch()];
      return { epochs, params: t.parameters(), order: t.batchOrder() };
    });
    expect(run()).toEqual(run());
  });

  it('describes the data set and refuses a bad configuration', () => {
    withTrainer(small({ trainSet: 'eight' }), (t) => {
      const d = t.dataset();
      expect(d.train).toHaveLength(8);
      expect(d.validation.length).toBeGreaterThanOrEqual(30);
      expect(d.classes).toContain('bank: river');
      expect(d.train[0]).toMatchObject({ target: 'bank', sense: 'river', label: 0 });
    });
    expect(() => core.createTrainer(small({ optimizer: 'rmsprop' }))).toThrow(/optimizer/);
    expect(() => core.createTrainer(small({ learningRate: 0 }))).toThrow(/learning rate/);
  });

  it('refuses calls after delete', () => {
    const t = core.createTrainer(small());
    t.delete();
    expect(() => t.step()).toThrow(/deleted/);
  });
});
