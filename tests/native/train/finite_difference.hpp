// Central finite differences for the training tests: the gradient of a scalar function of one
// matrix, entry by entry, in double precision.
#pragma once
#include <functional>
#include <random>

#include "core/math/matrix.hpp"

namespace fd {

inline aw::MatD numeric_gradient(aw::MatD x, const std::function<double(const aw::MatD&)>& f, double h = 1e-6) {
  aw::MatD g(x.rows(), x.cols());
  for (long i = 0; i < x.rows(); ++i) {
    for (long j = 0; j < x.cols(); ++j) {
      const double keep = x(i, j);
      x(i, j) = keep + h;
      const double up = f(x);
      x(i, j) = keep - h;
      const double down = f(x);
      x(i, j) = keep;
      g(i, j) = (up - down) / (2 * h);
    }
  }
  return g;
}

inline aw::MatD random_matrix(long rows, long cols, unsigned seed) {
  std::mt19937 gen(seed);
  std::normal_distribution<double> normal(0.0, 1.0);
  aw::MatD m(rows, cols);
  for (long i = 0; i < m.size(); ++i) m.data()[i] = normal(gen);
  return m;
}

// ⟨G, M⟩: a scalar whose gradient with respect to M is G (the upstream gradient).
inline double weighted_sum(const aw::MatD& G, const aw::MatD& M) { return (G.array() * M.array()).sum(); }

inline double max_abs(const aw::MatD& a) { return a.size() ? a.cwiseAbs().maxCoeff() : 0.0; }

}  // namespace fd
