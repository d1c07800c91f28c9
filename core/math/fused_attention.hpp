// softmax(Q Kᵀ / √d_k) V in float32, fused and tiled: the n × n scores are never stored.
// Four query rows at a time walk the keys in tiles of 64 (K packed once, transposed per tile);
// each tile's scores are exponentiated
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

// K packed once per call, tile by tile and transposed: tile t holds K(64t + j, c) at
// [t][c][j], zero past the last key. A tile's keys for one feature c are then 64 consecutive
// floats, so score_tile multiplies eight keys at a time by a broadcast query value: no
// horizontal sums, and the tile (16 KB at d = 64) is one contiguous block.
inline std::vector<float> pack_key_tiles(const MatF& K) {
  const auto n = K.rows();
  const auto d = static_cast<int>(K.cols());
  const auto tiles = (n + kKeyTile - 1) / kKeyTile;
  std::vector<float> packed(static_cast<size_t>(tiles) * d * kKeyTile, 0.0f);
  for (Eigen::Index j = 0; j < n; ++j) {
    float* column = packed.data() + (j / kKeyTile) * d * kKeyTile + j % kKeyTile;
    const float* k = K.data() + j * d;
    for (int c = 0; c < d; ++c) column[c * kKeyTile] = k[c];
  }
  return packed;
}

// scores[r][j] = (q_r · k_{first+j}) · scale for the block's rows r and the tile's keys j, eight
// keys at a time (keys past the tile's end are zero rows: their scores are never used).
// Rows past the end of Q repeat the last row (their results are never used).
inline void score_tile(const float* q_rows[kQueries], const float* tile, int d, int keys,
                       float scale, float scores[kQueries][kKeyTile], bool& overflow) {
  using namespace simd;
  for (int j = 0; j < keys; j += 8) {
    F4 a00 = splat(0), a01 = splat(0), a10 = splat(0), a11 = splat(0);
    F4 a20 = splat(0), a21 = splat(0), a30 = splat(0), a31 = splat(0);
    const float* k = tile + j;
    for (int c = 0; c < d; ++c, k += kKeyTile) {
      const F4 k0 = load(k), k1 = load(k + 4);
      const F4 q0 = splat(q_rows[0][c]), q1 = splat(q_rows[1][c]);
      a00 = add(a00, mul(q0, k0)); a01 = add(a01, mul(q0, k1));
      a10 = add(a10, mul(q1, k0)); a11 = add(a11, mul(q1, k1));
      const F4 q2 = splat(q_rows[2][c]), q3 = splat(q_rows[3][c]);
      a20 = add(a20, mul(q2, k0)); a21 = add(a21, mul(q2, k1));
      a30 = add(a30, mul(q3, k0)); a31 = add(a31, mul(q3, k1));
    }
    const F4 s = splat(scale);
    store(scores[0] + j, mul(a00, s)); store(scores[0] + j + 4, mul(a01, s));
    store(scores[1] + j, mul(a10, s)); store(scores[1] + j + 4, mul(a11, s));
    store(scores[2] + j, mul(a20, s)); store(scores[2] + j + 4, mul(a21, s));
    store(scores[3] + j, mul(a30, s)); store(scores[3] + j + 4, mul(a31, s));
  }
  for (int r = 0; r < kQueries; ++r) {
    for (int j = 0; j < keys; ++j) overflow |= !std::isfinite(scores[r][j]);
  }
}

// acc[r] += Σ_j weights[r][j] · v_{first+j}, eight output features at a time, with the four rows'
// running sums held in registers while the tile's value rows stream past.
inline void add_weighted_values(const MatF& V, Eigen::Index first, int keys,
                                const float weights[kQueries][kKeyTile], float* acc, int d_v) {
  using namespace simd;
  const float* v0 = V.data() + first * d_v;
  float* acc0 = acc;
  float* acc1 = acc + d_v;
  float* acc2 = acc + 2 * d_v;
  float* acc3 = acc + 3 * d_v;
  int c = 0;
  for (; c + 8 <= d_v; c += 8) {
    F4 s00 = load(acc0 + c), s01 = load(acc0 + c + 4), s10 = load(acc1 + c), s11 = load(acc1 + c + 4);
    F4 s20 = load(acc2 + c), s21 = load(acc2 + c + 4), s30 = load(acc3 + c), s31 = load(acc3 + c + 4);
    const float* v = v0 + c;
    for (int j = 0; j < keys; ++j, v += d_v) {
      const F4 va = load(v), vb = load(v + 4);
      const F4 w0 = splat(weights[0][j]), w1 = splat(weights[1][j]);
      s00 = add(s00, mul(w0, va)); s01 = add(s01, mul(w0, vb));
      s10 = add(s10, mul(w1, va)); s11 = add(s11, mul(w1, vb));
      const F4 w2 = splat(weights[2][j]), w3 = splat(weights[3][j]);
      s20 = add(s20, mul(w2, va)); s21 = add(s21, mul(w2, vb));
      s30 = add(s30, mul(w3, va)); s31 = add(s31, mul(w3, vb));
    }
    store(acc0 + c, s00); store(acc0 + c + 4, s01); store(acc1 + c, s10); store(acc1 + c + 4, s11);
    store(acc2 + c, s20); store(acc2 + c + 4, s21); store(acc3 + c, s30); store(acc3 + c + 4, s31);
  }
  for (; c + 4 <= d_v; c += 4) {
    F4 s0 = load(acc0 + c), s1 = load(acc1 + c), s2 = load(acc2 + c), s3 = load(acc3 + c);
    for (int j = 0; j < keys; ++j) {
      const F4 vc = load(v0 + j * d_v + c);
      s0 = add(s0, mul(splat(weights[0][j]), vc));
      s1 = add(s1, mul(splat(weights[1][j]), vc));
      s2 = add(s2, mul(splat(weights[2][j]), vc));
      s3 = add(s3, mul(splat(weights[3][j]), vc));
    }
    store(acc0 + c, s0); store(acc1 + c, s1); store(acc2 + c, s2); store(acc3 + c, s3);
  }
  for (; c < d_v; ++c) {
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
  const std::vector<float> key_tiles = pack_key_tiles(K);
  const auto d_k = static_cast<int>(K.cols());
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
      score_tile(q_rows, key_tiles.data() + (first / kKeyTile) * d_k * kKeyTile, d_k, keys, scale, scores, overflow);
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
