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

// ---- the fuzzing findings of the hardening issue ----

static Vec vec2(double x, double y) {
  Vec v(2);
  v << x, y;
  return v;
}

TEST_CASE("cosine stays within [-1, 1] and right where the squares underflow or overflow") {
  Vec one(1), tiny(1), neg_tiny(1), minus_one(1);
  one << 1;
  tiny << 1e-160;
  neg_tiny << -1e-159;
  minus_one << -1;
  CHECK(aw::cosine(one, tiny) == 1.0);        // was 1.0000056
  CHECK(aw::cosine(neg_tiny, one) == -1.0);   // was -1.0000006
  Vec very_tiny(1);
  very_tiny << 1e-170;
  CHECK(aw::norm(very_tiny) == doctest::Approx(1e-170).epsilon(1e-12));  // was 0: "a zero vector"
  CHECK(aw::cosine(one, very_tiny) == 1.0);
  const Vec huge = vec2(1e154, 1e154);
  CHECK(aw::cosine(huge, huge) == doctest::Approx(1.0));  // was NaN (|a||b| overflowed)
  CHECK(aw::cosine(huge, huge) <= 1.0);
  CHECK(aw::normalized(vec2(1e-200, 0))(0) == 1.0);
}

TEST_CASE("dot, cosine, norm and normalized refuse NaN and infinity, and an overflowing dot product") {
  const Vec nan = vec2(std::nan(""), 1), inf = vec2(INFINITY, 1), ok = vec2(1, 2);
  CHECK_THROWS_AS(aw::dot(nan, ok), aw::InputError);
  CHECK_THROWS_AS(aw::cosine(ok, inf), aw::InputError);
  CHECK_THROWS_AS(aw::norm(nan), aw::InputError);
  CHECK_THROWS_AS(aw::normalized(inf), aw::InputError);
  CHECK_THROWS_WITH_AS(aw::dot(vec2(1e200, 1e200), vec2(1e200, 1e200)), doctest::Contains("overflows"), aw::InputError);
}

TEST_CASE("a vector whose length overflows: norm refuses it, direction-only results still work (fuzz)") {
  const double big = 1.7e308;
  const Vec huge = vec2(big, big);  // length 2.4e308: past the largest double
  CHECK_THROWS_WITH_AS(aw::norm(huge), doctest::Contains("too large"), aw::InputError);  // was inf
  CHECK(aw::cosine(huge, huge) == doctest::Approx(1.0));
  CHECK(aw::cosine(huge, vec2(1, 0)) == doctest::Approx(std::sqrt(0.5)));
  const Vec unit = aw::normalized(huge);
  CHECK(unit(0) == doctest::Approx(std::sqrt(0.5)));
  CHECK(unit.allFinite());
  CHECK(aw::angle_degrees(huge, vec2(-1, -1)) == doctest::Approx(180.0));
}

TEST_CASE("vectors of denormal entries: normalized is still of length 1 (fuzz)") {
  Vec a(3);
  a << -0.0, 4.9406564584124654e-324, 4.9406564584124654e-324;  // |a| is not representable
  const Vec u = aw::normalized(a);
  CHECK(u.norm() == doctest::Approx(1.0).epsilon(1e-12));  // was 0.707: [0, 0.5, 0.5]
  CHECK(aw::cosine(a, a) == doctest::Approx(1.0).epsilon(1e-12));
  CHECK(aw::angle_degrees(a, Vec(-a)) == doctest::Approx(180.0));
}
