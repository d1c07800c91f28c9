// Soft lookup against exact lookup (core/math/soft_lookup.hpp): the class example against real
// NumPy (tests/fixtures/numpy_class05_points.json, scripts/make_class05_points_golden.py), and the
// identities that hold whatever the numbers: a one-hot row is an exact lookup, sharpening moves
// the soft answer towards the hard one, a mask survives the sharpening, tied keys are counted.
#include <doctest/doctest.h>

#include <limits>

#include "core/math/soft_lookup.hpp"
#include "tests/native/golden.hpp"

namespace {

void check_rows(const std::vector<aw::SoftLookupRow>& rows, const nlohmann::json& want) {
  REQUIRE(rows.size() == want.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    INFO("query row " << i);
    const auto& r = rows[i];
    const auto& w = want[i];
    CHECK(r.hard_key == w["hard_key"].get<long>());
    CHECK(r.tied_keys == 1);
    CHECK(r.top_share == doctest::Approx(w["top_share"].get<double>()).epsilon(1e-12));
    CHECK_CLOSE("hard", aw::MatD(r.hard), w["hard"], 1e-12);
    CHECK_CLOSE("soft", aw::MatD(r.soft), w["soft"], 1e-12);
    CHECK(r.distance == doctest::Approx(w["distance"].get<double>()).epsilon(1e-12));
    CHECK(r.relative_distance == doctest::Approx(w["relative_distance"].get<double>()).epsilon(1e-12));
    REQUIRE(r.cosine);
    CHECK(*r.cosine == doctest::Approx(w["cosine"].get<double>()).epsilon(1e-12));
    REQUIRE(r.factors.size() == w["factors"].size());
    for (std::size_t k = 0; k < r.factors.size(); ++k) {
      CHECK(r.sharp_top_share[k] == doctest::Approx(w["sharp_top_share"][k].get<double>()).epsilon(1e-12));
      CHECK(r.sharp_relative_distance[k] == doctest::Approx(w["sharp_relative_distance"][k].get<double>()).epsilon(1e-12));
    }
    // factor 1 is the row as it is
    CHECK(r.sharp_top_share[0] == doctest::Approx(r.top_share).epsilon(1e-14));
    CHECK(r.sharp_relative_distance[0] == doctest::Approx(r.relative_distance).epsilon(1e-12));
  }
}

}  // namespace

TEST_CASE("soft lookup: the class example against NumPy, with the scale and without") {
  const auto notebook = golden::load("numpy_notebook");
  const auto points = golden::load("numpy_class05_points");
  const auto& s = notebook["sentence1"];
  const aw::MatD V = golden::matrix(s["V"]);
  for (const bool scaled : {true, false}) {
    INFO("scaled " << scaled);
    const aw::MatD scores = golden::matrix(scaled ? s["scores"] : s["raw_scores"]);
    const aw::MatD weights = aw::row_softmax(scores);
    const aw::MatD Y = weights * V;
    check_rows(aw::soft_lookup(scores, weights, V, Y), points["soft_lookup"][scaled ? "scaled" : "unscaled"]);
  }
}

TEST_CASE("soft lookup: sharper scores move the soft answer towards the exact one") {
  const auto notebook = golden::load("numpy_notebook");
  const auto& s = notebook["sentence1"];
  const aw::MatD V = golden::matrix(s["V"]);
  const aw::MatD scores = golden::matrix(s["scores"]);
  const aw::MatD weights = aw::row_softmax(scores);
  for (const auto& r : aw::soft_lookup(scores, weights, V, weights * V, {1, 2, 4, 8, 16, 64, 256})) {
    for (std::size_t k = 1; k < r.factors.size(); ++k) {
      CHECK(r.sharp_top_share[k] >= r.sharp_top_share[k - 1]);
      CHECK(r.sharp_relative_distance[k] <= r.sharp_relative_distance[k - 1] + 1e-15);
    }
    CHECK(r.sharp_top_share.back() > 0.999);  // one clear winner per row: in the limit, the exact lookup
    CHECK(r.sharp_relative_distance.back() < 1e-3);
  }
}

TEST_CASE("soft lookup: a one-hot row is an exact lookup, a mask stays, tied keys are counted") {
  const double inf = std::numeric_limits<double>::infinity();
  aw::MatD scores(3, 3);
  scores << 0, -inf, -inf,  // causal row 0: only itself
      1, 1, -inf,           // two keys tied
      0, 2, 1;
  aw::MatD V(3, 2);
  V << 1, 0, 0, 2, 3, 3;
  const aw::MatD weights = aw::row_softmax(scores);
  const auto rows = aw::soft_lookup(scores, weights, V, weights * V, {1, 10});
  CHECK(rows[0].hard_key == 0);
  CHECK(rows[0].top_share == 1.0);
  CHECK(rows[0].distance == 0.0);
  CHECK(*rows[0].cosine == doctest::Approx(1.0));
  CHECK(rows[1].tied_keys == 2);
  CHECK(rows[1].top_share == doctest::Approx(0.5));
  CHECK(rows[1].sharp_top_share[1] == doctest::Approx(0.5));  // a tie stays a tie, however sharp
  CHECK(rows[2].tied_keys == 1);
  CHECK(rows[2].hard_key == 1);
  CHECK(rows[2].sharp_top_share[1] > rows[2].top_share);
  // the zero vector has no direction
  aw::MatD Z = aw::MatD::Zero(3, 2);
  CHECK_FALSE(aw::soft_lookup(scores, weights, Z, weights * Z)[0].cosine);
}

TEST_CASE("soft lookup: matrices that do not fit and a factor that is not positive are refused") {
  const aw::MatD a = aw::MatD::Identity(2, 2);
  CHECK_THROWS_AS(aw::soft_lookup(a, a, aw::MatD::Zero(3, 2), a), aw::InputError);
  CHECK_THROWS_WITH_AS(aw::soft_lookup(a, a, a, a, {0}), doctest::Contains("positive"), aw::InputError);
}
