// Vite plugin: after the build, writes a brotli (.br) and a gzip (.gz) copy beside every text
// file and the .wasm in the output folder, so a static server sends compressed bytes without
// compressing on each request (scripts/serve-dist.mjs picks the copy the browser accepts). The
// 767 KB .wasm goes out as about 230 KB. Only node:zlib: no dependency. A copy that would not be
// smaller is not written. The packs fetched only on request (public/data/, public/models/) are left
// alone: their progress bars count against Content-Length, which must stay the file's size.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, extname, relative, resolve, sep } from 'node:path';
import { ON_DEMAND } from './offline-cache.js';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

export const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.wasm', '.json', '.svg', '.txt', '.map']);
const MIN_BYTES = 1024; // below this, headers outweigh the saving

/** Writes the .br and .gz copies for the files under `dir`; returns [{file, raw, br, gz}]. */
export function precompressFolder(dir) {
  const written = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.has(extname(entry.name))) continue;
    const file = join(entry.parentPath ?? entry.path, entry.name);
    const path = relative(dir, file).split(sep).join('/');
    if (ON_DEMAND.some((folder) => path.startsWith(folder))) continue;
    const raw = readFileSync(file);
    if (raw.length < MIN_BYTES) continue;
    const br = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        [constants.BROTLI_PARAM_MODE]: extname(file) === '.wasm' ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT,
      },
    });
    const gz = gzipSync(raw, { level: 9 });
    if (br.length < raw.length) writeFileSync(`${file}.br`, br);
    if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
    written.push({ file, raw: raw.length, br: br.length, gz: gz.length });
  }
  return written;
}

export function precompress() {
  let outDir;
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // closeBundle: after every file (including public/ and sw.js) is in the output folder
    closeBundle() {
      precompressFolder(outDir);
    },
  };
}
