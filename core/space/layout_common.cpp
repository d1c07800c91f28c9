#include "core/space/layout_common.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

#include "core/math/matrix.hpp"
#include "core/math/simd_matmul.hpp"

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

namespace {

// One row's k nearest from its squared distances to all rows (self excluded), ties by index.
void select_nearest(const float* d2, int n, int self, int k, std::vector<int>& candidates, int* out) {
  candidates.resize(static_cast<std::size_t>(n - 1));
  int c = 0;
  for (int j = 0; j < n; ++j) {
    if (j != self) candidates[static_cast<std::size_t>(c++)] = j;
  }
  const auto closer = [d2](int a, int b) { return d2[a] < d2[b] || (d2[a] == d2[b] && a < b); };
  std::partial_sort(candidates.begin(), candidates.begin() + k, candidates.end(), closer);
  std::copy(candidates.begin(), candidates.begin() + k, out);
}

}  // namespace

KnnGraph exact_knn_euclidean(const Eigen::Ref<const Eigen::MatrixXf>& points, int k) {
  const int n = static_cast<int>(points.rows());
  if (k < 1 || k > n - 1) throw InputError("k nearest neighbours needs 1 <= k <= N - 1");
  const MatF X = points;  // row-major: each point's vector contiguous
  Eigen::VectorXf norms = X.rowwise().squaredNorm();
  KnnGraph g;
  g.n = n;
  g.k = k;
  g.index.resize(static_cast<std::size_t>(n) * k);
  g.distance.resize(g.index.size());
  constexpr int kBlock = 256;
  std::vector<int> candidates;
  for (int start = 0; start < n; start += kBlock) {
    const int rows = std::min(kBlock, n - start);
    const MatF dots = matmul_abt(MatF(X.middleRows(start, rows)), X);
    for (int r = 0; r < rows; ++r) {
      const int i = start + r;
      std::vector<float> d2(static_cast<std::size_t>(n));
      for (int j = 0; j < n; ++j) d2[static_cast<std::size_t>(j)] = norms[i] + norms[j] - 2.0f * dots(r, j);
      int* out = &g.index[static_cast<std::size_t>(i) * k];
      select_nearest(d2.data(), n, i, k, candidates, out);
      for (int m = 0; m < k; ++m) {
        const Eigen::VectorXd diff = (X.row(i) - X.row(out[m])).cast<double>();
        g.distance[static_cast<std::size_t>(i) * k + m] = diff.norm();
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
  }
  return g;
}

std::vector<double> pca_scores(const Eigen::Ref<const Eigen::MatrixXf>& points, int out_dim) {
  const Eigen::MatrixXd X = points.cast<double>();
  const Eigen::MatrixXd centred = X.rowwise() - X.colwise().mean();
  const Eigen::MatrixXd cov = centred.transpose() * centred;
  Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(cov);
  const int d = static_cast<int>(X.cols());
  const int n = static_cast<int>(X.rows());
  std::vector<double> out(static_cast<std::size_t>(n) * out_dim, 0.0);
  for (int c = 0; c < out_dim && c < d; ++c) {
    Eigen::VectorXd v = eig.eigenvectors().col(d - 1 - c);  // eigenvalues ascend
    Eigen::Index big = 0;
    v.cwiseAbs().maxCoeff(&big);
    if (v[big] < 0) v = -v;
    const Eigen::VectorXd scores = centred * v;
    for (int i = 0; i < n; ++i) out[static_cast<std::size_t>(i) * out_dim + c] = scores[i];
  }
  return out;
}

}  // namespace aw::space
