// Neighbours measured where they live: exact k nearest by cosine in the original space (the
// answer a projection is judged against), k nearest by Euclidean distance in a layout (what the
// eye sees on the screen), and two scores of how well a layout keeps the original neighbours.
#pragma once
#include <Eigen/Dense>
#include <vector>

#include "core/math/matrix.hpp"

namespace aw::space {

struct Neighbour {
  long index = 0;
  double value = 0;  // a cosine (original space) or a distance (layout)
};

// Cosine is undefined for a zero vector: refuses one (and non-finite values), naming its row.
void require_nonzero_rows(const Eigen::Ref<const Eigen::MatrixXf>& points);

// The k points most similar to point `query` by cosine (the query itself left out), highest
// first; equal cosines go to the lower index. Exact: every point is compared.
std::vector<Neighbour> nearest_by_cosine(const Eigen::Ref<const Eigen::MatrixXf>& points, long query, int k);

// The k points nearest to point `query` by Euclidean distance (the layout's sense of "near"),
// nearest first; equal distances go to the lower index.
std::vector<Neighbour> nearest_by_distance(const Eigen::Ref<const Eigen::MatrixXf>& points, long query, int k);

// For each of `queries`, the indices of its k nearest by cosine (as nearest_by_cosine), computed
// with the rows normalised once: the form for many queries at a time.
std::vector<std::vector<long>> cosine_neighbour_lists(const Eigen::Ref<const Eigen::MatrixXf>& points, int k,
                                                      const std::vector<long>& queries);

// The share of the entries of `before` (lists of equal length k) found in the matching list of
// `after`, averaged over the lists: 1 when every list is kept, whatever the order inside it.
double list_overlap(const std::vector<std::vector<long>>& before, const std::vector<std::vector<long>>& after);

// The fraction of each query's k cosine neighbours in `original` that are also among its k
// Euclidean neighbours in `layout` (same rows, same order), averaged over `queries`.
// 1 = every neighbour list kept; about k / N for a layout unrelated to the data.
double knn_recall(const Eigen::Ref<const Eigen::MatrixXf>& original, const Eigen::Ref<const Eigen::MatrixXf>& layout,
                  int k, const std::vector<long>& queries);

enum class Metric { euclidean, cosine };

// sklearn.manifold.trustworthiness(original, layout, n_neighbors=k, metric): 1 minus a penalty
// for every layout neighbour that is not an original neighbour, weighted by how far down the
// original ranking it sits. The original space uses `metric`, the layout Euclidean distance.
// Exact, O(N² d) time and O(N) memory; k < N / 2 as sklearn requires.
double trustworthiness(const Eigen::Ref<const Eigen::MatrixXf>& original, const Eigen::Ref<const Eigen::MatrixXf>& layout,
                       int k, Metric metric = Metric::euclidean);

}  // namespace aw::space
