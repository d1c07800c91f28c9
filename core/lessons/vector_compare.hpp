// Chapter 4: two vectors compared by dot product and by cosine (Class 04: magnitude versus
// direction). Everything the "Dot product and cosine" view shows comes from compare_vectors().
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "core/math/matrix.hpp"

namespace aw {

struct VectorComparison {
  RowVec<double> a, b;
  std::vector<double> products;   // a_i * b_i, term by term (their sum is the dot product)
  double dot = 0;                 // a · b
  double norm_a = 0, norm_b = 0;  // |a|, |b| (Euclidean)
  std::optional<double> cosine;   // a · b / (|a| |b|); empty when either vector is zero
  std::optional<double> angle_degrees;  // arccos(cosine), in [0, 180]
  std::string why_undefined;      // set when cosine is empty
  bool a_is_unit = false, b_is_unit = false;  // |norm - 1| <= unit_tolerance
  bool dot_equals_cosine = false;  // |dot - cosine| <= unit_tolerance
  std::optional<RowVec<double>> unit_a, unit_b;  // a / |a|, b / |b| (empty for a zero vector)
  // The same comparison with b doubled: the dot product doubles, the cosine does not move.
  double dot_with_2b = 0;
  std::optional<double> cosine_with_2b;
};

constexpr double kUnitTolerance = 1e-9;
constexpr int kMaxVectorLength = 64;

VectorComparison compare_vectors(const RowVec<double>& a, const RowVec<double>& b);

// Reads "1, -2.5, 3" (commas and/or spaces) into a vector. Refuses empty text, anything that
// is not a finite number, and more than kMaxVectorLength entries, with a message for the learner.
RowVec<double> parse_vector(const std::string& text, const std::string& name);

}  // namespace aw
