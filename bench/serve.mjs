// A tiny loopback-only static server for the browser half of the benchmarks: the bench pages
// (bench/), the wasm builds (web/src/wasm/, and an earlier commit's core that vector-file.mjs
// builds into build/bench-before/), the page's file reader and, for training.mjs, the page's core
// loader (attention-core.js and the two modules it imports) and, for space.mjs, the bundled GloVe
// pack and the peers' bundle (build/bench-space/), nothing else from the repo.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.wasm': 'application/wasm', '.bin': 'application/octet-stream' };
const ALLOWED = ['/bench/', '/web/src/wasm/', '/web/src/vectors/read-file.js', '/build/bench-before/',
  '/web/src/core/attention-core.js', '/web/src/core/wasm-url.js', '/web/src/core/space-data.js',
  '/build/bench-space/', '/public/data/glove-100d.i8.bin'];

/** Serves `root` on 127.0.0.1 at a free port; resolves to {url, close}. */
export async function serveBench(root) {
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname));
    if (!ALLOWED.some((prefix) => path.startsWith(prefix)) || !TYPES[extname(path)]) {
      res.writeHead(404).end('not found');
      return;
    }
    try {
      const body = await readFile(join(root, path));
      res.writeHead(200, {
        'Content-Type': TYPES[extname(path)],
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
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((ok) => server.close(ok)) };
}
