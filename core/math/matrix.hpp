// Matrix types shared by the core. Row-major so that a token's vector is a contiguous row,
// as in the notebook (X has one row per token) and as the page's typed arrays expect.
#pragma once
#include <Eigen/Dense>
#include <stdexcept>
#include <string>

namespace aw {

template <typename Scalar>
using Mat = Eigen::Matrix<Scalar, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
template <typename Scalar>
using RowVec = Eigen::Matrix<Scalar, 1, Eigen::Dynamic>;

using MatD = Mat<double>;  // the NumPy-style path
using MatF = Mat<float>;   // the PyTorch-style path

// A (rows, cols) pair with the names of both axes, e.g. (4 tokens, 8 features).
struct Shape {
  long rows = 0;
  long cols = 0;
  std::string row_axis;  // "tokens", "features", "queries", ...
  std::string col_axis;
};

// Thrown for any input the core refuses; the message is meant for the learner.
class InputError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// Refuses a computed matrix that left the floating-point range: finite inputs can still
// multiply past the largest number (1e200 · 1e200), and the page must never show inf or NaN.
template <typename Derived>
void require_finite_result(const Eigen::MatrixBase<Derived>& m, const std::string& name) {
  if (!m.allFinite()) {
    throw InputError(name + " overflows to infinity: the input values are too large to multiply in floating point");
  }
}

// The most values one matrix handed to the core may hold: 2^24, four times the largest the page
// makes (kMaxTokens² = 2048 × 2048 scores) and 128 MB as doubles, well inside a wasm heap.
constexpr long long kMaxMatrixValues = 1LL << 24;

// rows × cols of a matrix handed to the core (the bindings' {rows, cols, data}), multiplied in
// 64 bits: in wasm, size_t is 32 bits, and 65536 × 65537 wrapped to 65536, which a short array
// matched. Refuses negative sizes and more than kMaxMatrixValues values.
inline std::size_t checked_value_count(long long rows, long long cols, const std::string& name) {
  if (rows < 0 || cols < 0) throw InputError(name + ": rows and cols cannot be negative");
  // each side checked first, so the product of two at most 2^24 cannot overflow
  if (rows > kMaxMatrixValues || cols > kMaxMatrixValues || rows * cols > kMaxMatrixValues) {
    throw InputError(name + " is " + std::to_string(rows) + " x " + std::to_string(cols) +
                     ": the core takes at most " + std::to_string(kMaxMatrixValues) + " values in one matrix");
  }
  return static_cast<std::size_t>(rows * cols);
}

inline std::string shape_str(long rows, long cols) {
  return "(" + std::to_string(rows) + ", " + std::to_string(cols) + ")";
}

}  // namespace aw
