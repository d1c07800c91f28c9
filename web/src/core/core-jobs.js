// Core calls that can take longer than a frame run off the main thread. With wide vectors (a
// 1024-d file, or d_model set to 1024) one workbench is a million-number projection three times
// over: over 100 ms, during which the page could not take a key. Such a call goes to a Worker
// with its own copy of the core (workers/core-worker.js); the view gets PENDING, shows that it
// is computing, and is drawn again when the answer comes. Smaller calls stay on the page: a
// round trip to a worker would cost more than they do.
//
// Only the latest request matters. Per method, one call runs at a time; a newer one waits its
// turn, and a waiting one that a newer one replaces is dropped, never computed. Answers are kept
// by their options (the last two per method), so the redraw that follows finds its result at once.
import { holdRenders } from '../components/deferred.js';

/** What a call returns while its answer is being computed in the worker. */
export const PENDING = Symbol('computing');

/** The core methods that may run in the worker: the whole-lesson calls of the views. */
export const CORE_JOB_METHODS = ['workbench', 'bankExperiment', 'qkvChapter', 'flowChapter', 'flow', 'shuffleExperiment', 'distanceExperiment',
  'lengthExperiment', 'trainingReport', 'headsSketch', 'attentionKinds'];

/** From this width of vectors (d_model), a call goes to the worker. */
export const WIDE = 256;
// answers kept per method: the latest, and the one before (a toggle back and forth)
const KEEP = 2;

/**
 * @param {import('./attention-core.js').AttentionCore} core  the page's core (small calls)
 * @param {{onAnswer: () => void, startWorker?: () => Worker, nextFrame?: (draw: () => void) => void}} spec
 *   onAnswer redraws the page; nextFrame schedules that redraw (tests: at once)
 */
export function createCoreJobs(core, { onAnswer, startWorker = defaultWorker, nextFrame = defaultNextFrame }) {
  // Answers that arrive together (a chapter's sections ask for several) are drawn by one redraw
  // in the next frame; their holds on the render counter are released after it.
  const answeredHolds = [];
  const answered = (release) => {
    answeredHolds.push(release);
    if (answeredHolds.length > 1) return;
    nextFrame(() => {
      onAnswer();
      for (const held of answeredHolds.splice(0)) held();
    });
  };
  // One lane per method: each has at most one call running and one waiting, and its last
  // answers. Lanes do not replace each other's requests: a view may need several methods.
  const lanes = new Map();
  const laneOf = (method) => {
    if (!lanes.has(method)) lanes.set(method, { running: null, waiting: null, answers: new Map() });
    return lanes.get(method);
  };
  let worker = null;
  let workerFailed = false;
  let nextId = 0;

  function send(lane, job) {
    const release = holdRenders(); // the page's render counter waits for this answer
    lane.running = { ...job, id: ++nextId, release };
    worker.postMessage({ id: lane.running.id, method: job.method, options: job.options });
  }

  function finish(lane, answer) {
    const done = lane.running;
    lane.running = null;
    lane.answers.delete(done.key);
    lane.answers.set(done.key, answer);
    while (lane.answers.size > KEEP) lane.answers.delete(lane.answers.keys().next().value);
    if (lane.waiting) {
      // a newer request came meanwhile: this answer is not drawn, the newer call runs
      const next = lane.waiting;
      lane.waiting = null;
      send(lane, next);
      done.release();
    } else {
      answered(done.release);
    }
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
      const lane = [...lanes.values()].find((l) => l.running?.id === data.id);
      if (lane) finish(lane, data.error !== undefined ? { error: data.error } : { result: data.result });
    };
    worker.onerror = (event) => {
      event.preventDefault?.();
      workerFailed = true;
      worker.terminate();
      worker = null;
      // what was asked is computed on the page instead, at the redraw
      const held = [];
      for (const lane of lanes.values()) {
        if (lane.running) held.push(lane.running.release);
        lane.running = null;
        lane.waiting = null;
      }
      if (held.length) onAnswer();
      for (const release of held) release();
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
      const lane = laneOf(method);
      const key = keyOf(method, options);
      const answer = lane.answers.get(key);
      if (answer) {
        if ('error' in answer) throw new Error(answer.error);
        return answer.result;
      }
      if (lane.running?.key === key) {
        lane.waiting = null; // back to what is being computed: nothing newer is needed
        return PENDING;
      }
      const job = { key, method, options };
      if (lane.running) lane.waiting = job;
      else send(lane, job);
      return PENDING;
    },
    /** True while a call is computed or waits. */
    get busy() {
      return [...lanes.values()].some((lane) => lane.running || lane.waiting);
    },
    delete() {
      worker?.terminate();
      worker = null;
    },
  };
}

/** Thrown by coreViaJobs while an answer is computed; its message says so. */
export class ComputingError extends Error {
  constructor(message) {
    super(message);
    this.computing = true;
  }
}

/**
 * The core as the drawing code of a section sees it: the same methods, but the whole-lesson ones
 * go through `jobs`, and while their answer is computed they throw a ComputingError (after
 * calling onPending), which the section shows as its message.
 */
export function coreViaJobs(core, jobs, onPending) {
  const via = Object.create(core);
  for (const method of CORE_JOB_METHODS) {
    via[method] = (options) => {
      const result = jobs.call(method, options);
      if (result !== PENDING) return result;
      onPending();
      throw new ComputingError(computingText(options));
    };
  }
  return via;
}

/** Runs `draw` in the next animation frame (or soon, on a hidden page that gets no frames). */
function defaultNextFrame(draw) {
  if (typeof requestAnimationFrame === 'undefined') {
    draw();
    return;
  }
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    draw();
  };
  requestAnimationFrame(once);
  setTimeout(once, 200);
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
