// Chapter 3: exponential smoothing on a default_rng noisy series, against real NumPy.
#include <doctest/doctest.h>

#include <cmath>
#include <numeric>

#include "core/lessons/smoothing.hpp"
#include "tests/native/golden.hpp"

namespace {

aw::MatD row(const std::vector<double>& v) {
  return Eigen::Map<const aw::MatD>(v.data(), 1, static_cast<long>(v.size()));
}

}  // namespace

TEST_CASE("smoothing: the recurrence by hand on three points") {
  const std::vector<double> s = aw::exponential_smoothing({1.0, 3.0, 0.0}, 0.5);
  CHECK(s == std::vector<double>{1.0, 2.0, 1.0});  // s0 = x0; 0.5*3 + 0.5*1; 0.5*0 + 0.5*2
  CHECK(aw::exponential_smoothing({1.0, 3.0, 0.0}, 1.0) == std::vector<double>{1.0, 3.0, 0.0});
}

TEST_CASE("smoothing: unrolled weights add to 1 and shrink with distance") {
  const std::vector<double> w = aw::smoothing_weights(10, 0.3);
  CHECK(std::accumulate(w.begin(), w.end(), 0.0) == doctest::Approx(1.0).epsilon(1e-14));
  for (std::size_t j = 2; j < w.size(); ++j) CHECK(w[j] > w[j - 1]);  // nearer the present, heavier
  CHECK(w.back() == 0.3);
}

TEST_CASE("smoothing: beta must be above 0 and at most 1, bad series settings are refused") {
  CHECK_THROWS_WITH_AS(aw::exponential_smoothing({1.0}, 0.0), doctest::Contains("β must be above 0"), aw::InputError);
  CHECK_THROWS_AS(aw::exponential_smoothing({1.0}, 1.5), aw::InputError);
  CHECK_THROWS_AS(aw::exponential_smoothing({1.0}, NAN), aw::InputError);
  aw::NoisySeriesOptions o;
  o.length = 1;
  CHECK_THROWS_AS(aw::noisy_series(o), aw::InputError);
  o.length = 10;
  o.noise_scale = -1;
  CHECK_THROWS_AS(aw::noisy_series(o), aw::InputError);
}

TEST_CASE("smoothing: series, smoothed values and weights equal NumPy's (1e-12)") {
  const nlohmann::json g = golden::load("numpy_smoothing");
  for (const auto& c : g["cases"]) {
    aw::NoisySeriesOptions o;
    o.seed = c["config"]["seed"].get<std::uint64_t>();
    o.length = c["config"]["length"].get<int>();
    o.period = c["config"]["period"].get<double>();
    o.noise_scale = c["config"]["noise_scale"].get<double>();
    for (const auto& run : c["runs"]) {
      const aw::SmoothingReport r = aw::run_smoothing(o, run["beta"].get<double>());
      CHECK_CLOSE("signal", row(r.series.signal), c["signal"], 1e-12);
      CHECK_CLOSE("x", row(r.series.x), c["x"], 1e-12);
      CHECK_CLOSE("s", row(r.smoothed), run["s"], 1e-12);
      CHECK_CLOSE("last_weights", row(r.last_weights), run["last_weights"], 1e-12);
      CHECK(r.mse_noisy == doctest::Approx(run["mse_noisy"].get<double>()).epsilon(1e-12));
      CHECK(r.mse_smoothed == doctest::Approx(run["mse_smoothed"].get<double>()).epsilon(1e-12));
      double from_weights = 0;
      for (std::size_t j = 0; j < r.last_weights.size(); ++j) from_weights += r.last_weights[j] * r.series.x[j];
      CHECK(from_weights == doctest::Approx(r.smoothed.back()).epsilon(1e-12));
    }
  }
}

TEST_CASE("smoothing: the proximity rule gives a word nine places back almost nothing at beta 0.9") {
  aw::NoisySeriesOptions o;
  const aw::SmoothingReport r = aw::run_smoothing(o, 0.9);
  CHECK(r.weight_at_language_lag == doctest::Approx(0.9 * std::pow(0.1, 9)));
  CHECK(r.weight_now == 0.9);
}
