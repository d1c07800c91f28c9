// Vite plugin for the one-file build (vite.file.config.js): vite-plugin-singlefile puts the page's
// script inline, which `script-src 'self'` would refuse. Once the file is written, this pins
// exactly that script by its SHA-256 in the page's CSP (no 'unsafe-inline', no 'unsafe-eval'),
// so the policy stays strict: no other inline script can run (and lets the wasm loader fetch its
// own data: URL). It also names the file
// attention-whiteboard.html.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

/** The page with every inline script's hash added to its script-src. */
export function pinInlineScripts(html) {
  const hashes = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)]
    .filter(([, body]) => body.trim() !== '')
    .map(([, body]) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  if (!hashes.length) throw new Error('expected the page script inline');
  const out = html
    .replace("script-src 'self' 'wasm-unsafe-eval'", `script-src 'self' 'wasm-unsafe-eval' ${hashes.join(' ')}`)
    // Emscripten's SINGLE_FILE loader first tries fetch() on its own data: URL (then decodes it
    // itself); allowing that keeps the console clean. data: never leaves the machine.
    .replace("connect-src 'self'", "connect-src 'self' data:");
  if (!out.includes(hashes[0]) || !out.includes("connect-src 'self' data:")) {
    throw new Error('the page has no CSP <meta> with the expected script-src and connect-src');
  }
  return out;
}

export function singleFileCsp({ fileName = 'attention-whiteboard.html' } = {}) {
  let outDir;
  return {
    name: 'attention-whiteboard-single-file-csp',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const built = resolve(outDir, 'index.html');
      writeFileSync(resolve(outDir, fileName), pinInlineScripts(readFileSync(built, 'utf8')));
      rmSync(built);
    },
  };
}
