import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import { offlineCache } from './vite-plugins/offline-cache.js';
import { CSP, ISOLATION_HEADERS } from './vite-plugins/csp.js';
import { precompress } from './vite-plugins/precompress.js';

// The page lives in web/; static assets in public/; the build goes to dist/, with sw.js (the
// offline cache, listing every built file) and a brotli and a gzip copy of each text file and
// the .wasm. The one-file build is vite.file.config.js.
export default defineConfig({
  root: 'web',
  base: './',
  publicDir: '../public',
  // precompress: .br and .gz beside each file, for scripts/serve-dist.mjs (bash scripts/serve.sh)
  plugins: [noticeFile(), offlineCache(), precompress()],
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    target: 'es2022',
    // The page is one script by design (every chapter is a click away, offline, and the one-file
    // build inlines it): about 500 kB minified, 140 kB as brotli. bench/page.mjs reports its bytes.
    chunkSizeWarningLimit: 700,
    // The threaded space part's helper script (2 kB) stays a file: a Worker cannot start from a
    // data: URL of the page's origin (core/space-threads.js). Others keep Vite's 4 kB rule.
    assetsInlineLimit: (file) => (file.endsWith('.worker.js') ? false : undefined),
  },
  // Workers (trained encoder, vector files) import the core as ES modules.
  worker: { format: 'es' },
  preview: {
    // The same policy as the page's <meta>, also sent as a header where the server can.
    // No frame-ancestors and no X-Frame-Options: the page is meant to be embedded anywhere.
    headers: { 'Content-Security-Policy': CSP, ...ISOLATION_HEADERS },
  },
  // the dev server isolates too, so the space chapter's threads run there as on the served site
  server: { headers: ISOLATION_HEADERS },
});

/** The site carries the licences of the data it serves (GloVe, the encoder weights, NumPy's tables). */
function noticeFile() {
  return {
    name: 'notice-file',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'NOTICE.txt', source: readFileSync(new URL('./NOTICE', import.meta.url)) });
    },
  };
}
