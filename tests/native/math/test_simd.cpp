// core/math/simd.hpp's two-double lanes (D2): each lane gives the scalar operation's result to the
// bit, so the t-SNE forces summed with them equal the scalar sums (tests/native/space checks the
// layouts themselves against the fixture).
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <random>

#include "core/math/simd.hpp"

namespace {
bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }
}  // namespace

TEST_CASE("simd::D2: +, −, ×, ÷ lane by lane equal the scalar operations to the bit") {
  using namespace aw::simd;
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> wide(-1e3, 1e3);
  for (int k = 0; k < 2000; ++k) {
    const double a0 = wide(rng), a1 = wide(rng) * 1e-7, b0 = wide(rng), b1 = 1.0 + std::abs(wide(rng));
    const D2 a = make2(a0, a1), b = make2(b0, b1);
    CHECK(same_bits(lane0(add(a, b)), a0 + b0));
    CHECK(same_bits(lane1(add(a, b)), a1 + b1));
    CHECK(same_bits(lane0(sub(a, b)), a0 - b0));
    CHECK(same_bits(lane1(sub(a, b)), a1 - b1));
    CHECK(same_bits(lane0(mul(a, b)), a0 * b0));
    CHECK(same_bits(lane1(mul(a, b)), a1 * b1));
    CHECK(same_bits(lane0(div(a, b)), a0 / b0));
    CHECK(same_bits(lane1(div(a, b)), a1 / b1));
  }
  CHECK(lane0(splat2(2.5)) == 2.5);
  CHECK(lane1(splat2(2.5)) == 2.5);
  CHECK(std::isinf(lane1(div(splat2(1.0), make2(1.0, 0.0)))));
}
