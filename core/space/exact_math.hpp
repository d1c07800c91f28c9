// exp, log and pow in double from + − × ÷ and exact exponent scaling only, so that the layouts
// give the same bits natively (glibc) and in wasm (musl), whose libm routines may differ in the
// last place — a difference that t-SNE's and UMAP's optimisers amplify into another layout.
// Accurate to a few ulp over the ranges the layouts use; not meant as a general libm.
#pragma once
#include <cmath>
#include <initializer_list>
#include <limits>

namespace aw::space::exact {

constexpr double kLn2Hi = 6.93147180369123816490e-01;  // ln 2 split so k · kLn2Hi is exact
constexpr double kLn2Lo = 1.90821492927058770002e-10;

inline double exp(double x) {
  if (!(x < 709.0)) return x != x ? x : std::numeric_limits<double>::infinity();
  if (x < -745.0) return 0.0;
  const double k = std::nearbyint(x * 1.44269504088896338700);
  const double r = (x - k * kLn2Hi) - k * kLn2Lo;  // |r| <= 0.35
  // Taylor to r^13 / 13!, Horner. The coefficients are divided at compile time (the same
  // correctly rounded quotients as at run time, without a division per term in the loop).
  static constexpr double kInverse[] = {1.0 / 479001600.0, 1.0 / 39916800.0, 1.0 / 3628800.0, 1.0 / 362880.0,
                                        1.0 / 40320.0,     1.0 / 5040.0,     1.0 / 720.0,     1.0 / 120.0,
                                        1.0 / 24.0,        1.0 / 6.0,        1.0 / 2.0,       1.0, 1.0};
  double p = 1.0 / 6227020800.0;
  for (double inverse : kInverse) p = p * r + inverse;
  return std::ldexp(p, static_cast<int>(k));
}

inline double log(double x) {
  if (!(x > 0)) return x == 0 ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::quiet_NaN();
  if (std::isinf(x)) return x;
  int e = 0;
  double m = std::frexp(x, &e);  // x = m 2^e, m in [0.5, 1)
  if (m < 0.70710678118654752440) {
    m *= 2;
    --e;
  }
  const double s = (m - 1) / (m + 1), s2 = s * s;  // |s| <= 0.172
  static constexpr double kInverseOdd[] = {1.0 / 23, 1.0 / 21, 1.0 / 19, 1.0 / 17, 1.0 / 15, 1.0 / 13,
                                           1.0 / 11, 1.0 / 9,  1.0 / 7,  1.0 / 5,  1.0 / 3,  1.0};
  double series = 1.0 / 25;
  for (double inverse : kInverseOdd) series = series * s2 + inverse;  // 1/odd, odd = 23 … 1
  return 2 * s * series + e * kLn2Lo + e * kLn2Hi;
}

inline double pow(double x, double y) {  // x > 0 (distances); x = 0 gives 0 for y > 0
  if (x == 0) return y > 0 ? 0.0 : (y == 0 ? 1.0 : std::numeric_limits<double>::infinity());
  return exp(y * log(x));
}

}  // namespace aw::space::exact
