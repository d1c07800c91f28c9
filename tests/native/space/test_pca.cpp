// core/space/pca.hpp against sklearn.decomposition.PCA on 612 GloVe vectors
// (tests/fixtures/sklearn_space.json, scripts/make_space_golden.py).
#include <doctest/doctest.h>

#include "core/space/pca.hpp"
#include "tests/native/space/glove_subset.hpp"

using aw::space::pca;

TEST_CASE("pca: components equal scikit-learn's up to sign variances within 1e-9") {
  const Eigen::MatrixXf X = space_golden::glove_subset();
  const auto& ref = space_golden::fixture()["pca"];
  const aw::space::PcaResult fit = pca(X, 10);
  const aw::MatD components = golden::matrix(ref["components"]);
  const aw::MatD head = golden::matrix(ref["projected_head"]);
  for (int c = 0; c < 10; ++c) {
    const Eigen::RowVectorXd theirs = components.row(c);
    const double sign = fit.components.row(c).dot(theirs) > 0 ? 1.0 : -1.0;
    CHECK((fit.components.row(c) - sign * theirs).cwiseAbs().maxCoeff() < 1e-9);
    CHECK(std::abs(fit.explained_variance(c) - ref["explained_variance"][c].get<double>()) < 1e-9);
    CHECK(std::abs(fit.explained_variance_ratio(c) - ref["explained_variance_ratio"][c].get<double>()) < 1e-9);
    for (int r = 0; r < 20; ++r) CHECK(std::abs(fit.projected(r, c) - sign * head(r, c)) < 1e-5);  // float output
  }
  CHECK((fit.mean - golden::matrix(ref["mean"])).cwiseAbs().maxCoeff() < 1e-12);
}

TEST_CASE("pca: signs are deterministic (largest entry positive) and components orthonormal") {
  const Eigen::MatrixXf X = space_golden::glove_subset();
  const aw::space::PcaResult fit = pca(X, 10);
  for (int c = 0; c < 10; ++c) {
    Eigen::Index largest = 0;
    fit.components.row(c).cwiseAbs().maxCoeff(&largest);
    CHECK(fit.components(c, largest) > 0);
  }
  CHECK((fit.components * fit.components.transpose() - Eigen::MatrixXd::Identity(10, 10)).cwiseAbs().maxCoeff() < 1e-12);
  // the same data flipped in sign gives the same components (the rule, not the solver, decides)
  const aw::space::PcaResult flipped = pca(-X, 10);
  CHECK((flipped.components - fit.components).cwiseAbs().maxCoeff() < 1e-9);
}

TEST_CASE("pca: all d components rebuild the data and ratios add to 1") {
  const Eigen::MatrixXf X = space_golden::glove_subset();
  const aw::space::PcaResult fit = pca(X, static_cast<int>(X.cols()));
  CHECK(fit.explained_variance_ratio.sum() == doctest::Approx(1.0).epsilon(1e-12));
  CHECK((aw::space::reconstruct(fit) - X).cwiseAbs().maxCoeff() < 1e-5);
}

TEST_CASE("pca: bad input is refused with a message") {
  Eigen::MatrixXf one(1, 3);
  one << 1, 2, 3;
  CHECK_THROWS_WITH_AS(pca(one, 1), doctest::Contains("at least 2 points"), aw::InputError);
  Eigen::MatrixXf nan = Eigen::MatrixXf::Ones(4, 3);
  nan(2, 1) = NAN;
  CHECK_THROWS_WITH_AS(pca(nan, 2), doctest::Contains("point 3"), aw::InputError);
  CHECK_THROWS_WITH_AS(pca(Eigen::MatrixXf::Ones(4, 3), 4), doctest::Contains("1 to 3 components"), aw::InputError);
  // constant data: no variance, ratios 0 rather than 0 / 0
  const aw::space::PcaResult flat = pca(Eigen::MatrixXf::Ones(4, 3), 2);
  CHECK(flat.explained_variance_ratio.isZero());
}

TEST_CASE("pca: points near float's largest value are refused where their projection would be inf (fuzz)") {
  // (1, 1) / √2 is the component: 3e38 · √2 = 4.2e38 is past float's 3.4e38, and was handed out as inf
  Eigen::MatrixXf X(3, 2);
  X << 3e38f, 3e38f, -3e38f, -3e38f, 0, 0;
  CHECK_THROWS_WITH_AS(pca(X, 1),
                       "PCA: the points' coordinates on the components pass float's largest value (about 3.4e38); scale the points down",
                       aw::InputError);
  X *= 0.5f;  // 2.1e38 along the component: fits
  const aw::space::PcaResult fit = pca(X, 2);
  CHECK(fit.projected.allFinite());
  CHECK(aw::space::reconstruct(fit).allFinite());
}
