// The bank question with trained projections (core/lessons/trained_sense.hpp). One-token
// sentences make A = [1], so a contextual row is x W_v and every cosine can be worked by hand.
#include <doctest/doctest.h>

#include <cmath>

#include "core/lessons/trained_sense.hpp"

namespace {

aw::MatD m(long rows, long cols, std::initializer_list<double> values) {
  aw::MatD out(rows, cols);
  long k = 0;
  for (double v : values) out(k / cols, k % cols) = v, ++k;
  return out;
}

aw::SenseProjections with_wv(const aw::MatD& W_v) {
  return {aw::MatD::Identity(2, 2), aw::MatD::Identity(2, 2), W_v};
}

}  // namespace

TEST_CASE("trained_sense_check: each set of projections judged against the same-sense control") {
  const aw::SenseSentence first{m(1, 2, {1, 0}), 0};
  const aw::SenseSentence other{m(1, 2, {0, 1}), 0};
  const aw::SenseSentence same{m(1, 2, {1, 1}), 0};
  const aw::SenseVerdicts v = aw::trained_sense_check(first, other, same, with_wv(aw::MatD::Identity(2, 2)), with_wv(m(2, 2, {1, 1, 0, 1})));
  // step 0, W_v = I: y = x; cos(first, same) = 1/√2, cos(first, other) = 0
  CHECK(*v.initial.same_sense == doctest::Approx(1 / std::sqrt(2.0)).epsilon(1e-12));
  CHECK(*v.initial.different_sense == doctest::Approx(0).epsilon(1e-12));
  CHECK(v.initial.verdict == "separates");
  // trained W_v = [[1, 1], [0, 1]]: first → (1, 1), other → (0, 1), same → (1, 2)
  CHECK(*v.trained.same_sense == doctest::Approx(3 / std::sqrt(10.0)).epsilon(1e-12));
  CHECK(*v.trained.different_sense == doctest::Approx(1 / std::sqrt(2.0)).epsilon(1e-12));
  CHECK(*v.trained.margin == doctest::Approx(3 / std::sqrt(10.0) - 1 / std::sqrt(2.0)).epsilon(1e-12));
  // the raw rows are the inputs themselves
  CHECK(*v.raw.same_sense == doctest::Approx(1 / std::sqrt(2.0)).epsilon(1e-12));
}

TEST_CASE("trained_sense_check: a zero contextual vector leaves the verdict undefined, not NaN") {
  const aw::SenseSentence first{m(1, 2, {1, 0}), 0};
  const aw::SenseSentence other{m(1, 2, {0, 1}), 0};
  const aw::SenseSentence same{m(1, 2, {1, 1}), 0};
  const aw::SenseVerdicts v = aw::trained_sense_check(first, other, same, with_wv(aw::MatD::Identity(2, 2)), with_wv(m(2, 2, {0, 0, 0, 1})));
  CHECK_FALSE(v.trained.same_sense.has_value());
  CHECK(v.trained.verdict == "undefined");
}

TEST_CASE("trained_sense_check: the word's position must be inside its sentence") {
  const aw::SenseSentence ok{m(1, 2, {1, 0}), 0};
  const aw::SenseSentence outside{m(1, 2, {1, 0}), 3};
  const auto p = with_wv(aw::MatD::Identity(2, 2));
  CHECK_THROWS_AS(aw::trained_sense_check(ok, ok, outside, p, p), aw::InputError);
}
