// The page's one way of talking to a worker (issue 33). Every worker of the page speaks the same
// envelope, served on its side by workers/serve.js:
//   page → worker  {id, kind, payload}             (transfer list: buffers moved, not copied)
//                  {id, kind: 'cancel'}            (stop request `id`, if the handler can)
//   worker → page  {id, type: 'result', result}  | {id, type: 'error', message}
//                  {id, type: 'progress' | 'frame', data}   (any number, before the result)
//
// A request is a promise. Requests on one `channel` follow "newest wins": a newer one supersedes
// the older ones, whose promises reject with `superseded: true` and whose late answers are
// dropped. With `serial`, a channel has at most one request in the worker: a newer one waits
// (a newer still replaces it unsent), so a burst of keystrokes costs two runs, not one per key;
// the running one's answer is delivered only if nothing newer waits when it comes. With `queue`,
// a channel sends its requests one at a time, in order, and drops none.
//
// The worker's life: its error or messageerror event, or its end without any event (heard
// through a Web Lock, worker-life.js), rejects every pending request with a clear Error; the
// next request starts a new worker. dispose() terminates it.
import { lifeLockName, watchLife } from './worker-life.js';

/** An error for a request that will not be answered on purpose: {cancelled: true} or {superseded: true}. */
function droppedError(reason) {
  const message = reason === 'superseded' ? 'A newer request replaced this one.' : 'The request was cancelled.';
  return Object.assign(new Error(message), { [reason]: true });
}

/** True for the rejection of a cancelled or superseded request: nothing went wrong. */
export const isDropped = (error) => Boolean(error?.cancelled || error?.superseded);

/**
 * @param {{
 *   start: () => Worker,          makes the worker (tests pass a fake: postMessage, terminate, onmessage, onerror)
 *   name?: string,                 how messages name it ("the model worker")
 *   life?: string,                 a name for the Web Lock that tells the worker's end (worker-life.js)
 *   stoppedText?: (cause: 'error' | 'messageerror' | 'exit' | 'start', detail: string) => string,
 *   onStopped?: (error: Error) => void,   after a worker failed or ended unasked
 * }} spec
 */
export function createWorkerClient({ start, name = 'worker', life, stoppedText = defaultStoppedText(name), onStopped = () => {} }) {
  let worker = null;
  let startFailure = ''; // why the last start failed
  let stopWatching = () => {};
  let nextId = 0;
  const pending = new Map(); // id → request (sent or waiting)
  const channels = new Map(); // channel name → {running, waiting: [], queue}

  const channelOf = (key) => {
    if (!channels.has(key)) channels.set(key, { running: null, waiting: [], queue: false });
    return channels.get(key);
  };

  /** Starts the worker if none runs; false if it cannot start here (a page opened from disk). */
  function ensure() {
    if (worker) return true;
    let started;
    try {
      started = start();
    } catch (error) {
      startFailure = error?.message ?? String(error);
      rejectAll(new Error(stoppedText('start', startFailure)));
      return false;
    }
    worker = started;
    started.onmessage = ({ data }) => { if (worker === started) received(data); };
    started.onerror = (event) => {
      event?.preventDefault?.(); // reported here, with the worker's name, not as a page error
      stopped(started, 'error', event?.message ?? 'unknown error');
    };
    started.onmessageerror = () => stopped(started, 'messageerror', 'a message could not be read');
    if (life) watchWorkerLife(started);
    return true;
  }

  // The worker holds a lock while it lives; asking for the same lock is granted when it ends.
  function watchWorkerLife(started) {
    const lock = lifeLockName(life);
    send(started, { kind: 'life', payload: { lock } }).then((held) => {
      if (held && worker === started) stopWatching = watchLife(lock, () => stopped(started, 'exit', 'it ended'));
    }, () => {});
  }

  /** A request outside the channels, for the client's own use (the life lock). */
  function send(target, { kind, payload }) {
    return new Promise((resolve, reject) => {
      const id = ++nextId;
      pending.set(id, { id, kind, resolve, reject, onUpdate: () => {}, sent: true });
      target.postMessage({ id, kind, payload });
    });
  }

  function stopped(which, cause, detail) {
    if (worker !== which) return; // already handled (the error event and the lock both tell)
    forget();
    const error = new Error(stoppedText(cause, detail));
    rejectAll(error);
    onStopped(error);
  }

  function forget() {
    stopWatching();
    stopWatching = () => {};
    worker?.terminate();
    worker = null;
  }

  function rejectAll(error) {
    const all = [...pending.values()];
    pending.clear();
    channels.clear();
    for (const entry of all) entry.reject(error);
  }

  function received(data) {
    const entry = pending.get(data?.id);
    if (!entry) return; // a dropped request's late answer
    const stale = isStale(entry);
    if (data.type === 'progress' || data.type === 'frame') {
      if (!stale) entry.onUpdate(data.type, data.data);
      return;
    }
    settle(entry);
    if (stale) entry.reject(droppedError('superseded'));
    else if (data.type === 'error') entry.reject(new Error(data.message));
    else entry.resolve(data.result);
  }

  /** Takes a request out of the books and lets its channel send the next. */
  function settle(entry) {
    pending.delete(entry.id);
    const channel = entry.channel && channels.get(entry.channel);
    if (!channel) return;
    if (channel.running === entry) channel.running = null;
    channel.waiting = channel.waiting.filter((w) => w !== entry);
    pump(channel);
  }

  function pump(channel) {
    if (channel.running || !channel.waiting.length) return;
    post(channel.running = channel.waiting.shift());
  }

  function post(entry) {
    entry.sent = true;
    worker.postMessage({ id: entry.id, kind: entry.kind, payload: entry.payload }, entry.transfer);
  }

  /** Drops a request: rejected with `reason`; the worker is told if it has it. */
  function drop(entry, reason) {
    if (!pending.has(entry.id)) return;
    const wasSent = entry.sent;
    settle(entry);
    if (wasSent && worker) worker.postMessage({ id: entry.id, kind: 'cancel' });
    entry.reject(droppedError(reason));
  }

  /**
   * Asks the worker for `kind` with `payload`. Resolves with the result; rejects with the
   * worker's error, a stop, or (isDropped) when cancelled or superseded. The promise has `id`
   * and `cancel()`.
   * @param {{channel?: string, serial?: boolean, queue?: boolean, transfer?: Transferable[],
   *   onUpdate?: (type: 'progress' | 'frame', data: any) => void}} [options]
   */
  function request(kind, payload, { channel, serial = false, queue = false, transfer = [], onUpdate = () => {} } = {}) {
    const id = ++nextId;
    let entry;
    const promise = new Promise((resolve, reject) => {
      entry = { id, kind, payload, transfer, onUpdate, channel, resolve, reject, sent: false };
    });
    promise.id = id;
    promise.cancel = () => drop(entry, 'cancelled');
    if (!ensure()) {
      entry.reject(new Error(stoppedText('start', startFailure)));
      return promise;
    }
    pending.set(id, entry);
    if (!channel) post(entry);
    else enter(channelOf(channel), entry, { serial: serial || queue, queue });
    return promise;
  }

  function enter(channel, entry, { serial, queue }) {
    channel.queue = queue;
    if (!queue) {
      // newest wins: what waits is replaced unsent; what runs is dropped now, or (serial) when it answers
      for (const old of channel.waiting) drop(old, 'superseded');
      if (channel.running && !serial) drop(channel.running, 'superseded');
    }
    channel.waiting.push(entry);
    pump(channel);
  }

  /** A serial channel's running request is stale once a newer one waits behind it. */
  function isStale(entry) {
    const channel = entry.channel && channels.get(entry.channel);
    return Boolean(channel && !channel.queue && channel.running === entry && channel.waiting.length);
  }

  return {
    request,
    /** Starts the worker now (to warm it up); false if no worker can start here. */
    start: ensure,
    /** Cancels every request of `channel` (or every request) not answered yet. */
    cancel(channel) {
      for (const entry of [...pending.values()]) if ((channel === undefined && entry.kind !== 'life') || entry.channel === channel) drop(entry, 'cancelled');
    },
    /** Rejects the requests of `channel` that wait unsent, with {cancelled: true} (Stop). */
    cancelWaiting(channel) {
      for (const entry of [...(channels.get(channel)?.waiting ?? [])]) drop(entry, 'cancelled');
    },
    /** True while a request (other than the client's own) is unanswered. */
    get busy() {
      return [...pending.values()].some((entry) => entry.kind !== 'life');
    },
    /** True while a worker runs. */
    get running() {
      return worker !== null;
    },
    /** Terminates the worker; what is pending is rejected ({cancelled: true}). */
    dispose() {
      forget();
      rejectAll(droppedError('cancelled'));
    },
  };
}

function defaultStoppedText(name) {
  return (cause, detail) => (cause === 'start'
    ? `The ${name} could not start here (${detail}).`
    : `The ${name} stopped: ${detail}.`);
}
