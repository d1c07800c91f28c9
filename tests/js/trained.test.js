// The trained chapter's logic: the encoder client delivers only the newest request's answer
// (a stand-in worker answers in an order the test controls), and the sentences the chapter
// writes beside its numbers are read from those numbers (the real core).
import { describe, it, expect, beforeAll } from 'vitest';
import { readFileSync } from 'node:fs';
import { EncoderClient } from '../../web/src/core/encoder-client.js';
import { untrainedNote, focusSummary } from '../../web/src/views/trained.js';
import { num } from '../../web/src/format.js';
import { loadCore } from './load-core.js';

/** A worker stand-in: records what the client posts; the test answers with reply(). */
function fakeWorker() {
  const worker = {
    sent: [],
    terminated: false,
    postMessage(message) { this.sent.push(message); },
    terminate() { this.terminated = true; },
    reply(data) { this.onmessage({ data }); },
  };
  return worker;
}

async function loadedClient() {
  const worker = fakeWorker();
  const client = new EncoderClient({ createWorker: () => worker });
  const loaded = client.load('pack.bin');
  worker.reply({ type: 'loaded', bytes: 7 });
  await loaded;
  return { client, worker };
}

const compares = (worker) => worker.sent.filter((m) => m.type === 'compare').map((m) => [m.id, m.options.sentence]);

describe('EncoderClient: only the newest sentence is answered', () => {
  it('tags requests with sequence numbers and sends one at a time; a newer waiting request replaces an older one', async () => {
    const { client, worker } = await loadedClient();
    const a = client.compare({ sentence: 'T' });
    const b = client.compare({ sentence: 'Th' });
    const c = client.compare({ sentence: 'The' });
    expect(compares(worker)).toEqual([[1, 'T']]); // the worker is busy with the first
    expect(await b).toBeNull(); // replaced while waiting: never sent
    expect(client.busy).toBe(true);
    worker.reply({ type: 'result', id: 1, result: 'for T' });
    expect(await a).toBeNull(); // answered, but for an older sentence than the newest: dropped
    expect(compares(worker)).toEqual([[1, 'T'], [3, 'The']]);
    worker.reply({ type: 'result', id: 3, result: 'for The' });
    expect(await c).toEqual({ seq: 3, result: 'for The' });
    expect(client.busy).toBe(false);
  });

  it('drops an answer that arrives after a newer request was made, even when nothing waits', async () => {
    const { client, worker } = await loadedClient();
    const first = client.compare({ sentence: 'bank' });
    const second = client.compare({ sentence: 'bank of' });
    worker.reply({ type: 'result', id: 1, result: 'old' });
    worker.reply({ type: 'result', id: 1, result: 'old again' }); // a duplicate is ignored
    expect(await first).toBeNull();
    worker.reply({ type: 'result', id: 2, result: 'new' });
    expect(await second).toEqual({ seq: 2, result: 'new' });
  });

  it('an error rejects only the newest request; a stale one resolves to null', async () => {
    const { client, worker } = await loadedClient();
    const stale = client.compare({ sentence: 'a' });
    const newest = client.compare({ sentence: 'ab' });
    worker.reply({ type: 'error', id: 1, message: 'too long' });
    expect(await stale).toBeNull();
    worker.reply({ type: 'error', id: 2, message: 'too long' });
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

  it('a failed download can be retried with a new worker', async () => {
    const workers = [];
    const client = new EncoderClient({ createWorker: () => { const w = fakeWorker(); workers.push(w); return w; } });
    const failed = client.load('pack.bin');
    workers[0].reply({ type: 'error', message: 'could not be loaded (404)' });
    await expect(failed).rejects.toThrow('404');
    expect(workers[0].terminated).toBe(true);
    const again = client.load('pack.bin');
    workers[1].reply({ type: 'loaded', bytes: 7 });
    expect(await again).toBe(7);
  });
});

describe('the sentences beside the numbers follow the numbers', () => {
  let core;
  beforeAll(async () => {
    core = await loadCore();
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
    const c = core.compareTrained(pack, { sentence: 'The bank of the river is muddy today.', sentence2: 'I have money in my bank account.', target: 'bank' });
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
});
