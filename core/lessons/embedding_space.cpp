#include "core/lessons/embedding_space.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

#include "core/rng/numpy_generator.hpp"
#include "core/space/neighbours.hpp"
#include "core/space/pca.hpp"

namespace aw {

namespace {

void require_row(long n, long row) {
  if (row < 0 || row >= n) throw InputError("row " + std::to_string(row + 1) + " does not exist");
}

std::vector<double> effects_of(const Eigen::MatrixXd& X, const std::vector<char>& in) {
  const long n = X.rows();
  const long n_in = std::count(in.begin(), in.end(), 1), n_out = n - n_in;
  std::vector<double> out;
  for (long c = 0; c < X.cols(); ++c) {
    double s_in = 0, s_out = 0, q_in = 0, q_out = 0;
    for (long i = 0; i < n; ++i) (in[static_cast<std::size_t>(i)] ? s_in : s_out) += X(i, c);
    const double m_in = s_in / static_cast<double>(n_in), m_out = s_out / static_cast<double>(n_out);
    for (long i = 0; i < n; ++i) {
      const double v = X(i, c);
      if (in[static_cast<std::size_t>(i)]) q_in += (v - m_in) * (v - m_in);
      else q_out += (v - m_out) * (v - m_out);
    }
    const double pooled = std::sqrt((q_in + q_out) / static_cast<double>(std::max<long>(n - 2, 1)));
    out.push_back(pooled > 0 ? (m_in - m_out) / pooled : 0.0);
  }
  return out;
}

double auc_of(const Eigen::VectorXd& column, const std::vector<char>& in) {
  double wins = 0, pairs = 0;
  for (long i = 0; i < column.size(); ++i) {
    if (!in[static_cast<std::size_t>(i)]) continue;
    for (long j = 0; j < column.size(); ++j) {
      if (in[static_cast<std::size_t>(j)]) continue;
      wins += column(i) > column(j) ? 1.0 : column(i) == column(j) ? 0.5 : 0.0;
      pairs += 1;
    }
  }
  return wins / pairs;
}

}  // namespace

std::vector<DimensionSurvival> dimension_survival(const Eigen::Ref<const Eigen::MatrixXf>& points,
                                                  const std::vector<int>& dimensions, int k,
                                                  const std::vector<long>& queries) {
  const std::vector<std::vector<long>> before = space::cosine_neighbour_lists(points, k, queries);
  const int largest = *std::max_element(dimensions.begin(), dimensions.end());
  const space::PcaResult full = space::pca(points, largest);  // one fit; smaller m are its first rows
  std::vector<DimensionSurvival> out;
  for (int m : dimensions) {
    if (m < 1) throw InputError("a reduction keeps at least 1 dimension");
    space::PcaResult fit = full;
    fit.components = full.components.topRows(m);
    fit.projected = full.projected.leftCols(m);
    const Eigen::MatrixXf back = space::reconstruct(fit);
    DimensionSurvival s;
    s.dimensions = m;
    s.variance_kept = full.explained_variance_ratio.head(m).sum();
    s.neighbours_kept = space::list_overlap(before, space::cosine_neighbour_lists(back, k, queries));
    out.push_back(s);
  }
  return out;
}

double difference_cosine(const Eigen::Ref<const Eigen::MatrixXf>& points, long a, long b, long c, long d) {
  for (long row : {a, b, c, d}) require_row(points.rows(), row);
  const Eigen::RowVectorXd first = points.row(a).cast<double>() - points.row(b).cast<double>();
  const Eigen::RowVectorXd second = points.row(c).cast<double>() - points.row(d).cast<double>();
  if (first.norm() == 0 || second.norm() == 0) {
    throw InputError("a difference of two identical vectors has no direction, so its cosine is undefined");
  }
  return first.dot(second) / (first.norm() * second.norm());
}

std::vector<space::Neighbour> analogy_nearest(const Eigen::Ref<const Eigen::MatrixXf>& points, long a, long b, long c, int k) {
  const long n = points.rows();
  for (long row : {a, b, c}) require_row(n, row);
  const long others = n - static_cast<long>((a != b) + (a != c && b != c) + 1);  // rows left after the inputs
  if (k < 1 || k > others) {
    throw InputError("the analogy asks for 1 to " + std::to_string(std::max<long>(others, 0)) + " nearest rows; k = " + std::to_string(k));
  }
  Eigen::VectorXd target(points.cols());
  for (long j = 0; j < points.cols(); ++j) {
    target(j) = static_cast<double>(points(a, j)) - static_cast<double>(points(b, j)) + static_cast<double>(points(c, j));
  }
  const double target_norm = target.norm();
  if (!(target_norm > 0)) throw InputError("the sum a − b + c is the zero vector: it has no direction, so no cosine");
  std::vector<space::Neighbour> all;
  all.reserve(static_cast<std::size_t>(n));
  for (long i = 0; i < n; ++i) {
    if (i == a || i == b || i == c) continue;
    double dot = 0, norm2 = 0;
    for (long j = 0; j < points.cols(); ++j) {
      const double v = points(i, j);
      dot += v * target(j);
      norm2 += v * v;
    }
    if (!(norm2 > 0)) throw InputError("row " + std::to_string(i + 1) + " is a zero vector: its cosine is undefined");
    all.push_back({i, dot / (std::sqrt(norm2) * target_norm)});
  }
  std::partial_sort(all.begin(), all.begin() + k, all.end(), [](const space::Neighbour& x, const space::Neighbour& y) {
    return x.value > y.value || (x.value == y.value && x.index < y.index);
  });
  all.resize(static_cast<std::size_t>(k));
  return all;
}

CoordinateSearch coordinate_separation(const Eigen::Ref<const Eigen::MatrixXf>& points, const std::vector<long>& members,
                                       int trials, std::uint64_t seed) {
  space::require_points(points, 3, 1, "The coordinate search");
  const long n = points.rows();
  std::vector<char> in(static_cast<std::size_t>(n), 0);
  for (long m : members) {
    require_row(n, m);
    in[static_cast<std::size_t>(m)] = 1;
  }
  const long n_in = std::count(in.begin(), in.end(), 1);
  if (n_in < 2 || n_in > n - 2) throw InputError("the word list needs at least 2 words found here, and 2 words left outside it");
  const Eigen::MatrixXd X = points.cast<double>();
  CoordinateSearch search;
  const std::vector<double> effects = effects_of(X, in);
  for (long c = 0; c < X.cols(); ++c) {
    CoordinateSeparation s;
    s.coordinate = static_cast<int>(c);
    s.effect = effects[static_cast<std::size_t>(c)];
    double s_in = 0, s_out = 0;
    for (long i = 0; i < n; ++i) (in[static_cast<std::size_t>(i)] ? s_in : s_out) += X(i, c);
    s.mean_in = s_in / static_cast<double>(n_in);
    s.mean_out = s_out / static_cast<double>(n - n_in);
    s.auc = auc_of(X.col(c), in);
    search.coordinates.push_back(s);
  }
  std::stable_sort(search.coordinates.begin(), search.coordinates.end(),
                   [](const CoordinateSeparation& a, const CoordinateSeparation& b) { return std::abs(a.effect) > std::abs(b.effect); });
  rng::NumpyGenerator rng(seed);
  for (int t = 0; t < trials; ++t) {
    // a partial Fisher–Yates shuffle: the first n_in of a random permutation
    std::vector<long> order(static_cast<std::size_t>(n));
    std::iota(order.begin(), order.end(), 0L);
    std::vector<char> random_in(static_cast<std::size_t>(n), 0);
    for (long i = 0; i < n_in; ++i) {
      const long j = i + static_cast<long>(rng.random() * static_cast<double>(n - i));
      std::swap(order[static_cast<std::size_t>(i)], order[static_cast<std::size_t>(j)]);
      random_in[static_cast<std::size_t>(order[static_cast<std::size_t>(i)])] = 1;
    }
    double best = 0;
    for (double e : effects_of(X, random_in)) best = std::max(best, std::abs(e));
    search.chance_best.push_back(best);
  }
  return search;
}

}  // namespace aw
