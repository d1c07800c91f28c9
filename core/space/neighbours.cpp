#include "core/space/neighbours.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

#include "core/space/pca.hpp"

namespace aw::space {

namespace {

void require_query(long n, long query, int k) {
  if (query < 0 || query >= n) {
    throw InputError("point " + std::to_string(query + 1) + " does not exist: there are " + std::to_string(n));
  }
  if (k < 1 || k > n - 1) {
    throw InputError("k must be from 1 to " + std::to_string(n - 1) + " (the other points); it is " + std::to_string(k));
  }
}

// The k best of `scores` (query excluded): higher first when `descending`, ties to lower index.
std::vector<Neighbour> best_k(const Eigen::VectorXd& scores, long query, int k, bool descending) {
  std::vector<long> order(static_cast<std::size_t>(scores.size()));
  std::iota(order.begin(), order.end(), 0L);
  order.erase(order.begin() + query);
  const auto better = [&](long a, long b) {
    if (scores(a) != scores(b)) return descending ? scores(a) > scores(b) : scores(a) < scores(b);
    return a < b;
  };
  std::partial_sort(order.begin(), order.begin() + k, order.end(), better);
  std::vector<Neighbour> out;
  for (int i = 0; i < k; ++i) out.push_back({order[static_cast<std::size_t>(i)], scores(order[static_cast<std::size_t>(i)])});
  return out;
}

// Column by column (the storage order), in double, without copying the points.
Eigen::VectorXd cosines_to(const Eigen::Ref<const Eigen::MatrixXf>& points, long query) {
  const long n = points.rows();
  Eigen::VectorXd dots = Eigen::VectorXd::Zero(n), norms = Eigen::VectorXd::Zero(n);
  for (long c = 0; c < points.cols(); ++c) {
    const double q = points(query, c);
    for (long i = 0; i < n; ++i) {
      const double v = points(i, c);
      dots(i) += v * q;
      norms(i) += v * v;
    }
  }
  norms = norms.cwiseSqrt();
  return dots.cwiseQuotient(norms * norms(query));
}

Eigen::VectorXd squared_distances_to(const Eigen::Ref<const Eigen::MatrixXf>& points, long query) {
  const Eigen::MatrixXd X = points.cast<double>();
  return (X.rowwise() - X.row(query)).rowwise().squaredNorm();
}

// Unit rows in double precision, computed once for many queries.
Eigen::MatrixXd unit_rows(const Eigen::Ref<const Eigen::MatrixXf>& points) {
  const Eigen::MatrixXd X = points.cast<double>();
  return X.array().colwise() / X.rowwise().norm().array();
}

}  // namespace

void require_nonzero_rows(const Eigen::Ref<const Eigen::MatrixXf>& points) {
  require_points(points, 2, 1, "Finding neighbours");
  for (long i = 0; i < points.rows(); ++i) {
    if (points.row(i).squaredNorm() == 0.0f) {
      throw InputError("point " + std::to_string(i + 1) +
                       " is a zero vector: its cosine with anything is undefined (0 / 0), so it has no neighbours by cosine");
    }
  }
}

std::vector<Neighbour> nearest_by_cosine(const Eigen::Ref<const Eigen::MatrixXf>& points, long query, int k) {
  require_nonzero_rows(points);
  require_query(points.rows(), query, k);
  return best_k(cosines_to(points, query), query, k, true);
}

std::vector<Neighbour> nearest_by_distance(const Eigen::Ref<const Eigen::MatrixXf>& points, long query, int k) {
  require_points(points, 2, 1, "Finding neighbours");
  require_query(points.rows(), query, k);
  std::vector<Neighbour> out = best_k(squared_distances_to(points, query), query, k, false);
  for (auto& n : out) n.value = std::sqrt(n.value);
  return out;
}

std::vector<std::vector<long>> cosine_neighbour_lists(const Eigen::Ref<const Eigen::MatrixXf>& points, int k,
                                                      const std::vector<long>& queries) {
  require_nonzero_rows(points);
  const Eigen::MatrixXd unit = unit_rows(points);
  std::vector<std::vector<long>> lists;
  for (long q : queries) {
    require_query(points.rows(), q, k);
    std::vector<long> list;
    for (const auto& n : best_k(unit * unit.row(q).transpose(), q, k, true)) list.push_back(n.index);
    lists.push_back(std::move(list));
  }
  return lists;
}

double list_overlap(const std::vector<std::vector<long>>& before, const std::vector<std::vector<long>>& after) {
  if (before.empty() || before.size() != after.size()) throw InputError("neighbour lists to compare must pair up");
  double share = 0;
  for (std::size_t q = 0; q < before.size(); ++q) {
    if (before[q].empty()) throw InputError("a neighbour list is empty");
    long kept = 0;
    for (long b : before[q]) kept += std::find(after[q].begin(), after[q].end(), b) != after[q].end() ? 1 : 0;
    share += static_cast<double>(kept) / static_cast<double>(before[q].size());
  }
  return share / static_cast<double>(before.size());
}

double knn_recall(const Eigen::Ref<const Eigen::MatrixXf>& original, const Eigen::Ref<const Eigen::MatrixXf>& layout,
                  int k, const std::vector<long>& queries) {
  require_points(layout, 2, 1, "The layout");
  if (layout.rows() != original.rows()) throw InputError("the layout and the original space must have the same points");
  if (queries.empty()) throw InputError("k-NN recall needs at least one query point");
  const std::vector<std::vector<long>> before = cosine_neighbour_lists(original, k, queries);
  const Eigen::MatrixXd Y = layout.cast<double>();
  std::vector<std::vector<long>> after;
  for (long q : queries) {
    std::vector<long> list;
    for (const auto& n : best_k((Y.rowwise() - Y.row(q)).rowwise().squaredNorm(), q, k, false)) list.push_back(n.index);
    after.push_back(std::move(list));
  }
  return list_overlap(before, after);
}

double trustworthiness(const Eigen::Ref<const Eigen::MatrixXf>& original, const Eigen::Ref<const Eigen::MatrixXf>& layout,
                       int k, Metric metric) {
  if (metric == Metric::cosine) require_nonzero_rows(original);
  else require_points(original, 2, 1, "Trustworthiness");
  require_points(layout, 2, 1, "The layout");
  const long n = original.rows();
  if (layout.rows() != n) throw InputError("the layout and the original space must have the same points");
  if (k < 1 || 2.0 * k >= static_cast<double>(n)) {
    throw InputError("trustworthiness needs 1 ≤ k < N / 2 (sklearn's rule); k = " + std::to_string(k) + ", N = " +
                     std::to_string(n));
  }
  const Eigen::MatrixXd X = metric == Metric::cosine ? unit_rows(original) : Eigen::MatrixXd(original.cast<double>());
  std::vector<long> rank(static_cast<std::size_t>(n));
  std::vector<long> order;
  double penalty = 0;
  for (long i = 0; i < n; ++i) {
    // the original ranking of every point seen from i (sklearn: argsort of the distance row, self at infinity)
    const Eigen::VectorXd dist = metric == Metric::cosine ? Eigen::VectorXd(1.0 - (X * X.row(i).transpose()).array())
                                                          : Eigen::VectorXd((X.rowwise() - X.row(i)).rowwise().squaredNorm());
    order.resize(static_cast<std::size_t>(n));
    std::iota(order.begin(), order.end(), 0L);
    order.erase(order.begin() + i);
    std::stable_sort(order.begin(), order.end(), [&](long a, long b) { return dist(a) < dist(b); });
    for (long r = 0; r < n - 1; ++r) rank[static_cast<std::size_t>(order[static_cast<std::size_t>(r)])] = r + 1;
    for (const auto& near : nearest_by_distance(layout, i, k)) {
      const long beyond = rank[static_cast<std::size_t>(near.index)] - k;
      if (beyond > 0) penalty += static_cast<double>(beyond);
    }
  }
  const double nd = static_cast<double>(n), kd = static_cast<double>(k);
  return 1.0 - penalty * (2.0 / (nd * kd * (2.0 * nd - 3.0 * kd - 1.0)));
}

}  // namespace aw::space
