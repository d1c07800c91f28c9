// The database analogy of queries, keys and values, computed (Class 05): an exact lookup returns
// the one value whose key matches the query; attention returns every value, mixed by the softmax
// weights of the query's scores. For each query row: the key an exact lookup would pick (the
// largest weight), its value row, the attention output beside it, how far apart the two are,
// and the same after sharpening the scores (multiplying them by a factor before the softmax, as
// dropping the ÷√d_k does), which moves the soft answer towards the hard one.
#pragma once
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <vector>

#include "core/math/matrix.hpp"
#include "core/math/softmax.hpp"

namespace aw {

struct SoftLookupRow {
  long query = 0;
  long hard_key = 0;       // the key with the largest weight (the first of tied ones)
  long tied_keys = 1;      // keys whose weight ties with it (within 1e-9 relative): > 1, no exact match
  double top_share = 0;    // attn_weights[query, hard_key]
  RowVec<double> hard;     // values.row(hard_key): what an exact lookup returns
  RowVec<double> soft;     // Y.row(query): what attention returns
  double distance = 0;     // |soft − hard|
  double relative_distance = 0;  // distance / |hard| (distance itself when |hard| = 0)
  std::optional<double> cosine;  // cos(soft, hard); none when either has length 0
  // The scores multiplied by each factor before the softmax (factor 1: the row as it is).
  std::vector<double> factors;
  std::vector<double> sharp_top_share;          // the hard key's weight after sharpening
  std::vector<double> sharp_relative_distance;  // |y_sharp − hard| / |hard|
};

inline constexpr double kSoftLookupTie = 1e-9;

// `scores` are what the softmax saw (masked entries −∞), `weights` = row_softmax(scores),
// `values` the value rows and `Y` = weights · values. `factors` must be positive.
inline std::vector<SoftLookupRow> soft_lookup(const MatD& scores, const MatD& weights, const MatD& values, const MatD& Y,
                                              const std::vector<double>& factors = {1, 2, 4, 8, 16}) {
  if (scores.rows() != weights.rows() || scores.cols() != weights.cols() || weights.cols() != values.rows() ||
      Y.rows() != weights.rows() || Y.cols() != values.cols()) {
    throw InputError("soft lookup: scores, weights, values and Y do not fit together");
  }
  for (double f : factors) {
    if (!(f > 0) || !std::isfinite(f)) throw InputError("soft lookup: a sharpening factor must be a positive number");
  }
  const auto length = [](const RowVec<double>& v) { return std::sqrt(v.squaredNorm()); };
  std::vector<SoftLookupRow> rows;
  for (Eigen::Index i = 0; i < weights.rows(); ++i) {
    SoftLookupRow r;
    r.query = i;
    Eigen::Index top = 0;
    weights.row(i).maxCoeff(&top);
    r.hard_key = top;
    r.top_share = weights(i, top);
    r.tied_keys = 0;
    for (Eigen::Index j = 0; j < weights.cols(); ++j) {
      if (std::abs(weights(i, j) - r.top_share) <= kSoftLookupTie * r.top_share) ++r.tied_keys;
    }
    r.hard = values.row(top);
    r.soft = Y.row(i);
    const double hard_length = length(r.hard);
    r.distance = length(r.soft - r.hard);
    r.relative_distance = hard_length > 0 ? r.distance / hard_length : r.distance;
    const double soft_length = length(r.soft);
    if (hard_length > 0 && soft_length > 0) {
      r.cosine = std::clamp(r.soft.dot(r.hard) / (soft_length * hard_length), -1.0, 1.0);
    }
    for (double f : factors) {
      // −∞ (a masked key) times a positive factor stays −∞: the mask survives the sharpening
      const MatD sharpened = row_softmax(MatD(scores.row(i) * f));
      const RowVec<double> y = sharpened * values;
      r.factors.push_back(f);
      r.sharp_top_share.push_back(sharpened(0, top));
      const double d = length(y - r.hard);
      r.sharp_relative_distance.push_back(hard_length > 0 ? d / hard_length : d);
    }
    rows.push_back(std::move(r));
  }
  return rows;
}

}  // namespace aw
