// The page's handle on the trained-encoder worker (workers/encoder-worker.js). It owns the
// worker's lifetime and turns messages into promises.
//
// Comparisons follow the typist: every request is tagged with a sequence number, and only the
// newest request's answer is delivered. The worker gets at most one request at a time; requests
// made while it is busy wait in a one-place mailbox where a newer one replaces an older one, so
// a burst of keystrokes costs at most two runs, never one per key. An answer whose number is not
// the newest (it was asked before the latest keystroke) resolves to null and is never drawn.

import { lifeLockName, watchLife } from './worker-life.js';

// One client (one worker, one copy of the model) for the page's lifetime, shared by the chapters
// that use the model: leaving a chapter and coming back, or going from the trained chapter to the
// embedding space, keeps a loaded model instead of asking for another click and download.
let shared = null;
export function sharedEncoderClient() {
  shared ??= new EncoderClient();
  return shared;
}

const defaultWorker = () => new Worker(new URL('../workers/encoder-worker.js', import.meta.url), { type: 'module' });

export class EncoderClient {
  /** @param {{createWorker?: () => Worker}} [options]  tests hand in a stand-in worker */
  constructor({ createWorker = defaultWorker } = {}) {
    this.createWorker = createWorker;
    this.worker = null;
    this.loaded = null; // Promise, once load() was called
    this.ready = false; // the model is fetched and decoded: compare() may be called
    this.latest = 0; // sequence number of the newest compare() call
    this.running = null; // {seq, resolve, reject} the worker is answering
    this.waiting = null; // {seq, options, resolve, reject} to send when it is free
    this.onProgress = () => {};
  }

  /** Starts the worker and fetches the model (once). Resolves with the pack's size in bytes. */
  load(url, onProgress = () => {}) {
    this.onProgress = onProgress;
    if (this.loaded) return this.loaded;
    try {
      this.worker = this.createWorker();
    } catch (error) {
      // e.g. a page opened from disk, where the browser refuses to start a worker from a file
      return Promise.reject(new Error(`The model worker could not start here (${error.message}).`));
    }
    const worker = this.worker;
    let stopWatching = () => {};
    this.loaded = new Promise((resolve, reject) => {
      const fail = (message) => {
        if (this.worker !== worker) return; // already failed (the error event and the lock both tell)
        const error = new Error(message);
        this.loaded = null; // a failed download can be retried
        this.ready = false;
        this.worker = null;
        stopWatching();
        worker.terminate();
        // a worker that dies after loading must not leave a request waiting for ever
        for (const entry of [this.running, this.waiting]) entry?.reject(error);
        this.running = null;
        this.waiting = null;
        reject(error);
      };
      worker.onmessage = ({ data }) => {
        if (data.type === 'alive') {
          // killed by the browser or closed, the worker sends nothing: its lock tells (worker-life.js)
          stopWatching = watchLife(data.lock, () => fail(this.ready
            ? 'The model worker stopped unexpectedly (the browser may have run short of memory). Load the model again.'
            : 'The model worker stopped unexpectedly while loading (the browser may have run short of memory). Try again.'));
        } else if (data.type === 'progress') this.onProgress(data.received, data.total);
        else if (data.type === 'loaded') {
          this.ready = true;
          resolve(data.bytes);
        }
        else if (data.type === 'error' && data.id === undefined) fail(data.message);
        else this.answered(data);
      };
      worker.onerror = (event) => fail(`The model worker failed: ${event.message ?? 'unknown error'}`);
    });
    worker.postMessage({ type: 'life', lock: lifeLockName('encoder') });
    worker.postMessage({ type: 'load', url });
    return this.loaded;
  }

  /**
   * core.compareTrained in the worker. Resolves to {seq, result} for the newest request, and to
   * null for one that a newer call superseded (before or after the worker ran it).
   */
  compare(options) {
    return this.request({ type: 'compare', options });
  }

  /**
   * Any request the worker answers with {type: 'result', id, result}: {type: 'compare', options},
   * {type: 'tokenTable', first, count} or {type: 'wordVectors', texts, words}. The same rule as
   * compare(): only the newest request is answered; an older one resolves to null.
   */
  request(message) {
    const seq = ++this.latest;
    return new Promise((resolve, reject) => {
      this.waiting?.resolve(null); // replaced before it was sent
      this.waiting = { seq, message, resolve, reject };
      this.sendWaiting();
    });
  }

  /** True while a request is running or waiting to be sent. */
  get busy() {
    return Boolean(this.running || this.waiting);
  }

  sendWaiting() {
    if (this.running || !this.waiting) return;
    if (!this.worker) { // the worker failed: the model must be loaded again first
      this.waiting.reject(new Error('The trained model is not loaded.'));
      this.waiting = null;
      return;
    }
    this.running = this.waiting;
    this.waiting = null;
    this.worker.postMessage({ ...this.running.message, id: this.running.seq });
  }

  answered({ type, id, result, message }) {
    const entry = this.running;
    if (!entry || entry.seq !== id) return; // not the request this client is waiting for
    this.running = null;
    if (id !== this.latest) entry.resolve(null); // stale: a newer sentence was asked for meanwhile
    else if (type === 'result') entry.resolve({ seq: id, result });
    else entry.reject(new Error(message));
    this.sendWaiting();
  }
}
