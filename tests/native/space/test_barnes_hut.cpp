// The Barnes–Hut tree (core/space/barnes_hut.hpp) on its own: built in pieces (the top here, the
// subtrees on the threads), it must still hold every point once, so with θ = 0 (no cell ever far)
// its sums are the exact ones; and its forces must be the same bits on 1, 2 or 4 threads, also
// when many points coincide (cells that stop splitting at the depth limit).
#include <cmath>
#include <cstring>
#include <vector>

#include "core/space/barnes_hut.hpp"
#include "core/space/parallel.hpp"
#include "doctest/doctest.h"

namespace {

// Points on a few clusters of different spreads, some of them exactly on top of each other.
std::vector<double> clustered_points(int n, int dims, bool with_duplicates) {
  std::vector<double> y(static_cast<std::size_t>(n) * dims);
  unsigned state = 12345;
  const auto uniform = [&] {
    state = state * 1664525u + 1013904223u;
    return (state >> 8) / 16777216.0;
  };
  for (int i = 0; i < n; ++i) {
    const int cluster = i % 5;
    for (int a = 0; a < dims; ++a) {
      const double centre = cluster * 7.0 * (a == 0 ? 1 : -1);
      y[static_cast<std::size_t>(i * dims + a)] = centre + (uniform() - 0.5) * (cluster + 1);
    }
    if (with_duplicates && i % 3 == 0 && i > 0) {  // every third point on top of the one before
      for (int a = 0; a < dims; ++a) y[static_cast<std::size_t>(i * dims + a)] = y[static_cast<std::size_t>((i - 1) * dims + a)];
    }
  }
  return y;
}

template <int D>
double exact_repulsion(const std::vector<double>& y, int n, std::vector<double>& force) {
  force.assign(y.size(), 0.0);
  double total = 0;
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      if (i == j) continue;
      double diff[D], d2 = 0;
      for (int a = 0; a < D; ++a) {
        diff[a] = y[static_cast<std::size_t>(i * D + a)] - y[static_cast<std::size_t>(j * D + a)];
        d2 += diff[a] * diff[a];
      }
      const double w = aw::space::BarnesHutTree<D>::kernel(d2);
      total += w;
      for (int a = 0; a < D; ++a) force[static_cast<std::size_t>(i * D + a)] += w * w * diff[a];
    }
  }
  return total;
}

template <int D>
double tree_repulsion(const std::vector<double>& y, int n, double theta, int threads, std::vector<double>& force) {
  aw::space::set_thread_count(threads);
  aw::space::BarnesHutTree<D> tree;
  tree.build(y.data(), n);
  force.assign(y.size(), 0.0);
  const double total = tree.repulsion_all(theta * theta, force.data());
  aw::space::set_thread_count(1);
  return total;
}

template <int D>
void check_exact_at_theta_zero() {
  const int n = 2000;  // above the size the top is split at (256): the tree is built in many pieces
  const std::vector<double> y = clustered_points(n, D, false);
  std::vector<double> exact, tree;
  const double exact_total = exact_repulsion<D>(y, n, exact);
  const double tree_total = tree_repulsion<D>(y, n, 0.0, 2, tree);
  CHECK(tree_total == doctest::Approx(exact_total).epsilon(1e-12));
  double worst = 0, largest = 0;
  for (std::size_t c = 0; c < y.size(); ++c) {
    worst = std::max(worst, std::abs(tree[c] - exact[c]));
    largest = std::max(largest, std::abs(exact[c]));
  }
  CHECK(worst <= 1e-12 * largest);
}

template <int D>
void check_same_bits_on_any_threads(bool with_duplicates) {
  const int n = 3000;
  const std::vector<double> y = clustered_points(n, D, with_duplicates);
  std::vector<double> one, many;
  const double total_one = tree_repulsion<D>(y, n, 0.5, 1, one);
  for (int threads : {2, 4}) {
    CAPTURE(threads);
    const double total = tree_repulsion<D>(y, n, 0.5, threads, many);
    CHECK(std::memcmp(&total, &total_one, sizeof total) == 0);
    CHECK(std::memcmp(many.data(), one.data(), sizeof(double) * one.size()) == 0);
  }
}

}  // namespace

TEST_CASE("Barnes-Hut with theta 0 gives the exact sums: every point in the tree once (2-D and 3-D)") {
  check_exact_at_theta_zero<2>();
  check_exact_at_theta_zero<3>();
}

TEST_CASE("Barnes-Hut forces are the same bits on 1, 2 and 4 threads, coincident points included") {
  check_same_bits_on_any_threads<2>(false);
  check_same_bits_on_any_threads<2>(true);
  check_same_bits_on_any_threads<3>(true);
}
