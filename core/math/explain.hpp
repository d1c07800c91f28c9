// How one attention weight was made, step by step, for the page's inspector:
// the query row, the key row, their elementwise products, the dot product, the scale,
// and the softmax of that row.
#pragma once
#include <cmath>
#include <limits>

#include "core/math/attention.hpp"

namespace aw {

struct WeightExplanation {
  RowVec<double> query;     // q_i
  RowVec<double> key;       // k_j
  RowVec<double> products;  // q_i[f] * k_j[f], the terms of the dot product
  double dot = 0;           // q_i · k_j
  double divisor = 1;       // √d_k, or 1 when scaling is off
  double scaled = 0;        // dot / divisor
  double score = 0;         // what softmax sees: scaled, or -inf when masked
  bool masked = false;      // hidden by the causal mask (j > i) or the local window
  double row_max = 0;       // max_j' score(i, j'), subtracted for stability
  double exp_term = 0;      // exp(score - row_max)
  double exp_row_sum = 0;   // Σ_j' exp(score(i, j') - row_max)
  double weight = 0;        // exp_term / exp_row_sum
};

// Built from the same row of the same products and the same softmax as projected_attention,
// so the weight it explains is the matrix's weight to the last bit.
inline WeightExplanation explain_weight(const MatD& Q, const MatD& K, long i, long j,
                                        const AttentionOptions& options) {
  if (Q.cols() != K.cols()) throw InputError("explain: Q and K have different widths");
  // Self-attention has one query and one key per token. With more queries than keys, a mask
  // (which compares positions i and j) could hide every key of another row: the matrix this
  // would explain cannot be formed, so there is nothing to explain.
  if (Q.rows() != K.rows()) {
    throw InputError("explain: Q has " + std::to_string(Q.rows()) + " rows and K " + std::to_string(K.rows()) +
                     ": both need one row per token");
  }
  if (Q.cols() == 0) throw InputError("explain: Q and K need at least one feature");
  if (!Q.allFinite() || !K.allFinite()) throw InputError("explain: Q or K contains NaN or infinity");
  if (i < 0 || i >= Q.rows() || j < 0 || j >= K.rows()) {
    throw InputError("explain: cell (" + std::to_string(i) + ", " + std::to_string(j) +
                     ") is outside the " + shape_str(Q.rows(), K.rows()) + " weights");
  }
  WeightExplanation e;
  e.query = Q.row(i);
  e.key = K.row(j);
  e.products = e.query.cwiseProduct(e.key);
  const MatD raw_scores = Q * K.transpose();  // the whole product, as projected_attention forms it
  require_finite_result(raw_scores, "Q Kᵀ");
  e.divisor = options.scale ? std::sqrt(static_cast<double>(Q.cols())) : 1.0;
  MatD row_scores = raw_scores.row(i) / e.divisor;  // x / 1 is x: no scaling is exact
  for (long c = 0; c < row_scores.cols(); ++c) {
    const bool hidden = (options.causal && c > i) || (options.window >= 0 && std::abs(c - i) > options.window);
    if (hidden) row_scores(0, c) = -std::numeric_limits<double>::infinity();
  }
  e.dot = raw_scores(i, j);
  e.masked = std::isinf(row_scores(0, j)) && row_scores(0, j) < 0;
  e.scaled = e.dot / e.divisor;
  e.score = row_scores(0, j);
  e.row_max = row_scores.maxCoeff();
  for (long c = 0; c < row_scores.cols(); ++c) e.exp_row_sum += std::exp(row_scores(0, c) - e.row_max);
  e.exp_term = std::exp(e.score - e.row_max);
  e.weight = row_softmax(row_scores)(0, j);
  return e;
}

}  // namespace aw
