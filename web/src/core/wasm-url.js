// Where the page's .wasm is served from, for the loader's download progress (attention-core.js).
// Vite turns this into the hashed asset's URL, the same file the Emscripten glue loads. The
// one-file build (vite.file.config.js) swaps this module for wasm-url-none.js: its wasm is inlined.
export const WASM_URL = new URL('../wasm/attention_core.wasm', import.meta.url).href;
