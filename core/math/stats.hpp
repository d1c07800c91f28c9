// What a matrix's values look like taken together: their count, mean, standard deviation
// (population, as np.std), range, and a histogram of equal-width bins (as np.histogram). The
// page uses it to show that `normal(scale=0.5)` sets a standard deviation: the measured spread
// of W_q's values, not a factor applied to fixed numbers.
#pragma once
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/math/matrix.hpp"

namespace aw {

struct ValueSummary {
  long count = 0;
  double mean = 0;
  double std_dev = 0;  // sqrt(mean((x - mean)²)): ddof = 0, NumPy's default
  double min = 0;
  double max = 0;
  std::vector<double> bin_edges;  // bins + 1 edges, np.linspace(lo, hi, bins + 1)
  std::vector<long> bin_counts;   // values in [edge_k, edge_k+1); the last bin includes hi
};

inline constexpr int kMaxHistogramBins = 1000;

inline ValueSummary value_summary(const MatD& values, int bins) {
  if (values.size() == 0) throw InputError("a value summary needs at least one value");
  if (bins < 1 || bins > kMaxHistogramBins) {
    throw InputError("the histogram needs between 1 and " + std::to_string(kMaxHistogramBins) + " bins");
  }
  if (!values.allFinite()) throw InputError("a value summary needs finite values");
  ValueSummary s;
  s.count = static_cast<long>(values.size());
  s.min = values.minCoeff();
  s.max = values.maxCoeff();
  // Rescaled so that the sum of squares cannot overflow for values near the largest double.
  const double scale = std::max(std::abs(s.min), std::abs(s.max));
  const MatD scaled = scale > 0 ? MatD(values / scale) : values;
  const double mean_scaled = scaled.mean();
  s.mean = mean_scaled * scale;
  s.std_dev = std::sqrt((scaled.array() - mean_scaled).square().mean()) * scale;

  // np.histogram: equal bins over [min, max] (a single value v spans [v - 0.5, v + 0.5]).
  double lo = s.min, hi = s.max;
  if (lo == hi) {
    lo -= 0.5;
    hi += 0.5;
  }
  // Halves keep hi - lo finite for values near the largest double; scaling by 2 is exact, so
  // every edge and index below is the one NumPy computes from hi - lo.
  const double half_width = hi / 2 - lo / 2;
  const double step = 2 * (half_width / bins);
  s.bin_edges.resize(bins + 1);
  for (int k = 0; k <= bins; ++k) s.bin_edges[k] = k * step + lo;
  s.bin_edges[bins] = hi;
  s.bin_counts.assign(bins, 0);
  const double norm = bins / half_width;  // = 2 * bins / (hi - lo)
  for (Eigen::Index k = 0; k < values.size(); ++k) {
    const double v = values.data()[k];
    long index = static_cast<long>((v / 2 - lo / 2) * norm);
    if (index >= bins) index = bins - 1;
    if (index < 0) index = 0;
    // NumPy corrects the index against the edges themselves, so rounding never misplaces a value
    if (v < s.bin_edges[index]) index -= 1;
    else if (index != bins - 1 && v >= s.bin_edges[index + 1]) index += 1;
    s.bin_counts[index] += 1;
  }
  return s;
}

}  // namespace aw
