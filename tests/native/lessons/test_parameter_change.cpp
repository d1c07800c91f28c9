// What training changed (core/lessons/parameter_change.hpp): differences, counts of changed
// entries (none for identical parameters, as after an evaluation) and the parameter count.
#include <doctest/doctest.h>

#include "core/lessons/parameter_change.hpp"

namespace {

aw::MatD matrix(long rows, long cols, std::initializer_list<double> values) {
  aw::MatD m(rows, cols);
  long k = 0;
  for (double v : values) m(k / cols, k % cols) = v, ++k;
  return m;
}

}  // namespace

TEST_CASE("parameter_changes: difference, changed entries, largest change and the count of numbers") {
  const std::vector<aw::NamedMatrix> before = {{"W_q", matrix(2, 2, {1, 2, 3, 4})}, {"b_head", matrix(1, 3, {0, 0, 0})}};
  const std::vector<aw::NamedMatrix> now = {{"W_q", matrix(2, 2, {1, 2.5, 3, 3})}, {"b_head", matrix(1, 3, {0, 0, 0})}};
  const aw::ParameterChanges c = aw::parameter_changes(now, before);
  REQUIRE(c.parameters.size() == 2);
  CHECK(c.parameters[0].name == "W_q");
  CHECK(c.parameters[0].difference(0, 1) == doctest::Approx(0.5));
  CHECK(c.parameters[0].difference(1, 1) == doctest::Approx(-1));
  CHECK(c.parameters[0].changed == 2);
  CHECK(c.parameters[0].max_abs == doctest::Approx(1));
  CHECK(c.parameters[1].changed == 0);
  CHECK(c.parameters[1].max_abs == 0);
  CHECK(c.changed == 2);
  CHECK(c.count == 7);
}

TEST_CASE("parameter_changes: identical parameters change nothing, -0 equals 0") {
  const std::vector<aw::NamedMatrix> a = {{"W_v", matrix(1, 2, {0.0, 7})}};
  const std::vector<aw::NamedMatrix> b = {{"W_v", matrix(1, 2, {-0.0, 7})}};
  const aw::ParameterChanges c = aw::parameter_changes(a, b);
  CHECK(c.changed == 0);
  CHECK(c.count == 2);
}

TEST_CASE("parameter_changes: refuses sets that do not match") {
  const std::vector<aw::NamedMatrix> a = {{"W_q", matrix(1, 2, {1, 2})}};
  CHECK_THROWS_AS(aw::parameter_changes(a, {}), aw::InputError);
  CHECK_THROWS_AS(aw::parameter_changes(a, {{"W_k", matrix(1, 2, {1, 2})}}), aw::InputError);
  CHECK_THROWS_AS(aw::parameter_changes(a, {{"W_q", matrix(2, 1, {1, 2})}}), aw::InputError);
}
