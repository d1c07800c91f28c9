// Chapter 4: dot product, lengths, cosine and angle of two editable vectors.
#include <doctest/doctest.h>

#include <cmath>

#include "core/lessons/vector_compare.hpp"

using Vec = aw::RowVec<double>;

static Vec vec(std::initializer_list<double> values) {
  Vec v(static_cast<long>(values.size()));
  long i = 0;
  for (double x : values) v[i++] = x;
  return v;
}

TEST_CASE("compare_vectors reports dot, both norms, cosine and angle") {
  const aw::VectorComparison r = aw::compare_vectors(vec({3, 4}), vec({4, 3}));
  CHECK(r.dot == 24.0);
  CHECK(r.norm_a == 5.0);
  CHECK(r.norm_b == 5.0);
  REQUIRE(r.cosine);
  CHECK(*r.cosine == doctest::Approx(0.96).epsilon(1e-15));
  CHECK(*r.angle_degrees == doctest::Approx(std::acos(0.96) * 180 / M_PI));
  CHECK(r.products == std::vector<double>{12.0, 12.0});
  CHECK_FALSE(r.a_is_unit);
  CHECK_FALSE(r.dot_equals_cosine);  // lengths 5 and 5: the dot product is 25 times the cosine
}

TEST_CASE("doubling b doubles the dot product and leaves the cosine alone") {
  const aw::VectorComparison r = aw::compare_vectors(vec({1, 2, 3}), vec({-2, 0.5, 4}));
  CHECK(r.dot_with_2b == 2 * r.dot);
  CHECK(*r.cosine_with_2b == doctest::Approx(*r.cosine).epsilon(1e-15));
}

TEST_CASE("for unit vectors the dot product is the cosine") {
  const aw::VectorComparison raw = aw::compare_vectors(vec({2, 1}), vec({1, 3}));
  const aw::VectorComparison unit = aw::compare_vectors(*raw.unit_a, *raw.unit_b);
  CHECK(unit.a_is_unit);
  CHECK(unit.b_is_unit);
  CHECK(unit.dot_equals_cosine);
  CHECK(unit.dot == doctest::Approx(*raw.cosine).epsilon(1e-15));
  CHECK(*unit.cosine == doctest::Approx(*raw.cosine).epsilon(1e-15));
}

TEST_CASE("angles at the ends: same, opposite and perpendicular directions") {
  CHECK(*aw::compare_vectors(vec({1, 1}), vec({2, 2})).angle_degrees == doctest::Approx(0.0).epsilon(1e-6));
  CHECK(*aw::compare_vectors(vec({1, 1}), vec({-3, -3})).angle_degrees == doctest::Approx(180.0));
  CHECK(*aw::compare_vectors(vec({1, 0}), vec({0, 5})).angle_degrees == 90.0);
}

TEST_CASE("a zero vector has a dot product but no cosine") {
  const aw::VectorComparison r = aw::compare_vectors(vec({0, 0}), vec({1, 2}));
  CHECK(r.dot == 0.0);
  CHECK_FALSE(r.cosine);
  CHECK_FALSE(r.angle_degrees);
  CHECK_FALSE(r.unit_a);
  CHECK(r.unit_b);
  CHECK(r.why_undefined.find("zero vector") != std::string::npos);
}

TEST_CASE("mismatched lengths and non-finite values are refused with a message") {
  CHECK_THROWS_WITH_AS(aw::compare_vectors(vec({1, 2}), vec({1, 2, 3})),
                       doctest::Contains("different numbers of coordinates (2 and 3)"), aw::InputError);
  CHECK_THROWS_AS(aw::compare_vectors(vec({1, NAN}), vec({1, 2})), aw::InputError);
  CHECK_THROWS_WITH_AS(aw::compare_vectors(vec({1e200, 1e200}), vec({1e200, 1})),
                       doctest::Contains("too large"), aw::InputError);
}

TEST_CASE("parse_vector reads commas and spaces and refuses the rest") {
  CHECK(aw::parse_vector("1, -2.5  3e1", "a") == vec({1, -2.5, 30}));
  CHECK(aw::parse_vector("0.5;0.25", "a") == vec({0.5, 0.25}));
  CHECK_THROWS_WITH_AS(aw::parse_vector("", "a"), doctest::Contains("empty"), aw::InputError);
  CHECK_THROWS_WITH_AS(aw::parse_vector("1, two", "b"), doctest::Contains("\"two\" is not a number"), aw::InputError);
  CHECK_THROWS_AS(aw::parse_vector("1, nan", "a"), aw::InputError);
  CHECK_THROWS_AS(aw::parse_vector("inf", "a"), aw::InputError);
  CHECK_THROWS_AS(aw::parse_vector("1e999", "a"), aw::InputError);
  CHECK_THROWS_WITH_AS(aw::parse_vector("1,2x", "a"), doctest::Contains("comma or a space"), aw::InputError);
  std::string many;
  for (int i = 0; i < 65; ++i) many += "1,";
  CHECK_THROWS_WITH_AS(aw::parse_vector(many, "a"), doctest::Contains("at most 64"), aw::InputError);
}

TEST_CASE("hardening: an embedded NUL is refused, tiny vectors are not zero, 2b cannot overflow silently") {
  CHECK_THROWS_WITH_AS(aw::parse_vector(std::string("1\0garbage", 9), "a"), doctest::Contains("NUL"), aw::InputError);
  const aw::VectorComparison tiny = aw::compare_vectors(vec({1e-170, 0}), vec({1, 0}));
  CHECK(tiny.norm_a > 0);
  REQUIRE(tiny.cosine.has_value());
  CHECK(*tiny.cosine == 1.0);
  CHECK_FALSE(tiny.a_is_unit);
  CHECK_THROWS_WITH_AS(aw::compare_vectors(vec({1, 1}), vec({1e308, 1})), doctest::Contains("too large"), aw::InputError);
}
