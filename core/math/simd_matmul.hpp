// Dense float32 products four floats at a time through core/math/simd.hpp (Eigen 3.4 has no wasm
// SIMD path, so in the page's build its products run one float at a time):
//   matmul_abt  C = A Bᵀ (A is n × d, B is m × d, row-major: each entry a dot product of two
//               contiguous rows), in 4 × 2 blocks of C. The benchmark measures its rate as the
//               yardstick for the fused attention kernel (bench/run.mjs).
//   matmul_ab   C = A B (B is k × m, row-major): 4 rows × 8 columns of C held in registers while
//               A's entries are broadcast against a packed panel of B, blocked for the caches.
//               The trained encoder's layers use it.
// Each row of C depends only on the same row of A, so stacking inputs (a batch) never changes a
// row's result.
#pragma once
#include <algorithm>
#include <vector>
#include "core/math/kernel.hpp"
#include "core/math/simd.hpp"

namespace aw {

inline MatF matmul_abt(const MatF& A, const MatF& B) {
  using namespace simd;
  if (A.cols() != B.cols()) {
    throw InputError("A Bᵀ: A " + shape_str(A.rows(), A.cols()) + " and B " + shape_str(B.rows(), B.cols()) +
                     " need the same number of columns");
  }
  const auto n = static_cast<int>(A.rows()), m = static_cast<int>(B.rows()), d = static_cast<int>(A.cols());
  const int d4 = d & ~3;
  MatF C(n, m);
  auto dot_tail = [&](const float* a, const float* b) {
    float t = 0;
    for (int c = d4; c < d; ++c) t += a[c] * b[c];
    return t;
  };
  for (int i = 0; i < n; i += 4) {
    const float* a[4];
    for (int r = 0; r < 4; ++r) a[r] = A.data() + std::min(i + r, n - 1) * d;
    for (int j = 0; j < m; j += 2) {
      const float* b0 = B.data() + j * d;
      const float* b1 = B.data() + std::min(j + 1, m - 1) * d;
      F4 s00 = splat(0), s01 = splat(0), s10 = splat(0), s11 = splat(0);
      F4 s20 = splat(0), s21 = splat(0), s30 = splat(0), s31 = splat(0);
      for (int c = 0; c < d4; c += 4) {
        const F4 x0 = load(b0 + c), x1 = load(b1 + c);
        const F4 y0 = load(a[0] + c), y1 = load(a[1] + c), y2 = load(a[2] + c), y3 = load(a[3] + c);
        s00 = add(s00, mul(y0, x0)); s01 = add(s01, mul(y0, x1));
        s10 = add(s10, mul(y1, x0)); s11 = add(s11, mul(y1, x1));
        s20 = add(s20, mul(y2, x0)); s21 = add(s21, mul(y2, x1));
        s30 = add(s30, mul(y3, x0)); s31 = add(s31, mul(y3, x1));
      }
      const F4 col0[4] = {s00, s10, s20, s30}, col1[4] = {s01, s11, s21, s31};
      for (int r = 0; r < 4 && i + r < n; ++r) {
        C(i + r, j) = sum(col0[r]) + dot_tail(a[r], b0);
        if (j + 1 < m) C(i + r, j + 1) = sum(col1[r]) + dot_tail(a[r], b1);
      }
    }
  }
  return C;
}

namespace detail {

// C's rows [i, i + rows) × columns [j, j + 8) += A's rows · an 8-column panel of B packed contiguously
// (k × 8 floats). 4 × 8 entries stay in registers while A's entries are broadcast against the panel.
// Each entry sums over kk = 0, 1, ..., k - 1 in order, so the blocking never changes a result.
inline void matmul_ab_block(const float* const a[4], int rows, const float* panel, int k, float* c, int ldc) {
  using namespace simd;
  F4 c00 = splat(0), c01 = splat(0), c10 = splat(0), c11 = splat(0);
  F4 c20 = splat(0), c21 = splat(0), c30 = splat(0), c31 = splat(0);
  for (int kk = 0; kk < k; ++kk) {
    const F4 b0 = load(panel + 8 * kk), b1 = load(panel + 8 * kk + 4);
    const F4 x0 = splat(a[0][kk]), x1 = splat(a[1][kk]), x2 = splat(a[2][kk]), x3 = splat(a[3][kk]);
    c00 = add(c00, mul(x0, b0)); c01 = add(c01, mul(x0, b1));
    c10 = add(c10, mul(x1, b0)); c11 = add(c11, mul(x1, b1));
    c20 = add(c20, mul(x2, b0)); c21 = add(c21, mul(x2, b1));
    c30 = add(c30, mul(x3, b0)); c31 = add(c31, mul(x3, b1));
  }
  const F4 out[4][2] = {{c00, c01}, {c10, c11}, {c20, c21}, {c30, c31}};
  for (int r = 0; r < rows; ++r) {
    store(c + r * ldc, out[r][0]);
    store(c + r * ldc + 4, out[r][1]);
  }
}

}  // namespace detail

// Cache blocking, because the encoder's weights (up to 512 × 2048 floats, 4 MB) do not fit in any
// cache: B is packed 8 columns at a time into a contiguous k × 8 panel (16 KB at k = 512, in L1), and
// a chunk of 64 rows of A (128 KB, in L2) passes over each panel, so B is read from memory once per
// 64 rows of A instead of once per 4.
inline MatF matmul_ab(const MatF& A, const MatF& B) {
  if (A.cols() != B.rows()) {
    throw InputError("A B: A " + shape_str(A.rows(), A.cols()) + " and B " + shape_str(B.rows(), B.cols()) + " do not fit together");
  }
  constexpr int kRowChunk = 64;
  const auto n = static_cast<int>(A.rows()), k = static_cast<int>(A.cols()), m = static_cast<int>(B.cols());
  const int m8 = m & ~7;
  MatF C(n, m);
  std::vector<float> panel(static_cast<std::size_t>(k) * 8);
  for (int i0 = 0; i0 < n; i0 += kRowChunk) {
    const int i_end = std::min(n, i0 + kRowChunk);
    for (int j = 0; j < m8; j += 8) {
      for (int kk = 0; kk < k; ++kk) std::copy_n(B.data() + kk * m + j, 8, panel.data() + 8 * kk);
      for (int i = i0; i < i_end; i += 4) {
        const float* a[4];
        for (int r = 0; r < 4; ++r) a[r] = A.data() + std::min(i + r, n - 1) * k;
        detail::matmul_ab_block(a, std::min(4, n - i), panel.data(), k, C.data() + i * m + j, m);
      }
    }
    for (int i = i0; i < i_end; ++i) {  // the last m % 8 columns, one entry at a time
      for (int j = m8; j < m; ++j) {
        float total = 0;
        for (int kk = 0; kk < k; ++kk) total += A(i, kk) * B(kk, j);
        C(i, j) = total;
      }
    }
  }
  return C;
}

}  // namespace aw
