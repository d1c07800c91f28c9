// C = A · B in double precision, two columns of C at a time (simd::D2), for products of a few
// tens of thousands of multiply-adds: the trainer's projections at d_model 100 (a sentence of
// ten tokens times a 100 × 16 W, and their gradients). In the page's wasm build Eigen 3.4 has no
// SIMD path, and its blocked product ran these one double at a time; natively it packs both
// operands first, which at these sizes costs about as much as the arithmetic.
//
// Each C(i, j) is Σₖ A(i, k) · B(k, j) added in k order from 0, with no fused multiply-add
// (-ffp-contract=off): the order Eigen's blocked product uses when the depth fits one block, so
// the trainer's numbers keep their bits (tests/native/math/test_row_product.cpp checks both).
#pragma once
#include <type_traits>

#include "core/math/matrix.hpp"
#include "core/math/simd.hpp"

namespace aw {

namespace detail {

// B's rows must be contiguous (row-major, no stride): C's row i is built from them.
template <typename Lhs>
MatD row_product_kernel(const Lhs& a, const MatD& b) {
  using simd::D2;
  const Eigen::Index rows = a.rows(), depth = a.cols(), cols = b.cols();
  MatD c(rows, cols);
  const double* b_data = b.data();
  for (Eigen::Index i = 0; i < rows; ++i) {
    double* c_row = c.data() + i * cols;
    Eigen::Index j = 0;
    // eight columns in four registers while k runs, then two at a time, then the last one
    for (; j + 8 <= cols; j += 8) {
      D2 s0 = simd::splat2(0), s1 = s0, s2 = s0, s3 = s0;
      for (Eigen::Index k = 0; k < depth; ++k) {
        const D2 a_ik = simd::splat2(a(i, k));
        const double* b_kj = b_data + k * cols + j;
        s0 = simd::add(s0, simd::mul(a_ik, simd::load2(b_kj)));
        s1 = simd::add(s1, simd::mul(a_ik, simd::load2(b_kj + 2)));
        s2 = simd::add(s2, simd::mul(a_ik, simd::load2(b_kj + 4)));
        s3 = simd::add(s3, simd::mul(a_ik, simd::load2(b_kj + 6)));
      }
      simd::store2(c_row + j, s0);
      simd::store2(c_row + j + 2, s1);
      simd::store2(c_row + j + 4, s2);
      simd::store2(c_row + j + 6, s3);
    }
    for (; j + 2 <= cols; j += 2) {
      D2 s = simd::splat2(0);
      for (Eigen::Index k = 0; k < depth; ++k) s = simd::add(s, simd::mul(simd::splat2(a(i, k)), simd::load2(b_data + k * cols + j)));
      simd::store2(c_row + j, s);
    }
    for (; j < cols; ++j) {
      double s = 0;
      for (Eigen::Index k = 0; k < depth; ++k) s += a(i, k) * b_data[k * cols + j];
      c_row[j] = s;
    }
  }
  return c;
}

}  // namespace detail

// A: any Eigen expression with coefficient access (a transposed matrix is read in place);
// B: a MatD is used as it is, any other expression (a transpose) is first copied row-major.
template <typename A, typename B>
MatD row_product(const A& a, const B& b) {
  if (a.cols() != b.rows()) throw InputError("row_product: the shapes do not fit (A's columns are not B's rows)");
  if constexpr (std::is_same_v<B, MatD>) {
    return detail::row_product_kernel(a, b);
  } else {
    const MatD b_rows = b;
    return detail::row_product_kernel(a, b_rows);
  }
}

}  // namespace aw
