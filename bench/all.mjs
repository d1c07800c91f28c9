// Runs every benchmark of the repo, one after the other (never in parallel: the machine has two
// cores), each against its peers in the same run, and says where each wrote its results:
//   bench/run.mjs          the attention kernel: fused and Eigen, native / wasm SIMD / scalar / JS  -> RESULTS.md
//   bench/vector-file.mjs  vector files in Chromium's worker, against the strtof parser            -> RESULTS.md (its section)
//   bench/encoder.mjs      the trained encoder against the package's TF.js runtimes               -> ENCODER_RESULTS.md
//   bench/page.mjs         the page: edits, long tasks, memory, cold start                       -> PAGE_RESULTS.md
//   bench/training.mjs     training steps/s: native, wasm SIMD (Node, Chromium), PyTorch eager   -> TRAINING_RESULTS.md
//   bench/space.mjs        PCA, t-SNE, UMAP in Chromium's worker against umap-js and JS t-SNEs  -> SPACE_RESULTS.md
// Usage: node bench/all.mjs [--quick]   (--quick is passed to the page benchmark)
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BENCH = fileURLToPath(new URL('.', import.meta.url));
const quick = process.argv.includes('--quick');
const runs = [
  ['run.mjs', []],
  ['vector-file.mjs', []],
  ['encoder.mjs', []],
  ['page.mjs', quick ? ['--quick'] : []],
  ['training.mjs', []],
  ['space.mjs', []],
];
const failed = [];
for (const [script, args] of runs) {
  process.stderr.write(`\n== bench/${script} ==\n`);
  const started = Date.now();
  const { status } = spawnSync(process.execPath, [BENCH + script, ...args], { stdio: 'inherit' });
  process.stderr.write(`bench/${script}: ${status === 0 ? 'done' : `failed (exit ${status})`} in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
  if (status !== 0) failed.push(script);
}
if (failed.length) {
  process.stderr.write(`\nfailed: ${failed.join(', ')}\n`);
  process.exit(1);
}
