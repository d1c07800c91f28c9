// Kinds of attention the classes name beside the single-sentence self-attention they build
// (issue 16, item 5), and the alternatives the learners asked about:
//   cross-attention     queries from one sequence, keys and values from another: scores (n_A, n_B)
//   multi-head cross    nn.MultiheadAttention(query, key, value) with three different inputs
//   block mask          two sequences concatenated, each token allowed only its own sequence
//   padded batch        two sequences as one (2, n_max, n_max) batch, padding keys hidden
//   uniform average     every weight 1/n: "why not just add the vectors"
//   row min–max         (s - min) / (max - min) per row instead of softmax
//   named product       A·B that names both operands and their shapes when it cannot be done
#pragma once
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "core/math/attention.hpp"
#include "core/math/multihead.hpp"

namespace aw {

// a · b, or an InputError that names both operands with their shapes, e.g. for Q·K without
// the transpose: "Q·K cannot be computed: Q is (4, 8) and K is (4, 8); a matrix product needs
// the columns of Q (8) to equal the rows of K (4)."
template <typename Scalar>
Mat<Scalar> named_product(const Mat<Scalar>& a, const std::string& a_name, const Mat<Scalar>& b,
                          const std::string& b_name) {
  if (a.cols() != b.rows()) {
    throw InputError(a_name + "·" + b_name + " cannot be computed: " + a_name + " is " +
                     shape_str(a.rows(), a.cols()) + " and " + b_name + " is " +
                     shape_str(b.rows(), b.cols()) + "; a matrix product needs the columns of " +
                     a_name + " (" + std::to_string(a.cols()) + ") to equal the rows of " + b_name +
                     " (" + std::to_string(b.rows()) + ").");
  }
  Mat<Scalar> out = a * b;
  require_finite_result(out, a_name + "·" + b_name);
  return out;
}

template <typename Scalar>
struct CrossResult {
  Mat<Scalar> Q;             // X_query W_q: (n_query, d_k)
  Mat<Scalar> K, V;          // X_context W_k, X_context W_v: (n_context, d_k), (n_context, d_v)
  Mat<Scalar> raw_scores;    // Q Kᵀ: (n_query, n_context)
  Mat<Scalar> scores;        // what softmax sees (÷ √d_k when scaling is on)
  Mat<Scalar> attn_weights;  // (n_query, n_context), rows sum to 1
  Mat<Scalar> Y;             // A V: (n_query, d_v), one output per query token
  Scalar scale_divisor = 1;
};

// Cross-attention with the projections of the self-attention block: the same W_q, W_k, W_v,
// but queries come from X_query and keys and values from X_context. With X_query = X_context
// it is projected_attention without a mask.
template <typename Scalar>
CrossResult<Scalar> cross_attention(const Mat<Scalar>& X_query, const Mat<Scalar>& X_context,
                                    const Mat<Scalar>& W_q, const Mat<Scalar>& W_k,
                                    const Mat<Scalar>& W_v, bool scale) {
  require_tokens(X_query);
  require_tokens(X_context);
  if (X_query.cols() != X_context.cols()) {
    throw InputError("the query sequence has " + std::to_string(X_query.cols()) +
                     " features but the key/value sequence has " + std::to_string(X_context.cols()) +
                     ": both must have the same d_model");
  }
  CrossResult<Scalar> out;
  project_and_score(X_query, X_context, W_q, W_k, W_v, scale, {"Q = X_A W_q", "K = X_B W_k", "V = X_B W_v"}, out);
  out.attn_weights = row_softmax(out.scores);
  out.Y = out.attn_weights * out.V;
  require_finite_result(out.Y, "Y = A V");
  return out;
}

// nn.MultiheadAttention(query, key, value) for unbatched inputs, bias=False, as torch 1.13
// computes it: Q = query W_qᵀ, K = key W_kᵀ, V = value W_vᵀ with [W_q; W_k; W_v] = in_proj_weight,
// per head A_h = softmax((Q_h / √head_dim) K_hᵀ), O_h = A_h V_h, output = concat(O_h) W_outᵀ,
// weights = mean_h A_h. Shapes: query (L, E), key and value (S, E); output (L, E), weights (L, S).
template <typename Scalar>
MultiHeadResult<Scalar> multi_head_cross_attention(const Mat<Scalar>& query, const Mat<Scalar>& key,
                                                   const Mat<Scalar>& value,
                                                   const Mat<Scalar>& in_proj_weight,
                                                   const Mat<Scalar>& out_proj_weight, int num_heads) {
  require_tokens(query);
  require_tokens(key);
  require_tokens(value);
  const long E = query.cols();
  if (key.cols() != E || value.cols() != E) {
    throw InputError("query, key and value must all have embed_dim = " + std::to_string(E) +
                     " features (key has " + std::to_string(key.cols()) + ", value has " +
                     std::to_string(value.cols()) + ")");
  }
  if (key.rows() != value.rows()) {
    throw InputError("key has " + std::to_string(key.rows()) + " tokens but value has " +
                     std::to_string(value.rows()) +
                     ": each key needs its value, so key and value must have the same length");
  }
  detail::check_multi_head_weights(E, num_heads, in_proj_weight, out_proj_weight);
  MultiHeadResult<Scalar> r;
  r.Q = query * in_proj_weight.topRows(E).transpose();
  r.K = key * in_proj_weight.middleRows(E, E).transpose();
  r.V = value * in_proj_weight.bottomRows(E).transpose();
  require_finite_result(r.Q, "Q = query W_qᵀ");
  require_finite_result(r.K, "K = key W_kᵀ");
  require_finite_result(r.V, "V = value W_vᵀ");
  detail::attend_per_head(r, out_proj_weight, num_heads, /*causal=*/false);
  return r;
}

// Sets to -infinity every score between two different blocks of a concatenation: with blocks
// of lengths {4, 5}, rows 0-3 may only see keys 0-3 and rows 4-8 only keys 4-8.
template <typename Scalar>
void apply_block_mask(Mat<Scalar>& scores, const std::vector<long>& lengths) {
  long total = 0;
  for (long n : lengths) {
    if (n < 1) throw InputError("a block of the block mask must have at least one token");
    total += n;
  }
  if (scores.rows() != total || scores.cols() != total) {
    throw InputError("the block mask covers " + std::to_string(total) + " tokens but the scores are " +
                     shape_str(scores.rows(), scores.cols()));
  }
  std::vector<long> block_of(static_cast<std::size_t>(total));
  long at = 0;
  for (std::size_t b = 0; b < lengths.size(); ++b) {
    for (long k = 0; k < lengths[b]; ++k) block_of[static_cast<std::size_t>(at++)] = static_cast<long>(b);
  }
  const Scalar minus_inf = -std::numeric_limits<Scalar>::infinity();
  for (long i = 0; i < total; ++i) {
    for (long j = 0; j < total; ++j) {
      if (block_of[static_cast<std::size_t>(i)] != block_of[static_cast<std::size_t>(j)]) scores(i, j) = minus_inf;
    }
  }
}

template <typename Scalar>
struct BatchedResult {
  long n_max = 0;                          // the padded length
  std::vector<long> lengths;               // the real length of each sequence
  std::vector<Mat<Scalar>> scores;         // per sequence (n_max, n_max): padding keys -inf
  std::vector<Mat<Scalar>> attn_weights;   // per sequence (n_max, n_max)
  std::vector<Mat<Scalar>> Y;              // per sequence (n_max, d_v)
};

// Several sequences as one padded batch (B, n_max, d_model), the way a framework runs them:
// shorter sequences get zero rows at the end, and a key padding mask hides those rows as keys
// (their own query rows are computed but belong to no token). Scores per sequence are
// Q_b K_bᵀ, the batched transpose of the last two axes: no score ever joins two sequences.
template <typename Scalar>
BatchedResult<Scalar> padded_batch_attention(const std::vector<Mat<Scalar>>& sequences,
                                             const Mat<Scalar>& W_q, const Mat<Scalar>& W_k,
                                             const Mat<Scalar>& W_v, bool scale) {
  if (sequences.empty()) throw InputError("a batch needs at least one sequence");
  BatchedResult<Scalar> out;
  for (const auto& X : sequences) {
    require_tokens(X);
    if (X.cols() != sequences.front().cols()) {
      throw InputError("every sequence of a batch must have the same d_model");
    }
    out.lengths.push_back(X.rows());
    out.n_max = std::max(out.n_max, static_cast<long>(X.rows()));
  }
  const Scalar minus_inf = -std::numeric_limits<Scalar>::infinity();
  for (const auto& X : sequences) {
    Mat<Scalar> padded = Mat<Scalar>::Zero(out.n_max, X.cols());
    padded.topRows(X.rows()) = X;
    require_projection(padded, W_q, "W_q");
    require_projection(padded, W_k, "W_k");
    require_projection(padded, W_v, "W_v");
    const Mat<Scalar> Q = padded * W_q, K = padded * W_k, V = padded * W_v;
    const Scalar divisor = scale ? std::sqrt(static_cast<Scalar>(W_q.cols())) : Scalar(1);
    Mat<Scalar> scores = Q * K.transpose();
    if (scale) scores /= divisor;
    for (long j = X.rows(); j < out.n_max; ++j) scores.col(j).setConstant(minus_inf);
    out.scores.push_back(scores);
    out.attn_weights.push_back(row_softmax(scores));
    out.Y.push_back(out.attn_weights.back() * V);
    require_finite_result(out.Y.back(), "Y = A V");
  }
  return out;
}

template <typename Scalar>
struct UniformResult {
  Mat<Scalar> attn_weights;  // every entry 1/n
  Mat<Scalar> Y;             // attn_weights X: every row the mean of the rows of X
  RowVec<Scalar> sum;        // Σ_j x_j, "just add the vectors": n times each row of Y
};

// The mixing with no scores at all: every token gives every token the weight 1/n.
template <typename Scalar>
UniformResult<Scalar> uniform_mixing(const Mat<Scalar>& X) {
  require_tokens(X);
  UniformResult<Scalar> out;
  const long n = X.rows();
  out.attn_weights = Mat<Scalar>::Constant(n, n, Scalar(1) / static_cast<Scalar>(n));
  out.Y = out.attn_weights * X;
  out.sum = X.colwise().sum();
  require_finite_result(out.Y, "the average of the rows");
  return out;
}

// The largest |row_i - row_0| over all rows and features: 0 when every row is the same.
template <typename Scalar>
Scalar max_row_spread(const Mat<Scalar>& M) {
  Scalar worst = 0;
  for (Eigen::Index i = 1; i < M.rows(); ++i) {
    worst = std::max(worst, (M.row(i) - M.row(0)).cwiseAbs().maxCoeff());
  }
  return worst;
}

template <typename Scalar>
struct MinMaxResult {
  Mat<Scalar> weights;              // (s - row min) / (row max - row min); hidden keys 0
  Eigen::Matrix<Scalar, Eigen::Dynamic, 1> row_sums;
  std::vector<long> min_key;        // the key that gets 0 in each row (first on a tie)
  std::vector<long> max_key;        // the key that gets 1 (first on a tie)
  std::vector<bool> constant_row;   // max == min: no range, every visible weight 0
};

// Min–max scaling of each score row, the "normalisation" a learner proposed instead of softmax.
// Only visible keys count (a -infinity score stays weight 0). A row with no range (one key, or
// equal scores) has nothing to scale: like scikit-learn's minmax_scale, it becomes all 0.
template <typename Scalar>
MinMaxResult<Scalar> row_min_max(const Mat<Scalar>& scores) {
  if (scores.rows() == 0 || scores.cols() == 0) throw InputError("min-max scaling needs a non-empty score matrix");
  const Scalar minus_inf = -std::numeric_limits<Scalar>::infinity();
  MinMaxResult<Scalar> out;
  out.weights = Mat<Scalar>::Zero(scores.rows(), scores.cols());
  out.row_sums.resize(scores.rows());
  for (Eigen::Index i = 0; i < scores.rows(); ++i) {
    long lo = -1, hi = -1;
    for (Eigen::Index j = 0; j < scores.cols(); ++j) {
      const Scalar s = scores(i, j);
      if (std::isnan(s) || s == std::numeric_limits<Scalar>::infinity()) {
        throw InputError("min-max scaling: score row " + std::to_string(i) + " contains NaN or +infinity");
      }
      if (s == minus_inf) continue;
      if (lo < 0 || s < scores(i, lo)) lo = static_cast<long>(j);
      if (hi < 0 || s > scores(i, hi)) hi = static_cast<long>(j);
    }
    if (lo < 0) throw InputError("min-max scaling: score row " + std::to_string(i) + " is fully masked");
    const Scalar range = scores(i, hi) - scores(i, lo);
    out.constant_row.push_back(!(range > 0));
    out.min_key.push_back(lo);
    out.max_key.push_back(hi);
    for (Eigen::Index j = 0; j < scores.cols(); ++j) {
      if (scores(i, j) == minus_inf || !(range > 0)) continue;
      out.weights(i, j) = (scores(i, j) - scores(i, lo)) / range;
    }
    out.row_sums(i) = out.weights.row(i).sum();
  }
  return out;
}

}  // namespace aw
