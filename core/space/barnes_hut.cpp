#include "core/space/barnes_hut.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/math/simd.hpp"
#include "core/space/parallel.hpp"

namespace aw::space {

namespace {
constexpr int kMaxDepth = 40;  // coincident points end in one leaf instead of splitting forever

// sum_group's two lanes in 2-D, two cells per instruction: even cells in lane 0, odd in lane 1,
// each lane with the scalar loop's operations in its order (the same sums to the bit). Returns
// the first cell not done.
std::size_t sum_pairs_2d(const double* yi, const double* along_x, const double* along_y, const double* weight, std::size_t cells,
                         double (&sum_q)[2], double (&pushed)[2][2]) {
  using namespace aw::simd;
  const D2 one = splat2(1.0), x = splat2(yi[0]), y = splat2(yi[1]);
  D2 total = make2(sum_q[0], sum_q[1]), push_x = make2(pushed[0][0], pushed[1][0]), push_y = make2(pushed[0][1], pushed[1][1]);
  std::size_t c = 0;
  for (; c + 1 < cells; c += 2) {
    const D2 dx = sub(x, load2(along_x + c)), dy = sub(y, load2(along_y + c));
    const D2 q = div(one, add(one, add(mul(dx, dx), mul(dy, dy))));
    const D2 count = load2(weight + c);
    total = add(total, mul(count, q));
    const D2 w = mul(mul(count, q), q);
    push_x = add(push_x, mul(w, dx));
    push_y = add(push_y, mul(w, dy));
  }
  sum_q[0] = lane0(total);
  sum_q[1] = lane1(total);
  pushed[0][0] = lane0(push_x);
  pushed[1][0] = lane1(push_x);
  pushed[0][1] = lane0(push_y);
  pushed[1][1] = lane1(push_y);
  return c;
}
}  // namespace

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
  // The top of the tree here, down to cells of at most split_count points; those subtrees on the
  // threads, each into its own list; then their cells appended in subtree order and the top's
  // centres of mass made from its children. Cell ids differ from a build in one piece, but no sum
  // depends on ids: walks go from the root through each cell's children in child order, so the
  // tree and every sum over it are the same whichever threads built it.
  const int split_count = std::max(256, n / 64);
  subtree_count_ = 0;
  split_cells_.clear();
  cells_.emplace_back();
  split_top(0, 0, n, centre, half, 0, split_count);
  sorted_.resize(static_cast<std::size_t>(n) * D);
  parallel_for(subtree_count_, 1, [&](int begin, int end, int) {
    for (int t = begin; t < end; ++t) {
      Subtree& task = subtrees_[static_cast<std::size_t>(t)];
      task.cells.resize(1);
      fill_cell(task.cells, 0, task.begin, task.count, task.centre, task.half_width, task.depth);
      for (int m = task.begin; m < task.begin + task.count; ++m)
        for (int a = 0; a < D; ++a) sorted_[static_cast<std::size_t>(m * D + a)] = y[order_[static_cast<std::size_t>(m)] * D + a];
    }
  });
  // each subtree's cells after the top's, in subtree order: local id 0 is the subtree's slot,
  // local ids 1… go from `shift` + 1 on
  const int top_cells = static_cast<int>(cells_.size());
  int at = top_cells;
  for (int t = 0; t < subtree_count_; ++t) {
    Subtree& task = subtrees_[static_cast<std::size_t>(t)];
    task.shift = at - 1;
    at += static_cast<int>(task.cells.size()) - 1;
  }
  cells_.resize(static_cast<std::size_t>(at));
  parallel_for(subtree_count_, 4, [&](int begin, int end, int) {
    for (int t = begin; t < end; ++t) {
      const Subtree& task = subtrees_[static_cast<std::size_t>(t)];
      for (std::size_t k = 0; k < task.cells.size(); ++k) {
        Cell cell = task.cells[k];
        if (cell.first_child >= 0) cell.first_child += task.shift;
        cells_[k == 0 ? static_cast<std::size_t>(task.slot) : static_cast<std::size_t>(task.shift) + k] = cell;
      }
    }
  });
  // a split cell's children come after it: in reverse, every child's centre is ready first
  for (auto it = split_cells_.rbegin(); it != split_cells_.rend(); ++it) set_mass_centre_from_children(cells_, cells_[static_cast<std::size_t>(*it)]);
}

template <int D>
void BarnesHutTree<D>::split_top(int id, int begin, int count, const double* centre, double half_width, int depth, int split_count) {
  if (count <= split_count || count <= kLeafSize || depth >= kMaxDepth) {
    if (subtree_count_ == static_cast<int>(subtrees_.size())) subtrees_.emplace_back();
    Subtree& task = subtrees_[static_cast<std::size_t>(subtree_count_++)];
    task.slot = id;
    task.begin = begin;
    task.count = count;
    task.depth = depth;
    task.half_width = half_width;
    for (int a = 0; a < D; ++a) task.centre[a] = centre[a];
    return;
  }
  int sizes[kChildren], starts[kChildren];
  Cell cell = split_cell(cells_, begin, count, centre, half_width, sizes, starts);
  cells_[static_cast<std::size_t>(id)] = cell;
  split_cells_.push_back(id);
  int slot = cell.first_child;
  for (int c = 0; c < kChildren; ++c) {
    if (sizes[c] == 0) continue;
    double child_centre[D];
    child_centre_of(centre, half_width, c, child_centre);
    split_top(slot++, starts[c], sizes[c], child_centre, 0.5 * half_width, depth + 1, split_count);
  }
}

template <int D>
void BarnesHutTree<D>::child_centre_of(const double* centre, double half_width, int child, double* child_centre) {
  const double h = 0.5 * half_width;
  for (int a = 0; a < D; ++a) child_centre[a] = centre[a] + ((child >> a) & 1 ? h : -h);
}

template <int D>
typename BarnesHutTree<D>::Cell BarnesHutTree<D>::split_cell(std::vector<Cell>& cells, int begin, int count, const double* centre,
                                                            double half_width, int* sizes, int* starts) {
  Cell cell;
  cell.begin = begin;
  cell.count = count;
  cell.width = 2 * half_width;
  // counting sort of the cell's points into its 2^D children by which side of each axis they fall
  for (int c = 0; c < kChildren; ++c) sizes[c] = 0;
  const auto child_of = [&](int point) {
    int c = 0;
    for (int a = 0; a < D; ++a) c |= (y_[point * D + a] >= centre[a] ? 1 : 0) << a;
    return c;
  };
  for (int m = begin; m < begin + count; ++m) ++sizes[child_of(order_[static_cast<std::size_t>(m)])];
  int fill[kChildren];
  for (int c = 0, at = begin; c < kChildren; at += sizes[c], ++c) starts[c] = fill[c] = at;
  for (int m = begin; m < begin + count; ++m) {
    const int p = order_[static_cast<std::size_t>(m)];
    scratch_[static_cast<std::size_t>(fill[child_of(p)]++)] = p;
  }
  std::copy(scratch_.begin() + begin, scratch_.begin() + begin + count, order_.begin() + begin);
  // children of one cell are consecutive: their slots reserved here, each filled by the caller
  int nonempty = 0;
  for (int c = 0; c < kChildren; ++c) nonempty += sizes[c] > 0;
  cell.first_child = static_cast<int>(cells.size());
  cell.children = nonempty;
  cells.resize(cells.size() + static_cast<std::size_t>(nonempty));
  return cell;
}

template <int D>
void BarnesHutTree<D>::set_mass_centre_from_children(const std::vector<Cell>& cells, Cell& cell) {
  // The centre of mass from the children's (count-weighted), not from every point again: each
  // level of the tree then costs its children, not its points.
  double weighted[D] = {};
  for (int k = cell.first_child; k < cell.first_child + cell.children; ++k) {
    const Cell& child = cells[static_cast<std::size_t>(k)];
    for (int a = 0; a < D; ++a) weighted[a] += child.count * child.mass_centre[a];
  }
  for (int a = 0; a < D; ++a) cell.mass_centre[a] = weighted[a] / cell.count;
}

template <int D>
void BarnesHutTree<D>::fill_cell(std::vector<Cell>& cells, int id, int begin, int count, const double* centre, double half_width,
                                 int depth) {
  if (count <= kLeafSize || depth >= kMaxDepth) {  // a leaf: the mean of its points
    Cell cell;
    cell.begin = begin;
    cell.count = count;
    cell.width = 2 * half_width;
    cell.first_child = -1;
    cell.children = 0;
    for (int a = 0; a < D; ++a) {
      double s = 0;
      for (int m = begin; m < begin + count; ++m) s += y_[order_[static_cast<std::size_t>(m)] * D + a];
      cell.mass_centre[a] = s / count;
    }
    cells[static_cast<std::size_t>(id)] = cell;
    return;
  }
  int sizes[kChildren], starts[kChildren];
  Cell cell = split_cell(cells, begin, count, centre, half_width, sizes, starts);
  int slot = cell.first_child;
  for (int c = 0; c < kChildren; ++c) {
    if (sizes[c] == 0) continue;
    double child_centre[D];
    child_centre_of(centre, half_width, c, child_centre);
    fill_cell(cells, slot++, starts[c], sizes[c], child_centre, 0.5 * half_width, depth + 1);
  }
  set_mass_centre_from_children(cells, cell);
  cells[static_cast<std::size_t>(id)] = cell;
}

template <int D>
double BarnesHutTree<D>::repulsion_all(double theta_squared, double* force) {
  const double inverse_theta = 1.0 / std::sqrt(theta_squared);
  // the largest cells of at most kGroupSize points, in tree order
  groups_.clear();
  int pending[kMaxDepth * ((1 << D) - 1) + 2];
  int pending_count = 0;
  pending[pending_count++] = 0;
  while (pending_count > 0) {
    const int id = pending[--pending_count];
    const Cell& group = cells_[static_cast<std::size_t>(id)];
    if (group.count > kGroupSize && group.first_child >= 0) {
      for (int c = group.children - 1; c >= 0; --c) pending[pending_count++] = group.first_child + c;
    } else {
      groups_.push_back(id);
    }
  }
  // Each group on some thread (its points' forces are its own), each group's Σ w kept apart and
  // added up below in tree order: the same total whichever threads ran.
  const int group_count = static_cast<int>(groups_.size());
  group_total_.resize(groups_.size());
  lists_.resize(static_cast<std::size_t>(thread_count()));
  pushed_.resize(sorted_.size());
  parallel_for(group_count, 8, [&](int begin, int end, int worker) {
    GroupList& list = lists_[static_cast<std::size_t>(worker)];
    for (int g = begin; g < end; ++g) {
      const Cell& group = cells_[static_cast<std::size_t>(groups_[static_cast<std::size_t>(g)])];
      list_cells_near(group, inverse_theta, list);
      group_total_[static_cast<std::size_t>(g)] = sum_group(group.begin, group.count, list);
    }
  });
  const int n = static_cast<int>(order_.size());
  for (int m = 0; m < n; ++m)
    for (int a = 0; a < D; ++a) force[order_[static_cast<std::size_t>(m)] * D + a] = pushed_[static_cast<std::size_t>(m * D + a)];
  double total = 0;
  for (double t : group_total_) total += t;
  return total;
}

template <int D>
void BarnesHutTree<D>::list_cells_near(const Cell& group, double inverse_theta, GroupList& list) const {
  // the group's centre (middle of its points' box) and radius
  double lo[D], hi[D], centre[D], radius2 = 0;
  for (int a = 0; a < D; ++a) lo[a] = hi[a] = sorted_[static_cast<std::size_t>(group.begin * D + a)];
  for (int m = group.begin; m < group.begin + group.count; ++m) {
    for (int a = 0; a < D; ++a) {
      lo[a] = std::min(lo[a], sorted_[static_cast<std::size_t>(m * D + a)]);
      hi[a] = std::max(hi[a], sorted_[static_cast<std::size_t>(m * D + a)]);
    }
  }
  for (int a = 0; a < D; ++a) centre[a] = 0.5 * (lo[a] + hi[a]);
  for (int m = group.begin; m < group.begin + group.count; ++m) {
    double r2 = 0;
    for (int a = 0; a < D; ++a) r2 += (sorted_[static_cast<std::size_t>(m * D + a)] - centre[a]) * (sorted_[static_cast<std::size_t>(m * D + a)] - centre[a]);
    radius2 = std::max(radius2, r2);
  }
  const double radius = std::sqrt(radius2);
  for (auto& axis : list.axis) axis.clear();
  list.count.clear();
  int walk[kMaxDepth * ((1 << D) - 1) + 2];
  int pending = 0;
  walk[pending++] = 0;
  while (pending > 0) {
    const Cell& cell = cells_[static_cast<std::size_t>(walk[--pending])];
    double d2 = 0;
    for (int a = 0; a < D; ++a) d2 += (cell.mass_centre[a] - centre[a]) * (cell.mass_centre[a] - centre[a]);
    // width < θ (d − r), d − r the nearest any point of the group can be: d > r + width / θ,
    // compared squared (no square root per cell; θ = 0 makes the reach infinite: never far).
    const double reach = radius + cell.width * inverse_theta;
    // A cell holding a point of the group is never far (with θ above 1/√2 it could pass the
    // test): each point then meets itself exactly once, among the near points.
    const bool holds_group = cell.begin < group.begin + group.count && group.begin < cell.begin + cell.count;
    if (!holds_group && d2 > reach * reach) {
      for (int a = 0; a < D; ++a) list.axis[a].push_back(cell.mass_centre[a]);
      list.count.push_back(cell.count);
    } else if (cell.first_child < 0) {  // a leaf near the group: its points one by one, as cells of 1
      for (int m = cell.begin; m < cell.begin + cell.count; ++m) {
        for (int a = 0; a < D; ++a) list.axis[a].push_back(sorted_[static_cast<std::size_t>(m * D + a)]);
        list.count.push_back(1.0);
      }
    } else {
      for (int c = 0; c < cell.children; ++c) walk[pending++] = cell.first_child + c;
    }
  }
}

template <int D>
double BarnesHutTree<D>::sum_group(int begin, int count, const GroupList& list) {
  double total = 0;
  const std::size_t cells = list.count.size();
  const double* axis[D];
  for (int a = 0; a < D; ++a) axis[a] = list.axis[a].data();
  const double* weight = list.count.data();
  for (int m = begin; m < begin + count; ++m) {
    const double* yi = &sorted_[static_cast<std::size_t>(m * D)];
    // two lanes, even and odd entries, summed apart and added at the end: twice the independent
    // work per step, in a fixed order (the same sums on every platform)
    double sum_q[2] = {0, 0}, pushed[2][D] = {};
    const auto add = [&](int lane, std::size_t c) {
      double diff[D], d2 = 0;
      for (int a = 0; a < D; ++a) {
        diff[a] = yi[a] - axis[a][c];
        d2 += diff[a] * diff[a];
      }
      const double q = kernel(d2);
      sum_q[lane] += weight[c] * q;
      const double w = weight[c] * q * q;
      for (int a = 0; a < D; ++a) pushed[lane][a] += w * diff[a];
    };
    std::size_t c = 0;
    if constexpr (D == 2) c = sum_pairs_2d(yi, axis[0], axis[1], weight, cells, sum_q, pushed);
    for (; c + 1 < cells; c += 2) {
      add(0, c);
      add(1, c + 1);
    }
    if (c < cells) add(0, c);
    // The point met itself among the near ones: d = 0, w = 1, no push. Taken out here rather
    // than skipped in the loop (a branch per pair).
    const double own = (sum_q[0] + sum_q[1]) - 1.0;
    for (int a = 0; a < D; ++a) pushed_[static_cast<std::size_t>(m * D + a)] = pushed[0][a] + pushed[1][a];
    total += own;
  }
  return total;
}

template class BarnesHutTree<2>;
template class BarnesHutTree<3>;

}  // namespace aw::space
