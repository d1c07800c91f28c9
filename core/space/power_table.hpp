// Two table-driven functions for the layouts' inner loops; both use only + − × and bit moves, so
// the same bits natively and in wasm. A zero, subnormal, infinite or NaN x goes to exact::.
//
// PowerTable: x^b for one fixed exponent b, the pow that UMAP's SGD takes once per sample (b is its curve's,
// fixed for a run), from two small tables made once for b:
//   x = m 2^E with m in [1, 2) (read from the bits), and m = m0 (1 + δ), m0 the centre of one of
//   256 bins of [1, 2) picked by m's top 8 mantissa bits, |δ| < 2^-9:
//   x^b = 2^{E b} · m0^b · (1 + b δ + b(b−1)/2 δ² + b(b−1)(b−2)/6 δ³)
// The tables hold 2^{E b} and m0^b (exact::pow) and 1/m0; the series' first left-out term is
// below 2e-12 of the result. About ten multiply-adds and three table reads where exact::pow takes
// some thirty dependent steps; only + − × and bit moves, so the same bits natively and in wasm.
//
// table_log: ln x = E ln 2 + ln m0 + ln(1 + δ), the same bins, ln(1 + δ) to δ⁵/5 (the next term is
// below 1e-17): t-SNE's KL takes one log per affinity, more work than an iteration at thousands
// of points, and the page asks for it with every frame.
#pragma once
#include <cstdint>
#include <cstring>
#include <vector>

#include "core/space/exact_math.hpp"

namespace aw::space {

class PowerTable {
 public:
  explicit PowerTable(double b) : b_(b), c2_(b * (b - 1) / 2), c3_(b * (b - 1) * (b - 2) / 6) {
    exponent_power_.resize(2047);
    for (int biased = 1; biased <= 2046; ++biased) exponent_power_[biased] = exact::pow(2.0, (biased - 1023) * b);
    centre_power_.resize(kBins);
    centre_inverse_.resize(kBins);
    for (int bin = 0; bin < kBins; ++bin) {
      const double centre = 1.0 + (bin + 0.5) / kBins;  // exact: a multiple of 2^-9
      centre_power_[bin] = exact::pow(centre, b);
      centre_inverse_[bin] = 1.0 / centre;
    }
  }

  double operator()(double x) const {
    std::uint64_t bits;
    std::memcpy(&bits, &x, sizeof bits);
    const auto biased = static_cast<int>(bits >> 52);  // the sign bit included: a negative x is >= 2048
    if (biased == 0 || biased >= 2047) return exact::pow(x, b_);
    const std::uint64_t mantissa_bits = (bits & 0x000fffffffffffffULL) | 0x3ff0000000000000ULL;
    double m;  // [1, 2)
    std::memcpy(&m, &mantissa_bits, sizeof m);
    const auto bin = static_cast<int>((bits >> (52 - kBinBits)) & (kBins - 1));
    const double delta = m * centre_inverse_[bin] - 1;
    const double series = ((c3_ * delta + c2_) * delta + b_) * delta + 1;
    return exponent_power_[biased] * (centre_power_[bin] * series);
  }

 private:
  static constexpr int kBinBits = 8, kBins = 1 << kBinBits;
  double b_, c2_, c3_;
  std::vector<double> exponent_power_;  // 2^{(biased − 1023) b}, by biased exponent 1 … 2046
  std::vector<double> centre_power_, centre_inverse_;
};

namespace detail {
struct LogBins {
  static constexpr int kBinBits = 8, kBins = 1 << kBinBits;
  double log_centre[kBins], centre_inverse[kBins];
  LogBins() {
    for (int bin = 0; bin < kBins; ++bin) {
      const double centre = 1.0 + (bin + 0.5) / kBins;
      log_centre[bin] = exact::log(centre);
      centre_inverse[bin] = 1.0 / centre;
    }
  }
};
}  // namespace detail

inline double table_log(double x) {
  static const detail::LogBins bins;
  std::uint64_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  const auto biased = static_cast<int>(bits >> 52);
  if (biased == 0 || biased >= 2047) return exact::log(x);
  const std::uint64_t mantissa_bits = (bits & 0x000fffffffffffffULL) | 0x3ff0000000000000ULL;
  double m;  // [1, 2)
  std::memcpy(&m, &mantissa_bits, sizeof m);
  const auto bin = static_cast<int>((bits >> (52 - detail::LogBins::kBinBits)) & (detail::LogBins::kBins - 1));
  const double delta = m * bins.centre_inverse[bin] - 1;
  const double series = (((delta * (1.0 / 5) - 0.25) * delta + 1.0 / 3) * delta - 0.5) * delta * delta + delta;
  const double e = biased - 1023;
  return (series + bins.log_centre[bin]) + e * exact::kLn2Lo + e * exact::kLn2Hi;
}

}  // namespace aw::space
