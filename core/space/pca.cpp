#include "core/space/pca.hpp"

#include <string>
#include <vector>

namespace aw::space {

namespace {

// The points minus their mean, row-major in double: each point's d numbers contiguous, so the
// loops below run along a row (Eigen 3.4 has no wasm SIMD path; these plain loops are
// auto-vectorised into f64x2 operations there, and by SSE2 natively).
std::vector<double> centred_rows(const Eigen::Ref<const Eigen::MatrixXf>& points, const Eigen::RowVectorXd& mean) {
  const long n = points.rows(), d = points.cols();
  std::vector<double> out(static_cast<std::size_t>(n * d));
  for (long c = 0; c < d; ++c) {
    for (long i = 0; i < n; ++i) out[static_cast<std::size_t>(i * d + c)] = static_cast<double>(points(i, c)) - mean(c);
  }
  return out;
}

// The lower triangle of Xᵀ X / (n − 1), four rows of X at a time (a quarter of the passes over
// the d × d accumulator). N·d²/2 multiply-adds: 10⁸ for 20,000 × 100.
Eigen::MatrixXd lower_covariance(const std::vector<double>& x, long n, long d) {
  std::vector<double> acc(static_cast<std::size_t>(d * d), 0.0);
  long i = 0;
  for (; i + 4 <= n; i += 4) {
    const double* r0 = &x[static_cast<std::size_t>(i * d)];
    const double *r1 = r0 + d, *r2 = r1 + d, *r3 = r2 + d;
    for (long a = 0; a < d; ++a) {
      const double a0 = r0[a], a1 = r1[a], a2 = r2[a], a3 = r3[a];
      double* row = &acc[static_cast<std::size_t>(a * d)];
      for (long b = 0; b <= a; ++b) row[b] += a0 * r0[b] + a1 * r1[b] + a2 * r2[b] + a3 * r3[b];
    }
  }
  for (; i < n; ++i) {
    const double* r = &x[static_cast<std::size_t>(i * d)];
    for (long a = 0; a < d; ++a) {
      double* row = &acc[static_cast<std::size_t>(a * d)];
      for (long b = 0; b <= a; ++b) row[b] += r[a] * r[b];
    }
  }
  Eigen::MatrixXd cov(d, d);
  for (long a = 0; a < d; ++a) {
    for (long b = 0; b <= a; ++b) cov(a, b) = cov(b, a) = acc[static_cast<std::size_t>(a * d + b)] / static_cast<double>(n - 1);
  }
  return cov;
}

// Each centred point's coordinates on the k components: a row of x times the d × k matrix Wᵀ,
// accumulated along the k outputs (contiguous), one feature at a time.
Eigen::MatrixXf project(const std::vector<double>& x, long n, long d, const Eigen::MatrixXd& components) {
  const long k = components.rows();
  std::vector<double> w(static_cast<std::size_t>(d * k));  // Wᵀ, row-major
  for (long f = 0; f < d; ++f) for (long c = 0; c < k; ++c) w[static_cast<std::size_t>(f * k + c)] = components(c, f);
  Eigen::MatrixXf out(n, k);
  std::vector<double> sum(static_cast<std::size_t>(k));
  for (long i = 0; i < n; ++i) {
    std::fill(sum.begin(), sum.end(), 0.0);
    const double* r = &x[static_cast<std::size_t>(i * d)];
    for (long f = 0; f < d; ++f) {
      const double* wf = &w[static_cast<std::size_t>(f * k)];
      for (long c = 0; c < k; ++c) sum[static_cast<std::size_t>(c)] += r[f] * wf[c];
    }
    for (long c = 0; c < k; ++c) out(i, c) = static_cast<float>(sum[static_cast<std::size_t>(c)]);
  }
  return out;
}

std::string beyond_float(const std::string& what) {
  return "PCA: " + what + " pass float's largest value (about 3.4e38); scale the points down";
}

}  // namespace

void require_points(const Eigen::Ref<const Eigen::MatrixXf>& points, long min_points, long min_dim, const char* what) {
  if (points.rows() < min_points) {
    throw InputError(std::string(what) + " needs at least " + std::to_string(min_points) + " points; there are " +
                     std::to_string(points.rows()));
  }
  if (points.cols() < min_dim) {
    throw InputError(std::string(what) + " needs vectors of at least " + std::to_string(min_dim) +
                     " dimensions; these have " + std::to_string(points.cols()));
  }
  for (long i = 0; i < points.rows(); ++i) {
    if (!points.row(i).allFinite()) {
      throw InputError("point " + std::to_string(i + 1) + " has a value that is not a finite number (NaN or infinity)");
    }
  }
}

PcaResult pca(const Eigen::Ref<const Eigen::MatrixXf>& points, int n_components) {
  require_points(points, 2, 1, "PCA");
  const long n = points.rows(), d = points.cols();
  if (n_components < 1 || n_components > d) {
    throw InputError("PCA can keep 1 to " + std::to_string(d) + " components; " + std::to_string(n_components) +
                     " were asked for");
  }
  PcaResult fit;
  fit.mean = points.cast<double>().colwise().mean();
  const std::vector<double> centred = centred_rows(points, fit.mean);
  Eigen::MatrixXd covariance = lower_covariance(centred, n, d);
  const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> solver(covariance);
  if (solver.info() != Eigen::Success) throw InputError("PCA: the eigenvalue solver did not converge");

  const Eigen::VectorXd& values = solver.eigenvalues();  // ascending
  fit.total_variance = values.cwiseMax(0.0).sum();
  fit.components.resize(n_components, d);
  fit.explained_variance.resize(n_components);
  for (int c = 0; c < n_components; ++c) {
    const long source = d - 1 - c;
    Eigen::RowVectorXd component = solver.eigenvectors().col(source).transpose();
    Eigen::Index largest = 0;
    component.cwiseAbs().maxCoeff(&largest);  // the first of equal maxima
    if (component(largest) < 0) component = -component;
    fit.components.row(c) = component;
    fit.explained_variance(c) = std::max(values(source), 0.0);  // rounding can leave -1e-17
  }
  fit.explained_variance_ratio =
      fit.total_variance > 0 ? Eigen::VectorXd(fit.explained_variance / fit.total_variance)
                             : Eigen::VectorXd::Zero(n_components);
  fit.projected = project(centred, n, d, fit.components);
  // Float out: points near ±3.4e38 can lie further out along a component than in any coordinate.
  if (!fit.projected.allFinite()) throw InputError(beyond_float("the points' coordinates on the components"));
  return fit;
}

Eigen::MatrixXf reconstruct(const PcaResult& fit) {
  const Eigen::MatrixXd back = (fit.projected.cast<double>() * fit.components).rowwise() + fit.mean;
  const Eigen::MatrixXf points = back.cast<float>();
  // rounding can carry a value at float's largest just past it
  if (!points.allFinite()) throw InputError(beyond_float("the rebuilt points"));
  return points;
}

}  // namespace aw::space
