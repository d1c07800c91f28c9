// The page's handle on the training worker (workers/train-worker.js): it owns the worker and
// turns its answers into promises. Requests go one at a time, in the order asked (a step must
// not overtake the run it belongs to), so the worker never sees two at once.

const defaultWorker = () => new Worker(new URL('../workers/train-worker.js', import.meta.url), { type: 'module' });

export class TrainClient {
  /** @param {{createWorker?: () => Worker}} [options]  tests may hand in a stand-in worker */
  constructor({ createWorker = defaultWorker } = {}) {
    this.createWorker = createWorker;
    this.worker = null;
    this.nextId = 0;
    this.queue = []; // [{id, message, resolve, reject}] not sent yet
    this.running = null; // the request the worker is answering
  }

  get busy() {
    return Boolean(this.running) || this.queue.length > 0;
  }

  /** Sends `message` ({type, ...}) when the worker is free; resolves with its result. */
  request(message) {
    return new Promise((resolve, reject) => {
      this.queue.push({ id: ++this.nextId, message, resolve, reject });
      this.pump();
    });
  }

  /** Drops the requests not sent yet (Stop): they reject with {cancelled: true}. */
  cancelWaiting() {
    for (const entry of this.queue.splice(0)) entry.reject(Object.assign(new Error('cancelled'), { cancelled: true }));
  }

  pump() {
    if (this.running || !this.queue.length) return;
    if (!this.start()) return;
    this.running = this.queue.shift();
    this.worker.postMessage({ id: this.running.id, ...this.running.message });
  }

  /** Starts the worker once; false (and every request rejected) when it cannot start. */
  start() {
    if (this.worker) return true;
    try {
      this.worker = this.createWorker();
    } catch (error) {
      this.failAll(`The training worker could not start here (${error.message}). Serve the page (bash scripts/serve.sh) to train.`);
      return false;
    }
    this.worker.onmessage = ({ data }) => {
      const entry = this.running;
      if (!entry || data.id !== entry.id) return;
      this.running = null;
      if (data.error !== undefined) entry.reject(new Error(data.error));
      else entry.resolve(data.result);
      this.pump();
    };
    this.worker.onerror = (event) => {
      event.preventDefault?.();
      this.worker.terminate();
      this.worker = null; // the next request starts a new one (its trainer is gone with it)
      this.failAll(`The training worker stopped: ${event.message ?? 'unknown error'}. The run is lost; start again.`);
    };
    return true;
  }

  failAll(message) {
    const error = new Error(message);
    for (const entry of [this.running, ...this.queue.splice(0)]) entry?.reject(error);
    this.running = null;
  }
}
