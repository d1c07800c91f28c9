// softmax(Q Kᵀ / √d_k) V in float32, fused and tiled: the n × n scores are never stored.
// Four query rows at a time walk the keys in tiles of 64; each tile's scores are exponentiated
// against a running row maximum (the "online softmax": when a later tile raises the maximum, what
// was summed so far is rescaled by exp(old − new)), and the tile's value rows are added into the
// four outputs at once. Memory is O(d) per query block instead of O(n²), and K and V are read
// once per four queries. Four floats at a time through core/math/simd.hpp, so the page's wasm
// SIMD build, a native build and the scalar wasm build all run this same source.
// Checked against the reference attention_kernel (core/math/kernel.hpp) in
// tests/native/math/test_fused_attention.cpp.
#pragma once
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "core/math/kernel.hpp"
#include "core/math/simd.hpp"

namespace aw {

namespace fused_detail {

constexpr int kQueries = 4;    // query rows per block: each key and value row is loaded once for four
constexpr int kKeyTile = 64;   // keys per tile: the tile's scores and value rows stay in L1

// scores[r][j] = (q_r · k_{first+j}) · scale for the block's rows r and the tile's keys j.
// Rows past the end of Q repeat the last row (their results are never used).
inline void score_tile(const float* q_rows[kQueries], const MatF& K, Eigen::Index first, int keys,
                       float scale, float scores[kQueries][kKeyTile], bool& overflow) {
  using namespace simd;
  const auto d = static_cast<int>(K.cols());
  const int d4 = d & ~3;
  for (int j = 0; j < keys; ++j) {
    const float* k = K.data() + (first + j) * d;
    F4 a0 = splat(0), a1 = splat(0), a2 = splat(0), a3 = splat(0);
    for (int c = 0; c < d4; c += 4) {
      const F4 kc = load(k + c);
      a0 = add(a0, mul(load(q_rows[0] + c), kc));
      a1 = add(a1, mul(load(q_rows[1] + c), kc));
      a2 = add(a2, mul(load(q_rows[2] + c), kc));
      a3 = add(a3, mul(load(q_rows[3] + c), kc));
    }
    float dots[kQueries] = {sum(a0), sum(a1), sum(a2), sum(a3)};
    for (int c = d4; c < d; ++c) {
      for (int r = 0; r < kQueries; ++r) dots[r] += q_rows[r][c] * k[c];
    }
    for (int r = 0; r < kQueries; ++r) {
      scores[r][j] = dots[r] * scale;
      overflow |= !std::isfinite(scores[r][j]);
    }
  }
}

// acc[r] += Σ_j weights[r][j] · v_{first+j}, four output features at a time, with the four rows'
// running sums held in registers while the tile's value rows stream past.
inline void add_weighted_values(const MatF& V, Eigen::Index first, int keys,
                                const float weights[kQueries][kKeyTile], float* acc, int d_v) {
  using namespace simd;
  const int d4 = d_v & ~3;
  const float* v0 = V.data() + first * d_v;
  for (int c = 0; c < d4; c += 4) {
    F4 s0 = load(acc + c), s1 = load(acc + d_v + c), s2 = load(acc + 2 * d_v + c), s3 = load(acc + 3 * d_v + c);
    for (int j = 0; j < keys; ++j) {
      const F4 vc = load(v0 + j * d_v + c);
      s0 = add(s0, mul(splat(weights[0][j]), vc));
      s1 = add(s1, mul(splat(weights[1][j]), vc));
      s2 = add(s2, mul(splat(weights[2][j]), vc));
      s3 = add(s3, mul(splat(weights[3][j]), vc));
    }
    store(acc + c, s0);
    store(acc + d_v + c, s1);
    store(acc + 2 * d_v + c, s2);
    store(acc + 3 * d_v + c, s3);
  }
  for (int c = d4; c < d_v; ++c) {
    for (int r = 0; r < kQueries; ++r) {
      float total = acc[r * d_v + c];
      for (int j = 0; j < keys; ++j) total += weights[r][j] * v0[j * d_v + c];
      acc[r * d_v + c] = total;
    }
  }
}

// Turns one row of a tile's scores into exp(score − running max) in place, after rescaling what
// the row has summed so far if this tile raised its maximum. Returns the tile's sum of weights.
inline float exponentiate_row(float* row, int keys, float& running_max, float& running_sum, float* acc, int d_v) {
  using namespace simd;
  const int padded = (keys + 3) & ~3;
  const float minus_inf = -std::numeric_limits<float>::infinity();
  for (int j = keys; j < padded; ++j) row[j] = minus_inf;  // padding weighs 0
  F4 top = splat(minus_inf);
  for (int j = 0; j < padded; j += 4) top = max(top, load(row + j));
  const float tile_max = max_lane(top);
  if (tile_max > running_max) {
    const float rescale = running_max == minus_inf ? 0.0f : std::exp(running_max - tile_max);
    running_sum *= rescale;
    for (int c = 0; c < d_v; ++c) acc[c] *= rescale;
    running_max = tile_max;
  }
  const F4 shift = splat(running_max);
  F4 total = splat(0);
  for (int j = 0; j < padded; j += 4) {
    const F4 weight = exp_nonpositive(sub(load(row + j), shift));
    store(row + j, weight);
    total = add(total, weight);
  }
  return sum(total);
}

}  // namespace fused_detail

inline MatF fused_attention(const MatF& Q, const MatF& K, const MatF& V, bool causal = false) {
  using namespace fused_detail;
  check_kernel_inputs(Q, K, V);
  const Eigen::Index n_q = Q.rows(), n_k = K.rows();
  const auto d_v = static_cast<int>(V.cols());
  const float scale = 1.0f / std::sqrt(static_cast<float>(Q.cols()));
  const float minus_inf = -std::numeric_limits<float>::infinity();
  MatF Y(n_q, d_v);
  alignas(16) float scores[kQueries][kKeyTile];
  std::vector<float> acc(static_cast<size_t>(kQueries) * d_v);
  bool overflow = false;
  for (Eigen::Index i0 = 0; i0 < n_q; i0 += kQueries) {
    const int rows = static_cast<int>(std::min<Eigen::Index>(kQueries, n_q - i0));
    const float* q_rows[kQueries];
    for (int r = 0; r < kQueries; ++r) q_rows[r] = Q.data() + (i0 + std::min(r, rows - 1)) * Q.cols();
    float running_max[kQueries] = {minus_inf, minus_inf, minus_inf, minus_inf};
    float running_sum[kQueries] = {0, 0, 0, 0};
    std::fill(acc.begin(), acc.end(), 0.0f);
    // causal: query i sees keys 0..i, so the block needs keys up to its last row
    const Eigen::Index key_end = causal ? std::min(n_k, i0 + rows) : n_k;
    for (Eigen::Index first = 0; first < key_end; first += kKeyTile) {
      const int keys = static_cast<int>(std::min<Eigen::Index>(kKeyTile, key_end - first));
      score_tile(q_rows, K, first, keys, scale, scores, overflow);
      if (overflow) throw InputError("the kernel's scores overflows to infinity: the input values are too large to multiply in floating point");
      for (int r = 0; r < kQueries; ++r) {
        if (causal) {
          for (int j = 0; j < keys; ++j) {
            if (first + j > i0 + r) scores[r][j] = minus_inf;
          }
        }
        const float tile_sum = exponentiate_row(scores[r], keys, running_max[r], running_sum[r], acc.data() + r * d_v, d_v);
        running_sum[r] += tile_sum;
      }
      add_weighted_values(V, first, keys, scores, acc.data(), d_v);
    }
    for (int r = 0; r < rows; ++r) {
      const float inverse = 1.0f / running_sum[r];
      for (int c = 0; c < d_v; ++c) Y(i0 + r, c) = acc[r * d_v + c] * inverse;
    }
  }
  // The running sums are not yet divided by the row's total weight, so values near the float
  // limit can overflow here where the normalised product would not: the reference decides then.
  if (!Y.allFinite()) return attention_kernel(Q, K, V, causal);
  return Y;
}

}  // namespace aw
