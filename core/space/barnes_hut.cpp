#include "core/space/barnes_hut.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace aw::space {

namespace {
constexpr int kMaxDepth = 40;  // coincident points end in one leaf instead of splitting forever
}

template <int D>
void BarnesHutTree<D>::build(const double* y, int n) {
  y_ = y;
  cells_.clear();
  order_.resize(static_cast<std::size_t>(n));
  std::iota(order_.begin(), order_.end(), 0);
  scratch_.resize(order_.size());
  double lo[D], hi[D], centre[D];
  for (int a = 0; a < D; ++a) lo[a] = hi[a] = y[a];
  for (int i = 0; i < n; ++i) {
    for (int a = 0; a < D; ++a) {
      lo[a] = std::min(lo[a], y[i * D + a]);
      hi[a] = std::max(hi[a], y[i * D + a]);
    }
  }
  double half = 0;
  for (int a = 0; a < D; ++a) {
    centre[a] = 0.5 * (lo[a] + hi[a]);
    half = std::max(half, 0.5 * (hi[a] - lo[a]));
  }
  half = half * (1 + 1e-6) + 1e-12;
  cells_.emplace_back();
  fill_cell(0, 0, n, centre, half, 0);
}

template <int D>
void BarnesHutTree<D>::fill_cell(int id, int begin, int count, const double* centre, double half_width, int depth) {
  Cell cell{};
  cell.begin = begin;
  cell.count = count;
  cell.half_width = half_width;
  cell.first_child = -1;
  cell.children = 0;
  for (int a = 0; a < D; ++a) {
    cell.centre[a] = centre[a];
    double s = 0;
    for (int m = begin; m < begin + count; ++m) s += y_[order_[static_cast<std::size_t>(m)] * D + a];
    cell.mass_centre[a] = s / count;
  }
  if (count > 1 && depth < kMaxDepth) {
    // counting sort of the cell's points into its 2^D children by which side of each axis they fall
    constexpr int kChildren = 1 << D;
    int sizes[kChildren] = {};
    const auto child_of = [&](int point) {
      int c = 0;
      for (int a = 0; a < D; ++a) c |= (y_[point * D + a] >= centre[a] ? 1 : 0) << a;
      return c;
    };
    for (int m = begin; m < begin + count; ++m) ++sizes[child_of(order_[static_cast<std::size_t>(m)])];
    int starts[kChildren], fill[kChildren];
    for (int c = 0, at = begin; c < kChildren; at += sizes[c], ++c) starts[c] = fill[c] = at;
    for (int m = begin; m < begin + count; ++m) {
      const int p = order_[static_cast<std::size_t>(m)];
      scratch_[static_cast<std::size_t>(fill[child_of(p)]++)] = p;
    }
    std::copy(scratch_.begin() + begin, scratch_.begin() + begin + count, order_.begin() + begin);
    // children of one cell are consecutive: reserve their slots first, then fill each
    int nonempty = 0;
    for (int c = 0; c < kChildren; ++c) nonempty += sizes[c] > 0;
    cell.first_child = static_cast<int>(cells_.size());
    cell.children = nonempty;
    cells_[static_cast<std::size_t>(id)] = cell;
    cells_.resize(cells_.size() + static_cast<std::size_t>(nonempty));
    int slot = cell.first_child;
    for (int c = 0; c < kChildren; ++c) {
      if (sizes[c] == 0) continue;
      double child_centre[D];
      const double h = 0.5 * half_width;
      for (int a = 0; a < D; ++a) child_centre[a] = centre[a] + ((c >> a) & 1 ? h : -h);
      fill_cell(slot++, starts[c], sizes[c], child_centre, h, depth + 1);
    }
    return;
  }
  cells_[static_cast<std::size_t>(id)] = cell;
}

template <int D>
double BarnesHutTree<D>::repulsion(int i, double theta_squared, double* force) const {
  const double* yi = y_ + i * D;
  double sum_q = 0;
  std::vector<int>& stack = stack_;
  stack.clear();
  stack.push_back(0);
  while (!stack.empty()) {
    const Cell& cell = cells_[static_cast<std::size_t>(stack.back())];
    stack.pop_back();
    if (cell.first_child < 0) {
      for (int m = cell.begin; m < cell.begin + cell.count; ++m) {
        const int j = order_[static_cast<std::size_t>(m)];
        if (j == i) continue;
        double diff[D], d2 = 0;
        for (int a = 0; a < D; ++a) {
          diff[a] = yi[a] - y_[j * D + a];
          d2 += diff[a] * diff[a];
        }
        const double q = kernel(d2);
        sum_q += q;
        for (int a = 0; a < D; ++a) force[a] += q * q * diff[a];
      }
      continue;
    }
    double diff[D], d2 = 0;
    for (int a = 0; a < D; ++a) {
      diff[a] = yi[a] - cell.mass_centre[a];
      d2 += diff[a] * diff[a];
    }
    const double width = 2 * cell.half_width;
    if (width * width < theta_squared * d2) {
      const double q = kernel(d2);
      sum_q += cell.count * q;
      const double w = cell.count * q * q;
      for (int a = 0; a < D; ++a) force[a] += w * diff[a];
    } else {
      for (int c = 0; c < cell.children; ++c) stack.push_back(cell.first_child + c);
    }
  }
  return sum_q;
}

template class BarnesHutTree<2>;
template class BarnesHutTree<3>;

}  // namespace aw::space
