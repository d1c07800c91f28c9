// value_summary against real NumPy (tests/fixtures/numpy_stats.json, scripts/make_stats_golden.py):
// mean, np.std, min, max and np.histogram's edges and counts; and its refusals.
#include <doctest/doctest.h>

#include <limits>

#include "core/math/stats.hpp"
#include "core/text/embedding.hpp"
#include "tests/native/golden.hpp"

namespace {

aw::MatD values_of(const nlohmann::json& c) {
  if (c.contains("values")) return golden::matrix(c["values"]);
  const int d = c["notebook_d_model"];
  return aw::numpy_notebook_projections(d, d, d, 1).W_q;
}

}  // namespace

TEST_CASE("value_summary matches NumPy: mean, std, range and the histogram") {
  const auto g = golden::load("numpy_stats");
  REQUIRE(g["cases"].size() == 4);
  for (const auto& c : g["cases"]) {
    INFO(c["name"].get<std::string>());
    const aw::MatD values = values_of(c);
    if (c.contains("first_values")) {
      for (int k = 0; k < 3; ++k) CHECK(values.data()[k] == c["first_values"][k].get<double>());
    }
    const aw::ValueSummary s = aw::value_summary(values, c["bins"]);
    CHECK(s.count == c["count"].get<long>());
    CHECK(std::abs(s.mean - c["mean"].get<double>()) <= 1e-15);
    CHECK(std::abs(s.std_dev - c["std"].get<double>()) <= 1e-15);
    CHECK(s.min == c["min"].get<double>());
    CHECK(s.max == c["max"].get<double>());
    REQUIRE(s.bin_edges.size() == c["bin_edges"].size());
    for (std::size_t k = 0; k < s.bin_edges.size(); ++k) CHECK(std::abs(s.bin_edges[k] - c["bin_edges"][k].get<double>()) <= 1e-15);
    CHECK(s.bin_counts == c["bin_counts"].get<std::vector<long>>());
  }
}

TEST_CASE("value_summary refuses what it cannot summarise, with the project's error") {
  CHECK_THROWS_AS(aw::value_summary(aw::MatD(0, 3), 10), aw::InputError);
  CHECK_THROWS_AS(aw::value_summary(aw::MatD::Ones(2, 2), 0), aw::InputError);
  CHECK_THROWS_AS(aw::value_summary(aw::MatD::Ones(2, 2), aw::kMaxHistogramBins + 1), aw::InputError);
  aw::MatD bad = aw::MatD::Ones(2, 2);
  bad(1, 1) = std::numeric_limits<double>::quiet_NaN();
  CHECK_THROWS_AS(aw::value_summary(bad, 4), aw::InputError);
  // values near the largest double: finite mean and spread, no overflow
  aw::MatD huge(1, 2);
  huge << 1.7e308, -1.7e308;
  const aw::ValueSummary s = aw::value_summary(huge, 2);
  CHECK(s.mean == 0.0);
  CHECK(s.std_dev == doctest::Approx(1.7e308));
  CHECK(s.bin_counts == std::vector<long>{1, 1});
}
