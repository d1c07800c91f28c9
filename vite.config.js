import { defineConfig } from 'vite';

// The page lives in web/; static assets in public/; the build goes to dist/.
export default defineConfig({
  root: 'web',
  base: './',
  publicDir: '../public',
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    target: 'es2022',
  },
  // Workers (trained encoder, vector files) import the core as ES modules.
  worker: { format: 'es' },
  preview: {
    headers: {
      // The same policy as the page's <meta>, also sent as a header where the server can.
      'Content-Security-Policy':
        "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; object-src 'none'; base-uri 'self'",
    },
  },
});
