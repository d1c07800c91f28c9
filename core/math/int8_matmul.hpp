// C ≈ A B with B kept as int8 (one scale per column, as the encoder pack stores its weights) and
// A quantized per row to int16, multiplied in integers through the widening dot product of
// core/math/simd.hpp (wasm i32x4.dot_i16x8_s: eight products and four sums per instruction, where
// the float kernel of simd_matmul.hpp does four products and four sums in two), then rescaled to
// float: C(i, j) = (Σ_k qa(i, k) · qb(k, j)) · scale_a(i) · scale_b(j).
// The integer sums are exact (int32 holds them: activation_levels bounds |qa|), so every target
// (wasm SIMD, SSE2, plain C++) gives the same integers, and a row's result never depends on the
// rows stacked with it.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "core/math/finite.hpp"
#include "core/math/matrix.hpp"
#include "core/math/simd.hpp"

namespace aw {

// B (k × m) ≈ q · diag(scale), q in [-128, 127], packed for the kernel: 8 columns at a time and k in
// pairs, so that one 8-lane load holds (q(2t, c), q(2t + 1, c)) for 4 columns c — the pairs that
// dot_pairs multiplies. Panel p, pair t is 16 values: columns 8p .. 8p + 7, zero past k and m.
struct Int8Columns {
  int rows = 0, cols = 0;
  std::vector<float> scale;          // per column, padded with zeros to a multiple of 8
  std::vector<std::int16_t> packed;  // panels × pairs × 16, the int8 values widened once here
  int pairs() const { return (rows + 1) / 2; }
  int panels() const { return (cols + 7) / 8; }
};

// A (n × k) ≈ diag(scale) · q, q in [-levels, levels], each row padded to an even length with 0.
struct Int16Rows {
  int rows = 0, cols = 0, stride = 0;
  std::vector<float> scale;
  std::vector<std::int16_t> q;
};

// x rounded to the nearest integer, ties to even, for |x| < 2²²: adding 1.5 · 2²³ leaves no bits
// below 1 in the sum. std::nearbyint is a library call in wasm, 10× slower on these loops.
inline float round_to_integer(float x) {
  constexpr float kShift = 12582912.0f;  // 1.5 · 2²³
  return (x + kShift) - kShift;
}

// q is row-major k × m. Throws InputError for a non-finite scale.
inline Int8Columns pack_int8_columns(const std::int8_t* q, const float* scale, int rows, int cols) {
  Int8Columns b;
  b.rows = rows;
  b.cols = cols;
  b.scale.assign(static_cast<std::size_t>(b.panels()) * 8, 0.0f);
  for (int j = 0; j < cols; ++j) {
    if (!std::isfinite(scale[j])) throw InputError("int8 product: column scale " + std::to_string(j) + " is not finite");
    b.scale[static_cast<std::size_t>(j)] = scale[j];
  }
  b.packed.assign(static_cast<std::size_t>(b.panels()) * b.pairs() * 16, 0);
  // Written in order, 16 values at a time (the model's load pays for this loop once per kernel).
  std::int16_t* out = b.packed.data();
  for (int p = 0; p < b.panels(); ++p) {
    const int j0 = 8 * p, width = std::min(8, cols - j0);
    for (int t = 0; t < b.pairs(); ++t, out += 16) {
      const std::int8_t* even = q + static_cast<std::size_t>(2 * t) * cols + j0;
      const std::int8_t* odd = 2 * t + 1 < rows ? even + cols : nullptr;
      for (int c = 0; c < width; ++c) {
        out[2 * c] = even[c];
        out[2 * c + 1] = odd ? odd[c] : 0;
      }
    }
  }
  return b;
}

// The largest |qa| for which Σ_k |qa · qb| ≤ k · levels · 128 stays within int32, at most 32767:
// 32767 up to k = 512, 10922 at the encoder's k = 1536.
inline int activation_levels(int k) {
  const long long even_k = std::max(2, k + k % 2);
  const long long levels = std::min<long long>(32767, std::numeric_limits<std::int32_t>::max() / (128 * even_k));
  if (levels < 1) throw InputError("int8 product: " + std::to_string(k) + " terms could overflow int32");
  return static_cast<int>(levels);
}

// Each row's largest |value| maps to ±levels; an all-zero row gets scale 0. Throws InputError for
// a non-finite value (its scale would be meaningless). Four values at a time (the scalar loops
// took a tenth of a batch's products in wasm); the same integers as one at a time: the largest
// |value| does not depend on the order, and each value is scaled, rounded (to nearest, ties to
// even) and clamped by the same operations.
inline Int16Rows quantize_rows(const MatF& A, int levels) {
  using namespace simd;
  Int16Rows a;
  a.rows = static_cast<int>(A.rows());
  a.cols = static_cast<int>(A.cols());
  a.stride = a.cols + a.cols % 2;
  a.scale.resize(static_cast<std::size_t>(a.rows));
  a.q.assign(static_cast<std::size_t>(a.rows) * a.stride, 0);
  const int cols = a.cols, whole8 = cols - cols % 8, whole4 = cols - cols % 4;
  const float top = static_cast<float>(levels);
  for (int i = 0; i < a.rows; ++i) {
    const float* x = A.data() + static_cast<std::size_t>(i) * cols;
    if (!all_finite(x, static_cast<std::size_t>(cols))) {
      throw InputError("int8 product: row " + std::to_string(i) + " holds a value that is not finite");
    }
    F4 largest4 = splat(0.0f);
    for (int c = 0; c < whole4; c += 4) largest4 = max(largest4, abs(load(x + c)));
    float largest = max_lane(largest4);
    for (int c = whole4; c < cols; ++c) largest = std::max(largest, std::fabs(x[c]));
    a.scale[static_cast<std::size_t>(i)] = largest / top;
    if (largest == 0) continue;
    std::int16_t* q = a.q.data() + static_cast<std::size_t>(i) * a.stride;
    // A subnormal largest value makes levels / largest overflow (and 0 · inf is NaN): such a row
    // divides by its largest value first, which stays within [-1, 1].
    const float to_level = top / largest;
    if (!(to_level <= std::numeric_limits<float>::max())) {
      for (int c = 0; c < cols; ++c) {
        q[c] = static_cast<std::int16_t>(std::min(std::max(round_to_integer(x[c] / largest * top), -top), top));
      }
      continue;
    }
    const F4 scale4 = splat(to_level), low = splat(-top), high = splat(top);
    const auto level = [&](int c) { return min(max(round_to_int(mul(load(x + c), scale4)), low), high); };
    for (int c = 0; c < whole8; c += 8) store(q + c, to_int16(level(c), level(c + 4)));
    for (int c = whole8; c < cols; ++c) {
      q[c] = static_cast<std::int16_t>(std::min(std::max(round_to_integer(x[c] * to_level), -top), top));
    }
  }
  return a;
}

namespace detail {

// The int32 sums of rows a[0..3] against one 8-column panel: acc[r][0] columns 0-3, acc[r][1] 4-7.
inline void int8_block(const std::int16_t* const a[4], const std::int16_t* panel, int pairs, simd::I32x4 acc[4][2]) {
  using namespace simd;
  I32x4 c00 = zero_i32(), c01 = zero_i32(), c10 = zero_i32(), c11 = zero_i32();
  I32x4 c20 = zero_i32(), c21 = zero_i32(), c30 = zero_i32(), c31 = zero_i32();
  for (int t = 0; t < pairs; ++t) {
    const I16x8 b0 = load(panel + 16 * t), b1 = load(panel + 16 * t + 8);
    const I16x8 x0 = splat_pair(a[0] + 2 * t), x1 = splat_pair(a[1] + 2 * t);
    const I16x8 x2 = splat_pair(a[2] + 2 * t), x3 = splat_pair(a[3] + 2 * t);
    c00 = add(c00, dot_pairs(x0, b0)); c01 = add(c01, dot_pairs(x0, b1));
    c10 = add(c10, dot_pairs(x1, b0)); c11 = add(c11, dot_pairs(x1, b1));
    c20 = add(c20, dot_pairs(x2, b0)); c21 = add(c21, dot_pairs(x2, b1));
    c30 = add(c30, dot_pairs(x3, b0)); c31 = add(c31, dot_pairs(x3, b1));
  }
  acc[0][0] = c00; acc[0][1] = c01; acc[1][0] = c10; acc[1][1] = c11;
  acc[2][0] = c20; acc[2][1] = c21; acc[3][0] = c30; acc[3][1] = c31;
}

// Calls take(i, rows, j, acc) for every 4-row × 8-column block. Chunks of 64 rows of A (64 KB at
// k = 512) pass over each panel while it is in cache, as in matmul_ab.
template <typename Take>
void int8_blocks(const Int16Rows& A, const Int8Columns& B, Take take) {
  if (A.cols != B.rows) {
    throw InputError("int8 product: A " + shape_str(A.rows, A.cols) + " and B " + shape_str(B.rows, B.cols) + " do not fit together");
  }
  constexpr int kRowChunk = 64;
  const int n = A.rows;
  simd::I32x4 acc[4][2];
  for (int i0 = 0; i0 < n; i0 += kRowChunk) {
    const int i_end = std::min(n, i0 + kRowChunk);
    for (int p = 0; p < B.panels(); ++p) {
      const std::int16_t* panel = B.packed.data() + static_cast<std::size_t>(p) * B.pairs() * 16;
      for (int i = i0; i < i_end; i += 4) {
        const std::int16_t* a[4];
        for (int r = 0; r < 4; ++r) a[r] = A.q.data() + static_cast<std::size_t>(std::min(i + r, n - 1)) * A.stride;
        int8_block(a, panel, B.pairs(), acc);
        take(i, std::min(4, n - i), 8 * p, acc);
      }
    }
  }
}

}  // namespace detail

// The exact integer sums Σ_k qa(i, k) · qb(k, j).
inline Mat<std::int32_t> int8_products(const Int16Rows& A, const Int8Columns& B) {
  Mat<std::int32_t> C(A.rows, B.cols);
  detail::int8_blocks(A, B, [&](int i, int rows, int j, const simd::I32x4 acc[4][2]) {
    for (int r = 0; r < rows; ++r) {
      std::int32_t sums[8];
      simd::store(sums, acc[r][0]);
      simd::store(sums + 4, acc[r][1]);
      for (int c = 0; c < 8 && j + c < B.cols; ++c) C(i + r, j + c) = sums[c];
    }
  });
  return C;
}

// A B through the integers, rescaled to float.
inline MatF matmul_int8(const MatF& A, const Int8Columns& B) {
  using namespace simd;
  const Int16Rows a = quantize_rows(A, activation_levels(static_cast<int>(A.cols())));
  MatF C(A.rows(), B.cols);
  const int m = B.cols;
  detail::int8_blocks(a, B, [&](int i, int rows, int j, const I32x4 acc[4][2]) {
    const F4 scale0 = load(B.scale.data() + j), scale1 = load(B.scale.data() + j + 4);
    for (int r = 0; r < rows; ++r) {
      const F4 row_scale = splat(a.scale[static_cast<std::size_t>(i + r)]);
      const F4 v0 = mul(to_float(acc[r][0]), mul(row_scale, scale0));
      const F4 v1 = mul(to_float(acc[r][1]), mul(row_scale, scale1));
      float* c = C.data() + static_cast<std::size_t>(i + r) * m + j;
      if (j + 8 <= m) {
        store(c, v0);
        store(c + 4, v1);
      } else {
        float tail[8];
        store(tail, v0);
        store(tail + 4, v1);
        std::copy_n(tail, m - j, c);
      }
    }
  });
  return C;
}

}  // namespace aw
