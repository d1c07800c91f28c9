// The page's handle on the training worker (workers/train-worker.js), over the page's one worker
// client (worker-client.js). Requests go one at a time, in the order asked (a step must not
// overtake the run it belongs to), so the worker never sees two at once.
import { createWorkerClient } from './worker-client.js';

const defaultWorker = () => new Worker(new URL('../workers/train-worker.js', import.meta.url), { type: 'module' });

export class TrainClient {
  /** @param {{createWorker?: () => Worker}} [options]  tests may hand in a stand-in worker */
  constructor({ createWorker = defaultWorker } = {}) {
    this.client = createWorkerClient({
      start: createWorker,
      name: 'training worker',
      // the next request starts a new worker: the trainer is gone with the old one
      stoppedText: (cause, detail) => (cause === 'start'
        ? `The training worker could not start here (${detail}). Serve the page (bash scripts/serve.sh) to train.`
        : `The training worker stopped: ${detail}. The run is lost; start again.`),
    });
  }

  get busy() {
    return this.client.busy;
  }

  /** Sends `{type, ...payload}` when the worker is free; resolves with its result. */
  request({ type, ...payload }) {
    return this.client.request(type, payload, { channel: 'train', queue: true });
  }

  /** Drops the requests not sent yet (Stop): they reject with {cancelled: true}. */
  cancelWaiting() {
    this.client.cancelWaiting('train');
  }
}
