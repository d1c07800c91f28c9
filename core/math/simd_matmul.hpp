// C = A Bᵀ in float32 (A is n × d, B is m × d, both row-major: every entry is a dot product of two
// contiguous rows), four floats at a time through core/math/simd.hpp, in 4 × 2 blocks of C so
// each loaded row chunk is used two or four times. The benchmark measures this product's rate
// as the yardstick for the fused attention kernel, which does the same arithmetic twice per
// score (Q Kᵀ, then the weights times V) plus an exp (bench/run.mjs).
#pragma once
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

}  // namespace aw
