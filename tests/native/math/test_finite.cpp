#include <doctest/doctest.h>

#include <cstring>
#include <limits>
#include <vector>

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

TEST_CASE("copy_finite: copies floats stored at any byte offset exactly, and finds one inf or NaN anywhere") {
  for (const int n : {0, 1, 3, 4, 7, 50, 67}) {
    for (const std::size_t offset : {0, 1, 2, 3, 5}) {  // as after a word of any length
      CAPTURE(n);
      CAPTURE(offset);
      // std::vector, not an Eigen matrix: an empty one still has a non-null data() for memcpy.
      std::vector<float> values(static_cast<std::size_t>(n) + 1);
      Eigen::Map<aw::MatF>(values.data(), 1, n) = aw::MatF::Random(1, n) * 1e30f;
      if (n > 2) values[2] = std::numeric_limits<float>::denorm_min();
      std::vector<char> bytes(offset + static_cast<std::size_t>(n) * sizeof(float) + 3, 'x');
      std::memcpy(bytes.data() + offset, values.data(), static_cast<std::size_t>(n) * sizeof(float));
      std::vector<float> out(static_cast<std::size_t>(n) + 1, -1.0f);
      CHECK(aw::copy_finite(bytes.data() + offset, out.data(), static_cast<std::size_t>(n)));
      CHECK(std::memcmp(out.data(), values.data(), static_cast<std::size_t>(n) * sizeof(float)) == 0);  // bit for bit
      CHECK(out[static_cast<std::size_t>(n)] == -1.0f);  // nothing written past n
      for (int at = 0; at < n; ++at) {
        for (const float bad : {std::numeric_limits<float>::infinity(), std::numeric_limits<float>::quiet_NaN()}) {
          std::vector<char> damaged = bytes;
          std::memcpy(damaged.data() + offset + static_cast<std::size_t>(at) * sizeof(float), &bad, sizeof bad);
          CHECK_FALSE(aw::copy_finite(damaged.data() + offset, out.data(), static_cast<std::size_t>(n)));
        }
      }
    }
  }
}
