#include "core/space/pca.hpp"

#include <string>

namespace aw::space {

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
  const Eigen::MatrixXd X = points.cast<double>();
  fit.mean = X.colwise().mean();
  const Eigen::MatrixXd centred = X.rowwise() - fit.mean;
  // Only the lower triangle is computed (a rank update); the solver reads only that triangle.
  Eigen::MatrixXd covariance = Eigen::MatrixXd::Zero(d, d);
  covariance.selfadjointView<Eigen::Lower>().rankUpdate(centred.transpose(), 1.0 / static_cast<double>(n - 1));
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
  fit.projected = (centred * fit.components.transpose()).cast<float>();
  return fit;
}

Eigen::MatrixXf reconstruct(const PcaResult& fit) {
  const Eigen::MatrixXd back = (fit.projected.cast<double>() * fit.components).rowwise() + fit.mean;
  return back.cast<float>();
}

}  // namespace aw::space
