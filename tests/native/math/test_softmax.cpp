#include <doctest/doctest.h>

#include <cmath>
#include <limits>

#include "core/math/softmax.hpp"

using aw::MatD;
using aw::MatF;

TEST_CASE("softmax rows sum to 1 within 1e-12 and are non-negative") {
  MatD scores = MatD::Random(7, 5) * 10.0;
  const MatD weights = aw::row_softmax(scores);
  for (long i = 0; i < weights.rows(); ++i) {
    CHECK(std::abs(weights.row(i).sum() - 1.0) < 1e-12);
    CHECK(weights.row(i).minCoeff() >= 0.0);
  }
}

TEST_CASE("softmax is unchanged by adding a constant to a row") {
  MatD scores(2, 4);
  scores << 0.5, -1.25, 3.0, 2.0, 10.0, 10.5, -3.0, 0.0;
  MatD shifted = scores;
  shifted.row(0).array() += 1000.0;
  shifted.row(1).array() -= 123.456;
  const MatD a = aw::row_softmax(scores);
  const MatD b = aw::row_softmax(shifted);
  CHECK((a - b).cwiseAbs().maxCoeff() < 1e-12);
}

TEST_CASE("softmax matches the closed form on a small row") {
  MatD scores(1, 3);
  scores << 0.0, std::log(2.0), std::log(5.0);
  const MatD weights = aw::row_softmax(scores);
  CHECK(weights(0, 0) == doctest::Approx(1.0 / 8.0).epsilon(1e-14));
  CHECK(weights(0, 1) == doctest::Approx(2.0 / 8.0).epsilon(1e-14));
  CHECK(weights(0, 2) == doctest::Approx(5.0 / 8.0).epsilon(1e-14));
}

TEST_CASE("huge scores of +-1e30 give one-hot rows without NaN") {
  MatD scores(3, 3);
  scores << 1e30, -1e30, 0.0,  //
      -1e30, -1e30, -1e30,     //
      1e30, 1e30, -1e30;
  const MatD weights = aw::row_softmax(scores);
  CHECK(weights.allFinite());
  CHECK(weights(0, 0) == 1.0);
  CHECK(weights(0, 1) == 0.0);
  CHECK(weights(1, 0) == doctest::Approx(1.0 / 3.0));
  CHECK(weights(2, 0) == 0.5);
  CHECK(weights(2, 2) == 0.0);
}

TEST_CASE("tiny scores near zero give a uniform row") {
  MatD scores(1, 4);
  scores << 1e-300, 0.0, -1e-300, 4.9e-324;
  const MatD weights = aw::row_softmax(scores);
  for (long j = 0; j < 4; ++j) CHECK(weights(0, j) == 0.25);
}

TEST_CASE("float softmax survives +-1e30 too") {
  MatF scores(1, 3);
  scores << 1e30f, -1e30f, 0.0f;
  const MatF weights = aw::row_softmax(scores);
  CHECK(weights(0, 0) == 1.0f);
  CHECK(weights(0, 2) == 0.0f);
}

TEST_CASE("masked entries get weight exactly 0, NaN and fully masked rows are refused") {
  const double inf = std::numeric_limits<double>::infinity();
  MatD masked(1, 3);
  masked << 1.0, -inf, 2.0;
  const MatD weights = aw::row_softmax(masked);
  CHECK(weights(0, 1) == 0.0);
  CHECK(weights.row(0).sum() == doctest::Approx(1.0));

  MatD all_masked(1, 2);
  all_masked << -inf, -inf;
  CHECK_THROWS_WITH_AS(aw::row_softmax(all_masked), "softmax: score row 0 is fully masked",
                       aw::InputError);
  MatD with_nan(2, 2);
  with_nan << 1.0, 2.0, std::nan(""), 0.0;
  CHECK_THROWS_WITH_AS(aw::row_softmax(with_nan), "softmax: score row 1 contains NaN",
                       aw::InputError);
}

TEST_CASE("an empty score row (no keys) is refused, not read past its end") {
  CHECK_THROWS_WITH_AS(aw::row_softmax(MatD(3, 0)), doctest::Contains("empty"), aw::InputError);
  CHECK(aw::row_softmax(MatD(0, 0)).size() == 0);  // no rows at all is nothing to do
}
