// core/core-jobs.js: wide calls go to a worker and only the latest request is computed. The
// "worker" here runs the real core when the test lets it answer, so every answer is the core's.
import { describe, it, expect, beforeAll } from 'vitest';
import { loadCore } from './load-core.js';
import { createCoreJobs, PENDING, WIDE, keyOf, isWide } from '../../web/src/core/core-jobs.js';

let core;
beforeAll(async () => {
  core = await loadCore();
});

/**
 * A stand-in Worker speaking the envelope of core/worker-client.js: keeps what is posted;
 * answer() runs the real core on the oldest request (as workers/core-worker.js does).
 */
function fakeWorker() {
  const worker = {
    posted: [],
    terminated: false,
    postMessage(message) { if (message.kind !== 'cancel') this.posted.push({ method: message.kind, options: message.payload, id: message.id }); },
    terminate() { this.terminated = true; },
    async answer() {
      const { id, method, options } = this.posted.shift();
      let data;
      try {
        data = { id, type: 'result', result: core[method](structuredClone(options)) };
      } catch (error) {
        data = { id, type: 'error', message: error.message };
      }
      this.onmessage({ data });
      await settle();
    },
  };
  return worker;
}

/** Lets the client's promise callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setUp() {
  const worker = fakeWorker();
  let answers = 0;
  let starts = 0;
  const jobs = createCoreJobs(core, { onAnswer: () => { answers += 1; }, startWorker: () => { starts += 1; return worker; } });
  return { jobs, worker, answers: () => answers, starts: () => starts };
}

const wide = (sentence, extra = {}) => ({ sentence, source: 'numpy', dModel: WIDE, dK: WIDE, dV: WIDE, embedSeed: 0, projSeed: 1, tieWidths: true, ...extra });

describe('core jobs', () => {
  it('computes narrow calls on the page, at once, without starting a worker', () => {
    const { jobs, starts } = setUp();
    const options = { sentence: 'Bank of the river', dModel: 8 };
    const report = jobs.call('workbench', options);
    expect(report).not.toBe(PENDING);
    expect(Array.from(report.projected.attn_weights.data)).toEqual(Array.from(core.workbench(options).projected.attn_weights.data));
    expect(starts()).toBe(0);
  });

  it('sends a wide call to the worker, then answers it with the core\'s numbers', async () => {
    const { jobs, worker, answers } = setUp();
    const options = wide('Bank of the river');
    expect(isWide(options)).toBe(true);
    expect(jobs.call('workbench', options)).toBe(PENDING);
    expect(jobs.busy).toBe(true);
    expect(jobs.call('workbench', options)).toBe(PENDING); // asked again: not sent twice
    expect(worker.posted).toHaveLength(1);
    await worker.answer();
    expect(answers()).toBe(1);
    expect(jobs.busy).toBe(false);
    const report = jobs.call('workbench', options);
    expect(Array.from(report.projected.Y.data)).toEqual(Array.from(core.workbench(options).projected.Y.data));
  });

  it('drops a waiting request that a newer one replaces, and does not draw the stale answer', async () => {
    const { jobs, worker, answers } = setUp();
    jobs.call('workbench', wide('a'));
    jobs.call('workbench', wide('a b')); // waits
    jobs.call('workbench', wide('a b c')); // replaces it
    expect(worker.posted.map((m) => m.options.sentence)).toEqual(['a']);
    await worker.answer(); // "a" answers: a newer request is waiting, so it is sent and nothing is drawn
    expect(answers()).toBe(0);
    expect(worker.posted.map((m) => m.options.sentence)).toEqual(['a b c']);
    await worker.answer();
    expect(answers()).toBe(1);
    expect(jobs.call('workbench', wide('a b c')).tokens).toHaveLength(3);
  });

  it('keeps one lane per method: a section\'s call does not replace another\'s, and one redraw follows both', async () => {
    const worker = fakeWorker();
    let answers = 0;
    const frames = [];
    const jobs = createCoreJobs(core, { onAnswer: () => { answers += 1; }, startWorker: () => worker, nextFrame: (draw) => frames.push(draw) });
    const options = wide('bank of the river');
    expect(jobs.call('workbench', options)).toBe(PENDING);
    expect(jobs.call('flowChapter', options)).toBe(PENDING);
    expect(worker.posted.map((m) => m.method)).toEqual(['workbench', 'flowChapter']);
    await worker.answer();
    await worker.answer();
    expect(frames).toHaveLength(1); // both answers, one redraw
    expect(answers).toBe(0);
    frames[0]();
    expect(answers).toBe(1);
    expect(jobs.call('flowChapter', options).length.points).toHaveLength(4);
    expect(jobs.call('workbench', options).tokens).toHaveLength(4);
  });

  it('gives the core\'s error for a wide call, as the direct call would throw it', async () => {
    const { jobs, worker } = setUp();
    const options = wide('bank', { source: 'nonsense' });
    expect(() => core.workbench(options)).toThrow();
    expect(jobs.call('workbench', options)).toBe(PENDING);
    await worker.answer();
    let message = null;
    try { core.workbench(options); } catch (error) { message = error.message; }
    expect(() => jobs.call('workbench', options)).toThrow(message);
  });

  it('computes on the page when no worker can start or the worker fails', async () => {
    const noWorker = createCoreJobs(core, { onAnswer: () => {}, startWorker: () => { throw new Error('blocked'); } });
    expect(noWorker.call('workbench', wide('bank'))).not.toBe(PENDING);

    const { jobs, worker, answers } = setUp();
    expect(jobs.call('workbench', wide('bank river'))).toBe(PENDING);
    worker.onerror({ preventDefault() {} });
    expect(worker.terminated).toBe(true);
    await settle();
    expect(answers()).toBe(1); // the view is drawn again, and computes on the page
    expect(jobs.call('workbench', wide('bank river')).tokens).toHaveLength(2);
  });

  it('asked again for what is being computed: the request waiting behind it is dropped, not computed', async () => {
    const { jobs, worker, answers } = setUp();
    expect(jobs.call('workbench', wide('a'))).toBe(PENDING);
    expect(jobs.call('workbench', wide('a b'))).toBe(PENDING); // waits
    expect(jobs.call('workbench', wide('a'))).toBe(PENDING); // back to "a": "a b" is not needed
    await worker.answer();
    expect(worker.posted).toHaveLength(0);
    expect(answers()).toBe(1);
    expect(jobs.call('workbench', wide('a')).tokens).toHaveLength(1);
  });

  it('holds the page\'s render signal through the hold it is given, until the answer is drawn', async () => {
    const worker = fakeWorker();
    const held = [];
    const jobs = createCoreJobs(core, {
      onAnswer: () => {}, startWorker: () => worker,
      hold: () => { held.push('held'); const at = held.length - 1; return () => { held[at] = 'released'; }; },
    });
    jobs.call('workbench', wide('bank'));
    jobs.call('workbench', wide('bank river')); // waits; the first is then stale
    expect(held).toEqual(['held', 'held']);
    await worker.answer();
    expect(held).toEqual(['released', 'held']);
    await worker.answer();
    expect(held).toEqual(['released', 'released']);
  });

  it('keys a file\'s rows by their bytes: one changed value is another request', () => {
    const rows = (x) => ({ name: 'f', words: ['bank'], dim: 300, data: new Float32Array(300).fill(0.5).fill(x, 0, 1) });
    expect(keyOf('workbench', { pretrained: rows(0.5) })).toBe(keyOf('workbench', { pretrained: rows(0.5) }));
    expect(keyOf('workbench', { pretrained: rows(0.5) })).not.toBe(keyOf('workbench', { pretrained: rows(0.25) }));
  });
});
