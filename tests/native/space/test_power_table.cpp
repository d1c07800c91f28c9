// UMAP's pow for a fixed exponent (core/space/power_table.hpp): within 1e-11 of the C library's
// pow over the distances a layout has, exact::pow's answer where it falls back, and the run's b.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>

#include "core/space/exact_math.hpp"
#include "core/space/power_table.hpp"
#include "core/space/umap.hpp"

TEST_CASE("PowerTable: x^b within 1e-11 relative of std::pow for every UMAP curve's b and x from 1e-300 to 1e300 (results inside 1e±290)") {
  for (const double min_dist : {0.0, 0.1, 0.5, 1.0}) {
    const double b = aw::space::fit_curve(min_dist).b;
    const aw::space::PowerTable power(b);
    double worst = 0;
    for (double x = 1e-300; x < 1e300; x *= 1.0137) {
      const double want = std::pow(x, b);
      if (want < 1e-290 || want > 1e290) continue;  // near double's ends (a layout's distances never are)
      worst = std::max(worst, std::fabs(power(x) - want) / want);
    }
    for (double x = 0.5; x < 4; x += 1.0 / 4096) {  // every bin of the mantissa table, at its edges too
      const double want = std::pow(x, b);
      worst = std::max(worst, std::fabs(power(x) - want) / want);
    }
    CAPTURE(b);
    CHECK(worst < 1e-11);
  }
}

TEST_CASE("PowerTable: zero, subnormal, infinite and NaN x give exact::pow's answer") {
  const aw::space::PowerTable power(0.8);
  CHECK(power(0.0) == 0.0);
  CHECK(power(1e-310) == aw::space::exact::pow(1e-310, 0.8));
  CHECK(power(1e-310) > 0);
  CHECK(std::isinf(power(std::numeric_limits<double>::infinity())));
  CHECK(std::isnan(power(std::numeric_limits<double>::quiet_NaN())));
  CHECK(power(1.0) == doctest::Approx(1.0).epsilon(1e-11));
}
