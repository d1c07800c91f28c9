// The Barnes–Hut tree of t-SNE's repulsion: a quadtree (2-D) or octree (3-D) over the current
// layout, rebuilt every iteration. A cell seen from a point at squared distance d² stands for all
// its points (at their centre of mass) when width² < θ² d², as in sklearn's _quad_tree
// (squared_max_width / dist² < θ²); leaves are summed point by point, the point itself skipped.
// The kernel is sklearn's Student t with dof = max(D − 1, 1): w = (dof / (dof + d²))^((dof+1)/2),
// so 1/(1+d²) in 2-D and (2/(2+d²))^1.5 in 3-D.
#pragma once
#include <cmath>
#include <vector>

namespace aw::space {

template <int D>
class BarnesHutTree {
 public:
  // `y` holds n points of D doubles each; it must outlive the queries.
  void build(const double* y, int n);
  static double kernel(double d2) {
    if constexpr (D == 2) {
      return 1.0 / (1.0 + d2);
    } else {
      const double x = 2.0 / (2.0 + d2);
      return x * std::sqrt(x);
    }
  }
  // Adds Σ_j w_ij² (y_i − y_j) to `force` and returns Σ_j w_ij (the normaliser Z of q_ij = w_ij / Z).
  double repulsion(int i, double theta_squared, double* force) const;

 private:
  struct Cell {
    double mass_centre[D];
    double centre[D];
    double half_width;
    int count, begin, first_child, children;  // points order_[begin, begin+count)
  };
  // Writes cell `id` (already allocated) and, below it, its children.
  void fill_cell(int id, int begin, int count, const double* centre, double half_width, int depth);

  const double* y_ = nullptr;
  std::vector<Cell> cells_;
  std::vector<int> order_, scratch_;
  mutable std::vector<int> stack_;  // the traversal's pending cells, kept to avoid reallocating
};

extern template class BarnesHutTree<2>;
extern template class BarnesHutTree<3>;

}  // namespace aw::space
