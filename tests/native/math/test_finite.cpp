#include <doctest/doctest.h>

#include <limits>

#include "core/math/finite.hpp"

TEST_CASE("all_finite: false for one inf or NaN anywhere, in the SIMD part or the tail") {
  for (const int n : {0, 1, 3, 4, 7, 64, 67}) {
    CAPTURE(n);
    aw::MatF m = aw::MatF::Random(1, n) * 1e30f;  // large but finite: x · 0 is still 0
    CHECK(aw::all_finite(m));
    for (int at = 0; at < n; ++at) {
      for (const float bad : {std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity(),
                              std::numeric_limits<float>::quiet_NaN()}) {
        aw::MatF damaged = m;
        damaged(0, at) = bad;
        CHECK_FALSE(aw::all_finite(damaged));
      }
    }
  }
  aw::MatF big(2, 2);
  big << std::numeric_limits<float>::max(), -std::numeric_limits<float>::max(), std::numeric_limits<float>::denorm_min(), 0.0f;
  CHECK(aw::all_finite(big));
}
