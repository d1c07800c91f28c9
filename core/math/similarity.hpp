// Dot product and cosine similarity of two vectors (Class 04: magnitude versus direction).
#pragma once
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "core/math/matrix.hpp"

namespace aw {

template <typename Scalar>
void require_finite_vector(const RowVec<Scalar>& a, const char* what) {
  if (!a.allFinite()) throw InputError(std::string(what) + ": a vector contains NaN or infinity");
}

template <typename Scalar>
Scalar dot(const RowVec<Scalar>& a, const RowVec<Scalar>& b) {
  if (a.size() != b.size()) {
    throw InputError("dot: vectors have different lengths (" + std::to_string(a.size()) + " and " +
                     std::to_string(b.size()) + ")");
  }
  require_finite_vector(a, "dot");
  require_finite_vector(b, "dot");
  const Scalar d = a.dot(b);
  if (!std::isfinite(d)) throw InputError("dot: the dot product overflows: the values are too large");
  return d;
}

// Euclidean length |a| = sqrt(a · a). In the ordinary range this is the plain sum of squares
// NumPy computes, so results round alike; where the squares would underflow or overflow (|a|
// near 1e-154 or 1e154 in double), Eigen's stableNorm rescales first, so a tiny vector is not
// taken for zero and a huge one is not infinite.
// A length past the largest double (two entries of 1.7e308) cannot be returned: refused.
template <typename Scalar>
Scalar norm(const RowVec<Scalar>& a) {
  require_finite_vector(a, "length");
  const Scalar plain = a.norm();
  const Scalar smallest_safe = std::sqrt(std::numeric_limits<Scalar>::min()) * Scalar(1e4);
  if (std::isfinite(plain) && plain >= smallest_safe) return plain;
  const Scalar stable = a.stableNorm();
  if (!std::isfinite(stable)) {
    throw InputError("length: the vector's length overflows: the values are too large to measure in floating point");
  }
  return stable;
}

// a, or a divided by its largest entry when its length would overflow or is so small that its
// digits are lost (denormal entries: [5e-324, 5e-324] has no representable length near its
// true one, so a / |a| would not be a unit vector). Same direction, which is all that cosine,
// normalized and the angle use; ordinary vectors are left as they are, so their results still
// round exactly as NumPy's.
template <typename Scalar>
RowVec<Scalar> measurable(const RowVec<Scalar>& a) {
  require_finite_vector(a, "length");
  const Scalar plain = a.norm();
  const Scalar smallest_safe = std::sqrt(std::numeric_limits<Scalar>::min()) * Scalar(1e4);
  if (a.size() == 0 || (std::isfinite(plain) && plain >= smallest_safe)) return a;
  const Scalar largest = a.cwiseAbs().maxCoeff();
  if (largest == 0) return a;  // the zero vector: the callers refuse it
  return a / largest;
}

// cosine(a, b) = a·b / (|a| |b|), as the notebook's cosine(), kept within [-1, 1]. A zero
// vector has no direction, so its cosine is undefined: refuse it rather than return NaN.
template <typename Scalar>
Scalar cosine(const RowVec<Scalar>& a_in, const RowVec<Scalar>& b_in) {
  if (a_in.size() != b_in.size()) dot(a_in, b_in);  // the same message for different lengths
  const RowVec<Scalar> a = measurable(a_in), b = measurable(b_in);
  const Scalar norm_a = norm(a);
  const Scalar norm_b = norm(b);
  if (norm_a == 0 || norm_b == 0) {
    throw InputError("cosine: a zero vector has no direction, so its cosine is undefined");
  }
  Scalar c = a.dot(b) / (norm_a * norm_b);
  // Where a·b or |a||b| leaves the floating-point range, compare the unit vectors instead.
  if (!std::isfinite(c) || !std::isnormal(norm_a * norm_b)) c = (a / norm_a).dot(b / norm_b);
  return std::clamp(c, Scalar(-1), Scalar(1));  // rounding can overshoot by an ulp
}

// a / |a|: the unit vector in a's direction. A zero vector has none.
template <typename Scalar>
RowVec<Scalar> normalized(const RowVec<Scalar>& a_in) {
  const RowVec<Scalar> a = measurable(a_in);
  const Scalar n = norm(a);
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
