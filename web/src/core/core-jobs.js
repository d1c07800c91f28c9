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
import { createWorkerClient, isDropped } from './worker-client.js';

/** What a call returns while its answer is being computed in the worker. */
export const PENDING = Symbol('computing');

/** The core methods that may run in the worker: the chapters' one call each (and the workbench alone). */
export const CORE_JOB_METHODS = ['workbench', 'bankExperiment', 'qkvChapter', 'flowChapter'];

/** From this width of vectors (d_model), a call goes to the worker. */
export const WIDE = 256;
// answers kept per method: the latest, and the one before (a toggle back and forth)
const KEEP = 2;

/**
 * @param {import('./attention-core.js').AttentionCore} core  the page's core (small calls)
 * @param {{onAnswer: () => void, hold?: () => (() => void), startWorker?: () => Worker,
 *   nextFrame?: (draw: () => void) => void}} spec
 *   onAnswer redraws the page; hold() keeps the page's "every section drawn" signal back until
 *   the function it returns is called (main.js passes components/deferred.js's holdRenders);
 *   nextFrame schedules the redraw (tests: at once)
 */
export function createCoreJobs(core, { onAnswer, hold = () => () => {}, startWorker = defaultWorker, nextFrame = defaultNextFrame }) {
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
  // Per method: the calls sent and not answered (the one computed, and perhaps one waiting behind
  // it: the worker client's serial channel per method keeps only the newest), and the last
  // answers. Methods do not replace each other's requests: a view may need several.
  const lanes = new Map();
  const laneOf = (method) => {
    if (!lanes.has(method)) lanes.set(method, { inFlight: [], answers: new Map() });
    return lanes.get(method);
  };
  let workerFailed = false; // e.g. a page opened from disk: everything is computed on the page
  const client = createWorkerClient({
    start: startWorker,
    name: 'core worker',
    onStopped: () => {
      workerFailed = true; // what was asked is computed on the page instead, at the redraw
    },
  });

  function ask(lane, method, key, options) {
    const release = hold(); // the page's render counter waits for this answer
    const asked = { key, release };
    lane.inFlight.push(asked);
    client.request(method, options, { channel: method, serial: true }).then(
      (result) => finish(lane, asked, { result }),
      (error) => finish(lane, asked, isDropped(error) || workerFailed ? null : { error: error.message }),
    );
  }

  function finish(lane, asked, answer) {
    lane.inFlight = lane.inFlight.filter((a) => a !== asked);
    if (answer) remember(lane, asked.key, answer);
    if (answer || workerFailed) answered(asked.release);
    else asked.release(); // a newer request replaced it: nothing to draw for this one
  }

  function remember(lane, key, answer) {
    lane.answers.delete(key);
    lane.answers.set(key, answer);
    while (lane.answers.size > KEEP) lane.answers.delete(lane.answers.keys().next().value);
  }

  return {
    /**
     * core[method](options), or PENDING while it is computed in the worker. Throws the core's
     * error, like the direct call would.
     */
    call(method, options) {
      if (!isWide(options) || workerFailed) return core[method](options);
      if (!client.start()) {
        workerFailed = true;
        return core[method](options);
      }
      const lane = laneOf(method);
      const key = keyOf(method, options);
      const answer = lane.answers.get(key);
      if (answer) {
        if ('error' in answer) throw new Error(answer.error);
        return answer.result;
      }
      const inFlight = lane.inFlight.find((a) => a.key === key);
      if (inFlight) { // asked already: not sent twice
        // back to what is being computed: the newer request waiting behind it is not needed
        if (inFlight !== lane.inFlight.at(-1)) client.cancelWaiting(method);
        return PENDING;
      }
      ask(lane, method, key, options);
      return PENDING;
    },
    /** True while a call is computed or waits. */
    get busy() {
      return client.busy;
    },
    delete() {
      client.dispose();
    },
  };
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
