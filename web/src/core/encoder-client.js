// The page's handle on the trained-encoder worker (workers/encoder-worker.js). It owns the
// worker's lifetime, turns messages into promises, and drops answers to superseded requests.
export class EncoderClient {
  constructor() {
    this.worker = null;
    this.loaded = null; // Promise, once load() was called
    this.nextId = 1;
    this.pending = new Map();
    this.onProgress = () => {};
  }

  /** Starts the worker and fetches the model (once). Resolves with the pack's size in bytes. */
  load(url, onProgress = () => {}) {
    this.onProgress = onProgress;
    if (this.loaded) return this.loaded;
    try {
      this.worker = new Worker(new URL('../workers/encoder-worker.js', import.meta.url), { type: 'module' });
    } catch (error) {
      // e.g. a page opened from disk, where the browser refuses to start a worker from a file
      return Promise.reject(new Error(`The model worker could not start here (${error.message}).`));
    }
    this.loaded = new Promise((resolve, reject) => {
      this.worker.onmessage = ({ data }) => {
        if (data.type === 'progress') this.onProgress(data.received, data.total);
        else if (data.type === 'loaded') resolve(data.bytes);
        else if (data.type === 'error' && data.id === undefined) {
          this.loaded = null; // a failed download can be retried
          this.worker.terminate();
          reject(new Error(data.message));
        } else this.settle(data);
      };
      this.worker.onerror = (event) => {
        this.loaded = null;
        reject(new Error(`The model worker failed: ${event.message ?? 'unknown error'}`));
      };
    });
    this.worker.postMessage({ type: 'load', url });
    return this.loaded;
  }

  /** core.compareTrained in the worker. A newer call makes older ones resolve to null. */
  compare(options) {
    const id = this.nextId++;
    for (const [oldId, entry] of this.pending) {
      entry.resolve(null);
      this.pending.delete(oldId);
    }
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ type: 'compare', id, options });
    });
  }

  settle({ type, id, result, message }) {
    const entry = this.pending.get(id);
    if (!entry) return; // superseded
    this.pending.delete(id);
    if (type === 'result') entry.resolve(result);
    else entry.reject(new Error(message));
  }
}
