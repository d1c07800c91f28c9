// The worker side of the page's one message envelope (core/worker-client.js):
//   in:  {id, kind, payload} | {id, kind: 'cancel'} | {id, kind: 'life', payload: {lock}}
//   out: {id, type: 'result', result} | {id, type: 'error', message} | {id, type: 'progress' | 'frame', data}
// serve(handlers) answers each kind with its handler: handler(payload, request) returns the
// result (or a promise of it); what it throws is posted as the error. `request` lets a long job
// stream (request.progress, request.frame), hear a cancel (request.cancelled, request.onCancel)
// and move buffers instead of copying them (return moved(result, buffers)).
import { holdLifeLock } from '../core/worker-life.js';

const MOVED = Symbol('moved');

/** A result whose buffers are moved to the page, not copied (they are unusable here afterwards). */
export function moved(result, transfer = buffersOf(result)) {
  return { [MOVED]: true, result, transfer };
}

/** Every typed array's buffer in a value (deep), once each. */
function buffersOf(value, found = new Set()) {
  if (ArrayBuffer.isView(value)) found.add(value.buffer);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) buffersOf(item, found);
  return [...found];
}

/**
 * Answers the page's requests with `handlers` ({kind: (payload, request) => result}).
 * @param {Record<string, (payload: any, request: object) => any>} handlers
 * @param {{scope?: {postMessage: Function, onmessage: any}}} [options]  scope: the worker's global (tests: a fake)
 */
export function serve(handlers, { scope = self } = {}) {
  const open = new Map(); // id → request, until answered: a cancel finds it here
  // Work waits until the life lock is held, so the page can tell the worker's end from its start.
  let life = Promise.resolve(false);
  const post = (message, transfer) => scope.postMessage(message, transfer ?? []);

  async function run(id, kind, payload) {
    const request = requestFor(id, post);
    open.set(id, request);
    try {
      await life;
      if (request.cancelled) return; // cancelled before it began
      if (!handlers[kind]) throw new Error(`This worker has no "${kind}".`);
      const answer = await handlers[kind](payload, request);
      if (request.cancelled) return; // the page has dropped it: nothing to send
      if (answer?.[MOVED]) post({ id, type: 'result', result: answer.result }, answer.transfer);
      else post({ id, type: 'result', result: answer });
    } catch (error) {
      if (!request.cancelled) post({ id, type: 'error', message: error instanceof Error ? error.message : String(error) });
    } finally {
      open.delete(id);
    }
  }

  // `onmessage`, not a listener: a test may wrap it to play a worker that ends mid-request.
  scope.onmessage = ({ data: { id, kind, payload } }) => {
    if (kind === 'cancel') open.get(id)?.cancel();
    else if (kind === 'life') {
      life = holdLifeLock(payload.lock);
      life.then((held) => post({ id, type: 'result', result: held }));
    } else run(id, kind, payload);
  };
}

/** What a handler gets besides its payload: streaming, and the cancel. */
function requestFor(id, post) {
  const listeners = [];
  const request = {
    id,
    cancelled: false,
    progress: (data) => { if (!request.cancelled) post({ id, type: 'progress', data }); },
    frame: (data, transfer) => { if (!request.cancelled) post({ id, type: 'frame', data }, transfer); },
    onCancel: (listener) => (request.cancelled ? listener() : listeners.push(listener)),
    cancel() {
      if (request.cancelled) return;
      request.cancelled = true;
      for (const listener of listeners.splice(0)) listener();
    },
  };
  return request;
}
