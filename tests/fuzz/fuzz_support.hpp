// Shared by every harness: the contract check and the decoding of fuzz bytes into the inputs
// the core takes (numbers that include NaN, infinities, huge, tiny and denormal values; small
// matrices, empty ones included).
//
// The contract (core/math/matrix.hpp): the core either refuses an input with aw::InputError
// carrying a message for the learner, or returns finite results. Anything else (another
// exception type, an empty message, a non-finite or out-of-range output) is a finding, and the
// harness aborts so that libFuzzer saves the input.
#pragma once
#include <fuzzer/FuzzedDataProvider.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <limits>
#include <string>
#include <typeinfo>

#include "core/math/matrix.hpp"
#include "core/math/utf8.hpp"

namespace aw_fuzz {

// A broken contract: say which, then trap (no recovery, so libFuzzer saves the input).
[[noreturn]] inline void fail(const std::string& what) {
  std::fprintf(stderr, "\nCONTRACT BROKEN: %s\n", what.c_str());
  std::fflush(stderr);
  __builtin_trap();
}

inline void check(bool ok, const std::string& what) {
  if (!ok) fail(what);
}

// Runs `call`. Returns true when it returned, false when it refused the input with the
// project's error (which must carry a message). Any other exception breaks the contract.
template <typename Call>
bool runs_or_refuses(Call&& call) {
  try {
    call();
    return true;
  } catch (const aw::InputError& e) {
    check(e.what() != nullptr && e.what()[0] != '\0', "aw::InputError with an empty message");
    if (std::getenv("AW_FUZZ_DEBUG") != nullptr) std::fprintf(stderr, "refused: %s\n", e.what());
    return false;
  } catch (const std::exception& e) {
    fail(std::string("unexpected exception ") + typeid(e).name() + ": " + e.what());
  } catch (...) {
    fail("unexpected non-standard exception");
  }
}

// With AW_FUZZ_DEBUG set (when replaying a saved input), prints what a harness decoded.
template <typename Derived>
void debug_print(const char* name, const Eigen::MatrixBase<Derived>& m) {
  if (std::getenv("AW_FUZZ_DEBUG") == nullptr) return;
  std::fprintf(stderr, "%s (%ld x %ld):", name, static_cast<long>(m.rows()), static_cast<long>(m.cols()));
  for (Eigen::Index i = 0; i < m.size(); ++i) std::fprintf(stderr, " %.17g", static_cast<double>(m.derived().data()[i]));
  std::fprintf(stderr, "\n");
}

// The values that break arithmetic, picked often; otherwise any bit pattern.
inline double extreme_double(FuzzedDataProvider& in) {
  static constexpr double kSpecial[] = {
      0.0, -0.0, 1.0, -1.0, 0.5, 2.0, 3.0, -2.5,
      std::numeric_limits<double>::quiet_NaN(),
      std::numeric_limits<double>::infinity(),
      -std::numeric_limits<double>::infinity(),
      std::numeric_limits<double>::max(), -std::numeric_limits<double>::max(),
      std::numeric_limits<double>::min(),            // smallest normal
      std::numeric_limits<double>::denorm_min(),     // 5e-324
      1e-320, 1e-300, 1e-170, 1e-160, 1e-154, 1e-150,
      1e150, 1e154, 1e155, 1e200, 1e300, -1e300,
      3.4028234663852886e38, 1e39, -1e39, 1e-38, 1e-45,  // float's edges (the float paths)
      1e19, 1e20, 1e-10,
  };
  constexpr std::size_t n = sizeof kSpecial / sizeof kSpecial[0];
  const std::uint8_t pick = in.ConsumeIntegral<std::uint8_t>();
  if (pick < 2 * n) return kSpecial[pick % n];
  if (pick < 200) return static_cast<double>(in.ConsumeIntegralInRange<int>(-8, 8));
  double raw = 0;
  const auto bytes = in.ConsumeBytes<std::uint8_t>(sizeof raw);
  if (!bytes.empty()) std::memcpy(&raw, bytes.data(), bytes.size());  // out of bytes: 0
  return raw;
}

// A rows x cols matrix of extreme values; rows and cols are given (they may be 0).
template <typename Scalar>
aw::Mat<Scalar> extreme_matrix(FuzzedDataProvider& in, long rows, long cols) {
  aw::Mat<Scalar> m(rows, cols);
  for (long i = 0; i < m.size(); ++i) m.data()[i] = static_cast<Scalar>(extreme_double(in));
  return m;
}

inline long small_size(FuzzedDataProvider& in, long max = 6) { return in.ConsumeIntegralInRange<long>(0, max); }

template <typename Derived>
bool all_finite(const Eigen::MatrixBase<Derived>& m) {
  return m.allFinite();
}

// Every row of softmax weights: entries in [0, 1], sum 1 within `tolerance`.
template <typename Derived>
void check_weights(const Eigen::MatrixBase<Derived>& w, double tolerance, const std::string& name) {
  check(w.allFinite(), name + ": weights not finite");
  for (Eigen::Index i = 0; i < w.rows(); ++i) {
    double sum = 0;
    for (Eigen::Index j = 0; j < w.cols(); ++j) {
      const double a = static_cast<double>(w(i, j));
      check(a >= 0 && a <= 1, name + ": a weight outside [0, 1]");
      sum += a;
    }
    check(std::abs(sum - 1.0) <= tolerance,
          name + ": row " + std::to_string(i) + " sums to " + std::to_string(sum) + ", not 1");
  }
}

// Tolerances: the contract's 1e-9 for double rows; float rows round to about 1e-7 per entry.
template <typename Scalar>
constexpr double kRowSumTolerance = 1e-9;
template <>
constexpr double kRowSumTolerance<float> = 1e-5;

// Strict UTF-8: the text survives decoding and encoding again unchanged (an invalid byte decodes
// to U+FFFD, whose three bytes differ from it). A check by round trip, not a copy of the decoder.
inline bool valid_utf8(const std::string& s) { return aw::code_points_to_utf8(aw::utf8_to_code_points(s)) == s; }

}  // namespace aw_fuzz
