// The space part of the core on threads (wasm/CMakeLists.txt: attention_space_mt), for a page
// that is cross-origin isolated: only there does the browser give shared memory, which wasm
// threads need. A course page that embeds this one usually is not (it would have to send the
// COOP/COEP headers itself), so space-core.js falls back to the one-thread part, which gives the
// same layouts to the bit (core/space/parallel.hpp).
//
// The threaded glue is loaded unbundled, from its own URL: its helper threads (Emscripten's
// attention_space_mt.worker.js, one Web Worker each) import that same file again, and it finds the
// .wasm and the helpers' script through locateFile. The URLs are `new URL(…, import.meta.url)`,
// which Vite turns into its built files' URLs and which also work unbundled (the benchmarks load
// this file as it is). The one-file page swaps this module for space-threads-none.js
// (vite.file.config.js): a page opened from disk has no workers at all.
/** Whether this context may run wasm threads (cross-origin isolated, with SharedArrayBuffer). */
export const threadsAllowed = () => globalThis.crossOriginIsolated === true && typeof SharedArrayBuffer === 'function';

/**
 * The threaded module's factory and its options, or null where threads are not allowed. The
 * factory's module starts its helper threads before it resolves.
 */
export async function threadedSpaceModule() {
  if (!threadsAllowed()) return null;
  const glueUrl = new URL('../wasm/attention_space_mt.js', import.meta.url).href;
  const wasmUrl = new URL('../wasm/attention_space_mt.wasm', import.meta.url).href;
  const helperUrl = new URL('../wasm/attention_space_mt.worker.js', import.meta.url).href;
  const { default: factory } = await import(/* @vite-ignore */ glueUrl);
  return {
    factory,
    options: {
      locateFile: (file) => (file.endsWith('.wasm') ? wasmUrl : helperUrl),
      mainScriptUrlOrBlob: glueUrl,
    },
  };
}
