// The attention kernel alone, on given Q, K, V: softmax(Q Kᵀ / √d_k) V.
// This reference version checks the fused one (core/math/fused_attention.hpp), which is what the
// page binds and the benchmarks time in every build (native, wasm SIMD, wasm scalar).
#pragma once
#include "core/math/attention.hpp"

namespace aw {

// Refuses inputs that do not fit together, are empty, or are not finite (one message for every
// version of the kernel).
template <typename Scalar>
void check_kernel_inputs(const Mat<Scalar>& Q, const Mat<Scalar>& K, const Mat<Scalar>& V) {
  if (Q.cols() != K.cols() || K.rows() != V.rows() || Q.rows() == 0 || K.rows() == 0) {
    throw InputError("attention kernel: Q " + shape_str(Q.rows(), Q.cols()) + ", K " +
                     shape_str(K.rows(), K.cols()) + " and V " + shape_str(V.rows(), V.cols()) +
                     " do not fit together");
  }
  if (Q.cols() == 0) throw InputError("attention kernel: Q and K need at least one feature");
  if (!Q.allFinite() || !K.allFinite() || !V.allFinite()) {
    throw InputError("attention kernel: Q, K or V contains NaN or infinity");
  }
}

// The reference version: Eigen's products and the page's row softmax, with the n × n scores.
template <typename Scalar>
Mat<Scalar> attention_kernel(const Mat<Scalar>& Q, const Mat<Scalar>& K, const Mat<Scalar>& V,
                             bool causal = false) {
  check_kernel_inputs(Q, K, V);
  Mat<Scalar> scores = (Q * K.transpose()) / std::sqrt(static_cast<Scalar>(Q.cols()));
  require_finite_result(scores, "the kernel's scores");
  if (causal) apply_causal_mask(scores);
  Mat<Scalar> Y = row_softmax(scores) * V;
  require_finite_result(Y, "the kernel's output");
  return Y;
}

}  // namespace aw
