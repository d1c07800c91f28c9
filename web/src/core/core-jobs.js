// Core calls that can take longer than a frame run off the main thread. With wide vectors (a
// 1024-d file, or d_model set to 1024) one workbench is a million-number projection three times
// over: over 100 ms, during which the page could not take a key. Such a call goes to a Worker
// with its own copy of the core (workers/core-worker.js); the view gets PENDING, shows that it
// is computing, and is drawn again when the answer comes. Smaller calls stay on the page: a
// round trip to a worker would cost more than they do.
//
// Only the latest request matters. One call runs at a time; a newer one waits its turn, and a
// waiting one that a newer one replaces is dropped, never computed. Answers are kept by their
// options (the last few), so the redraw that follows finds its result at once.
import { holdRenders } from '../components/deferred.js';

/** What a call returns while its answer is being computed in the worker. */
export const PENDING = Symbol('computing');

/** The core methods that may run in the worker: the whole-lesson calls of the views. */
export const CORE_JOB_METHODS = ['workbench', 'bankExperiment', 'flow'];

/** From this width of vectors (d_model), a call goes to the worker. */
export const WIDE = 256;
const KEEP = 6;

/**
 * @param {import('./attention-core.js').AttentionCore} core  the page's core (small calls)
 * @param {{onAnswer: () => void, startWorker?: () => Worker}} spec  onAnswer redraws the page
 */
export function createCoreJobs(core, { onAnswer, startWorker = defaultWorker }) {
  const answers = new Map(); // key → {result} | {error}, oldest first
  let worker = null;
  let workerFailed = false;
  let running = null; // {key, id, release}
  let waiting = null; // {key, method, options}
  let nextId = 0;

  function send(job) {
    const release = holdRenders(); // the page's render counter waits for this answer
    running = { ...job, id: ++nextId, release };
    worker.postMessage({ id: running.id, method: job.method, options: job.options });
  }

  function finish(answer) {
    const done = running;
    running = null;
    remember(done.key, answer);
    if (waiting) {
      // a newer request came meanwhile: this answer is not drawn, the newer call runs
      const next = waiting;
      waiting = null;
      send(next);
    } else {
      onAnswer();
    }
    done.release();
  }

  function remember(key, answer) {
    answers.delete(key);
    answers.set(key, answer);
    while (answers.size > KEEP) answers.delete(answers.keys().next().value);
  }

  function ensureWorker() {
    if (worker || workerFailed) return Boolean(worker);
    try {
      worker = startWorker();
    } catch {
      workerFailed = true; // e.g. a page opened from disk: everything is computed on the page
      return false;
    }
    worker.onmessage = ({ data }) => {
      if (running?.id !== data.id) return;
      finish(data.error !== undefined ? { error: data.error } : { result: data.result });
    };
    worker.onerror = (event) => {
      event.preventDefault?.();
      workerFailed = true;
      worker.terminate();
      worker = null;
      // what was asked is computed on the page instead, at the redraw
      waiting = null;
      if (running) {
        const done = running;
        running = null;
        onAnswer();
        done.release();
      }
    };
    return true;
  }

  return {
    /**
     * core[method](options), or PENDING while it is computed in the worker. Throws the core's
     * error, like the direct call would.
     */
    call(method, options) {
      if (!isWide(options) || !ensureWorker()) return core[method](options);
      const key = keyOf(method, options);
      const answer = answers.get(key);
      if (answer) {
        if ('error' in answer) throw new Error(answer.error);
        return answer.result;
      }
      if (running?.key === key) {
        waiting = null; // back to what is being computed: nothing newer is needed
        return PENDING;
      }
      const job = { key, method, options };
      if (running) waiting = job;
      else send(job);
      return PENDING;
    },
    /** True while a call is computed or waits. */
    get busy() {
      return Boolean(running || waiting);
    },
    delete() {
      worker?.terminate();
      worker = null;
    },
  };
}

function defaultWorker() {
  return new Worker(new URL('../workers/core-worker.js', import.meta.url), { type: 'module' });
}

/** What a view says while its answer is computed. */
export function computingText(options) {
  const width = Math.max(options.pretrained?.dim ?? 0, options.dModel ?? 0);
  return `Computing with ${width}-wide vectors in the background… (the page stays usable)`;
}

/** Wide vectors: a file's rows, one-hot over a long vocabulary, or d_model set high. */
export function isWide(options) {
  return Math.max(options.pretrained?.dim ?? 0, options.dModel ?? 0, options.dK ?? 0, options.dV ?? 0) >= WIDE;
}

/** A key for a call's options: their JSON, with a file's rows as a hash of their bytes. */
export function keyOf(method, options) {
  const json = JSON.stringify(options, (name, value) => {
    if (ArrayBuffer.isView(value)) return `${value.constructor.name}:${value.length}:${hashBytes(value)}`;
    return value;
  });
  return `${method}:${json}`;
}

function hashBytes(view) {
  if (view.byteOffset % 4 || view.byteLength % 4) return Array.from(new Uint8Array(view.buffer, view.byteOffset, view.byteLength)).join(',');
  const words = new Uint32Array(view.buffer, view.byteOffset, Math.floor(view.byteLength / 4));
  let h = 2166136261; // FNV-1a over 32-bit words
  for (let k = 0; k < words.length; k++) h = Math.imul(h ^ words[k], 16777619) >>> 0;
  return h.toString(16);
}
