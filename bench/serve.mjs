// A tiny loopback-only static server for the browser half of the benchmarks: the bench pages
// (bench/), the wasm builds (web/src/wasm/, and an earlier commit's core that vector-file.mjs
// builds into build/bench-before/), the page's file reader and, for training.mjs, the page's core
// loader (attention-core.js and the two modules it imports) and the train part's (train-core.js),
// for space.mjs the parts' loaders (view-core.js, space-core.js and its threaded part's, space-threads.js), the bundled GloVe
// pack and the peers' bundle (build/bench-space/), nothing else from the repo.
// The server itself, and its MIME types, are scripts/static-server.mjs.
import { readFile } from 'node:fs/promises';
import { extname, normalize } from 'node:path';
import { contentType, fileUnder, listen, requestPath } from '../scripts/static-server.mjs';

/** The only kinds of file served. */
const EXTENSIONS = new Set(['.html', '.js', '.wasm', '.bin']);
const ALLOWED = ['/bench/', '/web/src/wasm/', '/web/src/vectors/read-file.js', '/build/bench-before/',
  '/web/src/core/attention-core.js', '/web/src/core/wasm-url.js', '/web/src/core/space-data.js',
  '/web/src/core/view-core.js', '/web/src/core/space-core.js', '/web/src/core/space-threads.js', '/web/src/core/train-core.js',
  '/build/bench-space/', '/public/data/glove-100d.i8.bin'];

/** Serves `root` on 127.0.0.1 at a free port; resolves to {url, close}. */
export async function serveBench(root) {
  const { url, close } = await listen(async (req, res) => {
    const path = normalize(requestPath(req));
    if (!ALLOWED.some((prefix) => path.startsWith(prefix)) || !EXTENSIONS.has(extname(path))) {
      res.writeHead(404).end('not found');
      return;
    }
    try {
      const body = await readFile(await fileUnder(root, path));
      res.writeHead(200, {
        'Content-Type': contentType(path),
        // Cross-origin isolation: without it Chromium coarsens performance.now() to 100 µs,
        // too blunt for the n = 64 calls that take well under a millisecond.
        'Cross-Origin-Opener-Policy': 'same-origin',
        'Cross-Origin-Embedder-Policy': 'require-corp',
        'Cache-Control': 'no-store',
      });
      res.end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  // The callers add paths that start with a slash: the URL is given without one.
  return { url: url.slice(0, -1), close };
}
