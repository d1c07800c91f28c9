#include "core/lessons/smoothing.hpp"

#include <cmath>
#include <string>

#include "core/rng/numpy_generator.hpp"

namespace aw {
namespace {

void check_beta(double beta) {
  if (!(beta > 0.0 && beta <= 1.0)) {
    throw InputError("β must be above 0 and at most 1: it is the share of the current observation.");
  }
}

double mean_squared_gap(const std::vector<double>& a, const std::vector<double>& b) {
  double sum = 0;
  for (std::size_t i = 0; i < a.size(); ++i) sum += (a[i] - b[i]) * (a[i] - b[i]);
  return a.empty() ? 0 : sum / static_cast<double>(a.size());
}

}  // namespace

NoisySeries noisy_series(const NoisySeriesOptions& o) {
  if (o.length < 2 || o.length > kMaxSeriesLength) {
    throw InputError("The series length must be from 2 to " + std::to_string(kMaxSeriesLength) + ".");
  }
  if (!(o.period > 0) || !std::isfinite(o.period)) throw InputError("The period must be a positive number.");
  if (!(o.noise_scale >= 0) || !std::isfinite(o.noise_scale)) {
    throw InputError("The noise level must be zero or a positive number.");
  }
  rng::NumpyGenerator generator(o.seed);
  const std::vector<double> noise = generator.normal(static_cast<std::size_t>(o.length), 0.0, o.noise_scale);
  NoisySeries s;
  const double two_pi = 2 * 3.14159265358979323846;  // np.pi
  for (int i = 0; i < o.length; ++i) {
    const double t = i;
    s.t.push_back(t);
    // NumPy evaluates 2 * np.pi * t / period left to right
    s.signal.push_back(std::sin(two_pi * t / o.period));
    s.x.push_back(s.signal.back() + noise[static_cast<std::size_t>(i)]);
  }
  return s;
}

std::vector<double> exponential_smoothing(const std::vector<double>& x, double beta) {
  check_beta(beta);
  std::vector<double> s;
  s.reserve(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) {
    s.push_back(i == 0 ? x[0] : beta * x[i] + (1 - beta) * s[i - 1]);
  }
  return s;
}

std::vector<double> smoothing_weights(int t, double beta) {
  check_beta(beta);
  if (t < 0) throw InputError("smoothing_weights: t must be non-negative");
  std::vector<double> w(static_cast<std::size_t>(t) + 1);
  for (int j = 0; j <= t; ++j) {
    const double decay = std::pow(1 - beta, t - j);
    w[static_cast<std::size_t>(j)] = j == 0 ? decay : beta * decay;
  }
  return w;
}

SmoothingReport run_smoothing(const NoisySeriesOptions& options, double beta) {
  check_beta(beta);
  SmoothingReport r;
  r.series = noisy_series(options);
  r.beta = beta;
  r.previous_share = 1 - beta;
  r.smoothed = exponential_smoothing(r.series.x, beta);
  r.last_weights = smoothing_weights(options.length - 1, beta);
  for (double w : r.last_weights) r.weight_sum += w;
  r.mse_noisy = mean_squared_gap(r.series.x, r.series.signal);
  r.mse_smoothed = mean_squared_gap(r.smoothed, r.series.signal);
  r.weight_now = beta;
  r.weight_at_language_lag = beta * std::pow(1 - beta, r.language_lag);
  return r;
}

}  // namespace aw
