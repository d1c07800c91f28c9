#include "core/space/layout_common.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <numeric>
#include <stdexcept>

#include "core/math/matrix.hpp"
#include "core/math/simd_matmul.hpp"
#include "core/space/parallel.hpp"

namespace aw::space {

void check_layout_input(const Eigen::Ref<const Eigen::MatrixXf>& points, int out_dim, const std::string& method) {
  if (out_dim != 2 && out_dim != 3) {
    throw InputError(method + " draws in 2 or 3 dimensions, not " + std::to_string(out_dim));
  }
  if (points.rows() == 0) throw InputError(method + " needs points: the table is empty");
  if (points.cols() == 0) throw InputError(method + " needs vectors with at least one dimension");
  for (Eigen::Index i = 0; i < points.rows(); ++i) {
    if (!points.row(i).allFinite()) {
      throw InputError(method + " cannot place point " + std::to_string(i + 1) +
                       ": its vector has a NaN or infinite value");
    }
  }
}

std::string number_text(double value) {
  if (std::isnan(value)) return "NaN";
  char text[32];
  std::snprintf(text, sizeof text, "%g", value);
  return text;
}

void require_in_range(double value, OptionRange range, const std::string& option) {
  if (value >= range.min && value <= range.max) return;
  throw InputError(option + " must be from " + number_text(range.min) + " to " + number_text(range.max) + "; it is " +
                   number_text(value));
}

bool drawable(const std::vector<double>& y) {
  constexpr double kFloatMax = std::numeric_limits<float>::max();
  for (double v : y) {
    if (!(std::fabs(v) <= kFloatMax)) return false;
  }
  return true;
}

namespace {

// The k nearest others of each row so far, as a bounded max-heap per row ordered by (squared
// distance, index): the farthest kept is on top, and a candidate that is not closer than it is
// turned away with one comparison (worst_, kept apart so a sweep over rows reads it contiguously).
class NearestSoFar {
 public:
  NearestSoFar(int n, int k)
      : k_(k), d2_(static_cast<std::size_t>(n) * k), index_(d2_.size()), size_(static_cast<std::size_t>(n), 0),
        worst_(static_cast<std::size_t>(n), std::numeric_limits<float>::infinity()) {}

  void offer(int row, float d2, int other) {
    const auto r = static_cast<std::size_t>(row);
    if (size_[r] == k_ && !closer(d2, other, worst_[r], index_[r * k_])) return;
    float* dist = &d2_[r * k_];
    int* idx = &index_[r * k_];
    if (size_[r] < k_) {  // sift the new entry up
      int at = size_[r]++;
      while (at > 0) {
        const int parent = (at - 1) / 2;
        if (!closer(dist[parent], idx[parent], d2, other)) break;
        dist[at] = dist[parent];
        idx[at] = idx[parent];
        at = parent;
      }
      dist[at] = d2;
      idx[at] = other;
    } else {  // replace the top and sift it down
      int at = 0;
      for (;;) {
        const int left = 2 * at + 1, right = left + 1;
        int larger = at;
        float ld = d2;
        int li = other;
        if (left < k_ && closer(ld, li, dist[left], idx[left])) larger = left, ld = dist[left], li = idx[left];
        if (right < k_ && closer(ld, li, dist[right], idx[right])) larger = right;
        if (larger == at) break;
        dist[at] = dist[larger];
        idx[at] = idx[larger];
        at = larger;
      }
      dist[at] = d2;
      idx[at] = other;
    }
    if (size_[r] == k_) worst_[r] = dist[0];
  }

  // Offers row's kept others from `other` (another thread's share of the pairs) to this one. The
  // order of offers never matters: the heap keeps the k smallest by (distance, index), a total order.
  void offer_all_of(int row, const NearestSoFar& other) {
    const auto r = static_cast<std::size_t>(row);
    for (int m = 0; m < other.size_[r]; ++m) offer(row, other.d2_[r * k_ + m], other.index_[r * k_ + m]);
  }

  // Row's kept others, nearest first (ties by index): what a partial sort of all others gives.
  void nearest_first(int row, int* out) const {
    const auto r = static_cast<std::size_t>(row);
    const float* dist = &d2_[r * k_];
    std::vector<int> order(static_cast<std::size_t>(k_));
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](int a, int b) { return closer(dist[a], index_[r * k_ + a], dist[b], index_[r * k_ + b]); });
    for (int m = 0; m < k_; ++m) out[m] = index_[r * k_ + order[static_cast<std::size_t>(m)]];
  }

 private:
  static bool closer(float da, int ia, float db, int ib) { return da < db || (da == db && ia < ib); }
  int k_;
  std::vector<float> d2_;
  std::vector<int> index_, size_;
  std::vector<float> worst_;
};

}  // namespace

KnnGraph exact_knn_euclidean(const Eigen::Ref<const Eigen::MatrixXf>& points, int k) {
  const int n = static_cast<int>(points.rows());
  if (k < 1 || k > n - 1) throw InputError("k nearest neighbours needs 1 <= k <= N - 1");
  const MatF X = points;  // row-major: each point's vector contiguous
  const int d = static_cast<int>(X.cols());
  // Every sum below is an explicit loop in a fixed order (no Eigen reductions, whose order
  // depends on the target's packet size), so native and wasm choose the same neighbours.
  const auto squared_distance = [&](int i, int j) {
    double s = 0;
    for (int c = 0; c < d; ++c) {
      const double diff = static_cast<double>(X(i, c)) - static_cast<double>(X(j, c));
      s += diff * diff;
    }
    return s;
  };
  std::vector<float> norms(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    float s = 0;
    for (int c = 0; c < d; ++c) s += X(i, c) * X(i, c);
    norms[static_cast<std::size_t>(i)] = s;
  }
  // Candidates by ‖x_i‖² + ‖x_j‖² − 2 x_i·x_j in float, each pair once: the distance of i to j is
  // the distance of j to i (the same products and sums in the same order), so a block of rows is
  // multiplied only by the rows from its own first row on, and every pair offered to both ends.
  // Blocks go to the threads (parallel.hpp); a pair's value depends only on its block, never on
  // the thread, and each thread keeps its own nearest-so-far, merged after.
  constexpr int kBlock = 256, kTile = 512;
  const int blocks = (n + kBlock - 1) / kBlock;
  std::vector<NearestSoFar> nearest;
  for (int t = 0; t < thread_count(); ++t) nearest.emplace_back(n, k);
  parallel_for(blocks, 1, [&](int first_block, int end_block, int worker) {
    NearestSoFar& mine = nearest[static_cast<std::size_t>(worker)];
    for (int block = first_block; block < end_block; ++block) {
      const int start = block * kBlock;
      const int rows = std::min(kBlock, n - start);
      const MatF block_rows = X.middleRows(start, rows);
      // the later rows a tile at a time, so the tile and its products stay in the core's cache
      // (a dot product's value depends only on its two rows, never on the tiling)
      for (int tile = start; tile < n; tile += kTile) {
        const int columns = std::min(kTile, n - tile);
        const MatF dots = matmul_abt(block_rows, MatF(X.middleRows(tile, columns)));
        for (int r = 0; r < rows; ++r) {
          const int i = start + r;
          const float norm_i = norms[static_cast<std::size_t>(i)];
          for (int j = std::max(i + 1, tile); j < tile + columns; ++j) {
            const float d2 = norm_i + norms[static_cast<std::size_t>(j)] - 2.0f * dots(r, j - tile);
            mine.offer(i, d2, j);
            mine.offer(j, d2, i);
          }
        }
      }
    }
  });
  if (nearest.size() > 1) {
    parallel_for(n, 512, [&](int begin, int end, int) {
      for (int i = begin; i < end; ++i)
        for (std::size_t t = 1; t < nearest.size(); ++t) nearest[0].offer_all_of(i, nearest[t]);
    });
  }
  KnnGraph g;
  g.n = n;
  g.k = k;
  g.index.resize(static_cast<std::size_t>(n) * k);
  g.distance.resize(g.index.size());
  parallel_for(n, 256, [&](int begin, int end, int) {
    for (int i = begin; i < end; ++i) {
      int* out = &g.index[static_cast<std::size_t>(i) * k];
      nearest[0].nearest_first(i, out);
      for (int m = 0; m < k; ++m) {
        g.distance[static_cast<std::size_t>(i) * k + m] = std::sqrt(squared_distance(i, out[m]));
      }
      // the exact distances may reorder near-ties: keep nearest first, ties by index
      std::vector<int> order(static_cast<std::size_t>(k));
      std::iota(order.begin(), order.end(), 0);
      const double* dist = &g.distance[static_cast<std::size_t>(i) * k];
      std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return dist[a] < dist[b] || (dist[a] == dist[b] && out[a] < out[b]);
      });
      std::vector<int> idx(out, out + k);
      std::vector<double> dd(dist, dist + k);
      for (int m = 0; m < k; ++m) {
        out[m] = idx[static_cast<std::size_t>(order[static_cast<std::size_t>(m)])];
        g.distance[static_cast<std::size_t>(i) * k + m] = dd[static_cast<std::size_t>(order[static_cast<std::size_t>(m)])];
      }
    }
  });
  return g;
}

std::vector<double> pca_scores(const Eigen::Ref<const Eigen::MatrixXf>& points, int out_dim) {
  // Explicit loops and power iteration instead of Eigen's solver: the start must be the same to
  // the last bit on every platform, and a layout only needs the leading directions.
  const int n = static_cast<int>(points.rows()), d = static_cast<int>(points.cols());
  std::vector<double> centred(static_cast<std::size_t>(n) * d), mean(static_cast<std::size_t>(d), 0.0);
  for (int i = 0; i < n; ++i)
    for (int c = 0; c < d; ++c) mean[static_cast<std::size_t>(c)] += points(i, c);
  for (double& m : mean) m /= n;
  for (int i = 0; i < n; ++i)
    for (int c = 0; c < d; ++c) centred[static_cast<std::size_t>(i) * d + c] = points(i, c) - mean[static_cast<std::size_t>(c)];
  std::vector<double> cov(static_cast<std::size_t>(d) * d, 0.0);
  for (int i = 0; i < n; ++i) {
    const double* x = &centred[static_cast<std::size_t>(i) * d];
    for (int a = 0; a < d; ++a)
      for (int b = a; b < d; ++b) cov[static_cast<std::size_t>(a) * d + b] += x[a] * x[b];
  }
  for (int a = 0; a < d; ++a)
    for (int b = 0; b < a; ++b) cov[static_cast<std::size_t>(a) * d + b] = cov[static_cast<std::size_t>(b) * d + a];
  std::vector<std::vector<double>> components;
  std::vector<double> out(static_cast<std::size_t>(n) * out_dim, 0.0);
  for (int c = 0; c < out_dim && c < d; ++c) {
    std::vector<double> v(static_cast<std::size_t>(d), 1.0), w(static_cast<std::size_t>(d));
    v[static_cast<std::size_t>(c)] += 1.0;  // not orthogonal to the earlier ones, whatever they are
    for (int iter = 0; iter < 1000; ++iter) {
      for (const auto& u : components) {  // deflate: stay orthogonal to the components found
        double dot = 0;
        for (int a = 0; a < d; ++a) dot += u[static_cast<std::size_t>(a)] * v[static_cast<std::size_t>(a)];
        for (int a = 0; a < d; ++a) v[static_cast<std::size_t>(a)] -= dot * u[static_cast<std::size_t>(a)];
      }
      double norm = 0;
      for (double x : v) norm += x * x;
      norm = std::sqrt(norm);
      if (!(norm > 0)) break;
      for (double& x : v) x /= norm;
      for (int a = 0; a < d; ++a) {
        double s = 0;
        for (int b = 0; b < d; ++b) s += cov[static_cast<std::size_t>(a) * d + b] * v[static_cast<std::size_t>(b)];
        w[static_cast<std::size_t>(a)] = s;
      }
      double wnorm = 0, change = 0;
      for (double x : w) wnorm += x * x;
      wnorm = std::sqrt(wnorm);
      if (!(wnorm > 0)) break;
      for (int a = 0; a < d; ++a) {
        const double next = w[static_cast<std::size_t>(a)] / wnorm;
        change = std::max(change, std::fabs(next - v[static_cast<std::size_t>(a)]));
        v[static_cast<std::size_t>(a)] = next;
      }
      if (change < 1e-10) break;
    }
    std::size_t big = 0;
    for (std::size_t a = 1; a < v.size(); ++a)
      if (std::fabs(v[a]) > std::fabs(v[big])) big = a;
    if (v[big] < 0)
      for (double& x : v) x = -x;
    for (int i = 0; i < n; ++i) {
      double s = 0;
      for (int a = 0; a < d; ++a) s += centred[static_cast<std::size_t>(i) * d + a] * v[static_cast<std::size_t>(a)];
      out[static_cast<std::size_t>(i) * out_dim + c] = s;
    }
    components.push_back(v);
  }
  return out;
}

}  // namespace aw::space
