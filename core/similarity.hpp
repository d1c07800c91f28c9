// Dot product and cosine similarity of two vectors (Class 04: magnitude versus direction).
#pragma once
#include <cmath>

#include "core/matrix.hpp"

namespace aw {

template <typename Scalar>
Scalar dot(const RowVec<Scalar>& a, const RowVec<Scalar>& b) {
  if (a.size() != b.size()) {
    throw InputError("dot: vectors have different lengths (" + std::to_string(a.size()) + " and " +
                     std::to_string(b.size()) + ")");
  }
  return a.dot(b);
}

// cosine(a, b) = a·b / (|a| |b|), as the notebook's cosine(). A zero vector has no direction,
// so its cosine is undefined: refuse it rather than return NaN.
template <typename Scalar>
Scalar cosine(const RowVec<Scalar>& a, const RowVec<Scalar>& b) {
  const Scalar numerator = dot(a, b);
  const Scalar norm_a = a.norm();
  const Scalar norm_b = b.norm();
  if (norm_a == 0 || norm_b == 0) {
    throw InputError("cosine: a zero vector has no direction, so its cosine is undefined");
  }
  return numerator / (norm_a * norm_b);
}

}  // namespace aw
