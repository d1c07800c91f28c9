// The layouts' own exp/log/pow (the same bits natively and in wasm) stay within a few ulp of libm.
#include <doctest/doctest.h>

#include <cmath>

#include "core/space/exact_math.hpp"

TEST_CASE("exact exp, log and pow agree with the C library to 1e-15 relative") {
  namespace ex = aw::space::exact;
  double worst = 0;
  for (double x = -700; x < 700; x += 0.731) worst = std::max(worst, std::fabs(ex::exp(x) - std::exp(x)) / std::exp(x));
  for (double x = 1e-300; x < 1e300; x *= 1.37) {
    if (std::log(x) != 0) worst = std::max(worst, std::fabs(ex::log(x) - std::log(x)) / std::fabs(std::log(x)));
  }
  for (double x = 1e-6; x < 1e6; x *= 1.91) worst = std::max(worst, std::fabs(ex::pow(x, 0.8950608) - std::pow(x, 0.8950608)) / std::pow(x, 0.8950608));
  CHECK(worst < 1e-14);
  CHECK(ex::exp(-800) == 0);
  CHECK(ex::exp(0) == 1);
  CHECK(ex::log(1) == 0);
  CHECK(ex::pow(0, 0.9) == 0);
  CHECK(std::isinf(ex::exp(710)));
}
