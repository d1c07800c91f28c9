#include "core/math/positional.hpp"

#include <cmath>

namespace aw {

MatD sinusoidal_positional_encoding(long tokens, long d) {
  if (tokens < 0 || d < 1) throw InputError("positional encoding needs a width of at least 1");
  if (tokens > kMaxPositions || d > kMaxPositionalWidth) {
    throw InputError("positional encoding: at most " + std::to_string(kMaxPositions) + " positions of width " +
                     std::to_string(kMaxPositionalWidth) + " (asked for " + std::to_string(tokens) + " x " +
                     std::to_string(d) + ")");
  }
  MatD pe(tokens, d);
  for (long pos = 0; pos < tokens; ++pos) {
    for (long c = 0; c < d; ++c) {
      const long two_k = c - (c % 2);  // 2k for both columns of a sin/cos pair
      // Written as the paper writes it (and as the NumPy reference computes it).
      const double angle =
          static_cast<double>(pos) / std::pow(10000.0, static_cast<double>(two_k) / static_cast<double>(d));
      pe(pos, c) = (c % 2 == 0) ? std::sin(angle) : std::cos(angle);
    }
  }
  return pe;
}

}  // namespace aw
