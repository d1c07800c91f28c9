// core/worker-client.js, the page's one worker client, against a stand-in worker, and
// workers/serve.js, its worker side, against a stand-in worker global.
import { describe, it, expect } from 'vitest';
import { createWorkerClient, isDropped } from '../../web/src/core/worker-client.js';
import { moved, serve } from '../../web/src/workers/serve.js';

/** A stand-in Worker: keeps what is posted (with its transfer list); the test answers. */
function fakeWorker() {
  return {
    posted: [],
    terminated: false,
    postMessage(message, transfer) { this.posted.push({ ...message, transfer }); },
    terminate() { this.terminated = true; },
    reply(data) { this.onmessage({ data }); },
    result(id, result) { this.reply({ id, type: 'result', result }); },
    requests() { return this.posted.filter((m) => m.kind !== 'cancel'); },
  };
}

function setUp(spec = {}) {
  const workers = [];
  const client = createWorkerClient({ start: () => { const w = fakeWorker(); workers.push(w); return w; }, name: 'test worker', ...spec });
  return { client, workers, worker: () => workers.at(-1) };
}

const settled = async (promise) => promise.then((value) => ({ value }), (error) => ({ error }));

describe('worker client', () => {
  it('sends {id, kind, payload} with increasing ids and resolves each request with its result', async () => {
    const { client, worker } = setUp();
    const a = client.request('square', { x: 3 });
    const b = client.request('square', { x: 4 });
    expect(worker().posted.map(({ id, kind, payload }) => ({ id, kind, payload }))).toEqual([
      { id: a.id, kind: 'square', payload: { x: 3 } }, { id: b.id, kind: 'square', payload: { x: 4 } }]);
    expect(b.id).toBeGreaterThan(a.id);
    worker().result(b.id, 16); // answers may come in any order
    worker().result(a.id, 9);
    expect([await a, await b]).toEqual([9, 16]);
    expect(client.busy).toBe(false);
  });

  it('rejects with the worker\'s error message', async () => {
    const { client, worker } = setUp();
    const a = client.request('divide', { by: 0 });
    worker().reply({ id: a.id, type: 'error', message: 'division by zero' });
    await expect(a).rejects.toThrow('division by zero');
  });

  it('newest wins on a channel: the older request is dropped at once, and the worker told', async () => {
    const { client, worker } = setUp();
    const old = client.request('layout', { n: 1 }, { channel: 'layout' });
    const newer = client.request('layout', { n: 2 }, { channel: 'layout' });
    const error = (await settled(old)).error;
    expect(isDropped(error) && error.superseded).toBe(true);
    expect(worker().posted.find((m) => m.kind === 'cancel')).toMatchObject({ id: old.id });
    worker().result(old.id, 'stale'); // a late answer is dropped
    worker().result(newer.id, 'fresh');
    expect(await newer).toBe('fresh');
  });

  it('a serial channel keeps one request in the worker: newer ones wait, the newest replaces them, a stale answer is dropped', async () => {
    const { client, worker } = setUp();
    const t = client.request('compare', 'T', { channel: 'c', serial: true });
    const th = client.request('compare', 'Th', { channel: 'c', serial: true });
    const the = client.request('compare', 'The', { channel: 'c', serial: true });
    expect(worker().requests().map((m) => m.payload)).toEqual(['T']);
    expect((await settled(th)).error.superseded).toBe(true); // replaced before it was sent
    worker().result(t.id, 'for T');
    expect((await settled(t)).error.superseded).toBe(true); // answered, but a newer one waited
    expect(worker().requests().map((m) => m.payload)).toEqual(['T', 'The']);
    worker().result(the.id, 'for The');
    expect(await the).toBe('for The');
  });

  it('a queue channel sends one at a time, in order, and drops none', async () => {
    const { client, worker } = setUp();
    const step = client.request('step', {}, { channel: 'train', queue: true });
    const epoch = client.request('epoch', {}, { channel: 'train', queue: true });
    expect(worker().requests().map((m) => m.kind)).toEqual(['step']);
    worker().result(step.id, 1);
    expect(await step).toBe(1);
    expect(worker().requests().map((m) => m.kind)).toEqual(['step', 'epoch']);
    worker().result(epoch.id, 2);
    expect(await epoch).toBe(2);
  });

  it('cancel rejects with {cancelled: true}, tells the worker of a sent request, and drops later messages', async () => {
    const { client, worker } = setUp();
    const progress = [];
    const load = client.request('load', {}, { onUpdate: (type, data) => progress.push([type, data]) });
    worker().reply({ id: load.id, type: 'progress', data: { bytes: 1 } });
    load.cancel();
    expect((await settled(load)).error.cancelled).toBe(true);
    expect(worker().posted.at(-1)).toMatchObject({ id: load.id, kind: 'cancel' });
    worker().reply({ id: load.id, type: 'progress', data: { bytes: 2 } });
    worker().result(load.id, 'too late');
    expect(progress).toEqual([['progress', { bytes: 1 }]]);
  });

  it('cancelWaiting drops only the unsent requests of a channel', async () => {
    const { client, worker } = setUp();
    const running = client.request('epoch', {}, { channel: 'train', queue: true });
    const waiting = client.request('epoch', {}, { channel: 'train', queue: true });
    client.cancelWaiting('train');
    expect((await settled(waiting)).error.cancelled).toBe(true);
    expect(worker().posted.some((m) => m.kind === 'cancel')).toBe(false); // never sent: nothing to tell
    worker().result(running.id, 'done');
    expect(await running).toBe('done');
  });

  it('passes frames and progress to onUpdate before the result', async () => {
    const { client, worker } = setUp();
    const frames = [];
    const layout = client.request('layout', {}, { onUpdate: (type, data) => frames.push(`${type} ${data}`) });
    worker().reply({ id: layout.id, type: 'frame', data: 1 });
    worker().reply({ id: layout.id, type: 'frame', data: 2 });
    worker().result(layout.id, 'done');
    expect(await layout).toBe('done');
    expect(frames).toEqual(['frame 1', 'frame 2']);
  });

  it('passes the transfer list to postMessage', () => {
    const { client, worker } = setUp();
    const points = new Float32Array(4);
    client.request('load', { points }, { transfer: [points.buffer] });
    expect(worker().posted[0].transfer).toEqual([points.buffer]);
  });

  it('an error event rejects every pending request with a clear Error, and the next request starts a new worker', async () => {
    const stops = [];
    const { client, workers } = setUp({ onStopped: (error) => stops.push(error.message) });
    const a = client.request('a', {}, { channel: 'x', serial: true });
    const b = client.request('b', {}, { channel: 'x', serial: true });
    const c = client.request('c');
    workers[0].onerror({ message: 'out of memory', preventDefault() {} });
    for (const p of [a, b, c]) await expect(p).rejects.toThrow('The test worker stopped: out of memory.');
    expect(workers[0].terminated).toBe(true);
    expect(stops).toEqual(['The test worker stopped: out of memory.']);
    expect(client.running).toBe(false);
    const again = client.request('a', {}, { channel: 'x', serial: true });
    expect(workers).toHaveLength(2);
    expect(workers[1].requests().map((m) => m.kind)).toEqual(['a']); // the channel starts afresh
    workers[1].result(again.id, 'ok');
    expect(await again).toBe('ok');
  });

  it('a messageerror is a stop too; messages of a dropped worker are ignored', async () => {
    const { client, workers } = setUp({ stoppedText: (cause) => `stopped (${cause})` });
    const a = client.request('a');
    workers[0].onmessageerror({});
    await expect(a).rejects.toThrow('stopped (messageerror)');
    workers[0].result(a.id, 'late'); // nothing to resolve
  });

  it('a worker that cannot start rejects with the start text, and start() says false', async () => {
    const client = createWorkerClient({ start: () => { throw new Error('file:// page'); }, name: 'test worker' });
    expect(client.start()).toBe(false);
    await expect(client.request('a')).rejects.toThrow('The test worker could not start here');
  });

  it('dispose() terminates the worker and drops what is pending', async () => {
    const { client, worker } = setUp();
    const a = client.request('a');
    client.dispose();
    expect(worker().terminated).toBe(true);
    expect((await settled(a)).error.cancelled).toBe(true);
  });
});

/** A stand-in worker global for serve(): collects what it posts. */
function fakeScope() {
  const scope = { posted: [], postMessage(message, transfer) { scope.posted.push({ ...message, transfer }); } };
  scope.send = (data) => scope.onmessage({ data });
  return scope;
}
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('serve (the worker side)', () => {
  it('answers each kind with its handler, in the envelope, and errors with their message', async () => {
    const scope = fakeScope();
    serve({ double: ({ x }) => 2 * x, fail: () => { throw new Error('no'); } }, { scope });
    scope.send({ id: 1, kind: 'double', payload: { x: 4 } });
    scope.send({ id: 2, kind: 'fail', payload: {} });
    scope.send({ id: 3, kind: 'missing', payload: {} });
    await tick();
    expect(scope.posted.map(({ transfer, ...m }) => m).sort((a, b) => a.id - b.id)).toEqual([
      { id: 1, type: 'result', result: 8 }, { id: 2, type: 'error', message: 'no' }, { id: 3, type: 'error', message: 'This worker has no "missing".' }]);
  });

  it('streams progress, moves buffers, and stops posting for a cancelled request', async () => {
    const scope = fakeScope();
    let release;
    serve({
      read: async (payload, request) => {
        request.progress({ bytes: 1 });
        await new Promise((resolve) => { release = resolve; });
        return request.cancelled ? null : 'all';
      },
      table: () => { const data = new Float32Array(2); return moved({ data }, [data.buffer]); },
    }, { scope });
    scope.send({ id: 1, kind: 'read', payload: {} });
    scope.send({ id: 2, kind: 'table', payload: {} });
    await tick();
    scope.send({ id: 1, kind: 'cancel' });
    release();
    await tick();
    expect(scope.posted.map((m) => [m.id, m.type])).toEqual([[1, 'progress'], [2, 'result']]);
    expect(scope.posted[1].transfer).toEqual([scope.posted[1].result.data.buffer]);
  });
});
