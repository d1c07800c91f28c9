// The Barnes–Hut tree of t-SNE's repulsion: a quadtree (2-D) or octree (3-D) over the current
// layout, rebuilt every iteration. A cell seen from a point at squared distance d² stands for all
// its points (at their centre of mass) when width² < θ² d², as in sklearn's _quad_tree
// (squared_max_width / dist² < θ²); leaves are summed point by point, the point itself left out.
// The test is made once for a group of nearby points (repulsion_all), with the group's radius.
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
  // Writes Σ_j w_ij² (y_i − y_j) to force[i] for every point i (force: n × D) and returns
  // Σ_i Σ_j w_ij (the normaliser Z of q_ij = w_ij / Z), the point itself left out of its sums.
  // Points go in groups of nearby points (the largest cells of at most kGroupSize): one walk of
  // the tree per group lists the cells far enough from every point of the group
  // (width² < θ² (d − r)², d from the group's centre, r its radius) and the points of the leaves
  // near it; then each point of the group sums over that list in a loop with no branch. A cell far
  // enough from the whole group is far enough from each of its points (sklearn's test, point by
  // point), so the sums are as close to the exact ones as a walk per point gives, or closer.
  double repulsion_all(double theta_squared, double* force);

 private:
  struct Cell {
    double mass_centre[D];
    double width;  // 2 · half width: the cell stands for its points when width < θ d
    int count, begin, first_child, children;  // points order_[begin, begin+count)
    // Fields are set where a cell is made (split_cell, fill_cell); an empty constructor lets
    // build size its lists without zeroing them first.
    Cell() {}
  };
  static constexpr int kChildren = 1 << D;
  // A subtree the threads build (build): its slot in cells_, its points and its box; `cells` is
  // its own list while it is built (its root at 0), kept from build to build for its capacity.
  struct alignas(64) Subtree {  // a cache line of its own: each thread grows its `cells`
    int slot, begin, count, depth;
    int shift;  // where its cells go in cells_: local id k > 0 at shift + k
    double centre[D], half_width;
    std::vector<Cell> cells;
  };
  // Splits cells of more than split_count points (the top of the tree, in cells_); each smaller
  // cell becomes a Subtree for the threads.
  void split_top(int id, int begin, int count, const double* centre, double half_width, int depth, int split_count);
  // Writes cell `id` of `cells` (already allocated) and, below it, its children.
  void fill_cell(std::vector<Cell>& cells, int id, int begin, int count, const double* centre, double half_width, int depth);
  // Sorts the points of a cell into its children's ranges of order_ and reserves the children's
  // slots at the end of `cells`: the cell without its centre of mass, sizes and starts per child.
  Cell split_cell(std::vector<Cell>& cells, int begin, int count, const double* centre, double half_width, int* sizes, int* starts);
  static void child_centre_of(const double* centre, double half_width, int child, double* child_centre);
  static void set_mass_centre_from_children(const std::vector<Cell>& cells, Cell& cell);

  static constexpr int kLeafSize = 1;  // a leaf per point, as sklearn's tree
  static constexpr int kGroupSize = 16;
  // One group's list: the far cells' mass centres by axis and their point counts, then the near
  // points, each as a cell of one. One per thread (parallel.hpp), reused from group to group.
  // (Aligned to a cache line: the threads' lists sit side by side, and each push_back writes its
  // vector's header; sharing a line would make every push wait for the other core.)
  struct alignas(64) GroupList {
    std::vector<double> axis[D], count;
  };
  // Fills `list` for the group (one walk of the tree), then sums over it for the group's points;
  // sum_group returns the group's Σ w.
  void list_cells_near(const Cell& group, double inverse_theta, GroupList& list) const;
  double sum_group(int begin, int count, const GroupList& list);
  const double* y_ = nullptr;
  std::vector<Cell> cells_;
  std::vector<int> order_, scratch_;
  std::vector<double> sorted_;  // the points' coordinates in order_'s order: a leaf's are contiguous
  std::vector<double> pushed_;  // repulsion_all's forces in order_'s order: each thread writes its own lines
  std::vector<Subtree> subtrees_;  // build's subtrees; the first subtree_count_ are this build's
  int subtree_count_ = 0;
  std::vector<int> split_cells_;  // the top's cells, split in build before the threads run
  std::vector<int> groups_;         // repulsion_all's groups (cell ids), in tree order
  std::vector<double> group_total_;  // and each one's Σ w
  std::vector<GroupList> lists_;
};

extern template class BarnesHutTree<2>;
extern template class BarnesHutTree<3>;

}  // namespace aw::space
