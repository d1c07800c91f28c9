// Dot product and cosine similarity of two vectors (Class 04: magnitude versus direction).
#pragma once
#include <algorithm>
#include <cmath>

#include "core/math/matrix.hpp"

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

// Euclidean length |a| = sqrt(a · a).
template <typename Scalar>
Scalar norm(const RowVec<Scalar>& a) {
  return a.norm();
}

// a / |a|: the unit vector in a's direction. A zero vector has none.
template <typename Scalar>
RowVec<Scalar> normalized(const RowVec<Scalar>& a) {
  const Scalar n = a.norm();
  if (n == 0) throw InputError("normalise: a zero vector has no direction to keep");
  return a / n;
}

// The angle between a and b in degrees. Computed as 2 atan2(|â − b̂|, |â + b̂|) with the unit
// vectors â, b̂ (Kahan's form): arccos of the cosine loses half its digits near 0° and 180°.
template <typename Scalar>
Scalar angle_degrees(const RowVec<Scalar>& a, const RowVec<Scalar>& b) {
  cosine(a, b);  // same checks: equal lengths, no zero vector
  const RowVec<Scalar> ua = normalized(a), ub = normalized(b);
  return Scalar(2) * std::atan2((ua - ub).norm(), (ua + ub).norm()) * Scalar(180) /
         Scalar(3.14159265358979323846);
}

}  // namespace aw
