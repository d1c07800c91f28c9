import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';
import { viteSingleFile } from 'vite-plugin-singlefile';
import { singleFileCsp } from './vite-plugins/single-file-csp.js';

// The offline page as ONE self-contained HTML file that works when opened from disk (file://):
// dist-file/attention-whiteboard.html. Everything is inlined (script, styles, and the wasm,
// base64 inside the SINGLE_FILE module), because a page opened from disk can load neither
// module scripts nor the .wasm by URL. No service worker here (file:// has none).
const singleModule = fileURLToPath(new URL('./web/src/wasm/attention_core_single.js', import.meta.url));

export default defineConfig({
  root: 'web',
  base: './',
  publicDir: false,
  resolve: {
    alias: [
      { find: /^\.\.\/wasm\/attention_core\.js$/, replacement: singleModule },
      // no .wasm file to download (and none to inline twice): see web/src/core/wasm-url.js
      { find: /^\.\/wasm-url\.js$/, replacement: fileURLToPath(new URL('./web/src/core/wasm-url-none.js', import.meta.url)) },
      // no threads from disk (no workers at all): nothing of the threaded space part inlined
      { find: /^\.\/space-threads\.js$/, replacement: fileURLToPath(new URL('./web/src/core/space-threads-none.js', import.meta.url)) },
    ],
  },
  define: { 'import.meta.env.VITE_SINGLE_FILE': 'true' },
  plugins: [viteSingleFile(), singleFileCsp()],
  build: {
    outDir: '../dist-file',
    emptyOutDir: true,
    target: 'es2022',
  },
});
