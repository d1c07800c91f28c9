// The layouts' table-driven functions (core/space/power_table.hpp): UMAP's pow for a fixed exponent
// within 1e-11 of the C library's pow, t-SNE's KL log within 1e-15 of log, exact:: at the ends.
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

TEST_CASE("table_log: within 1e-15 of std::log (absolute, or relative above 1), exact::log at the ends") {
  double worst = 0;
  for (double x = 1e-300; x < 1e300; x *= 1.0137) {
    const double want = std::log(x);
    worst = std::max(worst, std::fabs(aw::space::table_log(x) - want) / std::max(1.0, std::fabs(want)));
  }
  for (double x = 0.5; x < 4; x += 1.0 / 4096) {
    const double want = std::log(x);
    worst = std::max(worst, std::fabs(aw::space::table_log(x) - want) / std::max(1.0, std::fabs(want)));
  }
  CHECK(worst < 1e-15);
  CHECK(aw::space::table_log(1e-310) == aw::space::exact::log(1e-310));
  CHECK(std::isinf(aw::space::table_log(0.0)));
  CHECK(std::isnan(aw::space::table_log(-1.0)));
}
