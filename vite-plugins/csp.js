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
