// The page's Content-Security-Policy, as the servers send it (vite preview, the e2e server).
// web/index.html carries the same text in its <meta>; tests/e2e/security.test.mjs checks that
// they agree. Scripts: only files from the page's own origin, plus WebAssembly compilation
// ('wasm-unsafe-eval'); no inline script, no eval. Styles allow inline style attributes, which
// D3 sets. Nothing may be fetched from another origin.
export const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
].join('; ');

// Cross-origin isolation, as the page's own servers send it (scripts/serve-dist.mjs, vite preview):
// with it the browser gives the page shared memory, so the space chapter's layouts run on wasm
// threads (web/src/core/space-threads.js). Every file the page loads is its own, so requiring
// same-origin or CORP resources (COEP) costs nothing. A page embedded by another origin is not
// isolated whatever it sends (its parent would have to be too): there the layouts use one thread.
export const ISOLATION_HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};
