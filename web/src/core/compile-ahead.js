// V8 compiles a WebAssembly function the first time it is called (lazy compilation). On a page
// opened at the lab, waiting for the learner's vector file, nothing had called the experiment's
// functions yet, so the first drawing with the file spent 10-15 ms compiling them (Chromium
// 2026, in a 40 ms pause). A view that is waiting for its input calls the core once in an idle
// moment with stand-in input (one-hot vectors), and drops the answer: the functions are compiled
// before the file arrives. The answer is never shown, so its input need not be the learner's.

const started = new Set();

/**
 * Runs `call` once per `key` for the whole page, when the main thread is idle. Errors are
 * ignored: a failed call has still compiled what it reached, and the real call reports its own.
 * Where the browser has no requestIdleCallback, nothing is done (the first call compiles).
 * @param {string} key  what is being compiled ahead, e.g. the core method's name
 * @param {() => unknown} call
 */
export function compileAhead(key, call) {
  if (started.has(key) || typeof globalThis.requestIdleCallback !== 'function') return;
  started.add(key);
  globalThis.requestIdleCallback(() => {
    try {
      call();
    } catch {
      // only a warm-up
    }
  }, { timeout: 2000 });
}
