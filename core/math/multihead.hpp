// Multi-head self-attention as PyTorch's nn.MultiheadAttention computes it (bias=False,
// batch_first, need_weights=True, torch 1.13 slow path):
//   [Q | K | V] = X W_inᵀ, split along features into heads of head_dim = E / heads,
//   per head: A_h = softmax((Q_h / √head_dim) K_hᵀ),  O_h = A_h V_h,
//   out = concat_h(O_h) W_outᵀ,  returned weights = mean_h A_h.
#pragma once
#include <cmath>
#include <string>
#include <vector>

#include "core/math/attention.hpp"

namespace aw {

template <typename Scalar>
struct MultiHeadResult {
  Mat<Scalar> Q, K, V;                    // (tokens, E) before the split
  std::vector<Mat<Scalar>> head_weights;  // per head (tokens, tokens)
  std::vector<Mat<Scalar>> head_outputs;  // per head (tokens, head_dim)
  Mat<Scalar> concat;                     // (tokens, E), heads side by side
  Mat<Scalar> output;                     // concat W_outᵀ, (tokens, E)
  Mat<Scalar> mean_weights;               // average over heads, (tokens, tokens)
};

// The same result in another scalar type (the float32 PyTorch path, reported as double).
template <typename To, typename From>
MultiHeadResult<To> cast_multi_head(const MultiHeadResult<From>& in) {
  MultiHeadResult<To> out;
  out.Q = in.Q.template cast<To>();
  out.K = in.K.template cast<To>();
  out.V = in.V.template cast<To>();
  for (const auto& w : in.head_weights) out.head_weights.push_back(w.template cast<To>());
  for (const auto& o : in.head_outputs) out.head_outputs.push_back(o.template cast<To>());
  out.concat = in.concat.template cast<To>();
  out.output = in.output.template cast<To>();
  out.mean_weights = in.mean_weights.template cast<To>();
  return out;
}


namespace detail {

// The checks every multi-head entry point shares: heads divide E, PyTorch's weight shapes, finite.
template <typename Scalar>
void check_multi_head_weights(long E, int num_heads, const Mat<Scalar>& in_proj_weight,
                              const Mat<Scalar>& out_proj_weight) {
  if (num_heads < 1 || E % num_heads != 0) {
    throw InputError(std::to_string(num_heads) + " heads do not divide d_model = " +
                     std::to_string(E) + ": the head count must be a divisor of d_model");
  }
  if (in_proj_weight.rows() != 3 * E || in_proj_weight.cols() != E ||
      out_proj_weight.rows() != E || out_proj_weight.cols() != E) {
    throw InputError("multi-head weights must be (3E, E) and (E, E) for E = " + std::to_string(E));
  }
  if (!in_proj_weight.allFinite() || !out_proj_weight.allFinite()) {
    throw InputError("multi-head weights contain NaN or infinity");
  }
}

// Given r.Q (L, E), r.K and r.V (S, E): per head A_h = softmax((Q_h / √head_dim) K_hᵀ) (causal:
// key j > query i masked), O_h = A_h V_h; fills the heads, their concatenation, the mean weights
// and output = concat W_outᵀ. Self- and cross-attention differ only in how Q, K, V were projected.
template <typename Scalar>
void attend_per_head(MultiHeadResult<Scalar>& r, const Mat<Scalar>& out_proj_weight, int num_heads,
                     bool causal) {
  const long E = r.Q.cols();
  const long head_dim = E / num_heads;
  const Scalar divisor = std::sqrt(static_cast<Scalar>(head_dim));
  r.concat.resize(r.Q.rows(), E);
  r.mean_weights = Mat<Scalar>::Zero(r.Q.rows(), r.K.rows());
  for (int h = 0; h < num_heads; ++h) {
    const Mat<Scalar> q = r.Q.middleCols(h * head_dim, head_dim) / divisor;  // q scaled first
    const Mat<Scalar> k = r.K.middleCols(h * head_dim, head_dim);
    const Mat<Scalar> v = r.V.middleCols(h * head_dim, head_dim);
    Mat<Scalar> scores = q * k.transpose();
    if (causal) apply_causal_mask(scores);
    r.head_weights.push_back(row_softmax(scores));
    r.head_outputs.push_back(r.head_weights.back() * v);
    r.concat.middleCols(h * head_dim, head_dim) = r.head_outputs.back();
    r.mean_weights += r.head_weights.back();
  }
  r.mean_weights /= static_cast<Scalar>(num_heads);
  require_finite_result(r.concat, "the concatenated head outputs");
  r.output = r.concat * out_proj_weight.transpose();
  require_finite_result(r.output, "the multi-head output");
}

}  // namespace detail

// in_proj_weight: (3E, E) as PyTorch stores it; out_proj_weight: (E, E).
// Self-attention projects with one product, [Q | K | V] = X W_inᵀ, as PyTorch does when
// query, key and value are the same tensor.
template <typename Scalar>
MultiHeadResult<Scalar> multi_head_attention(const Mat<Scalar>& X, const Mat<Scalar>& in_proj_weight,
                                             const Mat<Scalar>& out_proj_weight, int num_heads,
                                             bool causal = false) {
  require_tokens(X);
  const long E = X.cols();
  detail::check_multi_head_weights(E, num_heads, in_proj_weight, out_proj_weight);
  MultiHeadResult<Scalar> r;
  const Mat<Scalar> qkv = X * in_proj_weight.transpose();
  require_finite_result(qkv, "[Q | K | V] = X W_inᵀ");
  r.Q = qkv.leftCols(E);
  r.K = qkv.middleCols(E, E);
  r.V = qkv.rightCols(E);
  detail::attend_per_head(r, out_proj_weight, num_heads, causal);
  return r;
}

}  // namespace aw
