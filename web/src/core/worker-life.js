// Knowing when a worker has stopped, whatever stopped it: an uncaught error (the worker's `error`
// event says so) but also the browser ending it (out of memory, a crashed process) or the
// worker closing itself, which send no event at all. A page waiting on such a worker would wait
// for ever. The signal is a Web Lock: the worker takes a lock named for itself as it starts
// and holds it while it lives; the browser releases a context's locks when it ends, so the
// page's request for the same lock is granted exactly when the worker is gone. No timers.
// Where Web Locks are missing (a page opened from disk) only the `error` event is heard.

const locks = () => (typeof navigator !== 'undefined' ? navigator.locks : undefined);

/** In the worker: hold the lock `name` until the worker ends; resolves once it is held. */
export function holdLifeLock(name) {
  if (!locks()) return Promise.resolve(false);
  return new Promise((held) => {
    locks().request(name, () => {
      held(true);
      return new Promise(() => {}); // never settles: released only when the worker ends
    }).catch(() => held(false));
  });
}

/**
 * On the page, once the worker said it holds `name`: calls onGone() when the worker ends.
 * Returns a function that stops watching (call it before terminating the worker on purpose).
 */
export function watchLife(name, onGone) {
  let watching = true;
  locks()?.request(name, () => {
    if (watching) onGone();
  }).catch(() => {});
  return () => { watching = false; };
}

/** A lock name unique to one worker of this page. */
export function lifeLockName(kind) {
  const unique = globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  return `aw-${kind}-worker-${unique}`;
}
