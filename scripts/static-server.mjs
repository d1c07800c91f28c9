// The one static-file server of the repository, shared by its three users:
//   scripts/serve-dist.mjs   the built site (dist/) with brotli/gzip copies and the page's CSP
//                            (`bash scripts/serve.sh`, the page benchmark, the compression test);
//   tests/e2e/support.mjs    dist/ (or a test's parent page) for the end-to-end tests;
//   bench/serve.mjs          the benchmark pages and the few repository files they load.
// Each caller decides what it sends; this module holds what they have in common: the one table of
// MIME types, the mapping of a URL path to a file under a root (never outside it), and listening
// on a free loopback port.
import { createServer } from 'node:http';
import { stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';

/** Content-Type by file extension. `.wasm` must be application/wasm for streaming compilation. */
export const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
  '.bin': 'application/octet-stream',
};

/** The Content-Type of a file name or path (application/octet-stream when unknown). */
export function contentType(file) {
  return CONTENT_TYPES[extname(file)] ?? 'application/octet-stream';
}

/** The decoded path of a request's URL, without its query. */
export function requestPath(req) {
  return decodeURIComponent(new URL(req.url, 'http://x').pathname);
}

/** True when `path` is an existing regular file. */
export async function isFile(path) {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * The file that URL path `path` names under `root` (a folder gives its index.html). Throws when the
 * path leads outside `root` or names nothing.
 */
export async function fileUnder(root, path) {
  const base = resolve(root);
  let file = resolve(join(base, path));
  if (file !== base && !file.startsWith(base + sep)) throw new Error('outside root');
  if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
  return file;
}

/**
 * Serves `handler(req, res)` on `host:port` (port 0: a free one). Resolves to
 * {server, port, url, close, stop}: `url` ends with a slash; stop() also drops open connections.
 */
export async function listen(handler, { host = '127.0.0.1', port = 0 } = {}) {
  const server = createServer(handler);
  await new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, ok);
  });
  const bound = server.address().port;
  const close = () => new Promise((ok) => server.close(ok));
  return {
    server,
    port: bound,
    url: `http://${host}:${bound}/`,
    close,
    stop: () => {
      const done = close();
      server.closeAllConnections();
      return done;
    },
  };
}
