// How much each output row actually mixes: read from one attention matrix and the scores that
// softmax saw. Softmax turns a score gap into a weight ratio,
//   a_ii / a_ij = exp(score_ii - score_ij),
// so when a token's self-score is far above its scores with the other tokens (the
// parameter-free form on wide random vectors: |x_i|² ≈ d against x_i·x_j ≈ ±√d), the row is
// almost one-hot on the diagonal and y_i is almost x_i. This report says, per row, by how much.
#pragma once
#include <cmath>
#include <limits>
#include <vector>

#include "core/math/matrix.hpp"

namespace aw {

struct RowMixing {
  long row = 0;
  double self_weight = 0;      // a_ii
  double self_raw_score = 0;   // the raw score of (i, i): |x_i|² in the parameter-free form
  double self_score = 0;       // what softmax saw for (i, i): raw ÷ divisor
  // The strongest other key: the visible j != i with the largest weight (first on a tie);
  // -1 when the row sees no other key (one token, or a mask hides the rest).
  long other = -1;
  double other_raw_score = 0;  // raw score of (i, other)
  double other_score = 0;      // what softmax saw for (i, other)
  double other_weight = 0;     // a_i,other
  // ln(a_ii / a_i,other) = self_score - other_score: the gap softmax exponentiates.
  // +infinity when the row sees no other key.
  double log_odds = std::numeric_limits<double>::infinity();
  double weight_elsewhere = 0;  // Σ_{j≠i} a_ij: the share of y_i that does not come from token i
  // Of weight_elsewhere, the part on other tokens whose input row is the same as token i's (a
  // repeated word without positional encoding): their values are token i's own, so weight there
  // changes nothing in y_i. The rest, on tokens whose rows differ, is what can move y_i.
  double weight_on_copies = 0;
  std::vector<long> copies;  // the tokens j != i whose input row is the same as token i's
  double weight_from_different = 0;
  // |y_i − v_i| divided by the longest value row: how far the output moved from the token's own
  // value (0 when every other weight goes to copies), on the values' own scale.
  double output_shift = 0;
  double effective_tokens = 1;  // exp(entropy of the row): 1 = one token, n = uniform over n
  long top_key = 0;             // the key with the largest weight in the row (first on a tie)
  double top_weight = 0;
};

// Two input rows count as the same when they differ by at most this much relative to the longest
// input row. A repeated word's rows are copies of one table row, equal to the bit; the margin
// only keeps the test from hanging on the last bit.
constexpr double kSameInputRow = 1e-9;

// raw_scores: the scores before scaling and masking; scores: what softmax saw (scaled, masked
// entries -inf); weights: the softmax of scores. All (n, n). inputs: the tokens' rows (n, d_model),
// X, which decide which tokens are copies of each other; values: the rows the weights mix,
// (n, d): X in the parameter-free form, V = X W_v in the projected one (equal rows of X give equal
// rows of V).
inline std::vector<RowMixing> mixing_report(const MatD& raw_scores, const MatD& scores,
                                            const MatD& weights, const MatD& inputs,
                                            const MatD& values) {
  if (raw_scores.rows() != weights.rows() || scores.rows() != weights.rows() ||
      raw_scores.cols() != weights.cols() || scores.cols() != weights.cols() ||
      weights.rows() != weights.cols()) {
    throw InputError("mixing_report: scores and weights must be square and of the same shape");
  }
  if (inputs.rows() != weights.rows() || values.rows() != weights.rows()) {
    throw InputError("mixing_report: the inputs and values need one row per token");
  }
  const long n = weights.rows();
  const double input_scale = inputs.size() ? inputs.rowwise().norm().maxCoeff() : 0.0;
  const double scale = values.size() ? values.rowwise().norm().maxCoeff() : 0.0;
  std::vector<RowMixing> out;
  out.reserve(static_cast<std::size_t>(n));
  for (long i = 0; i < n; ++i) {
    RowMixing m;
    m.row = i;
    m.self_weight = weights(i, i);
    m.self_raw_score = raw_scores(i, i);
    m.self_score = scores(i, i);
    double entropy = 0;
    for (long j = 0; j < n; ++j) {
      const double a = weights(i, j);
      if (a > 0) entropy -= a * std::log(a);
      if (a > m.top_weight) {
        m.top_weight = a;
        m.top_key = j;
      }
      if (j == i) continue;
      m.weight_elsewhere += a;
      const bool copy = (inputs.row(j) - inputs.row(i)).norm() <= kSameInputRow * input_scale;
      (copy ? m.weight_on_copies : m.weight_from_different) += a;
      if (copy) m.copies.push_back(j);
      const bool visible = scores(i, j) != -std::numeric_limits<double>::infinity();
      if (visible && (m.other < 0 || a > m.other_weight)) {
        m.other = j;
        m.other_weight = a;
      }
    }
    m.effective_tokens = std::exp(entropy);
    // y_i − v_i = Σ_j a_ij (v_j − v_i), where a copy's term is 0: exactly 0 when the other
    // weight all goes to copies.
    RowVec<double> shift = RowVec<double>::Zero(values.cols());
    std::size_t c = 0;  // m.copies is in increasing order
    for (long j = 0; j < n; ++j) {
      if (c < m.copies.size() && m.copies[c] == j) {
        ++c;
        continue;
      }
      if (j != i && weights(i, j) > 0) shift += weights(i, j) * (values.row(j) - values.row(i));
    }
    m.output_shift = scale > 0 ? shift.norm() / scale : 0.0;
    if (m.other >= 0) {
      m.other_raw_score = raw_scores(i, m.other);
      m.other_score = scores(i, m.other);
      m.log_odds = m.self_score - m.other_score;
    }
    out.push_back(m);
  }
  return out;
}

}  // namespace aw
