#include <doctest/doctest.h>

#include "core/math/similarity.hpp"

using Vec = aw::RowVec<double>;

TEST_CASE("dot product sums the elementwise products") {
  Vec a(3), b(3);
  a << 1, 2, 3;
  b << 4, -5, 6;
  CHECK(aw::dot(a, b) == 12.0);
}

TEST_CASE("cosine ignores magnitude, the dot product does not") {
  Vec a(2), b(2);
  a << 3, 4;
  b << 6, 8;
  CHECK(aw::cosine(a, b) == doctest::Approx(1.0).epsilon(1e-15));
  CHECK(aw::dot(a, b) == 50.0);
  Vec c(2);
  c << -4, 3;  // perpendicular
  CHECK(aw::cosine(a, c) == 0.0);
  CHECK(aw::cosine(a, Vec(-a)) == doctest::Approx(-1.0));
}

TEST_CASE("cosine equals the dot product for unit vectors") {
  Vec a(3), b(3);
  a << 1, 2, 2;
  b << 2, -1, 2;
  a /= a.norm();
  b /= b.norm();
  CHECK(aw::cosine(a, b) == doctest::Approx(aw::dot(a, b)).epsilon(1e-15));
}

TEST_CASE("cosine of a zero vector and mismatched lengths are refused") {
  Vec a(2), zero = Vec::Zero(2), longer(3);
  a << 1, 2;
  longer << 1, 2, 3;
  CHECK_THROWS_AS(aw::cosine(a, zero), aw::InputError);
  CHECK_THROWS_WITH(aw::dot(a, longer), "dot: vectors have different lengths (2 and 3)");
}
