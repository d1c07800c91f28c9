// Turns the measurements into the Markdown that run.mjs prints and saves as bench/RESULTS.md.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { SIZES, D, repeatsFor } from './measure.js';

// Three significant-ish digits whatever the magnitude: 0.0423 -> "0.042", 123.7 -> "124".
const ms = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x >= 1 ? x.toFixed(2) : x.toFixed(3));
const ratio = (a, b) => `${(a / b).toFixed(2)}×`;

function firstLine(cmd, args) {
  try {
    return execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).split('\n')[0].trim();
  } catch {
    return 'not available';
  }
}

export function machineFacts({ crossOriginIsolated, wasmBytes }) {
  const cpuinfo = readFileSync('/proc/cpuinfo', 'utf8');
  return {
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    cpu: (cpuinfo.match(/^model name\s*:\s*(.*)$/m) ?? [, 'unknown'])[1],
    logicalCpus: cpus().length,
    node: process.version,
    v8: process.versions.v8,
    // The page's user agent says only 156.0.0.0 (reduced UA), so ask the binary.
    chromium: firstLine('/usr/bin/chromium', ['--version']),
    crossOriginIsolated,
    cxx: firstLine('c++', ['--version']),
    emcc: (firstLine('emcc', ['--version']).match(/\d+\.\d+\.\d+/) ?? ['not available'])[0],
    wasmBytes,
  };
}

/** One row per n; each cell is "best / median" in ms. */
export function markdownTable({ nativeKept, node, browser }) {
  const columns = [
    ['native fused', nativeKept.fused], ['native Eigen', nativeKept.eigen],
    ['wasm SIMD fused (Node)', node.wasmSimd], ['wasm SIMD Eigen (Node)', node.wasmSimdEigen],
    ['wasm scalar fused (Node)', node.wasmScalar], ['JS (Node)', node.js],
    ['wasm SIMD fused (Chromium)', browser.wasmSimd], ['wasm SIMD Eigen (Chromium)', browser.wasmSimdEigen],
    ['wasm scalar fused (Chromium)', browser.wasmScalar], ['JS (Chromium)', browser.js],
  ];
  const lines = [
    `| n | ${columns.map(([name]) => name).join(' | ')} |`,
    `|---:|${columns.map(() => '---:').join('|')}|`,
  ];
  for (const n of SIZES) {
    lines.push(`| ${n} | ${columns.map(([, t]) => `${ms(t[n].best)} / ${ms(t[n].median)}`).join(' | ')} |`);
  }
  return lines.join('\n');
}

const GOAL_SIZES = [1024, 2048];
const attentionGflops = (t, n) => (4 * n * n * D) / t[n].best / 1e6; // Q Kᵀ and P V: 2·n·n·d each

/**
 * Issue 19's goals for the kernel, at the large sizes: wasm SIMD against native built from the
 * same source (≥ 0.8×), against the bench's own wasm SIMD matrix-product rate (≥ 80 %), and
 * against scalar wasm (≥ 2×).
 */
export function goalsTable({ nativeKept, node, browser }, rates) {
  const yes = (ok) => (ok ? 'met' : '**not met**');
  const lines = ['| goal (n) | Node | Chromium |', '|---|---:|---:|'];
  for (const n of GOAL_SIZES) {
    const vsNative = (t) => nativeKept.fused[n].best / t.wasmSimd[n].best;
    const vsMatmul = (t, rate) => attentionGflops(t.wasmSimd, n) / rate;
    const vsScalar = (t) => t.wasmScalar[n].best / t.wasmSimd[n].best;
    const cell = (value, text, goal) => `${text(value)} (${yes(value >= goal)})`;
    const x = (v) => `${v.toFixed(2)}×`;
    const pct = (v) => `${(v * 100).toFixed(0)} %`;
    lines.push(`| wasm SIMD ≥ 0.8× native fused (${n}) | ${cell(vsNative(node), x, 0.8)} | ${cell(vsNative(browser), x, 0.8)} |`);
    lines.push(`| rate ≥ 80 % of wasm SIMD A·Bᵀ (${n}): ${attentionGflops(node.wasmSimd, n).toFixed(2)} / ${rates.node.toFixed(2)} GFLOP/s in Node, ${attentionGflops(browser.wasmSimd, n).toFixed(2)} / ${rates.browser.toFixed(2)} in Chromium | ${cell(vsMatmul(node, rates.node), pct, 0.8)} | ${cell(vsMatmul(browser, rates.browser), pct, 0.8)} |`);
    lines.push(`| wasm SIMD ≥ 2× wasm scalar (${n}) | ${cell(vsScalar(node), x, 2)} | ${cell(vsScalar(browser), x, 2)} |`);
  }
  return lines.join('\n');
}

/** The native Eigen reference as is, and with glibc told to keep freed memory (see run.mjs). */
export function nativeTable({ native, nativeKept }) {
  const lines = ['| n | native Eigen, default malloc | native Eigen, freed memory kept | time saved by keeping memory |', '|---:|---:|---:|---:|'];
  for (const n of SIZES) {
    const [as, kept] = [native.eigen[n], nativeKept.eigen[n]];
    const share = 1 - kept.best / as.best;
    lines.push(`| ${n} | ${ms(as.best)} / ${ms(as.median)} | ${ms(kept.best)} / ${ms(kept.median)} | ${Math.max(0, share * 100).toFixed(0)} % |`);
  }
  return lines.join('\n');
}

const best = (t, n) => t[n].best;

/** Ratios of best times, the steadier statistic on a shared 2-core machine. */
function speedupTable({ nativeKept, node, browser }) {
  const lines = [
    '| n | fused vs Eigen, wasm SIMD (Node) | fused vs Eigen, wasm SIMD (Chromium) | SIMD vs scalar (Node) | SIMD vs scalar (Chromium) | JS vs wasm SIMD (Chromium) | wasm SIMD (Chromium) vs native fused |',
    '|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const n of SIZES) {
    const r = (slow, fast) => ratio(best(slow, n), best(fast, n));
    lines.push(`| ${n} | ${r(node.wasmSimdEigen, node.wasmSimd)} | ${r(browser.wasmSimdEigen, browser.wasmSimd)} | ` +
      `${r(node.wasmScalar, node.wasmSimd)} | ${r(browser.wasmScalar, browser.wasmSimd)} | ${r(browser.js, browser.wasmSimd)} | ${r(browser.wasmSimd, nativeKept.fused)} |`);
  }
  return lines.join('\n');
}

// "1.6–2.2×": the range over all n of slow/fast best times.
function range(slow, fast) {
  const rs = SIZES.map((n) => best(slow, n) / best(fast, n));
  return `${Math.min(...rs).toFixed(1)}–${Math.max(...rs).toFixed(1)}×`;
}

// Figures are computed from this run; the explanations hold for this code base whatever they are.
function analysis({ nativeKept, node, browser }, facts, checks) {
  const jsDiff = Math.max(checks.node.js, checks.chromium.js).toExponential(1);
  const eigenDiff = Math.max(checks.node.wasmSimdEigen, checks.chromium.wasmSimdEigen).toExponential(1);
  return `**Fused against Eigen.** The fused kernel is ${range(node.wasmSimdEigen, node.wasmSimd)} faster than the
Eigen reference in wasm SIMD in Node and ${range(browser.wasmSimdEigen, browser.wasmSimd)} in Chromium. Eigen 3.4
has no wasm SIMD packet path, so in wasm its products run one float at a time (whatever LLVM
auto-vectorises), it stores the n × n scores and weights, and its softmax calls a scalar \`expf\`.
The fused kernel uses \`wasm_simd128.h\` directly (core/math/simd.hpp), computes four query rows
against each key and value row it loads, keeps one 4 × 64 tile of scores, and exponentiates four
at a time with a polynomial exp (within 2 ulp of std::exp, tested). The outputs differ from the
reference by at most ${eigenDiff} (float rounding in another order).

**SIMD against scalar.** The same fused source built without \`-msimd128\` (four-float structs the
compiler cannot vectorise across) is ${range(node.wasmScalar, node.wasmSimd)} slower in Node and
${range(browser.wasmScalar, browser.wasmSimd)} in Chromium.

**Native.** Native runs the same source through SSE2 (the x86-64 baseline; no \`-march=native\`, so
AVX is unused there too). Native Eigen, which has SSE2 packets, is ${range(nativeKept.eigen, nativeKept.fused)} the fused kernel's time.

**Plain JS** is ${range(browser.js, browser.wasmSimd)} slower than wasm SIMD in Chromium and
${range(node.js, node.wasmSimd)} in Node. It does the arithmetic in float64 and agrees with wasm
to within ${jsDiff}. Node's V8 (${facts.v8}) is older than Chromium's.

Caveat: one run on a shared 2-core virtual machine. Medians are noisier than best times; when
another process competes, whole cells can come out 10–50 % slow, so rerun before trusting a
difference of that size.`;
}

export function writeResults(path, { table, facts, checks, times, rates }) {
  const kib = (bytes) => `${bytes} bytes (${(bytes / 1024).toFixed(0)} KiB)`;
  const diff = (c) => Object.entries(c).map(([k, v]) => `${k} ${v.toExponential(1)}`).join(', ');
  const text = `# Attention kernel benchmark results

Generated by \`node bench/run.mjs\` (see [README.md](README.md)); rerunning overwrites this file.
Kernel: softmax(Q Kᵀ/√d) V in float32, d = ${D}, Q, K, V uniform in [-1, 1).
Each cell is **best / median** wall time of one call in milliseconds, after an untimed warm-up;
repeats per n: ${SIZES.map((n) => `${n}: ${repeatsFor(n)}`).join(', ')}.

${table}

Issue 19's goals for the kernel (best times; rates count 4·n²·d flops for attention and 2·n²·d
for the product A Bᵀ of two (n, ${D}) matrices, whose time includes copying the (n, n) result
out of wasm):

${goalsTable(times, rates)}

The native columns are the program run with glibc keeping freed memory
(\`GLIBC_TUNABLES=glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=4294967295\`),
as a wasm heap does. The Eigen reference as built, and so:

${nativeTable(times)}

How many times faster (ratio of best times; the first one named is the slower):

${speedupTable(times)}

## Machine

- Date: ${facts.date}
- CPU: ${facts.cpu}, ${facts.logicalCpus} logical CPUs
- Node: ${facts.node} (V8 ${facts.v8})
- Browser: ${facts.chromium}, headless; page cross-origin isolated (fine-grained timer): ${facts.crossOriginIsolated}
- Native compiler: ${facts.cxx}, \`-O3\` (CMake Release), no \`-march\`: x86-64 baseline, so Eigen uses SSE2
- Emscripten: ${facts.emcc}, \`-O3\`
- attention_core.wasm (SIMD, \`-msimd128\`; every view's part of the core, the one this benchmark's kernels are in): ${kib(facts.wasmBytes.attention_core)}
- the chapters' parts (SIMD): encoder ${kib(facts.wasmBytes.attention_encoder)}, space ${kib(facts.wasmBytes.attention_space)}, train ${kib(facts.wasmBytes.attention_train)}
- attention_core_scalar.wasm (every part in one module): ${kib(facts.wasmBytes.attention_core_scalar)}
- Agreement check, largest |output − wasm SIMD output| over all n: Node: ${diff(checks.node)}; Chromium: ${diff(checks.chromium)} (must be < 1e-4)

## What the numbers show

${analysis(times, facts, checks)}
`;
  // bench/vector-file.mjs keeps its own section in this file: carry it over.
  const old = existsSync(path) ? readFileSync(path, 'utf8') : '';
  const start = old.indexOf('<!-- vector-file:start -->');
  const end = '<!-- vector-file:end -->';
  const kept = start >= 0 && old.includes(end) ? `\n${old.slice(start, old.indexOf(end) + end.length)}\n` : '';
  writeFileSync(path, text + kept);
}
