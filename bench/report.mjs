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
export function markdownTable({ native, node, browser }) {
  const columns = [
    ['native', native],
    ['wasm SIMD (Node)', node.wasmSimd], ['wasm scalar (Node)', node.wasmScalar], ['JS (Node)', node.js],
    ['wasm SIMD (Chromium)', browser.wasmSimd], ['wasm scalar (Chromium)', browser.wasmScalar], ['JS (Chromium)', browser.js],
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

/** The native program as is, and with glibc told to keep freed memory (see run.mjs). */
export function nativeTable({ native, nativeKept }) {
  const lines = ['| n | native, default malloc | native, freed memory kept | time saved by keeping memory |', '|---:|---:|---:|---:|'];
  for (const n of SIZES) {
    const share = 1 - nativeKept[n].best / native[n].best;
    lines.push(`| ${n} | ${ms(native[n].best)} / ${ms(native[n].median)} | ${ms(nativeKept[n].best)} / ${ms(nativeKept[n].median)} | ${Math.max(0, share * 100).toFixed(0)} % |`);
  }
  return lines.join('\n');
}

const best = (t, n) => t[n].best;

/** Ratios of best times, the steadier statistic on a shared 2-core machine. */
function speedupTable({ nativeKept, node, browser }) {
  const lines = [
    '| n | SIMD vs scalar (Node) | SIMD vs scalar (Chromium) | JS vs wasm SIMD (Node) | JS vs wasm SIMD (Chromium) | wasm SIMD (Node) vs native, memory kept |',
    '|---:|---:|---:|---:|---:|---:|',
  ];
  for (const n of SIZES) {
    const r = (slow, fast) => ratio(best(slow, n), best(fast, n));
    lines.push(`| ${n} | ${r(node.wasmScalar, node.wasmSimd)} | ${r(browser.wasmScalar, browser.wasmSimd)} | ` +
      `${r(node.js, node.wasmSimd)} | ${r(browser.js, browser.wasmSimd)} | ${r(node.wasmSimd, nativeKept)} |`);
  }
  return lines.join('\n');
}

// "1.6–2.2×": the range over all n of slow/fast best times.
function range(slow, fast) {
  const rs = SIZES.map((n) => best(slow, n) / best(fast, n));
  return `${Math.min(...rs).toFixed(1)}–${Math.max(...rs).toFixed(1)}×`;
}

// Figures are computed from this run; the explanations hold for this code base whatever they are.
function analysis({ native, nativeKept, node, browser }, facts, checks) {
  const x = (slow, fast, n) => `${(best(slow, n) / best(fast, n)).toFixed(1)}×`;
  const [first, last] = [SIZES[0], SIZES.at(-1)];
  const bitIdentical = checks.node.wasmScalar === 0 && checks.chromium.wasmScalar === 0;
  const jsDiff = Math.max(checks.node.js, checks.chromium.js).toExponential(1);
  const wasmBeatsNative = SIZES.filter((n) => best(node.wasmSimd, n) < best(native, n));
  return `**SIMD.** The \`-msimd128\` build is ${range(node.wasmScalar, node.wasmSimd)} faster than the
scalar build in Node and ${range(browser.wasmScalar, browser.wasmSimd)} in Chromium (ratios of best
times over all n). Eigen 3.4 has no wasm SIMD packet path, so both builds run Eigen's *scalar* code
and the whole gain comes from LLVM auto-vectorising it. The builds were not profiled phase by
phase, but the likely winners are loops that update several independent outputs per step: the
register-blocked GEMM kernels of Q Kᵀ and P V, and the element-wise scaling. Where SIMD should not
help: without \`-ffast-math\` LLVM may not reorder a floating-point sum, and \`expf\` is a scalar libm
call, so the softmax's row max / exp / row sum stay scalar in both builds, as does the embind
copying in and out.${bitIdentical
    ? ' Consistent with that, the two builds\' outputs agree bit for bit (difference 0 above).' : ''}
At n = ${first}, where per-call fixed costs (embind marshalling, allocating the temporaries)
weigh most, the gain is ${x(node.wasmScalar, node.wasmSimd, first)} in Node and
${x(browser.wasmScalar, browser.wasmSimd, first)} in Chromium.

**Plain JS** is ${range(node.js, node.wasmSimd)} slower than wasm SIMD in Node and
${range(browser.js, browser.wasmSimd)} in Chromium. It does the same arithmetic in float64 (JS
numbers) and agrees with wasm to within ${jsDiff}, so the gap is the engines', not the maths'.
The engines differ too: Chromium's V8 is much newer than Node 20's (${facts.v8}). Node's time
divided by Chromium's is ${range(node.js, browser.js)} for the JS, ${range(node.wasmScalar, browser.wasmScalar)}
for scalar wasm and ${range(node.wasmSimd, browser.wasmSimd)} for SIMD wasm.

**Native vs wasm.** Run as built, the native program pays for fresh page faults on every call:
glibc returns each large n×n temporary to the kernel when it is freed, and page faults are slow
in this virtual machine. ${wasmBeatsNative.length
    ? `That is why wasm SIMD (Node) even beats it at n = ${wasmBeatsNative.join(', ')}.`
    : 'Even so it stays ahead of wasm SIMD at every n.'}
A wasm heap grows once and is never given back, so the like-for-like native figure is the second
run, with glibc told to keep freed memory (table above). Against that, wasm SIMD in Node is
${x(node.wasmSimd, nativeKept, first)} slower at n = ${first} and ${x(node.wasmSimd, nativeKept, last)} at n = ${last}.
Native is compiled for the x86-64 baseline (SSE2, no \`-march=native\`), so it too leaves this
CPU's AVX2/AVX-512 unused.

Caveat: one run on a shared 2-core virtual machine. Medians are noisier than best times; when
another process competes, whole cells can come out 10–50 % slow, so rerun before trusting a
difference of that size.`;
}

export function writeResults(path, { table, facts, checks, times }) {
  const kib = (bytes) => `${bytes} bytes (${(bytes / 1024).toFixed(0)} KiB)`;
  const diff = (c) => Object.entries(c).map(([k, v]) => `${k} ${v.toExponential(1)}`).join(', ');
  const text = `# Attention kernel benchmark results

Generated by \`node bench/run.mjs\` (see [README.md](README.md)); rerunning overwrites this file.
Kernel: softmax(Q Kᵀ/√d) V in float32, d = ${D}, Q, K, V uniform in [-1, 1).
Each cell is **best / median** wall time of one call in milliseconds, after an untimed warm-up;
repeats per n: ${SIZES.map((n) => `${n}: ${repeatsFor(n)}`).join(', ')}.

${table}

The native column is the program as built. The same program with glibc keeping freed memory
(\`GLIBC_TUNABLES=glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=4294967295\`),
as a wasm heap does:

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
- attention_core.wasm (SIMD, \`-msimd128\`): ${kib(facts.wasmBytes.attention_core)}
- attention_core_scalar.wasm: ${kib(facts.wasmBytes.attention_core_scalar)}
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
