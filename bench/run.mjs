// Times the attention kernel softmax(Q Kᵀ/√d) V (float32, d = 64, n = 64…2048): the fused kernel
// (core/math/fused_attention.hpp) natively, as wasm with and without SIMD, the Eigen reference
// (core/math/kernel.hpp) natively and as wasm SIMD, and plain JS, in Node and in headless
// Chromium, one after the other (never in parallel: this is a 2-core machine). Also measures a
// plain wasm SIMD matrix product's rate, the yardstick of issue 19's goals. Prints a Markdown table and writes
// it, with the machine facts, to bench/RESULTS.md.   Usage: node bench/run.mjs
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { attentionKernelJS } from './kernel.js';
import { measureAll, matmulRate } from './measure.js';
import { serveBench } from './serve.mjs';
import { goalsTable, machineFacts, markdownTable, nativeTable, writeResults } from './report.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const NATIVE_BUILD = join(ROOT, 'build/native');
const WASM_DIR = join(ROOT, 'web/src/wasm');
const TOLERANCE = 1e-4;
const say = (line) => process.stderr.write(line + '\n'); // progress on stderr, table on stdout
const sh = (cmd, args) => execFileSync(cmd, args, { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });

// ---- builds (no-ops when up to date) ----------------------------------------------------------
function buildAll() {
  if (!existsSync(join(NATIVE_BUILD, 'build.ninja'))) {
    sh('cmake', ['-S', ROOT, '-B', NATIVE_BUILD, '-G', 'Ninja', '-DCMAKE_BUILD_TYPE=Release']);
  }
  sh('cmake', ['--build', NATIVE_BUILD, '--target', 'aw_bench_native']);
  if (!['attention_core', 'attention_core_scalar'].every((m) => existsSync(join(WASM_DIR, `${m}.wasm`)))) {
    sh('bash', [join(ROOT, 'scripts/build-wasm.sh')]);
  }
}

// ---- native: the C++ program prints one JSON line per n --------------------------------------
// Run twice. As is, glibc hands the large n×n temporaries back to the kernel on every free, so
// each call pays fresh page faults (costly in this VM). A wasm heap never shrinks, so for a
// like-for-like second reading, tunables tell glibc to keep freed memory (no mmap, no trim).
// (32 MiB is glibc's largest mmap threshold; the biggest temporary, n = 2048 scores, is 16 MiB.)
const KEEP_HEAP = 'glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=4294967295';
function runNative(tunables) {
  const env = tunables ? { ...process.env, GLIBC_TUNABLES: tunables } : process.env;
  const out = execFileSync(join(NATIVE_BUILD, 'bench/native/aw_bench_native'), { encoding: 'utf8', env });
  const times = { fused: {}, eigen: {} };
  for (const line of out.trim().split('\n')) {
    const r = JSON.parse(line);
    times[r.impl][r.n] = { best: r.best_ms, median: r.median_ms };
  }
  return times;
}

// ---- Node: the same ES modules the page loads, handed their bytes directly ----------------
async function loadWasm(name) {
  const { default: factory } = await import(join(WASM_DIR, `${name}.js`));
  return factory({ wasmBinary: readFileSync(join(WASM_DIR, `${name}.wasm`)) });
}

async function runNode() {
  const simd = await loadWasm('attention_core');
  const scalar = await loadWasm('attention_core_scalar');
  if (!simd.buildInfo().simd || scalar.buildInfo().simd) throw new Error('wasm builds are not SIMD + scalar');
  const result = await measureAll({
    wasmSimd: (Q, K, V, n, d) => simd.attentionKernelF32(Q, K, V, n, d),
    wasmSimdEigen: (Q, K, V, n, d) => simd.attentionKernelReferenceF32(Q, K, V, n, d),
    wasmScalar: (Q, K, V, n, d) => scalar.attentionKernelF32(Q, K, V, n, d),
    js: attentionKernelJS,
  }, (line) => say(`  node     ${line}`));
  return { ...result, matmulGflops: matmulRate((A, B, n, m, d) => simd.matmulABtF32(A, B, n, m, d)) };
}

// ---- Chromium: bench/browser.html runs the same loop and leaves window.benchResult ----------
async function runChromium() {
  const server = await serveBench(ROOT);
  const profile = mkdtempSync(join(tmpdir(), 'aw-bench-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await context.newPage();
    page.on('console', (m) => say(`  chromium ${m.text()}`));
    await page.goto(`${server.url}/bench/browser.html`);
    await page.waitForFunction(() => window.benchResult, null, { timeout: 240_000, polling: 500 });
    const result = await page.evaluate(() => window.benchResult);
    if (result.error) throw new Error(`in Chromium: ${result.error}`);
    return result;
  } finally {
    await context.close();
    await server.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

// ---- main --------------------------------------------------------------------------------------
const started = Date.now();
buildAll();
say('native …');
const native = runNative();
const nativeKept = runNative(KEEP_HEAP);
say('Node …');
const node = await runNode();
say('Chromium …');
const browser = await runChromium();

const wasmBytes = Object.fromEntries(['attention_core', 'attention_encoder', 'attention_space', 'attention_train', 'attention_core_scalar']
  .map((m) => [m, statSync(join(WASM_DIR, `${m}.wasm`)).size]));
const facts = machineFacts({ crossOriginIsolated: browser.crossOriginIsolated, wasmBytes });
const times = { native, nativeKept, node: node.times, browser: browser.times };
const rates = { node: node.matmulGflops, browser: browser.matmulGflops };
const table = markdownTable(times);
const checks = { node: node.maxDiff, chromium: browser.maxDiff };
console.log(table);
console.log('\n' + nativeTable(times));
console.log('\n' + goalsTable(times, rates));
console.log('\nmax |diff| against wasm SIMD output:', JSON.stringify(checks));
say(`total ${((Date.now() - started) / 1000).toFixed(0)} s`);

const worst = Math.max(...Object.values(checks).flatMap((c) => Object.values(c)));
if (!(worst < TOLERANCE)) {
  console.error(`FAIL: implementations disagree by ${worst} (>= ${TOLERANCE}); RESULTS.md not written`);
  process.exit(1);
}
writeResults(join(ROOT, 'bench/RESULTS.md'), { table, facts, checks, times, rates });
say('wrote bench/RESULTS.md');
