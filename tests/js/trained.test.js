// The trained chapter's logic: the encoder client delivers only the newest request's answer
// (a stand-in worker answers in an order the test controls), and the sentences the chapter
// writes beside its numbers are read from those numbers (the real core).
import { describe, it, expect, beforeAll } from 'vitest';
import { readFileSync } from 'node:fs';
import { EncoderClient } from '../../web/src/core/encoder-client.js';
import { untrainedNote, focusSummary, trainedVerdict, TRAINED_CAVEATS } from '../../web/src/views/trained/view.js';
import { num } from '../../web/src/format.js';
import { loadCore } from './load-core.js';

/** A worker stand-in: records what the client posts ({id, kind, payload}); the test answers with reply(). */
function fakeWorker() {
  const worker = {
    sent: [],
    terminated: false,
    postMessage(message) { this.sent.push(message); },
    terminate() { this.terminated = true; },
    reply(data) { this.onmessage({ data }); },
    /** The id of the nth request of `kind` sent. */
    idOf(kind, n = 0) { return this.sent.filter((m) => m.kind === kind)[n].id; },
  };
  return worker;
}

async function loadedClient() {
  const worker = fakeWorker();
  const client = new EncoderClient({ createWorker: () => worker });
  const loaded = client.load('pack.bin');
  worker.reply({ id: worker.idOf('load'), type: 'result', result: 7 });
  await loaded;
  return { client, worker };
}

const compares = (worker) => worker.sent.filter((m) => m.kind === 'compare').map((m) => m.payload.options.sentence);

describe('EncoderClient: only the newest sentence is answered', () => {
  it('sends one request at a time; a newer waiting request replaces an older one', async () => {
    const { client, worker } = await loadedClient();
    const a = client.compare({ sentence: 'T' });
    const b = client.compare({ sentence: 'Th' });
    const c = client.compare({ sentence: 'The' });
    expect(compares(worker)).toEqual(['T']); // the worker is busy with the first
    expect(await b).toBeNull(); // replaced while waiting: never sent
    expect(client.busy).toBe(true);
    worker.reply({ type: 'result', id: worker.idOf('compare', 0), result: 'for T' });
    expect(await a).toBeNull(); // answered, but for an older sentence than the newest: dropped
    expect(compares(worker)).toEqual(['T', 'The']);
    const seq = worker.idOf('compare', 1);
    worker.reply({ type: 'result', id: seq, result: 'for The' });
    expect(await c).toEqual({ seq, result: 'for The' });
    expect(client.busy).toBe(false);
  });

  it('drops an answer that arrives after a newer request was made, even when nothing else waits', async () => {
    const { client, worker } = await loadedClient();
    const first = client.compare({ sentence: 'bank' });
    const second = client.compare({ sentence: 'bank of' });
    const firstId = worker.idOf('compare', 0);
    worker.reply({ type: 'result', id: firstId, result: 'old' });
    worker.reply({ type: 'result', id: firstId, result: 'old again' }); // a duplicate is ignored
    expect(await first).toBeNull();
    const seq = worker.idOf('compare', 1);
    worker.reply({ type: 'result', id: seq, result: 'new' });
    expect(await second).toEqual({ seq, result: 'new' });
  });

  it('an error rejects only the newest request; a stale one resolves to null', async () => {
    const { client, worker } = await loadedClient();
    const stale = client.compare({ sentence: 'a' });
    const newest = client.compare({ sentence: 'ab' });
    worker.reply({ type: 'error', id: worker.idOf('compare', 0), message: 'too long' });
    expect(await stale).toBeNull();
    worker.reply({ type: 'error', id: worker.idOf('compare', 1), message: 'too long' });
    await expect(newest).rejects.toThrow('too long');
  });

  it('a worker that dies rejects the requests it held, so nothing waits for ever', async () => {
    const { client, worker } = await loadedClient();
    const running = client.compare({ sentence: 'a' });
    const waiting = client.compare({ sentence: 'ab' });
    worker.onerror({ message: 'out of memory' });
    await expect(running).rejects.toThrow('out of memory');
    await expect(waiting).rejects.toThrow('out of memory');
    expect([client.busy, client.ready, client.loaded]).toEqual([false, false, null]);
  });

  it('after its worker died, a request is refused at once instead of waiting for a worker that is gone', async () => {
    const { client, worker } = await loadedClient();
    worker.onerror({ message: 'out of memory' });
    expect(worker.terminated).toBe(true);
    await expect(client.compare({ sentence: 'a' })).rejects.toThrow('not loaded');
    expect(client.busy).toBe(false);
  });

  it('a failed download can be retried with a new worker', async () => {
    const workers = [];
    const client = new EncoderClient({ createWorker: () => { const w = fakeWorker(); workers.push(w); return w; } });
    const failed = client.load('pack.bin');
    workers[0].reply({ id: workers[0].idOf('load'), type: 'error', message: 'could not be loaded (404)' });
    await expect(failed).rejects.toThrow('404');
    expect(workers[0].terminated).toBe(true);
    const again = client.load('pack.bin');
    workers[1].reply({ id: workers[1].idOf('load'), type: 'result', result: 7 });
    expect(await again).toBe(7);
  });

  it('passes the download\'s progress on', async () => {
    const worker = fakeWorker();
    const client = new EncoderClient({ createWorker: () => worker });
    const seen = [];
    const loaded = client.load('pack.bin', (received, total) => seen.push([received, total]));
    worker.reply({ id: worker.idOf('load'), type: 'progress', data: { received: 5, total: 10 } });
    worker.reply({ id: worker.idOf('load'), type: 'result', result: 10 });
    expect(await loaded).toBe(10);
    expect(seen).toEqual([[5, 10]]);
  });
});

describe('the sentences beside the numbers follow the numbers', () => {
  let core, encoderCore; // every view's part; the trained encoder's
  beforeAll(async () => {
    [core, encoderCore] = await Promise.all([loadCore(), loadCore('encoder')]);
  });

  it('the untrained note names the followed word’s largest weight, read from attn_weights', () => {
    const e = core.bankExperiment({ source: 'numpy', sentence: 'The bank of the river is muddy today.', sentence2: 'I have money in my bank account.', target: 'bank' });
    for (const [report, targetIndex, sentence] of [[e.first, e.targetIndexFirst, 1], [e.second, e.targetIndexSecond, 2]]) {
      const tokens = Array.from(report.tokens, (t) => t.text);
      const W = report.projected.attn_weights;
      const row = Array.from(W.data.slice(targetIndex * W.cols, (targetIndex + 1) * W.cols));
      const top = row.indexOf(Math.max(...row));
      const note = untrainedNote({ mixing: report.projectedMixing, tokens, targetIndex, target: 'bank', sentence });
      const where = top === targetIndex ? 'itself' : `“${tokens[top]}”`;
      expect(note).toContain(`“bank” (row ${targetIndex + 1}) puts its largest weight, ${num(row[top])}, on ${where}.`);
      expect(note).toMatch(/random and untrained/);
    }
  });

  it('without the word, the note says so and reads row 1', () => {
    const e = core.bankExperiment({ source: 'numpy', sentence: 'The weather is fine', sentence2: 'bank', target: 'bank' });
    const tokens = Array.from(e.first.tokens, (t) => t.text);
    const W = e.first.projected.attn_weights;
    const row = Array.from(W.data.slice(0, W.cols));
    const top = row.indexOf(Math.max(...row));
    const note = untrainedNote({ mixing: e.first.projectedMixing, tokens, targetIndex: e.targetIndexFirst, target: 'bank', sentence: 1 });
    expect(e.targetIndexFirst).toBe(-1);
    expect(note).toContain(`“bank” is not a word of sentence 1, so here is row 1: “${tokens[0]}” puts its largest weight, ${num(row[top])}, on ${top === 0 ? 'itself' : `“${tokens[top]}”`}.`);
  });

  it('the heads summary counts where each trained head’s strongest key lies', () => {
    const pack = new Uint8Array(readFileSync(new URL('../../public/models/use-lite-int8.bin', import.meta.url)));
    const c = encoderCore.compareTrained(pack, { sentence: 'The bank of the river is muddy today.', sentence2: 'I have money in my bank account.', target: 'bank' });
    const said = focusSummary(c);
    const tally = { itself: 0, next: 0, far: 0 };
    c.focusFirst.forEach((f, h) => {
      // the strongest key, from the head's own attn_weights row
      const W = c.first.layers[f.layer].heads[f.head].attn_weights;
      const row = Array.from(W.data.slice(c.targetFirst * W.cols, (c.targetFirst + 1) * W.cols));
      const top = row.indexOf(Math.max(...row));
      expect(f.keys[0], `head ${h}`).toBe(top);
      const d = Math.abs(top - c.targetFirst);
      tally[d === 0 ? 'itself' : d === 1 ? 'next' : 'far'] += 1;
    });
    expect(said).toMatch(new RegExp(`on itself, ${tally.itself}; on a next-door token, ${tally.next}\\b.*; further away, ${tally.far}\\b`));
    expect(tally.itself + tally.next + tally.far).toBe(8);
  });

  it('the verdict claims a separation only when the control supports it, with the numbers and the margin', () => {
    const pack = new Uint8Array(readFileSync(new URL('../../public/models/use-lite-int8.bin', import.meta.url)));
    const inputs = [
      ['The bank of the river is muddy today.', 'I have money in my bank account.', 'They fished from the bank of the stream.'],
      ['We walked along the bank at dusk.', 'The bank raised its interest rates.', 'Ducks rested on the grassy bank of the pond.'],
    ];
    for (const [sentence, sentence2, control] of inputs) {
      const c = encoderCore.compareTrained(pack, { sentence, sentence2, control, target: 'bank' });
      const e = core.bankExperiment({ source: 'numpy', sentence, sentence2, control, target: 'bank' });
      const said = trainedVerdict({ trained: c.separation, untrained: e.separation });
      for (const sep of [c.separation, e.separation]) {
        expect(said).toContain(num(sep.sameSense));
        expect(said).toContain(num(sep.differentSense));
      }
      const [trainedPart, untrainedPart] = said.split('Random class block:');
      expect(trainedPart.startsWith('Trained model, after both layers:')).toBe(true);
      for (const [part, sep] of [[trainedPart, c.separation], [untrainedPart, e.separation]]) {
        if (sep.verdict === 'separates') expect(part).toMatch(new RegExp(`${num(sep.margin)} closer, at least the ${num(sep.requiredMargin)}.*it separates the two uses`));
        else expect(part).toMatch(/does not separate the two uses here/);
      }
      expect(said.includes('does not show what training added')).toBe(c.separation.verdict === 'separates' && e.separation.verdict === 'separates');
    }
  });

  it('each verdict of the rule gets its own sentence; before loading only the class block is judged', () => {
    const report = (same, diff, verdict) => ({ sameSense: same, differentSense: diff, margin: same - diff, requiredMargin: 0.1, verdict });
    const sep = report(0.9, 0.5, 'separates');
    const close = report(0.6, 0.55, 'too_close');
    const reversed = report(0.4, 0.7, 'reversed');
    expect(trainedVerdict({ trained: close, untrained: sep })).toMatch(/only 0\.0500 closer, less than the 0\.1000.*does not separate.*does not keep the two senses apart/);
    expect(trainedVerdict({ trained: reversed, untrained: close })).toMatch(/different-sense pair \(0\.7000\) is closer than the same-sense control \(0\.4000\), by 0\.3000/);
    expect(trainedVerdict({ trained: sep, untrained: reversed })).toMatch(/random block does not pass it here/);
    expect(trainedVerdict({ trained: null, untrained: sep })).toMatch(/^Trained model, after both layers: no verdict/);
    const before = trainedVerdict({ trained: undefined, untrained: sep });
    expect(before).not.toMatch(/Trained model/);
    expect(before).toMatch(/Load the trained model to put it through the same test\. Nothing in the class block is trained/);
    for (const part of ['position', 'pre-LayerNorm', 'residual', 'ReLU feed-forward', 'mean pooling', 'trained by its authors on tasks of their own']) {
      expect(TRAINED_CAVEATS).toContain(part);
    }
  });
});
