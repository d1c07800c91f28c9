// The training chapter's logic without a browser: the client sends one request at a time in
// order and Stop drops the waiting ones (a stand-in worker answers when the test says), and the
// sentences the chapter writes are read from the numbers given to them.
import { describe, it, expect } from 'vitest';
import { TrainClient } from '../../web/src/core/train-client.js';
import { countsSentence, overfittingNote, divergenceText, inferenceText, persistenceText } from '../../web/src/views/training/text.js';

function fakeWorker() {
  return {
    sent: [],
    postMessage(message) { this.sent.push(message); },
    terminate() {},
    reply(result) { this.onmessage({ data: { id: this.sent.at(-1).id, type: 'result', result } }); },
  };
}

describe('TrainClient', () => {
  it('sends one request at a time, in order, and resolves each with its answer', async () => {
    const worker = fakeWorker();
    const client = new TrainClient({ createWorker: () => worker });
    const a = client.request({ type: 'step' });
    const b = client.request({ type: 'epoch' });
    expect(worker.sent.map((m) => m.kind)).toEqual(['step']);
    worker.reply({ n: 1 });
    expect(await a).toEqual({ n: 1 });
    expect(worker.sent.map((m) => m.kind)).toEqual(['step', 'epoch']);
    worker.reply({ n: 2 });
    expect(await b).toEqual({ n: 2 });
    expect(client.busy).toBe(false);
  });

  it('Stop (cancelWaiting) drops the requests not sent yet; the running one still answers', async () => {
    const worker = fakeWorker();
    const client = new TrainClient({ createWorker: () => worker });
    const running = client.request({ type: 'epoch' });
    const waiting = client.request({ type: 'epoch' });
    client.cancelWaiting();
    await expect(waiting).rejects.toMatchObject({ cancelled: true });
    worker.reply({ done: true });
    expect(await running).toEqual({ done: true });
    expect(worker.sent).toHaveLength(1);
  });

  it('a worker error rejects with its message', async () => {
    const worker = fakeWorker();
    const client = new TrainClient({ createWorker: () => worker });
    const p = client.request({ type: 'step' });
    worker.onmessage({ data: { id: worker.sent[0].id, type: 'error', message: 'the loss diverged' } });
    await expect(p).rejects.toThrow('the loss diverged');
  });
});

describe('the sentences beside the numbers', () => {
  it('batches, steps and epochs are written from the live counts', () => {
    const text = countsSentence({ examples: 40, batchesPerEpoch: 10, step: 13, epoch: 1, batchInEpoch: 3 }, 4);
    expect(text).toContain('40 training examples in batches of 4: 10 batches per epoch.');
    expect(text).toContain('10 batches of a 10-batch set = 10 steps = one epoch.');
    expect(text).toContain('13 steps, 1 whole epoch, and 3 of the 10 batches of epoch 2.');
    expect(countsSentence({ examples: 8, batchesPerEpoch: 1, step: 0, epoch: 0, batchInEpoch: 0 }, 8)).toContain('1 batch of a 1-batch set = 1 step = one epoch. No step taken yet');
  });

  it('overfitting is said only when validation loss rose above its lowest while training loss fell', () => {
    const e = (epoch, trainLoss, validationLoss) => ({ epoch, trainLoss, validationLoss });
    const falling = overfittingNote([e(0, 1, 1), e(1, 0.8, 0.9), e(2, 0.6, 0.85)]);
    expect(falling.rising).toBe(false);
    expect(falling.text).toContain('lowest so far, 0.8500, after epoch 2 (the latest)');
    const rising = overfittingNote([e(0, 1, 1), e(1, 0.5, 0.7), e(2, 0.2, 0.9)]);
    expect(rising.rising).toBe(true);
    expect(rising.text).toContain('lowest after epoch 1 (0.7000) and has risen to 0.9000 after epoch 2, more than 20 % above it (less than 50 %)');
    // both rising is not overfitting: training loss did not keep falling
    expect(overfittingNote([e(0, 1, 1), e(1, 0.5, 0.7), e(2, 0.6, 0.9)]).rising).toBe(false);
  });

  it('divergence, inference and persistence say the numbers they are given', () => {
    expect(divergenceText({ message: 'Training diverged: the batch loss reached 9.41e+04.', step: 3, learningRate: 1000 }))
      .toBe('Stopped after step 3 at learning rate 1000. Training diverged: the batch loss reached 9.41e+04. The weights shown are those after step 3; the buttons that train are off until you start again.');
    expect(inferenceText({ changed: [{ name: 'W_q', changed: 0 }], moved: 0, total: 1234, step: 7 })).toContain('all 1,234 parameter numbers are bit for bit what they were before');
    expect(inferenceText({ changed: [{ name: 'W_q', changed: 2 }], moved: 2, total: 10, step: 7 })).toContain('changed 2 of 10 parameter numbers (W_q)');
    expect(persistenceText({ n: 3, count: 9, parameterCount: 200, tokens: ['the', 'bank', 'closed'] })).toContain('A is 3 × 3 = 9 numbers');
  });
});
