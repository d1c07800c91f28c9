// Plain-JavaScript attention kernel softmax(Q Kᵀ/√d) V, the benchmark's baseline against wasm.
// Q, K, V are row-major n×d Float32Arrays; returns a new n×d Float32Array.
// Benchmark-only code: the page itself always uses the C++ core.
//
// Works one query row at a time, so memory stays O(n + d) and every inner loop walks a
// contiguous row (K_j, V_j). JS numbers are doubles, so scores and sums accumulate in float64.
export function attentionKernelJS(Q, K, V, n, d) {
  const out = new Float32Array(n * d);
  const scores = new Float64Array(n);
  const acc = new Float64Array(d);
  const scale = 1 / Math.sqrt(d);
  for (let i = 0; i < n; i++) {
    const qi = i * d;
    // Scores of query i against every key, and their maximum.
    let max = -Infinity;
    for (let j = 0; j < n; j++) {
      const kj = j * d;
      let dot = 0;
      for (let c = 0; c < d; c++) dot += Q[qi + c] * K[kj + c];
      const s = dot * scale;
      scores[j] = s;
      if (s > max) max = s;
    }
    // exp(s - max) keeps every term in (0, 1]; accumulate the weighted sum of V rows as we go.
    acc.fill(0);
    let sum = 0;
    for (let j = 0; j < n; j++) {
      const w = Math.exp(scores[j] - max);
      sum += w;
      const vj = j * d;
      for (let c = 0; c < d; c++) acc[c] += w * V[vj + c];
    }
    // Normalise once per output row (d divisions) rather than once per weight (n divisions).
    const inv = 1 / sum;
    for (let c = 0; c < d; c++) out[qi + c] = acc[c] * inv;
  }
  return out;
}
