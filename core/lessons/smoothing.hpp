// Chapter 3 (Class 04): exponential smoothing as an analogy for reweighting,
//   s_t = β x_t + (1 − β) s_{t−1},  with s_0 = x_0,
// on a noisy series drawn with NumPy's default_rng, so a NumPy script reproduces it exactly.
#pragma once
#include <cstdint>
#include <vector>

#include "core/math/matrix.hpp"

namespace aw {

struct NoisySeriesOptions {
  std::uint64_t seed = 0;
  int length = 120;
  double period = 40;       // of the clean signal sin(2π t / period)
  double noise_scale = 0.4;  // standard deviation of the noise
};

// rng = np.random.default_rng(seed); t = np.arange(length)
// signal = np.sin(2 * np.pi * t / period); x = signal + rng.normal(scale=noise_scale, size=length)
struct NoisySeries {
  std::vector<double> t, signal, x;
};
NoisySeries noisy_series(const NoisySeriesOptions& options);

// The recurrence, left to right. β = 1 copies x; small β smooths more (and lags more).
std::vector<double> exponential_smoothing(const std::vector<double>& x, double beta);

// s_t unrolled: s_t = Σ_j w_j x_j with w_j = β (1 − β)^(t − j) for j ≥ 1 and (1 − β)^t for
// j = 0. Returns w_0 … w_t; they add up to 1, and shrink with the distance t − j.
std::vector<double> smoothing_weights(int t, double beta);

struct SmoothingReport {
  NoisySeries series;
  double beta = 0;
  double previous_share = 0;  // 1 − β, the coefficient of s_{t−1}
  std::vector<double> smoothed;
  std::vector<double> last_weights;  // smoothing_weights(length − 1, β): how much each x_j counts in the last s
  double weight_sum = 0;             // of last_weights (1 up to rounding)
  double mse_noisy = 0;              // mean (x − signal)²
  double mse_smoothed = 0;           // mean (s − signal)²
  int language_lag = 9;              // "Noa" … "cat": nine words apart
  double weight_at_language_lag = 0; // β (1 − β)^9: what the proximity rule gives a word nine places back
  double weight_now = 0;             // β: what it gives the current point
};

constexpr int kMaxSeriesLength = 2000;

SmoothingReport run_smoothing(const NoisySeriesOptions& options, double beta);

}  // namespace aw
