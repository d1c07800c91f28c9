// Reading the golden fixtures (tests/fixtures/*.json, written by scripts/make_golden.py from
// real NumPy and PyTorch runs) and comparing matrices with them.
#pragma once
#include <doctest/doctest.h>

#include <cmath>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>

#include "core/math/matrix.hpp"

namespace golden {

inline nlohmann::json load(const std::string& name) {
  std::ifstream in(std::string(AW_TEST_DATA_DIR) + "/fixtures/" + name + ".json");
  REQUIRE_MESSAGE(in.good(), "missing fixture " << name);
  return nlohmann::json::parse(in);
}

// A JSON list of rows (or one flat row) as a matrix; null stands for -infinity (masked scores).
inline aw::MatD matrix(const nlohmann::json& j) {
  const bool flat = !j.empty() && !j[0].is_array();
  const long rows = flat ? 1 : static_cast<long>(j.size());
  const long cols = flat ? static_cast<long>(j.size()) : (rows ? static_cast<long>(j[0].size()) : 0);
  aw::MatD m(rows, cols);
  for (long i = 0; i < rows; ++i) {
    for (long c = 0; c < cols; ++c) {
      const auto& v = flat ? j[c] : j[i][c];
      m(i, c) = v.is_null() ? -std::numeric_limits<double>::infinity() : v.get<double>();
    }
  }
  return m;
}

// Largest absolute difference; equal infinities count as 0. Shapes must match.
inline double max_abs_diff(const aw::MatD& a, const aw::MatD& b) {
  REQUIRE(a.rows() == b.rows());
  REQUIRE(a.cols() == b.cols());
  double worst = 0;
  for (long i = 0; i < a.rows(); ++i) {
    for (long j = 0; j < a.cols(); ++j) {
      if (a(i, j) == b(i, j)) continue;
      worst = std::max(worst, std::abs(a(i, j) - b(i, j)));
    }
  }
  return worst;
}

#define CHECK_CLOSE(name, ours, theirs, tol)                                  \
  do {                                                                         \
    const double diff_ = golden::max_abs_diff((ours), golden::matrix(theirs)); \
    CHECK_MESSAGE(diff_ <= (tol), name << ": max |diff| = " << diff_);         \
  } while (0)

}  // namespace golden
