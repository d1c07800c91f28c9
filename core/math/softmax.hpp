// Numerically stable softmax over each row, as in the notebook's softmax(x, axis=-1):
// subtract the row maximum, exponentiate, divide by the row sum.
#pragma once
#include <cmath>
#include <limits>

#include "core/math/matrix.hpp"

namespace aw {

// Softmax of every row of `scores`. Entries equal to -infinity (masked) get weight exactly 0.
// Subtracting the row max keeps exp() in range: scores of +-1e30 give 1 and 0, never inf/inf.
// A row that is entirely -infinity has no admissible key and is refused.
template <typename Scalar>
Mat<Scalar> row_softmax(const Mat<Scalar>& scores) {
  if (scores.rows() > 0 && scores.cols() == 0) throw InputError("softmax: the score rows are empty (no keys)");
  Mat<Scalar> weights(scores.rows(), scores.cols());
  for (Eigen::Index i = 0; i < scores.rows(); ++i) {
    if (scores.row(i).hasNaN()) {
      throw InputError("softmax: score row " + std::to_string(i) + " contains NaN");
    }
    const Scalar row_max = scores.row(i).maxCoeff();
    if (row_max == std::numeric_limits<Scalar>::infinity()) {
      throw InputError("softmax: score row " + std::to_string(i) + " contains +infinity");
    }
    if (row_max == -std::numeric_limits<Scalar>::infinity()) {
      throw InputError("softmax: score row " + std::to_string(i) + " is fully masked");
    }
    Scalar row_sum = 0;
    for (Eigen::Index j = 0; j < scores.cols(); ++j) {
      const Scalar e = std::exp(scores(i, j) - row_max);
      weights(i, j) = e;
      row_sum += e;
    }
    weights.row(i) /= row_sum;
  }
  return weights;
}

}  // namespace aw
