// The page's handle on the trained-encoder worker (workers/encoder-worker.js), over the page's
// one worker client (worker-client.js): it owns the worker's lifetime and the loaded model.
//
// Comparisons follow the typist: requests share one serial channel, so the worker gets at most
// one at a time, and a request made while it is busy waits in a one-place mailbox where a newer
// one replaces an older one: a burst of keystrokes costs at most two runs, never one per key. An
// answer to anything but the newest request (it was asked before the latest keystroke) resolves
// to null and is never drawn.
import { createWorkerClient, isDropped } from './worker-client.js';

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
    this.loaded = null; // Promise, once load() was called
    this.ready = false; // the model is fetched and decoded: compare() may be called
    this.onProgress = () => {};
    this.client = createWorkerClient({
      start: createWorker,
      name: 'model worker',
      life: 'encoder', // killed by the browser or closed, the worker sends nothing: its lock tells
      stoppedText: (cause, detail) => this.stoppedText(cause, detail),
      onStopped: () => this.forgetModel(),
    });
  }

  stoppedText(cause, detail) {
    if (cause === 'start') return `The model worker could not start here (${detail}).`;
    if (cause !== 'exit') return `The model worker failed: ${detail}`;
    return this.ready
      ? 'The model worker stopped unexpectedly (the browser may have run short of memory). Load the model again.'
      : 'The model worker stopped unexpectedly while loading (the browser may have run short of memory). Try again.';
  }

  /** The model went with its worker: it must be loaded again (a failed download can be retried). */
  forgetModel() {
    this.loaded = null;
    this.ready = false;
  }

  /** Starts the worker and fetches the model (once). Resolves with the pack's size in bytes. */
  load(url, onProgress = () => {}) {
    this.onProgress = onProgress;
    if (this.loaded) return this.loaded;
    const loading = this.client.request('load', { url }, {
      onUpdate: (type, { received, total }) => this.onProgress(received, total),
    }).then((bytes) => {
      if (this.loaded === loading) this.ready = true;
      return bytes;
    }, (error) => {
      if (this.loaded === loading) {
        this.forgetModel();
        this.client.dispose(); // a retry starts from a new worker
      }
      throw error;
    });
    this.loaded = loading;
    return loading;
  }

  /**
   * core.compareTrained in the worker. Resolves to {seq, result} for the newest request, and to
   * null for one that a newer call superseded (before or after the worker ran it).
   */
  compare(options) {
    return this.request({ type: 'compare', options });
  }

  /**
   * core.headsChange in the worker (the trained weights split into other head counts), on a
   * channel of its own so that it never supersedes a comparison: {seq, result}, or null when a
   * newer headsChange request superseded it.
   */
  headsChange(text, heads) {
    if (!this.loaded) return Promise.reject(new Error('The trained model is not loaded.'));
    const asked = this.client.request('headsChange', { text, heads }, { channel: 'heads', serial: true });
    return asked.then((result) => ({ seq: asked.id, result }), (error) => {
      if (isDropped(error)) return null;
      throw error;
    });
  }

  /**
   * Any request of the encoder worker: {type: 'compare', options}, {type: 'tokenTable', first,
   * count} or {type: 'wordVectors', texts, words}. The same rule as compare(): only the newest
   * request is answered; an older one resolves to null.
   */
  request({ type, ...payload }) {
    if (!this.loaded) return Promise.reject(new Error('The trained model is not loaded.'));
    const asked = this.client.request(type, payload, { channel: 'model', serial: true });
    return asked.then((result) => ({ seq: asked.id, result }), (error) => {
      if (isDropped(error)) return null;
      throw error;
    });
  }

  /** True while a request is running or waiting to be sent. */
  get busy() {
    return this.client.busy;
  }
}
