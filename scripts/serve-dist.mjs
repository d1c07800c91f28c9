// A small static server for the built site (dist/): what `bash scripts/serve.sh` runs, and what
// the page benchmark (bench/page.mjs) and the compression e2e test start. It exists because
// `vite preview` compresses nothing it serves (the 767 KB .wasm went out raw) and cannot send
// the .br/.gz files the build writes beside each asset (vite-plugins/precompress.js).
//
// For each request it sends the brotli (.br) or gzip (.gz) copy when the browser accepts it,
// with Content-Encoding, Vary: Accept-Encoding and the original file's Content-Type (so the
// .wasm stays application/wasm and streams into WebAssembly.instantiateStreaming), plus the
// page's Content-Security-Policy and the cross-origin isolation headers (vite-plugins/csp.js: the
// space chapter's layouts then run on threads). Loopback by default; GET and HEAD only.
//
//   node scripts/serve-dist.mjs [--root dist] [--host 127.0.0.1] [--port 4173]
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CSP, ISOLATION_HEADERS } from '../vite-plugins/csp.js';
import { CONTENT_TYPES, contentType, fileUnder, isFile, listen, requestPath } from './static-server.mjs';

export { CONTENT_TYPES };
export const DIST = resolve(fileURLToPath(new URL('../dist', import.meta.url)));

/** The precompressed copies, in the order they are preferred. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
];

/** Which encodings an Accept-Encoding header allows (q=0 excludes one). */
export function acceptedEncodings(header = '') {
  const accepted = new Set();
  for (const part of String(header).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  return accepted;
}

/**
 * Serves `root` on `host:port` (port 0: a free one). Resolves to {url, server, close, stop};
 * `onResponse({path, encoding, bytes})` hears what each response sent, for the benchmark.
 */
export async function serveDist({ root = DIST, host = '127.0.0.1', port = 0, csp = CSP, isolated = true, onResponse } = {}) {
  return listen(async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    try {
      const path = requestPath(req);
      const file = await fileUnder(root, path);
      const accepted = acceptedEncodings(req.headers['accept-encoding']);
      let encoding = null;
      let body = null;
      for (const { name, suffix } of ENCODINGS) {
        if (accepted.has(name) && (await isFile(file + suffix))) {
          encoding = name;
          body = await readFile(file + suffix);
          break;
        }
      }
      body ??= await readFile(file);
      const headers = {
        'Content-Type': contentType(file),
        'Content-Length': body.length,
        // Hashed files never change; everything else (the page, sw.js, data packs) is revalidated.
        'Cache-Control': path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        'X-Content-Type-Options': 'nosniff',
      };
      if (encoding) headers['Content-Encoding'] = encoding;
      // Every file that has a compressed copy varies by Accept-Encoding, also when sent raw.
      if (encoding || (await isFile(`${file}.gz`)) || (await isFile(`${file}.br`))) headers.Vary = 'Accept-Encoding';
      if (csp) headers['Content-Security-Policy'] = csp;
      if (isolated) Object.assign(headers, ISOLATION_HEADERS);
      res.writeHead(200, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
      onResponse?.({ path, encoding, bytes: body.length });
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('not found');
    }
  }, { host, port });
}

function option(args, name, fallback) {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const root = resolve(option(args, 'root', DIST));
  const host = option(args, 'host', '127.0.0.1');
  const port = Number(option(args, 'port', process.env.PORT ?? 4173));
  const { url } = await serveDist({ root, host, port });
  console.log(`Serving ${root} at ${url} (brotli/gzip copies where the build made them)`);
}
