// Single-head self-attention in the two forms the classes teach.
//   Class 04, parameter-free:  S = X Xᵀ,  A = softmax_rows(S),  Y = A X
//   Class 05, projected:       Q = X W_q, K = X W_k, V = X W_v,
//                              scores = Q Kᵀ / √d_k,  A = softmax_rows(scores),  Y = A V
// Templated on the scalar: double for the NumPy-style path, float for the PyTorch-style path.
#pragma once
#include <cmath>
#include <limits>
#include <type_traits>

#include "core/math/matrix.hpp"
#include "core/math/softmax.hpp"

namespace aw {

struct AttentionOptions {
  bool scale = true;    // divide scores by √d_k (projected form only)
  bool causal = false;  // token i may only look at tokens j <= i
  int window = -1;      // local window radius r: token i may only look at |i - j| <= r; < 0 is off
};

// Sets every score above the diagonal (a key later than its query) to -infinity, so that
// softmax gives it weight exactly 0.
template <typename Scalar>
void apply_causal_mask(Mat<Scalar>& scores) {
  const Scalar minus_inf = -std::numeric_limits<Scalar>::infinity();
  for (Eigen::Index i = 0; i < scores.rows(); ++i) {
    for (Eigen::Index j = i + 1; j < scores.cols(); ++j) scores(i, j) = minus_inf;
  }
}

// Sets every score outside the local window (|i - j| > radius) to -infinity. A negative radius
// means no window. The diagonal is always inside, so no row is ever fully masked by it.
template <typename Scalar>
void apply_window_mask(Mat<Scalar>& scores, int radius) {
  if (radius < 0) return;
  const Scalar minus_inf = -std::numeric_limits<Scalar>::infinity();
  for (Eigen::Index i = 0; i < scores.rows(); ++i) {
    for (Eigen::Index j = 0; j < scores.cols(); ++j) {
      if (j - i > radius || i - j > radius) scores(i, j) = minus_inf;
    }
  }
}

template <typename Scalar>
struct ParamFreeResult {
  Mat<Scalar> scores;        // S = X Xᵀ (before any scaling or mask)
  Mat<Scalar> attn_weights;  // A = softmax(S ÷ divisor, masked): each row sums to 1
  Mat<Scalar> Y;             // A X
  Scalar divisor = 1;        // 1 (Class 04 as taught) or √d_model when the learner scales it
};

template <typename Scalar>
void require_tokens(const Mat<Scalar>& X) {
  if (X.rows() == 0) throw InputError("attention needs at least one token (X has no rows)");
  if (X.cols() == 0) throw InputError("attention needs at least one feature (X has no columns)");
  if (!X.allFinite()) throw InputError("X contains NaN or infinity");
}

template <typename Scalar>
ParamFreeResult<Scalar> parameter_free_attention(const Mat<Scalar>& X, bool causal = false,
                                                 int window = -1, bool scale = false) {
  require_tokens(X);
  ParamFreeResult<Scalar> out;
  out.scores = X * X.transpose();
  require_finite_result(out.scores, "S = X Xᵀ");
  // Optional ÷√d_model: the parameter-free form has no d_k, so the width of X stands in for it.
  out.divisor = scale ? std::sqrt(static_cast<Scalar>(X.cols())) : Scalar(1);
  Mat<Scalar> masked = scale ? Mat<Scalar>(out.scores / out.divisor) : out.scores;
  if (causal) apply_causal_mask(masked);
  apply_window_mask(masked, window);
  out.attn_weights = row_softmax(masked);
  out.Y = out.attn_weights * X;
  require_finite_result(out.Y, "Y = A X");
  return out;
}

template <typename Scalar>
struct ProjectedResult {
  Mat<Scalar> Q, K, V;       // (tokens, d_k), (tokens, d_k), (tokens, d_v)
  Mat<Scalar> raw_scores;    // Q Kᵀ, before scaling and masking
  Mat<Scalar> scores;        // what softmax sees: scaled, masked entries are -inf
  Mat<Scalar> attn_weights;  // (tokens, tokens), rows sum to 1
  Mat<Scalar> Y;             // A V: (tokens, d_v)
  Mat<Scalar> Y_literal;     // A X: the Class 04 mixture of raw vectors, (tokens, d_model)
  Scalar scale_divisor = 1;  // √d_k when scaling is on, else 1
};

// Whether an attention result also carries Y_literal (ProjectedResult does, CrossResult does not).
template <typename Result, typename = void>
struct HasYLiteral : std::false_type {};
template <typename Result>
struct HasYLiteral<Result, std::void_t<decltype(std::declval<Result>().Y_literal)>> : std::true_type {};

// An attention result (ProjectedResult, CrossResult) in another scalar type: PyTorch mode
// computes in float, and the reports hold double.
template <typename To, template <typename> class Result, typename From>
Result<To> cast_attention(const Result<From>& in) {
  Result<To> out;
  out.Q = in.Q.template cast<To>();
  out.K = in.K.template cast<To>();
  out.V = in.V.template cast<To>();
  out.raw_scores = in.raw_scores.template cast<To>();
  out.scores = in.scores.template cast<To>();
  out.attn_weights = in.attn_weights.template cast<To>();
  out.Y = in.Y.template cast<To>();
  if constexpr (HasYLiteral<Result<From>>::value) out.Y_literal = in.Y_literal.template cast<To>();
  out.scale_divisor = static_cast<To>(in.scale_divisor);
  return out;
}

template <typename Scalar>
void require_projection(const Mat<Scalar>& X, const Mat<Scalar>& W, const char* name) {
  if (W.rows() != X.cols()) {
    throw InputError(std::string(name) + " has " + std::to_string(W.rows()) +
                     " rows but X has " + std::to_string(X.cols()) +
                     " features: a projection's rows must equal d_model");
  }
  if (W.cols() == 0) throw InputError(std::string(name) + " has no columns");
  if (!W.allFinite()) throw InputError(std::string(name) + " contains NaN or infinity");
}

// What the projections' error messages call their products (self- and cross-attention differ).
struct ProjectionNames {
  const char* Q;
  const char* K;
  const char* V;
};

// The part self- and cross-attention share: queries from X_query, keys and values from
// X_context (the same rows for self-attention), their scores, scaled when asked. Fills Q, K, V,
// raw_scores, scale_divisor and the unmasked scores of `out`.
template <typename Scalar, typename Result>
void project_and_score(const Mat<Scalar>& X_query, const Mat<Scalar>& X_context, const Mat<Scalar>& W_q,
                       const Mat<Scalar>& W_k, const Mat<Scalar>& W_v, bool scale,
                       const ProjectionNames& names, Result& out) {
  require_projection(X_query, W_q, "W_q");
  require_projection(X_context, W_k, "W_k");
  require_projection(X_context, W_v, "W_v");
  if (W_q.cols() != W_k.cols()) {
    throw InputError("W_q gives d_k = " + std::to_string(W_q.cols()) + " but W_k gives " +
                     std::to_string(W_k.cols()) + ": queries and keys must have the same width");
  }
  out.Q = X_query * W_q;
  out.K = X_context * W_k;
  out.V = X_context * W_v;
  require_finite_result(out.Q, names.Q);
  require_finite_result(out.K, names.K);
  require_finite_result(out.V, names.V);
  out.raw_scores = out.Q * out.K.transpose();
  require_finite_result(out.raw_scores, "Q Kᵀ");
  out.scale_divisor = scale ? std::sqrt(static_cast<Scalar>(W_q.cols())) : Scalar(1);
  // Divide (as the notebook does), rather than multiply by the reciprocal, to round alike.
  out.scores = scale ? Mat<Scalar>(out.raw_scores / out.scale_divisor) : out.raw_scores;
}

// Q/K/V projections take row vectors: Q = X W_q with W_q of shape (d_model, d_k).
template <typename Scalar>
ProjectedResult<Scalar> projected_attention(const Mat<Scalar>& X, const Mat<Scalar>& W_q,
                                            const Mat<Scalar>& W_k, const Mat<Scalar>& W_v,
                                            const AttentionOptions& options = {}) {
  require_tokens(X);
  ProjectedResult<Scalar> out;
  project_and_score(X, X, W_q, W_k, W_v, options.scale, {"Q = X W_q", "K = X W_k", "V = X W_v"}, out);
  if (options.causal) apply_causal_mask(out.scores);
  apply_window_mask(out.scores, options.window);
  out.attn_weights = row_softmax(out.scores);
  out.Y = out.attn_weights * out.V;
  out.Y_literal = out.attn_weights * X;
  require_finite_result(out.Y, "Y = A V");
  require_finite_result(out.Y_literal, "Y_literal = A X");
  return out;
}

// y_i = Σ_j A_ij v_j written out as the notes do (y1_manual), one term at a time.
template <typename Scalar>
RowVec<Scalar> weighted_sum_row(const Mat<Scalar>& attn_weights, const Mat<Scalar>& values,
                                Eigen::Index i) {
  RowVec<Scalar> y = RowVec<Scalar>::Zero(values.cols());
  for (Eigen::Index j = 0; j < values.rows(); ++j) y += attn_weights(i, j) * values.row(j);
  return y;
}

}  // namespace aw
