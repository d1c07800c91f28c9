// exp, log and pow in double from + − × ÷ and exact exponent scaling only, so that the layouts
// give the same bits natively (glibc) and in wasm (musl), whose libm routines may differ in the
// last place — a difference that t-SNE's and UMAP's optimisers amplify into another layout.
// Accurate to a few ulp over the ranges the layouts use; not meant as a general libm. A normal
// value's exponent is read from and written into its bits (frexp and ldexp only near double's
// ends): the same results, without a library call per value.
#pragma once
#include <cmath>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <limits>

namespace aw::space::exact {

constexpr double kLn2Hi = 6.93147180369123816490e-01;  // ln 2 split so k · kLn2Hi is exact
constexpr double kLn2Lo = 1.90821492927058770002e-10;

// The pieces of exp and log, shared by the one-value functions and by pow_lanes below.
namespace detail {

// Rounds to the nearest integer, ties to even, for |x| < 2^51: adding and taking away 1.5 · 2^52
// leaves no fraction bits. The same result as std::nearbyint, without a library call, so a loop of
// lanes can be vectorised.
inline double round_even(double x) {
  constexpr double kShift = 6755399441055744.0;
  return (x + kShift) - kShift;
}

// 2^k for an integer k in [−1022, 1023], written straight into the exponent bits.
inline double two_to(double k) {
  const auto bits = static_cast<std::uint64_t>(static_cast<std::int64_t>(k) + 1023) << 52;
  double out;
  std::memcpy(&out, &bits, sizeof out);
  return out;
}

// exp(x) for |x| < 700 (no overflow, no subnormal result): e^x = 2^k e^r, |r| <= 0.35.
inline double exp_in_range(double x) {
  const double k = round_even(x * 1.44269504088896338700);
  const double r = (x - k * kLn2Hi) - k * kLn2Lo;
  // Taylor to r^13 / 13!, Horner. The coefficients are divided at compile time (the same
  // correctly rounded quotients as at run time, without a division per term in the loop).
  static constexpr double kInverse[] = {1.0 / 479001600.0, 1.0 / 39916800.0, 1.0 / 3628800.0, 1.0 / 362880.0,
                                        1.0 / 40320.0,     1.0 / 5040.0,     1.0 / 720.0,     1.0 / 120.0,
                                        1.0 / 24.0,        1.0 / 6.0,        1.0 / 2.0,       1.0, 1.0};
  double p = 1.0 / 6227020800.0;
  for (double inverse : kInverse) p = p * r + inverse;
  return p * two_to(k);  // exact: the product is a normal double
}

// log(m 2^e) for m in [√½, √2): ln m = 2 atanh(s), s = (m − 1) / (m + 1), |s| <= 0.172.
inline double log_split(double m, double e) {
  const double s = (m - 1) / (m + 1), s2 = s * s;
  static constexpr double kInverseOdd[] = {1.0 / 23, 1.0 / 21, 1.0 / 19, 1.0 / 17, 1.0 / 15, 1.0 / 13,
                                           1.0 / 11, 1.0 / 9,  1.0 / 7,  1.0 / 5,  1.0 / 3,  1.0};
  double series = 1.0 / 25;
  for (double inverse : kInverseOdd) series = series * s2 + inverse;  // 1/odd, odd = 23 … 1
  return 2 * s * series + e * kLn2Lo + e * kLn2Hi;
}

// A positive normal x as m 2^e with m in [√½, √2), from its bits (the biased exponent must be
// 1 … 2046: the caller checks).
inline void split_normal(double x, double& m, double& e) {
  std::uint64_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  const std::uint64_t mantissa_bits = (bits & 0x000fffffffffffffULL) | 0x3ff0000000000000ULL;
  double in_one_two;  // [1, 2)
  std::memcpy(&in_one_two, &mantissa_bits, sizeof in_one_two);
  const double exponent = static_cast<double>(static_cast<int>(bits >> 52) - 1023);
  const bool upper = in_one_two >= 1.4142135623730951;  // 2 · 0.7071067811865476 (frexp's √½ test, doubled)
  m = upper ? in_one_two * 0.5 : in_one_two;
  e = upper ? exponent + 1 : exponent;
}

inline bool positive_normal(double x) { return x >= std::numeric_limits<double>::min() && x <= std::numeric_limits<double>::max(); }

}  // namespace detail

inline double exp(double x) {
  if (std::fabs(x) < 700.0) return detail::exp_in_range(x);
  if (!(x < 709.0)) return x != x ? x : std::numeric_limits<double>::infinity();
  if (x < -745.0) return 0.0;
  // near the ends of double's range: the same series, scaled by ldexp (which rounds a subnormal once)
  const double k = std::nearbyint(x * 1.44269504088896338700);
  const double r = (x - k * kLn2Hi) - k * kLn2Lo;
  return std::ldexp(detail::exp_in_range(r), static_cast<int>(k));
}

inline double log(double x) {
  if (!(x > 0)) return x == 0 ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::quiet_NaN();
  if (std::isinf(x)) return x;
  double m = 0, e = 0;
  if (detail::positive_normal(x)) {
    detail::split_normal(x, m, e);
  } else {  // subnormal: frexp finds the exponent
    int ie = 0;
    m = std::frexp(x, &ie);  // x = m 2^ie, m in [0.5, 1)
    if (m < 0.70710678118654752440) {
      m *= 2;
      --ie;
    }
    e = ie;
  }
  return detail::log_split(m, e);
}

inline double pow(double x, double y) {  // x > 0 (distances); x = 0 gives 0 for y > 0
  if (x == 0) return y > 0 ? 0.0 : (y == 0 ? 1.0 : std::numeric_limits<double>::infinity());
  return exp(y * log(x));
}

}  // namespace aw::space::exact
