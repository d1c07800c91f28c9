// Principal component analysis of a point cloud (N points, one row each, d coordinates), the
// first method of Class 04's projector. Centred, like sklearn.decomposition.PCA: the mean is
// subtracted, and components are the eigenvectors of the d × d covariance, largest first.
//
// Why the covariance and not an SVD of the data: N is up to 20,000 and d up to a few hundred,
// so the d × d matrix (one pass over the data, N·d²/2 multiply-adds) plus Eigen's
// SelfAdjointEigenSolver on it (d³, microseconds for d = 100) is much cheaper than an SVD of
// the N × d matrix, and gives the same components and variances to double precision for this
// well-conditioned data (checked against scikit-learn in tests/native/space/test_pca.cpp).
#pragma once
#include <Eigen/Dense>

#include "core/math/matrix.hpp"

namespace aw::space {

struct PcaResult {
  Eigen::MatrixXd components;                // k × d, one unit component per row (sklearn's components_)
  Eigen::VectorXd explained_variance;        // k: variance along each component (divided by N − 1)
  Eigen::VectorXd explained_variance_ratio;  // k: its share of the total variance
  double total_variance = 0;                 // the sum over all d directions
  Eigen::RowVectorXd mean;                   // d: the centre that was subtracted
  Eigen::MatrixXf projected;                 // N × k: each point's coordinates on the components
};

// The first `n_components` (1 ≤ k ≤ d) components of `points` (N ≥ 2 rows, finite values).
// Signs are deterministic: each component's entry of largest magnitude is positive (the
// lowest index wins a tie), so the same data always draws the same way round.
// Throws InputError with a message for the learner on bad input, and when a projected coordinate
// would not fit in float (points near float's largest value).
PcaResult pca(const Eigen::Ref<const Eigen::MatrixXf>& points, int n_components);

// Points back from k components into the original d coordinates: mean + projected · components.
// With k = d this is the data itself (to rounding). Throws InputError when a rebuilt value would
// not fit in float.
Eigen::MatrixXf reconstruct(const PcaResult& fit);

// Refuses fewer than `min_points` rows, fewer than `min_dim` columns or any non-finite value,
// naming the first bad row. Shared by the space layer's entry points.
void require_points(const Eigen::Ref<const Eigen::MatrixXf>& points, long min_points, long min_dim, const char* what);

}  // namespace aw::space
