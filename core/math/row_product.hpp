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

// Eight columns of C for two rows at once: each load of B's eight serves both rows (the loads,
// not the arithmetic, bounded the one-row loop). Per entry the same sum in the same order.
template <typename Lhs>
void two_rows_eight_columns(const Lhs& a, Eigen::Index i, const double* b_j, Eigen::Index depth, Eigen::Index cols,
                            double* c_row0, double* c_row1) {
  using simd::D2;
  D2 s0 = simd::splat2(0), s1 = s0, s2 = s0, s3 = s0, t0 = s0, t1 = s0, t2 = s0, t3 = s0;
  for (Eigen::Index k = 0; k < depth; ++k) {
    const double* b_kj = b_j + k * cols;
    const D2 b0 = simd::load2(b_kj), b1 = simd::load2(b_kj + 2), b2 = simd::load2(b_kj + 4), b3 = simd::load2(b_kj + 6);
    const D2 a0 = simd::splat2(a(i, k)), a1 = simd::splat2(a(i + 1, k));
    s0 = simd::add(s0, simd::mul(a0, b0));
    s1 = simd::add(s1, simd::mul(a0, b1));
    s2 = simd::add(s2, simd::mul(a0, b2));
    s3 = simd::add(s3, simd::mul(a0, b3));
    t0 = simd::add(t0, simd::mul(a1, b0));
    t1 = simd::add(t1, simd::mul(a1, b1));
    t2 = simd::add(t2, simd::mul(a1, b2));
    t3 = simd::add(t3, simd::mul(a1, b3));
  }
  simd::store2(c_row0, s0);
  simd::store2(c_row0 + 2, s1);
  simd::store2(c_row0 + 4, s2);
  simd::store2(c_row0 + 6, s3);
  simd::store2(c_row1, t0);
  simd::store2(c_row1 + 2, t1);
  simd::store2(c_row1 + 4, t2);
  simd::store2(c_row1 + 6, t3);
}

// B's rows must be contiguous (row-major, no stride): C's row i is built from them.
template <typename Lhs>
MatD row_product_kernel(const Lhs& a, const MatD& b) {
  using simd::D2;
  const Eigen::Index rows = a.rows(), depth = a.cols(), cols = b.cols();
  MatD c(rows, cols);
  const double* b_data = b.data();
  // whole blocks of eight columns, two rows at a time
  const Eigen::Index wide = cols / 8 * 8;
  Eigen::Index i = 0;
  for (; i + 1 < rows; i += 2) {
    for (Eigen::Index j = 0; j < wide; j += 8) {
      two_rows_eight_columns(a, i, b_data + j, depth, cols, c.data() + i * cols + j, c.data() + (i + 1) * cols + j);
    }
  }
  // the rest, row by row: the last row when there is an odd number, and every row's last columns
  for (Eigen::Index r = 0; r < rows; ++r) {
    double* c_row = c.data() + r * cols;
    Eigen::Index j = r < i ? wide : 0;
    // eight columns in four registers while k runs, then two at a time, then the last one
    for (; j + 8 <= cols; j += 8) {
      D2 s0 = simd::splat2(0), s1 = s0, s2 = s0, s3 = s0;
      for (Eigen::Index k = 0; k < depth; ++k) {
        const D2 a_ik = simd::splat2(a(r, k));
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
      for (Eigen::Index k = 0; k < depth; ++k) s = simd::add(s, simd::mul(simd::splat2(a(r, k)), simd::load2(b_data + k * cols + j)));
      simd::store2(c_row + j, s);
    }
    for (; j < cols; ++j) {
      double s = 0;
      for (Eigen::Index k = 0; k < depth; ++k) s += a(r, k) * b_data[k * cols + j];
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
