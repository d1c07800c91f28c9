// The timing loop, shared word for word by Node (run.mjs) and Chromium (browser.html), so both
// environments time the same inputs in the same way. Uses only performance.now() and typed arrays.

export const D = 64;
export const SIZES = [64, 128, 256, 512, 1024, 2048];
// Untimed time each implementation runs before measuring starts (see measureAll).
const WARM_UP_MS = 1500;
// Same schedule as bench/native/bench_attention.cpp: many repeats where a call is cheap,
// few where it takes a large fraction of a second, to keep the whole run within minutes.
export const repeatsFor = (n) => (n <= 256 ? 30 : n <= 1024 ? 8 : 4);

// Uniform [-1, 1) like Eigen's MatF::Random in the native bench, but seeded (mulberry32) so
// Node and Chromium see identical inputs and results can be compared across runs.
export function randomMatrix(rows, cols, seed) {
  const m = new Float32Array(rows * cols);
  let a = seed >>> 0;
  for (let i = 0; i < m.length; i++) {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    m[i] = (((t ^ (t >>> 14)) >>> 0) / 2 ** 32) * 2 - 1;
  }
  return m;
}

function maxAbsDiff(a, b) {
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i] - b[i]));
  return m;
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Times every implementation at every size. `impls` maps a name to f(Q, K, V, n, d) -> Float32Array;
 * the first entry is the reference the others' outputs are compared against.
 * Returns { times: {name: {n: {best, median}}}, maxDiff: {name: largest |diff| over all n} }.
 */
export async function measureAll(impls, log = () => {}) {
  const names = Object.keys(impls);
  const times = Object.fromEntries(names.map((k) => [k, {}]));
  const maxDiff = Object.fromEntries(names.slice(1).map((k) => [k, 0]));
  // Up-front warm-up, untimed: V8 tiers code up gradually (Liftoff -> TurboFan for wasm,
  // Ignition -> Maglev -> TurboFan for JS). Without this, Chromium's JS was still speeding up
  // during the first n = 1024 calls, and whole cells came out up to 1.5× slow on some runs.
  for (const name of names) {
    const n = 256, M = randomMatrix(n, D, 4);
    const start = performance.now();
    while (performance.now() - start < WARM_UP_MS) impls[name](M, M, M, n, D);
    await nextTask();
  }
  for (const n of SIZES) {
    const Q = randomMatrix(n, D, 1), K = randomMatrix(n, D, 2), V = randomMatrix(n, D, 3);
    const outputs = {}, samples = {};
    for (const name of names) {
      // Short warm-up at this size: grows the wasm heap and settles caches before timing.
      const warmStart = performance.now();
      do outputs[name] = impls[name](Q, K, V, n, D); while (performance.now() - warmStart < 50);
      samples[name] = [];
    }
    // Round-robin over the implementations, so a burst of background load on this shared
    // machine slows one repeat of each rather than every repeat of one.
    for (let r = 0; r < repeatsFor(n); r++) {
      for (const name of names) {
        const t0 = performance.now();
        outputs[name] = impls[name](Q, K, V, n, D);
        samples[name].push(performance.now() - t0);
      }
      await nextTask(); // in the browser, let the page breathe between rounds
    }
    for (const name of names) {
      const sorted = samples[name].sort((x, y) => x - y);
      times[name][n] = { best: sorted[0], median: sorted[sorted.length >> 1] };
      if (name !== names[0]) maxDiff[name] = Math.max(maxDiff[name], maxAbsDiff(outputs[name], outputs[names[0]]));
      log(`${name} n=${n}: best ${sorted[0].toFixed(3)} ms`);
    }
  }
  return { times, maxDiff };
}

// The rate of a plain matrix product on the same machine and engine, the yardstick for the
// attention kernel: C = A Bᵀ with A and B (n, D), 2·n·n·D flops, best of `repeats` calls after a
// short warm-up. Returns GFLOP/s. (Each call also copies the (n, n) product out of wasm.)
export function matmulRate(matmulABt, n = 1024, repeats = 8) {
  const A = randomMatrix(n, D, 5), B = randomMatrix(n, D, 6);
  const warmStart = performance.now();
  do matmulABt(A, B, n, n, D); while (performance.now() - warmStart < 200);
  let best = Infinity;
  for (let r = 0; r < repeats; r++) {
    const t0 = performance.now();
    matmulABt(A, B, n, n, D);
    best = Math.min(best, performance.now() - t0);
  }
  return (2 * n * n * D) / best / 1e6;
}
